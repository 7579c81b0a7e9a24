import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';

import type { OperationMeta } from '../types';
import { domainAction, domainFields, setupNotice, DNS_SUMMARY_OUTPUT } from './emailDomain.common';

export const meta: OperationMeta = {
	value: 'verifyWorkspaceDomainDns',
	name: 'Verify DNS (Workspace)',
	action: 'Verify the DNS records of a workspace email domain',
	subtitle: 'Verify workspace DNS',
	description:
		'Step 4: check the SPF, DKIM and DMARC records from Finalize; once all are verified the domain is ready to send',
	method: 'POST',
	path: '/workspace/{workspace_id}/domains/{id}/verify-dns',
	output: DNS_SUMMARY_OUTPUT,
};

export const description: INodeProperties[] = [
	setupNotice('verify-dns', 'workspace'),
	...domainFields('workspace'),
];

export async function execute(this: IExecuteFunctions, i: number): Promise<INodeExecutionData[]> {
	return await domainAction.call(this, meta, 'workspace', i, 'verify-dns');
}
