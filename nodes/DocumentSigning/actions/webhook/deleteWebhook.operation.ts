import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';

import { ENDPOINTS } from '../../../shared/endpoints';
import { getIdParameter } from '../../domain/ids';
import { deletedItems, deletedOutput, ID_OUTPUT } from '../../helpers/output';
import { callApi } from '../../../shared/transport';
import { webhookLocator } from '../common.descriptions';
import type { OperationMeta } from '../types';

export const meta: OperationMeta = {
	value: 'deleteWebhook',
	name: 'Delete',
	action: 'Delete a webhook',
	description: 'Delete a webhook: no more deliveries (the service keeps its data)',
	...ENDPOINTS.deleteWebhook,
	output: deletedOutput(ID_OUTPUT),
};

export const description: INodeProperties[] = [webhookLocator];

export async function execute(this: IExecuteFunctions, i: number): Promise<INodeExecutionData[]> {
	const id = getIdParameter(this, 'webhookId', i, 'Webhook');
	const response = await callApi(this, meta, { params: { id } });
	return deletedItems(id, response.body, response.keyMode);
}
