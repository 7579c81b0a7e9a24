/**
 * The company's webhook secret and a workspace's are read and rotated the same way
 * (`/webhooks/…` and `/workspaces/{id}/webhooks/…`): the status says whether the old secret is
 * still accepted (7 days after a rotation), a rotation outputs the new secret, and a notice tells
 * the user to copy it into the credential. Each operation's spec calls these tests inside its own
 * suite with its row (`SECRETS.company`, `SECRETS.workspace`); who may do it, and a workspace's
 * ID checks, stay in the spec.
 */
import { DocumentSigning } from '../../../../../nodes/DocumentSigning/DocumentSigning.node';
import type { TestContext } from './fixtures';
import { SALES, byId, jsonOf, run } from './fixtures';

export interface SecretRow {
	/** The secret's scope in the sandbox. */
	scope: string;
	status: 'getWebhookSecretStatus' | 'getWorkspaceWebhookSecretStatus';
	rotate: 'rotateWebhookSecret' | 'rotateWorkspaceWebhookSecret';
	/** The parameters that name the owner. */
	params: Record<string, unknown>;
	/** The path the secret's endpoints sit under. */
	base: string;
	/** What every output carries for this owner. */
	output: Record<string, unknown>;
	/** The name of the Rotate form's notice. */
	notice: string;
	/**
	 * How the rotation answer tells the 7-day grace period: the company's as service-api.md
	 * documents it (old_secret_expires_at, rotated_at), the workspace's as response-shapes.md does
	 * (grace_period_hours), since service-api.md does not cover it.
	 */
	grace: 'dates' | 'hours';
}

export const SECRETS = {
	company: {
		scope: 'company',
		status: 'getWebhookSecretStatus',
		rotate: 'rotateWebhookSecret',
		params: {},
		base: '/webhooks',
		output: { scope: 'company' },
		notice: 'rotateCompanyNotice',
		grace: 'dates',
	},
	workspace: {
		scope: SALES.id,
		status: 'getWorkspaceWebhookSecretStatus',
		rotate: 'rotateWorkspaceWebhookSecret',
		params: { workspaceId: byId(SALES.id) },
		base: `/workspaces/${SALES.id}/webhooks`,
		output: { scope: 'workspace', workspace_id: SALES.id },
		notice: 'rotateWorkspaceNotice',
		grace: 'hours',
	},
} satisfies Record<string, SecretRow>;

/** Status: no grace period at first; after a rotation, the old secret is accepted 7 more days. */
export function itReadsTheSecretStatus(ctx: TestContext, row: SecretRow, name: string): void {
	it(name, async () => {
		const first = await run(ctx, row.status, row.params);
		expect(first.error).toBeUndefined();
		expect(ctx.sandbox.requests).toHaveLength(1);
		expect(ctx.sandbox.requests[0]).toMatchObject({
			method: 'GET',
			path: `${row.base}/secret-status`,
		});
		expect(jsonOf(first.output)[0]).toMatchObject({
			...row.output,
			grace_period_active: false,
			key_mode: 'live',
		});

		const rotation = ctx.sandbox.webhooks.rotateSecret(row.scope, { ignoreCooldown: true });
		if (!rotation.ok) throw new Error('rotation failed');
		const { output, error } = await run(ctx, row.status, row.params);
		expect(error).toBeUndefined();
		const status = jsonOf(output)[0];
		expect(status).toMatchObject({
			...row.output,
			grace_period_active: true,
			last_rotated_at: new Date(rotation.result.rotatedAt).toISOString(),
			key_mode: 'live',
		});
		expect(Date.parse(String(status.grace_period_ends_at))).toBe(
			rotation.result.oldSecretExpiresAt,
		);
	});
}

/** Rotate: one POST, the new secret as output (the old one kept 7 days), and the notice. */
export function itRotatesTheSecret(ctx: TestContext, row: SecretRow, name: string): void {
	it(name, async () => {
		const before = ctx.sandbox.webhooks.secretOf(row.scope)?.current;
		const { output, error } = await run(ctx, row.rotate, row.params);
		expect(error).toBeUndefined();
		expect(ctx.sandbox.requests).toHaveLength(1);
		expect(ctx.sandbox.requests[0]).toMatchObject({
			method: 'POST',
			path: `${row.base}/rotate-secret`,
		});
		const [result] = jsonOf(output);
		expect(result).toMatchObject({ ...row.output, key_mode: 'live' });
		expect(result.new_secret).toMatch(/^[0-9a-f]{64}$/);
		expect(result.new_secret).not.toBe(before);
		expect(ctx.sandbox.webhooks.secretOf(row.scope)?.current).toBe(result.new_secret);
		if (row.grace === 'hours') {
			expect(result.grace_period_hours).toBe(168);
		} else {
			const graceMs =
				Date.parse(String(result.old_secret_expires_at)) - Date.parse(String(result.rotated_at));
			expect(graceMs).toBe(7 * 24 * 3600 * 1000);
		}
	});

	it('tells the user to copy the new secret into the credential', () => {
		const notice = new DocumentSigning().description.properties.find((p) => p.name === row.notice);
		expect(notice?.type).toBe('notice');
		expect(notice?.displayName).toContain(
			'"Webhook Signing Secret" of your Document Signing credential',
		);
		expect(notice?.displayOptions?.show).toEqual({ operation: [row.rotate] });
	});
}
