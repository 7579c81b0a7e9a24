import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';

import { getIdParameter } from '../../domain/ids';
import { limitEntries, listEntries, toItems } from '../../helpers/output';
import { callApi } from '../../../shared/transport';
import { paginationFields, templateLocator } from '../common.descriptions';
import type { OperationMeta } from '../types';

export const meta: OperationMeta = {
	value: 'listTemplateReminders',
	name: 'Get Reminders',
	action: 'Get the reminders of a template',
	subtitle: "Get a template's reminders",
	description: 'List the reminder emails of a template, one item each',
	method: 'GET',
	path: '/templates/{id}/reminders',
	output: { entries: '[]' },
};

export const description: INodeProperties[] = [templateLocator, ...paginationFields()];

export async function execute(this: IExecuteFunctions, i: number): Promise<INodeExecutionData[]> {
	const id = getIdParameter(this, 'templateId', i, 'Template');
	// The service answers with a bare array here (unlike most lists, which use {results}).
	const response = await callApi(this, meta, { params: { id } });
	return toItems(limitEntries(this, i, listEntries(this, response.body)), response.keyMode);
}
