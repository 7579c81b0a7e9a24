import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';

import { getIdParameter } from '../../helpers/ids';
import { limitEntries, toItems } from '../../helpers/output';
import { paginationFields } from '../common.descriptions';
import type { OperationMeta } from '../types';
import { TEMPLATE_OWNER, listCustomFields } from './customField.inputs';

export const meta: OperationMeta = {
	value: 'listTemplateCustomFields',
	name: 'Get Many for Template',
	action: 'Get many custom fields of a template',
	description: 'List the custom field definitions of a template, one item each',
	method: 'GET',
	path: '/templates/{template_id}/custom-fields',
};

export const description: INodeProperties[] = [TEMPLATE_OWNER.locator, ...paginationFields()];

export async function execute(this: IExecuteFunctions, i: number): Promise<INodeExecutionData[]> {
	const id = getIdParameter(this, 'templateId', i, 'Template');
	const { fields, response } = await listCustomFields(this, i, id, TEMPLATE_OWNER);
	return toItems(limitEntries(this, i, fields), response.keyMode);
}
