import type { ResourceModule } from '../types';
import { operationFields, operationOptions } from '../resource';
import * as getWorkspaceSettings from './getWorkspaceSettings.operation';
import * as updateWorkspaceSettings from './updateWorkspaceSettings.operation';

const operations = { getWorkspaceSettings, updateWorkspaceSettings };

export const workspaceSettings: ResourceModule = {
	value: 'workspaceSettings',
	name: 'Workspace Setting',
	area: 'Workspace Settings',
	operations,
	description: [
		{
			displayName: 'Operation',
			name: 'operation',
			type: 'options',
			noDataExpression: true,
			displayOptions: { show: { resource: ['workspaceSettings'] } },
			options: operationOptions(operations),
			default: 'getWorkspaceSettings',
		},
		...operationFields('workspaceSettings', operations),
	],
};
