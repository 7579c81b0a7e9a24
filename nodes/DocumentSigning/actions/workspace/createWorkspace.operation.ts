import type {
	IDataObject,
	IExecuteFunctions,
	INodeExecutionData,
	INodeProperties,
} from 'n8n-workflow';

import { toItems } from '../../helpers/output';
import { callApi } from '../../../shared/transport';
import { WORKSPACE_SECRET_FIELDS } from '../../domain/workspaceSecrets';
import type { OperationMeta } from '../types';
import { checkWorkspaceName, workspaceNameInput } from './workspace.inputs';

export const meta: OperationMeta = {
	value: 'createWorkspace',
	name: 'Create',
	action: 'Create a workspace',
	description: 'Create a workspace with its own live and test API keys (needs the protected key)',
	method: 'POST',
	path: '/workspaces',
	// The new workspace's keys are what Create is run for: output, and declared sensitive.
	sensitiveOutputFields: [...WORKSPACE_SECRET_FIELDS],
};

export const description: INodeProperties[] = [workspaceNameInput];

export async function execute(this: IExecuteFunctions, i: number): Promise<INodeExecutionData[]> {
	const name = checkWorkspaceName(this, this.getNodeParameter('name', i, ''));
	const response = await callApi(this, meta, { body: { name } });
	return toItems(response.body as IDataObject, response.keyMode);
}
