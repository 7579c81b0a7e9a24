import type { IDataObject } from 'n8n-workflow';

import { ENDPOINTS } from './endpoints';
import type { TransportContext } from './transport';
import { callApi } from './transport';

/**
 * Finding the signing-request state changes of one workspace by polling the list endpoint
 * (GET /signing-requests, api-reference S1). Pure logic: the caller passes a function that fetches
 * one page, and the state to start from; nothing here talks to n8n.
 *
 * The list can only be sorted by created_on, sent_on, finished_on, name or expiration_hours, and
 * filtered by status. What a poll reads:
 *
 *  1. "sent" query: status = every sent status, sort_by sent_on desc, page after page until an item
 *     was sent before `sentMark - OVERLAP_MS`. Every item sent since the last poll is new (its id is
 *     not among `recent`, the ids already seen in the overlap window). A new item that is still in
 *     progress joins `open`; one that already ended reports its end too.
 *  2. "open" query (only while `open` holds ids and an end event is wanted): status in_progress,
 *     all pages. Ids of `open` that are no longer listed have probably ended.
 *  3. "ended" query (only when step 2 found some): status finished/cancelled/declined/expired,
 *     sort_by sent_on desc, until all of them were found or the items were sent before the oldest
 *     of them. Only a status actually seen ends an id: an id that was missed in step 2 because the
 *     list shifted between two pages stays open and is checked again next time.
 *
 * So every change is reported once, whatever the timestamps (several at the same millisecond,
 * changes between two polls, many at once over several pages), and a poll reads little: one page
 * for the sent query in a quiet workspace, plus one page per 200 open requests when end events
 * are wanted.
 */

/**
 * The change kinds the lists reveal (the poll trigger reports them, the webhook trigger's catch-up
 * finds them), with the event type each one is reported as.
 */
export const POLL_EVENTS = {
	sent: 'signing_request.sent',
	completed: 'signing_request.completed',
	declined: 'signing_request.declined',
	cancelled: 'signing_request.cancelled',
	expired: 'signing_request.expired',
} as const;

export type PollEventKind = keyof typeof POLL_EVENTS;
export const POLL_EVENT_KINDS = Object.keys(POLL_EVENTS) as PollEventKind[];

/** The list statuses that end a sent request, and the change each one is. */
const ENDED: Record<string, { kind: PollEventKind; dateField: string }> = {
	finished: { kind: 'completed', dateField: 'finished_date' },
	declined: { kind: 'declined', dateField: 'declined_date' },
	cancelled: { kind: 'cancelled', dateField: 'cancelled_date' },
	expired: { kind: 'expired', dateField: 'expires_at' },
};
export const ENDED_STATUSES = Object.keys(ENDED).join(',');
export const SENT_STATUSES = `in_progress,${ENDED_STATUSES}`;

/** Items sent this long before the newest one seen are looked at again (late writes, clock skew). */
export const OVERLAP_MS = 5 * 60_000;
/** An id that left the open list but was never seen ended is given up after this many polls. */
const MAX_MISSES = 5;
export const PAGE_SIZE = 200;

export interface WorkspaceState extends IDataObject {
	/** Newest sent_date seen (ms). */
	sentMark: number;
	/** Ids seen by the sent query within the overlap window → their sent time (ms). */
	recent: Record<string, number>;
	/** Sent requests still in progress → their sent time (ms). */
	open: Record<string, number>;
	/** Ids of `open` missing from the open list but not seen ended yet → number of polls. */
	misses: Record<string, number>;
}

export interface ListPage {
	results: IDataObject[];
	/** Whether there is a page after this one. */
	more: boolean;
}

export type FetchPage = (qs: IDataObject) => Promise<ListPage>;

/**
 * Reads one page of GET /signing-requests (the poll trigger and the webhook trigger's catch-up):
 * more pages follow while the answer's pagination says so, or, without it, while a page is full.
 */
export function listPageFetcher(context: TransportContext): FetchPage {
	return async (qs) => {
		const response = (
			await callApi<{
				results?: IDataObject[];
				pagination?: { current_page?: number; total_pages?: number };
			}>(context, ENDPOINTS.listSigningRequests, { qs })
		).body;
		const results = Array.isArray(response?.results) ? response.results : [];
		const page = Number(response?.pagination?.current_page ?? qs.page ?? 1);
		const total = response?.pagination?.total_pages;
		const more =
			typeof total === 'number' ? page < total : results.length >= Number(qs.page_size ?? 0);
		return { results, more };
	};
}

export interface Change {
	kind: PollEventKind;
	/** ISO time of the change (sent_date, finished_date, declined_date, cancelled_date, expires_at). */
	at: string;
	/** The list item as the service returned it. */
	item: IDataObject;
}

export interface PollResult {
	state: WorkspaceState;
	changes: Change[];
	/** Pages read. */
	reads: number;
}

function timeOf(value: unknown): number | undefined {
	if (typeof value !== 'string' || value === '') return undefined;
	const ms = Date.parse(value);
	return Number.isFinite(ms) ? ms : undefined;
}

function endOf(item: IDataObject): Change | undefined {
	const ended = ENDED[String(item.status)];
	if (!ended) return undefined;
	const at = String(item[ended.dateField] ?? item.updated_date ?? '');
	return { kind: ended.kind, at, item };
}

export function emptyState(sentMark: number): WorkspaceState {
	return { sentMark, recent: {}, open: {}, misses: {} };
}

/** Reads pages of one query until `more` is false or `keepGoing` says stop after a page. */
async function readPages(
	fetchPage: FetchPage,
	qs: IDataObject,
	onItem: (item: IDataObject) => 'continue' | 'stop',
	counter: { reads: number },
): Promise<void> {
	for (let page = 1; ; page++) {
		const result = await fetchPage({ ...qs, page, page_size: PAGE_SIZE });
		counter.reads++;
		for (const item of result.results) {
			if (onItem(item) === 'stop') return;
		}
		if (!result.more || result.results.length === 0) return;
	}
}

/**
 * The ends of the `missing` requests (ids, taken out of the set as they are found) the ended
 * statuses' list shows, read by sent_on, newest first, down to `floor` (ms) or until every one was
 * found. Only a status actually seen ends a request.
 */
async function readEnds(
	fetchPage: FetchPage,
	missing: Set<string>,
	floor: number,
	counter: { reads: number },
): Promise<Change[]> {
	const ends: Change[] = [];
	await readPages(
		fetchPage,
		{ status: ENDED_STATUSES, sort_by: 'sent_on', sort_order: 'desc' },
		(item) => {
			const sentAt = timeOf(item.sent_date);
			if (sentAt !== undefined && sentAt < floor) return 'stop';
			const id = String(item.id);
			if (!missing.has(id)) return 'continue';
			const end = endOf(item);
			if (!end) return 'continue';
			missing.delete(id);
			ends.push(end);
			return missing.size === 0 ? 'stop' : 'continue';
		},
		counter,
	);
	return ends;
}

/**
 * One poll of one workspace. `baseline` (first poll): records what exists, reports nothing.
 * `wanted`: the change kinds to report (the state is kept the same way whatever is wanted, except
 * that requests are only followed to their end when an end kind is wanted).
 */
export async function pollWorkspace(
	fetchPage: FetchPage,
	previous: WorkspaceState,
	wanted: ReadonlySet<PollEventKind>,
	options: { baseline: boolean },
): Promise<PollResult> {
	const state: WorkspaceState = {
		sentMark: previous.sentMark,
		recent: { ...previous.recent },
		open: { ...previous.open },
		misses: { ...(previous.misses ?? {}) },
	};
	const followEnds = [...wanted].some((kind) => kind !== 'sent');
	const changes: Change[] = [];
	const counter = { reads: 0 };

	// 1. Sent since the last poll.
	const floor = previous.sentMark - OVERLAP_MS;
	let newest = previous.sentMark;
	await readPages(
		fetchPage,
		{ status: SENT_STATUSES, sort_by: 'sent_on', sort_order: 'desc' },
		(item) => {
			const sentAt = timeOf(item.sent_date);
			if (sentAt === undefined || sentAt < floor) return 'stop';
			const id = String(item.id);
			if (state.recent[id] !== undefined) return 'continue';
			state.recent[id] = sentAt;
			newest = Math.max(newest, sentAt);
			if (state.open[id] !== undefined) return 'continue';
			const end = endOf(item);
			if (!options.baseline) {
				changes.push({ kind: 'sent', at: String(item.sent_date), item });
				if (end && followEnds) changes.push(end);
			}
			if (!end && followEnds) state.open[id] = sentAt;
			return 'continue';
		},
		counter,
	);
	state.sentMark = newest;
	for (const [id, sentAt] of Object.entries(state.recent)) {
		if (sentAt < state.sentMark - OVERLAP_MS) delete state.recent[id];
	}

	if (!followEnds) {
		state.open = {};
		state.misses = {};
	} else if (options.baseline) {
		// 2'. Everything in progress now is followed from here on.
		await readPages(
			fetchPage,
			{ status: 'in_progress', sort_by: 'sent_on', sort_order: 'desc' },
			(item) => {
				const sentAt = timeOf(item.sent_date);
				if (sentAt !== undefined) state.open[String(item.id)] = sentAt;
				return 'continue';
			},
			counter,
		);
	} else if (Object.keys(state.open).length > 0) {
		// 2. Which followed requests are still in progress.
		const stillOpen = new Set<string>();
		await readPages(
			fetchPage,
			{ status: 'in_progress', sort_by: 'sent_on', sort_order: 'desc' },
			(item) => {
				stillOpen.add(String(item.id));
				return 'continue';
			},
			counter,
		);
		const gone = Object.keys(state.open).filter((id) => !stillOpen.has(id));
		for (const id of Object.keys(state.misses)) if (!gone.includes(id)) delete state.misses[id];

		// 3. How they ended.
		if (gone.length > 0) {
			const missing = new Set(gone);
			const oldest = Math.min(...gone.map((id) => state.open[id]));
			for (const end of await readEnds(fetchPage, missing, oldest, counter)) {
				const id = String(end.item.id);
				delete state.open[id];
				delete state.misses[id];
				changes.push(end);
			}
			for (const id of missing) {
				state.misses[id] = (state.misses[id] ?? 0) + 1;
				if (state.misses[id] >= MAX_MISSES) {
					delete state.open[id];
					delete state.misses[id];
				}
			}
		}
	}

	const reported = changes
		.filter((change) => wanted.has(change.kind))
		.sort((a, b) => (timeOf(a.at) ?? 0) - (timeOf(b.at) ?? 0));
	return { state, changes: reported, reads: counter.reads };
}

/**
 * For "Fetch Test Event": the most recent change of a wanted kind in one workspace, without any
 * state. Reads one page per wanted kind (at most 5).
 */
export async function latestChange(
	fetchPage: FetchPage,
	wanted: ReadonlySet<PollEventKind>,
): Promise<Change | undefined> {
	const candidates: Change[] = [];
	const first = async (qs: IDataObject, size: number) =>
		(await fetchPage({ ...qs, page: 1, page_size: size })).results;
	if (wanted.has('sent')) {
		const [item] = await first(
			{ status: SENT_STATUSES, sort_by: 'sent_on', sort_order: 'desc' },
			1,
		);
		if (item) candidates.push({ kind: 'sent', at: String(item.sent_date), item });
	}
	if (wanted.has('completed')) {
		const [item] = await first(
			{ status: 'finished', sort_by: 'finished_on', sort_order: 'desc' },
			1,
		);
		if (item) candidates.push({ kind: 'completed', at: String(item.finished_date), item });
	}
	for (const [status, ended] of Object.entries(ENDED)) {
		if (ended.kind === 'completed' || !wanted.has(ended.kind)) continue;
		// No sort by these dates: the most recently sent ones are the likely candidates.
		const items = await first({ status, sort_by: 'sent_on', sort_order: 'desc' }, 50);
		for (const item of items) {
			const end = endOf(item);
			if (end) candidates.push(end);
		}
	}
	candidates.sort((a, b) => (timeOf(b.at) ?? 0) - (timeOf(a.at) ?? 0));
	return candidates[0];
}

export interface SinceResult {
	/** The wanted changes from `since` on, oldest first. */
	changes: Change[];
	/**
	 * When the oldest request now in progress was sent (ms): the lower bound of the next call's
	 * scan. Undefined when none is in progress (or the list does not say).
	 */
	openSince: number | undefined;
	/** Pages read. */
	reads: number;
}

/**
 * The changes of one workspace from `since` on, read from the lists alone, for the webhook
 * trigger's catch-up (which keeps no state per request):
 *  - sent: the "sent" query (sent_on, newest first) down to `since`;
 *  - completed: status finished by finished_on, newest first, down to `since`;
 *  - declined, cancelled, expired: the list cannot sort by those dates, so their statuses are read
 *    by sent_on, newest first, down to the oldest request that was in progress at `since`
 *    (`openSince`, as the previous call found it; `since` itself when unknown); an end counts when
 *    its date is from `since` on;
 *  - and one item: the oldest request in progress now (the next call's `openSince`).
 * A request that ended after `since` was in progress at `since` or sent later, so it is found.
 */
export async function changesSince(
	fetchPage: FetchPage,
	since: number,
	openSince: number | undefined,
	wanted: ReadonlySet<PollEventKind>,
): Promise<SinceResult> {
	const changes: Change[] = [];
	const counter = { reads: 0 };
	if (wanted.has('sent')) {
		await readPages(
			fetchPage,
			{ status: SENT_STATUSES, sort_by: 'sent_on', sort_order: 'desc' },
			(item) => {
				const sentAt = timeOf(item.sent_date);
				if (sentAt === undefined) return 'continue';
				if (sentAt < since) return 'stop';
				changes.push({ kind: 'sent', at: String(item.sent_date), item });
				return 'continue';
			},
			counter,
		);
	}
	if (wanted.has('completed')) {
		await readPages(
			fetchPage,
			{ status: 'finished', sort_by: 'finished_on', sort_order: 'desc' },
			(item) => {
				const end = endOf(item);
				const at = timeOf(end?.at);
				if (!end || at === undefined) return 'continue';
				if (at < since) return 'stop';
				changes.push(end);
				return 'continue';
			},
			counter,
		);
	}
	const others = Object.entries(ENDED)
		.filter(([, ended]) => ended.kind !== 'completed' && wanted.has(ended.kind))
		.map(([status]) => status);
	if (others.length > 0) {
		const floor = Math.min(openSince ?? since, since) - OVERLAP_MS;
		await readPages(
			fetchPage,
			{ status: others.join(','), sort_by: 'sent_on', sort_order: 'desc' },
			(item) => {
				const sentAt = timeOf(item.sent_date);
				if (sentAt !== undefined && sentAt < floor) return 'stop';
				const end = endOf(item);
				const at = timeOf(end?.at);
				if (end && at !== undefined && at >= since) changes.push(end);
				return 'continue';
			},
			counter,
		);
	}
	const oldest = await fetchPage({
		status: 'in_progress',
		sort_by: 'sent_on',
		sort_order: 'asc',
		page: 1,
		page_size: 1,
	});
	counter.reads++;
	const reported = changes
		.filter((change) => wanted.has(change.kind))
		.sort((a, b) => (timeOf(a.at) ?? 0) - (timeOf(b.at) ?? 0));
	return {
		changes: reported,
		openSince: timeOf(oldest.results[0]?.sent_date),
		reads: counter.reads,
	};
}

export interface EndsResult {
	/** The ends of the given requests the lists show, each with its list item. */
	ended: Change[];
	/** Pages read. */
	reads: number;
}

/**
 * Which of the given requests (id → a time no later than its sending, ms) have ended, read from
 * the lists alone, for Send and Wait's re-reads (one read serves up to 200 requests):
 *  1. status in_progress, every page: a request listed there has not ended;
 *  2. only when some are missing from it: the ended statuses by sent_on, newest first, down to the
 *     oldest missing one's time (less `OVERLAP_MS`), until every missing one was found. Only a
 *     status actually seen ends a request: one that is not listed as ended (a draft not sent yet,
 *     a deleted one, or one the lists shifted past between two pages) is not reported, and is
 *     looked at again at the next call.
 * Cost: one read per 200 requests in progress in the workspace, plus, when something ended, one
 * per 200 ended requests sent since the oldest of those.
 */
export async function endsOf(
	fetchPage: FetchPage,
	requests: ReadonlyMap<string, number>,
): Promise<EndsResult> {
	const counter = { reads: 0 };
	const ended: Change[] = [];
	if (requests.size === 0) return { ended, reads: 0 };
	const stillOpen = new Set<string>();
	await readPages(
		fetchPage,
		{ status: 'in_progress', sort_by: 'sent_on', sort_order: 'desc' },
		(item) => {
			stillOpen.add(String(item.id));
			return 'continue';
		},
		counter,
	);
	const missing = [...requests].filter(([id]) => !stillOpen.has(id));
	if (missing.length === 0) return { ended, reads: counter.reads };
	const floor = Math.min(...missing.map(([, sentBy]) => sentBy)) - OVERLAP_MS;
	ended.push(...(await readEnds(fetchPage, new Set(missing.map(([id]) => id)), floor, counter)));
	return { ended, reads: counter.reads };
}
