import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';

import { ENDPOINTS } from '../../../shared/endpoints';
import {
	WORKSPACE_SECRET_FIELDS,
	readIncludeSecrets,
	workspaceItems,
	SECRETS_OMITTED_OUTPUT,
} from '../../domain/workspaceSecrets';
import { listPages } from '../../helpers/list';
import {
	filtersCollection,
	nameFilterOption,
	paginationFields,
	sortCollection,
} from '../common.descriptions';
import type { OperationMeta } from '../types';
import { includeSecretsField } from './workspace.inputs';

export const meta: OperationMeta = {
	value: 'listWorkspaces',
	name: 'Get Many',
	action: 'Get many workspaces',
	description: 'List the workspaces this key can reach, with filters and sorting',
	...ENDPOINTS.listWorkspaces,
	sensitiveOutputFields: [...WORKSPACE_SECRET_FIELDS],
	output: {
		entries: 'results',
		// The keys and the webhook secret only with "Include API Keys and Secret" (then
		// without secrets_omitted).
		fields: { 'secrets_omitted?': SECRETS_OMITTED_OUTPUT },
	},
};

export const description: INodeProperties[] = [
	...paginationFields(),
	filtersCollection([
		nameFilterOption('workspaces'),
		{
			displayName: 'Protected',
			name: 'protected',
			type: 'options',
			options: [
				{ name: 'Only Protected', value: 'true' },
				{ name: 'Only Not Protected', value: 'false' },
			],
			default: 'true',
			description: 'Whether to list only the protected workspace, or only the others',
		},
	]),
	sortCollection([
		{ name: 'Name', value: 'name' },
		{ name: 'Protected', value: 'protected' },
	]),
	includeSecretsField,
];

export async function execute(this: IExecuteFunctions, i: number): Promise<INodeExecutionData[]> {
	const includeSecrets = readIncludeSecrets(this, i);
	return workspaceItems(await listPages.call(this, i, meta), includeSecrets);
}
