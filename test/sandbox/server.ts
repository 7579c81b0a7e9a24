/**
 * The sandbox HTTP server (Node `http` only).
 *
 * Order of handling for every request:
 *  1. record the request in `sandbox.requests` (before anything else, so every request is logged)
 *  2. injected fault: 'reset' / 'status' answer here (request not processed); 'delay' waits, then goes on
 *  3. X-API-Version: INVALID_VERSION / UNSUPPORTED_VERSION (400), VERSION_SUNSET (410)
 *  4. Authorization: missing, unknown or expired key → 401
 *  5. rate limit for (key, class) → 429; from here on every response has X-RateLimit-* headers
 *  6. route lookup → 404 JSON for an unknown method+path
 *  7. JSON body → 400 VALIDATION_ERROR when the body is not valid JSON
 *  8. the route handler (its own 400/403/404 checks)
 * Every response has Content-Type application/json, X-Request-Id and X-API-Version.
 *
 * Every route, API or not, comes from the one router (router.ts, areas listed in routes/index.ts).
 * Exception: `/_files/…` (pre-signed file URLs) and `/_sandbox/…` (simulated signers, DNS, master
 * switches) bypass all of the above — no key, no version check, no rate limit, no faults — and are
 * not recorded in `requests`: route lookup → 404 JSON, JSON body → 400, then the handler.
 */
import { randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

import { ApiError, routeNotFound, rateLimited, unauthorized, validationError } from './errors';
import { FaultQueue } from './faults';
import {
	DEFAULT_RATE_LIMITS,
	DEFAULT_RATE_WINDOW_MS,
	RateLimiter,
	classifyRequest,
} from './rateLimit';
import {
	isInternalPath,
	type InternalResponse,
	type RequestContext,
	type RouteMatch,
} from './router';
import { buildRouter } from './routes';
import { SandboxState } from './state';
import type {
	Fault,
	RateClass,
	RecordedRequest,
	SandboxClock,
	SandboxOptions,
	VersionInfo,
} from './types';
import { resolveVersion } from './versioning';
import { simulatorOf } from './signing/context';
import { SigningStore } from './signing/models';
import type { SigningSimulator } from './signing/simulate';
import { attachWebhooks, type DeliveryRecord, type SandboxWebhooks } from './webhooks';

export interface Sandbox {
	/** Service base URL, e.g. http://127.0.0.1:41234 — paths such as /workspaces hang directly off it. */
	url: string;
	port: number;
	/** In-memory data, for assertions and set-up. */
	state: SandboxState;
	/** Every request received, in arrival order (including errors, faults and 429s). */
	requests: RecordedRequest[];
	clearRequests(): void;
	injectFault(fault: Fault): void;
	/** Drops the injected faults not used up yet. */
	clearFaults(): void;
	/** Forgets all rate-limit counters. */
	resetRateLimits(): void;
	clock: SandboxClock;
	/** Templates and signing requests (find by id, list, status, pre-signed files). */
	signing: SigningStore;
	/** Simulated signers: view, sign, decline, expire, signAll (also over HTTP under /_sandbox/). */
	simulate: SigningSimulator;
	/** Webhook area controls: master switches, secrets, flush() of pending deliveries. */
	webhooks: SandboxWebhooks;
	/** Every webhook delivery attempt (same array as `webhooks.deliveries`). */
	deliveries: DeliveryRecord[];
	close(): Promise<void>;
}

interface Response {
	status: number;
	/** Serialised as JSON. */
	body?: unknown;
	/** Sent as-is instead of `body` (a fault's string body). */
	payload?: string;
	headers: Record<string, string>;
}

interface ResolvedOptions {
	host: string;
	port: number;
	rateLimitWindowMs: number;
	rateLimits: Record<RateClass, number>;
	versions: Record<number, VersionInfo>;
	currentVersion: number;
	startingCredits: number;
	autoSignAfterMs: number | undefined;
}

function resolveOptions(options: SandboxOptions): ResolvedOptions {
	return {
		host: options.host ?? '127.0.0.1',
		port: options.port ?? 0,
		rateLimitWindowMs: options.rateLimitWindowMs ?? DEFAULT_RATE_WINDOW_MS,
		rateLimits: { ...DEFAULT_RATE_LIMITS, ...options.rateLimits },
		versions: options.versions ?? { 1: { status: 'active' } },
		currentVersion: options.currentVersion ?? 1,
		startingCredits: options.startingCredits ?? 100,
		autoSignAfterMs: options.autoSignAfterMs,
	};
}

export async function startSandbox(options: SandboxOptions = {}): Promise<Sandbox> {
	const opts = resolveOptions(options);

	let offset = 0;
	const clock: SandboxClock = {
		now: () => Date.now() + offset,
		advance: (ms: number) => {
			offset += ms;
		},
	};
	const state = new SandboxState(clock, { startingCredits: opts.startingCredits });
	const signing = new SigningStore(state, { autoSignAfterMs: opts.autoSignAfterMs });
	const simulate = simulatorOf(signing);
	const webhookArea = attachWebhooks(state, {
		retryScale: options.webhookRetryScale,
		timeoutMs: options.webhookTimeoutMs,
		testOnCreate: options.webhookTestOnCreate,
	});
	const limiter = new RateLimiter(opts.rateLimits, opts.rateLimitWindowMs, clock.now);
	const faults = new FaultQueue();
	const router = buildRouter();
	const requests: RecordedRequest[] = [];

	const sockets = new Set<Socket>();
	const timers = new Set<NodeJS.Timeout>();
	let closed = false;

	const sleep = (ms: number) =>
		new Promise<void>((resolve) => {
			const timer = setTimeout(() => {
				timers.delete(timer);
				resolve();
			}, ms);
			timers.add(timer);
		});

	async function handle(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
		const requestId = randomUUID();
		const method = (req.method ?? 'GET').toUpperCase();
		const url = new URL(req.url ?? '/', 'http://sandbox.local');
		const path = normalizePath(url.pathname);
		const match = router.match(method, path);
		if (isInternalPath(path)) {
			const rawBody = (await readBodyBytes(req)).toString('utf8');
			const query = Object.fromEntries(url.searchParams);
			const internal = { method, path, query, headers: flattenHeaders(req.headers), rawBody };
			writeInternal(res, await processInternal(match, internal));
			return;
		}
		const record: RecordedRequest = {
			method,
			path,
			query: Object.fromEntries(url.searchParams),
			headers: flattenHeaders(req.headers),
			body: undefined,
			rawBody: '',
			status: 0,
			at: clock.now(),
			requestId,
		};
		requests.push(record);

		const rawBytes = await readBodyBytes(req);
		record.rawBody = rawBytes.toString('utf8');
		// multipart/form-data (file uploads such as logos) is not JSON: handlers read `rawBytes`.
		const multipart = /^multipart\/form-data/i.test(record.headers['content-type'] ?? '');
		const parsed: ParsedJson = multipart
			? { ok: true, value: undefined }
			: parseJson(record.rawBody);
		record.body = parsed.ok ? parsed.value : undefined;

		const fault = faults.take(method, path);
		if (fault?.kind === 'reset') {
			req.socket.destroy();
			return;
		}
		let response: Response;
		if (fault?.kind === 'status') {
			response = faultResponse(fault, requestId);
			record.injected = true;
		} else {
			if (fault?.kind === 'delay') await sleep(fault.delayMs ?? 0);
			if (closed) return;
			response = await processRequest(match, record, parsed, requestId, rawBytes);
		}
		record.status = response.status;
		record.responseBody =
			response.body === undefined ? undefined : JSON.parse(JSON.stringify(response.body));
		send(res, response);
	}

	async function processRequest(
		match: RouteMatch | undefined,
		record: RecordedRequest,
		parsed: ParsedJson,
		requestId: string,
		rawBytes: Buffer,
	): Promise<Response> {
		const headers: Record<string, string> = { 'X-Request-Id': requestId };

		const version = resolveVersion(
			record.headers['x-api-version'],
			opts.versions,
			opts.currentVersion,
		);
		Object.assign(headers, version.headers);
		if (version.error) return errorResponse(version.error, headers);

		const auth = state.authenticate(extractKey(record.headers.authorization));
		if (!auth) return errorResponse(unauthorized(), headers);

		const routeClass = match && !match.route.internal ? match.route.rateClass : undefined;
		const rateClass = routeClass ?? classifyRequest(record.method, record.path);
		const decision = limiter.take(auth.key.id, rateClass);
		headers['X-RateLimit-Limit'] = String(decision.limit);
		headers['X-RateLimit-Remaining'] = String(decision.remaining);
		headers['X-RateLimit-Reset'] = String(decision.reset);
		if (!decision.allowed) return errorResponse(rateLimited(decision.retryAfter), headers);

		if (!match || match.route.internal)
			return errorResponse(routeNotFound(record.method, record.path), headers);
		if (!parsed.ok) {
			return errorResponse(
				validationError({ body: parsed.error }, 'Request body is not valid JSON'),
				headers,
			);
		}

		const ctx: RequestContext = {
			method: record.method,
			path: record.path,
			params: match.params,
			query: record.query,
			headers: record.headers,
			body: parsed.value,
			rawBody: record.rawBody,
			rawBytes,
			version: version.version,
			auth,
			state,
			requestId,
		};
		try {
			const result = await match.route.handler(ctx);
			return {
				status: result.status ?? 200,
				body: result.body,
				headers: { ...headers, ...result.headers },
			};
		} catch (err) {
			if (err instanceof ApiError) return errorResponse(err, headers);
			const message = err instanceof Error ? err.message : String(err);
			return {
				status: 500,
				body: { error: 'Internal Server Error', code: 'INTERNAL_ERROR', message },
				headers,
			};
		}
	}

	async function processInternal(
		match: RouteMatch | undefined,
		req: {
			method: string;
			path: string;
			query: Record<string, string>;
			headers: Record<string, string>;
			rawBody: string;
		},
	): Promise<InternalResponse> {
		if (!match || !match.route.internal) {
			return {
				status: 404,
				body: {
					error: 'Not Found',
					code: 'NOT_FOUND',
					message: `No route for ${req.method} ${req.path}`,
				},
			};
		}
		let body: unknown;
		if (/^application\/x-www-form-urlencoded\b/i.test(req.headers['content-type'] ?? '')) {
			// A form of a sandbox page (the signing page's buttons).
			body = Object.fromEntries(new URLSearchParams(req.rawBody));
		} else if (req.rawBody.trim() !== '') {
			try {
				body = JSON.parse(req.rawBody);
			} catch (err) {
				return {
					status: 400,
					body: {
						error: 'Validation Error',
						code: 'VALIDATION_ERROR',
						message: 'Request body is not valid JSON',
						details: { body: String(err) },
					},
				};
			}
		}
		const { method, path, query, headers } = req;
		try {
			return await match.route.handler({
				method,
				path,
				query,
				headers,
				params: match.params,
				body,
				state,
				store: signing,
				simulate,
			});
		} catch (err) {
			if (err instanceof ApiError)
				return { status: err.status, body: err.body, headers: err.headers };
			return {
				status: 500,
				body: { error: 'Internal Server Error', code: 'INTERNAL_ERROR', message: String(err) },
			};
		}
	}

	const server = http.createServer((req, res) => {
		handle(req, res).catch((err) => {
			if (!res.headersSent && !res.destroyed) {
				send(res, {
					status: 500,
					body: { error: 'Internal Server Error', code: 'INTERNAL_ERROR', message: String(err) },
					headers: {},
				});
			}
		});
	});
	server.on('connection', (socket) => {
		sockets.add(socket);
		socket.on('close', () => sockets.delete(socket));
	});

	await new Promise<void>((resolve, reject) => {
		server.once('error', reject);
		server.listen(opts.port, opts.host, () => {
			server.off('error', reject);
			resolve();
		});
	});
	const port = (server.address() as AddressInfo).port;
	signing.baseUrl = `http://${opts.host.includes(':') ? `[${opts.host}]` : opts.host}:${port}`;

	return {
		url: `http://${opts.host.includes(':') ? `[${opts.host}]` : opts.host}:${port}`,
		port,
		state,
		requests,
		clearRequests: () => {
			requests.length = 0;
		},
		injectFault: (fault) => faults.add(fault),
		clearFaults: () => faults.clear(),
		resetRateLimits: () => limiter.reset(),
		clock,
		signing,
		simulate,
		webhooks: webhookArea.controls,
		deliveries: webhookArea.controls.deliveries,
		close: () => {
			if (closed) return Promise.resolve();
			closed = true;
			signing.dispose();
			webhookArea.close();
			for (const timer of timers) clearTimeout(timer);
			timers.clear();
			return new Promise<void>((resolve) => {
				server.close(() => resolve());
				for (const socket of sockets) socket.destroy();
			});
		},
	};
}

// ---- helpers ----------------------------------------------------------------------------------

type ParsedJson = { ok: true; value: unknown } | { ok: false; error: string };

function parseJson(raw: string): ParsedJson {
	if (raw.trim() === '') return { ok: true, value: undefined };
	try {
		return { ok: true, value: JSON.parse(raw) };
	} catch (err) {
		return {
			ok: false,
			error: `Invalid JSON: ${err instanceof Error ? err.message : String(err)}`,
		};
	}
}

/** `Authorization: <key>` or `Authorization: Bearer <key>` (prefix case-insensitive). */
function extractKey(header: string | undefined): string {
	const value = (header ?? '').trim();
	const bearer = /^bearer\s+(.+)$/i.exec(value);
	return (bearer ? bearer[1] : value).trim();
}

function normalizePath(pathname: string): string {
	const trimmed = pathname.replace(/\/+$/, '');
	return trimmed === '' ? '/' : trimmed;
}

function flattenHeaders(headers: http.IncomingHttpHeaders): Record<string, string> {
	const out: Record<string, string> = {};
	for (const [name, value] of Object.entries(headers)) {
		if (value === undefined) continue;
		out[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : value;
	}
	return out;
}

function readBodyBytes(req: http.IncomingMessage): Promise<Buffer> {
	return new Promise((resolve) => {
		const chunks: Buffer[] = [];
		req.on('data', (chunk: Buffer) => chunks.push(chunk));
		req.on('end', () => resolve(Buffer.concat(chunks)));
		req.on('error', () => resolve(Buffer.concat(chunks)));
	});
}

/** A sandbox-only route's answer: JSON, or raw bytes with the Content-Type of `headers`. */
function writeInternal(res: http.ServerResponse, response: InternalResponse): void {
	if (res.destroyed || res.headersSent) return;
	const payload =
		response.raw ?? Buffer.from(response.body === undefined ? '' : JSON.stringify(response.body));
	res.setHeader('Content-Type', 'application/json');
	for (const [name, value] of Object.entries(response.headers ?? {}))
		res.setHeader(name, headerValue(value));
	res.setHeader('Content-Length', String(payload.length));
	res.writeHead(response.status ?? 200);
	res.end(payload);
}

function errorResponse(err: ApiError, headers: Record<string, string>): Response {
	return { status: err.status, body: err.body, headers: { ...headers, ...err.headers } };
}

function faultResponse(fault: Fault, requestId: string): Response {
	const headers = { 'X-Request-Id': requestId, ...fault.headers };
	const status = fault.status ?? 500;
	if (typeof fault.body === 'string') return { status, payload: fault.body, headers };
	const body = fault.body ?? {
		error: 'Internal Server Error',
		code: 'INJECTED_FAULT',
		message: 'Injected fault',
	};
	return { status, body, headers };
}

/** Header values must be printable ASCII for Node's http module. */
function headerValue(value: string): string {
	return value.replace(/[^\x20-\x7e\t]/g, '?');
}

function send(res: http.ServerResponse, response: Response): void {
	if (res.destroyed || res.headersSent) return;
	const payload =
		response.payload ?? (response.body === undefined ? '' : JSON.stringify(response.body));
	res.setHeader('Content-Type', 'application/json');
	for (const [name, value] of Object.entries(response.headers))
		res.setHeader(name, headerValue(value));
	res.setHeader('Content-Length', String(Buffer.byteLength(payload)));
	res.writeHead(response.status);
	res.end(payload);
}
