import { SALES, byId, jsonOf, run, sent, useSandbox } from '../company/companyKit';

const ctx = useSandbox();

describe('Workspace → Delete Logo (DELETE /workspaces/{id}/logo)', () => {
	it('removes the logo and says which workspace', async () => {
		const ws = ctx.sandbox.state.getWorkspace(SALES.id);
		if (ws) ws.icon_url = 'https://cdn.sandbox.example/logos/x.png';
		const { output, error } = await run(ctx, 'workspace', 'deleteWorkspaceLogo', {
			workspaceId: byId(SALES.id),
		});
		expect(error).toBeUndefined();
		expect(sent(ctx)).toHaveLength(1);
		expect(sent(ctx)[0]).toMatchObject({
			method: 'DELETE',
			path: `/workspaces/${SALES.id}/logo`,
			query: {},
			status: 200,
		});
		expect(jsonOf(output)).toEqual([
			{ deleted: true, id: SALES.id, success: true, key_mode: 'live' },
		]);
		expect(ctx.sandbox.state.getWorkspace(SALES.id)?.icon_url).toBeNull();
	});
});
