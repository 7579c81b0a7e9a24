import {
	MISSING_UUID,
	exec,
	jsonOf,
	seedField,
	sent,
	storedFields,
	useWorkspace,
} from './workspaceKit';

const { ctx, state } = useWorkspace();

describe('Custom Field → Delete From Workspace (DELETE /workspace/{workspace_id}/custom-fields/{field_id})', () => {
	it('deletes the definition (soft delete: the name can be used again) and says which one went', async () => {
		const field = await seedField(ctx, state.workspaceId, { field_label: 'Region' });
		const { output, error } = await exec(ctx, 'deleteWorkspaceCustomField', state.workspaceId, {
			customFieldId: field.id,
		});
		expect(error).toBeUndefined();
		expect(sent(ctx)).toHaveLength(1);
		expect(sent(ctx)[0]).toMatchObject({
			method: 'DELETE',
			path: `/workspace/${state.workspaceId}/custom-fields/${field.id}`,
			query: {},
			status: 200,
		});
		expect(sent(ctx)[0].body).toBeUndefined();
		expect(jsonOf(output)[0]).toMatchObject({
			deleted: true,
			id: field.id,
			message: expect.any(String),
			workspace_id: state.workspaceId,
			key_mode: 'live',
		});
		expect(await storedFields(ctx, state.workspaceId)).toEqual([]);
		await seedField(ctx, state.workspaceId, { field_label: 'Region' });
		const again = await exec(ctx, 'deleteWorkspaceCustomField', state.workspaceId, {
			customFieldId: field.id,
		});
		expect(again.error?.message).toMatch(/^Not found/);
	});

	it('refuses a malformed field ID before sending; an unknown one gives the mapped 404', async () => {
		const bad = await exec(ctx, 'deleteWorkspaceCustomField', state.workspaceId, {
			customFieldId: 'region',
		});
		expect(bad.error?.message).toBe('"Custom Field" is not a valid ID: "region"');
		expect(sent(ctx)).toHaveLength(0);
		const unknown = await exec(ctx, 'deleteWorkspaceCustomField', state.workspaceId, {
			customFieldId: MISSING_UUID,
		});
		expect(unknown.error?.message).toMatch(/^Not found/);
	});
});
