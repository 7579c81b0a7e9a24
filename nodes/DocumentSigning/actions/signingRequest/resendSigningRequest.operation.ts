import type {
	IDataObject,
	IExecuteFunctions,
	INodeExecutionData,
	INodeProperties,
} from 'n8n-workflow';

import { checkId, getIdParameter } from '../../domain/ids';
import { toItems } from '../../helpers/output';
import { callApi } from '../../../shared/transport';
import { signingRequestLocator } from '../common.descriptions';
import type { OperationMeta } from '../types';
import { fail } from '../../helpers/errors';

export const meta: OperationMeta = {
	value: 'resendSigningRequest',
	name: 'Resend',
	action: 'Resend a signing request',
	description:
		'Email the signing invitation again to recipients whose turn it is and who have not signed yet',
	toolDescription:
		"Emails the signing invitation again to the recipients whose turn it is and who have not signed yet, on a sent signing request that is still open. Use it when the user says someone did not get or lost the email; every call emails them again, so do not repeat it.\nNeeds: the signing request's ID (a UUID).\nReturns: message, signing_request_id, recipients_notified, recipients_failed, recipients (id, email, name of each one emailed), key_mode.",
	method: 'POST',
	path: '/signing-requests/{id}/resend',
};

const MAX_MESSAGE = 1000;

export const description: INodeProperties[] = [
	signingRequestLocator,
	{
		displayName: 'Recipient Names or IDs',
		name: 'recipientIds',
		type: 'multiOptions',
		typeOptions: {
			loadOptionsMethod: 'getSigningRequestRecipients',
			loadOptionsDependsOn: ['signingRequestId.value'],
		},
		default: [],
		required: true,
		description:
			'Who gets the invitation again: only recipients at the current signing order who have not signed. Choose from the list, or specify IDs using an <a href="https://docs.n8n.io/code/expressions/">expression</a>.',
	},
	{
		displayName: 'Custom Message',
		name: 'customMessage',
		type: 'string',
		typeOptions: { rows: 3 },
		default: '',
		description: `A personal message added to the email (at most ${MAX_MESSAGE} characters)`,
	},
];

/** Recipient IDs from the multi-select, or from an expression (a list, or text separated by commas). */
function readRecipientIds(context: IExecuteFunctions, i: number): string[] {
	const value = context.getNodeParameter('recipientIds', i, []) as unknown;
	const raw = (Array.isArray(value) ? value : String(value ?? '').split(/[\s,;]+/))
		.map((entry) =>
			entry && typeof entry === 'object'
				? ((entry as IDataObject).id ?? (entry as IDataObject).value)
				: entry,
		)
		.map((entry) => String(entry ?? '').trim())
		.filter((entry) => entry !== '');
	if (raw.length === 0) {
		fail(
			context,
			'"Recipients" is empty',
			'Choose at least one recipient to send the invitation to again.',
		);
	}
	return [...new Set(raw.map((id) => checkId(context, id, 'Recipients')))];
}

export async function execute(this: IExecuteFunctions, i: number): Promise<INodeExecutionData[]> {
	const id = getIdParameter(this, 'signingRequestId', i, 'Signing Request');
	const recipientIds = readRecipientIds(this, i);
	const message = String(this.getNodeParameter('customMessage', i, '') ?? '').trim();
	if (message.length > MAX_MESSAGE) {
		fail(
			this,
			`"Custom Message" is ${message.length} characters long; at most ${MAX_MESSAGE} are allowed`,
		);
	}
	const body: IDataObject = { recipient_ids: recipientIds };
	if (message !== '') body.custom_message = message;
	const response = await callApi(this, meta, { params: { id }, body });
	return toItems(response.body, response.keyMode);
}
