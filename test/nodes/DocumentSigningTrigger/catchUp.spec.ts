/**
 * The webhook trigger's catch-up (catchUp.ts) against the sandbox, with n8n-core's HookContext and
 * WebhookContext (TriggerRig): at activation, or at the first delivery after a restart (n8n calls
 * nothing then), it reads the lists and starts each change missed since its last event once, as
 * `source: "catch-up"`, through its own webhook; a delivery of the service for a change it caught up
 * starts nothing. (In a real n8n: test/e2e/catchUp.e2e.ts.)
 */
import type { IDataObject, INodeParameters } from 'n8n-workflow';

import {
	CATCH_UP_KEY,
	catchUpTiming,
	forgetCatchUps,
	isPending,
	LOOKBACK_MS,
	readState,
} from '../../../nodes/DocumentSigningTrigger/catchUp';
import { forgetProcessMemory } from '../../../nodes/DocumentSigningTrigger/dedup';
import { resetRateLimiters } from '../../../nodes/shared/transport';
import { WAKE_HEADER } from '../../../nodes/shared/wake';
import { clearLogs, logs } from '../../helpers/n8n-env';
import { SEED, startSandbox, WEBHOOK_SECRETS, type Sandbox } from '../../sandbox';
import { createSent } from '../../sandbox/fixtures';
import { baseParameters, credentials, sign } from './support';
import { TriggerRig } from './triggerRig';

const P = SEED.protectedWorkspace;

let sandbox: Sandbox;
const rigs: TriggerRig[] = [];

// The rig saves static data at once: the 5 s n8n gets to finish an activation is not needed here.
const defaultFirstDelay = catchUpTiming.firstDelayMs;
beforeAll(() => {
	catchUpTiming.firstDelayMs = 100;
});
afterAll(() => {
	catchUpTiming.firstDelayMs = defaultFirstDelay;
});

beforeEach(async () => {
	resetRateLimiters();
	forgetProcessMemory();
	forgetCatchUps();
	sandbox = await startSandbox({ webhookRetryScale: 0.001, webhookTestOnCreate: false });
});
afterEach(async () => {
	await sandbox.webhooks.flush();
	await Promise.all(rigs.splice(0).map(async (r) => await r.close()));
	await sandbox.close();
});

async function listening(
	staticData: IDataObject | undefined,
	options: INodeParameters = {},
): Promise<TriggerRig> {
	const rig = await new TriggerRig({
		parameters: baseParameters({ options }),
		credentials: credentials(sandbox.url, { webhookSigningSecret: WEBHOOK_SECRETS.company }),
		staticData,
		catchUp: true,
	}).listen();
	rigs.push(rig);
	await rig.activate();
	return rig;
}

async function until(what: string, check: () => boolean, timeoutMs = 20_000): Promise<void> {
	const deadline = Date.now() + timeoutMs;
	while (!check()) {
		if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
		await new Promise((r) => setTimeout(r, 100));
	}
}

/** The catch-up the activation started has finished (its last delivery completed the state). */
const finished = (rig: TriggerRig) => {
	const state = readState(rig.nodeStaticData);
	return state !== undefined && !isPending(state);
};

/** Saved static data of a trigger that listened until `doneThrough` (its catch-up state). */
const listenedUntil = (doneThrough: number): IDataObject => ({
	'node:Document Signing Trigger': { [CATCH_UP_KEY]: { doneThrough, openSince: {} } },
});

/** The second catch-up (after a restart) finished after the first one. */
const finishedAfter = (again: TriggerRig, first: TriggerRig) =>
	finished(again) &&
	readState(again.nodeStaticData)!.doneThrough > readState(first.nodeStaticData)!.doneThrough;

/** A request of the protected workspace, sent and signed by everyone: completed. */
async function completedRequest(name: string): Promise<string> {
	const sent = await createSent(sandbox, P.liveKey, name);
	sandbox.simulate.signAll(sent.id);
	return sent.id;
}

describe('catch-up at activation', () => {
	it('starts each completion missed since the last event once, marked catch-up; a late delivery of it is a duplicate', async () => {
		// The trigger listened until a minute ago (its state says so); then n8n was away.
		const missed = await completedRequest('Missed while away');
		const rig = await listening(listenedUntil(Date.now() - 60_000));
		await until('the catch-up to finish', () => finished(rig));
		expect(rig.starts).toHaveLength(1);
		expect(rig.starts[0].items[0].json).toMatchObject({
			id: `catchup_completed_${missed}`,
			type: 'signing_request.completed',
			source: 'catch-up',
			delivery_id: null,
			workspace_id: P.id,
			// The list's "finished", in the one shape (Simplify on by default), as the delivery's.
			data: { signing_request: { id: missed, status: 'completed', workspace_id: P.id } },
		});

		// The service's delivery of the same change arrives late (another event id): not started.
		sandbox.state.events.emit('signing_request.completed', P.id, {
			signing_request: { id: missed, name: 'Missed while away', status: 'finished' },
			recipients: [],
		});
		await sandbox.webhooks.flush();
		const late = sandbox.deliveries.at(-1)!;
		expect(late).toMatchObject({ eventType: 'signing_request.completed', status: 200 });
		expect(JSON.parse(late.responseBody)).toMatchObject({ duplicate: true });
		expect(rig.starts).toHaveLength(1);

		// n8n restarts (no process memory): the next catch-up finds the change again, starts nothing.
		forgetProcessMemory();
		const again = await listening(JSON.parse(JSON.stringify(rig.saved)) as IDataObject);
		await until('the second catch-up to finish', () => finishedAfter(again, rig));
		expect(again.starts).toHaveLength(0);
	});

	it('a change delivered by the service is not started again by the catch-up', async () => {
		const rig = await listening(listenedUntil(Date.now()));
		await until('the first catch-up to finish', () => finished(rig));
		await completedRequest('Delivered');
		await sandbox.webhooks.flush();
		expect(rig.starts.map((s) => s.items[0].json.source)).toEqual(['webhook']);

		forgetProcessMemory();
		const again = await listening(JSON.parse(JSON.stringify(rig.saved)) as IDataObject);
		await until('the second catch-up to finish', () => finishedAfter(again, rig));
		expect(again.starts).toHaveLength(0);
	});

	it('the first activation only notes where it is: nothing old is started', async () => {
		await completedRequest('Before the trigger existed');
		const rig = await listening(undefined);
		// Finished: its last delivery noted, per workspace, the oldest request in progress.
		await until(
			'the catch-up to finish',
			() => Object.keys(readState(rig.nodeStaticData)?.openSince ?? {}).length > 0,
		);
		expect(rig.starts).toHaveLength(0);
	});

	it('nothing from before the trigger first listened is ever started, though later catch-ups look back an hour', async () => {
		const before = await completedRequest('Completed before the trigger existed');
		const rig = await listening(undefined);
		await until(
			'the first catch-up to finish',
			() => Object.keys(readState(rig.nodeStaticData)?.openSince ?? {}).length > 0,
		);
		const since = readState(rig.nodeStaticData)!.since!;
		expect(since).toBeGreaterThanOrEqual(readState(rig.nodeStaticData)!.doneThrough - 1000);

		// n8n restarts and the trigger listens again: its look-back (an hour before its last event)
		// stops where it first listened.
		forgetProcessMemory();
		forgetCatchUps();
		const again = await listening(JSON.parse(JSON.stringify(rig.saved)) as IDataObject);
		expect(readState(again.nodeStaticData)).toMatchObject({ since, pendingFrom: since });
		await until('the second catch-up to finish', () => finishedAfter(again, rig));
		expect(again.starts).toHaveLength(0);
		expect(JSON.stringify(sandbox.deliveries)).not.toContain(`catchup_completed_${before}`);
	});

	it('a catch-up stopped (deactivation) during its first delay reads nothing', async () => {
		const rig = await listening(listenedUntil(Date.now() - 60_000));
		await rig.deactivate();
		const after = sandbox.requests.length;
		await new Promise((r) => setTimeout(r, catchUpTiming.firstDelayMs + 300));
		expect(sandbox.requests.slice(after).map((r) => `${r.method} ${r.path}`)).toEqual([]);
		expect(rig.starts).toHaveLength(0);
	});

	it('"Catch Up After Downtime" off: no catch-up, no state', async () => {
		await completedRequest('Missed, catch-up off');
		const rig = await listening(listenedUntil(Date.now() - 60_000), { catchUp: false });
		expect(readState(rig.nodeStaticData)).toEqual({
			doneThrough: expect.any(Number),
			openSince: {},
		});
		expect(rig.starts).toHaveLength(0);
	});
});

describe('catch-up after an n8n restart (n8n calls nothing of the node): at the first delivery', () => {
	it('the first delivery a restarted process gets starts the catch-up from the saved state; the missed change starts once, the delivery itself once, and no further catch-up follows', async () => {
		const rig = await listening(listenedUntil(Date.now() - 60_000));
		await until('the activation catch-up to finish', () => finished(rig));
		const before = readState(rig.nodeStaticData)!;

		// Every attempt of the service to deliver this completion fails (n8n cannot start it: 503).
		rig.failStarts = 3;
		const missed = await completedRequest('Completed while n8n failed');
		await sandbox.webhooks.flush();
		expect(
			sandbox.deliveries
				.filter((d) => d.eventType === 'signing_request.completed')
				.map((d) => d.status),
		).toEqual([503, 503, 503]);
		expect(rig.starts).toHaveLength(0);

		// n8n restarts: no process memory, the same database; n8n calls no method of the node.
		forgetProcessMemory();
		forgetCatchUps();
		const next = await completedRequest('Completed after the restart');
		await sandbox.webhooks.flush();
		expect(rig.starts.map((s) => [s.items[0].json.source, s.items[0].json.id])).toEqual([
			['webhook', expect.any(String)],
		]);
		// Planned from the state saved before this delivery (not from the event it brought).
		expect(readState(rig.nodeStaticData)).toMatchObject({
			pendingFrom: before.doneThrough - LOOKBACK_MS,
		});

		await until('the catch-up to finish', () => finished(rig));
		expect(rig.starts.map((s) => s.items[0].json)).toEqual([
			expect.objectContaining({ source: 'webhook', data: expect.objectContaining({}) }),
			expect.objectContaining({ id: `catchup_completed_${missed}`, source: 'catch-up' }),
		]);
		expect(
			rig.starts.filter((s) => JSON.stringify(s.items[0].json.data).includes(next)),
		).toHaveLength(1);
		const done = readState(rig.nodeStaticData)!.doneThrough;
		expect(done).toBeGreaterThan(before.doneThrough);

		// Later deliveries in the same process start no further catch-up.
		await completedRequest('Completed later');
		await sandbox.webhooks.flush();
		expect(rig.starts).toHaveLength(3);
		expect(readState(rig.nodeStaticData)).toEqual(expect.objectContaining({ doneThrough: done }));
		expect(isPending(readState(rig.nodeStaticData))).toBe(false);
	});
});

describe("the catch-up's report and the seen event ids", () => {
	// n8n saves a request's whole static data, as it loaded it and as the node changed it. The
	// catch-up's report changes it (its state), so its save must not put back a list of seen ids
	// loaded before another delivery's save (the event would start again after a restart).
	it("a report loaded before a delivery's save, saved after it, keeps that delivery's id", async () => {
		const rig = await listening(listenedUntil(Date.now() - 60_000));
		await until('the activation catch-up to finish', () => finished(rig));
		forgetProcessMemory();
		forgetCatchUps();

		let release!: () => void;
		const gate = new Promise<void>((resolve) => (release = resolve));
		let held = false;
		rig.afterLoad = async (_n, raw) => {
			if (!raw.toString('utf8').includes('"n8n.catch_up.done"')) return;
			held = true;
			await gate;
		};
		// The first delivery after the restart starts the catch-up; it finds nothing missed, so its
		// report is the "done" request, held after its static data was loaded.
		await completedRequest('First after the restart');
		await sandbox.webhooks.flush();
		await until('the catch-up report to be loaded', () => held);

		const later = await completedRequest('Completed while the report waits');
		await sandbox.webhooks.flush();
		const delivered = sandbox.deliveries.find((d) => d.body.includes(later) && d.status === 200);
		expect(delivered).toBeDefined();
		const eventId = delivered!.eventId;
		expect(JSON.stringify(rig.nodeStaticData)).toContain(eventId);

		release();
		await until('the catch-up to finish', () => finished(rig));
		expect(JSON.stringify(rig.nodeStaticData)).toContain(eventId);
		// So after a further restart the service's retry of that event starts nothing.
		forgetProcessMemory();
		const starts = rig.starts.length;
		const retry = await rig.post(delivered!.body, {
			'X-Service-Signature': sign(delivered!.body),
			'X-Service-Event': delivered!.eventType,
		});
		expect(retry).toMatchObject({ status: 200, body: { duplicate: true, event_id: eventId } });
		expect(rig.starts).toHaveLength(starts);
	});
});

describe('after a restart: woken by Catch Up After Restart (../../../nodes/shared/wake.ts)', () => {
	const wake = (rig: TriggerRig) => rig.post('{}', { [WAKE_HEADER]: '1' });

	it('a wake starts the catch-up of a restarted process, says so, and starts no workflow itself; a second wake finds it done', async () => {
		const rig = await listening(listenedUntil(Date.now() - 60_000));
		await until('the activation catch-up to finish', () => finished(rig));
		// Every attempt of the service to deliver it fails (n8n cannot start it: 503).
		rig.failStarts = 3;
		const missed = await completedRequest('Completed while n8n was away');
		await sandbox.webhooks.flush();

		forgetProcessMemory();
		forgetCatchUps();
		const first = await wake(rig);
		expect(first).toMatchObject({
			status: 200,
			body: { received: true, woken: true, catch_up: 'started' },
		});
		await until('the catch-up to finish', () => rig.starts.length === 1 && finished(rig));
		expect(rig.starts.map((s) => s.items[0].json.id)).toEqual([`catchup_completed_${missed}`]);

		const second = await wake(rig);
		expect(second.body).toMatchObject({ catch_up: 'done' });
		await new Promise((r) => setTimeout(r, 300));
		expect(rig.starts).toHaveLength(1);
	});

	it('"Catch Up After Downtime" off: the wake answers off', async () => {
		const rig = await listening(undefined, { catchUp: false });
		forgetCatchUps();
		expect((await wake(rig)).body).toMatchObject({ woken: true, catch_up: 'off' });
		expect(rig.starts).toHaveLength(0);
	});
});

describe('a catch-up that fails says so where the user looks', () => {
	beforeEach(() => clearLogs());

	it('the service refuses its reads: the workflow gets a failed execution with the reason, and the log names the workflow', async () => {
		const rig = await listening(listenedUntil(Date.now() - 60_000));
		await until('the activation catch-up to finish', () => finished(rig));
		forgetProcessMemory();
		forgetCatchUps();
		sandbox.injectFault({
			kind: 'status',
			method: 'GET',
			path: /^\/(workspaces|signing-requests)/,
			status: 403,
			body: { error: 'Forbidden', message: 'This key may not list signing requests' },
			times: 20,
		});
		expect((await rig.post('{}', { [WAKE_HEADER]: '1' })).body).toMatchObject({
			catch_up: 'started',
		});
		await until('the failure to reach the workflow', () => rig.webhookErrors.length === 1);
		// n8n runs the workflow with this error on the trigger (webhook-helpers.js executeWebhook):
		// a failed execution; nothing was started as an event.
		expect(rig.webhookErrors[0].message).toMatch(
			/^The trigger could not catch up with the events it may have missed: /,
		);
		expect((rig.webhookErrors[0] as Error & { description?: string }).description).toMatch(
			/check the credential/,
		);
		expect(rig.starts).toHaveLength(0);
		await until('the warning', () => logs.some((l) => l.level === 'warn'));
		expect(logs.find((l) => l.level === 'warn')?.message).toMatch(
			/^Document Signing Trigger "Document Signing Trigger" of workflow ".+" could not catch up/,
		);
		expect((await rig.post('{}', { [WAKE_HEADER]: '1' })).body).toMatchObject({
			catch_up: 'failed',
		});
	});

	it('n8n cannot reach its own webhook address: the first failed attempt is in the log at once, naming the workflow and what to fix', async () => {
		const rig = await new TriggerRig({
			parameters: baseParameters({ options: {} }),
			credentials: credentials(sandbox.url, { webhookSigningSecret: WEBHOOK_SECRETS.company }),
			// The address n8n registers (and calls itself) answers nothing.
			webhookBaseUrl: 'http://127.0.0.1:9/webhook',
			staticData: listenedUntil(Date.now() - 60_000),
			catchUp: true,
		}).listen();
		rigs.push(rig);
		await rig.activate();
		await until('the warning', () => logs.some((l) => l.level === 'warn'), 20_000);
		const warning = logs.find((l) => l.level === 'warn')!.message;
		expect(warning).toContain(
			'could not reach its own webhook address http://127.0.0.1:9/webhook/',
		);
		expect(warning).toContain('of workflow "');
		expect(warning).toContain('WEBHOOK_URL');
		expect(warning).toContain("forward n8n's own calls");
		await rig.deactivate();
	});
});
