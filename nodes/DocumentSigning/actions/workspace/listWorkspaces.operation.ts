import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';

import { listPages } from '../../helpers/list';
import { filtersCollection, paginationFields, sortCollection } from '../common.descriptions';
import type { OperationMeta } from '../types';

export const meta: OperationMeta = {
	value: 'listWorkspaces',
	name: 'Get Many',
	action: 'Get many workspaces',
	description: 'List the workspaces this key can reach, with filters and sorting',
	method: 'GET',
	path: '/workspaces',
};

export const description: INodeProperties[] = [
	...paginationFields(),
	filtersCollection([
		{
			displayName: 'Name',
			name: 'name',
			type: 'string',
			default: '',
			description: 'Only workspaces whose name contains this text (case-insensitive)',
		},
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
		{ name: 'Created On', value: 'created_on' },
		{ name: 'Name', value: 'name' },
		{ name: 'Protected', value: 'protected' },
	]),
];

export async function execute(this: IExecuteFunctions, i: number): Promise<INodeExecutionData[]> {
	return await listPages.call(this, i, meta);
}
