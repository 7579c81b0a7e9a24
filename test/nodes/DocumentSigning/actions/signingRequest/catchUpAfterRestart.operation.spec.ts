/**
 * Signing Request → Catch Up After Restart against the sandbox, with a stand-in for n8n's own
 * webhook address (an HTTP server the node's `$execution.resumeUrl` points at): it finds this
 * n8n's Send and Wait routers (by its instance id, wherever they point) and Document Signing
 * Triggers at the service, moves a router to n8n's current address, wakes each router and trigger,
 * takes over the waits of earlier versions, and fails when n8n does not answer at its address.
 * (In a real n8n after restarts: test/e2e/restarts.e2e.ts.)
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';

import type { IDataObject } from 'n8n-workflow';

import { DocumentSigning } from '../../../../../nodes/DocumentSigning/DocumentSigning.node';
import {
	classify,
	forgetListings,
	ownBases,
	routerUrlAt,
} from '../../../../../nodes/DocumentSigning/actions/signingRequest/catchUpAfterRestart.operation';
import { hub, OP_HEADER } from '../../../../../nodes/DocumentSigning/domain/waiting';
import { resetRateLimiters } from '../../../../../nodes/shared/transport';
import { verifyDelivery } from '../../../../../nodes/shared/signature';
import { WAKE_HEADER } from '../../../../../nodes/shared/wake';
import { runNode } from '../../../../helpers/n8n';
import { checkOutput } from '../../../../kit/outputs';
import { SEED, startSandbox, WEBHOOK_SECRETS, type Sandbox } from '../../../../sandbox';
import { createSent, ok } from '../../../../sandbox/fixtures';

const documentSigning = new DocumentSigning();
const P = SEED.protectedWorkspace;
const SALES = SEED.workspaces[0];
/** The harness's n8n instance id, as router descriptions carry it (its first 12 characters). */
const INSTANCE = 'harness-inst';
const FINAL = ['signing_request.completed', 'signing_request.declined'];

/** What n8n's own address answers, per kind of call. */
type Answer = { status: number; body: IDataObject };

interface SelfCall {
	path: string;
	headers: http.IncomingHttpHeaders;
	body: string;
}

let sandbox: Sandbox;
let self: http.Server;
let selfUrl: string;
const selfCalls: SelfCall[] = [];
let answerWake: (path: string) => Answer;
let answerRouter: (path: string) => Answer;

beforeAll(async () => {
	// The tests make and remove many webhooks with one key: no webhook limit here.
	sandbox = await startSandbox({ webhookTestOnCreate: false, rateLimits: { webhook: 100_000 } });
	self = http.createServer((req, res) => {
		const chunks: Buffer[] = [];
		req.on('data', (c: Buffer) => chunks.push(c));
		req.on('end', () => {
			const path = (req.url ?? '').split('?')[0];
			selfCalls.push({ path, headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
			const answer =
				req.headers[WAKE_HEADER] !== undefined
					? answerWake(path)
					: req.headers[OP_HEADER] !== undefined
						? answerRouter(path)
						: { status: 409, body: { message: 'The execution has finished already.' } };
			res.writeHead(answer.status, { 'Content-Type': 'application/json' });
			res.end(JSON.stringify(answer.body));
		});
	});
	await new Promise<void>((resolve) => self.listen(0, '127.0.0.1', () => resolve()));
	selfUrl = `http://127.0.0.1:${(self.address() as AddressInfo).port}`;
});

afterAll(async () => {
	hub.stop();
	await sandbox.close();
	self.closeAllConnections();
	await new Promise<void>((resolve) => self.close(() => resolve()));
});

beforeEach(() => {
	hub.stop();
	hub.setAutoRun(false);
	sandbox.clearFaults();
	forgetListings();
	resetRateLimiters();
	selfCalls.length = 0;
	answerWake = () => ({ status: 200, body: { received: true, woken: true, catch_up: 'started' } });
	answerRouter = () => ({ status: 200, body: { waits: 3, scopes: 1 } });
});

afterEach(async () => {
	await hub.settle();
	hub.stop();
	for (const record of sandbox.webhooks.records.filter((r) => !r.deleted_at))
		await ok(sandbox, 'DELETE', `/webhooks/${record.id}`, { key: P.liveKey });
});

/** A Send and Wait router's webhook (company-level unless `workspaceId`). */
async function routerWebhook(
	base: string,
	workflow: string,
	options: { instance?: string; workspaceId?: string; enabled?: boolean } = {},
) {
	const created = await ok(sandbox, 'POST', '/webhooks', {
		key: P.liveKey,
		body: {
			url: `${base}/webhook/document-signing-send-and-wait/${workflow}/saw-node`,
			events: FINAL,
			description: `n8n Send and Wait: workflow "${workflow} name" (${workflow}), node "Send and wait"; n8n ${options.instance ?? INSTANCE}`,
			...(options.workspaceId ? { workspace_id: options.workspaceId } : {}),
		},
	});
	if (options.enabled === false)
		sandbox.webhooks.records.find((r) => r.id === created.id)!.enabled = false;
	return created;
}

/** A Document Signing Trigger's webhook of the n8n at `base`. */
async function triggerWebhook(
	base: string,
	workflow: string,
	webhookId: string,
	workspaceId?: string,
) {
	return await ok(sandbox, 'POST', '/webhooks', {
		key: P.liveKey,
		body: {
			url: `${base}/webhook/${webhookId}/webhook`,
			events: FINAL,
			description: `n8n: ${workflow}`,
			...(workspaceId ? { workspace_id: workspaceId } : {}),
		},
	});
}

/** A wait of a version before 0.3: its own webhook at its resume URL. */
async function legacyWait(request: string, execution: string, until: string) {
	return await ok(sandbox, 'POST', '/webhooks', {
		key: P.liveKey,
		body: {
			url: `${selfUrl}/webhook-waiting/${execution}/saw-node?signing_request_id=${request}&reread=1&signature=token-${execution}`,
			events: FINAL,
			description: `n8n Send and Wait: signing request ${request}, until ${until}`,
		},
	});
}

function credentials(key = P.liveKey) {
	return {
		documentSigningApi: {
			baseUrl: sandbox.url,
			keyToUse: 'live',
			liveApiKey: key,
			apiVersion: 1,
			webhookSigningSecret: WEBHOOK_SECRETS.company,
		},
	};
}

async function run(key = P.liveKey) {
	const result = await runNode({
		node: documentSigning,
		parameters: { resource: 'signingRequest', operation: 'catchUpAfterRestart' },
		credentials: credentials(key),
		instanceBaseUrl: selfUrl,
	});
	if (!result.error) checkOutput('signingRequest', 'catchUpAfterRestart', result.output);
	return result;
}

const serviceCalls = () => sandbox.requests.filter((r) => !r.path.startsWith('/_sandbox'));
const wakes = () => selfCalls.filter((c) => c.headers[WAKE_HEADER] !== undefined);
const routerCalls = () => selfCalls.filter((c) => c.headers[OP_HEADER] !== undefined);
const record = (id: unknown) => sandbox.webhooks.records.find((r) => r.id === id)!;

describe('Catch Up After Restart', () => {
	it("finds this n8n's routers and triggers (company-level and of a workspace), wakes each with a signed call", async () => {
		await routerWebhook(selfUrl, 'wf-orders');
		await routerWebhook(selfUrl, 'wf-sales', { workspaceId: SALES.id });
		await triggerWebhook(selfUrl, 'Orders', 'aaaaaaaa-0000-4000-8000-000000000001');
		await triggerWebhook(
			selfUrl,
			'Sales contracts',
			'aaaaaaaa-0000-4000-8000-000000000002',
			SALES.id,
		);
		// Another n8n's router (another instance), another n8n's trigger, a webhook of nobody's:
		// left alone.
		const foreign = await routerWebhook('http://127.0.0.2:9', 'wf-other', {
			instance: 'other-instan',
		});
		await triggerWebhook('http://127.0.0.2:9', 'Elsewhere', 'bbbbbbbb-0000-4000-8000-000000000001');
		await ok(sandbox, 'POST', '/webhooks', {
			key: P.liveKey,
			body: { url: `${selfUrl}/webhook/cccc/other`, events: FINAL },
		});
		sandbox.clearRequests();

		const result = await run();
		expect(result.error).toBeUndefined();
		expect(result.output[0].map((item) => item.json)).toEqual([
			{
				waiting_executions: 6,
				send_and_wait: [
					{ workflow: 'wf-orders name', waiting_executions: 3, moved_to_current_address: false },
					{ workflow: 'wf-sales name', waiting_executions: 3, moved_to_current_address: false },
				],
				triggers: [
					{ workflow: 'Orders', catch_up: 'started' },
					{ workflow: 'Sales contracts', catch_up: 'started' },
				],
				listed_at: expect.any(String),
				listed_now: true,
			},
		]);
		// Listed: the company-level webhooks and each workspace's, whatever they point at (a router
		// may point at an address n8n no longer has).
		const lists = serviceCalls().filter((r) => r.method === 'GET' && r.path === '/webhooks');
		const workspaces = (await ok(sandbox, 'GET', '/workspaces', { key: P.liveKey })) as {
			results: Array<{ id: string }>;
		};
		expect(lists.map((r) => r.query.workspace_id ?? null)).toEqual([
			null,
			...workspaces.results.map((w) => w.id),
		]);
		expect(lists.every((r) => r.query.url === undefined)).toBe(true);
		// Each router woken by a call signed with the credential's secret; nothing changed at the
		// service; nothing of the other n8n called or changed.
		expect(routerCalls().map((c) => c.path)).toEqual([
			'/webhook/document-signing-send-and-wait/wf-orders/saw-node',
			'/webhook/document-signing-send-and-wait/wf-sales/saw-node',
		]);
		for (const call of routerCalls()) {
			expect(call.headers[OP_HEADER]).toBe('wake');
			const verified = verifyDelivery(
				call.headers as Record<string, unknown>,
				Buffer.from(call.body),
				WEBHOOK_SECRETS.company,
				undefined,
			);
			expect(verified.valid).toBe(true);
		}
		expect(serviceCalls().filter((r) => r.method !== 'GET')).toEqual([]);
		expect(record(foreign.id).url).toBe(
			'http://127.0.0.2:9/webhook/document-signing-send-and-wait/wf-other/saw-node',
		);
		expect(wakes().map((c) => c.path)).toEqual([
			'/webhook/aaaaaaaa-0000-4000-8000-000000000001/webhook',
			'/webhook/aaaaaaaa-0000-4000-8000-000000000002/webhook',
		]);
	});

	it('n8n under another address: its router is moved there and woken there; one the service disabled is enabled again', async () => {
		const moved = await routerWebhook('https://old.example.com/n8n', 'wf-moved');
		const disabled = await routerWebhook(selfUrl, 'wf-disabled', { enabled: false });
		const result = await run();
		expect(result.error).toBeUndefined();
		expect(result.output[0][0].json.send_and_wait).toEqual(
			expect.arrayContaining([
				{ workflow: 'wf-moved name', waiting_executions: 3, moved_to_current_address: true },
				{ workflow: 'wf-disabled name', waiting_executions: 3, moved_to_current_address: false },
			]),
		);
		expect(record(moved.id)).toMatchObject({
			url: `${selfUrl}/webhook/document-signing-send-and-wait/wf-moved/saw-node`,
			enabled: true,
		});
		expect(record(moved.id).events).toEqual(
			expect.arrayContaining(['signing_request.completed', 'signing_request.expired']),
		);
		expect(record(disabled.id).enabled).toBe(true);
		expect(
			routerCalls()
				.map((c) => c.path)
				.sort(),
		).toEqual([
			'/webhook/document-signing-send-and-wait/wf-disabled/saw-node',
			'/webhook/document-signing-send-and-wait/wf-moved/saw-node',
		]);
	});

	it('a later run in the same process asks the service nothing for 10 minutes and wakes again', async () => {
		await routerWebhook(selfUrl, 'wf-orders');
		await triggerWebhook(selfUrl, 'Orders', 'aaaaaaaa-0000-4000-8000-000000000011');
		expect((await run()).error).toBeUndefined();
		sandbox.clearRequests();
		answerWake = () => ({ status: 200, body: { received: true, woken: true, catch_up: 'done' } });

		const again = await run();
		expect(again.error).toBeUndefined();
		expect(again.output[0][0].json).toMatchObject({
			waiting_executions: 3,
			triggers: [{ workflow: 'Orders', catch_up: 'done' }],
			listed_now: false,
		});
		expect(serviceCalls()).toEqual([]);
		expect(wakes()).toHaveLength(2);
		expect(routerCalls()).toHaveLength(2);
	});

	it('with a workspace key (no company-level webhooks to see): finds that workspace’s', async () => {
		await triggerWebhook(
			selfUrl,
			'Sales contracts',
			'aaaaaaaa-0000-4000-8000-000000000021',
			SALES.id,
		);
		const result = await run(SALES.liveKey);
		expect(result.error).toBeUndefined();
		expect(result.output[0][0].json.triggers).toEqual([
			{ workflow: 'Sales contracts', catch_up: 'started' },
		]);
	});

	it('a trigger whose workflow is no longer active (n8n answers 404) is reported, not a failure', async () => {
		await triggerWebhook(selfUrl, 'Old', 'aaaaaaaa-0000-4000-8000-000000000031');
		answerWake = (path) => ({
			status: 404,
			body: {
				code: 404,
				message: `The requested webhook "POST ${path.slice(9)}" is not registered.`,
			},
		});
		const result = await run();
		expect(result.error).toBeUndefined();
		expect(result.output[0][0].json.triggers).toEqual([{ workflow: 'Old', catch_up: 'inactive' }]);
	});

	it('n8n cannot reach its own address (a proxy answers 502): the run fails, naming what and how to fix it', async () => {
		await routerWebhook(selfUrl, 'wf-orders');
		await triggerWebhook(selfUrl, 'Orders', 'aaaaaaaa-0000-4000-8000-000000000041');
		answerWake = () => ({ status: 502, body: { message: 'Bad Gateway' } });
		answerRouter = () => ({ status: 502, body: { message: 'Bad Gateway' } });
		const result = await run();
		expect(result.error?.message).toBe(`n8n could not reach its own webhook address ${selfUrl}/`);
		const text = (result.error as Error & { description?: string }).description ?? '';
		expect(text).toContain('the Send and Wait webhook of workflow "wf-orders name"');
		expect(text).toContain('workflow "Orders"');
		expect(text).toContain('WEBHOOK_URL');
		expect(text).toContain("forward n8n's own calls");
	});

	it('the service refuses the listing: the run fails, and nothing is called', async () => {
		sandbox.injectFault({
			kind: 'status',
			method: 'GET',
			path: '/workspaces',
			status: 403,
			times: 5,
		});
		const result = await run();
		expect(result.error?.constructor.name).toBe('NodeApiError');
		expect(selfCalls).toEqual([]);
	});

	it('waits of versions before 0.3 (a webhook each): a live one is re-read by this process, one that is over is removed', async () => {
		const sent = await createSent(sandbox, P.liveKey, 'legacy wait');
		const live = await legacyWait(sent.id, '501', new Date(Date.now() + 3_600_000).toISOString());
		const over = await legacyWait(sent.id, '502', new Date(Date.now() - 3_600_000).toISOString());
		const result = await run();
		expect(result.error).toBeUndefined();
		expect(result.output[0][0].json.waiting_executions).toBe(1);
		expect(record(over.id).deleted_at).not.toBeNull();
		expect(record(live.id).deleted_at).toBeNull();
		const [wait] = hub.waits.live();
		expect(wait).toMatchObject({
			key: '501/saw-node',
			request: sent.id,
			workspace: P.id,
			interval: 60_000,
		});
		expect(wait.router).toBeUndefined();
		// Its request ends: the re-read calls its resume URL with the list item, signed (here n8n
		// answers that it ended), and the next run removes its webhook.
		sandbox.webhooks.setCompanyMasterSwitch(false);
		try {
			sandbox.simulate.signAll(sent.id);
		} finally {
			sandbox.webhooks.setCompanyMasterSwitch(true);
		}
		hub.dueNow();
		await hub.runDue();
		await hub.settle();
		const ends = selfCalls.filter((c) => c.path === '/webhook-waiting/501/saw-node');
		expect(ends).toHaveLength(1);
		expect(JSON.parse(ends[0].body)).toMatchObject({
			type: 'n8n.send_and_wait.re_read',
			data: { signing_request: { id: sent.id, status: 'finished' } },
		});
		await run();
		expect(record(live.id).deleted_at).not.toBeNull();
	});
});

describe('how it recognises this n8n’s webhooks', () => {
	const bases = ownBases('https://n8n.example.com/base/webhook-waiting/57?signature=abc');

	it('takes its addresses from the execution’s resume URL', () => {
		expect(bases).toEqual({
			waitingBase: 'https://n8n.example.com/base/webhook-waiting',
			urlBase: 'https://n8n.example.com/base/',
		});
	});

	it('a router: its description names this n8n; its URL at the current address, whatever it was', () => {
		const description = `n8n Send and Wait: workflow "Orders" (wf1), node "Send and wait"; n8n ${INSTANCE}`;
		expect(
			classify(
				{
					id: 'w1',
					url: 'https://old.example.com/webhook/document-signing-send-and-wait/wf1/n1',
					description,
				},
				bases,
				INSTANCE,
			),
		).toEqual({
			router: {
				webhook: expect.objectContaining({ id: 'w1' }),
				url: 'https://n8n.example.com/base/webhook/document-signing-send-and-wait/wf1/n1',
				workflow: 'Orders',
				moved: true,
			},
		});
		expect(
			classify(
				{
					url: 'https://n8n.example.com/base/webhook/document-signing-send-and-wait/wf1/n1',
					description,
				},
				bases,
				'another-inst',
			),
		).toBeUndefined();
		expect(
			routerUrlAt(
				'https://x.example.com/hooks/document-signing-send-and-wait/a/b',
				'https://y.example.com/',
			),
		).toBe('https://y.example.com/hooks/document-signing-send-and-wait/a/b');
	});

	it('a wait of an earlier version: under the waiting address, with the time limit in its description', () => {
		expect(
			classify(
				{
					id: 'w2',
					url: 'https://n8n.example.com/base/webhook-waiting/57/node?reread=5',
					description: 'n8n Send and Wait: signing request sr_1, until 2030-01-01T00:00:00.000Z',
				},
				bases,
				INSTANCE,
			),
		).toEqual({
			legacy: {
				webhookId: 'w2',
				url: 'https://n8n.example.com/base/webhook-waiting/57/node?reread=5',
				until: Date.parse('2030-01-01T00:00:00.000Z'),
			},
		});
	});

	it('a trigger: "n8n: <workflow>" at <address>…/<webhook id>/webhook; nothing else', () => {
		expect(
			classify(
				{ url: 'https://n8n.example.com/base/webhook/abc-1/webhook', description: 'n8n: Orders' },
				bases,
				INSTANCE,
			),
		).toEqual({
			trigger: { url: 'https://n8n.example.com/base/webhook/abc-1/webhook', workflow: 'Orders' },
		});
		for (const webhook of [
			{ url: 'https://n8n.example.com/base/webhook/abc-1/webhook', description: 'Mine' },
			{ url: 'https://other.example.com/base/webhook/abc-1/webhook', description: 'n8n: Orders' },
			{ url: 'https://n8n.example.com/base/webhook/abc-1/other', description: 'n8n: Orders' },
			{ url: 'https://n8n.example.com/base/webhook-waiting/57/node', description: 'n8n: Orders' },
		])
			expect(classify(webhook, bases, INSTANCE)).toBeUndefined();
	});
});
