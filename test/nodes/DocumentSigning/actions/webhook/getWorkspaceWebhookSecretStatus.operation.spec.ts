import { SALES, api, byId, byList, jsonOf, run, useSandbox } from './setup';

const ctx = useSandbox();

describe('Webhook → Get Workspace Secret Status (GET /workspaces/{id}/webhooks/secret-status)', () => {
	it("outputs the workspace's secret status", async () => {
		const rotation = ctx.sandbox.webhooks.rotateSecret(SALES.id, { ignoreCooldown: true });
		if (!rotation.ok) throw new Error('rotation failed');
		const { output, error } = await run(ctx, 'getWorkspaceWebhookSecretStatus', {
			workspaceId: byId(SALES.id),
		});
		expect(error).toBeUndefined();
		expect(ctx.sandbox.requests).toHaveLength(1);
		expect(ctx.sandbox.requests[0]).toMatchObject({
			method: 'GET',
			path: `/workspaces/${SALES.id}/webhooks/secret-status`,
		});
		expect(jsonOf(output)[0]).toMatchObject({
			scope: 'workspace',
			workspace_id: SALES.id,
			grace_period_active: true,
			last_rotated_at: new Date(rotation.result.rotatedAt).toISOString(),
			key_mode: 'live',
		});
	});

	it('a workspace without a webhook secret is a 404', async () => {
		const created = await api(ctx.sandbox, 'POST', '/workspaces', { name: 'No Secret Yet' });
		ctx.sandbox.clearRequests();
		const { error } = await run(ctx, 'getWorkspaceWebhookSecretStatus', {
			workspaceId: byId(String(created.body.id)),
		});
		expect(error?.message).toMatch(/^Not found: .* not found \[NOT_FOUND\]$/);
	});

	it('refuses a malformed workspace ID before sending anything', async () => {
		const { error } = await run(ctx, 'getWorkspaceWebhookSecretStatus', {
			workspaceId: byList('x'),
		});
		expect(error?.message).toBe('"Workspace" is not a valid ID: "x"');
		expect(ctx.sandbox.requests).toHaveLength(0);
	});
});
