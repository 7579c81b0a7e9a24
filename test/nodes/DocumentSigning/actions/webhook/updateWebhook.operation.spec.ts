import { DocumentSigning } from '../../../../../nodes/DocumentSigning/DocumentSigning.node';
import { byId, byList, createWebhookFixture, jsonOf, run, useSandbox } from './fixtures';

const ctx = useSandbox();

describe('Webhook → Update (PUT /webhooks/{id})', () => {
	it('sends only the fields given, events replaced by listed plus additional names', async () => {
		const hook = await createWebhookFixture(ctx.sandbox);
		const { output, error } = await run(ctx, 'updateWebhook', {
			webhookId: byId(String(hook.id)),
			updateFields: {
				url: 'https://hooks.example.com/new',
				events: ['signing_request.sent'],
				additionalEvents: 'signing_request.viewed',
				description: 'Renamed',
			},
		});
		expect(error).toBeUndefined();
		expect(ctx.sandbox.requests).toHaveLength(1);
		expect(ctx.sandbox.requests[0]).toMatchObject({
			method: 'PUT',
			path: `/webhooks/${String(hook.id)}`,
			body: {
				url: 'https://hooks.example.com/new',
				events: ['signing_request.sent', 'signing_request.viewed'],
				description: 'Renamed',
			},
		});
		expect(Object.keys(ctx.sandbox.requests[0].body as object).sort()).toEqual([
			'description',
			'events',
			'url',
		]);
		expect(jsonOf(output)[0]).toMatchObject({
			id: hook.id,
			url: 'https://hooks.example.com/new',
			events: ['signing_request.sent', 'signing_request.viewed'],
			description: 'Renamed',
			key_mode: 'live',
		});
	});

	it('re-enables an auto-disabled webhook with enabled: true, which resets its failure count', async () => {
		const hook = await createWebhookFixture(ctx.sandbox);
		const record = ctx.sandbox.webhooks.records.find((w) => w.id === hook.id);
		if (!record) throw new Error('fixture missing');
		Object.assign(record, {
			enabled: false,
			consecutive_failures: 50,
			auto_disabled_at: new Date().toISOString(),
		});
		const { output, error } = await run(ctx, 'updateWebhook', {
			webhookId: byId(String(hook.id)),
			updateFields: { enabled: true },
		});
		expect(error).toBeUndefined();
		expect(ctx.sandbox.requests[0].body).toEqual({ enabled: true });
		expect(jsonOf(output)[0]).toMatchObject({
			enabled: true,
			consecutive_failures: 0,
			auto_disabled_at: null,
		});
	});

	it('explains re-enabling in the UI', () => {
		const notice = new DocumentSigning().description.properties.find(
			(p) => p.name === 'reEnableNotice',
		);
		expect(notice?.type).toBe('notice');
		expect(notice?.displayName).toMatch(/50 failed deliveries.*Enabled/);
		expect(notice?.displayOptions?.show).toEqual({ operation: ['updateWebhook'] });
	});

	it.each([
		[{}, 'Nothing to update: add at least one field under "Update Fields"'],
		[{ events: [] }, '"Event Names or IDs" is empty: choose at least one event'],
		[{ url: 'ftp://x.example.com' }, '"URL" must use HTTPS: ftp://x.example.com'],
		[
			{ description: 'y'.repeat(600) },
			'"Description" is 600 characters long; at most 500 are allowed',
		],
	])('refuses %j before sending anything', async (updateFields, message) => {
		const { error } = await run(ctx, 'updateWebhook', {
			webhookId: byId('123e4567-e89b-42d3-a456-426614174000'),
			updateFields,
		});
		expect(error?.message).toBe(message);
		expect(ctx.sandbox.requests).toHaveLength(0);
	});

	it('refuses a malformed ID before sending anything', async () => {
		const { error } = await run(ctx, 'updateWebhook', {
			webhookId: byList('x'),
			updateFields: { enabled: false },
		});
		expect(error?.message).toBe('"Webhook" is not a valid ID: "x"');
		expect(ctx.sandbox.requests).toHaveLength(0);
	});
});
