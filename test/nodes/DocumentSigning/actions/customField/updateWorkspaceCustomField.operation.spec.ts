import { MISSING_UUID, exec, jsonOf, seedField, sent, useWorkspace } from './fixtures';

const { ctx, state } = useWorkspace();
const update = (parameters: Record<string, unknown>) =>
	exec(ctx, 'updateWorkspaceCustomField', state.workspaceId, parameters);

describe('Custom Field → Update (Workspace) (PUT /workspace/{workspace_id}/custom-fields/{field_id})', () => {
	it('sends only the chosen changes and outputs the definition', async () => {
		const field = await seedField(ctx, state.workspaceId, { field_label: 'Region' });
		const { output, error } = await update({
			customFieldId: field.id,
			updateFields: { field_label: 'Sales Region', is_preset: true, preset_value: 'EMEA' },
		});
		expect(error).toBeUndefined();
		expect(sent(ctx)).toHaveLength(1);
		expect(sent(ctx)[0]).toMatchObject({
			method: 'PUT',
			path: `/workspace/${state.workspaceId}/custom-fields/${field.id}`,
			query: {},
			status: 200,
		});
		expect(sent(ctx)[0].body).toEqual({
			field_label: 'Sales Region',
			is_preset: true,
			preset_value: 'EMEA',
		});
		expect(jsonOf(output)[0]).toMatchObject({
			id: field.id,
			field_name: 'region',
			field_label: 'Sales Region',
			is_preset: true,
			preset_value: 'EMEA',
			key_mode: 'live',
		});
	});

	it('turning the preset off clears the value (service)', async () => {
		const field = await seedField(ctx, state.workspaceId, {
			field_label: 'Region',
			is_preset: true,
			preset_value: 'EMEA',
		});
		const { output, error } = await update({
			customFieldId: field.id,
			updateFields: { is_preset: false },
		});
		expect(error).toBeUndefined();
		expect(sent(ctx)[0].body).toEqual({ is_preset: false });
		expect(jsonOf(output)[0]).toMatchObject({ is_preset: false, preset_value: null });
	});

	it('an unknown field gives the mapped 404', async () => {
		const { error } = await update({
			customFieldId: MISSING_UUID,
			updateFields: { field_label: 'X' },
		});
		expect(sent(ctx)).toHaveLength(1);
		expect(error?.message).toMatch(/^Not found/);
	});

	it('refuses an empty update, a bad field ID or a too long label before sending', async () => {
		const field = await seedField(ctx, state.workspaceId, { field_label: 'Region' });
		expect((await update({ customFieldId: field.id, updateFields: {} })).error?.message).toBe(
			'Add at least one field to update in "Update Fields"',
		);
		expect(
			(await update({ customFieldId: 'region', updateFields: { field_label: 'X' } })).error
				?.message,
		).toBe('"Custom Field" is not a valid ID: "region"');
		expect(
			(await update({ customFieldId: field.id, updateFields: { field_label: 'L'.repeat(101) } }))
				.error?.message,
		).toBe('"Label" is 101 characters long; the service accepts at most 100');
		expect(sent(ctx)).toHaveLength(0);
	});
});
