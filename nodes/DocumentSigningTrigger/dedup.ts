import type { IDataObject } from 'n8n-workflow';
import { createHash } from 'crypto';

/**
 * Event-id deduplication kept in the node's workflow static data, so it survives n8n restarts and
 * is shared by every n8n process that loads the workflow (main, webhook or worker instances read and
 * save static data through the database).
 *
 * Shape: `staticData.seenEvents = [[eventKey, seenAtMs], …]`, oldest first. Bounded: entries older
 * than `retentionMs` are dropped and at most `maxEntries` are kept (the oldest go first). Event ids
 * longer than 128 characters are stored as their SHA-256.
 *
 * n8n loads the static data when a request arrives and saves it only after `webhook()` returned,
 * so two copies of one event arriving at the same moment would both pass the static-data check.
 * `claimInProcess` closes that window inside one n8n process: a short-lived claim (2 minutes, far
 * less than the service's first retry after 5 minutes, so a retry of a delivery whose execution
 * failed to start still gets through).
 */
export const SEEN_EVENTS_KEY = 'seenEvents';
export const DEFAULT_MAX_ENTRIES = 1000;
/** Retries of one event span about an hour; keep ids for 3 days. */
export const DEFAULT_RETENTION_MS = 3 * 24 * 60 * 60 * 1000;

export type SeenEntry = [string, number];

export interface DedupOptions {
	nowMs: number;
	maxEntries?: number;
	retentionMs?: number;
}

export function eventKey(eventId: string): string {
	return eventId.length <= 128 ? eventId : `sha256:${createHash('sha256').update(eventId).digest('hex')}`;
}

function readEntries(staticData: IDataObject): SeenEntry[] {
	const raw = staticData[SEEN_EVENTS_KEY];
	if (!Array.isArray(raw)) return [];
	return raw.filter(
		(entry): entry is SeenEntry =>
			Array.isArray(entry) && typeof entry[0] === 'string' && typeof entry[1] === 'number',
	);
}

function prune(entries: SeenEntry[], options: DedupOptions): SeenEntry[] {
	const retention = options.retentionMs ?? DEFAULT_RETENTION_MS;
	const max = options.maxEntries ?? DEFAULT_MAX_ENTRIES;
	const fresh = entries.filter(([, at]) => options.nowMs - at <= retention);
	fresh.sort((a, b) => a[1] - b[1]);
	return fresh.length > max ? fresh.slice(fresh.length - max) : fresh;
}

/** Whether this event id was already accepted (within the retention window). */
export function hasSeen(staticData: IDataObject, eventId: string, options: DedupOptions): boolean {
	const key = eventKey(eventId);
	return prune(readEntries(staticData), options).some(([id]) => id === key);
}

/**
 * Records an accepted event id. Returns false (and records nothing) when it was already there.
 * The list is written back as a new array, so n8n notices the change and saves the static data.
 */
export function rememberEvent(staticData: IDataObject, eventId: string, options: DedupOptions): boolean {
	const key = eventKey(eventId);
	const entries = prune(readEntries(staticData), options);
	if (entries.some(([id]) => id === key)) return false;
	entries.push([key, options.nowMs]);
	const max = options.maxEntries ?? DEFAULT_MAX_ENTRIES;
	staticData[SEEN_EVENTS_KEY] = entries.slice(Math.max(0, entries.length - max)) as unknown as IDataObject[];
	return true;
}

/** How long an in-process claim blocks the same event (shorter than the service's 5-minute retry). */
export const CLAIM_TTL_MS = 2 * 60 * 1000;
const MAX_CLAIMS = 10_000;
const claims = new Map<string, number>();

/**
 * Claims an event for this process. False when another request of this process claimed it in the
 * last CLAIM_TTL_MS (a concurrent duplicate whose static data is not saved yet).
 */
export function claimInProcess(scope: string, eventId: string, nowMs: number): boolean {
	const key = `${scope}\u0000${eventKey(eventId)}`;
	const expiresAt = claims.get(key);
	if (expiresAt !== undefined && expiresAt > nowMs) return false;
	claims.delete(key);
	claims.set(key, nowMs + CLAIM_TTL_MS);
	// Claims are kept in insertion order, which is expiry order: drop the stale and the oldest.
	for (const [oldKey, oldExpiry] of claims) {
		if (oldExpiry > nowMs && claims.size <= MAX_CLAIMS) break;
		claims.delete(oldKey);
	}
	return true;
}
