import type {
	IDataObject,
	IExecuteFunctions,
	INodeExecutionData,
	INodeProperties,
} from 'n8n-workflow';

import { ENDPOINTS } from '../../../shared/endpoints';
import { getIdParameter } from '../../domain/ids';
import { listEntries, simplifyField, simplifyItems, toItems } from '../../helpers/output';
import { callApi } from '../../../shared/transport';
import { signingRequestLocator } from '../common.descriptions';
import { callName, type OperationMeta } from '../types';

export const meta: OperationMeta = {
	value: 'getSigningRequest',
	name: 'Get',
	action: 'Get a signing request',
	description:
		'Get one signing request: its status (draft, in progress, completed, declined, cancelled, expired), dates and links',
	toolDescription:
		'Reads one signing request: its name, whether it has been sent, and whether it is finished (everyone signed), declined, cancelled or expired, with the dates and who has signed. Use it to answer "has it been signed?" or to check a draft before it is sent.\nNeeds: the signing request\'s ID (a UUID: from the request you created, or from "Get many signing requests" by name or signer email).\nReturns: id, name, status (draft, in_progress, completed: everyone signed, declined, cancelled or expired), created_at, sent_at, completed_at, declined_at, cancelled_at, expires_at, signed_document_url once completed, recipients (name, email, signed_at, declined_at, decline_reason), key_mode.',
	...ENDPOINTS.getSigningRequest,
	// Include Recipients (on by default): the request's recipients, which the detail lacks.
	lookups: [callName(ENDPOINTS.listSigningRequestUsers)],
	output: {
		simplify: 'signingRequest',
		// Simplify off: the detail, with the recipients as the service lists them (Include Recipients).
		fields: {
			'recipients?': {
				type: 'array',
				items: { $ref: '#/definitions/SigningRequestUser' },
			},
		},
	},
};

export const description: INodeProperties[] = [
	signingRequestLocator,
	simplifyField,
	{
		displayName: 'Include Recipients',
		name: 'includeRecipients',
		type: 'boolean',
		default: true,
		description:
			"Whether to read the request's recipients too (one more read per item): who signed, declined and why. The service's detail does not list them.",
	},
];

export async function execute(this: IExecuteFunctions, i: number): Promise<INodeExecutionData[]> {
	const id = getIdParameter(this, 'signingRequestId', i, 'Signing Request');
	const response = await callApi(this, meta, { params: { id } });
	const json: IDataObject = { ...(response.body as IDataObject) };
	if (this.getNodeParameter('includeRecipients', i, true) !== false) {
		const users = await callApi(this, ENDPOINTS.listSigningRequestUsers, { params: { id } });
		json.recipients = listEntries(this, users.body);
	}
	return simplifyItems(this, i, 'signingRequest', toItems(json, response.keyMode));
}
