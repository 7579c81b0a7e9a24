import type {
	IDataObject,
	IExecuteFunctions,
	INodeExecutionData,
	INodeProperties,
} from 'n8n-workflow';

import { getIdParameter } from '../../domain/ids';
import { toItems } from '../../helpers/output';
import { callApi } from '../../../shared/transport';
import { templateLocator } from '../common.descriptions';
import type { OperationMeta } from '../types';
import { checkName } from './template.inputs';

export const meta: OperationMeta = {
	value: 'duplicateTemplate',
	name: 'Create Signing Request',
	action: 'Create a signing request from a template',
	description:
		"Duplicate a template into a new draft signing request with the template's users, fields, reminders and settings. The output item is the new signing request (plus the service's message).",
	method: 'POST',
	path: '/templates/{id}/duplicate',
};

export const description: INodeProperties[] = [
	templateLocator,
	{
		displayName:
			'This creates a draft SIGNING REQUEST (not a template) with a copy of everything in the template. Send it with Signing Request → Send once its recipients have real names and emails.',
		name: 'duplicateNotice',
		type: 'notice',
		default: '',
	},
	{
		displayName: 'Signing Request Name',
		name: 'name',
		type: 'string',
		default: '',
		description:
			'The name of the new signing request (at most 255 characters). Leave empty to use the template\'s name. The output item is the new signing request itself (ID, name, status, document_url, …) with the service\'s message in "message".',
	},
];

export async function execute(this: IExecuteFunctions, i: number): Promise<INodeExecutionData[]> {
	const id = getIdParameter(this, 'templateId', i, 'Template');
	const name = checkName(this, this.getNodeParameter('name', i, ''), 'Signing Request Name', false);
	const response = await callApi(this, meta, {
		params: { id },
		...(name === undefined ? {} : { body: { name } }),
	});
	// The service answers {message, signing_request: {...}}: the item is the signing request, so the
	// next node can use its id directly. An answer that is already flat is passed on as it is.
	const body = (response.body ?? {}) as IDataObject;
	const request = body.signing_request;
	const json =
		request && typeof request === 'object' && !Array.isArray(request)
			? {
					...(request as IDataObject),
					...(body.message !== undefined ? { message: body.message } : {}),
				}
			: body;
	return toItems(json, response.keyMode);
}
