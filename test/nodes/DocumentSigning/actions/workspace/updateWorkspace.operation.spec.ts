import { SEED, byId, jsonOf, run, sent, useSandbox } from '../company/fixtures';
import { WORKSPACE_ANSWERS, itLeavesTheSecretsOut } from './secrets.twins';

const ctx = useSandbox();
const LEGAL = SEED.workspaces[1];

describe('Workspace → Update (PUT /workspaces/{id})', () => {
	it('replaces the name and emits workspace.updated', async () => {
		const emitted = ctx.sandbox.state.events.emitted.length;
		const { output, error } = await run(ctx, 'workspace', 'updateWorkspace', {
			workspaceId: byId(LEGAL.id),
			name: 'Legal & Compliance',
		});
		expect(error).toBeUndefined();
		expect(sent(ctx)).toHaveLength(1);
		expect(sent(ctx)[0]).toMatchObject({
			method: 'PUT',
			path: `/workspaces/${LEGAL.id}`,
			query: {},
			status: 200,
		});
		expect(sent(ctx)[0].body).toEqual({ name: 'Legal & Compliance' });
		expect(jsonOf(output)[0]).toMatchObject({
			id: LEGAL.id,
			name: 'Legal & Compliance',
			key_mode: 'live',
		});
		expect(ctx.sandbox.state.events.emitted.slice(emitted).map((e) => e.type)).toEqual([
			'workspace.updated',
		]);
	});

	itLeavesTheSecretsOut(ctx, WORKSPACE_ANSWERS.updateWorkspace);

	it('refuses an empty name before sending', async () => {
		const { error } = await run(ctx, 'workspace', 'updateWorkspace', {
			workspaceId: byId(LEGAL.id),
			name: '   ',
		});
		expect(error?.message).toBe('"Name" is empty');
		expect(sent(ctx)).toHaveLength(0);
	});
});
