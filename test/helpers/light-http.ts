/**
 * `helpers.httpRequest` of the light harness: what n8n-core 2.41's `httpRequest` (the
 * `OutboundHttp` client of @n8n/backend-network, axios underneath, with n8n's global axios
 * defaults) does with the options a node passes, written on node:http so the harness loads
 * nothing of n8n-core. Only loopback and plain http/https targets; no proxy, no SSRF policy.
 *
 * Request, as n8n sends it:
 * - `qs` is appended with n8n's serialiser (`qs.stringify(params, { arrayFormat: 'indices' })`:
 *   `a[0]=x&a[1]=y`, brackets percent-encoded, `null` as `a=`, `undefined` left out);
 * - a GET, HEAD or OPTIONS with an empty body sends none; an empty object or array body
 *   (`isObjectEmpty`) is not sent either; a GET never sends a body (a Content-Type the caller
 *   set is still sent);
 * - an object or array body goes out as JSON with `Content-Type: application/json` (unless the
 *   caller set one); a Buffer or string as it is (declared `application/x-www-form-urlencoded`
 *   on a POST, PUT or PATCH when the caller set no type, as axios does); `Content-Length` is set;
 * - `json: true` adds `Accept: application/json` when the caller set no Accept; otherwise
 *   axios's `Accept: application/json, text/plain, *\/*`; `User-Agent: n8n`;
 *   `Accept-Encoding: gzip, compress, deflate, br`; redirects followed (at most 21).
 *
 * Answer: with `encoding: 'arraybuffer'` the body is a Buffer; otherwise the text (BOM
 * stripped), parsed as JSON when it parses, else left as text ('' stays ''). Compressed answers are
 * inflated and lose their Content-Encoding header. `returnFullResponse` gives
 * `{ body, headers, statusCode, statusMessage }` (header names in lower case, as Node reads
 * them). A status outside 2xx throws like axios (`Request failed with status code N`, `code`
 * ERR_BAD_REQUEST / ERR_BAD_RESPONSE, `response`) unless `ignoreHttpStatusErrors`.
 *
 * Errors without an answer keep Node's `code` (ECONNREFUSED, ECONNRESET "socket hang up", …) as
 * axios does; a timeout is `timeout of <ms>ms exceeded` with code ECONNABORTED; an aborted
 * signal is `canceled` with code ERR_CANCELED.
 */
import http from 'node:http';
import https from 'node:https';
import zlib from 'node:zlib';

import type { IDataObject, IHttpRequestOptions, IN8nHttpFullResponse } from 'n8n-workflow';
import { isObjectEmpty } from 'n8n-workflow';

/** n8n's global axios timeout (`configureGlobalAxiosDefaults`). */
const DEFAULT_TIMEOUT_MS = 300_000;
const MAX_REDIRECTS = 21;

/** The error shape axios gives (`AxiosError`): what a node's transport reads back. */
export class LightHttpError extends Error {
	readonly isAxiosError = true;
	code?: string;
	cause?: unknown;
	response?: {
		status: number;
		statusText: string;
		headers: Record<string, unknown>;
		data: unknown;
	};

	constructor(message: string, code?: string, cause?: unknown) {
		super(message);
		this.name = 'AxiosError';
		this.code = code;
		if (cause !== undefined) this.cause = cause;
	}
}

/** qs's RFC 3986 encoder: unreserved characters stay, everything else is percent-encoded. */
function encode(value: string): string {
	return encodeURIComponent(value).replace(
		/[!'()*]/g,
		(c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
	);
}

function serialisePrimitive(value: unknown): string {
	if (value instanceof Date) return value.toISOString();
	return String(value);
}

/** `qs.stringify(params, { arrayFormat: 'indices' })` for the values a node passes. */
export function stringifyQuery(params: IDataObject): string {
	const parts: string[] = [];
	const walk = (prefix: string, value: unknown) => {
		if (value === undefined) return;
		if (value === null) {
			parts.push(`${encode(prefix)}=`);
			return;
		}
		if (Array.isArray(value)) {
			value.forEach((entry, index) => walk(`${prefix}[${index}]`, entry));
			return;
		}
		if (typeof value === 'object' && !(value instanceof Date) && !Buffer.isBuffer(value)) {
			for (const [key, entry] of Object.entries(value as IDataObject)) {
				walk(`${prefix}[${key}]`, entry);
			}
			return;
		}
		parts.push(`${encode(prefix)}=${encode(serialisePrimitive(value))}`);
	};
	for (const [key, value] of Object.entries(params)) walk(key, value);
	return parts.join('&');
}

function findHeader(headers: Record<string, unknown>, name: string): string | undefined {
	const wanted = name.toLowerCase();
	return Object.keys(headers).find((key) => key.toLowerCase() === wanted);
}

function setIfAbsent(headers: Record<string, unknown>, name: string, value: string): void {
	if (findHeader(headers, name) === undefined) headers[name] = value;
}

function removeHeader(headers: Record<string, unknown>, name: string): void {
	const key = findHeader(headers, name);
	if (key !== undefined) delete headers[key];
}

const NO_BODY_METHODS = ['GET', 'HEAD', 'OPTIONS'];

function isEmpty(value: unknown): boolean {
	if (value === null || value === undefined) return true;
	if (typeof value === 'string' || Array.isArray(value) || Buffer.isBuffer(value)) {
		return value.length === 0;
	}
	if (typeof value === 'object') return Object.keys(value).length === 0;
	return false;
}

interface Prepared {
	method: string;
	url: URL;
	headers: Record<string, unknown>;
	data?: Buffer | string;
	timeout: number;
	responseType?: string;
	signal?: AbortSignal;
	validateStatus: (status: number) => boolean;
	maxRedirects: number;
}

function prepare(options: IHttpRequestOptions): Prepared {
	const method = (options.method ?? 'GET').toUpperCase();
	let body: unknown = options.body;
	if (NO_BODY_METHODS.includes(method) && isEmpty(body)) body = undefined;

	const base = options.baseURL;
	const url = new URL(
		base && !/^[a-z][a-z\d+\-.]*:\/\//i.test(options.url)
			? `${base.replace(/\/+$/, '')}/${options.url.replace(/^\/+/, '')}`
			: options.url,
	);
	if (options.qs && !isObjectEmpty(options.qs)) {
		const serialised = stringifyQuery(options.qs);
		if (serialised) {
			const href = url.href.split('#')[0];
			return finish(new URL(`${href}${href.includes('?') ? '&' : '?'}${serialised}`));
		}
	}
	return finish(url);

	function finish(target: URL): Prepared {
		const headers: Record<string, unknown> = { ...(options.headers ?? {}) };
		let data: unknown;
		if (body) {
			const contentTypeKey = findHeader(headers, 'content-type');
			if (
				contentTypeKey !== undefined &&
				headers[contentTypeKey] === 'application/x-www-form-urlencoded'
			) {
				throw new Error('The light harness does not send form-urlencoded bodies');
			}
			if (body instanceof URLSearchParams) {
				throw new Error('The light harness does not send URLSearchParams bodies');
			}
			if (typeof body === 'string' || (typeof body === 'object' && !isObjectEmpty(body as never))) {
				data = body;
			}
		}
		if (options.json) setIfAbsent(headers, 'Accept', 'application/json');
		setIfAbsent(headers, 'User-Agent', 'n8n');
		if (data === undefined || method === 'GET') data = undefined;

		let payload: Buffer | string | undefined;
		if (data === undefined) {
			// n8n's interceptor clears the Content-Type without a body, but does not overwrite one the
			// caller set.
		} else if (Buffer.isBuffer(data) || typeof data === 'string') {
			payload = data;
		} else if (data instanceof ArrayBuffer || ArrayBuffer.isView(data)) {
			throw new Error('The light harness sends Buffers, strings and JSON bodies only');
		} else if (
			typeof data === 'object' &&
			typeof (data as { pipe?: unknown }).pipe === 'function'
		) {
			throw new Error('The light harness does not send streams or form-data bodies');
		} else {
			setIfAbsent(headers, 'Content-Type', 'application/json');
			payload = JSON.stringify(data);
		}
		if (payload !== undefined && ['POST', 'PUT', 'PATCH'].includes(method)) {
			// axios's dispatchRequest: a body without a type is declared a form.
			setIfAbsent(headers, 'Content-Type', 'application/x-www-form-urlencoded');
		}
		setIfAbsent(headers, 'Accept', 'application/json, text/plain, */*');
		setIfAbsent(headers, 'Accept-Encoding', 'gzip, compress, deflate, br');
		if (payload !== undefined) {
			setIfAbsent(headers, 'Content-Length', String(Buffer.byteLength(payload)));
		}

		const ignore = options.ignoreHttpStatusErrors as unknown;
		let validateStatus = (status: number) => status >= 200 && status < 300;
		if (ignore && typeof ignore === 'object' && (ignore as { ignore?: unknown }).ignore === true) {
			const except = ((ignore as { except?: number[] }).except ?? []) as number[];
			validateStatus = (status) => !except.includes(status);
		} else if (ignore) {
			validateStatus = () => true;
		}

		return {
			method,
			url: target,
			headers,
			data: payload,
			timeout: options.timeout ?? DEFAULT_TIMEOUT_MS,
			responseType: options.encoding,
			signal: options.abortSignal as AbortSignal | undefined,
			validateStatus,
			maxRedirects: options.disableFollowRedirect ? 0 : (options.maxRedirects ?? MAX_REDIRECTS),
		};
	}
}

interface RawResponse {
	status: number;
	statusText: string;
	headers: Record<string, unknown>;
	body: Buffer;
}

function decompress(body: Buffer, headers: Record<string, unknown>): Buffer {
	const encoding = String(headers['content-encoding'] ?? '').toLowerCase();
	let result = body;
	if (encoding === 'gzip' || encoding === 'x-gzip' || encoding === 'compress') {
		result = zlib.gunzipSync(body, { flush: zlib.constants.Z_SYNC_FLUSH });
	} else if (encoding === 'deflate') {
		result = zlib.inflateSync(body);
	} else if (encoding === 'br') {
		result = zlib.brotliDecompressSync(body);
	} else {
		return body;
	}
	delete headers['content-encoding'];
	return result;
}

function send(prepared: Prepared, url: URL): Promise<RawResponse> {
	return new Promise((resolve, reject) => {
		if (prepared.signal?.aborted) {
			reject(new LightHttpError('canceled', 'ERR_CANCELED'));
			return;
		}
		const transport = url.protocol === 'https:' ? https : http;
		const request = transport.request(url, {
			method: prepared.method,
			headers: prepared.headers as http.OutgoingHttpHeaders,
			agent: false,
		});
		let settled = false;
		const fail = (error: LightHttpError) => {
			if (settled) return;
			settled = true;
			prepared.signal?.removeEventListener('abort', onAbort);
			request.destroy();
			reject(error);
		};
		const onAbort = () => fail(new LightHttpError('canceled', 'ERR_CANCELED'));
		prepared.signal?.addEventListener('abort', onAbort, { once: true });
		if (prepared.timeout > 0) {
			request.setTimeout(prepared.timeout, () =>
				fail(new LightHttpError(`timeout of ${prepared.timeout}ms exceeded`, 'ECONNABORTED')),
			);
		}
		request.on('error', (error: NodeJS.ErrnoException) =>
			fail(new LightHttpError(error.message, error.code, error)),
		);
		request.on('response', (response) => {
			const chunks: Buffer[] = [];
			response.on('data', (chunk: Buffer) => chunks.push(chunk));
			response.on('error', (error: NodeJS.ErrnoException) =>
				fail(new LightHttpError(error.message, error.code, error)),
			);
			response.on('end', () => {
				if (settled) return;
				settled = true;
				prepared.signal?.removeEventListener('abort', onAbort);
				const headers = { ...response.headers } as Record<string, unknown>;
				try {
					resolve({
						status: response.statusCode ?? 0,
						statusText: response.statusMessage ?? '',
						headers,
						body: decompress(Buffer.concat(chunks), headers),
					});
				} catch (error) {
					reject(new LightHttpError((error as Error).message, 'ERR_BAD_RESPONSE', error));
				}
			});
		});
		if (prepared.data !== undefined) request.write(prepared.data);
		request.end();
	});
}

const REDIRECTS = new Set([301, 302, 303, 307, 308]);

/** n8n-core's `helpers.httpRequest`, as far as a node can tell. */
export async function lightHttpRequest(
	options: IHttpRequestOptions,
): Promise<IN8nHttpFullResponse | unknown> {
	const prepared = prepare(options);
	let url = prepared.url;
	let raw = await send(prepared, url);
	for (let hops = 0; REDIRECTS.has(raw.status) && raw.headers.location; hops++) {
		if (hops >= prepared.maxRedirects) {
			if (prepared.maxRedirects === 0) break;
			throw new LightHttpError('Maximum number of redirects exceeded', 'ERR_FR_TOO_MANY_REDIRECTS');
		}
		url = new URL(String(raw.headers.location), url);
		if (
			raw.status === 303 ||
			((raw.status === 301 || raw.status === 302) && prepared.method === 'POST')
		) {
			prepared.method = 'GET';
			prepared.data = undefined;
			removeHeader(prepared.headers, 'content-type');
			removeHeader(prepared.headers, 'content-length');
		}
		raw = await send(prepared, url);
	}

	let data: unknown;
	if (prepared.responseType === 'arraybuffer') {
		data = raw.body;
	} else {
		let text = raw.body.toString('utf8');
		if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
		data = text;
		if (text && (!prepared.responseType || prepared.responseType === 'json')) {
			try {
				data = JSON.parse(text);
			} catch (error) {
				if (prepared.responseType === 'json') {
					throw new LightHttpError((error as Error).message, 'ERR_BAD_RESPONSE', error);
				}
			}
		}
	}

	if (!prepared.validateStatus(raw.status)) {
		const error = new LightHttpError(
			`Request failed with status code ${raw.status}`,
			raw.status >= 500 ? 'ERR_BAD_RESPONSE' : 'ERR_BAD_REQUEST',
		);
		error.response = {
			status: raw.status,
			statusText: raw.statusText,
			headers: raw.headers,
			data,
		};
		throw error;
	}
	if (options.returnFullResponse) {
		return {
			body: data,
			headers: raw.headers,
			statusCode: raw.status,
			statusMessage: raw.statusText,
		} as IN8nHttpFullResponse;
	}
	return data;
}
