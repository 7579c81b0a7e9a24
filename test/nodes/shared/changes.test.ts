import type { IDataObject } from 'n8n-workflow';

import {
	emptyState,
	endsOf,
	pollWorkspace,
	type FetchPage,
	type PollEventKind,
} from '../../../nodes/shared/changes';

/**
 * A fake list endpoint with exact control over timestamps and paging (the sandbox cannot make
 * two requests share a millisecond on purpose or shift a page between two reads).
 */
interface Row extends IDataObject {
	id: string;
	status: string;
	sent_date: string;
	finished_date: string | null;
}

const T0 = Date.parse('2026-01-01T10:00:00.000Z');
const at = (ms: number) => new Date(T0 + ms).toISOString();

function listOf(rows: Row[], hooks: { beforePage?: (page: number, status: string) => void } = {}) {
	const calls: IDataObject[] = [];
	const fetchPage: FetchPage = async (qs) => {
		calls.push(qs);
		hooks.beforePage?.(Number(qs.page), String(qs.status));
		const statuses = String(qs.status).split(',');
		const matching = rows
			.filter((row) => statuses.includes(row.status))
			.sort(
				(a, b) => Date.parse(b.sent_date) - Date.parse(a.sent_date) || a.id.localeCompare(b.id),
			);
		const size = Number(qs.page_size);
		const start = (Number(qs.page) - 1) * size;
		return {
			results: matching.slice(start, start + size),
			more: start + size < matching.length,
		};
	};
	return { fetchPage, calls };
}

const ALL = new Set<PollEventKind>(['sent', 'completed', 'declined', 'cancelled', 'expired']);

function row(id: string, sentMs: number, status = 'in_progress'): Row {
	return { id, status, sent_date: at(sentMs), finished_date: null };
}

describe('pollWorkspace (change detection)', () => {
	it('reports every request sent at the same millisecond, across a page boundary', async () => {
		const rows: Row[] = [];
		const { fetchPage, calls } = listOf(rows);
		const base = await pollWorkspace(fetchPage, emptyState(T0 - 1000), ALL, { baseline: true });
		for (let n = 0; n < 450; n++) rows.push(row(`same-${String(n).padStart(3, '0')}`, 5000));
		const first = await pollWorkspace(fetchPage, base.state, ALL, { baseline: false });
		expect(first.changes).toHaveLength(450);
		expect(new Set(first.changes.map((c) => c.item.id)).size).toBe(450);
		expect(calls.filter((c) => c.status !== 'in_progress').map((c) => c.page)).toContain(3);
		// One more at the very same millisecond, after the poll: reported, the others not again.
		rows.push(row('same-late', 5000));
		const second = await pollWorkspace(fetchPage, first.state, ALL, { baseline: false });
		expect(second.changes.map((c) => `${c.kind} ${String(c.item.id)}`)).toEqual(['sent same-late']);
	});

	it('reports a request that shows up late with an older sent date (within the overlap)', async () => {
		const rows: Row[] = [row('a', 10_000)];
		const { fetchPage } = listOf(rows);
		const base = await pollWorkspace(fetchPage, emptyState(T0), ALL, { baseline: true });
		rows.push(row('b', 60_000));
		const one = await pollWorkspace(fetchPage, base.state, ALL, { baseline: false });
		expect(one.changes.map((c) => c.item.id)).toEqual(['b']);
		// Written with sent_date 30 s before b, but visible only now.
		rows.push(row('late', 30_000));
		const two = await pollWorkspace(fetchPage, one.state, ALL, { baseline: false });
		expect(two.changes.map((c) => c.item.id)).toEqual(['late']);
	});

	it('does not take a request skipped by a shifting page for ended', async () => {
		const rows: Row[] = [];
		for (let n = 0; n < 201; n++) rows.push(row(`open-${String(n).padStart(3, '0')}`, n));
		let shift = false;
		const { fetchPage } = listOf(rows, {
			beforePage: (page, status) => {
				// Between page 1 and page 2 of the open list, the newest request ends: every row moves
				// up by one and the first row of page 2 is never seen in this poll.
				if (shift && status === 'in_progress' && page === 2) {
					rows.find((r) => r.id === 'open-200')!.status = 'finished';
					rows.find((r) => r.id === 'open-200')!.finished_date = at(99_000);
					shift = false;
				}
			},
		});
		const base = await pollWorkspace(fetchPage, emptyState(T0 + 500_000), ALL, {
			baseline: true,
		});
		expect(Object.keys(base.state.open)).toHaveLength(201);
		shift = true;
		const one = await pollWorkspace(fetchPage, base.state, ALL, { baseline: false });
		// open-200 was still in progress when page 1 was read: it ends in the next poll. open-000
		// moved onto page 1 after it was read, so this poll never saw it: it is not taken for ended.
		expect(one.changes).toEqual([]);
		expect(one.state.misses).toEqual({ 'open-000': 1 });
		expect(Object.keys(one.state.open)).toHaveLength(201);
		const two = await pollWorkspace(fetchPage, one.state, ALL, { baseline: false });
		expect(two.changes.map((c) => `${c.kind} ${String(c.item.id)}`)).toEqual([
			'completed open-200',
		]);
		expect(Object.keys(two.state.open)).toHaveLength(200);
		expect(Object.keys(two.state.misses)).toEqual([]);
	});

	it('a request sent and finished between two polls reports both changes, in time order', async () => {
		const rows: Row[] = [];
		const { fetchPage } = listOf(rows);
		const base = await pollWorkspace(fetchPage, emptyState(T0), ALL, { baseline: true });
		rows.push({ ...row('quick', 1000, 'finished'), finished_date: at(2000) });
		const one = await pollWorkspace(fetchPage, base.state, ALL, { baseline: false });
		expect(one.changes.map((c) => `${c.kind} ${c.at}`)).toEqual([
			`sent ${at(1000)}`,
			`completed ${at(2000)}`,
		]);
		expect(one.state.open).toEqual({});
		const two = await pollWorkspace(fetchPage, one.state, ALL, { baseline: false });
		expect(two.changes).toEqual([]);
	});
});

describe("endsOf (Send and Wait's re-reads)", () => {
	it('one read of the requests in progress when none ended, however many are waited for', async () => {
		const rows = Array.from({ length: 150 }, (_, i) => row(`r${i}`, i * 1000));
		const { fetchPage, calls } = listOf(rows);
		const waited = new Map(rows.map((r) => [r.id, Date.parse(r.sent_date)]));
		expect(await endsOf(fetchPage, waited)).toEqual({ ended: [], reads: 1 });
		expect(calls).toEqual([
			{ status: 'in_progress', sort_by: 'sent_on', sort_order: 'desc', page: 1, page_size: 200 },
		]);
	});

	it('the ended ones from the ended statuses, down to the oldest of them; one never seen ended is not reported', async () => {
		const rows = [
			row('open', 50_000),
			{ ...row('done', 40_000, 'finished'), finished_date: at(90_000) },
			{ ...row('declined', 30_000, 'declined'), declined_date: at(80_000) },
			// Ended, but not waited for, and sent long before the oldest waited one.
			{ ...row('other', -3_600_000, 'finished'), finished_date: at(70_000) },
		];
		const { fetchPage, calls } = listOf(rows);
		const waited = new Map([
			['open', T0 + 50_000],
			['done', T0 + 40_000],
			['declined', T0 + 30_000],
			// A draft not sent yet: in neither list.
			['draft', T0 + 60_000],
		]);
		const { ended, reads } = await endsOf(fetchPage, waited);
		expect(ended.map((change) => [change.kind, change.item.id])).toEqual([
			['completed', 'done'],
			['declined', 'declined'],
		]);
		expect(reads).toBe(2);
		expect(calls[1]).toMatchObject({
			status: 'finished,declined,cancelled,expired',
			sort_by: 'sent_on',
			sort_order: 'desc',
		});
	});
});
