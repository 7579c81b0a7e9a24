import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';

import { listEntries, toItems } from '../../helpers/output';
import { callApi } from '../../../shared/transport';
import type { OperationMeta } from '../types';

export const meta: OperationMeta = {
	value: 'listEmailTemplatePlaceholders',
	name: 'Get Placeholders',
	action: 'Get the placeholders of email templates',
	subtitle: 'Get email placeholders',
	description: 'List the placeholders (such as {{signing_link}}) email templates may use',
	method: 'GET',
	path: '/email-templates/placeholders',
	output: { entries: 'placeholders' },
};

export const description: INodeProperties[] = [];

export async function execute(this: IExecuteFunctions): Promise<INodeExecutionData[]> {
	const response = await callApi(this, meta);
	return toItems(listEntries(this, response.body, 'placeholders'), response.keyMode);
}
