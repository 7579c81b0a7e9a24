/**
 * The four operations that answer a Workspace (Get, Get Many, Update, Update One Part) leave its
 * secrets (`api_key`, `test_api_key`, `webhook_secret`) out of their output, and say so in
 * `secrets_omitted`; Get and Get Many output them with "Include API Keys and Secret" on.
 * Each operation's spec calls these tests inside its own suite with its row
 * (`WORKSPACE_ANSWERS.<operation>`).
 */
import type { IDataObject, INodeExecutionData } from 'n8n-workflow';

import type { TestContext } from '../../../../kit';
import { sandboxSecrets } from '../../../../kit/secrets';
import type { Sandbox } from '../../../../sandbox';
import { WEBHOOK_SECRETS } from '../../../../sandbox';
import { SEED, byId, jsonOf, run, sent } from '../company/fixtures';

const [SALES, LEGAL] = SEED.workspaces;
const SECRET_FIELDS = ['api_key', 'test_api_key', 'webhook_secret'];

export interface WorkspaceAnswerRow {
	operation: 'getWorkspace' | 'listWorkspaces' | 'updateWorkspace' | 'patchWorkspace';
	/** The parameters of a run that answers with workspaces (without the include option). */
	params: Record<string, unknown>;
	method: string;
	/** The workspaces the answer holds, in output order. */
	workspaces: string[];
	/** Whether the operation offers "Include API Keys and Secret". */
	option: boolean;
}

export const WORKSPACE_ANSWERS = {
	getWorkspace: {
		operation: 'getWorkspace',
		params: { workspaceId: byId(SALES.id) },
		method: 'GET',
		workspaces: [SALES.id],
		option: true,
	},
	listWorkspaces: {
		operation: 'listWorkspaces',
		params: { returnAll: true, sort: { sort_by: 'created_on', sort_order: 'asc' } },
		method: 'GET',
		workspaces: [SEED.protectedWorkspace.id, SALES.id, LEGAL.id],
		option: true,
	},
	updateWorkspace: {
		operation: 'updateWorkspace',
		params: { workspaceId: byId(SALES.id), name: 'Sales Team' },
		method: 'PUT',
		workspaces: [SALES.id],
		option: false,
	},
	patchWorkspace: {
		operation: 'patchWorkspace',
		params: { workspaceId: byId(SALES.id), updateFields: { name: 'Sales Team' } },
		method: 'PATCH',
		workspaces: [SALES.id],
		option: false,
	},
} satisfies Record<string, WorkspaceAnswerRow>;

/** The secrets found anywhere in the items (values, keys, nested), for a readable failure. */
export function secretsIn(items: INodeExecutionData[], secrets: string[]): string[] {
	const text = JSON.stringify(items);
	return secrets.filter((s) => text.includes(s));
}

/** The secret fields the service answered with a value, per workspace (what is omitted). */
function answeredSecrets(sandbox: Sandbox, id: string): string[] {
	const answer = sandbox.state.workspaceJson(sandbox.state.getWorkspace(id)!);
	return SECRET_FIELDS.filter((f) => typeof answer[f] === 'string' && answer[f] !== '');
}

export function itLeavesTheSecretsOut(ctx: TestContext, row: WorkspaceAnswerRow): void {
	it('outputs no key or webhook secret, and names what it left out in secrets_omitted', async () => {
		// A webhook secret on Sales, so each of the three fields has a value to leave out.
		ctx.sandbox.state.getWorkspace(SALES.id)!.webhook_secret = WEBHOOK_SECRETS.workspaces[SALES.id];
		const { output, error } = await run(ctx, 'workspace', row.operation, row.params);
		expect(error).toBeUndefined();
		expect(sent(ctx)).toHaveLength(1);
		expect(sent(ctx)[0].method).toBe(row.method);
		// The service answers with the secrets (api_key, test_api_key, webhook_secret of Sales);
		// none of them, nor any other key or secret of the sandbox, reached the output.
		expect(answeredSecrets(ctx.sandbox, SALES.id)).toEqual(SECRET_FIELDS);
		expect(secretsIn(output[0], sandboxSecrets(ctx.sandbox))).toEqual([]);
		const items = jsonOf(output);
		expect(items.map((w) => w.id)).toEqual(row.workspaces);
		for (const item of items) {
			for (const field of SECRET_FIELDS) expect(item).not.toHaveProperty(field);
			expect(item.secrets_omitted).toEqual(answeredSecrets(ctx.sandbox, String(item.id)));
			// The rest of the workspace is there.
			expect(item).toMatchObject({
				name: expect.any(String),
				created_date: expect.any(String),
				webhook_enabled: expect.any(Boolean),
				key_mode: 'live',
			});
		}
		expect(items.find((w) => w.id === SALES.id)?.secrets_omitted).toEqual(SECRET_FIELDS);
	});

	if (!row.option) {
		it('offers no option to include the secrets (Get does)', async () => {
			const { output } = await run(ctx, 'workspace', row.operation, {
				...row.params,
				includeSecrets: true,
			});
			expect(secretsIn(output[0], sandboxSecrets(ctx.sandbox))).toEqual([]);
		});
		return;
	}

	it('with "Include API Keys and Secret" on, outputs the workspaces as answered', async () => {
		ctx.sandbox.state.getWorkspace(SALES.id)!.webhook_secret = WEBHOOK_SECRETS.workspaces[SALES.id];
		const { output, error } = await run(ctx, 'workspace', row.operation, {
			...row.params,
			includeSecrets: true,
		});
		expect(error).toBeUndefined();
		expect(sent(ctx)).toHaveLength(1);
		const items = jsonOf(output);
		expect(items.map((w) => w.id)).toEqual(row.workspaces);
		for (const item of items) {
			const answer = ctx.sandbox.state.workspaceJson(
				ctx.sandbox.state.getWorkspace(String(item.id))!,
			) as IDataObject;
			expect(item).not.toHaveProperty('secrets_omitted');
			if (item.id === SEED.protectedWorkspace.id) {
				// The credential's own keys stay hidden: the credential holds them.
				expect(item).toMatchObject({
					api_key: '[live API key redacted]',
					test_api_key: '[test API key redacted]',
				});
			} else {
				expect(item).toEqual({ ...answer, key_mode: 'live' });
			}
		}
		expect(items.find((w) => w.id === SALES.id)).toMatchObject({
			api_key: SALES.liveKey,
			test_api_key: SALES.testKey,
			webhook_secret: WEBHOOK_SECRETS.workspaces[SALES.id],
		});
	});

	it('reads the option as it resolves: true from an expression includes, "yes" is refused before sending', async () => {
		const included = await run(
			ctx,
			'workspace',
			row.operation,
			{ ...row.params, includeSecrets: '={{ $json.withKeys }}' },
			{ input: [{ json: { withKeys: true } }, { json: { withKeys: false } }] },
		);
		expect(included.error).toBeUndefined();
		const byItem = (n: number) =>
			jsonOf(included.output.map((items) => items.filter((i) => pairedTo(i) === n)));
		expect(byItem(0).find((w) => w.id === SALES.id)).toMatchObject({ api_key: SALES.liveKey });
		expect(byItem(1).find((w) => w.id === SALES.id)).not.toHaveProperty('api_key');

		const refused = await run(
			ctx,
			'workspace',
			row.operation,
			{ ...row.params, includeSecrets: '={{ $json.withKeys }}' },
			{ input: [{ json: { withKeys: 'yes' } }] },
		);
		expect(refused.error?.message).toBe(
			'"Include API Keys and Secret" must be true or false, not "yes"',
		);
		expect(sent(ctx).filter((r) => r.method === row.method)).toHaveLength(2);
	});
}

function pairedTo(item: INodeExecutionData): number | undefined {
	const paired = item.pairedItem;
	return paired && typeof paired === 'object' && !Array.isArray(paired) ? paired.item : undefined;
}
