import type {
	IDataObject,
	IExecuteFunctions,
	INodeExecutionData,
	INodeProperties,
} from 'n8n-workflow';

import { ENDPOINTS } from '../../../shared/endpoints';
import { getIdParameter } from '../../domain/ids';
import { toItems } from '../../helpers/output';
import { callApi } from '../../../shared/transport';
import { webhookLocator } from '../common.descriptions';
import type { OperationMeta } from '../types';
import {
	checkDescription,
	checkWebhookUrl,
	descriptionField,
	enabledField,
	eventsFields,
	readEvents,
	urlField,
} from './webhook.inputs';
import { fail } from '../../helpers/errors';

export const meta: OperationMeta = {
	value: 'updateWebhook',
	name: 'Update',
	action: 'Update a webhook',
	description:
		'Change the URL, events, description or state of a webhook, or re-enable an auto-disabled one',
	...ENDPOINTS.updateWebhook,
};

export const description: INodeProperties[] = [
	webhookLocator,
	{
		displayName:
			'The service disables a webhook by itself after 50 failed deliveries in a row. To turn it back on, add "Enabled" below and switch it on: this also resets its failure count. Events that happened meanwhile are not re-sent.',
		name: 'reEnableNotice',
		type: 'notice',
		default: '',
	},
	{
		displayName: 'Update Fields',
		name: 'updateFields',
		type: 'collection',
		placeholder: 'Add Field',
		default: {},
		options: [
			{
				...eventsFields(false)[1],
				description:
					'Event names that are in no list (the service may add new ones), separated by commas. Together with Event Names or IDs they REPLACE the subscribed events.',
			},
			descriptionField,
			{
				...enabledField,
				description:
					'Whether the service delivers events to this webhook. Switch on to re-enable a webhook the service auto-disabled.',
			},
			{
				...eventsFields(false)[0],
				description:
					'The events delivered to this webhook. REPLACES the current list. Choose from the list, or specify IDs using an <a href="https://docs.n8n.io/code/expressions/">expression</a>.',
			},
			{ ...urlField, required: false },
		],
	},
];

export async function execute(this: IExecuteFunctions, i: number): Promise<INodeExecutionData[]> {
	const id = getIdParameter(this, 'webhookId', i, 'Webhook');
	const fields = this.getNodeParameter('updateFields', i, {}) as IDataObject;
	const body: IDataObject = {};
	if (fields.url !== undefined) body.url = checkWebhookUrl(this, fields.url);
	if (fields.events !== undefined || fields.additionalEvents !== undefined) {
		const events = readEvents(this, fields.events, fields.additionalEvents, false);
		if (events) body.events = events;
		else if (Array.isArray(fields.events)) {
			fail(
				this,
				'"Event Names or IDs" is empty: choose at least one event',
				'A webhook needs at least one event. To stop deliveries, switch "Enabled" off instead.',
			);
		}
	}
	if (fields.description !== undefined)
		body.description = checkDescription(this, fields.description);
	if (fields.enabled !== undefined) body.enabled = fields.enabled === true;
	if (Object.keys(body).length === 0) {
		fail(this, 'Nothing to update: add at least one field under "Update Fields"');
	}
	const response = await callApi(this, meta, { params: { id }, body });
	return toItems(response.body, response.keyMode);
}
