import type {
	IDataObject,
	ILoadOptionsFunctions,
	INodeListSearchResult,
	INodeProperties,
} from 'n8n-workflow';

import { meta as listWorkspaces } from '../DocumentSigning/actions/workspace/listWorkspaces.operation';
import { callApi } from '../DocumentSigning/transport';

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

/** The workspaces for the picker, by name, 50 a page. */
export async function searchWorkspaces(
	this: ILoadOptionsFunctions,
	filter?: string,
	paginationToken?: string,
): Promise<INodeListSearchResult> {
	const page = Math.max(1, Number(paginationToken) || 1);
	const qs: IDataObject = { page, page_size: 50, sort_by: 'name', sort_order: 'asc' };
	if (filter) qs.name = filter;
	const response = (
		await callApi<{ results?: IDataObject[]; pagination?: { total_pages?: number } }>(
			this,
			listWorkspaces,
			{ qs },
		)
	).body;
	const results = (response.results ?? []).map((workspace) => ({
		name: `${String(workspace.name)}${workspace.protected ? ' (protected)' : ''}`,
		value: String(workspace.id),
	}));
	const totalPages = Number(response.pagination?.total_pages ?? 0);
	return { results, paginationToken: page < totalPages ? String(page + 1) : undefined };
}
