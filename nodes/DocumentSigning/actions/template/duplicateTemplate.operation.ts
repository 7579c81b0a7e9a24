import type {
	IDataObject,
	IExecuteFunctions,
	INodeExecutionData,
	INodeProperties,
} from 'n8n-workflow';

import { getIdParameter } from '../../domain/ids';
import { fillWorkspace, type NodeRun } from '../../domain/readBack';
import { simplifyField, simplifyItems, simplifyOn, toItems } from '../../helpers/output';
import { callApi } from '../../../shared/transport';
import { templateLocator } from '../common.descriptions';
import { callName, type OperationMeta } from '../types';
import { ENDPOINTS } from '../../../shared/endpoints';
import { checkName } from './template.inputs';

export const meta: OperationMeta = {
	value: 'duplicateTemplate',
	name: 'Create Draft Signing Request',
	action: 'Create a draft signing request from a template as it is',
	subtitle: 'Create a draft from template',
	description:
		'Copy it, unchanged, into a draft signing request. Use it when the template already names the right people.',
	toolDescription:
		'Creates a draft signing request that copies a template exactly, with the people the template names, its fields and settings; nothing is sent. Use it only when the template already names the right people; to fill in other people, use "Create a draft signing request".\nNeeds: the template\'s ID (a UUID from "Get many templates"). Returns the draft: id, name, status, key_mode.',
	method: 'POST',
	path: '/templates/{id}/duplicate',
	// Simplify on: the credential's workspace, once per run (domain/readBack.ts).
	lookups: [callName(ENDPOINTS.getSigningRequest)],
	output: {
		unwrap: 'signing_request',
		simplify: 'signingRequest',
		// A warning when the workspace could not be read (domain/readBack.ts fillWorkspace).
		simplified: { 'warnings?': { type: 'array', items: { type: 'string' } } },
	},
};

export const description: INodeProperties[] = [
	templateLocator,
	{
		displayName:
			"This creates a draft signing request (not a template) with the template's recipients as they are. Send it with Signing Request → Send once they are the right people; to fill them in and send in one step, use Signing Request → Create and Send instead.",
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
			'The name of the new signing request (at most 255 characters). Leave empty to use the template\'s name. The output item is the new signing request itself (ID, name, status, document_url, …); with Simplify off, as the service answers it, with its message in "message".',
	},
	simplifyField,
];

export async function execute(
	this: IExecuteFunctions,
	i: number,
	run: NodeRun,
): Promise<INodeExecutionData[]> {
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
	// The copy is a new draft (api-reference T11).
	const items = simplifyItems(this, i, 'signingRequest', toItems(json, response.keyMode), {
		status: 'draft',
	});
	return simplifyOn(this, i) ? await fillWorkspace(this, run, items) : items;
}
