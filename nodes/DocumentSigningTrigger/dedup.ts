import type { IDataObject } from 'n8n-workflow';
import { createHash } from 'crypto';

/**
 * Event-id deduplication: an event id counts as seen once n8n has created the execution it starts,
 * never before (see receive.ts for when that is known).
 *
 * Where seen ids live:
 * - the node's workflow static data, `staticData.seenEvents = [[eventKey, seenAtMs], …]`, oldest
 *   first, so they survive restarts and are shared by every n8n process that loads the workflow
 *   (n8n reads the static data from the database for every webhook call and saves it afterwards);
 * - this process's memory, the same bounded list per trigger, because n8n's saves are whole-object
 *   overwrites without locking: two calls loaded at the same time would each save the list without
 *   the other's id. Every save writes the union, so the database converges to the complete list.
 * - `inFlight`: events this process is starting right now (their execution does not exist yet). A
 *   copy arriving meanwhile waits for the first one's outcome instead of being acknowledged early.
 *
 * Saves are coalesced: n8n rewrites the whole static data on each save, so an id is written to it
 * only when no other event of the same trigger is being started by this process; otherwise the
 * last of those to start writes the whole list (its save includes every id in memory). Under a
 * burst that is one save per group of concurrent deliveries instead of one per delivery. If that
 * last start fails, the ids are written by the next delivery of that trigger (any answer saves).
 *
 * Bounded: entries older than `retentionMs` are dropped (unless they are from `keepSince` on: the
 * catch-up still compares with those, catchUp.ts) and at most `maxEntries` are kept (the oldest
 * go first). Event ids longer than 128 characters are stored as their SHA-256.
 *
 * Besides event ids the list holds, for an event the catch-up can also find (a signing request
 * sent, completed, declined, cancelled or expired), the change it reports (`changeKeyOf`), so that
 * the catch-up does not start it again; and `lastEventAt` (static data) keeps when the newest event
 * taken happened, where the next catch-up starts looking (catchUp.ts).
 */
export const SEEN_EVENTS_KEY = 'seenEvents';
export const LAST_EVENT_KEY = 'lastEventAt';
export const DEFAULT_MAX_ENTRIES = 2000;
/** The service retries an event after 5 minutes and after 1 hour; keep ids for 3 days. */
export const DEFAULT_RETENTION_MS = 3 * 24 * 60 * 60 * 1000;
/** How many triggers (workflow, node, mode) one process remembers; the least recently used go first. */
export const MAX_PROCESS_SCOPES = 1000;

export type SeenEntry = [string, number];

export interface DedupOptions {
	nowMs: number;
	maxEntries?: number;
	retentionMs?: number;
	/** Entries from this time on (ms) are kept even when older than the retention. */
	keepSince?: number;
}

export type Outcome = 'started' | 'failed';

/** Seen ids of this process, per trigger: the same bounded list as in the static data. */
const processMemory = new Map<string, SeenEntry[]>();
/** When the newest event this process took for each trigger happened (ms). */
const lastEventMemory = new Map<string, number>();

interface Pending {
	outcome: Promise<Outcome>;
	settle: (outcome: Outcome) => void;
}
/** Events being started by this process, by scope and event key. */
const inFlight = new Map<string, Pending>();
/** How many events of each scope this process is starting. */
const startingPerScope = new Map<string, number>();
/** Scopes whose memory holds ids not yet written to the static data. */
const unsaved = new Set<string>();

export function eventKey(eventId: string): string {
	return eventId.length <= 128
		? eventId
		: `sha256:${createHash('sha256').update(eventId).digest('hex')}`;
}

function readEntries(staticData: IDataObject): SeenEntry[] {
	const raw = staticData[SEEN_EVENTS_KEY];
	if (!Array.isArray(raw)) return [];
	return raw.filter(
		(entry): entry is SeenEntry =>
			Array.isArray(entry) && typeof entry[0] === 'string' && typeof entry[1] === 'number',
	);
}

/** Union of both lists (an id seen in both keeps its first time), pruned and bounded, oldest first. */
function merge(stored: SeenEntry[], remembered: SeenEntry[], options: DedupOptions): SeenEntry[] {
	const firstSeen = new Map<string, number>();
	for (const [id, at] of [...stored, ...remembered]) {
		const known = firstSeen.get(id);
		if (known === undefined || at < known) firstSeen.set(id, at);
	}
	const max = options.maxEntries ?? DEFAULT_MAX_ENTRIES;
	const fresh = [...firstSeen].filter(([, at]) => kept(at, options));
	fresh.sort((a, b) => a[1] - b[1]);
	return fresh.length > max ? fresh.slice(fresh.length - max) : fresh;
}

function remember(scope: string, entries: SeenEntry[]): void {
	processMemory.delete(scope);
	processMemory.set(scope, entries);
	// Maps keep insertion order, and every use re-inserts: the first scope is the least recently used.
	while (processMemory.size > MAX_PROCESS_SCOPES) {
		processMemory.delete(processMemory.keys().next().value as string);
	}
}

/** Whether an entry seen at `at` is still remembered. */
function kept(at: number, options: DedupOptions): boolean {
	const retention = options.retentionMs ?? DEFAULT_RETENTION_MS;
	return (
		options.nowMs - at <= retention || (options.keepSince !== undefined && at >= options.keepSince)
	);
}

/**
 * The change an event reports, for the catch-up: `<type>:<signing request id>` for the event types
 * the catch-up can find; undefined for every other event.
 */
export function changeKeyOf(
	type: string,
	signingRequestId: string | undefined,
): string | undefined {
	if (!signingRequestId || !CHANGE_TYPES.has(type)) return undefined;
	return `change:${type}:${signingRequestId}`;
}

/** The event types the catch-up can find from the lists (catchUp.ts). */
export const CHANGE_TYPES: ReadonlySet<string> = new Set([
	'signing_request.sent',
	'signing_request.completed',
	'signing_request.declined',
	'signing_request.recipient.declined',
	'signing_request.cancelled',
	'signing_request.expired',
]);

/** When the newest event taken by this trigger happened (static data and this process). */
export function lastEventAt(staticData: IDataObject, scope: string): number | undefined {
	const stored =
		typeof staticData[LAST_EVENT_KEY] === 'number' ? staticData[LAST_EVENT_KEY] : undefined;
	const remembered = lastEventMemory.get(scope);
	if (stored === undefined) return remembered;
	return remembered === undefined ? (stored as number) : Math.max(stored as number, remembered);
}

/** Whether any of these keys (event ids, change keys) was taken by this trigger. */
export function anySeen(
	staticData: IDataObject,
	scope: string,
	keys: string[],
	options: DedupOptions,
): boolean {
	return keys.some((key) => eventState(staticData, scope, key, options).state === 'seen');
}

export type EventState =
	| { state: 'seen' }
	| { state: 'starting'; outcome: Promise<Outcome> }
	| { state: 'new' };

/**
 * Whether an event of this trigger (`scope`: workflow, node and mode in this process) was already
 * started (its id is in the static data or this process's memory), is being started by this
 * process right now, or is new. Reads only.
 */
export function eventState(
	staticData: IDataObject,
	scope: string,
	eventId: string,
	options: DedupOptions,
): EventState {
	const key = eventKey(eventId);
	const pending = inFlight.get(`${scope}\n${key}`);
	if (pending) return { state: 'starting', outcome: pending.outcome };
	if (
		holds(processMemory.get(scope), key, options) ||
		holds(staticData[SEEN_EVENTS_KEY], key, options)
	)
		return { state: 'seen' };
	return { state: 'new' };
}

/** Whether a list of seen entries holds `key` within the retention; one pass, nothing copied. */
function holds(list: unknown, key: string, options: DedupOptions): boolean {
	if (!Array.isArray(list)) return false;
	for (let i = list.length - 1; i >= 0; i--) {
		const entry: unknown = list[i];
		if (
			Array.isArray(entry) &&
			entry[0] === key &&
			typeof entry[1] === 'number' &&
			kept(entry[1], options)
		)
			return true;
	}
	return false;
}

/**
 * Writes the memory's list into the static data (a new array, so n8n notices and saves it).
 * Also for an answer whose static data changes for another reason (the catch-up's state,
 * catchUp.ts): n8n saves that object whole, so it must carry every id this process knows, or its
 * save would put back the list it loaded, without the ids that deliveries saved meanwhile.
 */
export function writeSeen(staticData: IDataObject, scope: string, options: DedupOptions): void {
	const entries = merge(readEntries(staticData), processMemory.get(scope) ?? [], options);
	staticData[SEEN_EVENTS_KEY] = entries.map((entry) => [...entry]) as unknown as IDataObject[];
	const last = lastEventAt(staticData, scope);
	if (last !== undefined && staticData[LAST_EVENT_KEY] !== last) staticData[LAST_EVENT_KEY] = last;
	remember(scope, entries);
	unsaved.delete(scope);
}

/**
 * For answers that start nothing: writes ids that are only in memory (see "Saves are coalesced"),
 * when no start of this trigger is under way in this process. Returns whether it wrote.
 */
export function flushUnsaved(
	staticData: IDataObject,
	scope: string,
	options: DedupOptions,
): boolean {
	if (!unsaved.has(scope) || (startingPerScope.get(scope) ?? 0) > 0) return false;
	writeSeen(staticData, scope, options);
	return true;
}

/** Settles once the starts of this trigger that this process has under way now have settled. */
export async function startsSettled(scope: string): Promise<void> {
	const prefix = `${scope}\n`;
	const pending = [...inFlight].filter(([slot]) => slot.startsWith(prefix));
	await Promise.all(pending.map(async ([, { outcome }]) => await outcome));
}

export interface EventClaim {
	/**
	 * The execution exists: records the id in this process's memory and, unless another event of
	 * the trigger is being started (coalesced saves), in the static data; tells waiting copies.
	 * Idempotent, and it wins over an earlier `failed` (a start that was given up on but happened
	 * after all is still recorded).
	 */
	started: (staticData: IDataObject, nowMs: number) => void;
	/**
	 * Further keys recorded with the id when it starts (the change an event reports), and when the
	 * event happened (moves `lastEventAt` forward). Set before `started`.
	 */
	also: { keys: string[]; eventAt?: number };
	/** The execution was not created: the id stays unseen, waiting copies may start it. */
	failed: () => void;
	readonly state: 'starting' | Outcome;
	/** Settles with the outcome once the claim is started or failed. */
	readonly settled: Promise<Outcome>;
}

/** Marks an event as being started by this process. Call only after `eventState` answered 'new'. */
export function claimEvent(scope: string, eventId: string, options: DedupOptions): EventClaim {
	const key = eventKey(eventId);
	const slot = `${scope}\n${key}`;
	let settle!: (outcome: Outcome) => void;
	const outcome = new Promise<Outcome>((resolve) => (settle = resolve));
	const pending: Pending = { outcome, settle };
	inFlight.set(slot, pending);
	startingPerScope.set(scope, (startingPerScope.get(scope) ?? 0) + 1);
	let state: 'starting' | Outcome = 'starting';
	const also: { keys: string[]; eventAt?: number } = { keys: [] };
	const release = (result: Outcome) => {
		if (inFlight.get(slot) === pending) inFlight.delete(slot);
		const left = (startingPerScope.get(scope) ?? 1) - 1;
		if (left > 0) startingPerScope.set(scope, left);
		else startingPerScope.delete(scope);
		pending.settle(result);
	};
	return {
		started(staticData, nowMs) {
			if (state === 'started') return;
			const wasStarting = state === 'starting';
			state = 'started';
			const opts = { ...options, nowMs };
			const remembered = processMemory.get(scope) ?? [];
			const adding = [key, ...also.keys.map(eventKey)].filter(
				(id) => !remembered.some(([known]) => known === id),
			);
			const entries = adding.length
				? merge(
						remembered,
						adding.map((id): SeenEntry => [id, nowMs]),
						opts,
					)
				: remembered;
			remember(scope, entries);
			if (also.eventAt !== undefined && Number.isFinite(also.eventAt))
				lastEventMemory.set(scope, Math.max(lastEventMemory.get(scope) ?? 0, also.eventAt));
			unsaved.add(scope);
			if (wasStarting) release('started');
			if ((startingPerScope.get(scope) ?? 0) === 0) writeSeen(staticData, scope, opts);
		},
		failed() {
			if (state !== 'starting') return;
			state = 'failed';
			release('failed');
		},
		get state() {
			return state;
		},
		settled: outcome,
		also,
	};
}

/** Forgets this process's memory, as an n8n restart does (tests). */
export function forgetProcessMemory(): void {
	processMemory.clear();
	lastEventMemory.clear();
	unsaved.clear();
	startingPerScope.clear();
	for (const pending of inFlight.values()) pending.settle('failed');
	inFlight.clear();
}
