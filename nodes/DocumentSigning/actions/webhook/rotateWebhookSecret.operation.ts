import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';

import { toItems } from '../../helpers/output';
import { callApi } from '../../../shared/transport';
import type { OperationMeta } from '../types';
import { rotationNotice } from './webhook.inputs';

export const meta: OperationMeta = {
	value: 'rotateWebhookSecret',
	name: 'Rotate Signing Secret (Company)',
	action: 'Rotate the signing secret of company webhooks',
	subtitle: 'Rotate the company secret',
	description:
		'Create a new company webhook signing secret; the old one stays valid for 7 days (protected key, 1 per minute)',
	method: 'POST',
	path: '/webhooks/rotate-secret',
	// The new secret is what Rotate is run for.
	sensitiveOutputFields: ['new_secret'],
	output: { fields: { scope: { type: 'string', enum: ['company'] } } },
};

export const description: INodeProperties[] = [rotationNotice('rotateCompanyNotice')];

export async function execute(this: IExecuteFunctions): Promise<INodeExecutionData[]> {
	const response = await callApi(this, meta);
	return toItems({ scope: 'company', ...response.body }, response.keyMode);
}
