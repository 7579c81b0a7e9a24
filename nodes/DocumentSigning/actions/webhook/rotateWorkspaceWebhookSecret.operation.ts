import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';

import { getIdParameter } from '../../domain/ids';
import { toItems, ID_OUTPUT } from '../../helpers/output';
import { callApi } from '../../../shared/transport';
import { workspaceLocator } from '../common.descriptions';
import type { OperationMeta } from '../types';
import { rotationNotice } from './webhook.inputs';

export const meta: OperationMeta = {
	value: 'rotateWorkspaceWebhookSecret',
	name: 'Rotate Signing Secret (Workspace)',
	action: 'Rotate the signing secret of workspace webhooks',
	subtitle: 'Rotate the workspace secret',
	description:
		"Create a new signing secret for a workspace's webhooks; the old one stays valid for 7 days (1 per minute)",
	method: 'POST',
	path: '/workspaces/{id}/webhooks/rotate-secret',
	// The new secret is what Rotate is run for.
	sensitiveOutputFields: ['new_secret'],
	output: { fields: { scope: { type: 'string', enum: ['workspace'] }, workspace_id: ID_OUTPUT } },
};

export const description: INodeProperties[] = [
	workspaceLocator,
	rotationNotice('rotateWorkspaceNotice'),
];

export async function execute(this: IExecuteFunctions, i: number): Promise<INodeExecutionData[]> {
	const id = getIdParameter(this, 'workspaceId', i, 'Workspace');
	const response = await callApi(this, meta, { params: { id } });
	return toItems({ scope: 'workspace', workspace_id: id, ...response.body }, response.keyMode);
}
