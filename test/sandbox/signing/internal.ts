/**
 * Requests outside the API pipeline: `/_files/…` (pre-signed file URLs) and `/_sandbox/…`
 * (simulated signers). No API key, no rate limit, no X-API-Version check, no injected faults,
 * and they are not recorded in `sandbox.requests` (they are not API calls). See server.ts.
 *
 * Routes are registered by routes/files.ts and routes/simulate.ts.
 */
import type http from 'node:http';

import { ApiError } from '../errors';
import type { SigningStore } from './models';
import type { SigningSimulator } from './simulate';

export interface InternalRequest {
	method: string;
	path: string;
	params: Record<string, string>;
	query: Record<string, string>;
	headers: Record<string, string>;
	/** Parsed JSON body; undefined when empty. Invalid JSON → 400 before the handler. */
	body: unknown;
	store: SigningStore;
	simulate: SigningSimulator;
}

export interface InternalResponse {
	status?: number;
	/** JSON body. */
	body?: unknown;
	/** Raw bytes instead of JSON (Content-Type from `headers`). */
	raw?: Buffer;
	headers?: Record<string, string>;
}

export type InternalHandler = (
	req: InternalRequest,
) => InternalResponse | Promise<InternalResponse>;

interface InternalRoute {
	method: string;
	segments: string[];
	handler: InternalHandler;
}

export class InternalRouter {
	private readonly routes: InternalRoute[] = [];

	add(method: string, path: string, handler: InternalHandler): this {
		this.routes.push({
			method: method.toUpperCase(),
			segments: path.split('/').filter(Boolean),
			handler,
		});
		return this;
	}

	match(
		method: string,
		path: string,
	): { handler: InternalHandler; params: Record<string, string> } | undefined {
		const segments = path.split('/').filter(Boolean);
		for (const route of this.routes) {
			if (route.method !== method.toUpperCase() || route.segments.length !== segments.length)
				continue;
			const params: Record<string, string> = {};
			const fits = route.segments.every((pattern, i) => {
				if (pattern.startsWith(':')) {
					try {
						params[pattern.slice(1)] = decodeURIComponent(segments[i]);
					} catch {
						params[pattern.slice(1)] = segments[i];
					}
					return true;
				}
				return pattern === segments[i];
			});
			if (fits) return { handler: route.handler, params };
		}
		return undefined;
	}
}

export function isInternalPath(path: string): boolean {
	return (
		path === '/_files' ||
		path.startsWith('/_files/') ||
		path === '/_sandbox' ||
		path.startsWith('/_sandbox/')
	);
}

export async function handleInternal(
	router: InternalRouter,
	store: SigningStore,
	simulate: SigningSimulator,
	req: {
		method: string;
		path: string;
		query: Record<string, string>;
		headers: Record<string, string>;
		rawBody: string;
	},
): Promise<InternalResponse> {
	const match = router.match(req.method, req.path);
	if (!match) {
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
	if (req.rawBody.trim() !== '') {
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
	try {
		return await match.handler({ ...req, params: match.params, body, store, simulate });
	} catch (err) {
		if (err instanceof ApiError)
			return { status: err.status, body: err.body, headers: err.headers };
		return {
			status: 500,
			body: { error: 'Internal Server Error', code: 'INTERNAL_ERROR', message: String(err) },
		};
	}
}

export function writeInternal(res: http.ServerResponse, response: InternalResponse): void {
	if (res.destroyed || res.headersSent) return;
	const payload =
		response.raw ?? Buffer.from(response.body === undefined ? '' : JSON.stringify(response.body));
	res.setHeader('Content-Type', 'application/json');
	for (const [name, value] of Object.entries(response.headers ?? {}))
		res.setHeader(name, value.replace(/[^\x20-\x7e\t]/g, '?'));
	res.setHeader('Content-Length', String(payload.length));
	res.writeHead(response.status ?? 200);
	res.end(payload);
}
