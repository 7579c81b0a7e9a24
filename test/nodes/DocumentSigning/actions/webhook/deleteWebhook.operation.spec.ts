import { byId, byList, createWebhookFixture, jsonOf, run, useSandbox } from './fixtures';

const ctx = useSandbox();

describe('Webhook → Delete (DELETE /webhooks/{id})', () => {
	it('deletes the webhook and outputs its ID with the message', async () => {
		const hook = await createWebhookFixture(ctx.sandbox);
		const { output, error } = await run(ctx, 'deleteWebhook', { webhookId: byId(String(hook.id)) });
		expect(error).toBeUndefined();
		expect(ctx.sandbox.requests).toHaveLength(1);
		expect(ctx.sandbox.requests[0]).toMatchObject({
			method: 'DELETE',
			path: `/webhooks/${String(hook.id)}`,
		});
		expect(jsonOf(output)).toEqual([
			{ id: hook.id, deleted: true, message: 'Webhook deleted', key_mode: 'live' },
		]);
		expect(ctx.sandbox.webhooks.records.find((w) => w.id === hook.id)?.deleted_at).not.toBeNull();
	});

	it('deleting it again is a 404', async () => {
		const hook = await createWebhookFixture(ctx.sandbox);
		await run(ctx, 'deleteWebhook', { webhookId: byId(String(hook.id)) });
		const { error } = await run(ctx, 'deleteWebhook', { webhookId: byId(String(hook.id)) });
		expect(error?.message).toMatch(/^Not found: .* not found \[NOT_FOUND\]$/);
	});

	it('refuses a malformed ID before sending anything', async () => {
		const { error } = await run(ctx, 'deleteWebhook', { webhookId: byList('  ') });
		expect(error?.message).toBe('"Webhook" is empty');
		expect(ctx.sandbox.requests).toHaveLength(0);
	});
});
