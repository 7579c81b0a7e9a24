import { DocumentSigning } from '../../../../../nodes/DocumentSigning/DocumentSigning.node';
import * as loadOptions from '../../../../../nodes/DocumentSigning/methods/loadOptions';
import { createLoadOptionsContext } from '../../../../helpers/n8n';
import {
	MISSING_UUID,
	byId,
	byList,
	credentials,
	exec,
	jsonOf,
	seedField,
	sent,
	useWorkspace,
} from './workspaceKit';

const { ctx, state } = useWorkspace();

describe('Custom Field → Get Many for Workspace (GET /workspace/{workspace_id}/custom-fields)', () => {
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

	it('no definitions: no items; a malformed ID is refused before sending; an unknown one gives 404', async () => {
		expect((await exec(ctx, 'listWorkspaceCustomFields', state.workspaceId, {})).output[0]).toEqual(
			[],
		);
		const bad = await exec(ctx, 'listWorkspaceCustomFields', state.workspaceId, {
			workspaceId: byList('ws'),
		});
		expect(bad.error?.message).toBe('"Workspace" is not a valid ID: "ws"');
		const unknown = await exec(ctx, 'listWorkspaceCustomFields', MISSING_UUID, {});
		expect(unknown.error?.message).toMatch(/^Not found/);
		expect(sent(ctx)).toHaveLength(2);
	});

	it("the field picker lists the workspace's definitions by label and name", async () => {
		const field = await seedField(ctx, state.workspaceId, { field_label: 'Region' });
		const context = createLoadOptionsContext({
			nodeType: new DocumentSigning(),
			credentials: credentials(ctx.sandbox),
			parameters: {
				resource: 'customField',
				operation: 'deleteWorkspaceCustomField',
				workspaceId: byId(state.workspaceId),
			} as never,
			path: 'parameters.customFieldId',
		});
		expect(await loadOptions.getWorkspaceCustomFields.call(context)).toEqual([
			{ name: 'Region (region)', value: field.id },
		]);
		expect(sent(ctx)).toHaveLength(1);
	});
});
