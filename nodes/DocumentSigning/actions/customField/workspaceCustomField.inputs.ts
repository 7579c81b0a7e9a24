import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { MAX_LABEL_LENGTH, WORKSPACE_OWNER } from './customField.inputs';
import { fail } from '../../helpers/errors';

/** Preset options of workspace custom fields (create and update) and their checks. */

export const MAX_PRESET_LENGTH = 500;

export const isPresetOption: INodeProperties = {
	displayName: 'Is Preset',
	name: 'is_preset',
	type: 'boolean',
	default: false,
	description: 'Whether the field is filled in advance with "Preset Value"',
};

export const presetValueOption: INodeProperties = {
	displayName: 'Preset Value',
	name: 'preset_value',
	type: 'string',
	default: '',
	description: `The value filled in advance (at most ${MAX_PRESET_LENGTH} characters). Used only when "Is Preset" is on.`,
};

/** The workspace custom field to update or delete, picked from the workspace's fields. */
export function workspaceCustomFieldIdInput(action: string): INodeProperties {
	return {
		displayName: 'Custom Field Name or ID',
		name: 'customFieldId',
		type: 'options',
		typeOptions: {
			loadOptionsMethod: WORKSPACE_OWNER.loadOptionsMethod,
			loadOptionsDependsOn: [`${WORKSPACE_OWNER.parameter}.value`],
		},
		default: '',
		required: true,
		description: `The custom field to ${action}. Choose from the list, or specify an ID using an <a href="https://docs.n8n.io/code/expressions/">expression</a>.`,
	};
}

/** Checks is_preset / preset_value / field_label present in `values` and returns them API-shaped. */
export function checkPresetFields(
	context: IExecuteFunctions,
	values: IDataObject,
	opts: { presetOn?: boolean } = {},
): IDataObject {
	const body: IDataObject = {};
	if (values.field_label !== undefined) {
		const label = String(values.field_label ?? '').trim();
		if (label === '') fail(context, '"Label" is empty');
		if (label.length > MAX_LABEL_LENGTH) {
			fail(
				context,
				`"Label" is ${label.length} characters long; the service accepts at most ${MAX_LABEL_LENGTH}`,
			);
		}
		body.field_label = label;
	}
	if (values.is_preset !== undefined) body.is_preset = values.is_preset === true;
	if (values.preset_value !== undefined && values.preset_value !== '') {
		const preset = String(values.preset_value);
		if (preset.length > MAX_PRESET_LENGTH) {
			fail(
				context,
				`"Preset Value" is ${preset.length} characters long; the service accepts at most ${MAX_PRESET_LENGTH}`,
			);
		}
		const presetOn = body.is_preset ?? opts.presetOn;
		if (presetOn === false) {
			fail(
				context,
				'"Preset Value" is set but "Is Preset" is off: the service ignores the value. Turn "Is Preset" on, or remove the value.',
			);
		}
		body.preset_value = preset;
	}
	return body;
}
