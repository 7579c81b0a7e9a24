import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';

import type { OperationMeta } from '../types';
import { listDomains, listFields, setupNotice } from './emailDomain.common';

export const meta: OperationMeta = {
	value: 'listWorkspaceDomains',
	name: 'Get Many (Workspace)',
	action: 'Get many workspace email domains',
	subtitle: 'Get workspace domains',
	description: 'List the workspace email domains with their verification and DNS status',
	method: 'GET',
	path: '/workspace/{workspace_id}/domains',
	output: { entries: 'results' },
};

export const description: INodeProperties[] = [
	setupNotice('list', 'workspace'),
	...listFields('workspace'),
];

export async function execute(this: IExecuteFunctions, i: number): Promise<INodeExecutionData[]> {
	return await listDomains.call(this, meta, 'workspace', i);
}
