/** Set-up of the workspace custom-field tests: a fresh workspace per test, and direct API helpers. */
import type { IDataObject } from 'n8n-workflow';

import { api, byId, run, useSandbox } from '../company/companyKit';
import type { TestContext } from '../company/companyKit';

export * from '../company/companyKit';

export function useWorkspace(): { ctx: TestContext; state: { workspaceId: string } } {
	const ctx = useSandbox();
	const state = { workspaceId: '' };
	beforeEach(async () => {
		const created = await api(ctx.sandbox, 'POST', '/workspaces', { name: `CF ${Date.now()}` });
		if (created.status !== 201) throw new Error(`fixture: create workspace ${created.status}`);
		state.workspaceId = String(created.body.id);
		ctx.sandbox.clearRequests();
	});
	return { ctx, state };
}

export async function seedField(
	ctx: TestContext,
	workspaceId: string,
	body: IDataObject,
): Promise<IDataObject> {
	const created = await api(ctx.sandbox, 'POST', `/workspace/${workspaceId}/custom-fields`, body);
	if (created.status !== 201)
		throw new Error(`fixture: create field ${created.status} ${JSON.stringify(created.body)}`);
	ctx.sandbox.clearRequests();
	return created.body;
}

export async function storedFields(ctx: TestContext, workspaceId: string): Promise<IDataObject[]> {
	return (
		await api<{ custom_fields: IDataObject[] }>(
			ctx.sandbox,
			'GET',
			`/workspace/${workspaceId}/custom-fields`,
		)
	).body.custom_fields;
}

export const exec = (
	ctx: TestContext,
	operation: string,
	workspaceId: string,
	parameters: Record<string, unknown>,
) => run(ctx, 'customField', operation, { workspaceId: byId(workspaceId), ...parameters });
