import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';

import type { OperationMeta } from '../types';
import { domainAction, domainFields, setupNotice } from './emailDomain.common';

export const meta: OperationMeta = {
	value: 'getWorkspaceDomain',
	name: 'Get (Workspace)',
	action: 'Get a workspace email domain',
	subtitle: 'Get a workspace domain',
	description: 'Get one workspace email domain with its verification status and DNS records',
	method: 'GET',
	path: '/workspace/{workspace_id}/domains/{id}',
};

export const description: INodeProperties[] = [
	setupNotice('get', 'workspace'),
	...domainFields('workspace'),
];

export async function execute(this: IExecuteFunctions, i: number): Promise<INodeExecutionData[]> {
	return await domainAction.call(this, meta, 'workspace', i, 'get');
}
