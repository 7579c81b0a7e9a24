import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';

import type { OperationMeta } from '../types';
import { domainAction, domainFields, setupNotice } from './emailDomain.common';

export const meta: OperationMeta = {
	value: 'verifyCompanyDomainOwnership',
	name: 'Verify Ownership (Company)',
	action: 'Verify ownership of a company email domain',
	subtitle: 'Verify a company domain',
	description:
		'Step 2 of the setup: check that the TXT record from Add is published. Next: Finalize.',
	method: 'POST',
	path: '/company/domains/{id}/verify-ownership',
};

export const description: INodeProperties[] = [
	setupNotice('verify-ownership', 'company'),
	...domainFields('company'),
];

export async function execute(this: IExecuteFunctions, i: number): Promise<INodeExecutionData[]> {
	return await domainAction.call(this, meta, 'company', i, 'verify-ownership');
}
