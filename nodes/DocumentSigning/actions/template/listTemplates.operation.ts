import type { IDataObject, IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';

import { toItems } from '../../helpers/output';
import { checkDateTime, compact } from '../../helpers/validation';
import { getKeyMode, paginatePages } from '../../transport';
import {
	createdAfterOption,
	createdBeforeOption,
	paginationFields,
	sortOrderOption,
} from '../common.descriptions';
import type { OperationMeta } from '../types';

export const meta: OperationMeta = {
	value: 'listTemplates',
	name: 'Get Many',
	action: 'Get many templates',
	description: 'List the templates of the workspace, with filters and sorting',
	method: 'GET',
	path: '/templates',
};

export const description: INodeProperties[] = [
	...paginationFields(),
	{
		displayName: 'Filters',
		name: 'filters',
		type: 'collection',
		placeholder: 'Add Filter',
		default: {},
		options: [
			createdAfterOption,
			createdBeforeOption,
			{
				displayName: 'Name',
				name: 'name',
				type: 'string',
				default: '',
				description: 'Only templates whose name contains this text (case-insensitive)',
			},
		],
	},
	{
		displayName: 'Sort',
		name: 'sort',
		type: 'collection',
		placeholder: 'Add Sort Option',
		default: {},
		options: [
			{
				displayName: 'Sort By',
				name: 'sort_by',
				type: 'options',
				options: [
					{ name: 'Created On', value: 'created_on' },
					{ name: 'Last Changed On', value: 'last_changed_on' },
					{ name: 'Name', value: 'name' },
				],
				default: 'created_on',
			},
			sortOrderOption,
		],
	},
];

export async function execute(this: IExecuteFunctions, i: number): Promise<INodeExecutionData[]> {
	const returnAll = this.getNodeParameter('returnAll', i) as boolean;
	const limit = returnAll ? undefined : (this.getNodeParameter('limit', i) as number);
	const filters = compact(this.getNodeParameter('filters', i, {}) as IDataObject);
	const sort = compact(this.getNodeParameter('sort', i, {}) as IDataObject);
	for (const field of ['created_after', 'created_before'] as const) {
		if (filters[field] !== undefined) {
			const label = field === 'created_after' ? 'Created After' : 'Created Before';
			filters[field] = checkDateTime(this, filters[field], label, i);
		}
	}
	if (typeof filters.name === 'string') filters.name = filters.name.trim();
	const templates = await paginatePages.call(this, meta.path, {
		qs: compact({ ...filters, ...sort }),
		returnAll,
		limit,
		itemIndex: i,
	});
	return toItems(templates, await getKeyMode.call(this, i));
}
