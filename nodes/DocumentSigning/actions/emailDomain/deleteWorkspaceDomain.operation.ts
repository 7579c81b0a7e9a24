import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';

import type { OperationMeta } from '../types';
import { domainAction, domainFields, setupNotice } from './emailDomain.common';
import { deletedOutput, ID_OUTPUT } from '../../helpers/output';

export const meta: OperationMeta = {
	value: 'deleteWorkspaceDomain',
	name: 'Delete (Workspace)',
	action: 'Delete a workspace email domain',
	subtitle: 'Delete a workspace domain',
	description:
		'Remove a workspace email domain. If it was the primary or only domain, email falls back to the default sender.',
	method: 'DELETE',
	path: '/workspace/{workspace_id}/domains/{id}',
	output: deletedOutput(ID_OUTPUT, { domain_id: ID_OUTPUT }),
};

export const description: INodeProperties[] = [
	setupNotice('delete', 'workspace'),
	...domainFields('workspace'),
];

export async function execute(this: IExecuteFunctions, i: number): Promise<INodeExecutionData[]> {
	return await domainAction.call(this, meta, 'workspace', i, 'delete');
}
