import { describeList } from './owners.twins';
import { exec, jsonOf, seedField, sent, useWorkspace } from './fixtures';

describeList('Workspace');

describe('Custom Field → Get Many (Workspace): preset values', () => {
	// The workspace-only keys, on a fresh workspace per test.
	const { ctx, state } = useWorkspace();

	it('outputs one item per definition, with the preset keys', async () => {
		await seedField(ctx, state.workspaceId, {
			field_label: 'Cost Center',
			is_preset: true,
			preset_value: 'CC-1',
		});
		await seedField(ctx, state.workspaceId, { field_label: 'Region' });
		const { output, error } = await exec(ctx, 'listWorkspaceCustomFields', state.workspaceId, {});
		expect(error).toBeUndefined();
		expect(sent(ctx)).toHaveLength(1);
		expect(sent(ctx)[0]).toMatchObject({
			method: 'GET',
			path: `/workspace/${state.workspaceId}/custom-fields`,
			query: {},
		});
		expect(
			jsonOf(output).map((f) => [
				f.field_label,
				f.field_name,
				f.is_preset,
				f.preset_value,
				f.key_mode,
			]),
		).toEqual([
			['Cost Center', 'cost_center', true, 'CC-1', 'live'],
			['Region', 'region', false, null, 'live'],
		]);
	});
});
