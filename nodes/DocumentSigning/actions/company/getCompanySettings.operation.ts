import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';

import { toItems } from '../../helpers/output';
import { callApi } from '../../../shared/transport';
import type { OperationMeta } from '../types';

export const meta: OperationMeta = {
	value: 'getCompanySettings',
	name: 'Get Settings',
	action: 'Get the settings of the company',
	subtitle: 'Get company settings',
	description:
		'Get the company-wide defaults: expiration, signing options, branding colours, completion page, time zone',
	method: 'GET',
	path: '/company/settings',
};

export const description: INodeProperties[] = [];

export async function execute(this: IExecuteFunctions): Promise<INodeExecutionData[]> {
	const response = await callApi(this, meta);
	return toItems(response.body, response.keyMode);
}
