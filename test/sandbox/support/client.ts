/**
 * Tiny fetch wrapper for the sandbox's own tests.
 */
import type { Sandbox } from '../server';

export interface CallOptions {
	/** Sent as the Authorization header as-is (bare key or "Bearer ..."); omit for no header. */
	auth?: string;
	body?: unknown;
	/** Sent verbatim instead of `body` (e.g. invalid JSON). */
	rawBody?: string;
	headers?: Record<string, string>;
	query?: Record<string, string | number | boolean>;
}

export interface CallResult<T = any> {
	status: number;
	headers: Headers;
	body: T;
}

export async function call<T = any>(
	sandbox: Pick<Sandbox, 'url'>,
	method: string,
	path: string,
	options: CallOptions = {},
): Promise<CallResult<T>> {
	const url = new URL(path, sandbox.url);
	for (const [k, v] of Object.entries(options.query ?? {})) url.searchParams.set(k, String(v));
	const headers: Record<string, string> = { ...options.headers };
	if (options.auth !== undefined) headers.Authorization = options.auth;
	let payload: string | undefined = options.rawBody;
	if (payload === undefined && options.body !== undefined) payload = JSON.stringify(options.body);
	if (payload !== undefined) headers['Content-Type'] = 'application/json';
	const res = await fetch(url, { method, headers, body: payload });
	const text = await res.text();
	let body: unknown = text;
	try {
		body = text === '' ? undefined : JSON.parse(text);
	} catch {
		// keep the text
	}
	return { status: res.status, headers: res.headers, body: body as T };
}
