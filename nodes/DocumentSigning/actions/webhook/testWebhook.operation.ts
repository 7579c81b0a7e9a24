import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';

import { getIdParameter } from '../../domain/ids';
import { toItems, ID_OUTPUT } from '../../helpers/output';
import { callApi } from '../../../shared/transport';
import { webhookLocator } from '../common.descriptions';
import type { OperationMeta } from '../types';

export const meta: OperationMeta = {
	value: 'testWebhook',
	name: 'Send Test',
	action: 'Send a test event to a webhook',
	subtitle: 'Send a test event',
	description:
		'Deliver a webhook.test event to the webhook now, even when the master switch is off (at most 10 per minute)',
	method: 'POST',
	path: '/webhooks/{id}/test',
	output: { fields: { webhook_id: ID_OUTPUT } },
};

export const description: INodeProperties[] = [
	webhookLocator,
	{
		displayName:
			"Sends one test delivery now and outputs how your endpoint answered. It arrives even while webhooks are turned off in the service's settings, so a successful test does not mean real events will (at most 10 tests per minute).",
		name: 'testNotice',
		type: 'notice',
		default: '',
	},
];

export async function execute(this: IExecuteFunctions, i: number): Promise<INodeExecutionData[]> {
	const id = getIdParameter(this, 'webhookId', i, 'Webhook');
	const response = await callApi(this, meta, { params: { id } });
	return toItems({ webhook_id: id, ...response.body }, response.keyMode);
}
