import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';

import type { OperationMeta } from '../types';
import { domainAction, domainFields, setupNotice, DNS_SUMMARY_OUTPUT } from './emailDomain.common';

export const meta: OperationMeta = {
	value: 'finalizeWorkspaceDomain',
	name: 'Finalize (Workspace)',
	action: 'Finalize a workspace email domain',
	subtitle: 'Finalize a workspace domain',
	description:
		'Step 3 of the setup (after Verify Ownership): get the SPF, DKIM and DMARC records to publish. Next: Verify DNS.',
	method: 'POST',
	path: '/workspace/{workspace_id}/domains/{id}/finalize',
	output: DNS_SUMMARY_OUTPUT,
};

export const description: INodeProperties[] = [
	setupNotice('finalize', 'workspace'),
	...domainFields('workspace'),
];

export async function execute(this: IExecuteFunctions, i: number): Promise<INodeExecutionData[]> {
	return await domainAction.call(this, meta, 'workspace', i, 'finalize');
}
