import type { INode, JsonObject } from 'n8n-workflow';
import { NodeApiError } from 'n8n-workflow';

import type { RateClass } from './rateLimit';
import { RATE_CLASS_LABELS } from './rateLimit';

export type KeyMode = 'live' | 'test';

/** What the transport knows about a failed call, for building a readable error. */
export interface FailedCall {
	method: string;
	path: string;
	statusCode: number;
	body: unknown;
	apiVersion: number;
	keyMode: KeyMode;
	itemIndex?: number;
}

const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

export function isWrite(method: string): boolean {
	return WRITE_METHODS.has(method.toUpperCase());
}

function asObject(value: unknown): Record<string, unknown> {
	return value && typeof value === 'object' && !Array.isArray(value)
		? (value as Record<string, unknown>)
		: {};
}

function text(value: unknown): string | undefined {
	if (typeof value === 'string' && value.trim() !== '') return value.trim();
	return undefined;
}

/**
 * The API's per-field problems as "field: message" lines. `details` comes as an object
 * (`{field: message}`), as a Zod-style array (`[{path: [...], message}]`), or as `errors[]`.
 */
export function describeDetails(body: unknown): string[] {
	const object = asObject(body);
	const lines: string[] = [];
	const details = object.details;
	if (Array.isArray(details)) {
		for (const entry of details) {
			const item = asObject(entry);
			const path = Array.isArray(item.path)
				? item.path.join('.')
				: (text(item.path) ?? text(item.field));
			const message = text(item.message) ?? JSON.stringify(entry);
			lines.push(path ? `${path}: ${message}` : message);
		}
	} else if (details && typeof details === 'object') {
		for (const [field, message] of Object.entries(details as Record<string, unknown>)) {
			if (field === 'retry_after') continue;
			const rendered = Array.isArray(message)
				? message.map((m) => (typeof m === 'string' ? m : JSON.stringify(m))).join('; ')
				: typeof message === 'string'
					? message
					: JSON.stringify(message);
			if (rendered === undefined || rendered === '[]' || rendered === '') continue;
			lines.push(`${field}: ${rendered}`);
		}
	}
	if (lines.length === 0 && Array.isArray(object.errors)) {
		for (const entry of object.errors) {
			const message = text(asObject(entry).message) ?? text(entry);
			if (message) lines.push(message);
		}
	}
	return lines;
}

function apiText(body: unknown): string | undefined {
	const object = asObject(body);
	const error = text(object.error);
	const message = text(object.message);
	if (error && message && error !== message) {
		// "Not Found" + "Workspace not found": the specific one is the message.
		return /^(validation error|not found|forbidden|unauthorized|bad request|conflict)$/i.test(error)
			? message
			: `${error} (${message})`;
	}
	return message ?? error ?? (typeof body === 'string' ? text(body) : undefined);
}

const NOT_RETRIED_WRITE =
	'This write was not retried automatically, so a document is never sent twice. The service may or may not have carried it out: check (for example by listing or getting the item) before you run it again.';

/** Turn an HTTP error answer of the service into a NodeApiError a no-code user can act on. */
export function apiError(node: INode, call: FailedCall): NodeApiError {
	const body = asObject(call.body);
	const code = text(body.code);
	const said = apiText(call.body);
	const details = describeDetails(call.body);
	const keyLabel = call.keyMode === 'test' ? 'Test API Key' : 'Live API Key';
	let message: string;
	let description: string;

	switch (call.statusCode) {
		case 400:
			if (code === 'INVALID_VERSION') {
				message = `API Version ${call.apiVersion} in the credential is not valid`;
				description =
					'The service expects X-API-Version to be a positive whole number. Set "API Version" in the Document Signing API credential (1 is the current stable version).';
			} else if (code === 'UNSUPPORTED_VERSION') {
				message = `The service does not support API version ${call.apiVersion}`;
				description =
					'Set "API Version" in the Document Signing API credential to a version the service supports (1 is the current stable version).';
			} else {
				message = `The service rejected the request: ${said ?? 'validation failed'}`;
				description = details.length
					? `Problems by field:\n${details.map((line) => `- ${line}`).join('\n')}`
					: 'Check the values of the node parameters.';
			}
			break;
		case 401:
			message = 'The API key was refused (UNAUTHORIZED)';
			description = `The service did not accept the ${call.keyMode} key. Check the ${keyLabel} and "Key to Use" in the Document Signing API credential. A regenerated key replaces the old one, which stops working 24 hours later or when it is expired.`;
			break;
		case 402:
			message = `Not enough credits${said ? `: ${said}` : ''}`;
			description =
				'The company has run out of credits for live documents. Add credits, or use the Test API Key (free, watermarked) to try things out.';
			break;
		case 403:
			message = `Permission denied${said ? `: ${said}` : ''}`;
			description =
				"This key's workspace may not do this. Company-wide operations (company data, other workspaces, company webhooks and seals, copying templates between workspaces) need the key of the company's protected workspace.";
			break;
		case 404:
			message = `Not found${said ? `: ${said}` : ''}`;
			description = `Nothing exists at ${call.method} ${call.path} for this key. Check the ID: it may be wrong, deleted, or belong to a workspace this key cannot reach.`;
			break;
		case 409:
			message = `Not possible in the current state${said ? `: ${said}` : ''}`;
			description =
				'The item is in a state that does not allow this (for example a signing request that was already sent, or a seal that was already revoked).';
			break;
		case 410:
			message = `API version ${call.apiVersion} has been retired by the service (VERSION_SUNSET)`;
			description =
				'Set a newer "API Version" in the Document Signing API credential. Deprecated versions are announced in responses months before they are retired.';
			break;
		case 422:
			message = `The service could not process this${said ? `: ${said}` : ''}`;
			description =
				'Check the values sent (for example a recipient email address that bounced before).';
			break;
		case 429:
			message = 'The service kept answering "too many requests" (429)';
			description =
				'The node waited and retried, but the rate limit was still exceeded. Run fewer items at once, or spread the runs out.';
			break;
		default:
			if (call.statusCode >= 500) {
				message = `The service failed with an internal error (${call.statusCode})${said ? `: ${said}` : ''}`;
				description = isWrite(call.method)
					? NOT_RETRIED_WRITE
					: 'Try again in a moment. If it keeps failing, the service may be having problems.';
			} else {
				message = `The service answered ${call.statusCode}${said ? `: ${said}` : ''}`;
				description = details.join('\n') || 'Unexpected answer from the service.';
			}
	}

	if (code && !message.includes(code)) message = `${message} [${code}]`;

	return new NodeApiError(node, { ...body, httpCode: String(call.statusCode) } as JsonObject, {
		message,
		description,
		httpCode: String(call.statusCode),
		itemIndex: call.itemIndex,
	});
}

/** The service asked us to wait longer than this node is willing to. */
export function rateLimitWaitError(
	node: INode,
	rateClass: RateClass,
	waitMs: number,
	maxWaitMs: number,
	itemIndex?: number,
): NodeApiError {
	const seconds = Math.ceil(waitMs / 1000);
	return new NodeApiError(
		node,
		{ error: 'Rate limit', rate_class: rateClass, wait_seconds: seconds } as JsonObject,
		{
			message: `Rate limit reached for ${RATE_CLASS_LABELS[rateClass]}: the service asks to wait ${seconds} s`,
			description: `That is longer than this node waits (${Math.round(maxWaitMs / 1000)} s). Nothing was sent. Try again later, or run fewer items at once.`,
			httpCode: '429',
			itemIndex,
		},
	);
}

const NETWORK_WORDS: Record<string, string> = {
	ECONNRESET: 'the connection was reset',
	ECONNREFUSED: 'the connection was refused',
	ENOTFOUND: 'the host name could not be found',
	EAI_AGAIN: 'the host name could not be resolved',
	ETIMEDOUT: 'the request timed out',
	ECONNABORTED: 'the request timed out',
	EPIPE: 'the connection was closed',
	ERR_SOCKET_CONNECTION_TIMEOUT: 'the connection timed out',
};

/** Codes after which the request certainly never reached the service. */
const NEVER_SENT = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN']);

/** Finds the low-level error code (ECONNRESET …) in an error n8n may have wrapped. */
export function networkCode(error: unknown): string | undefined {
	let current: unknown = error;
	for (let depth = 0; depth < 5 && current && typeof current === 'object'; depth++) {
		const candidate = (current as { code?: unknown }).code;
		if (
			typeof candidate === 'string' &&
			/^[A-Z_]+$/.test(candidate) &&
			candidate !== 'ERR_BAD_RESPONSE'
		) {
			return candidate;
		}
		current = (current as { cause?: unknown }).cause;
	}
	const message = error instanceof Error ? error.message : String(error);
	if (/socket hang up|ECONNRESET/i.test(message)) return 'ECONNRESET';
	if (/timeout/i.test(message)) return 'ETIMEDOUT';
	return undefined;
}

/**
 * A call that got no HTTP answer (reset, timeout, refused). Built from scratch so nothing of the
 * original request (its headers carry the API key) ends up in the error. The low-level code stays
 * out of the message and of a `code` key: n8n would otherwise replace the message with its generic
 * one, which advises retrying, which is wrong for a write.
 */
export function networkError(
	node: INode,
	error: unknown,
	call: { method: string; path: string; baseUrl: string; itemIndex?: number },
): NodeApiError {
	const code = networkCode(error) ?? 'NETWORK_ERROR';
	const words = NETWORK_WORDS[code] ?? 'the connection failed';
	const maybeProcessed = isWrite(call.method) && !NEVER_SENT.has(code);
	return new NodeApiError(
		node,
		{
			error: 'No answer from the service',
			network_code: code,
			method: call.method,
			path: call.path,
		} as JsonObject,
		{
			message: `Could not get an answer from the service at ${call.baseUrl}: ${words}`,
			description: `(${code}) ${
				maybeProcessed
					? NOT_RETRIED_WRITE
					: 'Check the Base URL in the Document Signing API credential and that the service is reachable from n8n.'
			}`,
			itemIndex: call.itemIndex,
		},
	);
}
