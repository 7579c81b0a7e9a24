import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';

import { ENDPOINTS } from '../../../shared/endpoints';
import { getIdParameter } from '../../domain/ids';
import { toItems } from '../../helpers/output';
import { callApi } from '../../../shared/transport';
import { webhookLocator } from '../common.descriptions';
import type { OperationMeta } from '../types';

export const meta: OperationMeta = {
	value: 'getWebhook',
	name: 'Get',
	action: 'Get a webhook',
	description: 'Get a webhook with its events, state and delivery failure count',
	...ENDPOINTS.getWebhook,
};

export const description: INodeProperties[] = [webhookLocator];

export async function execute(this: IExecuteFunctions, i: number): Promise<INodeExecutionData[]> {
	const id = getIdParameter(this, 'webhookId', i, 'Webhook');
	const response = await callApi(this, meta, { params: { id } });
	return toItems(response.body, response.keyMode);
}
