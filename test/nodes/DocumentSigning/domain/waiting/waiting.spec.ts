import type { IDataObject } from 'n8n-workflow';

import {
	forgetRouters,
	hub,
	ROUTER_DESCRIPTION_PREFIX,
	routerCall,
	routerTiming,
} from '../../../../../nodes/DocumentSigning/domain/waiting';
import type { Sandbox } from '../../../../sandbox';
import {
	companyCredentials,
	createDraft,
	ok,
	P,
	SALES,
	salesCredentials,
	until,
	waitSandbox,
	WaitRig,
	WEBHOOK_SECRETS,
} from './fixtures';

/**
 * Send and Wait for Completion at scale (issue 35): how waits are handed over, routed and ended,
 * and what each costs, in the rig's stand-in for n8n (fixtures.ts) against the sandbox, which
 * delivers every event to every webhook subscribed in its scope.
 */

let sandbox: Sandbox;
let rig: WaitRig;

beforeAll(async () => {
	sandbox = await waitSandbox();
	routerTiming.flushAfterMs = 200;
});
afterAll(async () => {
	hub.stop();
	forgetRouters();
	await sandbox.close();
});
beforeEach(async () => {
	hub.stop();
	hub.setAutoRun(false);
	sandbox.resetRateLimits();
});
afterEach(async () => {
	await hub.settle();
	forgetRouters();
	await rig?.close();
});

/** The webhooks of a scope at the sandbox (company-level without `workspace`). */
async function webhooks(key: string, workspace?: string): Promise<IDataObject[]> {
	const body = await ok(sandbox, 'GET', '/webhooks', {
		key,
		query: workspace ? { workspace_id: workspace } : {},
	});
	return (body.results as IDataObject[]).filter((w) => !w.deleted_at);
}

/** Deliveries of events about `request`, first attempts, not tests. */
async function deliveriesAbout(request: string) {
	await sandbox.webhooks.flush();
	return sandbox.deliveries.filter((d) => {
		if (d.test || d.attempt !== 1) return false;
		const data = (JSON.parse(d.body) as { data?: { signing_request?: { id?: string } } }).data;
		return data?.signing_request?.id === request;
	});
}

async function drafts(count: number, key = P.testKey, prefix = 'wait'): Promise<string[]> {
	const ids: string[] = [];
	for (let n = 0; n < count; n++) ids.push((await createDraft(sandbox, key, `${prefix} ${n}`)).id);
	sandbox.resetRateLimits();
	return ids;
}

describe('a published workflow: one webhook per scope, one delivery per event', () => {
	it('N waits share one webhook; an event costs one delivery into n8n and one hand-on to its wait', async () => {
		rig = await new WaitRig(sandbox, companyCredentials(sandbox)).listen();
		const ids = await drafts(12);
		const from = sandbox.requests.length;
		for (const id of ids.slice(0, 4)) {
			const { error } = await rig.start(id);
			expect(error).toBeUndefined();
		}
		// Runs that start together share one write of the router's static data (a registration
		// waits a while, here a second, for others to join).
		const flushes = () => rig.calls.filter((c) => (c.body as IDataObject)?.flushed === true);
		const flushedBefore = flushes().length;
		routerTiming.gatherMs = 1000;
		const together = await Promise.all(ids.slice(4).map((id) => rig.start(id))).finally(() => {
			routerTiming.gatherMs = 100;
		});
		expect(together.map((r) => r.error)).toEqual(ids.slice(4).map(() => undefined));
		expect(flushes().length - flushedBefore).toBeLessThanOrEqual(3);
		// What the starts cost at the service: one read and one send each, the workspace read once,
		// the webhook looked up and created once.
		const starts = sandbox.requests
			.slice(from)
			.map((r) => `${r.method} ${r.path.replace(/[0-9a-f-]{36}/g, '{id}')}`);
		const tally = (call: string) => starts.filter((s) => s === call).length;
		expect(tally('GET /signing-requests/{id}')).toBe(12);
		expect(tally('POST /signing-requests/{id}/send')).toBe(12);
		expect(tally('GET /workspaces/{id}')).toBe(1);
		expect(starts.filter((s) => s.includes('/webhooks')).sort()).toEqual([
			'GET /webhooks',
			'POST /webhooks',
		]);
		// One webhook for all of them: company-level (the credential holds the company's secret),
		// at the router's URL, subscribed to the final events only.
		const mine = (await webhooks(P.testKey)).filter((w) => String(w.url) === rig.routerUrl);
		expect(mine).toHaveLength(1);
		expect(mine[0]).toMatchObject({
			enabled: true,
			events: [
				'signing_request.completed',
				'signing_request.declined',
				'signing_request.recipient.declined',
				'signing_request.cancelled',
				'signing_request.expired',
			],
		});
		expect(String(mine[0].description)).toMatch(
			new RegExp(
				`^${ROUTER_DESCRIPTION_PREFIX}"Contracts to sign" \\(wf-waits\\), node "Send and wait"; n8n \\S+$`,
			),
		);
		// Each run handed its wait to the router (one call into n8n each), which answered once its
		// static data held it (the first by its own call, which saved the new webhook's id; the
		// others by a write call); the service's test event for the new webhook reached it too.
		const registered = rig.calls.filter((c) => (c.body as IDataObject)?.registered === true);
		expect(registered.map((c) => (c.body as IDataObject).saved)).toEqual(ids.map(() => true));
		expect(rig.calls.filter((c) => c.kind === 'router').length - flushes().length).toBe(13);
		expect(Object.keys(rig.routerData.waits as IDataObject)).toHaveLength(12);

		// One request ends: the service delivers its event once (one webhook in the scope), the
		// router hands it to that wait alone, which ends with the request from the event.
		const calls = rig.calls.length;
		sandbox.simulate.signAll(ids[3]);
		const [delivery] = await deliveriesAbout(ids[3]);
		expect(delivery).toMatchObject({ eventType: 'signing_request.completed', status: 200 });
		expect(
			(await deliveriesAbout(ids[3])).filter((d) => d.eventType.endsWith('completed')),
		).toHaveLength(1);
		await hub.settle();
		const [ended] = rig.waitingFor(ids[3]);
		expect(ended.status).toBe('finished');
		expect(ended.ends).toHaveLength(1);
		expect(ended.ends[0][0].json).toMatchObject({
			id: ids[3],
			status: 'completed',
			waited: true,
			ended_by: 'event',
			event: { id: delivery.eventId, type: 'signing_request.completed' },
			completed_at: expect.any(String),
			recipients: expect.arrayContaining([expect.objectContaining({ email: 'ada@example.com' })]),
		});
		const into = rig.callsSince(calls);
		expect(into.map((c) => c.kind).sort()).toEqual(['router', 'waiting']);
		for (const id of ids.filter((x) => x !== ids[3]))
			expect(rig.waitingFor(id)[0].status).toBe('waiting');

		// Every other request ends: one delivery and one hand-on each, whatever the number of waits.
		const before = rig.calls.length;
		for (const id of ids.filter((x) => x !== ids[3])) sandbox.simulate.signAll(id);
		await sandbox.webhooks.flush();
		await hub.settle();
		await until('every wait to end', () =>
			[...rig.executions.values()].every((e) => e.status === 'finished'),
		);
		const after = rig.callsSince(before);
		// One delivery each (the router's other calls are its own flushes of ends into static data).
		expect(
			after.filter((c) => c.kind === 'router' && (c.body as IDataObject).event_id !== undefined),
		).toHaveLength(11);
		expect(after.filter((c) => c.kind === 'waiting')).toHaveLength(11);
		for (const execution of rig.executions.values()) expect(execution.ends).toHaveLength(1);
		// The ends are written into the router's static data by its next call: a flush call of its
		// own when no call comes.
		await until('the ends to be saved', () =>
			Object.values(rig.routerData.waits as Record<string, IDataObject>).every(
				(w) => typeof w.e === 'number',
			),
		);
		expect(rig.calls.some((c) => (c.body as IDataObject)?.flushed === true)).toBe(true);
	});
});

describe('n8n unavailable for a moment (503 "Database is not ready!")', () => {
	it('the hand-on is tried again: the wait ends by its event, not at the next re-read', async () => {
		rig = await new WaitRig(sandbox, companyCredentials(sandbox)).listen();
		const [id] = await drafts(1);
		expect((await rig.start(id)).error).toBeUndefined();
		const reads = sandbox.requests.length;
		// The router takes the delivery (200); n8n answers its hand-on 503 twice, then takes it.
		rig.unavailableCalls = 2;
		sandbox.simulate.signAll(id);
		const delivered = (await deliveriesAbout(id)).filter(
			(d) => d.url === rig.routerUrl && d.eventType.endsWith('completed'),
		);
		expect(delivered.map((d) => d.status)).toEqual([200]);
		await until('the wait to end', () => rig.waitingFor(id)[0].status === 'finished');
		await hub.settle();
		const handOns = rig.calls.filter((c) => c.kind === 'waiting').map((c) => c.status);
		expect(handOns).toEqual([503, 503, 200]);
		const [ended] = rig.waitingFor(id);
		expect(ended.ends).toHaveLength(1);
		expect(ended.ends[0][0].json).toMatchObject({ id, status: 'completed', ended_by: 'event' });
		expect(listReads(reads)).toEqual([]);
	});
});

/** The reads of the list (GET /signing-requests) from the `from`-th request on. */
function listReads(from: number) {
	return sandbox.requests
		.slice(from)
		.filter((r) => r.method === 'GET' && r.path === '/signing-requests');
}

/** Every delivery lost: the service's master switches off (it skips events before any attempt). */
function deliverNothing(off: boolean): void {
	sandbox.webhooks.setCompanyMasterSwitch(!off);
	for (const workspace of [P.id, SALES.id])
		sandbox.webhooks.setWorkspaceMasterSwitch(workspace, !off);
}

describe('re-reads: one list read serves every wait of a workspace', () => {
	afterEach(() => deliverNothing(false));

	it('every delivery lost: the due re-read ends each wait whose request ended, with the list item, once', async () => {
		rig = await new WaitRig(sandbox, companyCredentials(sandbox), {
			parameters: { waitOptions: { rereadMinutes: 1 } },
		}).listen();
		const ids = await drafts(6);
		for (const id of ids) expect((await rig.start(id)).error).toBeUndefined();
		deliverNothing(true);
		for (const id of ids.slice(0, 4)) sandbox.simulate.signAll(id);
		sandbox.simulate.decline(
			ids[4],
			(await ok(sandbox, 'GET', `/signing-requests/${ids[4]}/users`, { key: P.testKey })).results[0]
				.id,
			'Wrong amount',
		);
		const from = sandbox.requests.length;
		hub.dueNow();
		await hub.runDue();
		await hub.settle();
		// Two reads for six waits: the requests in progress, then the ended ones.
		expect(listReads(from).map((r) => r.query.status)).toEqual([
			'in_progress',
			'finished,declined,cancelled,expired',
		]);
		expect(
			sandbox.requests.slice(from).filter((r) => /^\/signing-requests\/[^/]+$/.test(r.path)),
		).toEqual([]);
		for (const id of ids.slice(0, 4)) {
			const [execution] = rig.waitingFor(id);
			expect(execution.ends).toHaveLength(1);
			expect(execution.ends[0][0].json).toMatchObject({
				id,
				status: 'completed',
				ended_by: 're-read',
				event: null,
				waited: true,
				completed_at: expect.any(String),
			});
		}
		expect(rig.waitingFor(ids[4])[0].ends[0][0].json).toMatchObject({
			status: 'declined',
			ended_by: 're-read',
		});
		expect(rig.waitingFor(ids[5])[0].status).toBe('waiting');
		// Nothing is read again before the interval, and an ended wait is not called again.
		const later = sandbox.requests.length;
		await hub.runDue();
		await hub.settle();
		expect(listReads(later)).toEqual([]);
		expect(hub.schedule()).toEqual([
			expect.objectContaining({ waits: 1, dueAt: expect.any(Number) }),
		]);
		// Read twice per interval (Re-Read Every 1 minute: the next read within 30 s), so that an
		// end is found within half the interval and n8n has the rest to resume what ended together.
		const dueIn = hub.schedule()[0].dueAt - Date.now();
		expect(dueIn).toBeLessThanOrEqual(30_000);
		expect(dueIn).toBeGreaterThan(20_000);
	});

	it('a workflow that is not published (a test run): no webhook, no router; re-read every 15 seconds by the process that ran it', async () => {
		rig = await new WaitRig(sandbox, salesCredentials(sandbox), { published: false }).listen();
		const [id] = await drafts(1, SALES.testKey, 'test run');
		const before = (await webhooks(SALES.testKey, SALES.id)).length;
		expect((await rig.start(id)).error).toBeUndefined();
		expect(rig.calls).toEqual([]);
		expect(await webhooks(SALES.testKey, SALES.id)).toHaveLength(before);
		const [group] = hub.schedule();
		expect(group.dueAt - Date.now()).toBeLessThanOrEqual(15_000);
		expect(group.dueAt - Date.now()).toBeGreaterThan(10_000);
		sandbox.simulate.signAll(id);
		hub.dueNow();
		await hub.runDue();
		await hub.settle();
		expect(rig.waitingFor(id)[0].ends[0][0].json).toMatchObject({
			status: 'completed',
			ended_by: 're-read',
		});
	});
});

describe('after a restart (every process memory gone, the database kept)', () => {
	afterEach(() => deliverNothing(false));

	it('a wake reads the waits back from the router’s static data and re-reads them at once; deliveries are routed again', async () => {
		rig = await new WaitRig(sandbox, companyCredentials(sandbox)).listen();
		const ids = await drafts(3);
		for (const id of ids) expect((await rig.start(id)).error).toBeUndefined();
		rig.restart();
		expect(hub.waits.size).toBe(0);
		// Signed while n8n was away: no delivery reaches it.
		deliverNothing(true);
		sandbox.simulate.signAll(ids[0]);
		deliverNothing(false);
		const wake = routerCall(WEBHOOK_SECRETS.company, 'wake', {});
		const answer = await rig.postRouter(wake.rawBody, wake.headers);
		expect(answer).toEqual({ status: 200, body: { waits: 3, scopes: 1 } });
		await hub.runDue();
		await hub.settle();
		expect(rig.waitingFor(ids[0])[0].ends[0][0].json).toMatchObject({ ended_by: 're-read' });
		// A delivery after the restart is routed by what the router read back.
		sandbox.simulate.signAll(ids[1]);
		await sandbox.webhooks.flush();
		await hub.settle();
		expect(rig.waitingFor(ids[1])[0].ends[0][0].json).toMatchObject({ ended_by: 'event' });
		expect(rig.waitingFor(ids[2])[0].status).toBe('waiting');
	});

	it('under another public address: the waits are called at the address n8n has now', async () => {
		rig = await new WaitRig(sandbox, companyCredentials(sandbox), {
			workflowId: 'wf-moved',
		}).listen();
		const [id] = await drafts(1);
		expect((await rig.start(id)).error).toBeUndefined();
		const old = rig.url;
		// The same database behind a new address.
		const moved = await new WaitRig(sandbox, companyCredentials(sandbox), {
			workflowId: 'wf-moved',
		}).listen();
		moved.saved = rig.saved;
		for (const [key, execution] of rig.executions) moved.executions.set(key, execution);
		await rig.close();
		rig.restart();
		deliverNothing(true);
		sandbox.simulate.signAll(id);
		const wake = routerCall(WEBHOOK_SECRETS.company, 'wake', {});
		expect((await moved.postRouter(wake.rawBody, wake.headers)).status).toBe(200);
		await hub.runDue();
		await hub.settle();
		expect(moved.waitingFor(id)[0].ends).toHaveLength(1);
		const [stored] = Object.values(moved.routerData.waits as Record<string, IDataObject>);
		expect(String(stored.u).startsWith(`${moved.url}/webhook-waiting/`)).toBe(true);
		expect(String(stored.u).startsWith(old)).toBe(false);
		rig = moved;
	});
});

describe('what is not the service (or this n8n) is refused', () => {
	it('the router: unsigned, wrongly signed or replayed-late calls are answered 401 and change nothing', async () => {
		rig = await new WaitRig(sandbox, companyCredentials(sandbox)).listen();
		const [id] = await drafts(1);
		expect((await rig.start(id)).error).toBeUndefined();
		const saved = JSON.stringify(rig.saved);
		const forgedOp = routerCall('not-the-secret', 'unregister', { key: 'x/y' });
		expect(await rig.postRouter(forgedOp.rawBody, forgedOp.headers)).toMatchObject({
			status: 401,
			body: { code: 'signature_mismatch' },
		});
		const event = JSON.stringify({
			id: 'evt_forged',
			type: 'signing_request.completed',
			created_at: new Date().toISOString(),
			data: { signing_request: { id, status: 'finished' } },
		});
		expect((await rig.postRouter(event, {})).status).toBe(401);
		const { signatureHeader } = await import('../../../../sandbox');
		const old = Math.floor(Date.now() / 1000) - 3600;
		expect(
			(
				await rig.postRouter(event, {
					'X-Service-Signature': signatureHeader(WEBHOOK_SECRETS.company, old, event),
				})
			).status,
		).toBe(401);
		await hub.settle();
		expect(rig.waitingFor(id)[0].status).toBe('waiting');
		expect(JSON.stringify(rig.saved)).toBe(saved);
	});

	it('a resume URL: only a signed end about its own request ends it; two ends at once end it once', async () => {
		rig = await new WaitRig(sandbox, companyCredentials(sandbox)).listen();
		const [id, other] = await drafts(2);
		expect((await rig.start(id)).error).toBeUndefined();
		const [execution] = rig.waitingFor(id);
		const url = [...hub.waits.live()].find((w) => w.request === id)!.url;
		const post = async (body: string, headers: Record<string, string>) => {
			const response = await fetch(url, {
				method: 'POST',
				headers: { 'Content-Type': 'application/json', ...headers },
				body,
			});
			return { status: response.status, body: (await response.json()) as IDataObject };
		};
		const { endEnvelope, signedBy } = await import(
			'../../../../../nodes/DocumentSigning/domain/waiting'
		);
		const ended = (request: string) =>
			endEnvelope(
				{ id: request, status: 'finished', finished_date: new Date().toISOString() },
				P.id,
			);
		// Unsigned, signed with another secret, or about another request: no end.
		expect((await post(ended(id), {})).status).toBe(401);
		expect((await post(ended(id), signedBy('another secret', ended(id)))).status).toBe(401);
		const about = ended(other);
		expect(await post(about, signedBy(WEBHOOK_SECRETS.company, about))).toEqual({
			status: 200,
			body: { received: true, ignored: 'not_this_wait' },
		});
		expect(execution.status).toBe('waiting');
		// Two ends at once (an event and a re-read): one ends it, the other is told it is gone.
		const first = ended(id);
		const second = ended(id);
		const answers = await Promise.all([
			post(first, signedBy(WEBHOOK_SECRETS.company, first)),
			post(second, signedBy(WEBHOOK_SECRETS.company, second)),
		]);
		// One of them ended it; the other was refused, by the node (it is ending it) or by n8n (it
		// ended), whichever came second.
		expect(answers.filter((a) => a.body.ended === 'completed')).toHaveLength(1);
		const refused = answers.find((a) => a.body.ended !== 'completed')!;
		expect(
			refused.body.gone === true ||
				(refused.status === 409 && /finished/.test(String(refused.body.message))),
		).toBe(true);
		expect(execution.ends).toHaveLength(1);
	});
});

describe('a send that fails', () => {
	it('takes the wait back: the router forgets it, nothing waits, and the failure is the run’s error', async () => {
		rig = await new WaitRig(sandbox, companyCredentials(sandbox)).listen();
		const [id] = await drafts(1);
		sandbox.injectFault({
			kind: 'status',
			method: 'POST',
			path: `/signing-requests/${id}/send`,
			status: 500,
			body: { error: 'Internal error' },
		});
		const { error } = await rig.start(id);
		expect(error?.message).toMatch(/500|went wrong|service/i);
		expect(rig.waitingFor(id)).toEqual([]);
		expect(
			rig.calls
				.map((c) => c.body as IDataObject)
				.filter((b) => b.event_id === undefined && b.flushed === undefined)
				.map((b) => Object.keys(b)[0]),
		).toEqual(['registered', 'unregistered']);
		// The router's static data is told shortly after (the next write): nothing waits there.
		const stored = () => Object.values(rig.routerData.waits as Record<string, IDataObject>)[0];
		await until('the withdrawn wait written as ended', () => stored()?.e !== undefined);
		expect(stored()).toMatchObject({ r: id, e: expect.any(Number) });
		// The send was made once (never repeated).
		expect(sandbox.requests.filter((r) => r.path === `/signing-requests/${id}/send`)).toHaveLength(
			1,
		);
	});
});

describe('the router’s static data', () => {
	it('an older copy saved over it (by an execution, or another process) is written back after the next call', async () => {
		rig = await new WaitRig(sandbox, companyCredentials(sandbox), {
			workflowId: 'wf-clobber',
		}).listen();
		const ids = await drafts(3);
		await rig.start(ids[0]);
		const older = JSON.parse(JSON.stringify(rig.saved)) as IDataObject;
		await rig.start(ids[1]);
		await rig.start(ids[2]);
		// n8n saves static data whole: a copy loaded before the last two registrations lands last.
		rig.saved = older;
		expect(Object.keys(rig.routerData.waits as IDataObject)).toHaveLength(1);
		// Any call of the router (here an event of another request) notices: a write follows.
		const other = (await createDraft(sandbox, P.testKey, 'other')).id;
		await ok(sandbox, 'POST', `/signing-requests/${other}/send`, { key: P.testKey });
		const writes = rig.calls.filter((c) => (c.body as IDataObject)?.flushed === true).length;
		sandbox.simulate.signAll(other);
		await sandbox.webhooks.flush();
		await until('the lost waits written back', () => {
			return Object.keys(rig.routerData.waits as IDataObject).length === 3;
		});
		expect(rig.calls.filter((c) => (c.body as IDataObject)?.flushed === true)).toHaveLength(
			writes + 1,
		);
	});
});

describe('publishing and unpublishing the workflow (the router’s activation hooks)', () => {
	it('publishing keeps the router’s URL for the runs; unpublishing removes its webhooks at the service', async () => {
		rig = await new WaitRig(sandbox, companyCredentials(sandbox), {
			workflowId: 'wf-hooks',
		}).listen();
		const [id] = await drafts(1);
		await rig.start(id);
		const ours = () =>
			sandbox.webhooks.records.filter((r) => !r.deleted_at && r.url === rig!.routerUrl);
		expect(ours()).toHaveLength(1);
		const published = await rig.activation('checkExists');
		expect(published.result).toBe(true);
		expect(rig.routerData.routerUrl).toBe(rig.routerUrl);
		await rig.activation('delete');
		expect(ours()).toEqual([]);
		expect(rig.routerData.routerUrl).toBeUndefined();
		expect(rig.routerData.subscriptions).toBeUndefined();
		// The waits stay in the static data (published again, they are picked up).
		expect(Object.keys(rig.routerData.waits as IDataObject)).toHaveLength(1);
	});
});
