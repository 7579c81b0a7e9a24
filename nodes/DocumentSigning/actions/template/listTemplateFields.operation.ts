import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';

import { getIdParameter } from '../../domain/ids';
import { limitEntries, listEntries, toItems } from '../../helpers/output';
import { callApi } from '../../../shared/transport';
import { paginationFields, templateLocator } from '../common.descriptions';
import type { OperationMeta } from '../types';

export const meta: OperationMeta = {
	value: 'listTemplateFields',
	name: 'Get Fields',
	action: 'Get the fields of a template',
	description: 'List the fields placed on the document of a template, one item each',
	method: 'GET',
	path: '/templates/{id}/fields',
	output: { entries: 'results' },
};

export const description: INodeProperties[] = [templateLocator, ...paginationFields()];

export async function execute(this: IExecuteFunctions, i: number): Promise<INodeExecutionData[]> {
	const id = getIdParameter(this, 'templateId', i, 'Template');
	const response = await callApi(this, meta, { params: { id } });
	return toItems(limitEntries(this, i, listEntries(this, response.body)), response.keyMode);
}
