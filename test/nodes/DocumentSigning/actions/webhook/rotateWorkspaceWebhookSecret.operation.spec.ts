import { LEGAL, SALES, byId, byList, run, useSandbox } from './fixtures';
import { SECRETS, itRotatesTheSecret } from './secrets.twins';

const ctx = useSandbox();

describe('Webhook → Rotate Signing Secret (Workspace) (POST /workspaces/{id}/webhooks/rotate-secret)', () => {
	itRotatesTheSecret(
		ctx,
		SECRETS.workspace,
		"rotates the workspace's secret and outputs the new one with the workspace",
	);

	it("another workspace's key is refused (403)", async () => {
		const { error } = await run(
			ctx,
			'rotateWorkspaceWebhookSecret',
			{ workspaceId: byId(LEGAL.id) },
			{ liveApiKey: SALES.liveKey },
		);
		expect(error?.message).toBe(
			'Permission denied: This API key can only access its own workspace [FORBIDDEN]',
		);
	});

	it('refuses a malformed workspace ID before sending anything', async () => {
		const { error } = await run(ctx, 'rotateWorkspaceWebhookSecret', {
			workspaceId: byList('legal'),
		});
		expect(error?.message).toBe('"Workspace" is not a valid ID: "legal"');
		expect(ctx.sandbox.requests).toHaveLength(0);
	});
});
