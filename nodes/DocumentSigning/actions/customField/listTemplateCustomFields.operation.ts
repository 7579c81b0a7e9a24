import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';

import { getIdParameter } from '../../domain/ids';
import { limitEntries, listEntries, toItems } from '../../helpers/output';
import { callApi } from '../../../shared/transport';
import { TEMPLATE_OWNER } from './customField.inputs';
import { paginationFields } from '../common.descriptions';
import type { OperationMeta } from '../types';

export const meta: OperationMeta = {
	value: 'listTemplateCustomFields',
	name: 'Get Many (Template)',
	action: 'Get many custom fields of a template',
	subtitle: 'Get template custom fields',
	description: 'List the custom field definitions of a template, one item each',
	method: 'GET',
	path: '/templates/{template_id}/custom-fields',
	output: { entries: 'custom_fields' },
};

export const description: INodeProperties[] = [TEMPLATE_OWNER.locator, ...paginationFields()];

export async function execute(this: IExecuteFunctions, i: number): Promise<INodeExecutionData[]> {
	const id = getIdParameter(this, 'templateId', i, 'Template');
	const response = await callApi<unknown>(this, meta, { params: { template_id: id } });
	const fields = listEntries(this, response.body, 'custom_fields');
	return toItems(limitEntries(this, i, fields), response.keyMode);
}
