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
import { fail } from '../../domain/errors';

export const meta: OperationMeta = {
	value: 'cancelSigningRequest',
	name: 'Cancel',
	action: 'Cancel a signing request',
	description:
		'Stop a sent signing request that is not finished yet; recipients can no longer sign',
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
