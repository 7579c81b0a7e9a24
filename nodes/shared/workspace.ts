import type { INodeProperties } from 'n8n-workflow';

import { ENDPOINTS } from './endpoints';
import { pagedSearch } from './listSearch';

/** The triggers' "Workspace" picker (shown for the One Workspace scope). */
export function workspaceLocator(description: string): INodeProperties {
	return {
		displayName: 'Workspace',
		name: 'workspace',
		type: 'resourceLocator',
		default: { mode: 'list', value: '' },
		required: true,
		displayOptions: { show: { scope: ['workspace'] } },
		description,
		modes: [
			{
				displayName: 'From List',
				name: 'list',
				type: 'list',
				typeOptions: { searchListMethod: 'searchWorkspaces', searchable: true },
			},
			{
				displayName: 'ID',
				name: 'id',
				type: 'string',
				placeholder: 'e.g. 20000000-0000-4000-8000-000000000002',
				validation: [
					{
						type: 'regex',
						properties: {
							regex: '^[0-9a-fA-F-]{36}$',
							errorMessage: 'A workspace ID looks like 20000000-0000-4000-8000-000000000002',
						},
					},
				],
			},
		],
	};
}

/**
 * The workspaces for every workspace picker (the action node's and the triggers'): newest first,
 * 50 a page, protected ones marked.
 */
export const searchWorkspaces = pagedSearch(
	ENDPOINTS.listWorkspaces,
	(w) => `${String(w.name ?? w.id)}${w.protected ? ' (protected)' : ''}`,
);
