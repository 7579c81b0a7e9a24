import type { RateClass, Turn, TurnAnswer } from '../../../../nodes/shared/transport/rateLimit';
import {
	RATE_LIMITS,
	RateLimiter,
	TurnCancelled,
	TurnTooLate,
	limiterFor,
	rateClassOf,
	resetRateLimiters,
} from '../../../../nodes/shared/transport/rateLimit';

describe('rateClassOf', () => {
	it.each([
		['GET', '/workspaces', 'read'],
		['GET', '/signing-requests/abc/audit', 'read'],
		['POST', '/signing-requests', 'write'],
		['PUT', '/company', 'write'],
		['PATCH', '/templates/abc', 'write'],
		['DELETE', '/templates/abc', 'write'],
		['GET', '/webhooks', 'webhook'],
		['POST', '/webhooks', 'webhook'],
		['GET', '/webhooks/abc', 'webhook'],
		['PUT', '/webhooks/abc', 'webhook'],
		['DELETE', '/webhooks/abc/', 'webhook'],
		['POST', '/webhooks/abc/test', 'webhookTest'],
		['POST', '/webhooks/rotate-secret', 'secretRotation'],
		['POST', '/workspaces/abc/webhooks/rotate-secret', 'secretRotation'],
		['GET', '/webhooks/secret-status', 'webhook'],
		['POST', '/workspaces/abc/api-key/regenerate', 'keyRotation'],
		['POST', '/workspaces/abc/api-key/expire?key_type=test', 'keyRotation'],
		['GET', '/signing-requests/abc/signers/def/signature', 'signerAsset'],
		['GET', '/signing-requests/abc/signers/def/files/ghi', 'signerAsset'],
		['GET', '/seals/abc/image', 'signerAsset'],
		['GET', '/seals/abc', 'read'],
	])('%s %s is %s', (method, path, expected) => {
		expect(rateClassOf(method, path)).toBe(expected);
	});

	it('knows the published limits', () => {
		expect(RATE_LIMITS).toEqual({
			read: 200,
			write: 120,
			webhook: 60,
			webhookTest: 10,
			keyRotation: 1,
			secretRotation: 1,
			signerAsset: 60,
		});
	});
});

/**
 * A fake clock for the limiter: `sleep` registers a timer, `run` moves time forward timer by timer,
 * letting promises settle in between.
 */
function fakeClock(start = 1_000_000) {
	let now = start;
	let timers: Array<{ at: number; resolve: () => void; signal?: AbortSignal }> = [];
	const settle = async () => {
		for (let i = 0; i < 20; i++) await Promise.resolve();
		await new Promise((resolve) => setImmediate(resolve));
	};
	const sleep = async (ms: number, signal?: AbortSignal) =>
		await new Promise<void>((resolve, reject) => {
			const timer = { at: now + Math.max(0, ms), resolve, signal };
			timers.push(timer);
			signal?.addEventListener(
				'abort',
				() => {
					timers = timers.filter((t) => t !== timer);
					reject(new Error('aborted'));
				},
				{ once: true },
			);
		});
	return {
		now: () => now,
		sleep,
		/** Moves time to `now + ms`, firing every timer due on the way in order. */
		async run(ms: number) {
			const end = now + ms;
			await settle();
			for (;;) {
				const due = timers
					.filter((t) => t.at <= end)
					.sort((a, b) => a.at - b.at)
					.shift();
				if (!due) break;
				timers = timers.filter((t) => t !== due);
				now = Math.max(now, due.at);
				due.resolve();
				await settle();
			}
			now = end;
			await settle();
		},
		settle,
	};
}

type Clock = ReturnType<typeof fakeClock>;

function limiterOn(clock: Clock, random = () => 0.5) {
	return new RateLimiter({ now: clock.now, sleep: clock.sleep, random });
}

/**
 * The service's rate-limit headers for a window ending at `resetAt` (ms). Without `limit`, no
 * X-RateLimit-Limit: the published limit applies, and the used count is not compared with what
 * this process sent (which would say another process uses the key).
 */
function headers(limit: number | undefined, remaining: number, resetAt: number) {
	return {
		...(limit === undefined ? {} : { 'x-ratelimit-limit': String(limit) }),
		'x-ratelimit-remaining': String(remaining),
		'x-ratelimit-reset': String(Math.ceil(resetAt / 1000)),
	};
}

/** Asks for turns and records when each was granted (or why not). */
function ask(
	limiter: RateLimiter,
	rateClass: RateClass,
	clock: Clock,
	count: number,
	deadlineIn = 600_000,
) {
	const granted: Array<{ at: number; turn: Turn } | undefined> = Array(count).fill(undefined);
	const failed: Array<Error | undefined> = Array(count).fill(undefined);
	const controllers = Array.from({ length: count }, () => new AbortController());
	for (let i = 0; i < count; i++) {
		limiter
			.turn(rateClass, { deadline: clock.now() + deadlineIn, signal: controllers[i].signal })
			.then(
				(turn) => (granted[i] = { at: clock.now(), turn }),
				(error: Error) => (failed[i] = error),
			);
	}
	const sent = () => granted.filter(Boolean).length;
	return { granted, failed, controllers, sent };
}

/** One request, sent now and answered with `answer` (the service's word on its window). */
async function oneAnswered(
	limiter: RateLimiter,
	rateClass: RateClass,
	clock: Clock,
	answer: Omit<TurnAnswer, 'status'>,
): Promise<void> {
	const first = ask(limiter, rateClass, clock, 1);
	await clock.settle();
	first.granted[0]!.turn.done({ status: 200, ...answer });
}

/**
 * A stand-in of the service's limit for one class: a fixed window per key opened by the first
 * request after the previous one ended (as the sandbox), answering with its headers, 429 when over.
 */
class FixedWindowService {
	windowStart = -Infinity;
	count = 0;
	readonly log: Array<{ at: number; status: number }> = [];
	constructor(
		private readonly clock: Clock,
		readonly limit: number,
		readonly windowMs = 60_000,
	) {}

	take(): TurnAnswer {
		const now = this.clock.now();
		if (now >= this.windowStart + this.windowMs) {
			this.windowStart = now;
			this.count = 0;
		}
		const resetAt = this.windowStart + this.windowMs;
		if (this.count >= this.limit) {
			this.log.push({ at: now, status: 429 });
			return {
				status: 429,
				headers: {
					...headers(this.limit, 0, resetAt),
					'retry-after': String(Math.max(1, Math.ceil((resetAt - now) / 1000))),
				},
			};
		}
		this.count += 1;
		this.log.push({ at: now, status: 200 });
		return { status: 200, headers: headers(this.limit, this.limit - this.count, resetAt) };
	}

	/** Most requests answered 200 in any window of the service's length. */
	maxPerWindow(): number {
		const ok = this.log.filter((e) => e.status === 200).map((e) => e.at);
		let most = 0;
		for (let i = 0, j = 0; i < ok.length; i++) {
			while (ok[i] - ok[j] >= this.windowMs) j++;
			most = Math.max(most, i - j + 1);
		}
		return most;
	}
}

/**
 * `count` requests through `limiters` (several processes sharing one key when more than one) to
 * the service, as the transport sends them: a turn, the request (answered after `latency` ms), a
 * new turn after a 429 (at most 10 refusals). Resolves with when each request succeeded.
 */
function burst(
	limiters: RateLimiter[],
	service: FixedWindowService,
	clock: Clock,
	count: number,
	latency = 20,
) {
	const done: number[] = [];
	const failures: string[] = [];
	const one = async (limiter: RateLimiter) => {
		const deadline = clock.now() + 600_000;
		for (let refusals = 0; refusals <= 10; refusals++) {
			const turn = await limiter.turn('write', { deadline, again: refusals > 0 });
			await clock.sleep(latency / 2);
			const answer = service.take();
			await clock.sleep(latency / 2);
			turn.done(answer);
			if (answer.status !== 429) {
				done.push(clock.now());
				return;
			}
		}
		failures.push('too many refusals');
	};
	for (let i = 0; i < count; i++)
		one(limiters[i % limiters.length]).catch((error: Error) => failures.push(error.message));
	return { done, failures };
}

describe('RateLimiter: turns per key and class', () => {
	it('before the service said anything, one request goes; its answer lets what is left go at once', async () => {
		const clock = fakeClock();
		const limiter = limiterOn(clock);
		const { granted, sent } = ask(limiter, 'write', clock, 6);
		await clock.settle();
		expect(sent()).toBe(1);
		granted[0]!.turn.done({ status: 201, headers: headers(5, 4, clock.now() + 60_000) });
		await clock.settle();
		// Four left in the window: four more go at once, the sixth waits for the window's end.
		expect(sent()).toBe(5);
		expect(granted.slice(0, 5).every((g) => g!.at === 1_000_000)).toBe(true);
		expect(limiter.turnAt('write', 0)).toMatchObject({ at: 1_060_000, source: 'reset' });
	});

	it('nothing goes into a window the service said is used up; after its end the waiting go in turn at the limit’s pace, and once the new window is reported, what it has left goes at once', async () => {
		const clock = fakeClock();
		const limiter = limiterOn(clock);
		const resetAt = clock.now() + 10_000;
		await oneAnswered(limiter, 'webhook', clock, { headers: headers(undefined, 0, resetAt) });
		const waiting = ask(limiter, 'webhook', clock, 5);
		await clock.run(9_999);
		expect(waiting.sent()).toBe(0);
		// The window ends: one goes; without an answer, the next a second later (60 a minute).
		await clock.run(1);
		expect(waiting.granted.map((g) => g?.at)).toEqual([
			resetAt,
			undefined,
			undefined,
			undefined,
			undefined,
		]);
		await clock.run(1_000);
		expect(waiting.granted.map((g) => g?.at)).toEqual([
			resetAt,
			resetAt + 1_000,
			undefined,
			undefined,
			undefined,
		]);
		// The new window's first answer: 58 left, one still on its way → the rest go now.
		waiting.granted[0]!.turn.done({ status: 201, headers: headers(60, 58, resetAt + 60_000) });
		await clock.settle();
		expect(waiting.sent()).toBe(5);
		expect(waiting.granted.slice(2).every((g) => g!.at === resetAt + 1_000)).toBe(true);
	});

	it('a burst of 300 writes at 120 a minute: no 429, no window gets more than its share, done in three windows', async () => {
		const clock = fakeClock();
		const limiter = limiterOn(clock);
		const service = new FixedWindowService(clock, 120);
		const { done, failures } = burst([limiter], service, clock, 300);
		await clock.run(200_000);
		expect(failures).toEqual([]);
		expect(done).toHaveLength(300);
		expect(service.log.filter((e) => e.status === 429)).toHaveLength(0);
		expect(service.maxPerWindow()).toBeLessThanOrEqual(120);
		// Windows open at 0, 60 and 120 s (each by its first request, a moment after the last ended).
		expect(Math.max(...done) - 1_000_000).toBeLessThan(125_000);
	});

	it('without the change this replaces: every waiter sent at the reset is refused but the window’s share (the old behaviour, for contrast)', async () => {
		// All 300 sent at once and again at every Retry-After: what the package did before.
		const clock = fakeClock();
		const service = new FixedWindowService(clock, 120);
		let refused = 0;
		const one = async () => {
			for (;;) {
				const answer = service.take();
				if (answer.status !== 429) return;
				refused++;
				await clock.sleep(Number(answer.headers['retry-after']) * 1000);
			}
		};
		for (let i = 0; i < 300; i++) void one();
		await clock.run(200_000);
		expect(refused).toBeGreaterThan(200);
	});

	it('two processes sharing a key (queue mode): the headers stay the truth, refusals stay under 5 %', async () => {
		let seed = 7;
		const random = () => (seed = (seed * 16807) % 2147483647) / 2147483647;
		const clock = fakeClock();
		const service = new FixedWindowService(clock, 120);
		const processes = [limiterOn(clock, random), limiterOn(clock, random)];
		const { done, failures } = burst(processes, service, clock, 400);
		await clock.run(300_000);
		expect(failures).toEqual([]);
		expect(done).toHaveLength(400);
		const refused = service.log.filter((e) => e.status === 429).length;
		expect(refused / service.log.length).toBeLessThan(0.05);
		expect(service.maxPerWindow()).toBeLessThanOrEqual(120);
	});

	it('a 429: nothing more until its Retry-After, the refused request goes first then, and turns are spread a little', async () => {
		const clock = fakeClock();
		const limiter = limiterOn(clock, () => 0.25);
		await oneAnswered(limiter, 'write', clock, {
			headers: headers(120, 119, clock.now() + 30_000),
		});
		const others = ask(limiter, 'write', clock, 2);
		await clock.settle();
		expect(others.sent()).toBe(2);
		// Another client used the window up: the service refuses one of them.
		others.granted[0]!.turn.done({
			status: 429,
			headers: { ...headers(120, 0, clock.now() + 7_000), 'retry-after': '7' },
		});
		const again = limiter.turn('write', { deadline: clock.now() + 600_000, again: true });
		const later = ask(limiter, 'write', clock, 1);
		let againAt: number | undefined;
		void again.then(() => (againAt = clock.now()));
		await clock.run(7_000);
		expect(againAt).toBeUndefined();
		expect(later.sent()).toBe(0);
		// Spread: 0.25 × the limit's pace (0.5 s at 120 a minute) after the window's end.
		await clock.run(125);
		expect(againAt).toBe(1_000_000 + 7_125);
		expect(later.sent()).toBe(0);
		// The next at the limit's pace, spread too (0.5 + 0.25 times 0.5 s) unless an answer comes.
		expect(limiter.turnAt('write', 0)).toMatchObject({ at: 1_000_000 + 7_500 });
	});

	it('a turn later than the deadline fails at once, saying how long it would have taken and why', async () => {
		const clock = fakeClock();
		const limiter = limiterOn(clock);
		await oneAnswered(limiter, 'write', clock, {
			headers: headers(undefined, 0, clock.now() + 40_000),
		});
		// 40 s to the window's end, then 120 a minute: the 21st waiting request goes 50 s from now.
		const queued = ask(limiter, 'write', clock, 21, 45_000);
		await clock.settle();
		expect(queued.failed.slice(0, 11)).toEqual(Array(11).fill(undefined));
		const late = queued.failed[11] as TurnTooLate;
		expect(late).toBeInstanceOf(TurnTooLate);
		expect(late).toMatchObject({ waitMs: 45_500, source: 'queue', ahead: 11, limit: 120 });
		expect(queued.failed.slice(11).every((e) => e instanceof TurnTooLate)).toBe(true);
		// The head: its turn is the window's end, named as such.
		await oneAnswered(limiter, 'read', clock, {
			headers: headers(undefined, 0, clock.now() + 90_000),
		});
		const tooLate = ask(limiter, 'read', clock, 1, 60_000);
		await clock.settle();
		expect(tooLate.failed[0]).toMatchObject({
			waitMs: 90_000,
			source: 'reset',
			ahead: 0,
			limit: 200,
		});
	});

	it('a stopped execution’s request leaves the queue, and the ones behind it move up', async () => {
		const clock = fakeClock();
		const limiter = limiterOn(clock);
		await oneAnswered(limiter, 'write', clock, {
			headers: headers(undefined, 0, clock.now() + 10_000),
		});
		const queued = ask(limiter, 'write', clock, 3);
		await clock.settle();
		expect(limiter.waiting('write')).toBe(3);
		queued.controllers[0].abort();
		await clock.settle();
		expect(queued.failed[0]).toBeInstanceOf(TurnCancelled);
		expect(limiter.waiting('write')).toBe(2);
		await clock.run(10_000);
		expect(queued.granted.map((g) => g?.at)).toEqual([undefined, 1_010_000, undefined]);
		// Already stopped: refused before it queues.
		const stopped = new AbortController();
		stopped.abort();
		await expect(
			limiter.turn('write', { deadline: clock.now() + 1000, signal: stopped.signal }),
		).rejects.toBeInstanceOf(TurnCancelled);
	});

	it('a service that sends no rate-limit headers: the published limit over a sliding minute', async () => {
		const clock = fakeClock();
		const limiter = limiterOn(clock);
		await oneAnswered(limiter, 'keyRotation', clock, { headers: {} });
		const second = ask(limiter, 'keyRotation', clock, 2);
		await clock.run(59_999);
		expect(second.sent()).toBe(0);
		await clock.run(1);
		expect(second.granted.map((g) => g?.at)).toEqual([1_060_000, undefined]);
		expect(limiter.turnAt('keyRotation', 0)).toMatchObject({ at: 1_120_000, source: 'pacing' });
	});

	it('remaining(): what the service said is left, less what was sent since and what waits', async () => {
		const clock = fakeClock();
		const limiter = limiterOn(clock);
		expect(limiter.remaining('read')).toBeUndefined();
		await oneAnswered(limiter, 'read', clock, { headers: headers(4, 3, clock.now() + 5_000) });
		expect(limiter.remaining('read')).toBe(3);
		const more = ask(limiter, 'read', clock, 5);
		await clock.settle();
		expect(more.sent()).toBe(3);
		expect(limiter.remaining('read')).toBe(0);
		for (const sent of more.granted.slice(0, 3))
			sent!.turn.done({ status: 200, headers: headers(4, 0, clock.now() + 5_000) });
		await clock.run(5_000);
		// The window is over: unknown, but reads still wait for their turn → 0.
		expect(more.sent()).toBe(4);
		expect(limiter.remaining('read')).toBe(0);
		more.granted[3]!.turn.done({ status: 200, headers: headers(200, 199, clock.now() + 60_000) });
		await clock.settle();
		expect(limiter.remaining('read')).toBe(198);
	});

	it('reserve(): choices made at the same moment each see what the others hold, until released', async () => {
		const clock = fakeClock();
		const limiter = limiterOn(clock);
		// Nothing known: the first choice holds, the ones made meanwhile find nothing left.
		const first = limiter.reserve('webhook', 2);
		expect(first).toBeDefined();
		expect(limiter.remaining('webhook')).toBe(0);
		expect(limiter.reserve('webhook', 2)).toBeUndefined();
		first!();
		first!(); // a second release changes nothing
		expect(limiter.remaining('webhook')).toBeUndefined();
		// 5 left: two choices of 2 hold, the third does not fit.
		await oneAnswered(limiter, 'webhook', clock, { headers: headers(60, 5, clock.now() + 60_000) });
		const held = [limiter.reserve('webhook', 2), limiter.reserve('webhook', 2)];
		expect(held.every(Boolean)).toBe(true);
		expect(limiter.remaining('webhook')).toBe(1);
		expect(limiter.reserve('webhook', 2)).toBeUndefined();
		held[0]!();
		expect(limiter.remaining('webhook')).toBe(3);
		expect(limiter.reserve('webhook', 2)).toBeDefined();
	});

	it('ignores malformed headers', async () => {
		const clock = fakeClock();
		const limiter = limiterOn(clock);
		await oneAnswered(limiter, 'read', clock, {
			headers: { 'x-ratelimit-remaining': 'abc', 'x-ratelimit-reset': '' },
		});
		expect(limiter.remaining('read')).toBeUndefined();
		expect(limiter.turnAt('read', 0).at).toBe(clock.now());
	});
});

describe('limiterFor', () => {
	afterEach(() => resetRateLimiters());

	it('shares one limiter per base URL and key, and separates different keys', () => {
		const a = limiterFor('http://127.0.0.1:1', 'key-a');
		expect(limiterFor('http://127.0.0.1:1', 'key-a')).toBe(a);
		expect(limiterFor('http://127.0.0.1:1', 'key-b')).not.toBe(a);
		expect(limiterFor('http://127.0.0.1:2', 'key-a')).not.toBe(a);
	});
});
