import { DocumentSigning } from '../../../../../nodes/DocumentSigning/DocumentSigning.node';
import { LEGAL, SALES, byId, byList, jsonOf, run, useSandbox } from './setup';

const ctx = useSandbox();

describe('Webhook → Rotate Workspace Secret (POST /workspaces/{id}/webhooks/rotate-secret)', () => {
	it("rotates the workspace's secret and outputs the new one with the workspace", async () => {
		const before = ctx.sandbox.webhooks.secretOf(SALES.id)?.current;
		const { output, error } = await run(ctx, 'rotateWorkspaceWebhookSecret', {
			workspaceId: byId(SALES.id),
		});
		expect(error).toBeUndefined();
		expect(ctx.sandbox.requests).toHaveLength(1);
		expect(ctx.sandbox.requests[0]).toMatchObject({
			method: 'POST',
			path: `/workspaces/${SALES.id}/webhooks/rotate-secret`,
		});
		const [result] = jsonOf(output);
		expect(result).toMatchObject({
			scope: 'workspace',
			workspace_id: SALES.id,
			grace_period_hours: 168,
			key_mode: 'live',
		});
		expect(result.new_secret).toMatch(/^[0-9a-f]{64}$/);
		expect(result.new_secret).not.toBe(before);
		expect(ctx.sandbox.webhooks.secretOf(SALES.id)?.current).toBe(result.new_secret);
	});

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

	it('tells the user to copy the new secret into the credential', () => {
		const notice = new DocumentSigning().description.properties.find(
			(p) => p.name === 'rotateWorkspaceNotice',
		);
		expect(notice?.displayName).toContain('Webhook Signing Secret');
	});
});
