import type { IDataObject } from 'n8n-workflow';
import { createHash } from 'crypto';

/**
 * Event-id deduplication.
 *
 * The list of accepted ids lives in the node's workflow static data, so it survives n8n restarts and
 * is shared by every n8n process that loads the workflow (main, webhook or worker instances read and
 * save static data through the database). n8n saves it after `webhook()` returned; receive.ts answers
 * accepted deliveries itself so that this save happens before the execution starts (see there).
 *
 * Shape: `staticData.seenEvents = [[eventKey, seenAtMs], …]`, oldest first. Bounded: entries older
 * than `retentionMs` are dropped and at most `maxEntries` are kept (the oldest go first). Event ids
 * longer than 128 characters are stored as their SHA-256.
 *
 * n8n loads the static data from the database for every request, so two requests handled at the same
 * time each see the list without the other's id, and whichever saves last would drop the other's.
 * Each process therefore keeps the same bounded list per trigger in memory too: a copy arriving
 * before the first one's static data was saved is caught, and every save writes both ids.
 */
export const SEEN_EVENTS_KEY = 'seenEvents';
export const DEFAULT_MAX_ENTRIES = 1000;
/** Retries of one event span about an hour; keep ids for 3 days. */
export const DEFAULT_RETENTION_MS = 3 * 24 * 60 * 60 * 1000;
/** How many triggers (workflow, node, mode) one process remembers; the least recently used go first. */
export const MAX_PROCESS_SCOPES = 1000;

export type SeenEntry = [string, number];

export interface DedupOptions {
	nowMs: number;
	maxEntries?: number;
	retentionMs?: number;
}

/** Accepted ids of this process, per trigger: the same bounded list as in the static data. */
const processMemory = new Map<string, SeenEntry[]>();

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
	const retention = options.retentionMs ?? DEFAULT_RETENTION_MS;
	const max = options.maxEntries ?? DEFAULT_MAX_ENTRIES;
	const fresh = [...firstSeen].filter(([, at]) => options.nowMs - at <= retention);
	fresh.sort((a, b) => a[1] - b[1]);
	return fresh.length > max ? fresh.slice(fresh.length - max) : fresh;
}

/**
 * Accepts an event once per trigger. `scope` names the trigger in this process (workflow, node,
 * mode). Returns false when the id is already in the static data or in this process's memory;
 * otherwise records it in both and returns true. The list is written back as a new array, so n8n
 * notices the change and saves the static data.
 */
export function acceptEvent(
	staticData: IDataObject,
	scope: string,
	eventId: string,
	options: DedupOptions,
): boolean {
	const key = eventKey(eventId);
	const entries = merge(readEntries(staticData), processMemory.get(scope) ?? [], options);
	if (entries.some(([id]) => id === key)) return false;
	entries.push([key, options.nowMs]);
	const max = options.maxEntries ?? DEFAULT_MAX_ENTRIES;
	const kept = entries.slice(Math.max(0, entries.length - max));
	staticData[SEEN_EVENTS_KEY] = kept.map((entry) => [...entry]) as unknown as IDataObject[];
	processMemory.delete(scope);
	processMemory.set(scope, kept);
	// Maps keep insertion order, and every use re-inserts: the first scope is the least recently used.
	while (processMemory.size > MAX_PROCESS_SCOPES) {
		processMemory.delete(processMemory.keys().next().value as string);
	}
	return true;
}

/** Forgets this process's memory, as an n8n restart does (tests). */
export function forgetProcessMemory(): void {
	processMemory.clear();
}
