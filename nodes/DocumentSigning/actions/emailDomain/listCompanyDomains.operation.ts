import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';

import type { OperationMeta } from '../types';
import { listDomains, listFields, setupNotice } from './emailDomain.common';

export const meta: OperationMeta = {
	value: 'listCompanyDomains',
	name: 'Get Many (Company)',
	action: 'Get many company email domains',
	subtitle: 'Get company domains',
	description: 'List the company email domains with their verification and DNS status',
	method: 'GET',
	path: '/company/domains',
	output: { entries: 'results' },
};

export const description: INodeProperties[] = [
	setupNotice('list', 'company'),
	...listFields('company'),
];

export async function execute(this: IExecuteFunctions, i: number): Promise<INodeExecutionData[]> {
	return await listDomains.call(this, meta, 'company', i);
}
