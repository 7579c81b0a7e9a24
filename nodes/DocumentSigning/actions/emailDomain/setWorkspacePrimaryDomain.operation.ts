import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';

import type { OperationMeta } from '../types';
import { domainAction, domainFields, setupNotice } from './emailDomain.common';

export const meta: OperationMeta = {
	value: 'setWorkspacePrimaryDomain',
	name: 'Set Primary (Workspace)',
	action: 'Set the primary email domain of a workspace',
	subtitle: 'Set primary (workspace)',
	description:
		'Step 5 (optional): send email from this domain by default. Only for a domain that is ready to send.',
	method: 'POST',
	path: '/workspace/{workspace_id}/domains/{id}/set-primary',
};

export const description: INodeProperties[] = [
	setupNotice('set-primary', 'workspace'),
	...domainFields('workspace'),
];

export async function execute(this: IExecuteFunctions, i: number): Promise<INodeExecutionData[]> {
	return await domainAction.call(this, meta, 'workspace', i, 'set-primary');
}
