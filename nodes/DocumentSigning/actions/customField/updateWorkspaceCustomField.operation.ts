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
import { MAX_LABEL_LENGTH, WORKSPACE_OWNER, customFieldId } from './customField.inputs';
import {
	checkPresetFields,
	isPresetOption,
	presetValueOption,
	workspaceCustomFieldIdInput,
} from './workspaceCustomField.inputs';
import { fail } from '../../helpers/errors';

export const meta: OperationMeta = {
	value: 'updateWorkspaceCustomField',
	name: 'Update (Workspace)',
	action: 'Update a custom field of a workspace',
	subtitle: 'Update a custom field',
	description: "Change a workspace custom field's label or preset (its name cannot change)",
	method: 'PUT',
	path: '/workspace/{workspace_id}/custom-fields/{field_id}',
};

export const description: INodeProperties[] = [
	WORKSPACE_OWNER.locator,
	workspaceCustomFieldIdInput('update'),
	{
		displayName: 'Update Fields',
		name: 'updateFields',
		type: 'collection',
		placeholder: 'Add Field',
		default: {},
		options: [
			isPresetOption,
			{
				displayName: 'Label',
				name: 'field_label',
				type: 'string',
				default: '',
				description: `What the field is called (at most ${MAX_LABEL_LENGTH} characters)`,
			},
			presetValueOption,
		],
	},
];

export async function execute(this: IExecuteFunctions, i: number): Promise<INodeExecutionData[]> {
	const id = getIdParameter(this, 'workspaceId', i, 'Workspace');
	const fieldId = customFieldId(this, i);
	const fields = this.getNodeParameter('updateFields', i, {}) as IDataObject;
	const body = checkPresetFields(this, fields);
	if (Object.keys(body).length === 0) {
		fail(this, 'Add at least one field to update in "Update Fields"');
	}
	const response = await callApi(this, meta, {
		params: { workspace_id: id, field_id: fieldId },
		body,
	});
	return toItems(response.body as IDataObject, response.keyMode);
}
