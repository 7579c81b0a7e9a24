import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';

import { ENDPOINTS } from '../../../shared/endpoints';
import { listPages } from '../../helpers/list';
import { filtersCollection, paginationFields, sortCollection } from '../common.descriptions';
import type { OperationMeta } from '../types';
import { readScopeWorkspace, scopeFields } from './webhook.inputs';

export const meta: OperationMeta = {
	value: 'listWebhooks',
	name: 'Get Many',
	action: 'Get many webhooks',
	description:
		'List the company-level webhooks, or those of one workspace, with filters and sorting',
	...ENDPOINTS.listWebhooks,
	output: { entries: 'results' },
};

export const description: INodeProperties[] = [
	...scopeFields('list'),
	...paginationFields(),
	filtersCollection([
		{
			displayName: 'Enabled',
			name: 'enabled',
			type: 'options',
			options: [
				{ name: 'Only Enabled', value: '1' },
				{ name: 'Only Disabled', value: '0' },
			],
			default: '1',
			description:
				'Whether to list only enabled webhooks, or only disabled ones (including auto-disabled)',
		},
		{
			displayName: 'Event Name or ID',
			name: 'event',
			type: 'options',
			typeOptions: { loadOptionsMethod: 'getEventTypes' },
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
	]),
	sortCollection([
		{ name: 'Consecutive Failures', value: 'consecutive_failures' },
		{ name: 'Enabled', value: 'enabled' },
		{ name: 'Last Changed On', value: 'last_changed_on' },
		{ name: 'URL', value: 'url' },
	]),
];

export async function execute(this: IExecuteFunctions, i: number): Promise<INodeExecutionData[]> {
	const workspaceId = readScopeWorkspace(this, i);
	return await listPages.call(this, i, meta, {
		qs: workspaceId ? { workspace_id: workspaceId } : {},
	});
}
