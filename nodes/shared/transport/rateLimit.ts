import { createHash } from 'crypto';

/**
 * The service's rate-limit classes (service-api.md "Limits"). Every request belongs to exactly one.
 */
export type RateClass =
	| 'read'
	| 'write'
	| 'webhook'
	| 'webhookTest'
	| 'keyRotation'
	| 'secretRotation'
	| 'signerAsset';

/** Requests per minute the service allows for each class. */
export const RATE_LIMITS: Readonly<Record<RateClass, number>> = {
	read: 200,
	write: 120,
	webhook: 60,
	webhookTest: 10,
	keyRotation: 1,
	secretRotation: 1,
	signerAsset: 60,
};

export const RATE_CLASS_LABELS: Readonly<Record<RateClass, string>> = {
	read: 'read requests (200 per minute)',
	write: 'write requests (120 per minute)',
	webhook: 'webhook requests (60 per minute)',
	webhookTest: 'webhook test deliveries (10 per minute)',
	keyRotation: 'API key regenerate/expire (1 per minute)',
	secretRotation: 'webhook secret rotation (1 per minute)',
	signerAsset: 'signer signature, initials, stamp, file and seal image retrieval (60 per minute)',
};

/** Window the published limits refer to. */
const WINDOW_MS = 60_000;

/** Which class a request counts against. */
export function rateClassOf(method: string, path: string): RateClass {
	const upper = method.toUpperCase();
	const clean = path.split('?')[0].replace(/\/+$/, '');
	if (upper === 'POST' && /^\/workspaces\/[^/]+\/api-key\/(regenerate|expire)$/.test(clean)) {
		return 'keyRotation';
	}
	if (upper === 'POST' && /^(\/workspaces\/[^/]+)?\/webhooks\/rotate-secret$/.test(clean)) {
		return 'secretRotation';
	}
	if (upper === 'POST' && /^\/webhooks\/[^/]+\/test$/.test(clean)) return 'webhookTest';
	if (/^\/webhooks(\/[^/]+)?$/.test(clean)) return 'webhook';
	if (
		upper === 'GET' &&
		(/^\/signing-requests\/[^/]+\/signers\//.test(clean) || /^\/seals\/[^/]+\/image$/.test(clean))
	) {
		return 'signerAsset';
	}
	return upper === 'GET' || upper === 'HEAD' ? 'read' : 'write';
}

interface ClassState {
	/** Published limit per minute, for pacing before the service has said anything. */
	limit: number;
	/** Whether the service has sent rate-limit headers for this class: from then on they rule. */
	informed: boolean;
	/** What the service last said is left in its current window. */
	remaining?: number;
	/** When the service's current window ends (ms since epoch). */
	resetAt?: number;
	/** Send times of our own requests, for pacing when the service sends no headers. */
	sentAt: number[];
}

/**
 * Client-side pacing for one API key.
 *
 * The service's own `X-RateLimit-Remaining` / `X-RateLimit-Reset` headers drive it: when a class has
 * nothing left, the next request of that class waits for the reset instead of being sent; once the
 * reset has passed, the next request goes out and its answer reports the new window. Until the
 * service has sent such headers for a class, a local sliding window of the published per-minute
 * limit keeps a burst inside the limit.
 */
export class RateLimiter {
	private readonly classes = new Map<RateClass, ClassState>();

	constructor(private readonly now: () => number = () => Date.now()) {}

	private state(rateClass: RateClass): ClassState {
		let state = this.classes.get(rateClass);
		if (!state) {
			state = { limit: RATE_LIMITS[rateClass], informed: false, sentAt: [] };
			this.classes.set(rateClass, state);
		}
		return state;
	}

	/** Milliseconds to wait before the next request of this class may be sent (0 = now). */
	delayFor(rateClass: RateClass): number {
		const state = this.state(rateClass);
		const now = this.now();
		if (state.resetAt !== undefined && now >= state.resetAt) {
			// The service's window is over: what it told us no longer holds.
			state.remaining = undefined;
			state.resetAt = undefined;
		}
		if (state.remaining !== undefined && state.resetAt !== undefined) {
			return state.remaining > 0 ? 0 : state.resetAt - now;
		}
		if (state.informed) return 0;
		state.sentAt = state.sentAt.filter((at) => at > now - WINDOW_MS);
		if (state.sentAt.length < state.limit) return 0;
		return state.sentAt[state.sentAt.length - state.limit] + WINDOW_MS - now;
	}

	/**
	 * Where the current delay of a class comes from: the service's own window (`X-RateLimit-Reset`)
	 * or the local pacing of the published limit.
	 */
	delaySource(rateClass: RateClass): 'reset' | 'pacing' {
		const state = this.state(rateClass);
		return state.remaining !== undefined && state.resetAt !== undefined ? 'reset' : 'pacing';
	}

	/**
	 * What the service last said is left of a class in its current window; undefined when it has
	 * said nothing, or that window is over.
	 */
	remaining(rateClass: RateClass): number | undefined {
		const state = this.state(rateClass);
		if (state.resetAt === undefined || this.now() >= state.resetAt) return undefined;
		return state.remaining;
	}

	/** Count a request that is being sent now. */
	record(rateClass: RateClass): void {
		const state = this.state(rateClass);
		state.sentAt.push(this.now());
		if (state.sentAt.length > state.limit)
			state.sentAt.splice(0, state.sentAt.length - state.limit);
		if (state.remaining !== undefined) state.remaining = Math.max(0, state.remaining - 1);
	}

	/** Learn the service's view from a response's `X-RateLimit-*` headers. */
	update(rateClass: RateClass, headers: Record<string, unknown>): void {
		const remaining = headerNumber(headers, 'x-ratelimit-remaining');
		const reset = headerNumber(headers, 'x-ratelimit-reset');
		const state = this.state(rateClass);
		if (remaining !== undefined && reset !== undefined) {
			state.informed = true;
			state.remaining = Math.max(0, remaining);
			state.resetAt = reset * 1000;
		}
	}
}

export function headerValue(headers: Record<string, unknown>, name: string): string | undefined {
	const wanted = name.toLowerCase();
	for (const [key, value] of Object.entries(headers ?? {})) {
		if (key.toLowerCase() !== wanted) continue;
		if (Array.isArray(value)) return value.length ? String(value[0]) : undefined;
		return value === undefined || value === null ? undefined : String(value);
	}
	return undefined;
}

export function headerNumber(headers: Record<string, unknown>, name: string): number | undefined {
	const raw = headerValue(headers, name);
	if (raw === undefined || raw.trim() === '') return undefined;
	const value = Number(raw);
	return Number.isFinite(value) ? value : undefined;
}

/**
 * One limiter per API key (the service counts per key), shared by every item and every node of
 * an execution in this process. Keys are held only as a hash.
 */
const limiters = new Map<string, RateLimiter>();
const MAX_LIMITERS = 500;

export function limiterFor(baseUrl: string, apiKey: string): RateLimiter {
	const id = createHash('sha256').update(`${baseUrl}\n${apiKey}`).digest('hex');
	let limiter = limiters.get(id);
	if (!limiter) {
		if (limiters.size >= MAX_LIMITERS) {
			const oldest = limiters.keys().next().value;
			if (oldest !== undefined) limiters.delete(oldest);
		}
		limiter = new RateLimiter();
		limiters.set(id, limiter);
	}
	return limiter;
}

/** For tests: forget everything learned about every key. */
export function resetRateLimiters(): void {
	limiters.clear();
}
