import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';

import type { OperationMeta } from '../types';
import { domainAction, domainFields, setupNotice, DNS_SUMMARY_OUTPUT } from './emailDomain.common';

export const meta: OperationMeta = {
	value: 'finalizeCompanyDomain',
	name: 'Finalize (Company)',
	action: 'Finalize a company email domain',
	subtitle: 'Finalize a company domain',
	description:
		'Step 3 of the setup (after Verify Ownership): get the SPF, DKIM and DMARC records to publish. Next: Verify DNS.',
	method: 'POST',
	path: '/company/domains/{id}/finalize',
	output: DNS_SUMMARY_OUTPUT,
};

export const description: INodeProperties[] = [
	setupNotice('finalize', 'company'),
	...domainFields('company'),
];

export async function execute(this: IExecuteFunctions, i: number): Promise<INodeExecutionData[]> {
	return await domainAction.call(this, meta, 'company', i, 'finalize');
}
