/**
 * Send and Wait's re-read scheduler (reread.ts) on its own: which waits it calls when, how it
 * reads the answers of n8n and of the node, and that it keeps within its per-minute budget
 * whatever the number of waits. The clock is the test's (no timers).
 */
import {
	intervalOf,
	mayReadNow,
	forgetReads,
	outcomeOf,
	ReReadScheduler,
	type PokeOutcome,
} from '../../../../../nodes/DocumentSigning/actions/signingRequest/reread';

const MINUTE = 60_000;

function scheduler(perMinute = 50) {
	let now = 1_000_000;
	const calls: string[] = [];
	const answers = new Map<string, PokeOutcome>();
	const warnings: string[] = [];
	const s = new ReReadScheduler({
		now: () => now,
		sleep: async () => {},
		perMinute,
		autoRun: false,
		warn: (m) => void warnings.push(m),
	});
	const add = (execution: string, intervalMinutes = 5, untilMinutes = 60) =>
		s.add({
			url: `http://n8n/webhook-waiting/${execution}/node?signature=t&reread=${intervalMinutes}`,
			until: now + untilMinutes * MINUTE,
			intervalMs: intervalMinutes * MINUTE,
			budgetKey: 'credential',
			poke: async (url) => {
				calls.push(url.split('/')[4]);
				return answers.get(url.split('/')[4]) ?? 'waiting';
			},
		});
	return {
		s,
		add,
		calls,
		answers,
		warnings,
		advance: (ms: number) => void (now += ms),
	};
}

describe('ReReadScheduler', () => {
	it('calls a wait one interval after it began, then every interval, and forgets it once ended', async () => {
		const t = scheduler();
		t.add('e1', 5);
		await t.s.runDue();
		expect(t.calls).toEqual([]);
		t.advance(5 * MINUTE);
		await t.s.runDue();
		expect(t.calls).toEqual(['e1']);
		t.advance(4 * MINUTE);
		await t.s.runDue();
		expect(t.calls).toEqual(['e1']);
		t.answers.set('e1', 'ended');
		t.advance(MINUTE);
		await t.s.runDue();
		expect(t.calls).toEqual(['e1', 'e1']);
		expect(t.s.size).toBe(0);
	});

	it('n8n still saving the wait (409 running): asks again within a minute; no answer: warns, tries again', async () => {
		const t = scheduler();
		t.add('e1', 5);
		t.answers.set('e1', 'busy');
		t.advance(5 * MINUTE);
		await t.s.runDue();
		expect(t.s.nextDueIn()).toBe(MINUTE);
		t.answers.set('e1', 'failed');
		t.advance(MINUTE);
		await t.s.runDue();
		expect(t.warnings).toHaveLength(1);
		expect(t.s.size).toBe(1);
	});

	it('no answer from n8n: the warning names the execution, where it called (without the token) and what to fix', async () => {
		const t = scheduler();
		t.add('e7', 5);
		t.answers.set('e7', 'failed');
		t.advance(5 * MINUTE);
		await t.s.runDue();
		expect(t.warnings).toEqual([
			expect.stringMatching(
				/^Send and Wait could not reach the resume URL of waiting execution e7 \(http:\/\/n8n\/webhook-waiting\/e7\/node\) to re-read its signing request \(1 time\(s\)\)\. n8n calls its own public webhook address \(WEBHOOK_URL\)/,
			),
		]);
		expect(t.warnings[0]).toContain("a reverse proxy in front of n8n must forward n8n's own calls");
		expect(t.warnings[0]).not.toContain('signature=');
	});

	it('the node could not read (it logged why): no warning here, asked again at the interval', async () => {
		const t = scheduler();
		t.add('e8', 5);
		t.answers.set('e8', 'unread');
		t.advance(5 * MINUTE);
		await t.s.runDue();
		expect(t.warnings).toEqual([]);
		expect(t.s.nextDueIn()).toBe(5 * MINUTE);
	});

	it('knows the waits it re-reads, by execution and node', () => {
		const t = scheduler();
		t.add('e9', 5);
		expect(t.s.knows('https://elsewhere/webhook-waiting/e9/node?signature=other')).toBe(true);
		expect(t.s.knows('http://n8n/webhook-waiting/e10/node')).toBe(false);
	});

	it('stops at the time limit (n8n resumes the execution then)', async () => {
		const t = scheduler();
		t.add('e1', 5, 3);
		t.advance(5 * MINUTE);
		await t.s.runDue();
		expect(t.calls).toEqual([]);
		expect(t.s.size).toBe(0);
	});

	it('sends at most its budget a minute per credential, however many waits are due', async () => {
		const t = scheduler(3);
		for (let i = 0; i < 7; i++) t.add(`e${i}`, 1);
		t.advance(MINUTE);
		await t.s.runDue();
		expect(t.calls).toHaveLength(3);
		await t.s.runDue();
		expect(t.calls).toHaveLength(3);
		t.advance(MINUTE);
		await t.s.runDue();
		expect(t.calls).toHaveLength(6);
		t.advance(MINUTE);
		await t.s.runDue();
		// Every wait was called; none twice before every other one was.
		expect(new Set(t.calls.slice(0, 7)).size).toBe(7);
	});
});

describe('answers and intervals', () => {
	it('reads n8n’s answers to a resume call and the node’s own', () => {
		expect(outcomeOf(200, { re_read: 'waiting' })).toBe('waiting');
		expect(outcomeOf(200, { re_read: 'ended' })).toBe('ended');
		expect(outcomeOf(200, { re_read: 'deferred' })).toBe('deferred');
		expect(outcomeOf(200, { re_read: 'unread' })).toBe('unread');
		expect(outcomeOf(409, { message: 'The execution "7" is running already.' })).toBe('busy');
		expect(outcomeOf(409, { message: 'The execution "7" has finished already.' })).toBe('gone');
		expect(outcomeOf(404, '')).toBe('gone');
		expect(outcomeOf(502, '')).toBe('failed');
	});

	it('takes the interval from the resume URL, within 1 to 15 minutes (5 when absent)', () => {
		expect(intervalOf(new URLSearchParams('reread=3'))).toBe(3 * MINUTE);
		expect(intervalOf(new URLSearchParams('reread=99'))).toBe(15 * MINUTE);
		expect(intervalOf(new URLSearchParams('reread=0.1'))).toBe(MINUTE);
		expect(intervalOf(new URLSearchParams(''))).toBe(5 * MINUTE);
	});

	it('reads one wait at most once per half interval (at least 30 s), whoever asks', () => {
		forgetReads();
		expect(mayReadNow('e1/node', 4 * MINUTE, 0)).toBe(true);
		expect(mayReadNow('e1/node', 4 * MINUTE, 2 * MINUTE - 1)).toBe(false);
		expect(mayReadNow('e2/node', 4 * MINUTE, 1)).toBe(true);
		expect(mayReadNow('e1/node', 4 * MINUTE, 2 * MINUTE)).toBe(true);
		expect(mayReadNow('e3/node', MINUTE, 0)).toBe(true);
		expect(mayReadNow('e3/node', MINUTE, 29_999)).toBe(false);
	});
});
