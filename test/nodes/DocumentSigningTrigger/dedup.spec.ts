import type { IDataObject } from 'n8n-workflow';

import {
	claimEvent,
	DEFAULT_MAX_ENTRIES,
	DEFAULT_RETENTION_MS,
	eventKey,
	eventState,
	flushUnsaved,
	forgetProcessMemory,
	type DedupOptions,
	MAX_PROCESS_SCOPES,
	SEEN_EVENTS_KEY,
	startsSettled,
	writeSeen,
} from '../../../nodes/DocumentSigningTrigger/dedup';

const ids = (data: IDataObject) =>
	(data[SEEN_EVENTS_KEY] as Array<[string, number]>).map(([id]) => id);
const small = (nowMs: number) => ({ nowMs, maxEntries: 3, retentionMs: 1000 });

beforeEach(() => forgetProcessMemory());

/** Check, claim and record as started at once (what an accepted delivery ends in). */
function acceptEvent(data: IDataObject, scope: string, id: string, options: DedupOptions): boolean {
	if (eventState(data, scope, id, options).state !== 'new') return false;
	claimEvent(scope, id, options).started(data, options.nowMs);
	return true;
}

describe('dedup.ts', () => {
	it('accepts an id once, keeps a bounded list in the static data, and forgets ids past the retention', () => {
		const data: IDataObject = {};
		expect(acceptEvent(data, 'wf|node|webhook', 'a', small(0))).toBe(true);
		expect(acceptEvent(data, 'wf|node|webhook', 'a', small(10))).toBe(false);
		acceptEvent(data, 'wf|node|webhook', 'b', small(20));
		acceptEvent(data, 'wf|node|webhook', 'c', small(30));
		acceptEvent(data, 'wf|node|webhook', 'd', small(40));
		expect(data[SEEN_EVENTS_KEY]).toEqual([
			['b', 20],
			['c', 30],
			['d', 40],
		]);
		// the oldest was dropped to keep 3 entries, so it is new again
		expect(acceptEvent(data, 'wf|node|webhook', 'a', small(50))).toBe(true);
		expect(ids(data)).toEqual(['c', 'd', 'a']);
		// past the retention, ids are forgotten
		expect(acceptEvent(data, 'wf|node|webhook', 'e', small(1045))).toBe(true);
		expect(ids(data)).toEqual(['a', 'e']);
		// plain JSON: n8n stores it in its database
		expect(JSON.parse(JSON.stringify(data))).toEqual(data);
	});

	it('uses defaults of 2000 entries and 3 days (the service retries for about an hour)', () => {
		// 2000: an event the catch-up can also find takes two (its id and the change it reports).
		expect(DEFAULT_MAX_ENTRIES).toBe(2000);
		expect(DEFAULT_RETENTION_MS).toBe(3 * 24 * 60 * 60 * 1000);
		const data: IDataObject = {};
		for (let i = 0; i < 2005; i++) acceptEvent(data, 's', `evt_${i}`, { nowMs: i });
		expect(ids(data)).toHaveLength(2000);
		expect(ids(data)[0]).toBe('evt_5');
		expect(acceptEvent(data, 's', 'evt_2004', { nowMs: DEFAULT_RETENTION_MS + 2004 })).toBe(false);
		expect(acceptEvent(data, 's', 'evt_2004', { nowMs: DEFAULT_RETENTION_MS + 2005 })).toBe(true);
	});

	it('after a restart (no process memory) the static data alone refuses a known id', () => {
		const saved: IDataObject = {};
		acceptEvent(saved, 'wf|node|webhook', 'evt_1', { nowMs: 0 });
		forgetProcessMemory();
		const loaded = JSON.parse(JSON.stringify(saved)) as IDataObject;
		expect(acceptEvent(loaded, 'wf|node|webhook', 'evt_1', { nowMs: 60_000 })).toBe(false);
		expect(acceptEvent(loaded, 'wf|node|webhook', 'evt_2', { nowMs: 60_000 })).toBe(true);
	});

	it('catches a copy whose static data was loaded before the first copy was saved', () => {
		const first: IDataObject = {};
		const second: IDataObject = {}; // loaded from the database at the same moment
		expect(acceptEvent(first, 'wf|node|webhook', 'evt_1', { nowMs: 0 })).toBe(true);
		expect(acceptEvent(second, 'wf|node|webhook', 'evt_1', { nowMs: 5 })).toBe(false);
	});

	it('two events handled at the same time: whichever static data is saved last holds both ids', () => {
		const first: IDataObject = {};
		const second: IDataObject = {};
		acceptEvent(first, 'wf|node|webhook', 'evt_a', { nowMs: 0 });
		acceptEvent(second, 'wf|node|webhook', 'evt_b', { nowMs: 1 });
		expect(ids(second)).toEqual(['evt_a', 'evt_b']);
	});

	it('keeps triggers apart: another workflow, node or mode is another scope', () => {
		expect(acceptEvent({}, 'wf|node|webhook', 'evt_1', { nowMs: 0 })).toBe(true);
		expect(acceptEvent({}, 'wf|node|manual', 'evt_1', { nowMs: 0 })).toBe(true);
		expect(acceptEvent({}, 'wf|other|webhook', 'evt_1', { nowMs: 0 })).toBe(true);
		expect(acceptEvent({}, 'wf2|node|webhook', 'evt_1', { nowMs: 0 })).toBe(true);
		expect(acceptEvent({}, 'wf|node|webhook', 'evt_1', { nowMs: 0 })).toBe(false);
	});

	it('bounds the process memory: the least recently used trigger is forgotten first', () => {
		acceptEvent({}, 'first', 'evt_1', { nowMs: 0 });
		acceptEvent({}, 'busy', 'evt_1', { nowMs: 0 });
		for (let i = 0; i < MAX_PROCESS_SCOPES - 2; i++)
			acceptEvent({}, `scope_${i}`, 'evt_1', { nowMs: 0 });
		acceptEvent({}, 'busy', 'evt_2', { nowMs: 1 }); // used again: now the most recent
		acceptEvent({}, 'one more', 'evt_1', { nowMs: 2 }); // over the bound: 'first' goes
		expect(acceptEvent({}, 'busy', 'evt_1', { nowMs: 3 })).toBe(false);
		expect(acceptEvent({}, 'first', 'evt_1', { nowMs: 3 })).toBe(true);
	});

	it('ignores malformed stored entries and hashes very long ids', () => {
		const data: IDataObject = {
			[SEEN_EVENTS_KEY]: [['ok', 0], 'junk', [1, 2], null] as unknown as IDataObject[],
		};
		expect(acceptEvent(data, 's', 'ok', { nowMs: 1 })).toBe(false);
		expect(acceptEvent(data, 's', 'new', { nowMs: 1 })).toBe(true);
		expect(data[SEEN_EVENTS_KEY]).toEqual([
			['ok', 0],
			['new', 1],
		]);
		expect(eventKey('x'.repeat(128))).toBe('x'.repeat(128));
		expect(eventKey('x'.repeat(129))).toMatch(/^sha256:[0-9a-f]{64}$/);
		acceptEvent(data, 's', 'y'.repeat(5000), { nowMs: 2 });
		expect(JSON.stringify(data).length).toBeLessThan(200);
	});

	it('an event being started is "starting" (not seen) until its execution exists', async () => {
		const data: IDataObject = {};
		expect(eventState(data, 's', 'evt_1', { nowMs: 0 })).toEqual({ state: 'new' });
		const claim = claimEvent('s', 'evt_1', { nowMs: 0 });
		const copy = eventState(data, 's', 'evt_1', { nowMs: 1 });
		expect(copy.state).toBe('starting');
		// nothing is recorded before the execution exists
		expect(data[SEEN_EVENTS_KEY]).toBeUndefined();
		// another trigger is not affected
		expect(eventState(data, 'other', 'evt_1', { nowMs: 1 })).toEqual({ state: 'new' });
		claim.started(data, 5);
		await expect((copy as { outcome: Promise<string> }).outcome).resolves.toBe('started');
		expect(data[SEEN_EVENTS_KEY]).toEqual([['evt_1', 5]]);
		expect(eventState(data, 's', 'evt_1', { nowMs: 6 })).toEqual({ state: 'seen' });
		// and in this process's memory, for static data loaded before that save
		expect(eventState({}, 's', 'evt_1', { nowMs: 6 })).toEqual({ state: 'seen' });
	});

	it('a failed start leaves the id unseen, so the retry runs; waiting copies learn it', async () => {
		const data: IDataObject = {};
		const claim = claimEvent('s', 'evt_1', { nowMs: 0 });
		const copy = eventState(data, 's', 'evt_1', { nowMs: 1 }) as { outcome: Promise<string> };
		claim.failed();
		await expect(copy.outcome).resolves.toBe('failed');
		expect(data[SEEN_EVENTS_KEY]).toBeUndefined();
		expect(eventState(data, 's', 'evt_1', { nowMs: 2 })).toEqual({ state: 'new' });
		expect(eventState({}, 's', 'evt_1', { nowMs: 2 })).toEqual({ state: 'new' });
	});

	it('a claim settles once, but a start that happens after all is still recorded', () => {
		const data: IDataObject = {};
		const startedFirst = claimEvent('s', 'evt_2', { nowMs: 0 });
		startedFirst.started(data, 2);
		startedFirst.started(data, 3);
		startedFirst.failed();
		expect(startedFirst.state).toBe('started');
		expect(data[SEEN_EVENTS_KEY]).toEqual([['evt_2', 2]]);
		expect(eventState({}, 's', 'evt_2', { nowMs: 4 })).toEqual({ state: 'seen' });
		// given up on (n8n never answered), then n8n created the execution after all
		const late = claimEvent('s', 'evt_1', { nowMs: 0 });
		late.failed();
		expect(late.state).toBe('failed');
		expect(eventState({}, 's', 'evt_1', { nowMs: 5 })).toEqual({ state: 'new' });
		const lateData: IDataObject = {};
		late.started(lateData, 6);
		expect(late.state).toBe('started');
		expect(ids(lateData)).toEqual(['evt_2', 'evt_1']);
		expect(eventState({}, 's', 'evt_1', { nowMs: 7 })).toEqual({ state: 'seen' });
	});

	it('a retry that claims after a failed start replaces the old claim', () => {
		const data: IDataObject = {};
		const first = claimEvent('s', 'evt_1', { nowMs: 0 });
		first.failed();
		const retry = claimEvent('s', 'evt_1', { nowMs: 10 });
		expect(eventState(data, 's', 'evt_1', { nowMs: 11 }).state).toBe('starting');
		first.failed(); // late, ignored
		expect(eventState(data, 's', 'evt_1', { nowMs: 11 }).state).toBe('starting');
		retry.started(data, 12);
		expect(eventState(data, 's', 'evt_1', { nowMs: 13 })).toEqual({ state: 'seen' });
	});

	it('coalesces saves: while other events of the trigger are being started, the last one writes all', () => {
		const a = claimEvent('s', 'evt_a', { nowMs: 0 });
		const b = claimEvent('s', 'evt_b', { nowMs: 0 });
		const c = claimEvent('s', 'evt_c', { nowMs: 0 });
		const other = claimEvent('other', 'evt_x', { nowMs: 0 });
		const dataA: IDataObject = {};
		const dataB: IDataObject = {};
		const dataC: IDataObject = {};
		a.started(dataA, 1);
		expect(dataA[SEEN_EVENTS_KEY]).toBeUndefined(); // b and c are still being started
		expect(eventState({}, 's', 'evt_a', { nowMs: 2 })).toEqual({ state: 'seen' });
		c.failed();
		b.started(dataB, 3); // the last one: writes both ids
		expect(ids(dataB)).toEqual(['evt_a', 'evt_b']);
		expect(dataC[SEEN_EVENTS_KEY]).toBeUndefined();
		// another trigger's pending start does not hold these back
		other.started({}, 4);
	});

	it('ids held back by a failed last start are written by the next answer of that trigger', () => {
		const a = claimEvent('s', 'evt_a', { nowMs: 0 });
		const b = claimEvent('s', 'evt_b', { nowMs: 0 });
		a.started({}, 1);
		b.failed();
		const later: IDataObject = {};
		expect(flushUnsaved(later, 'other', { nowMs: 2 })).toBe(false);
		expect(flushUnsaved(later, 's', { nowMs: 2 })).toBe(true);
		expect(ids(later)).toEqual(['evt_a']);
		// nothing left to write
		expect(flushUnsaved({}, 's', { nowMs: 3 })).toBe(false);
	});
	it("an answer saved for another reason (the catch-up's state) carries every id, once the starts under way have settled", async () => {
		const a = claimEvent('s', 'evt_a', { nowMs: 0 });
		const b = claimEvent('s', 'evt_b', { nowMs: 0 });
		let settled = false;
		const waiting = startsSettled('s').then(() => (settled = true));
		a.started({}, 1);
		await Promise.resolve();
		expect(settled).toBe(false); // b is still being started
		b.started({}, 2);
		await waiting;
		const report: IDataObject = {}; // loaded before those saves
		writeSeen(report, 's', { nowMs: 3 });
		expect(ids(report)).toEqual(['evt_a', 'evt_b']);
		await startsSettled('s'); // nothing under way: settles at once
	});
});
