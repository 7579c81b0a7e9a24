import type { INode } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

/**
 * The service's rule for addresses it calls or sends people to (webhook URLs, embed URLs, redirect
 * URLs): https, or plain http only toward this machine (loopback), which is what local tests need.
 *
 * Loopback means 127.0.0.0/8, localhost and ::1. Hosts are compared as WHATWG URL gives them:
 * lower-cased, IPv4 written out in dotted decimal (127.1 → 127.0.0.1), IPv6 in brackets and
 * compressed ([0:0:0:0:0:0:0:1] → [::1]).
 */

/** Whether a URL's host (`URL.hostname`) is a loopback address: 127.0.0.0/8, localhost or ::1. */
export function isLoopbackHost(hostname: string): boolean {
	const host = hostname.toLowerCase().replace(/^\[|\]$/g, '');
	if (host === 'localhost' || host === '::1') return true;
	const parts = host.split('.');
	return (
		parts.length === 4 &&
		parts[0] === '127' &&
		parts.every((part) => /^\d{1,3}$/.test(part) && Number(part) <= 255)
	);
}

/** Plain http toward a loopback address. */
export function isHttpLoopback(url: URL): boolean {
	return url.protocol === 'http:' && isLoopbackHost(url.hostname);
}

/** https, or plain http toward a loopback address: the addresses the service accepts. */
export function isHttpsOrLoopback(url: URL): boolean {
	return url.protocol === 'https:' || isHttpLoopback(url);
}

/** The URL, or undefined when the text is not an absolute URL. */
export function parseUrl(text: string | undefined): URL | undefined {
	if (!text) return undefined;
	try {
		return new URL(text);
	} catch {
		return undefined;
	}
}

/**
 * The address n8n hands the service for deliveries (a trigger's webhook URL, Send and Wait's
 * resume URL). The service delivers only to HTTPS; plain http is accepted only toward loopback
 * addresses, which is what a local sandbox needs.
 */
export function checkDeliveryUrl(node: INode, url: string | undefined): string {
	const parsed = parseUrl(url);
	if (!url || !parsed) {
		throw new NodeOperationError(node, 'n8n could not work out the webhook URL of this node', {
			description:
				"Set n8n's WEBHOOK_URL environment variable to the public https address of this n8n.",
		});
	}
	if (isHttpsOrLoopback(parsed)) return url;
	throw new NodeOperationError(
		node,
		`The document-signing service only delivers webhooks to HTTPS addresses, but this workflow's webhook URL is ${url}`,
		{
			description:
				"Set n8n's WEBHOOK_URL environment variable to the public https:// address of this n8n (for example WEBHOOK_URL=https://n8n.example.com/), restart n8n and activate the workflow again. Plain http is only accepted for loopback addresses (localhost, 127.0.0.1, ::1), for local testing.",
		},
	);
}
