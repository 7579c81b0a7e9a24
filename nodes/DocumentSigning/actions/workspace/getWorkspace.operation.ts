import type {
	IDataObject,
	IExecuteFunctions,
	INodeExecutionData,
	INodeProperties,
} from 'n8n-workflow';

import { ENDPOINTS } from '../../../shared/endpoints';
import { getIdParameter } from '../../domain/ids';
import {
	WORKSPACE_SECRET_FIELDS,
	readIncludeSecrets,
	workspaceItems,
	SECRETS_OMITTED_OUTPUT,
} from '../../domain/workspaceSecrets';
import { toItems } from '../../helpers/output';
import { callApi } from '../../../shared/transport';
import { workspaceLocator } from '../common.descriptions';
import type { OperationMeta } from '../types';
import { includeSecretsField } from './workspace.inputs';

export const meta: OperationMeta = {
	value: 'getWorkspace',
	name: 'Get',
	action: 'Get a workspace',
	description:
		'Get a workspace; its API keys and webhook secret only with "Include API Keys and Secret"',
	...ENDPOINTS.getWorkspace,
	sensitiveOutputFields: [...WORKSPACE_SECRET_FIELDS],
	output: {
		// The keys and the webhook secret only with "Include API Keys and Secret" (then
		// without secrets_omitted).
		fields: { 'secrets_omitted?': SECRETS_OMITTED_OUTPUT },
	},
};

export const description: INodeProperties[] = [workspaceLocator, includeSecretsField];

export async function execute(this: IExecuteFunctions, i: number): Promise<INodeExecutionData[]> {
	const id = getIdParameter(this, 'workspaceId', i, 'Workspace');
	const includeSecrets = readIncludeSecrets(this, i);
	const response = await callApi(this, meta, { params: { id } });
	return workspaceItems(toItems(response.body as IDataObject, response.keyMode), includeSecrets);
}
