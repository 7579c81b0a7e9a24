import { createHash } from 'crypto';
import { sleep } from 'n8n-workflow';

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

/** What each class is, in words (its limit is added by `rateClassLabel`). */
const RATE_CLASS_WORDS: Readonly<Record<RateClass, string>> = {
	read: 'read requests',
	write: 'write requests',
	webhook: 'webhook requests',
	webhookTest: 'webhook test deliveries',
	keyRotation: 'API key regenerate/expire',
	secretRotation: 'webhook secret rotation',
	signerAsset: 'signer signature, initials, stamp, file and seal image retrieval',
};

/** "write requests (120 per minute)": the class and its limit (the service's, once it said one). */
export function rateClassLabel(rateClass: RateClass, limit = RATE_LIMITS[rateClass]): string {
	return `${RATE_CLASS_WORDS[rateClass]} (${limit} per minute)`;
}

/** Window the published limits refer to. */
export const WINDOW_MS = 60_000;
/**
 * After the service refused one of this process's requests (429), someone else uses the key too
 * (another n8n process in queue mode, another client): for this long, turns are spread.
 */
const SHARED_FOR_MS = 2 * WINDOW_MS;
/** The most a turn after a refusal is moved at random (less when the limit spaces turns closer). */
const MAX_SPREAD_MS = 1_000;

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

/** Where the time of a turn comes from (the error of a turn too far away says which). */
export type WaitSource = 'retry-after' | 'reset' | 'pacing' | 'queue';

/** When a request's turn comes, and why then. */
export interface TurnEstimate {
	/** Send time (ms since epoch). */
	at: number;
	source: WaitSource;
	/** Requests of this key and class queued before this one. */
	ahead: number;
	/** The limit per minute the turn was computed with. */
	limit: number;
}

/** A request's turn would come later than it may wait: nothing was sent. */
export class TurnTooLate extends Error {
	constructor(
		readonly waitMs: number,
		readonly source: WaitSource,
		readonly ahead: number,
		readonly limit: number,
	) {
		super(`The turn would come in ${Math.ceil(waitMs / 1000)} s`);
	}
}

/** The request left the queue because its execution was stopped: nothing was sent. */
export class TurnCancelled extends Error {
	constructor() {
		super('The execution was stopped');
	}
}

/** The answer to a request that was sent in its turn. */
export interface TurnAnswer {
	status: number;
	headers: Record<string, unknown>;
	body?: unknown;
}

/** A request's permission to be sent now; `done` reports its answer (undefined: none came). */
export interface Turn {
	done(answer?: TurnAnswer): void;
}

export interface TurnRequest {
	/** The latest acceptable send time (ms since epoch): a later turn fails at once. */
	deadline: number;
	/** The execution's cancel signal: a stopped execution's request leaves the queue. */
	signal?: AbortSignal;
	/** Queue at the front: a request the service refused (429), which had its turn already. */
	again?: boolean;
}

interface Waiter {
	deadline: number;
	resolve: (turn: Turn) => void;
	reject: (error: Error) => void;
	/** Stops listening to the execution's cancel signal. */
	release: () => void;
}

interface ClassState {
	/** Limit per minute: the published one until the service says (`X-RateLimit-Limit`). */
	limit: number;
	/**
	 * What the service said so far: nothing yet; `X-RateLimit-*` headers (from then on they rule);
	 * answers without them (then the published limit is kept locally, over a sliding minute).
	 */
	heard: 'nothing' | 'headers' | 'noHeaders';
	/** Left in the service's current window, as it said, less what this process sent since. */
	remaining?: number;
	/** When the service's current window ends (ms since epoch). */
	resetAt?: number;
	/** Whether `resetAt` came from the window's end (`X-RateLimit-Reset`) or a 429's Retry-After. */
	resetSource: 'reset' | 'retry-after';
	/** Send times of the last minute (local pacing when the service sends no headers). */
	sentAt: number[];
	/** No send before this: spaces sends made without word from the service's current window. */
	nextAt: number;
	/** Requests sent and not answered yet. */
	inFlight: number;
	/** Requests sent since the last window known ended (or since the start). */
	sentInWindow: number;
	/** Until when turns are spread (a 429 said that the key is shared). */
	sharedUntil: number;
	/** Random shift of the first turn after the reset while shared. */
	spread: number;
	queue: Waiter[];
	/**
	 * Held by choices made on what is left (`reserve`), until the holder releases them: its requests
	 * then count twice while queued or on their way, which only makes later choices more cautious.
	 */
	reserved: number;
	/** The pending wake-up for the head of the queue. */
	timer?: AbortController;
}

export interface RateLimiterDeps {
	now: () => number;
	/** Resolves after `ms`, or earlier (or rejects) once `signal` is aborted. */
	sleep: (ms: number, signal: AbortSignal) => Promise<void>;
	random: () => number;
}

const DEFAULT_DEPS: RateLimiterDeps = {
	now: () => Date.now(),
	sleep: async (ms, signal) => await sleep(ms, signal),
	random: () => Math.random(),
};

/** The wait a 429 asks for: Retry-After, else the window's end, else details.retry_after, else 1 s. */
export function retryAfterOf(
	headers: Record<string, unknown>,
	body: unknown,
	now: number,
): { ms: number; source: 'retry-after' | 'reset' } {
	const retryAfterSeconds = headerNumber(headers, 'retry-after');
	if (retryAfterSeconds !== undefined && retryAfterSeconds >= 0) {
		return { ms: retryAfterSeconds * 1000, source: 'retry-after' };
	}
	const reset = headerNumber(headers, 'x-ratelimit-reset');
	if (reset !== undefined) return { ms: Math.max(0, reset * 1000 - now), source: 'reset' };
	const details = (body as { details?: { retry_after?: unknown } } | undefined)?.details;
	const fromBody = Number(details?.retry_after);
	if (Number.isFinite(fromBody) && fromBody >= 0) {
		return { ms: fromBody * 1000, source: 'retry-after' };
	}
	return { ms: 1000, source: 'retry-after' };
}

/**
 * Turns for the requests of one API key, per class: every execution and node of this n8n process
 * that uses the key queues here, first come first served.
 *
 * - Within what the service said is left of its current window (`X-RateLimit-Remaining` before
 *   `X-RateLimit-Reset`, less what was sent since), a request goes at once.
 * - Beyond that, turns are spaced at the limit's pace (a minute ÷ `X-RateLimit-Limit`) from the
 *   window's end on; as soon as an answer reports the new window, what it has left goes at once.
 *   So nothing is sent into a window the service said is used up, and a window never gets more
 *   than its share, however many requests wait.
 * - A 429 means someone else uses the key too (another n8n process in queue mode): nothing is left
 *   until its Retry-After, the refused request queues again at the front, and for two minutes the
 *   turns are spread: what the service says is left is spent evenly over the rest of its window,
 *   and the first turn after the reset is moved by a small random amount.
 * - Before the service has said anything, one request goes and the others wait for its answer (or
 *   the limit's pace); a service that sends no such headers gets the published limit over a
 *   sliding minute.
 * - A request whose turn would come after its deadline fails at once (`TurnTooLate`, saying when
 *   the turn would have come and why); a stopped execution's request leaves the queue.
 */
export class RateLimiter {
	private readonly classes = new Map<RateClass, ClassState>();
	private readonly deps: RateLimiterDeps;

	constructor(deps: Partial<RateLimiterDeps> = {}) {
		this.deps = { ...DEFAULT_DEPS, ...deps };
	}

	private state(rateClass: RateClass): ClassState {
		let state = this.classes.get(rateClass);
		if (!state) {
			state = {
				limit: RATE_LIMITS[rateClass],
				heard: 'nothing',
				resetSource: 'reset',
				sentAt: [],
				nextAt: 0,
				inFlight: 0,
				sentInWindow: 0,
				sharedUntil: 0,
				spread: 0,
				queue: [],
				reserved: 0,
			};
			this.classes.set(rateClass, state);
		}
		return state;
	}

	/** Waits for the request's turn; rejects with TurnTooLate or TurnCancelled. */
	async turn(rateClass: RateClass, request: TurnRequest): Promise<Turn> {
		const state = this.state(rateClass);
		if (request.signal?.aborted) throw new TurnCancelled();
		return await new Promise<Turn>((resolve, reject) => {
			const waiter: Waiter = { deadline: request.deadline, resolve, reject, release: () => {} };
			const signal = request.signal;
			if (signal) {
				const onAbort = () => {
					const index = state.queue.indexOf(waiter);
					if (index < 0) return;
					state.queue.splice(index, 1);
					waiter.release();
					reject(new TurnCancelled());
					this.pump(rateClass);
				};
				signal.addEventListener('abort', onAbort, { once: true });
				waiter.release = () => signal.removeEventListener('abort', onAbort);
			}
			if (request.again) state.queue.unshift(waiter);
			else state.queue.push(waiter);
			this.pump(rateClass);
		});
	}

	/**
	 * When the request at `position` in the queue (0: next) would go, as things stand. For tests
	 * and for a request not queued yet (position = the queue's length).
	 */
	turnAt(rateClass: RateClass, position = this.state(rateClass).queue.length): TurnEstimate {
		const state = this.state(rateClass);
		const now = this.deps.now();
		this.forgetEnded(state, now);
		return this.estimate(state, position, now);
	}

	/** Requests of a class waiting for their turn. */
	waiting(rateClass: RateClass): number {
		return this.state(rateClass).queue.length;
	}

	/**
	 * What the service said is left of a class in its current window, less what this process sent
	 * since and what waits for a turn; undefined when it has said nothing or that window is over
	 * (0 while requests wait then).
	 */
	remaining(rateClass: RateClass): number | undefined {
		const state = this.state(rateClass);
		this.forgetEnded(state, this.deps.now());
		const waiting = state.queue.length + state.reserved;
		if (state.resetAt === undefined || state.remaining === undefined)
			return waiting > 0 ? 0 : undefined;
		return Math.max(0, state.remaining - waiting);
	}

	/**
	 * Holds `count` of what is left in the class's window for requests about to be sent, when that
	 * many are left (or nothing is known and nothing is held or waiting): many executions choosing
	 * at once on what is left then each see what the others took, though their requests are not
	 * queued yet. Answers the release (call it once those requests were answered or given up), or
	 * undefined when not that many are left.
	 */
	reserve(rateClass: RateClass, count: number): (() => void) | undefined {
		const state = this.state(rateClass);
		if ((this.remaining(rateClass) ?? count) < count) return undefined;
		state.reserved += count;
		let held = true;
		return () => {
			if (!held) return;
			held = false;
			state.reserved = Math.max(0, state.reserved - count);
		};
	}

	/** Whether requests of any class wait for a turn or are on their way. */
	busy(): boolean {
		for (const state of this.classes.values())
			if (state.queue.length > 0 || state.inFlight > 0) return true;
		return false;
	}

	/** Stops every pending wake-up (tests). Waiting requests stay queued. */
	dispose(): void {
		for (const state of this.classes.values()) {
			state.timer?.abort();
			state.timer = undefined;
		}
	}

	/** The service's window is over: what it said about it no longer holds. */
	private forgetEnded(state: ClassState, now: number): void {
		if (state.resetAt !== undefined && now >= state.resetAt) {
			state.remaining = undefined;
			state.resetAt = undefined;
			state.sentInWindow = 0;
		}
		while (state.sentAt.length > 0 && state.sentAt[0] <= now - WINDOW_MS) state.sentAt.shift();
	}

	private estimate(state: ClassState, position: number, now: number): TurnEstimate {
		const limit = state.limit;
		const pace = WINDOW_MS / limit;
		const shared = now < state.sharedUntil;
		const turn = (at: number, source: WaitSource): TurnEstimate => ({
			at: Math.max(now, at),
			source: at > now && position > 0 ? 'queue' : source,
			ahead: position,
			limit,
		});
		if (state.resetAt !== undefined) {
			// The service's current window, as it said (or as a 429 said).
			const left = state.remaining ?? 0;
			if (position < left) {
				if (!shared) return turn(now, 'reset');
				// Shared: what is left is spent evenly over the rest of the window.
				const gap = (state.resetAt - now) / left;
				return turn(Math.max(now, state.nextAt) + position * gap, 'reset');
			}
			const start = Math.max(state.resetAt + (shared ? state.spread : 0), state.nextAt);
			return turn(start + (position - left) * pace, state.resetSource);
		}
		if (state.heard === 'noHeaders') {
			// No word from the service: the published limit over a sliding minute.
			const sent = state.sentAt;
			const free = Math.max(0, limit - sent.length);
			const slot = position % limit;
			const base = slot < free ? now : sent[sent.length - limit + slot] + WINDOW_MS;
			return turn(base + Math.floor(position / limit) * WINDOW_MS, 'pacing');
		}
		// Nothing heard yet, or the window is over: one goes, the next at the limit's pace unless an
		// answer reports the new window first.
		return turn(Math.max(now, state.nextAt) + position * pace, 'pacing');
	}

	/** Sends what is due, fails what would come too late, and sets the next wake-up. */
	private pump(rateClass: RateClass): void {
		const state = this.state(rateClass);
		const now = this.deps.now();
		this.forgetEnded(state, now);
		while (state.queue.length > 0 && this.estimate(state, 0, now).at <= now) {
			const waiter = state.queue.shift() as Waiter;
			waiter.release();
			waiter.resolve(this.dispatch(rateClass, state, now));
		}
		const kept: Waiter[] = [];
		for (const waiter of state.queue) {
			const estimate = this.estimate(state, kept.length, now);
			if (estimate.at <= waiter.deadline) {
				kept.push(waiter);
				continue;
			}
			waiter.release();
			// The service's figure for its window or Retry-After; the queue's own turn otherwise.
			const until =
				estimate.source === 'reset' || estimate.source === 'retry-after'
					? (state.resetAt ?? estimate.at)
					: estimate.at;
			waiter.reject(new TurnTooLate(until - now, estimate.source, estimate.ahead, estimate.limit));
		}
		state.queue = kept;
		state.timer?.abort();
		state.timer = undefined;
		if (kept.length === 0) return;
		const timer = new AbortController();
		state.timer = timer;
		const delay = Math.max(1, this.estimate(state, 0, now).at - now);
		this.deps.sleep(delay, timer.signal).then(
			() => {
				if (state.timer !== timer) return;
				state.timer = undefined;
				this.pump(rateClass);
			},
			() => undefined,
		);
	}

	/** Counts a request that goes now; its Turn reports the answer. */
	private dispatch(rateClass: RateClass, state: ClassState, now: number): Turn {
		const shared = now < state.sharedUntil;
		if (state.resetAt !== undefined && (state.remaining ?? 0) > 0) {
			const left = state.remaining as number;
			state.remaining = left - 1;
			if (shared) {
				const gap = (state.resetAt - now) / left;
				state.nextAt = Math.min(now + gap * (0.5 + this.deps.random()), state.resetAt);
			}
		} else if (state.heard !== 'noHeaders') {
			const pace = WINDOW_MS / state.limit;
			state.nextAt = now + (shared ? pace * (0.5 + this.deps.random()) : pace);
		}
		state.sentInWindow += 1;
		state.sentAt.push(now);
		if (state.sentAt.length > state.limit)
			state.sentAt.splice(0, state.sentAt.length - state.limit);
		state.inFlight += 1;
		let settled = false;
		return {
			done: (answer) => {
				if (settled) return;
				settled = true;
				state.inFlight = Math.max(0, state.inFlight - 1);
				if (answer) this.learn(state, answer);
				this.pump(rateClass);
			},
		};
	}

	/** What an answer says about the key's window. */
	private learn(state: ClassState, answer: TurnAnswer): void {
		const now = this.deps.now();
		this.forgetEnded(state, now);
		const { headers } = answer;
		const limit = headerNumber(headers, 'x-ratelimit-limit');
		if (limit !== undefined && limit >= 1) state.limit = Math.floor(limit);
		const remaining = headerNumber(headers, 'x-ratelimit-remaining');
		const reset = headerNumber(headers, 'x-ratelimit-reset');
		const informed = remaining !== undefined && reset !== undefined;
		if (informed) state.heard = 'headers';
		else if (state.heard === 'nothing') state.heard = 'noHeaders';
		const pace = WINDOW_MS / state.limit;
		const newSpread = () => this.deps.random() * Math.min(pace, MAX_SPREAD_MS);

		if (answer.status === 429) {
			// About a window that is over already (an answer that took its time): nothing new.
			if (reset !== undefined && reset * 1000 <= now) return;
			const wait = retryAfterOf(headers, answer.body, now);
			state.remaining = 0;
			state.resetAt = now + Math.max(1, wait.ms);
			state.resetSource = wait.source;
			state.sharedUntil = now + SHARED_FOR_MS;
			state.spread = newSpread();
			state.nextAt = 0;
			return;
		}
		if (!informed) return;
		const resetAt = (reset as number) * 1000;
		// A window that is over already (an answer that took its time): nothing to learn.
		if (resetAt <= now) return;
		const reported = Math.max(0, Math.floor(remaining as number) - state.inFlight);
		// More used than this process sent in the window: another process (or client) uses the key.
		if (limit !== undefined && limit - (remaining as number) > state.sentInWindow)
			state.sharedUntil = now + SHARED_FOR_MS;
		if (state.resetAt === undefined || resetAt >= state.resetAt + 1000) {
			// A new window: its count rules, less what is still on its way.
			state.resetAt = resetAt;
			state.resetSource = 'reset';
			state.remaining = reported;
			state.nextAt = 0;
			if (now < state.sharedUntil) state.spread = newSpread();
		} else if (resetAt + 1000 > state.resetAt) {
			// The same window (its reset may be rounded differently): the lower count holds.
			state.remaining = Math.min(state.remaining ?? reported, reported);
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

/** How a key is known in this process's memory: a hash of the base URL and the key, never the key. */
export function keyIdOf(baseUrl: string, apiKey: string): string {
	return createHash('sha256').update(`${baseUrl}\n${apiKey}`).digest('hex');
}

/**
 * One limiter per API key (the service counts per key), shared by every item, node and execution
 * using the key in this process. Keys are held only as a hash.
 */
const limiters = new Map<string, RateLimiter>();
const MAX_LIMITERS = 500;

export function limiterFor(baseUrl: string, apiKey: string): RateLimiter {
	const id = keyIdOf(baseUrl, apiKey);
	let limiter = limiters.get(id);
	if (!limiter) {
		if (limiters.size >= MAX_LIMITERS) {
			// The oldest key that has no request waiting (one that has keeps its limiter).
			for (const [oldId, old] of limiters) {
				if (old.busy()) continue;
				limiters.delete(oldId);
				break;
			}
		}
		limiter = new RateLimiter();
		limiters.set(id, limiter);
	}
	return limiter;
}

/** For tests: forget everything learned about every key. */
export function resetRateLimiters(): void {
	for (const limiter of limiters.values()) limiter.dispose();
	limiters.clear();
}
