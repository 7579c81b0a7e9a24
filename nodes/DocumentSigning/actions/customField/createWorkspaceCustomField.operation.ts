import type {
	IDataObject,
	IExecuteFunctions,
	INodeExecutionData,
	INodeProperties,
} from 'n8n-workflow';

import { getIdParameter } from '../../domain/ids';
import { toItems } from '../../helpers/output';
import { callApi } from '../../../shared/transport';
import type { OperationMeta } from '../types';
import { WORKSPACE_OWNER, customFieldBody, customFieldInputs } from './customField.inputs';
import {
	checkPresetFields,
	isPresetOption,
	presetValueOption,
} from './workspaceCustomField.inputs';

export const meta: OperationMeta = {
	value: 'createWorkspaceCustomField',
	name: 'Create (Workspace)',
	action: 'Create a custom field on a workspace',
	subtitle: 'Create a custom field',
	description: 'Add a custom field definition to a workspace, optionally with a preset value',
	method: 'POST',
	path: '/workspace/{workspace_id}/custom-fields',
};

/** Label + Additional Fields (Field Name, plus the preset options), sorted by display name. */
const [labelInput, additionalFields] = customFieldInputs();

export const description: INodeProperties[] = [
	WORKSPACE_OWNER.locator,
	labelInput,
	{
		...additionalFields,
		options: [
			...(additionalFields.options as INodeProperties[]),
			isPresetOption,
			presetValueOption,
		].sort((a, b) => a.displayName.localeCompare(b.displayName)),
	},
];

export async function execute(this: IExecuteFunctions, i: number): Promise<INodeExecutionData[]> {
	const id = getIdParameter(this, 'workspaceId', i, 'Workspace');
	const body = customFieldBody(this, i);
	const additional = this.getNodeParameter('additionalFields', i, {}) as IDataObject;
	Object.assign(
		body,
		checkPresetFields(
			this,
			{ is_preset: additional.is_preset, preset_value: additional.preset_value },
			{
				presetOn: false,
			},
		),
	);
	const response = await callApi(this, meta, { params: { workspace_id: id }, body });
	return toItems(response.body as IDataObject, response.keyMode);
}
