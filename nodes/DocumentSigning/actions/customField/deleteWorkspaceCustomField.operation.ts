import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';

import { getIdParameter } from '../../domain/ids';
import { deletedItems, deletedOutput, ID_OUTPUT } from '../../helpers/output';
import { callApi } from '../../../shared/transport';
import type { OperationMeta } from '../types';
import { WORKSPACE_OWNER, customFieldId } from './customField.inputs';
import { workspaceCustomFieldIdInput } from './workspaceCustomField.inputs';

export const meta: OperationMeta = {
	value: 'deleteWorkspaceCustomField',
	name: 'Delete (Workspace)',
	action: 'Delete a custom field from a workspace',
	subtitle: 'Delete a custom field',
	description: 'Remove a custom field definition from a workspace',
	method: 'DELETE',
	path: '/workspace/{workspace_id}/custom-fields/{field_id}',
	output: deletedOutput(ID_OUTPUT, { workspace_id: ID_OUTPUT }),
};

export const description: INodeProperties[] = [
	WORKSPACE_OWNER.locator,
	workspaceCustomFieldIdInput('delete'),
];

export async function execute(this: IExecuteFunctions, i: number): Promise<INodeExecutionData[]> {
	const id = getIdParameter(this, 'workspaceId', i, 'Workspace');
	const fieldId = customFieldId(this, i);
	const response = await callApi(this, meta, { params: { workspace_id: id, field_id: fieldId } });
	// The answer is only {message}; the ids tell the next node which field went.
	return deletedItems(fieldId, response.body, response.keyMode, { workspace_id: id });
}
