/**
 * The sandbox's one router: every route of every area, API and sandbox-only alike, in one table
 * (filled from the list of areas in `routes/index.ts`). Paths use `:name` segments for parameters,
 * e.g. `/workspaces/:id`; the first registered route that fits wins, so register literal paths
 * (`/webhooks/rotate-secret`) before parameterised ones (`/webhooks/:id`).
 *
 * Two kinds of route, told apart by their path:
 * - API routes go through the whole pipeline of server.ts (recorded, faults, version, key, rate
 *   limit); their handlers get a `RequestContext`.
 * - Sandbox-only routes under `/_files/` (pre-signed file URLs) and `/_sandbox/` (simulated signers,
 *   DNS, master switches) skip all of that; their handlers get an `InternalRequest`.
 */
import type { SigningStore } from './signing/models';
import type { SigningSimulator } from './signing/simulate';
import type { SandboxState, AuthContext } from './state';
import type { RateClass } from './types';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** Everything a handler needs about the current request. */
export interface RequestContext {
	method: string;
	path: string;
	params: Record<string, string>;
	query: Record<string, string>;
	/** Lower-case header names. */
	headers: Record<string, string>;
	/** Parsed JSON body (undefined when empty). Invalid JSON never reaches a handler (400). */
	body: unknown;
	rawBody: string;
	/** The body as received (multipart file uploads); same bytes as `rawBody`. */
	rawBytes?: Buffer;
	/** The API version applied to this request. */
	version: number;
	/** The authenticated caller (company, workspace, mode, protected). */
	auth: AuthContext;
	state: SandboxState;
	requestId: string;
}

export interface RouteResult {
	status?: number; // default 200
	body?: unknown;
	headers?: Record<string, string>;
}

export type Handler = (ctx: RequestContext) => RouteResult | Promise<RouteResult>;

/** A request to a sandbox-only route (`/_files/…`, `/_sandbox/…`): no key, no version. */
export interface InternalRequest {
	method: string;
	path: string;
	params: Record<string, string>;
	query: Record<string, string>;
	headers: Record<string, string>;
	/**
	 * Parsed JSON body; undefined when empty. Invalid JSON → 400 before the handler. A form post
	 * (`application/x-www-form-urlencoded`, a sandbox page's button) gives its fields as strings.
	 */
	body: unknown;
	state: SandboxState;
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

export type RouteDef =
	| {
			internal: false;
			method: HttpMethod;
			path: string;
			handler: Handler;
			/** Overrides the class chosen by `classifyRequest(method, path)`. */
			rateClass?: RateClass;
	  }
	| { internal: true; method: HttpMethod; path: string; handler: InternalHandler };

export interface RouteMatch {
	route: RouteDef;
	params: Record<string, string>;
}

/** `/_files/…` and `/_sandbox/…`: outside the API pipeline (see server.ts). */
export function isInternalPath(path: string): boolean {
	return (
		path === '/_files' ||
		path.startsWith('/_files/') ||
		path === '/_sandbox' ||
		path.startsWith('/_sandbox/')
	);
}

export class Router {
	private readonly routes: Array<{ def: RouteDef; segments: string[] }> = [];

	add(def: RouteDef): this {
		if (def.internal !== isInternalPath(def.path)) {
			throw new Error(
				`${def.method} ${def.path}: sandbox-only routes live under /_files/ or /_sandbox/, API routes never do`,
			);
		}
		this.routes.push({ def, segments: splitPath(def.path) });
		return this;
	}

	get(path: string, handler: Handler, rateClass?: RateClass): this {
		return this.add({ internal: false, method: 'GET', path, handler, rateClass });
	}

	post(path: string, handler: Handler, rateClass?: RateClass): this {
		return this.add({ internal: false, method: 'POST', path, handler, rateClass });
	}

	put(path: string, handler: Handler, rateClass?: RateClass): this {
		return this.add({ internal: false, method: 'PUT', path, handler, rateClass });
	}

	patch(path: string, handler: Handler, rateClass?: RateClass): this {
		return this.add({ internal: false, method: 'PATCH', path, handler, rateClass });
	}

	delete(path: string, handler: Handler, rateClass?: RateClass): this {
		return this.add({ internal: false, method: 'DELETE', path, handler, rateClass });
	}

	/** A sandbox-only route (path under `/_files/` or `/_sandbox/`). */
	internal(method: HttpMethod, path: string, handler: InternalHandler): this {
		return this.add({ internal: true, method, path, handler });
	}

	/** Every route, in registration (= matching) order. */
	list(): readonly RouteDef[] {
		return this.routes.map((r) => r.def);
	}

	/** The first route registered for this method whose pattern fits the path. */
	match(method: string, path: string): RouteMatch | undefined {
		const segments = splitPath(path);
		for (const { def, segments: patterns } of this.routes) {
			if (def.method !== method.toUpperCase() || patterns.length !== segments.length) continue;
			const params: Record<string, string> = {};
			const fits = patterns.every((pattern, i) => {
				if (pattern.startsWith(':')) {
					params[pattern.slice(1)] = safeDecode(segments[i]);
					return true;
				}
				return pattern === segments[i];
			});
			if (fits) return { route: def, params };
		}
		return undefined;
	}
}

function safeDecode(segment: string): string {
	try {
		return decodeURIComponent(segment);
	} catch {
		return segment;
	}
}

function splitPath(path: string): string[] {
	return path.split('/').filter(Boolean);
}
