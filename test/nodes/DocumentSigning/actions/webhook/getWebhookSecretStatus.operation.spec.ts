import { SALES, jsonOf, run, useSandbox } from './setup';

const ctx = useSandbox();

describe('Webhook → Get Company Secret Status (GET /webhooks/secret-status)', () => {
	it('outputs the status; after a rotation the grace period is active for 7 days', async () => {
		const first = await run(ctx, 'getWebhookSecretStatus', {});
		expect(first.error).toBeUndefined();
		expect(ctx.sandbox.requests[0]).toMatchObject({
			method: 'GET',
			path: '/webhooks/secret-status',
		});
		expect(jsonOf(first.output)[0]).toMatchObject({
			scope: 'company',
			grace_period_active: false,
			key_mode: 'live',
		});

		const rotation = ctx.sandbox.webhooks.rotateSecret('company', { ignoreCooldown: true });
		if (!rotation.ok) throw new Error('rotation failed');
		const { output } = await run(ctx, 'getWebhookSecretStatus', {});
		const status = jsonOf(output)[0];
		expect(status.grace_period_active).toBe(true);
		expect(Date.parse(String(status.grace_period_ends_at))).toBe(
			rotation.result.oldSecretExpiresAt,
		);
	});

	it('a non-protected key is refused by the service (403)', async () => {
		const { error } = await run(ctx, 'getWebhookSecretStatus', {}, { liveApiKey: SALES.liveKey });
		expect(error?.message).toBe(
			'Permission denied: The company webhook secret status needs the protected workspace API key [FORBIDDEN]',
		);
	});
});
