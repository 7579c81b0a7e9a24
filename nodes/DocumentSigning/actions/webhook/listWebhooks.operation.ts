import type { IDataObject, IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';

import { eventTypeOptions } from '../../events';
import { toItems } from '../../helpers/output';
import { checkDateTime, compact } from '../../helpers/validation';
import { getKeyMode, paginatePages } from '../../transport';
import { createdAfterOption, createdBeforeOption, paginationFields, sortOrderOption } from '../common.descriptions';
import type { OperationMeta } from '../types';
import { readScopeWorkspace, scopeFields } from './webhook.inputs';

export const meta: OperationMeta = {
	value: 'listWebhooks',
	name: 'Get Many',
	action: 'Get many webhooks',
	description: 'List the company-level webhooks, or those of one workspace, with filters and sorting',
	method: 'GET',
	path: '/webhooks',
};

export const description: INodeProperties[] = [
	...scopeFields('list'),
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
				displayName: 'Enabled',
				name: 'enabled',
				type: 'options',
				options: [
					{ name: 'Only Enabled', value: '1' },
					{ name: 'Only Disabled', value: '0' },
				],
				default: '1',
				description: 'Whether to list only enabled webhooks, or only disabled ones (including auto-disabled)',
			},
			{
				displayName: 'Event Name or ID',
				name: 'event',
				type: 'options',
				options: eventTypeOptions(),
				default: 'signing_request.completed',
				description:
					'Only webhooks subscribed to this event. Choose from the list, or specify an ID using an <a href="https://docs.n8n.io/code/expressions/">expression</a>.',
			},
			{
				displayName: 'URL',
				name: 'url',
				type: 'string',
				default: '',
				description: 'Only webhooks whose URL contains this text',
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
					{ name: 'Consecutive Failures', value: 'consecutive_failures' },
					{ name: 'Created On', value: 'created_on' },
					{ name: 'Enabled', value: 'enabled' },
					{ name: 'Last Changed On', value: 'last_changed_on' },
					{ name: 'URL', value: 'url' },
				],
				default: 'created_on',
			},
			sortOrderOption,
		],
	},
];

export async function execute(this: IExecuteFunctions, i: number): Promise<INodeExecutionData[]> {
	const workspaceId = readScopeWorkspace(this, i);
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
	const qs: IDataObject = { ...filters, ...sort };
	if (workspaceId) qs.workspace_id = workspaceId;
	const webhooks = await paginatePages.call(this, meta.path, { qs, returnAll, limit, itemIndex: i });
	return toItems(webhooks, await getKeyMode.call(this, i));
}
