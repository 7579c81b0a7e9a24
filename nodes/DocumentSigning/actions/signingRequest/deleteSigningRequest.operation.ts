import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';

import { getIdParameter } from '../../domain/ids';
import { deletedItems, deletedOutput, ID_OUTPUT } from '../../helpers/output';
import { callApi } from '../../../shared/transport';
import { signingRequestLocator } from '../common.descriptions';
import type { OperationMeta } from '../types';

export const meta: OperationMeta = {
	value: 'deleteSigningRequest',
	name: 'Delete',
	action: 'Delete a signing request',
	description:
		'Delete a draft signing request. Only drafts can be deleted: once sent, use Cancel instead.',
	toolDescription:
		'Deletes a draft signing request that was never sent (nobody was emailed). Use it to discard a draft the user rejected or no longer wants. A sent request cannot be deleted: it is cancelled instead ("Cancel a signing request").\nNeeds: the draft\'s ID (a UUID). Returns: deleted true, id, message, key_mode.',
	method: 'DELETE',
	path: '/signing-requests/{id}',
	output: deletedOutput(ID_OUTPUT),
};

export const description: INodeProperties[] = [
	{
		displayName:
			'Only drafts (not yet sent) can be deleted. To stop a signing request that was sent, use Cancel.',
		name: 'deleteNotice',
		type: 'notice',
		default: '',
	},
	signingRequestLocator,
];

export async function execute(this: IExecuteFunctions, i: number): Promise<INodeExecutionData[]> {
	const id = getIdParameter(this, 'signingRequestId', i, 'Signing Request');
	const response = await callApi(this, meta, {
		params: { id },
		explain: ({ status, code }) =>
			status === 409 || code === 'ALREADY_SENT'
				? {
						message: 'This signing request was already sent, so it cannot be deleted',
						description:
							'Only drafts can be deleted. Use the Cancel operation to stop a signing request that was sent.',
					}
				: undefined,
	});
	return deletedItems(id, response.body, response.keyMode);
}
