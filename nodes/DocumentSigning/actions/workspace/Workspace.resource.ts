import type { ResourceModule } from '../types';
import { operationFields, operationOptions } from '../resource';
import * as createWorkspace from './createWorkspace.operation';
import * as deleteWorkspaceLogo from './deleteWorkspaceLogo.operation';
import * as expireWorkspaceApiKey from './expireWorkspaceApiKey.operation';
import * as getWorkspace from './getWorkspace.operation';
import * as listWorkspaces from './listWorkspaces.operation';
import * as patchWorkspace from './patchWorkspace.operation';
import * as regenerateWorkspaceApiKey from './regenerateWorkspaceApiKey.operation';
import * as updateWorkspace from './updateWorkspace.operation';
import * as uploadWorkspaceLogo from './uploadWorkspaceLogo.operation';

// There is no workspace delete at API revision 01.38.00 (only a workspace.deleted event).
const operations = {
	listWorkspaces,
	createWorkspace,
	getWorkspace,
	updateWorkspace,
	patchWorkspace,
	regenerateWorkspaceApiKey,
	expireWorkspaceApiKey,
	uploadWorkspaceLogo,
	deleteWorkspaceLogo,
};

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
