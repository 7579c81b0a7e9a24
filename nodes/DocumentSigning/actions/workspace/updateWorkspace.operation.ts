import type {
	IDataObject,
	IExecuteFunctions,
	INodeExecutionData,
	INodeProperties,
} from 'n8n-workflow';

import { getIdParameter } from '../../domain/ids';
import {
	workspaceItems,
	SECRETS_OMITTED_OUTPUT,
	WORKSPACE_SECRET_FIELDS,
} from '../../domain/workspaceSecrets';
import { toItems } from '../../helpers/output';
import { callApi } from '../../../shared/transport';
import { workspaceLocator } from '../common.descriptions';
import type { OperationMeta } from '../types';
import { checkWorkspaceName, workspaceNameInput } from './workspace.inputs';

export const meta: OperationMeta = {
	value: 'updateWorkspace',
	name: 'Update',
	action: 'Update a workspace',
	description: 'Replace the details of a workspace (its name)',
	method: 'PUT',
	path: '/workspaces/{id}',
	output: {
		omit: [...WORKSPACE_SECRET_FIELDS],
		fields: { secrets_omitted: SECRETS_OMITTED_OUTPUT },
	},
};

export const description: INodeProperties[] = [workspaceLocator, workspaceNameInput];

export async function execute(this: IExecuteFunctions, i: number): Promise<INodeExecutionData[]> {
	const id = getIdParameter(this, 'workspaceId', i, 'Workspace');
	const name = checkWorkspaceName(this, this.getNodeParameter('name', i, ''));
	const response = await callApi(this, meta, { params: { id }, body: { name } });
	// Never with the keys and webhook secret: Update is not run for them (Get can include them).
	return workspaceItems(toItems(response.body as IDataObject, response.keyMode), false);
}
