import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';

import { toItems } from '../../helpers/output';
import { callApi } from '../../../shared/transport';
import type { OperationMeta } from '../types';

export const meta: OperationMeta = {
	value: 'getWebhookSecretStatus',
	name: 'Get Signing Secret Status (Company)',
	action: 'Get the signing secret status of company webhooks',
	subtitle: 'Get company secret status',
	description:
		'When the company webhook secret was created and rotated, and whether the old one is still accepted',
	method: 'GET',
	path: '/webhooks/secret-status',
	output: { fields: { scope: { type: 'string', enum: ['company'] } } },
};

export const description: INodeProperties[] = [];

export async function execute(this: IExecuteFunctions): Promise<INodeExecutionData[]> {
	const response = await callApi(this, meta);
	return toItems({ scope: 'company', ...response.body }, response.keyMode);
}
