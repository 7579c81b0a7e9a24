import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';

import { getIdParameter } from '../../domain/ids';
import { toItems } from '../../helpers/output';
import { callApi } from '../../../shared/transport';
import { workspaceLocator } from '../common.descriptions';
import type { OperationMeta } from '../types';

export const meta: OperationMeta = {
	value: 'getWorkspaceSettings',
	name: 'Get',
	action: 'Get workspace settings',
	description:
		"Get a workspace's settings: emails, language, signing options, branding, completion page",
	method: 'GET',
	path: '/workspace/{workspace_id}/settings',
};

export const description: INodeProperties[] = [workspaceLocator];

export async function execute(this: IExecuteFunctions, i: number): Promise<INodeExecutionData[]> {
	const id = getIdParameter(this, 'workspaceId', i, 'Workspace');
	const response = await callApi(this, meta, { params: { workspace_id: id } });
	return toItems(response.body, response.keyMode);
}
