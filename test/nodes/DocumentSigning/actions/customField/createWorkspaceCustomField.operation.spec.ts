import { exec, jsonOf, sent, storedFields, useWorkspace } from './workspaceKit';

const { ctx, state } = useWorkspace();
const create = (parameters: Record<string, unknown>) =>
	exec(ctx, 'createWorkspaceCustomField', state.workspaceId, parameters);

describe('Custom Field → Create for Workspace (POST /workspace/{workspace_id}/custom-fields)', () => {
	it('sends label, name and preset, and outputs the definition', async () => {
		const { output, error } = await create({
			fieldLabel: ' Cost Center ',
			additionalFields: { field_name: 'cost_centre', is_preset: true, preset_value: 'CC-100' },
		});
		expect(error).toBeUndefined();
		expect(sent(ctx)).toHaveLength(1);
		expect(sent(ctx)[0]).toMatchObject({
			method: 'POST',
			path: `/workspace/${state.workspaceId}/custom-fields`,
			query: {},
			status: 201,
		});
		expect(sent(ctx)[0].body).toEqual({
			field_label: 'Cost Center',
			field_name: 'cost_centre',
			is_preset: true,
			preset_value: 'CC-100',
		});
		expect(jsonOf(output)[0]).toMatchObject({
			id: expect.any(String),
			field_label: 'Cost Center',
			field_name: 'cost_centre',
			is_preset: true,
			preset_value: 'CC-100',
			key_mode: 'live',
		});
	});

	it('with only a label, sends only the label (the service makes the name, no preset)', async () => {
		const { output, error } = await create({ fieldLabel: 'Region' });
		expect(error).toBeUndefined();
		expect(sent(ctx)[0].body).toEqual({ field_label: 'Region' });
		expect(jsonOf(output)[0]).toMatchObject({ field_name: 'region', is_preset: false });
	});

	it('a duplicate name is refused by the service (409), mapped', async () => {
		await create({ fieldLabel: 'Region' });
		const { error } = await create({
			fieldLabel: 'Region 2',
			additionalFields: { field_name: 'region' },
		});
		expect(sent(ctx)).toHaveLength(2);
		expect(error?.message).toMatch(/^Not possible in the current state.*\[CUSTOM_FIELD_EXISTS\]$/);
		expect((await storedFields(ctx, state.workspaceId)).map((f) => f.field_label)).toEqual([
			'Region',
		]);
	});

	describe('refuses bad input before sending', () => {
		const cases: Array<[string, Record<string, unknown>, string]> = [
			['a blank label', { fieldLabel: '  ' }, '"Label" is empty'],
			[
				'a label over 100 characters',
				{ fieldLabel: 'L'.repeat(101) },
				'"Label" is 101 characters long; the service accepts at most 100',
			],
			[
				'a name over 50 characters',
				{ fieldLabel: 'X', additionalFields: { field_name: 'n'.repeat(51) } },
				'"Field Name" is 51 characters long; the service accepts at most 50',
			],
			[
				'a preset value over 500 characters',
				{ fieldLabel: 'X', additionalFields: { is_preset: true, preset_value: 'v'.repeat(501) } },
				'"Preset Value" is 501 characters long; the service accepts at most 500',
			],
			[
				'a preset value without Is Preset',
				{ fieldLabel: 'X', additionalFields: { preset_value: 'v' } },
				'"Preset Value" is set but "Is Preset" is off: the service ignores the value. Turn "Is Preset" on, or remove the value.',
			],
		];
		it.each(cases)('%s', async (_name, parameters, message) => {
			const { error } = await create(parameters);
			expect(error?.message).toBe(message);
			expect(sent(ctx)).toHaveLength(0);
		});
	});
});
