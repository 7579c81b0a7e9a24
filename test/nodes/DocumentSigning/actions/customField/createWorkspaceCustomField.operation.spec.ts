import { describeCreate } from './owners.twins';
import { exec, jsonOf, sent, useWorkspace } from './fixtures';

describeCreate('Workspace');

describe('Custom Field → Create (Workspace): preset values', () => {
	// The workspace-only keys, on a fresh workspace per test.
	const { ctx, state } = useWorkspace();
	const create = (parameters: Record<string, unknown>) =>
		exec(ctx, 'createWorkspaceCustomField', state.workspaceId, parameters);

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

	describe('refuses bad input before sending', () => {
		const cases: Array<[string, Record<string, unknown>, string]> = [
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
