import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';

import { toItems } from '../../helpers/output';
import { callApi } from '../../../shared/transport';
import type { OperationMeta } from '../types';

export const meta: OperationMeta = {
	value: 'getCompany',
	name: 'Get',
	action: 'Get the company',
	description: 'Get the company of the API key: name, owner, language, logo and credits',
	method: 'GET',
	path: '/company',
};

export const description: INodeProperties[] = [];

export async function execute(this: IExecuteFunctions): Promise<INodeExecutionData[]> {
	const response = await callApi(this, meta);
	return toItems(response.body, response.keyMode);
}
