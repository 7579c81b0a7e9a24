/**
 * The sandbox's webhook area: API rules (§3.6, §W), secrets and rotation, and the delivery engine
 * (signatures, retries, auto-disable, master switches, test deliveries).
 */
import { createHmac } from 'node:crypto';

import { SUBSCRIBABLE_EVENT_TYPES } from './eventTypes';
import { Receiver } from './fixtures';
import { SEED, startSandbox, WEBHOOK_SECRETS, type Sandbox } from './index';
import { call } from './support/client';

const P = SEED.protectedWorkspace;
const SALES = SEED.workspaces[0];
const LEGAL = SEED.workspaces[1];

const hmac = (secret: string, text: string) =>
	createHmac('sha256', secret).update(text, 'utf8').digest('hex');

let sb: Sandbox;
let receiver: Receiver;
beforeEach(async () => {
	sb = await startSandbox({
		webhookRetryScale: 0.00001,
		webhookTimeoutMs: 500,
		webhookTestOnCreate: false,
	});
	receiver = await new Receiver().start();
});
afterEach(async () => {
	await sb.close();
	await receiver.stop();
});

const api = (
	method: string,
	path: string,
	body?: unknown,
	key: string = P.liveKey,
	query?: Record<string, string>,
) => call(sb, method, path, { auth: key, body, query });
const createHook = async (body: Record<string, unknown> = {}, key: string = P.liveKey) => {
	const res = await api(
		'POST',
		'/webhooks',
		{ url: receiver.url, events: ['signing_request.completed'], ...body },
		key,
	);
	expect(res.status).toBe(201);
	return res.body as Record<string, any>;
};
const emitCompleted = (workspaceId: string | null = SALES.id) =>
	sb.state.events.emit('signing_request.completed', workspaceId, {
		signing_request: { id: 'sr-1', name: 'NDA' },
	});

describe('webhook API', () => {
	it('creates company-level and workspace webhooks with the documented fields', async () => {
		const company = await createHook({
			description: 'n8n: test',
			events: ['signing_request.completed', 'template.used'],
		});
		expect(company).toEqual({
			id: expect.stringMatching(/^[0-9a-f-]{36}$/),
			url: receiver.url,
			description: 'n8n: test',
			events: ['signing_request.completed', 'template.used'],
			enabled: true,
			consecutive_failures: 0,
			auto_disabled_at: null,
			last_failure_at: null,
			last_success_at: null,
			created_at: expect.any(String),
			updated_at: expect.any(String),
		});
		const workspace = await createHook({ workspace_id: SALES.id, enabled: false }, SALES.liveKey);
		expect(workspace).toMatchObject({ enabled: false, description: null });
		// The answer has no scope key; the workspace list (workspace_id query) is how one tells.
		expect(workspace).not.toHaveProperty('workspace_id');
		const listed = await api('GET', '/webhooks', undefined, SALES.liveKey, {
			workspace_id: SALES.id,
		});
		expect(listed.body.results.map((w: { id: string }) => w.id)).toEqual([workspace.id]);
		expect((await api('GET', `/webhooks/${workspace.id}`, undefined, SALES.liveKey)).body).toEqual(
			workspace,
		);
	});

	it('validates url (HTTPS, http only to loopback), events (known names) and the rest', async () => {
		const bad = async (body: Record<string, unknown>, field: string) => {
			const res = await api('POST', '/webhooks', {
				url: receiver.url,
				events: ['signing_request.completed'],
				...body,
			});
			expect(res.status).toBe(400);
			expect(res.body).toMatchObject({ code: 'VALIDATION_ERROR' });
			expect(res.body.details).toHaveProperty(field);
			return res.body.details[field] as string;
		};
		expect(await bad({ url: 'http://example.com/hook' }, 'url')).toMatch(/HTTPS/);
		await bad({ url: 'http://10.1.2.3/hook' }, 'url');
		await bad({ url: 'not a url' }, 'url');
		await bad({ url: undefined }, 'url');
		await bad({ url: 'ftp://example.com/x' }, 'url');
		await bad({ events: [] }, 'events');
		await bad({ events: undefined }, 'events');
		expect(
			await bad({ events: ['signing_request.completed', 'no.such.event'] }, 'events'),
		).toContain('no.such.event');
		await bad({ events: ['webhook.test'] }, 'events');
		await bad({ description: 'x'.repeat(501) }, 'description');
		await bad({ enabled: 'yes' }, 'enabled');

		for (const url of [
			'https://example.com/hook',
			'http://127.0.0.1:9/x',
			'http://localhost:9/x',
			'http://[::1]:9/x',
		]) {
			expect((await api('POST', '/webhooks', { url, events: ['template.used'] })).status).toBe(201);
		}
		const all = [...SUBSCRIBABLE_EVENT_TYPES];
		expect(all).toHaveLength(39);
		expect((await api('POST', '/webhooks', { url: receiver.url, events: all })).status).toBe(201);
	});

	it('company-level webhooks need the protected key; workspace keys reach only their own workspace', async () => {
		expect(
			(
				await api(
					'POST',
					'/webhooks',
					{ url: receiver.url, events: ['template.used'] },
					SALES.liveKey,
				)
			).status,
		).toBe(403);
		expect(
			(
				await api(
					'POST',
					'/webhooks',
					{ url: receiver.url, events: ['template.used'], workspace_id: LEGAL.id },
					SALES.liveKey,
				)
			).status,
		).toBe(403);
		expect(
			(
				await api('POST', '/webhooks', {
					url: receiver.url,
					events: ['template.used'],
					workspace_id: '99999999-0000-4000-8000-000000000000',
				})
			).status,
		).toBe(404);
		const company = await createHook();
		expect((await api('GET', `/webhooks/${company.id}`, undefined, SALES.liveKey)).status).toBe(
			403,
		);
		expect((await api('GET', '/webhooks', undefined, SALES.liveKey)).status).toBe(403);
		expect(
			(await api('GET', '/webhooks', undefined, SALES.testKey, { workspace_id: SALES.id })).status,
		).toBe(200);
	});

	it('lists company-level webhooks without workspace_id, one workspace with it; filters, sorts, pages', async () => {
		const a = await createHook({ url: 'https://a.example.com/1', events: ['template.used'] });
		sb.clock.advance(1000);
		const b = await createHook({
			url: 'https://b.example.com/2',
			events: ['signing_request.completed'],
		});
		const ws = await createHook({ url: 'https://c.example.com/3', workspace_id: SALES.id });
		const ids = (res: { body: { results: Array<{ id: string }> } }) =>
			res.body.results.map((w) => w.id);

		expect(ids(await api('GET', '/webhooks'))).toEqual([b.id, a.id]);
		expect(
			ids(await api('GET', '/webhooks', undefined, P.liveKey, { workspace_id: SALES.id })),
		).toEqual([ws.id]);
		expect(
			ids(await api('GET', '/webhooks', undefined, P.liveKey, { workspace_id: LEGAL.id })),
		).toEqual([]);
		expect(ids(await api('GET', '/webhooks', undefined, P.liveKey, { url: 'A.EXAMPLE' }))).toEqual([
			a.id,
		]);
		expect(
			ids(await api('GET', '/webhooks', undefined, P.liveKey, { event: 'template.used' })),
		).toEqual([a.id]);
		expect(
			ids(
				await api('GET', '/webhooks', undefined, P.liveKey, { sort_by: 'url', sort_order: 'asc' }),
			),
		).toEqual([a.id, b.id]);
		const page = await api('GET', '/webhooks', undefined, P.liveKey, { page_size: '1', page: '2' });
		expect(page.body).toMatchObject({
			results: [{ id: a.id }],
			pagination: { current_page: 2, page_size: 1, total_count: 2, total_pages: 2 },
		});
		await api('PUT', `/webhooks/${a.id}`, { enabled: false });
		expect(ids(await api('GET', '/webhooks', undefined, P.liveKey, { enabled: '0' }))).toEqual([
			a.id,
		]);
		expect((await api('GET', '/webhooks', undefined, P.liveKey, { sort_by: 'nope' })).status).toBe(
			400,
		);
	});

	it('updates url, events, description and enabled; re-enabling resets the failure count', async () => {
		const hook = await createHook();
		const updated = await api('PUT', `/webhooks/${hook.id}`, {
			url: 'https://new.example.com/x',
			events: ['template.used'],
			description: 'changed',
		});
		expect(updated.body).toMatchObject({
			url: 'https://new.example.com/x',
			events: ['template.used'],
			description: 'changed',
			enabled: true,
		});

		const record = sb.webhooks.records.find((w) => w.id === hook.id)!;
		Object.assign(record, {
			enabled: false,
			consecutive_failures: 50,
			auto_disabled_at: new Date().toISOString(),
		});
		const reenabled = await api('PUT', `/webhooks/${hook.id}`, { enabled: true });
		expect(reenabled.body).toMatchObject({
			enabled: true,
			consecutive_failures: 0,
			auto_disabled_at: null,
		});
		expect((await api('PATCH', `/webhooks/${hook.id}`, { description: null })).body).toMatchObject({
			description: null,
		});

		expect((await api('PUT', `/webhooks/${hook.id}`, {})).status).toBe(400);
		expect((await api('PUT', `/webhooks/${hook.id}`, { workspace_id: SALES.id })).status).toBe(400);
		expect((await api('PUT', `/webhooks/${hook.id}`, { url: 'http://example.com' })).status).toBe(
			400,
		);
		expect((await api('PUT', `/webhooks/${hook.id}`, { events: ['bogus.event'] })).status).toBe(
			400,
		);
		expect(
			(await api('PUT', '/webhooks/00000000-0000-4000-8000-000000000000', { enabled: true }))
				.status,
		).toBe(404);
	});

	it('deletes softly: gone from the API and from deliveries, kept in the records', async () => {
		const hook = await createHook();
		expect(await api('DELETE', `/webhooks/${hook.id}`)).toMatchObject({
			status: 200,
			body: { message: expect.any(String) },
		});
		expect((await api('GET', `/webhooks/${hook.id}`)).status).toBe(404);
		expect((await api('DELETE', `/webhooks/${hook.id}`)).status).toBe(404);
		expect((await api('GET', '/webhooks')).body.results).toEqual([]);
		expect(sb.webhooks.records.find((w) => w.id === hook.id)?.deleted_at).toEqual(
			expect.any(String),
		);
		emitCompleted();
		await sb.webhooks.flush();
		expect(sb.deliveries).toHaveLength(0);
	});

	it('counts webhook requests in the webhook rate class', async () => {
		const res = await api('GET', '/webhooks');
		expect(res.headers.get('x-ratelimit-limit')).toBe('60');
		const hook = await createHook();
		const test = await api('POST', `/webhooks/${hook.id}/test`);
		expect(test.headers.get('x-ratelimit-limit')).toBe('10');
	});
});

describe('signing secrets and rotation', () => {
	it('has the seeded secrets; the protected workspace gets its secret when its switch is turned on', async () => {
		expect(sb.webhooks.secretOf('company')).toEqual({ current: WEBHOOK_SECRETS.company });
		expect(sb.webhooks.secretOf(SALES.id)).toEqual({
			current: WEBHOOK_SECRETS.workspaces[SALES.id],
		});
		expect(sb.webhooks.secretOf(P.id)).toBeUndefined();
		expect((await api('GET', `/workspaces/${P.id}/webhooks/secret-status`)).status).toBe(404);
		expect(sb.state.getWorkspace(SALES.id)).toMatchObject({
			webhook_enabled: true,
			webhook_secret: WEBHOOK_SECRETS.workspaces[SALES.id],
		});

		const on = await api('PUT', '/_sandbox/webhooks/master-switch', {
			workspace_id: P.id,
			enabled: true,
		});
		expect(on.body).toEqual({ workspace_id: P.id, enabled: true });
		expect(sb.webhooks.secretOf(P.id)).toEqual({ current: WEBHOOK_SECRETS.workspaces[P.id] });
		expect((await api('GET', `/workspaces/${P.id}/webhooks/secret-status`)).body).toMatchObject({
			grace_period_active: false,
			last_rotated_at: null,
			created_at: expect.any(String),
		});
	});

	it('rotates the company secret (protected key, 1 per minute); the old one is sent as -Old for 7 days', async () => {
		expect((await api('POST', '/webhooks/rotate-secret', undefined, SALES.liveKey)).status).toBe(
			403,
		);
		const rotated = await api('POST', '/webhooks/rotate-secret');
		expect(rotated.status).toBe(200);
		expect(rotated.body).toEqual({
			message: expect.any(String),
			new_secret: expect.stringMatching(/^[0-9a-f]{64}$/),
			old_secret_expires_at: expect.any(String),
			rotated_at: expect.any(String),
		});
		expect(
			Date.parse(rotated.body.old_secret_expires_at) - Date.parse(rotated.body.rotated_at),
		).toBe(7 * 24 * 3600 * 1000);
		expect(Math.abs(Date.parse(rotated.body.rotated_at) - sb.clock.now())).toBeLessThan(5000);
		const newSecret = rotated.body.new_secret as string;
		expect(sb.webhooks.secretOf('company')).toEqual({
			current: newSecret,
			previous: WEBHOOK_SECRETS.company,
		});

		sb.resetRateLimits();
		const again = await api('POST', '/webhooks/rotate-secret');
		expect(again.status).toBe(429);
		expect(again.headers.get('retry-after')).toBeTruthy();

		const status = await api('GET', '/webhooks/secret-status');
		expect(status.body).toMatchObject({
			grace_period_active: true,
			grace_period_ends_at: rotated.body.old_secret_expires_at,
			last_rotated_at: rotated.body.rotated_at,
		});

		// deliveries carry both signatures
		await createHook();
		emitCompleted();
		await sb.webhooks.flush();
		const [delivery] = sb.deliveries;
		const t = /t=(\d+)/.exec(delivery.headers['X-Service-Signature'])![1];
		expect(delivery.headers['X-Service-Signature']).toBe(
			`t=${t},v1=${hmac(newSecret, `${t}.${delivery.body}`)}`,
		);
		expect(delivery.headers['X-Service-Signature-Old']).toBe(
			`t=${t},v1=${hmac(WEBHOOK_SECRETS.company, `${t}.${delivery.body}`)}`,
		);

		// after 7 days the old secret is gone
		sb.clock.advance(7 * 24 * 3600 * 1000 + 1);
		emitCompleted();
		await sb.webhooks.flush();
		expect(sb.deliveries[1].headers).not.toHaveProperty('X-Service-Signature-Old');
		expect((await api('GET', '/webhooks/secret-status')).body).toMatchObject({
			grace_period_active: false,
			grace_period_ends_at: null,
		});
	});

	it('rotates a workspace secret; a second rotation within a minute → 429 "cooldown active"', async () => {
		const first = await api(
			'POST',
			`/workspaces/${SALES.id}/webhooks/rotate-secret`,
			undefined,
			SALES.liveKey,
		);
		expect(first.status).toBe(200);
		expect(first.body).toEqual({
			message: expect.any(String),
			new_secret: expect.stringMatching(/^[0-9a-f]{64}$/),
			grace_period_hours: 168,
			warning: expect.any(String),
		});
		expect(sb.state.getWorkspace(SALES.id)?.webhook_secret).toBe(first.body.new_secret);

		const second = await api(
			'POST',
			`/workspaces/${SALES.id}/webhooks/rotate-secret`,
			undefined,
			SALES.liveKey,
		);
		expect(second.status).toBe(429);
		expect(second.body).toMatchObject({ error: 'cooldown active' });

		// another workspace has its own cooldown; the same one works again after a minute
		expect((await api('POST', `/workspaces/${LEGAL.id}/webhooks/rotate-secret`)).status).toBe(200);
		sb.clock.advance(61_000);
		expect(
			(
				await api(
					'POST',
					`/workspaces/${SALES.id}/webhooks/rotate-secret`,
					undefined,
					SALES.liveKey,
				)
			).status,
		).toBe(200);
		expect(
			(
				await api(
					'POST',
					`/workspaces/${LEGAL.id}/webhooks/rotate-secret`,
					undefined,
					SALES.liveKey,
				)
			).status,
		).toBe(403);
		expect(sb.webhooks.secretOf(SALES.id)?.previous).toBe(first.body.new_secret);
	});
});

describe('delivery engine', () => {
	it('sends the current envelope with the service headers, signed over the exact body', async () => {
		const hook = await createHook();
		const event = emitCompleted();
		await sb.webhooks.flush();

		expect(receiver.received).toHaveLength(1);
		const [got] = receiver.received;
		expect(JSON.parse(got.body)).toEqual({
			id: event.id,
			type: 'signing_request.completed',
			created_at: event.created_at,
			company_id: SEED.company.id,
			workspace_id: SALES.id,
			data: { signing_request: { id: 'sr-1', name: 'NDA' } },
		});
		expect(got.headers['content-type']).toBe('application/json');
		expect(got.headers['x-service-event']).toBe('signing_request.completed');
		expect(got.headers['x-service-delivery']).toMatch(/^dlv_/);
		const header = got.headers['x-service-signature'] as string;
		const t = Number(/^t=(\d+),/.exec(header)![1]);
		expect(Math.abs(t - Math.floor(Date.now() / 1000))).toBeLessThanOrEqual(2);
		expect(header).toBe(`t=${t},v1=${hmac(WEBHOOK_SECRETS.company, `${t}.${got.body}`)}`);
		expect(got.headers).not.toHaveProperty('x-service-signature-old');

		expect(sb.deliveries[0]).toMatchObject({
			webhookId: hook.id,
			eventId: event.id,
			attempt: 1,
			status: 200,
			ok: true,
			test: false,
		});
		expect(sb.webhooks.records[0]).toMatchObject({
			consecutive_failures: 0,
			last_success_at: expect.any(String),
		});
	});

	it("workspace webhooks are signed with the workspace secret and get only their workspace's events", async () => {
		await createHook({ workspace_id: LEGAL.id });
		emitCompleted(SALES.id);
		emitCompleted(LEGAL.id);
		emitCompleted(null);
		await sb.webhooks.flush();
		expect(receiver.received).toHaveLength(1);
		const [got] = receiver.received;
		expect(JSON.parse(got.body).workspace_id).toBe(LEGAL.id);
		const t = /^t=(\d+),/.exec(got.headers['x-service-signature'] as string)![1];
		expect(got.headers['x-service-signature']).toBe(
			`t=${t},v1=${hmac(WEBHOOK_SECRETS.workspaces[LEGAL.id], `${t}.${got.body}`)}`,
		);
	});

	it("company-level webhooks get every workspace's events and company-only events, unless a workspace ignores them", async () => {
		await createHook();
		emitCompleted(SALES.id);
		emitCompleted(null);
		sb.state.getWorkspace(LEGAL.id)!.ignore_company_webhooks = true;
		emitCompleted(LEGAL.id);
		sb.state.events.emit('template.used', SALES.id, {}); // not subscribed
		await sb.webhooks.flush();
		expect(receiver.received.map((r) => JSON.parse(r.body).workspace_id)).toEqual([SALES.id, null]);
	});

	it('retries up to 3 attempts (now, +5 min, +1 h, scaled), with a new delivery id each time', async () => {
		sb.close();
		sb = await startSandbox({
			webhookRetryScale: 0.0002,
			webhookTimeoutMs: 500,
			webhookTestOnCreate: false,
		}); // 60 ms, 720 ms
		receiver.status = () => 503;
		const hook = await createHook();
		const event = emitCompleted();
		await sb.webhooks.flush();

		const attempts = sb.deliveries.filter((d) => d.eventId === event.id);
		expect(attempts.map((d) => [d.attempt, d.status, d.ok])).toEqual([
			[1, 503, false],
			[2, 503, false],
			[3, 503, false],
		]);
		expect(new Set(attempts.map((d) => d.deliveryId)).size).toBe(3);
		expect(new Set(receiver.received.map((r) => r.headers['x-service-delivery'])).size).toBe(3);
		expect(new Set(receiver.received.map((r) => r.body)).size).toBe(1); // same event, same body
		const gaps = [
			receiver.received[1].at - receiver.received[0].at,
			receiver.received[2].at - receiver.received[1].at,
		];
		expect(gaps[0]).toBeGreaterThanOrEqual(55);
		expect(gaps[1]).toBeGreaterThanOrEqual(700);
		expect(sb.webhooks.records.find((w) => w.id === hook.id)).toMatchObject({
			consecutive_failures: 3,
			enabled: true,
			last_failure_at: expect.any(String),
			last_success_at: null,
		});
	});

	it('a success stops the retries and resets the failure count', async () => {
		receiver.status = (n) => (n === 1 ? 500 : 200);
		await createHook();
		emitCompleted();
		await sb.webhooks.flush();
		expect(sb.deliveries.map((d) => d.status)).toEqual([500, 200]);
		expect(sb.webhooks.records[0]).toMatchObject({
			consecutive_failures: 0,
			last_success_at: expect.any(String),
			last_failure_at: expect.any(String),
		});
	});

	it('counts a timeout (5 s by default, 500 ms here) as a failure', async () => {
		receiver.status = (n) => (n === 1 ? 'hang' : 200);
		await createHook();
		emitCompleted();
		await sb.webhooks.flush();
		expect(sb.deliveries[0]).toMatchObject({
			status: null,
			ok: false,
			error: 'No answer within 500 ms',
		});
		expect(sb.deliveries[1]).toMatchObject({ status: 200, attempt: 2 });
	});

	it('disables a webhook after 50 consecutive failures and drops its pending retries', async () => {
		receiver.status = () => 500;
		const hook = await createHook();
		for (let i = 0; i < 20; i++) {
			emitCompleted();
			await sb.webhooks.flush();
		}
		const record = sb.webhooks.records.find((w) => w.id === hook.id)!;
		expect(record).toMatchObject({
			enabled: false,
			consecutive_failures: 50,
			auto_disabled_at: expect.any(String),
		});
		expect(sb.deliveries).toHaveLength(50);

		// disabled: nothing more goes out
		emitCompleted();
		await sb.webhooks.flush();
		expect(sb.deliveries).toHaveLength(50);
		expect((await api('GET', `/webhooks/${hook.id}`)).body).toMatchObject({
			enabled: false,
			auto_disabled_at: expect.any(String),
		});

		// re-enabled through the API: delivered again, counting from zero
		receiver.status = () => 200;
		await api('PUT', `/webhooks/${hook.id}`, { enabled: true });
		emitCompleted();
		await sb.webhooks.flush();
		expect(sb.deliveries.at(-1)).toMatchObject({ status: 200 });
		expect(record).toMatchObject({ enabled: true, consecutive_failures: 0 });
	});

	it('master switches skip delivery before any attempt (failure count stays 0)', async () => {
		receiver.status = () => 500;
		const company = await createHook();
		const workspace = await createHook({ workspace_id: SALES.id });

		sb.webhooks.setCompanyMasterSwitch(false);
		sb.webhooks.setWorkspaceMasterSwitch(SALES.id, false);
		emitCompleted(SALES.id);
		await sb.webhooks.flush();
		expect(sb.deliveries).toHaveLength(0);
		expect(receiver.received).toHaveLength(0);
		expect(sb.webhooks.skipped.map((s) => [s.webhookId, s.reason])).toEqual([
			[company.id, 'company_master_switch_off'],
			[workspace.id, 'workspace_master_switch_off'],
		]);
		expect(sb.webhooks.records.map((w) => w.consecutive_failures)).toEqual([0, 0]);

		// only the workspace switch back on: only the workspace webhook gets it
		receiver.status = () => 200;
		sb.webhooks.setWorkspaceMasterSwitch(SALES.id, true);
		emitCompleted(SALES.id);
		await sb.webhooks.flush();
		expect(sb.deliveries.map((d) => d.webhookId)).toEqual([workspace.id]);
	});

	it('the company switch can be toggled through /_sandbox/ (owner rights = protected key)', async () => {
		expect(
			(await api('PUT', '/_sandbox/webhooks/master-switch', { enabled: false }, SALES.liveKey))
				.status,
		).toBe(403);
		expect((await api('PUT', '/_sandbox/webhooks/master-switch', { enabled: 'no' })).status).toBe(
			400,
		);
		expect((await api('PUT', '/_sandbox/webhooks/master-switch', { enabled: false })).body).toEqual(
			{ company: false },
		);
		expect(sb.webhooks.companyMasterSwitch()).toBe(false);
		const read = await api('GET', '/_sandbox/webhooks/master-switch');
		expect(read.body).toEqual({
			company: false,
			workspaces: { [P.id]: false, [SALES.id]: true, [LEGAL.id]: true },
		});
	});

	it('test deliveries ignore the master switches and answer with what was sent', async () => {
		const hook = await createHook({ workspace_id: SALES.id });
		sb.webhooks.setCompanyMasterSwitch(false);
		sb.webhooks.setWorkspaceMasterSwitch(SALES.id, false);
		const test = await api('POST', `/webhooks/${hook.id}/test`);
		expect(test.status).toBe(200);
		expect(test.body).toEqual({
			success: true,
			status_code: 200,
			webhook_event_id: expect.stringMatching(/^[0-9a-f-]{36}$/),
			message: expect.any(String),
			headers_sent: {
				'X-Service-Event': 'webhook.test',
				'X-Service-Signature': expect.stringMatching(/^t=\d+,v1=[0-9a-f]{64}$/),
				'X-Service-Delivery': expect.stringMatching(/^dlv_/),
			},
		});
		const [got] = receiver.received;
		expect(JSON.parse(got.body)).toMatchObject({
			id: expect.stringMatching(/^evt_\d+_[0-9a-f]+$/),
			type: 'webhook.test',
			workspace_id: SALES.id,
		});
		expect(got.headers['x-service-signature']).toBe(test.body.headers_sent['X-Service-Signature']);

		// a failing test delivery is reported, and leaves the failure count alone
		receiver.status = () => 500;
		const failed = await api('POST', `/webhooks/${hook.id}/test`);
		expect(failed.body).toMatchObject({ success: false, status_code: 500 });
		expect(sb.webhooks.records[0].consecutive_failures).toBe(0);
		expect((await api('POST', '/webhooks/00000000-0000-4000-8000-000000000000/test')).status).toBe(
			404,
		);
	});

	it('sends a webhook.test ping when a webhook is created (sandbox option, default on)', async () => {
		const withPing = await startSandbox();
		try {
			const res = await call(withPing, 'POST', '/webhooks', {
				auth: P.liveKey,
				body: { url: receiver.url, events: ['template.used'] },
			});
			await withPing.webhooks.flush();
			expect(withPing.deliveries).toEqual([
				expect.objectContaining({
					webhookId: res.body.id,
					eventType: 'webhook.test',
					test: true,
					status: 200,
				}),
			]);
		} finally {
			await withPing.close();
		}
	});

	it('close() stops pending retries', async () => {
		receiver.status = () => 500;
		const slow = await startSandbox({ webhookTestOnCreate: false }); // real delays: +5 min
		await call(slow, 'POST', '/webhooks', {
			auth: P.liveKey,
			body: { url: receiver.url, events: ['signing_request.completed'] },
		});
		slow.state.events.emit('signing_request.completed', SALES.id, {});
		await new Promise((resolve) => setTimeout(resolve, 100));
		expect(slow.deliveries).toHaveLength(1);
		await slow.close();
		await slow.webhooks.flush(); // settles at once
		expect(slow.deliveries).toHaveLength(1);
	});
});
