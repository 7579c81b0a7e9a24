/**
 * End to end in the sandbox: activation registers the webhook, a sandbox event becomes a signed
 * delivery, the node's webhook() verifies it with the signature the sandbox produced, and the
 * workflow starts with the normalised event.
 */
import { resetRateLimiters } from '../../../nodes/shared/transport';
import { SEED, startSandbox, WEBHOOK_SECRETS, type Sandbox } from '../../sandbox';
import { createSent } from '../../sandbox/fixtures';
import { call } from '../../sandbox/support/client';
import { readBinary } from '../../helpers/n8n';
import { baseParameters, credentials } from './support';
import { TriggerRig } from './triggerRig';

const P = SEED.protectedWorkspace;
const SALES = SEED.workspaces[0];
const LEGAL = SEED.workspaces[1];

let sandbox: Sandbox;
const rigs: TriggerRig[] = [];

beforeEach(async () => {
	resetRateLimiters();
	// retries after 5 min / 1 h become 30 ms / 360 ms
	sandbox = await startSandbox({ webhookRetryScale: 0.0001, webhookTimeoutMs: 1000 });
});
afterEach(async () => {
	await sandbox.webhooks.flush();
	await Promise.all(rigs.splice(0).map(async (r) => await r.close()));
	await sandbox.close();
});

async function activeTrigger(
	parameters = baseParameters(),
	secret: string = WEBHOOK_SECRETS.company,
	key: string = P.liveKey,
): Promise<TriggerRig> {
	const rig = await new TriggerRig({
		parameters,
		credentials: credentials(sandbox.url, { webhookSigningSecret: secret, liveApiKey: key }),
	}).listen();
	rigs.push(rig);
	await rig.activate();
	await sandbox.webhooks.flush(); // the ping sent on creation
	return rig;
}

const completed = (
	workspaceId: string | null = SALES.id,
	id = '30000000-0000-4000-8000-0000000000aa',
) =>
	sandbox.state.events.emit('signing_request.completed', workspaceId, {
		signing_request: { id, name: 'Framework agreement', status: 'finished' },
		recipients: [
			{ id: 'r1', email: 'ann@example.com', name: 'Ann Signer', order: 1, designation: 'Signer' },
		],
	});

describe('sandbox event → signed delivery → webhook() → workflow', () => {
	it('starts the workflow once with the event the sandbox signed', async () => {
		const rig = await activeTrigger();
		// the creation ping reached the node and was acknowledged without starting the active workflow
		expect(sandbox.deliveries).toHaveLength(1);
		expect(sandbox.deliveries[0]).toMatchObject({
			eventType: 'webhook.test',
			status: 200,
			test: true,
		});
		expect(rig.starts).toHaveLength(0);

		const event = completed();
		await sandbox.webhooks.flush();

		expect(rig.starts).toHaveLength(1);
		const delivery = sandbox.deliveries.at(-1)!;
		expect(delivery).toMatchObject({ eventId: event.id, status: 200, ok: true, attempt: 1 });
		expect(delivery.url).toBe(rig.url());
		expect(rig.starts[0].items[0].json).toEqual({
			id: event.id,
			type: 'signing_request.completed',
			created_at: event.created_at,
			company_id: SEED.company.id,
			workspace_id: SALES.id,
			// Simplify (on by default): the payload's request in the one shape, its recipients in it.
			data: {
				signing_request: expect.objectContaining({
					id: '30000000-0000-4000-8000-0000000000aa',
					name: 'Framework agreement',
					status: 'completed',
					workspace_id: SALES.id,
					recipient_count: 1,
					recipients: [
						expect.objectContaining({
							id: 'r1',
							email: 'ann@example.com',
							name: 'Ann Signer',
							order: 1,
							designation: 'Signer',
						}),
					],
				}),
			},
			delivery_id: delivery.headers['X-Service-Delivery'],
			source: 'webhook',
		});
		const webhook = sandbox.webhooks.records.find((w) => w.deleted_at === null)!;
		expect(webhook).toMatchObject({ consecutive_failures: 0, enabled: true });
		expect(webhook.last_success_at).not.toBeNull();
	});

	it('events the workflow did not choose are not even delivered (the webhook lists its events)', async () => {
		const rig = await activeTrigger();
		sandbox.state.events.emit('template.updated', SALES.id, { template: { id: 't1' } });
		await sandbox.webhooks.flush();
		expect(sandbox.deliveries.filter((d) => !d.test)).toHaveLength(0);
		expect(rig.starts).toHaveLength(0);
	});

	it('a workspace webhook is verified with the workspace secret; the company secret does not fit', async () => {
		const workspace = {
			scope: 'workspace',
			workspace: { __rl: true, mode: 'id', value: LEGAL.id },
		};
		const right = await activeTrigger(
			baseParameters(workspace),
			WEBHOOK_SECRETS.workspaces[LEGAL.id],
		);
		completed(LEGAL.id);
		completed(SALES.id); // another workspace: not for this webhook
		await sandbox.webhooks.flush();
		expect(right.starts).toHaveLength(1);
		expect(right.starts[0].items[0].json.workspace_id).toBe(LEGAL.id);

		const wrong = await activeTrigger(baseParameters(workspace), WEBHOOK_SECRETS.company);
		completed(LEGAL.id);
		await sandbox.webhooks.flush();
		expect(wrong.starts).toHaveLength(0);
		const toWrong = sandbox.deliveries.filter((d) => d.url === wrong.url() && !d.test);
		// every attempt refused with 401 (3 attempts), and counted as failures by the service
		expect(toWrong.map((d) => d.status)).toEqual([401, 401, 401]);
		expect(toWrong.map((d) => d.attempt)).toEqual([1, 2, 3]);
		expect(sandbox.webhooks.records.find((w) => w.url === wrong.url())?.consecutive_failures).toBe(
			3,
		);
	});

	it('a retried event (n8n answered too late) starts the workflow only once', async () => {
		const rig = await activeTrigger();
		let firstDone: () => void = () => undefined;
		const firstHandled = new Promise<void>((resolve) => (firstDone = resolve));
		rig.beforeWebhook = async (n) => {
			// The first real delivery (after the creation ping) is slower than the service waits.
			// In reality the retry comes 5 minutes later, long after that run: the retry waits for it here.
			if (n === 2) await new Promise((resolve) => setTimeout(resolve, 1100));
			if (n === 3) await firstHandled;
		};
		rig.afterWebhook = (n) => {
			if (n === 2) firstDone();
		};
		const event = completed();
		await sandbox.webhooks.flush();
		const attempts = sandbox.deliveries.filter((d) => d.eventId === event.id);
		expect(attempts.map((d) => d.status)).toEqual([null, 200]);
		expect(attempts[0].deliveryId).not.toBe(attempts[1].deliveryId);
		expect(attempts[1].responseBody).toContain('duplicate');
		expect(rig.starts).toHaveLength(1);
	});

	it('secret rotation: the old secret keeps working for the grace period, the new one right away', async () => {
		const oldSecret = WEBHOOK_SECRETS.company;
		const rig = await activeTrigger(baseParameters(), oldSecret);

		const rotated = await call(sandbox, 'POST', '/webhooks/rotate-secret', { auth: P.liveKey });
		expect(rotated.status).toBe(200);
		const newSecret = rotated.body.new_secret as string;

		completed();
		await sandbox.webhooks.flush();
		const delivery = sandbox.deliveries.at(-1)!;
		expect(delivery.headers['X-Service-Signature-Old']).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
		expect(rig.starts).toHaveLength(1); // verified through X-Service-Signature-Old

		const updated = await new TriggerRig({
			parameters: baseParameters(),
			credentials: credentials(sandbox.url, { webhookSigningSecret: newSecret }),
		}).listen();
		rigs.push(updated);
		await updated.activate();
		await sandbox.webhooks.flush();
		completed(SALES.id, '30000000-0000-4000-8000-0000000000bb');
		await sandbox.webhooks.flush();
		expect(updated.starts).toHaveLength(1); // verified through X-Service-Signature
	});

	it('listening for a test event (defaults): the creation ping is acknowledged, a real event starts it', async () => {
		const rig = await new TriggerRig({
			parameters: baseParameters(),
			credentials: credentials(sandbox.url),
		}).listen();
		rigs.push(rig);
		await rig.activate('test');
		await sandbox.webhooks.flush();
		const ping = sandbox.deliveries.filter((d) => d.url === rig.url('test'));
		expect(ping.map((d) => [d.eventType, d.status])).toEqual([['webhook.test', 200]]);
		expect(ping[0].responseBody).toContain('test_delivery');
		expect(rig.starts).toHaveLength(0);
		completed();
		await sandbox.webhooks.flush();
		expect(rig.starts).toHaveLength(1);
		expect(rig.starts[0]).toMatchObject({ mode: 'manual' });
		expect(rig.starts[0].items[0].json).toMatchObject({ type: 'signing_request.completed' });
		await rig.deactivate('test');
	});

	it('the Test operation reaches a workflow that listens for a test event, even with the master switch off', async () => {
		const rig = await new TriggerRig({
			parameters: baseParameters({ options: { testDeliveries: 'manualOnly' } }),
			credentials: credentials(sandbox.url),
		}).listen();
		rigs.push(rig);
		sandbox.webhooks.setCompanyMasterSwitch(false);
		await rig.activate('test');
		await sandbox.webhooks.flush(); // with this option, the creation ping already starts the listening workflow
		expect(rig.starts).toHaveLength(1);
		const id = sandbox.webhooks.records.find((w) => w.deleted_at === null)!.id;

		const test = await call(sandbox, 'POST', `/webhooks/${id}/test`, { auth: P.liveKey });
		expect(test.body).toMatchObject({ success: true, status_code: 200 });
		expect(rig.starts).toHaveLength(2);
		expect(rig.starts[1]).toMatchObject({ mode: 'manual' });
		// The event that started it is the test delivery's (the answer's webhook_event_id is the
		// service's record id, a uuid; the envelope carries the event id).
		const delivered = sandbox.deliveries[sandbox.deliveries.length - 1];
		expect(delivered).toMatchObject({ test: true, webhookId: id });
		expect(rig.starts[1].items[0].json).toMatchObject({
			id: delivered.eventId,
			type: 'webhook.test',
		});

		// real events are still held back by the master switch
		completed();
		await sandbox.webhooks.flush();
		expect(rig.starts).toHaveLength(2);
		expect(sandbox.webhooks.skipped.at(-1)).toMatchObject({ reason: 'company_master_switch_off' });

		await rig.deactivate('test');
		expect(sandbox.webhooks.records.filter((w) => w.deleted_at === null)).toHaveLength(0);
	});

	it("with the sandbox's signing-request area: signing completes → event → full request and signed PDF", async () => {
		const rig = await activeTrigger(
			baseParameters({ options: { fetchSigningRequest: true, attachSignedPdf: true } }),
		);
		const sent = await createSent(sandbox, P.liveKey, 'Supply contract');
		sandbox.simulate.signAll(sent.id);
		await sandbox.webhooks.flush();
		for (let i = 0; i < 300 && rig.starts.length === 0; i++)
			await new Promise((r) => setTimeout(r, 10));

		expect(rig.starts).toHaveLength(1);
		const item = rig.starts[0].items[0];
		expect(item.json).toMatchObject({ type: 'signing_request.completed', workspace_id: P.id });
		expect(item.json.enrichment_errors).toBeUndefined();
		// The request read from the service, in the one shape, with the event's recipients.
		expect((item.json.data as Record<string, unknown>).signing_request).toMatchObject({
			id: sent.id,
			name: 'Supply contract',
			status: 'completed',
			workspace_id: P.id,
			signed_document_url: expect.stringMatching(/^http/),
		});
		expect(item.binary?.data).toMatchObject({
			mimeType: 'application/pdf',
			fileName: 'Supply contract.pdf',
		});
		expect((await readBinary(item)).subarray(0, 5).toString('latin1')).toBe('%PDF-');
		const paths = sandbox.requests.map((r) => `${r.method} ${r.path}`);
		expect(paths).toContain(`GET /signing-requests/${sent.id}`);
		expect(paths).toContain(`GET /signing-requests/${sent.id}/download`);
	});
});
