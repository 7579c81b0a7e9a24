/**
 * Registration lifecycle against the sandbox: n8n's checkExists / create / delete, run in
 * n8n-core's HookContext, with every request going to the sandbox through n8n-core's HTTP client.
 */
import { NodeOperationError } from 'n8n-workflow';

import { SEED_EVENT_TYPES } from '../../../nodes/shared/events';
import { resetRateLimiters } from '../../../nodes/shared/transport';
import { DocumentSigning } from '../../../nodes/DocumentSigning/DocumentSigning.node';
import { DocumentSigningPollTrigger } from '../../../nodes/DocumentSigningPollTrigger/DocumentSigningPollTrigger.node';
import { DocumentSigningTrigger } from '../../../nodes/DocumentSigningTrigger/DocumentSigningTrigger.node';
import { createLoadOptionsContext } from '../../helpers/n8n';
import { SEED, startSandbox, type Sandbox } from '../../sandbox';
import { call } from '../../sandbox/support/client';
import { baseParameters, credentials } from './support';
import { TriggerRig, type RigOptions } from './triggerRig';

const P = SEED.protectedWorkspace;
const SALES = SEED.workspaces[0];
const PUBLIC_BASE = 'https://n8n.example.com/webhook';

let sandbox: Sandbox;
beforeAll(async () => {
	sandbox = await startSandbox({
		webhookTestOnCreate: false,
		rateLimits: { webhook: 100_000, read: 100_000, write: 100_000 },
	});
});
afterAll(async () => await sandbox.close());
beforeEach(() => {
	resetRateLimiters();
	sandbox.clearRequests();
	// Each test starts without webhooks.
	for (const record of sandbox.webhooks.records) record.deleted_at ??= new Date().toISOString();
});

function rig(overrides: Partial<RigOptions> = {}): TriggerRig {
	return new TriggerRig({
		parameters: baseParameters(),
		credentials: credentials(sandbox.url),
		webhookBaseUrl: PUBLIC_BASE,
		...overrides,
	});
}

const live = () => sandbox.webhooks.records.filter((w) => w.deleted_at === null);
const webhookRequests = () => sandbox.requests.filter((r) => r.path.startsWith('/webhooks'));
const api = (method: string, path: string, body?: unknown, key: string = P.liveKey) =>
	call(sandbox, method, path, { auth: key, body });

/**
 * Runs n8n's checkExists alone and checks that it only read: GETs only, every webhook record as it
 * was. Returns its answer (false leaves the changes to create).
 */
async function checkOnly(trigger: TriggerRig): Promise<boolean> {
	const before = JSON.stringify(sandbox.webhooks.records);
	const from = sandbox.requests.length;
	const exists = await trigger.checkExists();
	const sent = sandbox.requests.slice(from);
	expect(sent.length).toBeGreaterThan(0);
	expect(sent.filter((r) => r.method !== 'GET')).toEqual([]);
	expect(JSON.stringify(sandbox.webhooks.records)).toBe(before);
	return exists;
}

describe('activation creates one webhook and remembers its id', () => {
	it('registers the production URL, the chosen events and an n8n-managed description', async () => {
		const trigger = rig({ workflowName: 'Signed contracts' });
		expect(await trigger.activate()).toEqual({ existed: false });

		expect(live()).toHaveLength(1);
		const [created] = live();
		expect(created).toMatchObject({
			url: trigger.url(),
			events: ['signing_request.completed', 'signing_request.recipient.declined'],
			description: 'n8n: Signed contracts',
			enabled: true,
			workspace_id: null,
		});
		expect(trigger.url()).toMatch(/^https:\/\/n8n\.example\.com\/webhook\/[0-9a-f-]{36}\/webhook$/);
		expect(trigger.nodeStaticData.webhookId).toBe(created.id);
		const post = sandbox.requests.find((r) => r.method === 'POST' && r.path === '/webhooks');
		expect(post?.headers.authorization).toBe(P.liveKey);
		expect(post?.body).not.toHaveProperty('workspace_id');
	});

	it('finds the stored webhook again: no second one, no update when nothing changed', async () => {
		const trigger = rig();
		await trigger.activate();
		sandbox.clearRequests();
		expect(await trigger.activate()).toEqual({ existed: true });
		expect(live()).toHaveLength(1);
		expect(webhookRequests().map((r) => `${r.method} ${r.path}`)).toEqual([
			`GET /webhooks/${trigger.nodeStaticData.webhookId}`,
		]);
	});

	it('updates the events in place (PUT) instead of piling up a second webhook', async () => {
		const trigger = rig();
		await trigger.activate();
		const id = trigger.nodeStaticData.webhookId;
		trigger.parameters.events = ['signing_request.completed', 'signing_request.expired'];
		trigger.parameters.additionalEvents = 'template.created';
		sandbox.clearRequests();

		expect(await checkOnly(trigger)).toBe(false);
		expect(await trigger.activate()).toEqual({ existed: false });
		expect(live()).toHaveLength(1);
		expect(live()[0]).toMatchObject({
			id,
			events: ['signing_request.completed', 'signing_request.expired', 'template.created'],
		});
		const put = sandbox.requests.find((r) => r.method === 'PUT');
		expect(put).toMatchObject({ path: `/webhooks/${id}` });
		expect(put?.body).toEqual({ url: trigger.url(), events: live()[0].events });
	});

	it('"All Listed Events" registers the service\'s event list', async () => {
		const trigger = rig({
			parameters: baseParameters({ events: ['*', 'signing_request.declined'] }),
		});
		await trigger.activate();
		const events = live()[0].events;
		expect(events).toEqual([...SEED_EVENT_TYPES, 'signing_request.declined']);
		expect(events).toContain('domain.verification.failed');
		expect(events).toContain('signing_request.declined');
	});

	it('re-creates a webhook that was deleted elsewhere', async () => {
		const trigger = rig();
		await trigger.activate();
		const oldId = trigger.nodeStaticData.webhookId as string;
		expect((await api('DELETE', `/webhooks/${oldId}`)).status).toBe(200);

		expect(await checkOnly(trigger)).toBe(false);
		expect(trigger.nodeStaticData.webhookId).toBeUndefined();
		expect(await trigger.activate()).toEqual({ existed: false });
		expect(live()).toHaveLength(1);
		expect(live()[0].id).not.toBe(oldId);
		expect(trigger.nodeStaticData.webhookId).toBe(live()[0].id);
	});

	it('re-enables its webhook after the service disabled it (and the failure count restarts)', async () => {
		const trigger = rig();
		await trigger.activate();
		const record = live()[0];
		record.enabled = false;
		record.consecutive_failures = 50;
		record.auto_disabled_at = new Date().toISOString();

		expect(await checkOnly(trigger)).toBe(false);
		expect(record.enabled).toBe(false);
		expect(await trigger.activate()).toEqual({ existed: false });
		expect(record).toMatchObject({
			enabled: true,
			consecutive_failures: 0,
			auto_disabled_at: null,
		});
	});

	it('moves its webhook to the new address when WEBHOOK_URL changed', async () => {
		const first = rig({ webhookId: '11111111-1111-4111-8111-111111111111' });
		await first.activate();
		const moved = rig({
			webhookId: '11111111-1111-4111-8111-111111111111',
			webhookBaseUrl: 'https://automation.example.org/webhook',
			staticData: first.saved,
		});
		expect(await checkOnly(moved)).toBe(false);
		expect(await moved.activate()).toEqual({ existed: false });
		expect(live()).toHaveLength(1);
		expect(live()[0].url).toBe(
			'https://automation.example.org/webhook/11111111-1111-4111-8111-111111111111/webhook',
		);
	});
});

describe('adoption of leftovers', () => {
	it('adopts a webhook with exactly this URL and never touches another one', async () => {
		const trigger = rig();
		const leftover = await api('POST', '/webhooks', {
			url: trigger.url(),
			events: ['signing_request.sent'],
			description: 'n8n: lost static data',
		});
		const other = await api('POST', '/webhooks', {
			url: `${trigger.url()}-other`,
			events: ['signing_request.sent'],
			description: 'someone else',
		});
		const similar = await api('POST', '/webhooks', {
			url: trigger.url().replace('https://', 'https://www.'),
			events: ['signing_request.sent'],
		});
		const before = JSON.stringify(
			sandbox.webhooks.records.filter((w) => w.id !== leftover.body.id),
		);
		sandbox.clearRequests();

		expect(await checkOnly(trigger)).toBe(false);
		expect(await trigger.activate()).toEqual({ existed: false });
		expect(trigger.nodeStaticData.webhookId).toBe(leftover.body.id);
		expect(sandbox.requests.some((r) => r.method === 'POST')).toBe(false);
		expect(live().find((w) => w.id === leftover.body.id)?.events).toEqual([
			'signing_request.completed',
			'signing_request.recipient.declined',
		]);
		// the others: byte for byte as before
		expect(JSON.stringify(sandbox.webhooks.records.filter((w) => w.id !== leftover.body.id))).toBe(
			before,
		);
		expect(
			live()
				.map((w) => w.id)
				.sort(),
		).toEqual([leftover.body.id, other.body.id, similar.body.id].sort());
		// the listing asked for this URL only
		const list = sandbox.requests.find((r) => r.method === 'GET' && r.path === '/webhooks');
		expect(list?.query).toMatchObject({ url: trigger.url(), page: '1' });
	});

	it('pages through the list to find it', async () => {
		const trigger = rig();
		for (let i = 0; i < 205; i++) {
			const at = new Date(Date.now() + i).toISOString();
			sandbox.webhooks.records.push({
				id: `9${String(i).padStart(7, '0')}-0000-4000-8000-000000000000`,
				url: `${trigger.url()}?n=${i}`,
				description: null,
				events: ['signing_request.sent'],
				enabled: true,
				workspace_id: null,
				consecutive_failures: 0,
				auto_disabled_at: null,
				last_failure_at: null,
				last_success_at: null,
				created_at: at,
				updated_at: at,
				deleted_at: null,
			});
		}
		const leftover = await api('POST', '/webhooks', {
			url: trigger.url(),
			events: ['signing_request.sent'],
		});
		// make it the oldest, so it is on the last page
		sandbox.webhooks.records.find((w) => w.id === leftover.body.id)!.created_at =
			'2020-01-01T00:00:00.000Z';
		sandbox.clearRequests();
		const pages = () =>
			sandbox.requests
				.filter((r) => r.method === 'GET' && r.path === '/webhooks')
				.map((r) => r.query.page);

		expect(await checkOnly(trigger)).toBe(false);
		expect(pages()).toEqual(['1', '2']);
		sandbox.clearRequests();
		expect(await trigger.activate()).toEqual({ existed: false });
		expect(trigger.nodeStaticData.webhookId).toBe(leftover.body.id);
		// checkExists reads both pages, create reads them again and adopts
		expect(pages()).toEqual(['1', '2', '1', '2']);
	});

	it('removes extra webhooks with exactly its URL, so nothing is delivered twice', async () => {
		const trigger = rig();
		const a = await api('POST', '/webhooks', {
			url: trigger.url(),
			events: ['signing_request.sent'],
		});
		const b = await api('POST', '/webhooks', {
			url: trigger.url(),
			events: ['signing_request.sent'],
		});
		expect(await checkOnly(trigger)).toBe(false);
		expect(live()).toHaveLength(2);
		await trigger.activate();
		expect(live()).toHaveLength(1);
		expect([a.body.id, b.body.id]).toContain(trigger.nodeStaticData.webhookId);
	});
});

describe('checkExists answers true only when nothing is to change', () => {
	it('adopts a leftover that is exactly as configured, with reads only', async () => {
		const trigger = rig();
		const leftover = await api('POST', '/webhooks', {
			url: trigger.url(),
			events: ['signing_request.recipient.declined', 'signing_request.completed'],
		});
		expect(await checkOnly(trigger)).toBe(true);
		expect(trigger.nodeStaticData.webhookId).toBe(leftover.body.id);
		sandbox.clearRequests();
		expect(await trigger.activate()).toEqual({ existed: true });
		expect(webhookRequests().map((r) => `${r.method} ${r.path}`)).toEqual([
			`GET /webhooks/${leftover.body.id}`,
		]);
	});

	it('a failing read is not taken for "missing": nothing is created', async () => {
		const trigger = rig();
		await trigger.activate();
		sandbox.injectFault({
			method: 'GET',
			path: /^\/webhooks\//,
			kind: 'status',
			status: 500,
			body: { error: 'Internal', message: 'boom' },
		});
		const before = JSON.stringify(sandbox.webhooks.records);
		await expect(trigger.activate()).rejects.toMatchObject({ httpCode: '500' });
		expect(JSON.stringify(sandbox.webhooks.records)).toBe(before);
		expect(live()).toHaveLength(1);
	});
});

describe('deactivation', () => {
	it('deletes the webhook and forgets its id; a 404 counts as done', async () => {
		const trigger = rig();
		await trigger.activate();
		const id = trigger.nodeStaticData.webhookId as string;
		await trigger.deactivate();
		expect(live()).toHaveLength(0);
		expect(sandbox.webhooks.records.find((w) => w.id === id)?.deleted_at).not.toBeNull();
		expect(trigger.nodeStaticData.webhookId).toBeUndefined();

		// Deleted elsewhere in between: DELETE answers 404, which is fine.
		const again = rig({ staticData: { [`node:Document Signing Trigger`]: { webhookId: id } } });
		sandbox.clearRequests();
		await expect(again.deactivate()).resolves.toBeUndefined();
		expect(sandbox.requests.map((r) => `${r.method} ${r.status}`)).toEqual(['DELETE 404']);
		expect(again.nodeStaticData.webhookId).toBeUndefined();

		// Nothing stored: nothing sent.
		sandbox.clearRequests();
		await rig().deactivate();
		expect(sandbox.requests).toHaveLength(0);
	});

	it('leaves no orphans after activate/deactivate cycles (also with changed events)', async () => {
		const trigger = rig();
		for (let i = 0; i < 4; i++) {
			trigger.parameters.events = i % 2 ? ['signing_request.completed'] : ['signing_request.sent'];
			await trigger.activate();
			expect(live()).toHaveLength(1);
			await trigger.activate(); // n8n may run activation again (restart, update)
			expect(live()).toHaveLength(1);
			await trigger.deactivate();
			expect(live()).toHaveLength(0);
		}
	});

	it('other errors are not swallowed', async () => {
		const trigger = rig();
		await trigger.activate();
		sandbox.injectFault({
			method: 'DELETE',
			path: /^\/webhooks\//,
			kind: 'status',
			status: 403,
			body: { error: 'Forbidden', message: 'nope' },
		});
		await expect(trigger.deactivate()).rejects.toThrow(/Permission denied/);
		// the id is kept, so the next deactivation (or activation) still knows the webhook
		expect(trigger.nodeStaticData.webhookId).toBe(live()[0].id);
		await trigger.deactivate();
		expect(live()).toHaveLength(0);
	});
});

describe('test URL ("Listen for test event")', () => {
	it('registers the test URL separately and leaves the production webhook alone', async () => {
		const trigger = rig();
		await trigger.activate('production');
		const productionId = trigger.nodeStaticData.webhookId;

		await trigger.activate('test');
		expect(live()).toHaveLength(2);
		const testHook = live().find((w) => w.id !== productionId);
		expect(testHook?.url).toBe(trigger.url('test'));
		expect(testHook?.url).toContain('/webhook-test/');

		await trigger.deactivate('test');
		expect(live().map((w) => w.id)).toEqual([productionId]);
		expect(trigger.nodeStaticData.webhookId).toBe(productionId);
	});
});

describe('workspace scope', () => {
	const workspaceParameters = (mode: 'list' | 'id' = 'list') =>
		baseParameters({ scope: 'workspace', workspace: { __rl: true, mode, value: SALES.id } });

	it('registers a workspace webhook (workspace_id) and finds it with a workspace listing', async () => {
		const trigger = rig({ parameters: workspaceParameters() });
		await trigger.activate();
		expect(live()[0]).toMatchObject({ workspace_id: SALES.id });

		// same URL as the first one, but without static data: adopted through the workspace listing
		const adopting = new TriggerRig({
			parameters: workspaceParameters('id'),
			credentials: credentials(sandbox.url),
			webhookBaseUrl: PUBLIC_BASE,
			webhookId: trigger.url().split('/').at(-2),
		});
		sandbox.clearRequests();
		expect(await adopting.activate()).toEqual({ existed: true });
		expect(
			sandbox.requests.find((r) => r.method === 'GET' && r.path === '/webhooks')?.query,
		).toMatchObject({
			workspace_id: SALES.id,
		});
		expect(live()).toHaveLength(1);
	});

	it("works with the workspace's own (non-protected) key", async () => {
		const trigger = rig({
			parameters: workspaceParameters(),
			credentials: credentials(sandbox.url, { liveApiKey: SALES.liveKey }),
		});
		await trigger.activate();
		expect(live()[0]).toMatchObject({ workspace_id: SALES.id });
		await trigger.deactivate();
		expect(live()).toHaveLength(0);
	});

	it('replaces its webhook when the scope changes (scope cannot be updated)', async () => {
		const trigger = rig();
		await trigger.activate();
		const companyId = trigger.nodeStaticData.webhookId;
		trigger.parameters = workspaceParameters();
		expect(await checkOnly(trigger)).toBe(false);
		expect(trigger.nodeStaticData.webhookId).toBe(companyId);
		expect(await trigger.activate()).toEqual({ existed: false });
		expect(live()).toHaveLength(1);
		expect(live()[0]).toMatchObject({ workspace_id: SALES.id });
		expect(live()[0].id).not.toBe(companyId);
	});

	it('a company-wide webhook with a non-protected key fails with a readable error', async () => {
		const trigger = rig({ credentials: credentials(sandbox.url, { liveApiKey: SALES.liveKey }) });
		await expect(trigger.activate()).rejects.toThrow(/Permission denied/);
		expect(live()).toHaveLength(0);
	});

	it('lists workspaces for the picker', async () => {
		const context = createLoadOptionsContext({
			credentials: credentials(sandbox.url),
			nodeType: new DocumentSigningTrigger(),
		});
		const node = new DocumentSigningTrigger();
		// one search for every workspace picker (action node, webhook and poll trigger)
		expect(node.methods.listSearch.searchWorkspaces).toBe(
			new DocumentSigning().methods.listSearch.searchWorkspaces,
		);
		expect(node.methods.listSearch.searchWorkspaces).toBe(
			new DocumentSigningPollTrigger().methods.listSearch.searchWorkspaces,
		);
		const all = await node.methods.listSearch.searchWorkspaces.call(context);
		// newest first, like every picker
		expect(all.results.map((r) => r.name)).toEqual([
			'Legal Team',
			'Sales Team',
			'Acme HQ (protected)',
		]);
		expect(all.paginationToken).toBeUndefined();
		expect(sandbox.requests.find((r) => r.path === '/workspaces')?.query).toEqual({
			page: '1',
			page_size: '50',
			sort_by: 'created_on',
			sort_order: 'desc',
		});
		const filtered = await node.methods.listSearch.searchWorkspaces.call(context, 'sales');
		expect(filtered.results).toEqual([{ name: 'Sales Team', value: SALES.id }]);
	});
});

describe('refusals at activation', () => {
	it('refuses an http URL and says how to fix it (WEBHOOK_URL)', async () => {
		const trigger = rig({ webhookBaseUrl: 'http://n8n.example.com/webhook' });
		const error = await trigger.activate().catch((e: unknown) => e);
		expect(error).toBeInstanceOf(NodeOperationError);
		expect((error as NodeOperationError).message).toMatch(/only delivers webhooks to HTTPS/);
		expect((error as NodeOperationError).description).toMatch(/WEBHOOK_URL/);
		expect((error as NodeOperationError).description).toMatch(/https:\/\//);
		expect(sandbox.requests).toHaveLength(0);
		expect(live()).toHaveLength(0);
	});

	it.each([
		'http://127.0.0.1:5678/webhook',
		'http://127.8.9.10:5678/webhook',
		'http://localhost:5678/webhook',
		'http://[::1]:5678/webhook',
	])('allows plain http toward loopback: %s', async (base) => {
		const trigger = rig({ webhookBaseUrl: base });
		await trigger.activate();
		expect(live()[0].url).toBe(trigger.url());
	});

	it.each([
		'http://10.0.0.5:5678/webhook',
		'http://127.0.0.1.example.com/webhook',
		'ftp://n8n.example.com/webhook',
	])('refuses %s', async (base) => {
		await expect(rig({ webhookBaseUrl: base }).activate()).rejects.toThrow(/HTTPS/);
	});

	it('refuses to activate without a signing secret, unless verification is switched off', async () => {
		const noSecret = credentials(sandbox.url, { webhookSigningSecret: '' });
		const error = await rig({ credentials: noSecret })
			.activate()
			.catch((e: unknown) => e);
		expect((error as Error).message).toMatch(/No Webhook Signing Secret/);
		expect((error as NodeOperationError).description).toMatch(/Verify Signatures/);
		expect(sandbox.requests).toHaveLength(0);

		const unverified = rig({
			credentials: noSecret,
			parameters: baseParameters({ verifySignatures: false }),
		});
		await unverified.activate();
		expect(live()).toHaveLength(1);
	});

	it('requires at least one event and valid extra names', async () => {
		await expect(rig({ parameters: baseParameters({ events: [] }) }).activate()).rejects.toThrow(
			/at least one event/,
		);
		await expect(
			rig({
				parameters: baseParameters({ additionalEvents: 'signing_request.completed, not an event' }),
			}).activate(),
		).rejects.toThrow(/is not an event name/);
		await expect(
			rig({ parameters: baseParameters({ additionalEvents: 'webhook.test' }) }).activate(),
		).rejects.toThrow(/cannot be subscribed/);
		expect(live()).toHaveLength(0);
	});

	it('requires a workspace for the workspace scope', async () => {
		await expect(
			rig({
				parameters: baseParameters({
					scope: 'workspace',
					workspace: { __rl: true, mode: 'list', value: '' },
				}),
			}).activate(),
		).rejects.toThrow(/Choose the workspace/);
	});
});
