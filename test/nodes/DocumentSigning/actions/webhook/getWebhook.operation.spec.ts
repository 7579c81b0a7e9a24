import {
	MISSING_UUID,
	SALES,
	byId,
	byList,
	createWebhookFixture,
	jsonOf,
	run,
	useSandbox,
} from './fixtures';

const ctx = useSandbox();

describe('Webhook → Get (GET /webhooks/{id})', () => {
	it('gets the webhook by its ID', async () => {
		const hook = await createWebhookFixture(ctx.sandbox, { description: 'Get me' });
		const { output, error } = await run(ctx, 'getWebhook', { webhookId: byId(String(hook.id)) });
		expect(error).toBeUndefined();
		expect(ctx.sandbox.requests).toHaveLength(1);
		expect(ctx.sandbox.requests[0]).toMatchObject({
			method: 'GET',
			path: `/webhooks/${String(hook.id)}`,
		});
		expect(jsonOf(output)).toEqual([{ ...hook, key_mode: 'live' }]);
	});

	it('accepts the ID from a URL', async () => {
		const hook = await createWebhookFixture(ctx.sandbox, { workspace_id: SALES.id });
		const { output } = await run(ctx, 'getWebhook', {
			webhookId: {
				__rl: true,
				mode: 'url',
				value: `https://app.example.com/webhooks/${String(hook.id)}`,
			},
		});
		expect(jsonOf(output)[0].id).toBe(hook.id);
	});

	it('refuses a malformed ID before sending anything', async () => {
		const { error } = await run(ctx, 'getWebhook', { webhookId: byList('abc') });
		expect(error?.message).toBe('"Webhook" is not a valid ID: "abc"');
		expect(ctx.sandbox.requests).toHaveLength(0);
	});

	it('an unknown webhook is a 404', async () => {
		const { error } = await run(ctx, 'getWebhook', { webhookId: byId(MISSING_UUID) });
		expect(error?.message).toMatch(/^Not found: .* not found \[NOT_FOUND\]$/);
		expect(ctx.sandbox.requests).toHaveLength(1);
	});
});
