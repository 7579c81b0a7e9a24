import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';

import { getIdParameter } from '../../domain/ids';
import { deletedItems, deletedOutput, ID_OUTPUT } from '../../helpers/output';
import { callApi } from '../../../shared/transport';
import type { OperationMeta } from '../types';
import { TEMPLATE_OWNER, customFieldId, customFieldIdInput } from './customField.inputs';

export const meta: OperationMeta = {
	value: 'deleteTemplateCustomField',
	name: 'Delete (Template)',
	action: 'Delete a custom field from a template',
	subtitle: 'Delete template custom field',
	description: 'Remove a custom field definition from a template',
	method: 'DELETE',
	path: '/templates/{template_id}/custom-fields/{field_id}',
	output: deletedOutput(ID_OUTPUT, { template_id: ID_OUTPUT }),
};

export const description: INodeProperties[] = [
	TEMPLATE_OWNER.locator,
	customFieldIdInput(TEMPLATE_OWNER),
];

export async function execute(this: IExecuteFunctions, i: number): Promise<INodeExecutionData[]> {
	const id = getIdParameter(this, 'templateId', i, 'Template');
	const fieldId = customFieldId(this, i);
	const response = await callApi(this, meta, { params: { template_id: id, field_id: fieldId } });
	// The answer is only {message}; the ids tell the next node which field went.
	return deletedItems(fieldId, response.body, response.keyMode, { template_id: id });
}
