import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';

import type { OperationMeta } from '../types';
import { domainAction, domainFields, setupNotice, DNS_SUMMARY_OUTPUT } from './emailDomain.common';

export const meta: OperationMeta = {
	value: 'verifyCompanyDomainDns',
	name: 'Verify DNS (Company)',
	action: 'Verify the DNS records of a company email domain',
	subtitle: 'Verify company DNS',
	description:
		'Step 4: check the SPF, DKIM and DMARC records from Finalize; once all are verified the domain is ready to send',
	method: 'POST',
	path: '/company/domains/{id}/verify-dns',
	output: DNS_SUMMARY_OUTPUT,
};

export const description: INodeProperties[] = [
	setupNotice('verify-dns', 'company'),
	...domainFields('company'),
];

export async function execute(this: IExecuteFunctions, i: number): Promise<INodeExecutionData[]> {
	return await domainAction.call(this, meta, 'company', i, 'verify-dns');
}
