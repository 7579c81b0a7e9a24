/**
 * The one "https, or http to loopback" rule (nodes/shared/url.ts) and every place that applies it:
 * the triggers' and Send and Wait's delivery URL, the webhook operations' URL, the JWT operations'
 * Embed URL and the signing requests' Completion Redirect URL. Each keeps its own wording.
 */
import type { IExecuteFunctions, INode } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { checkEmbedUrl } from '../../../nodes/DocumentSigning/actions/jwt/jwt.common';
import { checkWebhookUrl } from '../../../nodes/DocumentSigning/actions/webhook/webhook.inputs';
import { checkSigningRequestProperties } from '../../../nodes/DocumentSigning/domain/completion';
import {
	checkDeliveryUrl,
	isHttpLoopback,
	isHttpsOrLoopback,
	isLoopbackHost,
	parseUrl,
} from '../../../nodes/shared/url';

const node: INode = {
	id: 'node-1',
	name: 'Document Signing',
	type: 'n8n-nodes-document-signing.documentSigning',
	typeVersion: 1,
	position: [0, 0],
	parameters: {},
};
const context = { getNode: () => node } as unknown as IExecuteFunctions;

/** The error a check throws, or undefined when it accepts the URL. */
function errorOf(check: () => unknown): NodeOperationError | undefined {
	try {
		check();
		return undefined;
	} catch (error) {
		expect(error).toBeInstanceOf(NodeOperationError);
		return error as NodeOperationError;
	}
}

const ACCEPTED = [
	'https://example.com/hooks',
	'https://127.0.0.1/hooks',
	'http://127.0.0.1:5678/hooks',
	'http://127.8.9.10/hooks',
	'http://127.255.255.255/hooks',
	'http://127.1/hooks', // WHATWG URL writes it out as 127.0.0.1
	'http://localhost:3000/hooks',
	'http://LOCALHOST/hooks',
	'http://[::1]:5678/hooks',
	'http://[0:0:0:0:0:0:0:1]/hooks',
];

const REFUSED = [
	'http://example.com/hooks',
	'http://10.0.0.5:5678/hooks',
	'http://128.0.0.1/hooks',
	'http://127.0.0.1.example.com/hooks',
	'http://localhost.example.com/hooks',
	'http://[::2]/hooks',
	'http://[::ffff:7f00:1]/hooks',
	'ftp://example.com/hooks',
	'ws://localhost/hooks',
];

describe('the rule', () => {
	it.each(['localhost', '127.0.0.1', '127.0.0.2', '127.200.1.9', '[::1]', '::1', 'LocalHost'])(
		'%s is loopback',
		(host) => expect(isLoopbackHost(host)).toBe(true),
	);

	it.each([
		'example.com',
		'10.0.0.1',
		'126.255.255.255',
		'128.0.0.1',
		'127.0.0',
		'127.0.0.1.5',
		'127.0.0.256',
		'127.a.0.1',
		'[::2]',
		'localhost.example.com',
		'',
	])('%s is not loopback', (host) => expect(isLoopbackHost(host)).toBe(false));

	it.each(ACCEPTED)('accepts %s', (url) => {
		expect(isHttpsOrLoopback(new URL(url))).toBe(true);
		expect(isHttpLoopback(new URL(url))).toBe(url.startsWith('http:'));
	});

	it.each(REFUSED)('refuses %s', (url) => {
		expect(isHttpsOrLoopback(new URL(url))).toBe(false);
		expect(isHttpLoopback(new URL(url))).toBe(false);
	});

	it('parseUrl: a URL, or undefined for empty and relative text', () => {
		expect(parseUrl('https://example.com/x')?.href).toBe('https://example.com/x');
		expect(parseUrl('')).toBeUndefined();
		expect(parseUrl(undefined)).toBeUndefined();
		expect(parseUrl('/webhook/abc')).toBeUndefined();
		expect(parseUrl('not a url')).toBeUndefined();
	});
});

/** Every caller with its own wording for a refused address. */
const CALLERS: Array<[string, (url: string) => unknown, RegExp]> = [
	[
		'delivery URL (triggers, Send and Wait)',
		(url) => checkDeliveryUrl(node, url),
		/^The document-signing service only delivers webhooks to HTTPS addresses, but this workflow's webhook URL is /,
	],
	['webhook operations', (url) => checkWebhookUrl(context, url), /^"URL" must use HTTPS: /],
	['Embed URL', (url) => checkEmbedUrl(context, url), /^"Embed URL" must use HTTPS: /],
	[
		'Completion Redirect URL (test key)',
		(url) =>
			checkSigningRequestProperties(
				context,
				{ completion_redirect_url: url },
				{ keyMode: 'test', label: 'Options' },
			),
		/^Options: "Completion Redirect URL" must be an https:\/\/ address \(got "/,
	],
];

describe.each(CALLERS)('%s applies the rule', (_name, check, refusal) => {
	it.each(ACCEPTED)('accepts %s', (url) => {
		expect(errorOf(() => check(url))).toBeUndefined();
	});

	it.each(REFUSED)('refuses %s with its own wording', (url) => {
		expect(errorOf(() => check(url))?.message).toMatch(refusal);
	});
});

describe('callers keep their own details', () => {
	it('delivery URL: says how to set WEBHOOK_URL, also when n8n has no URL', () => {
		const refused = errorOf(() => checkDeliveryUrl(node, 'http://n8n.example.com/webhook/x'));
		expect(refused?.description).toMatch(/WEBHOOK_URL=https:\/\/n8n\.example\.com\//);
		expect(checkDeliveryUrl(node, 'http://[::1]:5678/webhook/x')).toBe(
			'http://[::1]:5678/webhook/x',
		);
		expect(errorOf(() => checkDeliveryUrl(node, undefined))?.message).toBe(
			'n8n could not work out the webhook URL of this node',
		);
		expect(errorOf(() => checkDeliveryUrl(node, '/webhook/x'))?.message).toBe(
			'n8n could not work out the webhook URL of this node',
		);
	});

	it('webhook operations: the https hint (the router adds the item index)', () => {
		const refused = errorOf(() => checkWebhookUrl(context, 'http://example.com/x'));
		expect(refused?.description).toBe(
			'The service only delivers webhooks to https:// addresses (plain http only to localhost / 127.0.0.1 / ::1).',
		);
	});

	it('Embed URL: the browser hint; the trailing slash goes', () => {
		const refused = errorOf(() => checkEmbedUrl(context, 'http://embed.example.com'));
		expect(refused?.description).toMatch(/^Browsers block editor scripts from plain http/);
		expect(checkEmbedUrl(context, 'http://127.0.0.1:8080/')).toBe('http://127.0.0.1:8080');
	});

	it('Completion Redirect URL: loopback only with the Test API Key', () => {
		const live = (url: string) =>
			checkSigningRequestProperties(
				context,
				{ completion_redirect_url: url },
				{ keyMode: 'live', label: 'Options' },
			);
		expect(live('https://example.com/done')).toEqual({
			completion_redirect_url: 'https://example.com/done',
		});
		for (const url of ['http://localhost/done', 'http://127.0.0.5/done', 'http://[::1]/done']) {
			expect(errorOf(() => live(url))?.message).toBe(
				`Options: "Completion Redirect URL" may point at ${new URL(url).hostname} only with the Test API Key`,
			);
		}
		// https toward loopback is https: no key restriction
		expect(live('https://localhost/done')).toEqual({
			completion_redirect_url: 'https://localhost/done',
		});
	});
});
