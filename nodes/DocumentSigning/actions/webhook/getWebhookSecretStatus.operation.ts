import type {
	IDataObject,
	IExecuteFunctions,
	INodeExecutionData,
	INodeProperties,
} from 'n8n-workflow';

import { toItems } from '../../helpers/output';
import { apiRequest, getKeyMode } from '../../transport';
import type { OperationMeta } from '../types';

export const meta: OperationMeta = {
	value: 'getWebhookSecretStatus',
	name: 'Get Company Secret Status',
	action: 'Get the company webhook secret status',
	description:
		'When the company webhook secret was created and rotated, and whether the old one is still accepted',
	method: 'GET',
	path: '/webhooks/secret-status',
};

export const description: INodeProperties[] = [];

export async function execute(this: IExecuteFunctions, i: number): Promise<INodeExecutionData[]> {
	const status = (await apiRequest.call(this, 'GET', meta.path, { itemIndex: i })) as IDataObject;
	return toItems({ scope: 'company', ...status }, await getKeyMode.call(this, i));
}
