import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';

import { getIdParameter } from '../../domain/ids';
import { deletedItems, deletedOutput, ID_OUTPUT } from '../../helpers/output';
import { callApi } from '../../../shared/transport';
import { workspaceLocator } from '../common.descriptions';
import type { OperationMeta } from '../types';

export const meta: OperationMeta = {
	value: 'deleteWorkspaceLogo',
	name: 'Delete Logo',
	action: 'Delete the logo of a workspace',
	subtitle: 'Delete a workspace logo',
	description: "Remove the workspace's logo; the company logo (or the service's) is used again",
	method: 'DELETE',
	path: '/workspaces/{id}/logo',
	output: deletedOutput(ID_OUTPUT),
};

export const description: INodeProperties[] = [workspaceLocator];

export async function execute(this: IExecuteFunctions, i: number): Promise<INodeExecutionData[]> {
	const id = getIdParameter(this, 'workspaceId', i, 'Workspace');
	const response = await callApi(this, meta, { params: { id } });
	return deletedItems(id, response.body, response.keyMode);
}
