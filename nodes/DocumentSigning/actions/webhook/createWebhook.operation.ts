import type {
	IDataObject,
	IExecuteFunctions,
	INodeExecutionData,
	INodeProperties,
} from 'n8n-workflow';

import { ENDPOINTS } from '../../../shared/endpoints';
import { toItems } from '../../helpers/output';
import { callApi } from '../../../shared/transport';
import type { OperationMeta } from '../types';
import {
	checkDescription,
	checkWebhookUrl,
	descriptionField,
	enabledField,
	eventsFields,
	readEvents,
	readScopeWorkspace,
	scopeFields,
	urlField,
} from './webhook.inputs';

export const meta: OperationMeta = {
	value: 'createWebhook',
	name: 'Create',
	action: 'Create a webhook',
	description:
		'Register an HTTPS endpoint for events, company-level or for one workspace (the service sends a test event)',
	...ENDPOINTS.createWebhook,
};

export const description: INodeProperties[] = [
	urlField,
	...eventsFields(true),
	...scopeFields('create'),
	{
		displayName: 'Additional Fields',
		name: 'additionalFields',
		type: 'collection',
		placeholder: 'Add Field',
		default: {},
		options: [descriptionField, enabledField],
	},
];

export async function execute(this: IExecuteFunctions, i: number): Promise<INodeExecutionData[]> {
	const url = checkWebhookUrl(this, this.getNodeParameter('url', i));
	const events = readEvents(
		this,
		this.getNodeParameter('events', i, []),
		this.getNodeParameter('additionalEvents', i, ''),
		true,
	) as string[];
	const workspaceId = readScopeWorkspace(this, i);
	const additional = this.getNodeParameter('additionalFields', i, {}) as IDataObject;
	const body: IDataObject = { url, events };
	if (workspaceId) body.workspace_id = workspaceId;
	if (additional.description !== undefined && additional.description !== '') {
		body.description = checkDescription(this, additional.description);
	}
	if (additional.enabled !== undefined) body.enabled = additional.enabled === true;
	const response = await callApi(this, meta, { body });
	return toItems(response.body, response.keyMode);
}
