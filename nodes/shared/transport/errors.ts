import type { INode, JsonObject } from 'n8n-workflow';
import { NodeApiError } from 'n8n-workflow';

import type { RateClass, WaitSource } from './rateLimit';
import { rateClassLabel } from './rateLimit';
import type { Secret } from './secrets';
import { redact, redactText } from './secrets';

export type KeyMode = 'live' | 'test';

export type { WaitSource } from './rateLimit';

/** What the transport knows about a failed call, for building a readable error. */
export interface FailedCall {
	method: string;
	path: string;
	statusCode: number;
	body: unknown;
	apiVersion: number;
	keyMode: KeyMode;
	/** Values to keep out of the error (the credential's keys and webhook secret). */
	secrets?: readonly Secret[];
	/** The operation's own words for some answers. */
	explain?: Explainer;
}

/** What an operation's explainer gets to see of an error answer. */
export interface ApiErrorInfo {
	/** HTTP status as a number. */
	status: number;
	/** The service's machine code (`code`), if any. */
	code?: string;
	/** The service's `error` text, if any (some endpoints put their identifier there). */
	error?: string;
	/** The service's `message` text, if any. */
	message?: string;
}

export interface ErrorExplanation {
	/** Replaces the message; the service's code is kept at its end. */
	message?: string;
	/** Replaces the description. */
	description?: string;
}

/**
 * Operation-level wording for error answers. The transport turns every error answer into a
 * readable error; some answers mean something specific for one operation (a 409 on a download
 * means "not sent yet", a 404 SIGNATURE_NOT_AVAILABLE means "not signed yet"), and the user
 * deserves those words instead of the generic ones. An operation hands its explainer to the call.
 */
export type Explainer = (info: ApiErrorInfo) => ErrorExplanation | undefined;

const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** A path that names an item by id (a UUID or a prefixed id such as evt_…, or digits). */
const ID_IN_PATH =
	/\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}|[a-z]+_[A-Za-z0-9]+|\d+)(\/|$)/i;

/** An item a request refers to by an id the user gave in a node parameter. */
export interface Reference {
	/** What it is, as the service names it in "… not found" ("Template", "Signing request"). */
	what: string;
	/** The id sent. */
	id: string;
	/** The node parameter it came from, as the user sees it ("Template"). */
	field: string;
}

/**
 * Words for a 404 about an item the request refers to: the service says which kind is missing
 * ("Template not found"), the operation knows the id and the parameter it came from. Used when
 * the id is not in the path (a template id in a create body), where the generic words could only
 * say the endpoint; a 404 that names another kind keeps the generic words. `note` ends the
 * description (for example "Nothing was created or sent.").
 */
export function explainMissing(references: Reference[], note = ''): Explainer {
	return ({ status, error, message }) => {
		if (status !== 404) return undefined;
		const said = [error, message].filter(Boolean).join(' ').toLowerCase();
		const named = references.find((ref) => said.includes(`${ref.what.toLowerCase()} not found`));
		const generic = said === '' || /^(not found\s*)+$/.test(said.trim());
		const ref = named ?? (generic && references.length === 1 ? references[0] : undefined);
		if (!ref) return undefined;
		return {
			message: `${ref.what} ${ref.id} was not found`,
			description: `No ${ref.what.toLowerCase()} with the ID ${ref.id} exists for this key. Check "${ref.field}": the ${ref.what.toLowerCase()} may have been deleted, or belong to a workspace this key cannot reach (a workspace's key only reaches its own workspace).${note ? ` ${note}` : ''}`,
		};
	};
}

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
	const lines: string[] = describeRecipientProblems(object.validation_errors);
	if (lines.length) return lines;
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

/**
 * Create and Send's own shape (`validation_errors[{recipient_index (1-based), recipient_email,
 * missing_fields[]}]`): one line per recipient with what it lacks.
 */
export function describeRecipientProblems(validationErrors: unknown): string[] {
	if (!Array.isArray(validationErrors)) return [];
	const lines: string[] = [];
	for (const entry of validationErrors) {
		const item = asObject(entry);
		const index = Number(item.recipient_index);
		const email = text(item.recipient_email);
		const missing = Array.isArray(item.missing_fields)
			? item.missing_fields.map((field) => String(field)).filter((field) => field !== '')
			: [];
		const who = [
			Number.isFinite(index) ? `Recipient ${index}` : 'A recipient',
			email ? `(${email})` : '',
		]
			.filter(Boolean)
			.join(' ');
		const what =
			missing.length > 0 ? `missing ${missing.join(', ')}` : (text(item.message) ?? 'not valid');
		lines.push(`${who}: ${what}`);
	}
	return lines;
}

function apiText(body: unknown): string | undefined {
	const object = asObject(body);
	const error = text(object.error);
	const message = text(object.message);
	if (error && message && error !== message) {
		// "Not Found" + "Workspace not found": the specific one is the message.
		return /^(validation error|validation failed|not found|forbidden|unauthorized|bad request|conflict|unprocessable( entity)?)$/i.test(
			error,
		)
			? message
			: `${error} (${message})`;
	}
	return message ?? error ?? (typeof body === 'string' ? text(body) : undefined);
}

const REASONS: Record<number, string> = {
	500: 'Internal Server Error',
	502: 'Bad Gateway',
	503: 'Service Unavailable',
	504: 'Gateway Timeout',
};

function decodeEntities(value: string): string {
	return value
		.replace(/&lt;/gi, '<')
		.replace(/&gt;/gi, '>')
		.replace(/&quot;/gi, '"')
		.replace(/&#39;|&apos;/gi, "'")
		.replace(/&nbsp;/gi, ' ')
		.replace(/&amp;/gi, '&');
}

/** An error body that is not JSON, in a few words: an HTML page by its title, text shortened. */
export function summariseText(raw: string): string | undefined {
	const trimmed = raw.trim();
	if (trimmed === '') return undefined;
	if (/^<(!doctype|html|head|body|\?xml)|<html[\s>]/i.test(trimmed)) {
		const title = /<title[^>]*>([\s\S]*?)<\/title>/i.exec(trimmed)?.[1];
		const heading = /<h1[^>]*>([\s\S]*?)<\/h1>/i.exec(trimmed)?.[1];
		const name = decodeEntities((title ?? heading ?? '').replace(/<[^>]*>/g, ''))
			.replace(/\s+/g, ' ')
			.trim()
			.slice(0, 120);
		return name ? `an HTML page titled "${name}"` : 'an HTML page';
	}
	const line = trimmed.replace(/\s+/g, ' ');
	return line.length > 160 ? `"${line.slice(0, 160)}…"` : `"${line}"`;
}

const NOT_RETRIED_WRITE =
	'This write was not retried automatically, so a document is never sent twice. The service may or may not have carried it out: check (for example by listing or getting the item) before you run it again.';

/** Turn an HTTP error answer of the service into a NodeApiError a no-code user can act on. */
export function apiError(node: INode, call: FailedCall): NodeApiError {
	const secrets = call.secrets ?? [];
	const raw = typeof call.body === 'string' ? redactText(call.body, secrets) : undefined;
	const safeBody = raw === undefined ? redact(call.body, secrets) : undefined;
	const body = asObject(safeBody);
	const code = text(body.code);
	// A page or text that is not JSON is summarised; its raw content stays out of the error.
	const said = raw === undefined ? apiText(safeBody) : summariseText(raw);
	const details = describeDetails(safeBody);
	const detailLines = details.length
		? `Problems by field:\n${details.map((line) => `- ${line}`).join('\n')}`
		: '';
	const keyLabel = call.keyMode === 'test' ? 'Test API Key' : 'Live API Key';
	const keyKind = call.keyMode === 'test' ? 'test' : 'live';
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
				const phase = text(body.phase);
				const recipients = describeRecipientProblems(body.validation_errors);
				message =
					recipients.length > 0
						? `The service refused to ${phase === 'create_validation' ? 'create' : 'send'} the signing request: ${recipients.join('; ')}`
						: `The service rejected the request: ${said ?? 'validation failed'}`;
				description = detailLines || 'Check the values of the node parameters.';
				if (recipients.length > 0) description += '\nNothing was created or sent.';
			}
			break;
		case 401:
			message = `The ${keyKind} API key was refused (UNAUTHORIZED)`;
			description = `The service did not accept the ${keyKind} key the credential sent ("Key to Use" is ${call.keyMode === 'test' ? 'Test' : 'Live'}, so the ${keyLabel} was sent). Check the ${keyLabel} and "Key to Use" in the Document Signing API credential: a test key pasted as the live one (or the other way round) is refused. A regenerated key replaces the old one, which stops working 24 hours later or when it is expired.`;
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
			description = ID_IN_PATH.test(call.path)
				? `Nothing exists at ${call.method} ${call.path} for this key. Check the ID: it may be wrong, deleted, or belong to a workspace this key cannot reach.`
				: `The service could not find something this request refers to${said ? ` (${said})` : ''}. Check the IDs in the node's parameters: one may be wrong, deleted, or belong to a workspace this key cannot reach.`;
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
				detailLines ||
				'Check the values sent (for example a recipient email address that bounced before).';
			break;
		case 429:
			message = 'The service kept answering "too many requests" (429)';
			description =
				'The node waited and retried, but the rate limit was still exceeded. Run fewer items at once, or spread the runs out.';
			break;
		default:
			if (call.statusCode === 502 || call.statusCode === 503 || call.statusCode === 504) {
				message = `The service or a gateway in front of it was unavailable (${call.statusCode} ${REASONS[call.statusCode]})${said ? `: ${raw === undefined ? '' : 'it answered with '}${said}` : ''}`;
				description = isWrite(call.method)
					? NOT_RETRIED_WRITE
					: 'Nothing was changed. Try again in a moment; if it keeps failing, the service (or a proxy or load balancer between n8n and the service) is having problems.';
			} else if (call.statusCode >= 500) {
				message = `The service failed with an internal error (${call.statusCode})${said ? `: ${raw === undefined ? '' : 'it answered with '}${said}` : ''}`;
				description = isWrite(call.method)
					? NOT_RETRIED_WRITE
					: 'Try again in a moment. If it keeps failing, the service may be having problems.';
			} else {
				message = `The service answered ${call.statusCode}${said ? `: ${raw === undefined ? '' : 'it answered with '}${said}` : ''}`;
				description = 'Unexpected answer from the service.';
			}
	}

	if (code && !message.includes(code)) message = `${message} [${code}]`;
	if (detailLines && !description.includes(detailLines)) description += `\n${detailLines}`;

	const response: Record<string, unknown> = {
		...body,
		...(raw !== undefined ? { error: said ?? 'empty answer' } : {}),
		httpCode: String(call.statusCode),
	};
	const rawCode = typeof response.code === 'string' ? response.code : undefined;
	const explanation = call.explain?.({
		status: call.statusCode,
		code: rawCode,
		error: typeof response.error === 'string' ? response.error : undefined,
		message: typeof response.message === 'string' ? response.message : undefined,
	});
	if (explanation?.message) {
		message =
			rawCode && !explanation.message.includes(rawCode)
				? `${explanation.message} [${rawCode}]`
				: explanation.message;
	}
	if (explanation?.description) description = explanation.description;

	return new NodeApiError(node, response as JsonObject, {
		message: redactText(message, secrets),
		description: redactText(description, secrets),
		httpCode: String(call.statusCode),
	});
}

/**
 * A 2xx answer whose body is not the JSON the service sends (cut off, an HTML page, plain text).
 * Its content is not used: a write may still have been carried out.
 */
export function unreadableAnswerError(
	node: INode,
	call: {
		method: string;
		path: string;
		statusCode: number;
		contentType?: string;
	},
): NodeApiError {
	const write = isWrite(call.method);
	return new NodeApiError(
		node,
		{
			error: 'Unreadable answer',
			method: call.method,
			path: call.path,
			httpCode: String(call.statusCode),
		} as JsonObject,
		{
			message: `The service answered ${call.statusCode} to ${call.method} ${call.path}, but the answer could not be read (cut off or not JSON)`,
			description: write
				? `The request may have been processed: check before running it again (for example by listing or getting the item). It was not sent again automatically.${call.contentType ? ` The answer's content type was ${call.contentType}.` : ''}`
				: `Nothing was changed. Try again; if it keeps happening, something between n8n and the service (a proxy or firewall) may be altering answers.${call.contentType ? ` The answer's content type was ${call.contentType}.` : ''}`,
			httpCode: String(call.statusCode),
		},
	);
}

/** "10 minutes", "90 s". */
function duration(ms: number): string {
	const seconds = Math.round(ms / 1000);
	if (seconds % 60 !== 0) return `${seconds} s`;
	return seconds === 60 ? '1 minute' : `${seconds / 60} minutes`;
}

/** A request's turn in the key's rate limit would come later than this node waits. */
export function rateLimitWaitError(
	node: INode,
	rateClass: RateClass,
	waitMs: number,
	maxWaitMs: number,
	options: { source?: WaitSource; ahead?: number; limit?: number } = {},
): NodeApiError {
	const { source = 'retry-after', ahead = 0, limit } = options;
	const seconds = Math.ceil(waitMs / 1000);
	const why =
		source === 'retry-after'
			? `the service asks to wait ${seconds} s`
			: source === 'reset'
				? `this key has no requests left in the service's current window, which ends in ${seconds} s (X-RateLimit-Reset)`
				: source === 'queue'
					? `${ahead} earlier ${ahead === 1 ? 'request' : 'requests'} with this key ${ahead === 1 ? 'waits' : 'wait'} for a turn, so this one's turn would come in ${seconds} s`
					: `this key has used up the published limit in the last minute; the next request could go out in ${seconds} s`;
	return new NodeApiError(
		node,
		{
			error: 'Rate limit',
			rate_class: rateClass,
			wait_seconds: seconds,
			...(source === 'queue' ? { requests_ahead: ahead } : {}),
		} as JsonObject,
		{
			message: `Rate limit reached for ${rateClassLabel(rateClass, limit)}: ${why}`,
			description: `That is longer than a request waits for its turn (${duration(maxWaitMs)}). Nothing was sent. Try again later, or run fewer items or executions at once with this key.`,
			httpCode: '429',
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
	call: { method: string; path: string; baseUrl: string },
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
		},
	);
}
