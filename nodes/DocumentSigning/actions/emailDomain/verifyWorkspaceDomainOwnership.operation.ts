import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';

import type { OperationMeta } from '../types';
import { domainAction, domainFields, setupNotice } from './emailDomain.common';

export const meta: OperationMeta = {
	value: 'verifyWorkspaceDomainOwnership',
	name: 'Verify Ownership (Workspace)',
	action: 'Verify ownership of a workspace email domain',
	subtitle: 'Verify a workspace domain',
	description:
		'Step 2 of the setup: check that the TXT record from Add is published. Next: Finalize.',
	method: 'POST',
	path: '/workspace/{workspace_id}/domains/{id}/verify-ownership',
};

export const description: INodeProperties[] = [
	setupNotice('verify-ownership', 'workspace'),
	...domainFields('workspace'),
];

export async function execute(this: IExecuteFunctions, i: number): Promise<INodeExecutionData[]> {
	return await domainAction.call(this, meta, 'workspace', i, 'verify-ownership');
}
