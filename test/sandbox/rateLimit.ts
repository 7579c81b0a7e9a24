/**
 * Rate limiting: per API key and per class, fixed window.
 *
 * A key's window for a class opens with its first counted request and lasts `windowMs`; the
 * next request after that opens a new window. Time comes from the sandbox clock, so both real
 * waiting and `clock.advance()` end a window. A refused (429) request is not counted.
 */
import type { RateClass } from './types';

export const DEFAULT_RATE_LIMITS: Record<RateClass, number> = {
	read: 200,
	write: 120,
	webhook: 60,
	webhookTest: 10,
	keyRotation: 1,
	secretRotation: 1,
	signerAsset: 60,
};

export const DEFAULT_RATE_WINDOW_MS = 60_000;

/**
 * The rate class of a request (service-api.md "Limits"):
 * - POST /webhooks/{id}/test                                        → webhookTest
 * - POST /workspaces/{id}/api-key/regenerate | /api-key/expire      → keyRotation
 * - POST /webhooks/rotate-secret, POST /workspaces/{id}/webhooks/rotate-secret → secretRotation
 * - any method on /webhooks or /webhooks/{id}                       → webhook
 * - GET /signing-requests/{id}/signers/… (signature, initials, stamp, file) and
 *   GET /seals/{id}/image (api-reference §1.3: 60 per minute)       → signerAsset
 * - otherwise GET (and HEAD) → read; POST, PUT, PATCH, DELETE → write
 * A route can override this with its own `rateClass`.
 */
export function classifyRequest(method: string, path: string): RateClass {
	const m = method.toUpperCase();
	const segments = path.split('/').filter(Boolean);
	const [first, , third, fourth] = segments;
	if (m === 'POST') {
		if (first === 'webhooks' && segments.length === 3 && third === 'test') return 'webhookTest';
		if (
			first === 'workspaces' &&
			segments.length === 4 &&
			third === 'api-key' &&
			(fourth === 'regenerate' || fourth === 'expire')
		) {
			return 'keyRotation';
		}
		if (first === 'webhooks' && segments.length === 2 && segments[1] === 'rotate-secret')
			return 'secretRotation';
		if (
			first === 'workspaces' &&
			segments.length === 4 &&
			third === 'webhooks' &&
			fourth === 'rotate-secret'
		) {
			return 'secretRotation';
		}
	}
	if (first === 'webhooks' && segments.length <= 2) return 'webhook';
	if (m === 'GET' && first === 'signing-requests' && third === 'signers') return 'signerAsset';
	if (m === 'GET' && first === 'seals' && segments.length === 3 && third === 'image')
		return 'signerAsset';
	return m === 'GET' || m === 'HEAD' ? 'read' : 'write';
}

export interface RateDecision {
	allowed: boolean;
	limit: number;
	/** Requests left in this window after this one. */
	remaining: number;
	/** Unix seconds (rounded up) when the window resets. */
	reset: number;
	/** Whole seconds to wait (>= 1); meaningful when not allowed. */
	retryAfter: number;
}

interface Bucket {
	windowStart: number;
	count: number;
}

export class RateLimiter {
	private readonly buckets = new Map<string, Bucket>();

	constructor(
		private readonly limits: Record<RateClass, number>,
		private readonly windowMs: number,
		private readonly now: () => number,
	) {}

	limitOf(rateClass: RateClass): number {
		return this.limits[rateClass];
	}

	/** Counts one request of `rateClass` for `keyId` unless the window is exhausted. */
	take(keyId: string, rateClass: RateClass): RateDecision {
		const now = this.now();
		const id = `${keyId}\u0000${rateClass}`;
		let bucket = this.buckets.get(id);
		if (!bucket || now >= bucket.windowStart + this.windowMs) {
			bucket = { windowStart: now, count: 0 };
			this.buckets.set(id, bucket);
		}
		const limit = this.limits[rateClass];
		const resetAt = bucket.windowStart + this.windowMs;
		const decision = {
			limit,
			reset: Math.ceil(resetAt / 1000),
			retryAfter: Math.max(1, Math.ceil((resetAt - now) / 1000)),
		};
		if (bucket.count >= limit) return { ...decision, allowed: false, remaining: 0 };
		bucket.count += 1;
		return { ...decision, allowed: true, remaining: limit - bucket.count };
	}

	reset(): void {
		this.buckets.clear();
	}
}
