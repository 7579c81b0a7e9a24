/**
 * Signing Request → Catch Up After Restart against the sandbox, with a stand-in for n8n's own
 * webhook address (an HTTP server the node's `$execution.resumeUrl` points at): it finds this
 * n8n's Send-and-Wait waits and Document Signing Triggers at the service, hands the waits to this
 * process's re-reads, checks that n8n reaches its own address, wakes each trigger, and fails when
 * that address does not answer. (In a real n8n after restarts: test/e2e/restarts.e2e.ts.)
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';

import type { IDataObject } from 'n8n-workflow';

import { DocumentSigning } from '../../../../../nodes/DocumentSigning/DocumentSigning.node';
import {
	classify,
	forgetListings,
	ownBases,
} from '../../../../../nodes/DocumentSigning/actions/signingRequest/catchUpAfterRestart.operation';
import {
	forgetReads,
	REREAD_HEADER,
	reReads,
} from '../../../../../nodes/DocumentSigning/actions/signingRequest/reread';
import { resetRateLimiters } from '../../../../../nodes/shared/transport';
import { WAKE_HEADER } from '../../../../../nodes/shared/wake';
import { runNode } from '../../../../helpers/n8n';
import { checkOutput } from '../../../../kit/outputs';
import { SEED, startSandbox, WEBHOOK_SECRETS, type Sandbox } from '../../../../sandbox';
import { ok } from '../../../../sandbox/fixtures';

const documentSigning = new DocumentSigning();
const P = SEED.protectedWorkspace;
const SALES = SEED.workspaces[0];

/** What n8n's own address answers, per kind of call. */
type Answer = { status: number; body: IDataObject };

interface SelfCall {
	path: string;
	headers: http.IncomingHttpHeaders;
}

let sandbox: Sandbox;
let self: http.Server;
let selfUrl: string;
const selfCalls: SelfCall[] = [];
let answerWake: (path: string) => Answer;
let answerReRead: (path: string) => Answer;

beforeAll(async () => {
	sandbox = await startSandbox({ webhookTestOnCreate: false });
	self = http.createServer((req, res) => {
		req.resume();
		req.on('end', () => {
			const path = (req.url ?? '').split('?')[0];
			selfCalls.push({ path, headers: req.headers });
			const answer =
				req.headers[WAKE_HEADER] !== undefined
					? answerWake(path)
					: req.headers[REREAD_HEADER] !== undefined
						? answerReRead(path)
						: { status: 404, body: { message: 'not found' } };
			res.writeHead(answer.status, { 'Content-Type': 'application/json' });
			res.end(JSON.stringify(answer.body));
		});
	});
	await new Promise<void>((resolve) => self.listen(0, '127.0.0.1', () => resolve()));
	selfUrl = `http://127.0.0.1:${(self.address() as AddressInfo).port}`;
});

afterAll(async () => {
	reReads.stop();
	await sandbox.close();
	self.closeAllConnections();
	await new Promise<void>((resolve) => self.close(() => resolve()));
});

beforeEach(() => {
	reReads.stop();
	forgetReads();
	forgetListings();
	resetRateLimiters();
	selfCalls.length = 0;
	answerWake = () => ({
		status: 200,
		body: { received: true, woken: true, catch_up: 'started' },
	});
	answerReRead = () => ({ status: 200, body: { re_read: 'waiting', read: true } });
});

afterEach(async () => {
	reReads.stop();
	for (const record of sandbox.webhooks.records.filter((r) => !r.deleted_at))
		await ok(sandbox, 'DELETE', `/webhooks/${record.id}`, { key: P.liveKey });
});

const inAnHour = () => new Date(Date.now() + 3_600_000).toISOString();

/** A Send-and-Wait webhook of the n8n at `base` (company-level unless `workspaceId`). */
async function waitWebhook(
	base: string,
	execution: string,
	until = inAnHour(),
	workspaceId?: string,
) {
	return await ok(sandbox, 'POST', '/webhooks', {
		key: P.liveKey,
		body: {
			url: `${base}/webhook-waiting/${execution}/saw-node?signing_request_id=sr_${execution}&reread=1&signature=token-${execution}`,
			events: ['signing_request.completed'],
			description: `n8n Send and Wait: signing request sr_${execution}, until ${until}`,
			...(workspaceId ? { workspace_id: workspaceId } : {}),
		},
	});
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
			events: ['signing_request.completed'],
			description: `n8n: ${workflow}`,
			...(workspaceId ? { workspace_id: workspaceId } : {}),
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
const reReadCalls = () => selfCalls.filter((c) => c.headers[REREAD_HEADER] !== undefined);

describe('Catch Up After Restart', () => {
	it("finds this n8n's waits and triggers (company-level and of a workspace), re-reads the waits, wakes the triggers", async () => {
		await waitWebhook(selfUrl, '101');
		await waitWebhook(selfUrl, '102', inAnHour(), SALES.id);
		await triggerWebhook(selfUrl, 'Orders', 'aaaaaaaa-0000-4000-8000-000000000001');
		await triggerWebhook(
			selfUrl,
			'Sales contracts',
			'aaaaaaaa-0000-4000-8000-000000000002',
			SALES.id,
		);
		// Not this n8n's, not a wait or trigger of this package, a wait whose time is over: left alone.
		await waitWebhook('http://127.0.0.2:9', '201');
		await triggerWebhook('http://127.0.0.2:9', 'Elsewhere', 'bbbbbbbb-0000-4000-8000-000000000001');
		await ok(sandbox, 'POST', '/webhooks', {
			key: P.liveKey,
			body: { url: `${selfUrl}/webhook/cccc/other`, events: ['signing_request.completed'] },
		});
		await waitWebhook(selfUrl, '103', new Date(Date.now() - 60_000).toISOString());
		sandbox.clearRequests();

		const result = await run();
		expect(result.error).toBeUndefined();
		expect(result.output[0].map((item) => item.json)).toEqual([
			{
				waiting_executions: 2,
				waits_picked_up: 2,
				triggers: [
					{ workflow: 'Orders', catch_up: 'started' },
					{ workflow: 'Sales contracts', catch_up: 'started' },
				],
				listed_at: expect.any(String),
				listed_now: true,
			},
		]);
		// Listed: company-level webhooks and each workspace's, filtered by this n8n's address.
		const lists = serviceCalls().filter((r) => r.method === 'GET' && r.path === '/webhooks');
		expect(lists.map((r) => r.query.url)).toEqual(lists.map(() => `${selfUrl}/`));
		const workspaces = (await ok(sandbox, 'GET', '/workspaces', { key: P.liveKey })) as {
			results: Array<{ id: string }>;
		};
		expect(lists.map((r) => r.query.workspace_id ?? null)).toEqual([
			null,
			...workspaces.results.map((w) => w.id),
		]);
		// Both waits are this process's re-reads now; one was called at once to check the address.
		for (const execution of ['101', '102'])
			expect(reReads.knows(`${selfUrl}/webhook-waiting/${execution}/saw-node?signature=x`)).toBe(
				true,
			);
		expect(reReadCalls().length).toBeGreaterThanOrEqual(1);
		expect(reReadCalls()[0].path).toMatch(/^\/webhook-waiting\/10[12]\/saw-node$/);
		expect(wakes().map((c) => c.path)).toEqual([
			'/webhook/aaaaaaaa-0000-4000-8000-000000000001/webhook',
			'/webhook/aaaaaaaa-0000-4000-8000-000000000002/webhook',
		]);
		// Only n8n's own address was called: nothing of the other n8n.
		expect(selfCalls.every((c) => !c.path.includes('201') && !c.path.includes('bbbb'))).toBe(true);
	});

	it('a later run in the same process asks the service nothing for 10 minutes, picks up nothing twice, and wakes again', async () => {
		await waitWebhook(selfUrl, '111');
		await triggerWebhook(selfUrl, 'Orders', 'aaaaaaaa-0000-4000-8000-000000000011');
		expect((await run()).error).toBeUndefined();
		sandbox.clearRequests();
		answerWake = () => ({ status: 200, body: { received: true, woken: true, catch_up: 'done' } });

		const again = await run();
		expect(again.error).toBeUndefined();
		expect(again.output[0][0].json).toMatchObject({
			waiting_executions: 1,
			waits_picked_up: 0,
			triggers: [{ workflow: 'Orders', catch_up: 'done' }],
			listed_now: false,
		});
		expect(serviceCalls()).toEqual([]);
		expect(wakes()).toHaveLength(2);
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
		await waitWebhook(selfUrl, '141');
		await triggerWebhook(selfUrl, 'Orders', 'aaaaaaaa-0000-4000-8000-000000000041');
		answerWake = () => ({ status: 502, body: { message: 'Bad Gateway' } });
		answerReRead = () => ({ status: 502, body: { message: 'Bad Gateway' } });
		const result = await run();
		expect(result.error?.message).toBe(`n8n could not reach its own webhook address ${selfUrl}/`);
		const text = (result.error as Error & { description?: string }).description ?? '';
		expect(text).toContain('waiting execution 141');
		expect(text).toContain('workflow "Orders"');
		expect(text).toContain('WEBHOOK_URL');
		expect(text).toContain("forward n8n's own calls");
		// The resume token (the URL's query) is never in the message.
		expect(text).not.toContain('token-141');
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
});

describe('how it recognises this n8n’s webhooks', () => {
	const bases = ownBases('https://n8n.example.com/base/webhook-waiting/57?signature=abc');

	it('takes its addresses from the execution’s resume URL', () => {
		expect(bases).toEqual({
			waitingBase: 'https://n8n.example.com/base/webhook-waiting',
			urlBase: 'https://n8n.example.com/base/',
		});
	});

	it('a wait: under the waiting address, with the time limit in its description', () => {
		expect(
			classify(
				{
					url: 'https://n8n.example.com/base/webhook-waiting/57/node?reread=5',
					description: 'n8n Send and Wait: signing request sr_1, until 2030-01-01T00:00:00.000Z',
				},
				bases,
			),
		).toEqual({
			wait: {
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
			expect(classify(webhook, bases)).toBeUndefined();
	});
});
