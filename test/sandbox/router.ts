/**
 * A small router. Each area registers its routes in its own file under `routes/`
 * (see `routes/index.ts`). Paths use `:name` segments for parameters, e.g. `/workspaces/:id`.
 */
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

export interface RouteDef {
	method: HttpMethod;
	path: string;
	handler: Handler;
	/** Overrides the class chosen by `classifyRequest(method, path)`. */
	rateClass?: RateClass;
}

interface CompiledRoute extends RouteDef {
	segments: string[];
}

export interface RouteMatch {
	route: RouteDef;
	params: Record<string, string>;
}

export class Router {
	private readonly routes: CompiledRoute[] = [];

	add(def: RouteDef): this {
		this.routes.push({ ...def, segments: splitPath(def.path) });
		return this;
	}

	get(path: string, handler: Handler, rateClass?: RateClass): this {
		return this.add({ method: 'GET', path, handler, rateClass });
	}

	post(path: string, handler: Handler, rateClass?: RateClass): this {
		return this.add({ method: 'POST', path, handler, rateClass });
	}

	put(path: string, handler: Handler, rateClass?: RateClass): this {
		return this.add({ method: 'PUT', path, handler, rateClass });
	}

	patch(path: string, handler: Handler, rateClass?: RateClass): this {
		return this.add({ method: 'PATCH', path, handler, rateClass });
	}

	delete(path: string, handler: Handler, rateClass?: RateClass): this {
		return this.add({ method: 'DELETE', path, handler, rateClass });
	}

	/**
	 * The first route registered for this method whose pattern fits the path. Routes are tried in
	 * registration order, so register literal paths (`/webhooks/rotate-secret`) before
	 * parameterised ones (`/webhooks/:id`).
	 */
	match(method: string, path: string): RouteMatch | undefined {
		const segments = splitPath(path);
		for (const route of this.routes) {
			if (route.method !== method.toUpperCase() || route.segments.length !== segments.length)
				continue;
			const params: Record<string, string> = {};
			const fits = route.segments.every((pattern, i) => {
				if (pattern.startsWith(':')) {
					params[pattern.slice(1)] = safeDecode(segments[i]);
					return true;
				}
				return pattern === segments[i];
			});
			if (fits) return { route, params };
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
