import type { IDataObject, IHttpRequestOptions } from 'n8n-workflow';
import { LoggerProxy, sleep } from 'n8n-workflow';

/**
 * Send and Wait's re-reads: while an execution waits, the node reads its signing request again at
 * an interval, so that it notices the end even if every delivery of the service failed.
 *
 * Why a scheduler of its own (docs/DESIGN.md, item 8): n8n 2.41.1
 * gives a waiting node no way to run when a time passes. A wait whose `waitTill` passes is resumed
 * with the waiting node disabled, which passes its input on without running
 * (n8n-core workflow-execute.js `handleWaitingState`), and a webhook() cannot move `waitTill`. The
 * only node code n8n runs while an execution waits is the node's webhook(), when its resume URL is
 * called (n8n waiting-webhooks.js). So the n8n process calls that resume URL itself, at the
 * interval: a "re-read call" (header `x-document-signing-reread`). n8n checks the execution's
 * resume token as for any resume call; the node then reads the request (GET /signing-requests/{id})
 * and resumes the execution when it has ended, with the output a delivery would have given, or
 * answers that it keeps waiting. The call only makes the node read the service: its outcome is
 * what the service answers, never what the caller says.
 *
 * Who calls: this module's scheduler, in every n8n process that knows the wait. It learns a wait
 *  - when Send and Wait puts an execution to wait (the process that ran it);
 *  - from the service's list of Send-and-Wait webhooks (their URL is the resume URL, their
 *    description the time limit): at every activation of a published workflow with a Send and
 *    Wait node (the node's `setup` webhook; n8n 2.41.1 calls it at activations only, not at its
 *    start), whenever a Send and Wait run lists them to remove leftovers (at most once a minute
 *    per key and scope in a process), and at each run of Catch Up After Restart
 *    (catchUpAfterRestart.operation.ts), which brings them back after a restart.
 *
 * Reads stay within the service's limit (200 GETs a minute per key), whatever the number of
 * waiting executions:
 *  - a process sends at most `PER_MINUTE` re-read calls a minute per credential; with more
 *    executions waiting than that many per interval, each is re-read less often;
 *  - the node answers a re-read call without reading when the same wait was read less than half an
 *    interval ago (several processes knowing one wait read it about once per interval), or when
 *    the service said that fewer than `READ_RESERVE` reads are left in its current minute for the
 *    key (re-reads use only what other work leaves; the service's count is shared by every
 *    process).
 */

/** The header that marks a call of the resume URL as a re-read call. */
export const REREAD_HEADER = 'x-document-signing-reread';
/** Query parameter of the resume URL: the re-read interval in minutes. */
export const REREAD_PARAM = 'reread';
export const DEFAULT_REREAD_MINUTES = 5;
export const MIN_REREAD_MINUTES = 1;
export const MAX_REREAD_MINUTES = 15;
/** Re-read calls a process sends per minute and credential, at most. */
export const PER_MINUTE = 50;
/** A re-read waits while the service says fewer reads than this are left in its current minute. */
export const READ_RESERVE = 50;
/** The least time between two reads of one wait (whoever asks), and half the interval above that. */
export const MIN_READ_SPACING_MS = 30_000;

const MINUTE_MS = 60_000;

/** What a re-read call found out, as its caller sees it. */
export type PokeOutcome =
	/** The request has not ended: the execution keeps waiting. */
	| 'waiting'
	/** The request ended: the execution was resumed. */
	| 'ended'
	/** The node did not read now (read limit nearly used up): ask again soon. */
	| 'deferred'
	/** n8n is still saving or running the execution (409 "running already"). */
	| 'busy'
	/** The execution is not waiting any more (finished, deleted): nothing more to do. */
	| 'gone'
	/**
	 * The node could not read the signing request (the service refused the read or failed); the
	 * node logged why where it ran. Ask again at the interval.
	 */
	| 'unread'
	/** No answer, or an unexpected one. */
	| 'failed';

/** Calls a resume URL as a re-read call. */
export type Poke = (url: string) => Promise<PokeOutcome>;

export interface WaitToReRead {
	/** The execution's resume URL, token and query included. */
	url: string;
	/** When the wait's time limit ends (ms since epoch): n8n resumes it then, without the node. */
	until: number;
	intervalMs: number;
	/** Re-reads with the same key (the credential) share the per-minute budget. */
	budgetKey: string;
	poke: Poke;
	/** The first re-read (default: one interval from now). */
	firstAt?: number;
	/** The waiting execution's workflow, when known, for the warnings. */
	workflow?: string;
}

interface Entry extends WaitToReRead {
	dueAt: number;
	failures: number;
	/** When this process last called it (0: never). */
	calledAt: number;
}

export interface SchedulerDeps {
	now: () => number;
	/** Resolves after `ms`, or earlier once `signal` is aborted (`stop()`). */
	sleep: (ms: number, signal: AbortSignal) => Promise<void>;
	perMinute: number;
	/** Whether adding a wait starts the loop (tests drive `runDue` themselves). */
	autoRun: boolean;
	warn: (message: string) => void;
}

/**
 * The wait a resume URL (or the path of a call to it) stands for: the last two parts of its path,
 * the execution's id and the node's id.
 */
export function waitKeyOf(urlOrPath: string): string {
	const path = urlOrPath.replace(/^[a-z]+:\/\/[^/]*/i, '').split(/[?#]/)[0];
	return path.split('/').filter(Boolean).slice(-2).join('/');
}

/** The interval a resume URL's query asks for (`reread=<minutes>`), within the allowed range. */
export function intervalOf(query: URLSearchParams | Record<string, unknown>): number {
	const raw = query instanceof URLSearchParams ? query.get(REREAD_PARAM) : query[REREAD_PARAM];
	const value = Number(raw);
	const minutes = Number.isFinite(value) && value > 0 ? value : DEFAULT_REREAD_MINUTES;
	return Math.min(MAX_REREAD_MINUTES, Math.max(MIN_REREAD_MINUTES, minutes)) * MINUTE_MS;
}

/** The interval of a resume URL. */
export function intervalOfUrl(url: string): number {
	try {
		return intervalOf(new URL(url).searchParams);
	} catch {
		return DEFAULT_REREAD_MINUTES * MINUTE_MS;
	}
}

export class ReReadScheduler {
	private readonly entries = new Map<string, Entry>();
	/** Send times of re-read calls per budget key, within the last minute. */
	private readonly sent = new Map<string, number[]>();
	private running = false;
	private stopped = false;
	/** Ends the loop's current sleep when the scheduler is stopped. */
	private wake = new AbortController();

	constructor(private readonly deps: SchedulerDeps) {}

	get size(): number {
		return this.entries.size;
	}

	/** The waits known, by key (tests). */
	waits(): Array<{ key: string; url: string; dueAt: number; until: number }> {
		return [...this.entries].map(([key, e]) => ({
			key,
			url: e.url,
			dueAt: e.dueAt,
			until: e.until,
		}));
	}

	/**
	 * Adds a wait, or refreshes one already known (the newer URL, time limit and caller; the
	 * earlier of the two due times).
	 */
	add(wait: WaitToReRead): void {
		const now = this.deps.now();
		if (wait.until <= now) return;
		const key = waitKeyOf(wait.url);
		const dueAt = wait.firstAt ?? now + wait.intervalMs;
		const known = this.entries.get(key);
		this.entries.set(key, {
			...wait,
			dueAt: known ? Math.min(known.dueAt, dueAt) : dueAt,
			failures: known?.failures ?? 0,
			calledAt: known?.calledAt ?? 0,
		});
		this.stopped = false;
		if (this.deps.autoRun && !this.running) void this.loop();
	}

	/** Whether this process re-reads the wait of this resume URL already. */
	knows(url: string): boolean {
		return this.entries.has(waitKeyOf(url));
	}

	/** Forgets a wait (it was resumed in this process). */
	remove(url: string): void {
		this.entries.delete(waitKeyOf(url));
	}

	/** Stops the loop and forgets every wait. */
	stop(): void {
		this.stopped = true;
		this.wake.abort();
		this.wake = new AbortController();
		this.entries.clear();
		this.sent.clear();
	}

	/** Milliseconds until the next wait is due (undefined: none known). */
	nextDueIn(): number | undefined {
		let next: number | undefined;
		for (const entry of this.entries.values())
			next = next === undefined ? entry.dueAt : Math.min(next, entry.dueAt);
		return next === undefined ? undefined : Math.max(0, next - this.deps.now());
	}

	/**
	 * Calls every wait that is due and within its budget, one after another: the least recently
	 * called first, so that waits held back by the budget are not passed over again.
	 */
	async runDue(): Promise<void> {
		const now = this.deps.now();
		for (const [key, entry] of this.entries) if (entry.until <= now) this.entries.delete(key);
		const due = [...this.entries.entries()]
			.filter(([, entry]) => entry.dueAt <= now)
			.sort((a, b) => a[1].calledAt - b[1].calledAt || a[1].dueAt - b[1].dueAt);
		for (const [key, entry] of due) {
			if (this.stopped) return;
			const at = this.deps.now();
			const free = this.budgetFreeAt(entry.budgetKey, at);
			if (free > at) {
				entry.dueAt = free;
				continue;
			}
			this.record(entry.budgetKey, at);
			entry.calledAt = at;
			let outcome: PokeOutcome;
			try {
				outcome = await entry.poke(entry.url);
			} catch {
				outcome = 'failed';
			}
			// Added again (refreshed) meanwhile: that entry is the one to keep.
			if (this.entries.get(key) !== entry) continue;
			const after = this.deps.now();
			switch (outcome) {
				case 'ended':
				case 'gone':
					this.entries.delete(key);
					break;
				case 'waiting':
					entry.failures = 0;
					entry.dueAt = after + entry.intervalMs;
					break;
				case 'busy':
				case 'deferred':
					entry.dueAt = after + Math.min(entry.intervalMs, MINUTE_MS);
					break;
				case 'unread':
					entry.failures = 0;
					entry.dueAt = after + entry.intervalMs;
					break;
				default:
					entry.failures += 1;
					if (entry.failures === 1 || entry.failures % 10 === 0)
						this.deps.warn(unreachableWarning(entry, key, entry.failures));
					entry.dueAt = after + Math.min(entry.intervalMs, MINUTE_MS * entry.failures);
			}
		}
	}

	/** When the budget of this key allows the next call (now, or when the oldest call is a minute old). */
	private budgetFreeAt(budgetKey: string, now: number): number {
		const times = (this.sent.get(budgetKey) ?? []).filter((at) => at > now - MINUTE_MS);
		this.sent.set(budgetKey, times);
		if (times.length < this.deps.perMinute) return now;
		return times[times.length - this.deps.perMinute] + MINUTE_MS;
	}

	private record(budgetKey: string, at: number): void {
		const times = this.sent.get(budgetKey) ?? [];
		times.push(at);
		this.sent.set(budgetKey, times);
	}

	private async loop(): Promise<void> {
		this.running = true;
		try {
			while (!this.stopped && this.entries.size > 0) {
				try {
					await this.runDue();
				} catch (error) {
					this.deps.warn(`Send and Wait re-reads: ${(error as Error).message}`);
				}
				const wait = this.nextDueIn();
				if (wait === undefined) break;
				// Short enough that a wait added meanwhile with an earlier due time is not late by much.
				await this.deps.sleep(Math.min(Math.max(wait, 1000), 15_000), this.wake.signal);
			}
		} finally {
			this.running = false;
		}
	}
}

/**
 * The warning when a re-read call got no answer from n8n (or not n8n's): which wait, where it
 * called (the resume URL without its query, which holds the resume token) and what to fix.
 */
export function unreachableWarning(
	wait: Pick<WaitToReRead, 'url' | 'workflow'>,
	key: string,
	failures: number,
): string {
	const execution = key.split('/')[0];
	const where = wait.url.split(/[?#]/)[0];
	const workflow = wait.workflow ? ` of workflow "${wait.workflow}"` : '';
	return `Send and Wait could not reach the resume URL of waiting execution ${execution}${workflow} (${where}) to re-read its signing request (${failures} time(s)). n8n calls its own public webhook address (WEBHOOK_URL) for this: that address must also be reachable from n8n itself, and a reverse proxy in front of n8n must forward n8n's own calls to it. It tries again; meanwhile the wait ends only by the service's delivery or its time limit.`;
}

/** The scheduler of this n8n process. */
export const reReads = new ReReadScheduler({
	now: () => Date.now(),
	sleep: async (ms, signal) => await sleep(ms, signal).catch(() => undefined),
	perMinute: PER_MINUTE,
	autoRun: true,
	warn: (message) => LoggerProxy.warn(message),
});

type HttpRequest = (options: IHttpRequestOptions) => Promise<unknown>;

/** How a re-read call's answer reads: the node's JSON answer, or n8n's own for a resume call. */
export function outcomeOf(status: number, body: unknown): PokeOutcome {
	const text = typeof body === 'string' ? body : JSON.stringify(body ?? '');
	if (status >= 200 && status < 300) {
		const reRead = (body as IDataObject | undefined)?.re_read;
		if (reRead === 'waiting' || reRead === 'ended' || reRead === 'deferred' || reRead === 'unread')
			return reRead;
		return 'gone';
	}
	// n8n 2.41.1 waiting-webhooks.js: 409 "running already" while it runs (or is still saving the
	// wait), 409 "finished" once done; 404 for an execution that no longer exists; 401 for a token
	// that is not the waiting execution's.
	if (status === 409) return /running/i.test(text) ? 'busy' : 'gone';
	if (status === 404 || status === 401) return 'gone';
	return 'failed';
}

/** A `Poke` that sends the re-read call with n8n's HTTP helper. */
export function pokeWith(httpRequest: HttpRequest): Poke {
	return async (url) => {
		try {
			const response = (await httpRequest({
				method: 'POST',
				url,
				headers: { [REREAD_HEADER]: '1' },
				body: {},
				json: true,
				returnFullResponse: true,
				ignoreHttpStatusErrors: true,
				timeout: 60_000,
			})) as { statusCode?: number; body?: unknown };
			return outcomeOf(Number(response?.statusCode ?? 0), response?.body);
		} catch {
			return 'failed';
		}
	};
}

/** Last read per wait (its resume URL's path) in this process, to space reads of one wait. */
const lastReads = new Map<string, number>();
const MAX_REMEMBERED_READS = 10_000;

/**
 * Whether a re-read call may read now: not when the same wait was read less than half an interval
 * (at least 30 s) ago in this process. Records the read when it may.
 */
export function mayReadNow(waitKey: string, intervalMs: number, now: number): boolean {
	const last = lastReads.get(waitKey);
	if (last !== undefined && now - last < Math.max(MIN_READ_SPACING_MS, intervalMs / 2))
		return false;
	lastReads.delete(waitKey);
	lastReads.set(waitKey, now);
	while (lastReads.size > MAX_REMEMBERED_READS)
		lastReads.delete(lastReads.keys().next().value as string);
	return true;
}

/** Forgets the reads remembered (tests). */
export function forgetReads(): void {
	lastReads.clear();
}
