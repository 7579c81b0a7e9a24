import { api, byId, byList, run, useSandbox } from './fixtures';
import { SECRETS, itReadsTheSecretStatus } from './secrets.twins';

const ctx = useSandbox();

describe('Webhook → Get Signing Secret Status (Workspace) (GET /workspaces/{id}/webhooks/secret-status)', () => {
	itReadsTheSecretStatus(ctx, SECRETS.workspace, "outputs the workspace's secret status");

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
