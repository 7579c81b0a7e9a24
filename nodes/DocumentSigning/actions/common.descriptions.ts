import type { INodeProperties } from 'n8n-workflow';

/**
 * UI fragments shared by several operations. Each is defined once here and reused.
 */

/** Return All / Limit for list operations. */
export function paginationFields(maxLimit?: number): INodeProperties[] {
	return [
		{
			displayName: 'Return All',
			name: 'returnAll',
			type: 'boolean',
			default: false,
			description: 'Whether to return all results or only up to a given limit',
		},
		{
			displayName: 'Limit',
			name: 'limit',
			type: 'number',
			typeOptions: { minValue: 1, ...(maxLimit ? { maxValue: maxLimit } : {}) },
			default: 50,
			description: 'Max number of results to return',
			displayOptions: { show: { returnAll: [false] } },
		},
	];
}

export const sortOrderOption: INodeProperties = {
	displayName: 'Sort Order',
	name: 'sort_order',
	type: 'options',
	options: [
		{ name: 'Descending', value: 'desc' },
		{ name: 'Ascending', value: 'asc' },
	],
	default: 'desc',
};

export const createdAfterOption: INodeProperties = {
	displayName: 'Created After',
	name: 'created_after',
	type: 'dateTime',
	default: '',
	description: 'Only items created after this moment',
};

export const createdBeforeOption: INodeProperties = {
	displayName: 'Created Before',
	name: 'created_before',
	type: 'dateTime',
	default: '',
	description: 'Only items created before this moment',
};
