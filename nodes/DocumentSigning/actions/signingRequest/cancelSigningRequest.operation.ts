import type {
	IDataObject,
	IExecuteFunctions,
	INodeExecutionData,
	INodeProperties,
} from 'n8n-workflow';

import { getIdParameter } from '../../domain/ids';
import { toItems } from '../../helpers/output';
import { callApi } from '../../../shared/transport';
import { signingRequestLocator } from '../common.descriptions';
import type { OperationMeta } from '../types';
import { fail } from '../../helpers/errors';

export const meta: OperationMeta = {
	value: 'cancelSigningRequest',
	name: 'Cancel',
	action: 'Cancel a signing request',
	description:
		'Stop a sent signing request that is not finished yet; recipients can no longer sign',
	toolDescription:
		'Cancels a sent signing request that is not finished yet: nobody can sign it any more, and it cannot be reopened (the document would have to be sent again as a new request). Use it only when the user asks to cancel or withdraw this request. A draft that was never sent is deleted instead ("Delete a signing request").\nNeeds: the signing request\'s ID (a UUID); a reason shown to the signers, if this tool asks for one.\nReturns: message, signing_request_id, cancelled_on, emails_sent (signers told), key_mode.',
	method: 'POST',
	path: '/signing-requests/{id}/cancel',
};

const MAX_REASON = 500;

export const description: INodeProperties[] = [
	signingRequestLocator,
	{
		displayName: 'Reason',
		name: 'reason',
		type: 'string',
		typeOptions: { rows: 2 },
		default: '',
		description: `Why the request is cancelled, shown to the signers (at most ${MAX_REASON} characters)`,
	},
	{
		displayName: 'Notify Signers',
		name: 'notifySigners',
		type: 'boolean',
		default: true,
		description: 'Whether to email the signers that the request was cancelled',
	},
];

export async function execute(this: IExecuteFunctions, i: number): Promise<INodeExecutionData[]> {
	const id = getIdParameter(this, 'signingRequestId', i, 'Signing Request');
	const reason = String(this.getNodeParameter('reason', i, '') ?? '').trim();
	if (reason.length > MAX_REASON) {
		fail(this, `"Reason" is ${reason.length} characters long; at most ${MAX_REASON} are allowed`);
	}
	const body: IDataObject = {
		notify_signers: this.getNodeParameter('notifySigners', i, true) !== false,
	};
	if (reason !== '') body.reason = reason;
	const response = await callApi(this, meta, { params: { id }, body });
	return toItems(response.body, response.keyMode);
}
