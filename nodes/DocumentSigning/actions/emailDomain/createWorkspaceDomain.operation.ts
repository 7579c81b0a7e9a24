import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';

import type { OperationMeta } from '../types';
import { createDomain, createFields, setupNotice } from './emailDomain.common';

export const meta: OperationMeta = {
	value: 'createWorkspaceDomain',
	name: 'Add (Workspace)',
	action: 'Add a workspace email domain',
	subtitle: 'Add a workspace domain',
	description:
		"Step 1 of the setup: add a sending domain; the output's verification_instructions hold the TXT record to publish",
	method: 'POST',
	path: '/workspace/{workspace_id}/domains',
};

export const description: INodeProperties[] = [
	setupNotice('create', 'workspace'),
	...createFields('workspace'),
];

export async function execute(this: IExecuteFunctions, i: number): Promise<INodeExecutionData[]> {
	return await createDomain.call(this, meta, 'workspace', i);
}
