import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';

import { getIdParameter } from '../../domain/ids';
import { toItems, ID_OUTPUT } from '../../helpers/output';
import { callApi } from '../../../shared/transport';
import { workspaceLocator } from '../common.descriptions';
import type { OperationMeta } from '../types';

export const meta: OperationMeta = {
	value: 'getWorkspaceWebhookSecretStatus',
	name: 'Get Signing Secret Status (Workspace)',
	action: 'Get the signing secret status of workspace webhooks',
	subtitle: 'Get workspace secret status',
	description:
		"When a workspace's webhook secret was created and rotated, and whether the old one is still accepted",
	method: 'GET',
	path: '/workspaces/{id}/webhooks/secret-status',
	output: { fields: { scope: { type: 'string', enum: ['workspace'] }, workspace_id: ID_OUTPUT } },
};

export const description: INodeProperties[] = [workspaceLocator];

export async function execute(this: IExecuteFunctions, i: number): Promise<INodeExecutionData[]> {
	const id = getIdParameter(this, 'workspaceId', i, 'Workspace');
	const response = await callApi(this, meta, { params: { id } });
	return toItems({ scope: 'workspace', workspace_id: id, ...response.body }, response.keyMode);
}
