import type {
	IDataObject,
	IExecuteFunctions,
	INodeExecutionData,
	INodeProperties,
} from 'n8n-workflow';

import { getIdParameter } from '../../domain/ids';
import { toItems } from '../../helpers/output';
import { callApi } from '../../../shared/transport';
import { workspaceLocator } from '../common.descriptions';
import type { OperationMeta } from '../types';

export const meta: OperationMeta = {
	value: 'getWorkspace',
	name: 'Get',
	action: 'Get a workspace',
	description: 'Get a workspace, including its API keys and webhook secret details',
	method: 'GET',
	path: '/workspaces/{id}',
};

export const description: INodeProperties[] = [workspaceLocator];

export async function execute(this: IExecuteFunctions, i: number): Promise<INodeExecutionData[]> {
	const id = getIdParameter(this, 'workspaceId', i, 'Workspace');
	const response = await callApi(this, meta, { params: { id } });
	return toItems(response.body as IDataObject, response.keyMode);
}
