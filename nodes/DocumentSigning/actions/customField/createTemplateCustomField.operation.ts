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
import { TEMPLATE_OWNER, customFieldBody, customFieldInputs } from './customField.inputs';

export const meta: OperationMeta = {
	value: 'createTemplateCustomField',
	name: 'Create (Template)',
	action: 'Create a custom field on a template',
	subtitle: 'Create template custom field',
	description: 'Add a custom field definition to a template',
	method: 'POST',
	path: '/templates/{template_id}/custom-fields',
};

export const description: INodeProperties[] = [TEMPLATE_OWNER.locator, ...customFieldInputs()];

export async function execute(this: IExecuteFunctions, i: number): Promise<INodeExecutionData[]> {
	const id = getIdParameter(this, 'templateId', i, 'Template');
	const body = customFieldBody(this, i);
	const response = await callApi(this, meta, { params: { template_id: id }, body });
	return toItems(response.body as IDataObject, response.keyMode);
}
