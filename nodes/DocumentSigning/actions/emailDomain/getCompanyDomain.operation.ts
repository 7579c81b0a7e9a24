import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';

import type { OperationMeta } from '../types';
import { domainAction, domainFields, setupNotice } from './emailDomain.common';

export const meta: OperationMeta = {
	value: 'getCompanyDomain',
	name: 'Get (Company)',
	action: 'Get a company email domain',
	description: 'Get one company email domain with its verification status and DNS records',
	method: 'GET',
	path: '/company/domains/{id}',
};

export const description: INodeProperties[] = [
	setupNotice('get', 'company'),
	...domainFields('company'),
];

export async function execute(this: IExecuteFunctions, i: number): Promise<INodeExecutionData[]> {
	return await domainAction.call(this, meta, 'company', i, 'get');
}
