import type { ResourceModule } from '../types';
import { operationFields, operationOptions } from '../resource';
import * as listWorkspaces from './listWorkspaces.operation';

const operations = { listWorkspaces };

export const workspace: ResourceModule = {
	value: 'workspace',
	name: 'Workspace',
	area: 'Workspaces',
	operations,
	description: [
		{
			displayName: 'Operation',
			name: 'operation',
			type: 'options',
			noDataExpression: true,
			displayOptions: { show: { resource: ['workspace'] } },
			options: operationOptions(operations),
			default: 'listWorkspaces',
		},
		...operationFields('workspace', operations),
	],
};
