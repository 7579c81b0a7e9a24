import type {
	ICredentialDataDecryptedObject,
	IDataObject,
	IExecuteFunctions,
	IExecuteSingleFunctions,
	IHookFunctions,
	IHttpRequestMethods,
	IHttpRequestOptions,
	ILoadOptionsFunctions,
	INode,
	IN8nHttpFullResponse,
	IPollFunctions,
	IWebhookFunctions,
	NodeExecutionHint,
} from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';
import { randomBytes } from 'crypto';

import { sentApiKey } from '../authentication';
import type { Explainer, KeyMode } from './errors';
import { apiError, networkError, rateLimitWaitError, unreadableAnswerError } from './errors';
import type { RateClass, Turn } from './rateLimit';
import {
	headerValue,
	keyIdOf,
	limiterFor,
	rateClassOf,
	TurnCancelled,
	TurnTooLate,
} from './rateLimit';
import type { Secret } from './secrets';
import { redact, secretList } from './secrets';
import { cancelSignalOf, stoppedError, throwIfStopped } from './wait';

export const CREDENTIAL_TYPE = 'documentSigningApi';

/** Every n8n context that may call the service. */
export type TransportContext =
	| IExecuteFunctions
	| IExecuteSingleFunctions
	| ILoadOptionsFunctions
	| IHookFunctions
	| IWebhookFunctions
	| IPollFunctions;

export interface DocumentSigningCredentials {
	baseUrl: string;
	keyToUse?: KeyMode;
	liveApiKey?: string;
	testApiKey?: string;
	apiVersion?: number;
	webhookSigningSecret?: string;
}

/**
 * Retry and waiting policy. 429 answers were not processed by the service, so waiting and
 * retrying them is safe; nothing else is ever retried. Tests may lower the numbers.
 */
export const transportPolicy = {
	/** Times the service may refuse one request (429) before the node gives up on it. */
	max429Retries: 10,
	/**
	 * How long a request waits for its turn at most (rateLimit.ts), counted from when it first
	 * asked, 429s included; a request whose turn would come later fails at once with an error
	 * saying when it would have come.
	 */
	maxWaitMs: 600_000,
	/** Request timeout. */
	timeoutMs: 60_000,
};

/** One file part of a multipart upload. */
export interface FilePart {
	data: Buffer;
	fileName: string;
	contentType: string;
}

/**
 * One endpoint of the service: an operation's `meta`, or any `{ method, path }`. `{name}` in the
 * path is a placeholder filled from the call's `params`.
 */
export interface ApiEndpoint {
	method: IHttpRequestMethods;
	path: string;
}

/** Path parameter values: a non-empty string or a number. */
export type PathParams = Record<string, string | number>;

export interface CallOptions {
	/** Values for the path's `{name}` placeholders; each is URL-encoded. */
	params?: PathParams;
	qs?: IDataObject;
	body?: IDataObject | IDataObject[];
	/** multipart/form-data parts (file uploads such as logos), sent instead of a JSON body. */
	formData?: Record<string, string | FilePart>;
	/** The operation's own words for some error answers, used when the error is built. */
	explain?: Explainer;
}

export interface ApiResponse<T = IDataObject> {
	body: T;
	headers: Record<string, unknown>;
	statusCode: number;
	/** Which key answered: test requests are free and watermarked. */
	keyMode: KeyMode;
}

export function normaliseBaseUrl(baseUrl: string): string {
	return String(baseUrl ?? '')
		.trim()
		.replace(/\/+$/, '');
}

/** "Key to Use": Test unless the credential says Live (Test is the default: free, watermarked). */
export function keyModeOf(value: unknown): KeyMode {
	return value === 'live' ? 'live' : 'test';
}

export async function getServiceCredentials(
	this: TransportContext,
	itemIndex?: number,
): Promise<DocumentSigningCredentials> {
	// Read for every request (n8n reads and decrypts it): a changed credential counts at once.
	const credentials = (await (this as IExecuteFunctions).getCredentials(
		CREDENTIAL_TYPE,
		itemIndex,
	)) as unknown as DocumentSigningCredentials;
	const baseUrl = normaliseBaseUrl(credentials.baseUrl);
	if (!/^https?:\/\/[^/\s]+/i.test(baseUrl)) {
		throw new NodeOperationError(
			this.getNode(),
			'The Base URL in the Document Signing API credential is not a web address',
			{ description: 'Enter the API address of the service, starting with https://', itemIndex },
		);
	}
	return { ...credentials, baseUrl, keyToUse: keyModeOf(credentials.keyToUse) };
}

/** Which key the credential sends ('live' or 'test'). */
export async function getKeyMode(this: TransportContext, itemIndex?: number): Promise<KeyMode> {
	return (await getServiceCredentials.call(this, itemIndex)).keyToUse ?? 'test';
}

/**
 * Reads the service said are left in its current minute for the credential's key, as this process
 * last heard, less what waits for a turn (undefined: it has not said, or that minute is over;
 * 0 while reads wait then).
 */
export function readsLeft(credentials: DocumentSigningCredentials): number | undefined {
	const { baseUrl, key } = sentKey(credentials);
	return limiterFor(baseUrl, key).remaining('read');
}

/**
 * Holds `count` requests of a class in what the credential's key has left in the service's window
 * (rateLimit.ts `reserve`): the release, or undefined when not that many are left.
 */
export function reserveInWindow(
	credentials: DocumentSigningCredentials,
	rateClass: RateClass,
	count: number,
): (() => void) | undefined {
	const { baseUrl, key } = sentKey(credentials);
	return limiterFor(baseUrl, key).reserve(rateClass, count);
}

/** The base URL and the key the credential sends ("Key to Use"). */
function sentKey(credentials: DocumentSigningCredentials): { baseUrl: string; key: string } {
	return {
		baseUrl: normaliseBaseUrl(credentials.baseUrl),
		key: sentApiKey(credentials as unknown as ICredentialDataDecryptedObject),
	};
}

/**
 * The key the credential sends, as this process's memory may name it (a hash of the base URL and
 * the key, as the rate limits are kept by).
 */
export function sentKeyId(credentials: DocumentSigningCredentials): string {
	const { baseUrl, key } = sentKey(credentials);
	return keyIdOf(baseUrl, key);
}

/** The credential's keys and webhook secret, to be kept out of every output and error. */
export function credentialSecrets(credentials: DocumentSigningCredentials): Secret[] {
	return secretList([
		[credentials.liveApiKey, 'live API key'],
		[credentials.testApiKey, 'test API key'],
		[credentials.webhookSigningSecret, 'webhook signing secret'],
	]);
}

/** Removes the credential's keys and webhook secret from anything the node hands out. */
export async function redactSecrets<T>(
	this: TransportContext,
	value: T,
	itemIndex?: number,
): Promise<T> {
	return redact(value, credentialSecrets(await getServiceCredentials.call(this, itemIndex)));
}

const shownHints = new WeakMap<object, Set<string>>();

/** `Deprecation` is a date, `@<unix seconds>` (RFC 9745) or just `true`. */
function deprecationSince(value: string | undefined): string | undefined {
	if (!value || value.trim().toLowerCase() === 'true') return undefined;
	const epoch = /^@(\d+)$/.exec(value.trim());
	return epoch ? new Date(Number(epoch[1]) * 1000).toUTCString() : value.trim();
}

/**
 * The service still answers a deprecated API version (or a deprecated operation), but the user
 * must hear about it: an execution hint in the editor where the context supports it, a log
 * warning always. The headers do not say whether the version or the operation is meant, so the
 * hint quotes the service's note and names the call.
 */
function surfaceDeprecation(
	context: TransportContext,
	headers: Record<string, unknown>,
	call: { method: string; path: string; apiVersion: number },
): void {
	const deprecation = headerValue(headers, 'deprecation');
	const sunset = headerValue(headers, 'sunset');
	const note = headerValue(headers, 'x-deprecated-message');
	const moved = headerValue(headers, 'x-service-deprecation');
	if (!deprecation && !sunset && !note && !moved) return;

	const key = [deprecation, sunset, note, moved].join('|');
	let seen = shownHints.get(context);
	if (!seen) {
		seen = new Set();
		shownHints.set(context, seen);
	}
	if (seen.has(key)) return;
	seen.add(key);

	const parts: string[] = [];
	if (deprecation || sunset || note) {
		const since = deprecationSince(deprecation);
		parts.push(
			`The service flags ${call.method} ${call.path} (API version ${call.apiVersion}) as deprecated` +
				(since ? ` since ${since}` : '') +
				(sunset ? `; it stops working on ${sunset}` : '') +
				'.' +
				(note ? ` The service says: "${note}"` : '') +
				' If this concerns the API version, set a newer "API Version" in the Document Signing API credential; if it concerns this operation, switch to the one the service recommends.',
		);
	}
	if (moved) parts.push(`The service says this operation belongs on another host: ${moved}`);
	const message = parts.join(' ');
	context.logger?.warn(message);
	const withHints = context as Partial<Pick<IExecuteFunctions, 'addExecutionHints'>>;
	if (typeof withHints.addExecutionHints === 'function') {
		const hint: NodeExecutionHint = { message, type: 'warning', location: 'outputPane' };
		withHints.addExecutionHints(hint);
	}
}

function quoted(value: string): string {
	return value.replace(/["\r\n\\]/g, '_');
}

/** Encodes multipart/form-data by hand: no runtime dependency, works on every Node version. */
export function encodeMultipart(parts: Record<string, string | FilePart>): {
	body: Buffer;
	contentType: string;
} {
	const boundary = `----n8nDocumentSigning${randomBytes(12).toString('hex')}`;
	const chunks: Buffer[] = [];
	for (const [name, part] of Object.entries(parts)) {
		if (typeof part === 'string') {
			chunks.push(
				Buffer.from(
					`--${boundary}\r\nContent-Disposition: form-data; name="${quoted(name)}"\r\n\r\n${part}\r\n`,
				),
			);
		} else {
			chunks.push(
				Buffer.from(
					`--${boundary}\r\nContent-Disposition: form-data; name="${quoted(name)}"; filename="${quoted(part.fileName)}"\r\nContent-Type: ${part.contentType}\r\n\r\n`,
				),
				part.data,
				Buffer.from('\r\n'),
			);
		}
	}
	chunks.push(Buffer.from(`--${boundary}--\r\n`));
	return { body: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

/** The answer's body as JSON, or why it could not be read. */
type ParsedBody = { readable: true; value: unknown } | { readable: false; raw: string };

function parseBody(body: unknown): ParsedBody {
	if (Buffer.isBuffer(body)) body = body.toString('utf8');
	if (body === undefined || body === null) return { readable: true, value: {} };
	if (typeof body !== 'string') return { readable: true, value: body };
	if (body.trim() === '') return { readable: true, value: {} };
	try {
		return { readable: true, value: JSON.parse(body) };
	} catch {
		return { readable: false, raw: body };
	}
}

/** A 2xx answer the operations can use: a JSON object or list (an empty body counts as `{}`). */
function usable(parsed: ParsedBody): parsed is { readable: true; value: object } {
	return parsed.readable && parsed.value !== null && typeof parsed.value === 'object';
}

/**
 * The path of an endpoint with its `{name}` placeholders filled in from `params` (URL-encoded).
 * A placeholder without a value, or a value without a placeholder, is a mistake in the node.
 */
export function expandPath(node: INode, endpoint: ApiEndpoint, params: PathParams = {}): string {
	const used = new Set<string>();
	const path = endpoint.path.replace(/\{([^{}]+)\}/g, (_, name: string) => {
		const value = Object.prototype.hasOwnProperty.call(params, name) ? params[name] : undefined;
		if (
			(typeof value !== 'string' || value === '') &&
			(typeof value !== 'number' || !Number.isFinite(value))
		) {
			throw new NodeOperationError(
				node,
				`Internal error: no value for {${name}} of ${endpoint.method} ${endpoint.path}`,
				{ description: 'This is a bug in the node. Nothing was sent.' },
			);
		}
		used.add(name);
		return encodeURIComponent(String(value));
	});
	const unused = Object.keys(params).filter((name) => !used.has(name));
	if (unused.length) {
		throw new NodeOperationError(
			node,
			`Internal error: ${endpoint.method} ${endpoint.path} has no {${unused.join('}, {')}}`,
			{ description: 'This is a bug in the node. Nothing was sent.' },
		);
	}
	return path;
}

/**
 * The one call to the service's API: sends `endpoint.method` to `endpoint.path` with its
 * placeholders filled from `options.params`, and answers with the parsed body, the headers, the
 * status and the key mode that answered.
 *
 * Joins the base URL, sends JSON through n8n's authenticated request (the credential's
 * `authenticate` adds `Authorization` and `X-API-Version`: the only place that builds them),
 * sends each request in its turn of the key's rate-limit class
 * (rateLimit.ts: shared by every execution of this process), sends a 429 again in a new turn
 * (only a 429) unless the execution is stopped, surfaces deprecation headers, refuses 2xx answers
 * it cannot read, keeps the credential's secrets out of what it returns, and turns every error
 * answer into a readable NodeApiError (worded by `options.explain` where the operation has its own
 * words).
 * A write that fails in any other way (5xx, timeout, reset connection) is never sent again.
 * Errors carry no item index: the action node's router adds it.
 */
export async function callApi<T = IDataObject>(
	context: TransportContext,
	endpoint: ApiEndpoint,
	options: CallOptions = {},
): Promise<ApiResponse<T>> {
	const path = expandPath(context.getNode(), endpoint, options.params);
	return await send<T>(context, endpoint.method, path, {
		qs: options.qs,
		body: options.body,
		formData: options.formData,
		explain: options.explain,
	});
}

/** Sends one request to an already expanded path: what callApi does after expanding. */
async function send<T>(
	context: TransportContext,
	method: IHttpRequestMethods,
	path: string,
	options: Pick<CallOptions, 'qs' | 'body' | 'formData' | 'explain'>,
): Promise<ApiResponse<T>> {
	const { explain } = options;
	const node = context.getNode();
	const signal = cancelSignalOf(context);
	throwIfStopped(signal, node);
	const credentials = await getServiceCredentials.call(context);
	const keyMode = credentials.keyToUse ?? 'test';
	const { key: apiKey } = sentKey(credentials);
	if (apiKey === '') {
		const field = keyMode === 'test' ? 'Test API Key' : 'Live API Key';
		throw new NodeOperationError(
			node,
			`The ${field} in the Document Signing API credential is empty`,
			{
				description: `"Key to Use" is ${keyMode === 'test' ? 'Test' : 'Live'}, so the ${field} is sent with every request. Paste that key into the credential, or switch "Key to Use" to the key you have. Nothing was sent.`,
			},
		);
	}
	const secrets = credentialSecrets(credentials);
	const apiVersion = Number(credentials.apiVersion ?? 1);
	const rateClass = rateClassOf(method, path);
	const limiter = limiterFor(credentials.baseUrl, apiKey);

	const request: IHttpRequestOptions = {
		method,
		url: `${credentials.baseUrl}${path.startsWith('/') ? path : `/${path}`}`,
		headers: { Accept: 'application/json' },
		json: true,
		returnFullResponse: true,
		ignoreHttpStatusErrors: true,
		timeout: transportPolicy.timeoutMs,
		...(signal ? { abortSignal: signal } : {}),
	};
	if (options.qs && Object.keys(options.qs).length) request.qs = options.qs;
	if (options.formData) {
		const multipart = encodeMultipart(options.formData);
		request.body = multipart.body;
		request.json = false;
		request.headers = { ...request.headers, 'Content-Type': multipart.contentType };
	} else if (options.body !== undefined) {
		request.body = options.body;
	}

	// Waiting for turns (and after 429s) ends here; a later turn fails at once.
	const deadline = Date.now() + transportPolicy.maxWaitMs;
	for (let retries = 0; ; retries++) {
		let turn: Turn;
		try {
			turn = await limiter.turn(rateClass, { deadline, signal, again: retries > 0 });
		} catch (error) {
			if (error instanceof TurnTooLate) {
				throw rateLimitWaitError(node, rateClass, error.waitMs, transportPolicy.maxWaitMs, {
					source: error.source,
					ahead: error.ahead,
					limit: error.limit,
				});
			}
			if (error instanceof TurnCancelled) throw stoppedError(node);
			throw new NodeOperationError(node, error as Error);
		}

		let response: IN8nHttpFullResponse;
		try {
			// n8n's authenticated request applies the credential's `authenticate` to the credential
			// read for this request (handed over, so n8n does not read and decrypt it again).
			response = (await context.helpers.httpRequestWithAuthentication.call(
				context,
				CREDENTIAL_TYPE,
				{ ...request, headers: { ...request.headers } },
				{
					credentialsDecrypted: {
						id: '',
						name: '',
						type: CREDENTIAL_TYPE,
						data: credentials as unknown as ICredentialDataDecryptedObject,
					},
				},
			)) as IN8nHttpFullResponse;
		} catch (error) {
			turn.done();
			if (signal?.aborted) throw stoppedError(node);
			throw networkError(node, error, {
				method,
				path,
				baseUrl: credentials.baseUrl,
			});
		}
		const headers = (response.headers ?? {}) as Record<string, unknown>;
		const parsed = parseBody(response.body);
		const body = parsed.readable ? parsed.value : parsed.raw;
		// The answer's X-RateLimit-* headers (a 429's Retry-After) set the turns of what waits.
		turn.done({ status: response.statusCode, headers, body });
		surfaceDeprecation(context, headers, { method, path, apiVersion });

		if (response.statusCode < 400) {
			if (!usable(parsed)) {
				throw unreadableAnswerError(node, {
					method,
					path,
					statusCode: response.statusCode,
					contentType: headerValue(headers, 'content-type'),
				});
			}
			return {
				body: redact(parsed.value, secrets) as T,
				headers,
				statusCode: response.statusCode,
				keyMode,
			};
		}
		if (response.statusCode === 429 && retries < transportPolicy.max429Retries) {
			// A 429 was not processed by the service: sending again in a new turn is safe. The
			// limiter learned from it that nothing is left until its Retry-After.
			continue;
		}
		throw apiError(node, {
			method,
			path,
			statusCode: response.statusCode,
			body,
			apiVersion,
			keyMode,
			secrets,
			explain,
		});
	}
}

/**
 * Downloads a file from a pre-signed URL the service handed out (document_url, download_url).
 * Such URLs carry their own authorisation, so the API key is deliberately not sent along.
 */
export async function downloadFile(
	this: TransportContext,
	url: string,
): Promise<{ data: Buffer; contentType?: string }> {
	const signal = cancelSignalOf(this);
	throwIfStopped(signal, this.getNode());
	let response: IN8nHttpFullResponse;
	try {
		response = (await this.helpers.httpRequest({
			method: 'GET',
			url,
			...(signal ? { abortSignal: signal } : {}),
			encoding: 'arraybuffer',
			json: false,
			returnFullResponse: true,
			ignoreHttpStatusErrors: true,
			timeout: transportPolicy.timeoutMs,
		})) as IN8nHttpFullResponse;
	} catch (error) {
		if (signal?.aborted) throw stoppedError(this.getNode());
		throw networkError(this.getNode(), error, {
			method: 'GET',
			path: 'the download link',
			baseUrl: new URL(url).origin,
		});
	}
	const data = Buffer.isBuffer(response.body)
		? response.body
		: Buffer.from(response.body as ArrayBuffer);
	if (response.statusCode >= 400) {
		throw new NodeOperationError(
			this.getNode(),
			`The file download failed (${response.statusCode})`,
			{
				description:
					response.statusCode === 403
						? 'The download link has expired (links are short-lived). Run the node again to get a fresh link.'
						: 'The storage behind the download link did not return the file.',
			},
		);
	}
	return { data, contentType: headerValue(response.headers, 'content-type') };
}
