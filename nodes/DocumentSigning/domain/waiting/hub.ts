import { LoggerProxy, sleep } from 'n8n-workflow';

import { endsOf, listPageFetcher } from '../../../shared/changes';
import type { DocumentSigningCredentials, TransportContext } from '../../../shared/transport';
import { getServiceCredentials, readsLeft } from '../../../shared/transport';
import { workspaceReadContext, type WorkspaceReader } from '../../../shared/workspaceKeys';
import {
	callN8n,
	endEnvelope,
	FORWARDED_HEADER,
	signedBy,
	withoutQuery,
	type CallResult,
	type HttpRequest,
} from './calls';
import { isLive, WaitRegistry, type Wait } from './waits';

/**
 * The hub of one n8n process: the waits it knows (`waits`), the ends it hands to waiting
 * executions, and the list reads that find ends no delivery brought (re-reads). DESIGN.md (this
 * folder) says where each wait is known and what it costs.
 *
 * Ending a wait is one call of its resume URL, carrying what told the hub the request ended (the
 * service's delivery as it came, or the list item in an envelope signed with the credential's
 * secret): the waiting node verifies it and ends with it, without a read of its own. One end per
 * wait is in flight at a time, and a wait that ended is not called again.
 *
 * Re-reads: the live waits are grouped by credential and workspace; a group is read twice per
 * shortest interval of its waits (`READS_PER_INTERVAL`), with one list read per 200 requests in progress (`endsOf`),
 * whatever the number of waits; never while the service says fewer than `READ_RESERVE` reads are
 * left in its minute for the key.
 */

/** A re-read waits while the service says fewer reads than this are left in its current minute. */
export const READ_RESERVE = 50;
/** How often a wait no router knows (a run of a workflow that is not published) is re-read. */
export const UNROUTED_INTERVAL_MS = 15_000;
/**
 * A group is read this many times per the shortest Re-Read interval of its waits (never more often
 * than every `UNROUTED_INTERVAL_MS`): a request's end is found within half the interval, which
 * leaves the other half, and the minute the guarantee adds, for n8n to resume the executions that
 * ended together (bench:waits: 1,000 ends at once took n8n about a minute on 2 cores).
 */
export const READS_PER_INTERVAL = 2;
/** How long the hub keeps calling an execution that is still being saved as waiting (409). */
const BUSY_FOR_MS = 120_000;
const BUSY_PAUSE_MS = 2_000;
/**
 * How long the hub keeps handing ends on while n8n answers 503 (n8n 2.41.1 answers every call
 * "Database is not ready!" for a moment when its database ping times out, as under a burst): the
 * end it holds is tried again, so an event's end does not wait for the next re-read. Past this,
 * each end is tried once and left to the re-reads.
 */
const UNAVAILABLE_FOR_MS = 60_000;
/** At most this many calls of resume URLs at once (each resumes an execution in n8n). */
const PARALLEL_ENDS = 4;
/** Timers later than this mean the process is behind: the next end waits (`whileBusy`). */
const BUSY_LAG_MS = 100;
/** How often an end waits for the process to catch up, at most (then it goes anyway). */
const BUSY_CHECKS = 10;
/** A workspace's read key is read again after this long. */
const WORKSPACE_KEY_FOR_MS = 10 * 60_000;
/** The loop looks at least this often for groups that became due. */
const LOOP_MAX_SLEEP_MS = 15_000;

/** What the hub acts with for one credential: the latest context that used it. */
export interface Actor {
	context: TransportContext & WorkspaceReader;
	httpRequest: HttpRequest;
}

export interface HubDeps {
	now: () => number;
	/** Resolves after `ms`, or earlier once `signal` is aborted (`stop()`). */
	sleep: (ms: number, signal: AbortSignal) => Promise<void>;
	warn: (message: string) => void;
	/** n8n's debug log (each hand-on that did not end its wait, for a field report). */
	debug?: (message: string) => void;
	/** Whether adding a wait starts the loop (tests drive `runDue` and `settle` themselves). */
	autoRun: boolean;
}

interface Group {
	credential: string;
	workspace: string;
	/** When it was last read (0: never in this process: due at once). */
	readAt: number;
	/** Reads put off (too few left, or the read failed) until then. */
	notBefore: number;
	failures: number;
}

/** Called when a wait ends or is found gone, so its router's copy can be updated. */
export type EndedListener = (wait: Wait) => void;

export class Hub {
	readonly waits: WaitRegistry;
	private readonly actors = new Map<string, Actor>();
	private readonly groups = new Map<string, Group>();
	private readonly workspaceContexts = new Map<
		string,
		{
			at: number;
			read: Promise<{ context: TransportContext; credentials: DocumentSigningCredentials }>;
		}
	>();
	/** Waits with an end in flight. */
	private readonly ending = new Set<string>();
	private readonly inFlight = new Set<Promise<void>>();
	private slots = PARALLEL_ENDS;
	private readonly queued: Array<() => void> = [];
	private readonly unreachable = new Map<string, number>();
	/** Since when n8n answers the hub's calls 503 (undefined: it did not last time). */
	private unavailableSince?: number;
	private unavailableWarned = false;
	private listeners: EndedListener[] = [];
	private running = false;
	private stopped = false;
	private wake = new AbortController();

	constructor(private readonly deps: HubDeps) {
		this.waits = new WaitRegistry(deps.now);
	}

	/** Tells `listener` of every wait that ended or was found gone. */
	onEnded(listener: EndedListener): void {
		this.listeners.push(listener);
	}

	/** The context to read the service with and to call n8n, for waits of this credential. */
	setActor(credential: string, actor: Actor): void {
		this.actors.set(credential, actor);
	}

	actorFor(credential: string): Actor | undefined {
		return this.actors.get(credential);
	}

	/**
	 * Adds a wait (registered now, or read back from a router's static data). A new group of waits
	 * is read at once when `due` (after a restart nothing tells whether a delivery was lost while
	 * n8n was away), else one interval later.
	 */
	add(wait: Wait, options: { due?: boolean } = {}): Wait | undefined {
		const known = this.waits.add(wait);
		if (!known || !isLive(known, this.deps.now())) return known;
		const key = groupKeyOf(known);
		if (!this.groups.has(key)) {
			this.groups.set(key, {
				credential: known.credential,
				workspace: known.workspace,
				readAt: options.due ? 0 : this.deps.now(),
				notBefore: 0,
				failures: 0,
			});
		}
		this.startLoop();
		return known;
	}

	/** Marks a wait ended here (its run removed it: the send failed, or a test). */
	forget(key: string): void {
		const wait = this.waits.get(key);
		this.waits.end(key);
		if (wait) this.tellEnded(key);
	}

	/**
	 * Hands a service delivery about `request` to its waits as it came (body and signature
	 * headers), from the router `router`: returns how many waits it goes to.
	 */
	forward(
		router: string,
		request: string,
		rawBody: Buffer,
		headers: Record<string, string>,
	): number {
		const waits = this.waits.forRequest(request).filter((wait) => wait.router === router);
		this.deps.debug?.(
			`Send and Wait: a delivery about signing request ${request} goes to ${waits.length} wait(s) (${this.queued.length} end(s) queued, ${PARALLEL_ENDS - this.slots} in flight)`,
		);
		for (const wait of waits) {
			this.end(wait, rawBody, { ...headers, [FORWARDED_HEADER]: '1' });
		}
		return waits.length;
	}

	/** Stops the loop and forgets every wait (tests; an n8n restart does the same). */
	stop(): void {
		this.stopped = true;
		this.wake.abort();
		this.wake = new AbortController();
		this.waits.clear();
		this.groups.clear();
		this.actors.clear();
		this.workspaceContexts.clear();
		this.ending.clear();
		this.unreachable.clear();
		this.unavailableSince = undefined;
		this.unavailableWarned = false;
	}

	/** Whether adding a wait starts the loop (tests drive `runDue` and `settle` themselves). */
	setAutoRun(on: boolean): void {
		this.deps.autoRun = on;
	}

	/** Makes every group of waits due now (tests). */
	dueNow(): void {
		for (const group of this.groups.values()) {
			group.readAt = 0;
			group.notBefore = 0;
		}
	}

	/** Resolves once no end is in flight (tests). */
	async settle(): Promise<void> {
		while (this.inFlight.size > 0) await Promise.allSettled([...this.inFlight]);
	}

	/** The groups of waits read together, with when each is due (tests, logs). */
	schedule(): Array<{ credential: string; workspace: string; dueAt: number; waits: number }> {
		return [...this.groups.entries()].map(([key, group]) => ({
			credential: group.credential,
			workspace: group.workspace,
			dueAt: this.dueAt(group, this.liveIn(key)),
			waits: this.liveIn(key).length,
		}));
	}

	/** Reads every group that is due, one after another. */
	async runDue(): Promise<void> {
		const now = this.deps.now();
		this.waits.prune();
		for (const [key, group] of [...this.groups]) {
			if (this.stopped) return;
			const waits = this.liveIn(key);
			if (waits.length === 0) {
				this.groups.delete(key);
				continue;
			}
			if (this.dueAt(group, waits) > now) continue;
			await this.read(group, waits);
		}
	}

	/** Milliseconds until the next group is due (undefined: none). */
	nextDueIn(): number | undefined {
		let next: number | undefined;
		for (const [key, group] of this.groups) {
			const waits = this.liveIn(key);
			if (waits.length === 0) continue;
			const at = this.dueAt(group, waits);
			next = next === undefined ? at : Math.min(next, at);
		}
		return next === undefined ? undefined : Math.max(0, next - this.deps.now());
	}

	private liveIn(groupKey: string): Wait[] {
		const now = this.deps.now();
		return this.waits.all((wait) => isLive(wait, now) && groupKeyOf(wait) === groupKey);
	}

	private dueAt(group: Group, waits: Wait[]): number {
		const interval = Math.min(...waits.map((wait) => wait.interval));
		const period = Math.min(
			interval,
			Math.max(interval / READS_PER_INTERVAL, UNROUTED_INTERVAL_MS),
		);
		return Math.max(group.readAt + period, group.notBefore);
	}

	/** One re-read of a group: the lists say which requests ended; each such wait is ended. */
	private async read(group: Group, waits: Wait[]): Promise<void> {
		const actor = this.actors.get(group.credential);
		if (!actor) return;
		const now = this.deps.now();
		try {
			const credentials = await getServiceCredentials.call(actor.context);
			const reader = await this.workspaceContext(actor, credentials, group.workspace);
			const left = readsLeft(reader.credentials);
			if (left !== undefined && left < READ_RESERVE) {
				group.notBefore = now + 30_000;
				return;
			}
			const requests = new Map<string, number>();
			for (const wait of waits)
				requests.set(wait.request, Math.min(requests.get(wait.request) ?? Infinity, wait.since));
			const { ended } = await endsOf(listPageFetcher(reader.context), requests);
			group.readAt = now;
			group.failures = 0;
			const secret = String(credentials.webhookSigningSecret ?? '').trim();
			for (const change of ended) {
				const body = endEnvelope(change.item, group.workspace);
				for (const wait of waits.filter((w) => w.request === String(change.item.id)))
					this.end(wait, Buffer.from(body), signedBy(secret, body));
			}
		} catch (error) {
			group.failures += 1;
			group.readAt = now;
			group.notBefore = now + 60_000;
			if (group.failures === 1 || group.failures % 10 === 0)
				this.deps.warn(
					`Send and Wait could not re-read the signing requests of workspace ${group.workspace} for ${waits.length} waiting execution(s) (${group.failures} time(s)): ${(error as Error).message}. They keep waiting; the service's deliveries still end them, and the next re-read is tried in a minute.`,
				);
		}
	}

	private async workspaceContext(
		actor: Actor,
		credentials: DocumentSigningCredentials,
		workspace: string,
	): Promise<{ context: TransportContext; credentials: DocumentSigningCredentials }> {
		const key = `${credentials.baseUrl}\n${workspace}\n${credentials.keyToUse}`;
		const known = this.workspaceContexts.get(key);
		if (known && this.deps.now() - known.at < WORKSPACE_KEY_FOR_MS) return await known.read;
		const read = workspaceReadContext(actor.context, credentials, workspace);
		this.workspaceContexts.set(key, { at: this.deps.now(), read });
		// A failed read is not kept: the next re-read reads again.
		read.catch(() => this.workspaceContexts.delete(key));
		return await read;
	}

	/** Ends one wait by calling its resume URL with `rawBody` (unless an end is in flight). */
	private end(wait: Wait, rawBody: Buffer, headers: Record<string, string>): void {
		if (this.ending.has(wait.key)) return;
		this.ending.add(wait.key);
		const done = this.withSlot(async () => await this.callUntilTaken(wait, rawBody, headers))
			.catch((error: unknown) =>
				this.deps.warn(`Send and Wait: ending ${wait.key} failed: ${(error as Error).message}`),
			)
			.finally(() => {
				this.ending.delete(wait.key);
				this.inFlight.delete(done);
			});
		this.inFlight.add(done);
	}

	private async callUntilTaken(
		wait: Wait,
		rawBody: Buffer,
		headers: Record<string, string>,
	): Promise<void> {
		const actor = this.actors.get(wait.credential);
		if (!actor) return;
		const giveUpAt = this.deps.now() + BUSY_FOR_MS;
		for (;;) {
			const result = await callN8n(actor.httpRequest, wait.url, rawBody, headers);
			const now = this.deps.now();
			if (result.outcome === 'later') {
				this.unavailableSince ??= now;
				if (now - this.unavailableSince < UNAVAILABLE_FOR_MS && !this.stopped) {
					await this.deps.sleep(BUSY_PAUSE_MS, this.wake.signal);
					continue;
				}
				if (!this.unavailableWarned) {
					this.unavailableWarned = true;
					this.deps.warn(
						`Send and Wait: n8n has answered its calls to end waiting executions with ${result.status} (unavailable) for ${Math.round((now - this.unavailableSince) / 1000)} s; the waits it could not end are ended by their next re-read.`,
					);
				}
			} else {
				this.unavailableSince = undefined;
				this.unavailableWarned = false;
			}
			if (result.outcome === 'busy' && now < giveUpAt && !this.stopped) {
				await this.deps.sleep(BUSY_PAUSE_MS, this.wake.signal);
				continue;
			}
			if (result.outcome === 'busy')
				this.deps.warn(
					`Send and Wait: ${waitingExecution(wait)} answered "running already" (409) for ${Math.round(BUSY_FOR_MS / 1000)} s to the end of signing request ${wait.request}; its next re-read or delivery tries again.`,
				);
			if (result.outcome !== 'done')
				this.deps.debug?.(
					`Send and Wait: the end of signing request ${wait.request} for ${waitingExecution(wait)}: ${result.outcome} (${result.status}${result.detail ? `, ${result.detail}` : ''})`,
				);
			this.settleCall(wait, result);
			return;
		}
	}

	private settleCall(wait: Wait, result: CallResult): void {
		switch (result.outcome) {
			case 'done':
			case 'gone':
				this.unreachable.delete(wait.key);
				this.waits.end(wait.key);
				this.tellEnded(wait.key);
				return;
			case 'failed': {
				const failures = (this.unreachable.get(wait.key) ?? 0) + 1;
				this.unreachable.set(wait.key, failures);
				if (failures === 1 || failures % 10 === 0)
					this.deps.warn(unreachableWarning(wait, failures, result.detail));
				return;
			}
			case 'refused':
				this.deps.warn(
					`Send and Wait: ${waitingExecution(wait)} refused the end of signing request ${wait.request} (${result.status}): its node's credential no longer holds the Webhook Signing Secret the end was signed with. It keeps waiting until its time limit, or until the credentials match again.`,
				);
				return;
			default:
				// busy for too long, or "later": the next re-read or delivery tries again.
				return;
		}
	}

	private tellEnded(key: string): void {
		const wait = this.waits.get(key);
		if (!wait) return;
		for (const listener of this.listeners) listener(wait);
	}

	private async withSlot<T>(task: () => Promise<T>): Promise<T> {
		if (this.slots === 0) await new Promise<void>((resolve) => this.queued.push(resolve));
		else this.slots -= 1;
		try {
			await this.whileBusy();
			return await task();
		} finally {
			const next = this.queued.shift();
			if (next) next();
			else this.slots += 1;
		}
	}

	/**
	 * Holds the next end back while this process is behind (its timers late by more than
	 * `BUSY_LAG_MS`): n8n answers an end before the execution goes on, so ends handed on faster
	 * than n8n runs the executions would pile up runs and delay every answer, the service's
	 * deliveries too (5 s, or they count as failures).
	 */
	private async whileBusy(): Promise<void> {
		for (let i = 0; i < BUSY_CHECKS && !this.stopped; i++) {
			const before = this.deps.now();
			await this.deps.sleep(0, this.wake.signal);
			const lag = this.deps.now() - before;
			if (lag <= BUSY_LAG_MS) return;
			await this.deps.sleep(Math.min(lag, 1_000), this.wake.signal);
		}
	}

	private startLoop(): void {
		this.stopped = false;
		if (this.deps.autoRun && !this.running) void this.loop();
	}

	private async loop(): Promise<void> {
		this.running = true;
		try {
			while (!this.stopped && this.groups.size > 0) {
				try {
					await this.runDue();
				} catch (error) {
					this.deps.warn(`Send and Wait re-reads: ${(error as Error).message}`);
				}
				const wait = this.nextDueIn();
				if (wait === undefined) break;
				await this.deps.sleep(Math.min(Math.max(wait, 1000), LOOP_MAX_SLEEP_MS), this.wake.signal);
			}
		} finally {
			this.running = false;
		}
	}
}

function groupKeyOf(wait: Wait): string {
	return `${wait.credential}\n${wait.workspace}`;
}

/** How n8n's log names a wait: `waiting execution <id> of workflow "<name>"`. */
function waitingExecution(wait: Wait): string {
	const workflow = wait.workflow ? ` of workflow "${wait.workflow}"` : '';
	return `waiting execution ${wait.key.split('/')[0]}${workflow}`;
}

/**
 * The warning when a call of a resume URL got no answer from n8n (or not n8n's): which wait, where
 * it called (without the query, which holds the resume token) and what to fix.
 */
export function unreachableWarning(wait: Wait, failures: number, detail?: string): string {
	return `Send and Wait could not reach the resume URL of ${waitingExecution(wait)} (${withoutQuery(wait.url)}${detail ? `: ${detail}` : ''}) to end it, ${failures} time(s). n8n calls its own public webhook address (WEBHOOK_URL) for this: that address must also be reachable from n8n itself, and a reverse proxy in front of n8n must forward n8n's own calls to it. It tries again at the next re-read or delivery; meanwhile the wait ends only by its time limit.`;
}

/** The hub of this n8n process. */
export const hub = new Hub({
	now: () => Date.now(),
	sleep: async (ms, signal) => await sleep(ms, signal).catch(() => undefined),
	warn: (message) => LoggerProxy.warn(message),
	debug: (message) => LoggerProxy.debug(message),
	autoRun: true,
});
