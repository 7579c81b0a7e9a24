import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';

import type { OperationMeta } from '../types';
import { domainAction, domainFields, setupNotice } from './emailDomain.common';

export const meta: OperationMeta = {
	value: 'setCompanyPrimaryDomain',
	name: 'Set Primary (Company)',
	action: 'Set the primary company email domain',
	subtitle: 'Set primary (company)',
	description:
		'Step 5 (optional): send email from this domain by default. Only for a domain that is ready to send.',
	method: 'POST',
	path: '/company/domains/{id}/set-primary',
};

export const description: INodeProperties[] = [
	setupNotice('set-primary', 'company'),
	...domainFields('company'),
];

export async function execute(this: IExecuteFunctions, i: number): Promise<INodeExecutionData[]> {
	return await domainAction.call(this, meta, 'company', i, 'set-primary');
}
