import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';

import { listEntries, toItems } from '../../helpers/output';
import { callApi } from '../../../shared/transport';
import type { OperationMeta } from '../types';

export const meta: OperationMeta = {
	value: 'listCompanyEmailTemplates',
	name: 'Get Many (Company)',
	action: 'Get many company email templates',
	subtitle: 'Get company email templates',
	description: 'List the company email templates: the defaults of every workspace without its own',
	method: 'GET',
	path: '/company/email-templates',
	output: { entries: 'results' },
};

export const description: INodeProperties[] = [];

export async function execute(this: IExecuteFunctions): Promise<INodeExecutionData[]> {
	const response = await callApi(this, meta);
	return toItems(listEntries(this, response.body), response.keyMode);
}
