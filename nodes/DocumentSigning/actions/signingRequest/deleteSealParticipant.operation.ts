import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';

import { checkId, getIdParameter } from '../../domain/ids';
import { deletedItems, deletedOutput, ID_OUTPUT } from '../../helpers/output';
import { callApi } from '../../../shared/transport';
import { signingRequestLocator } from '../common.descriptions';
import type { OperationMeta } from '../types';
import { SEAL_PARTICIPANT_FIELD } from '../../domain/sealParticipants';

export const meta: OperationMeta = {
	value: 'deleteSealParticipant',
	name: 'Remove Seal Participant',
	action: 'Remove a seal participant from a signing request',
	subtitle: 'Remove a seal participant',
	description:
		'Remove a seal participant (an organization seal in the signing order) from a draft signing request',
	method: 'DELETE',
	path: '/signing-requests/{id}/seal-participants/{participant_id}',
	output: deletedOutput(ID_OUTPUT, { signing_request_id: ID_OUTPUT }),
};

export const description: INodeProperties[] = [
	signingRequestLocator,
	{
		...SEAL_PARTICIPANT_FIELD.signingRequest,
		description:
			'The seal participant to remove: its ID is in seal_participants of the output of Create (Signing Request → Create)',
	},
];

const LOCKED: Record<string, string> = {
	SIGNING_ORDER_LOCKED_SENT:
		'The signing request has already been sent: its signing order can no longer change.',
	SIGNING_ORDER_LOCKED_APPLIED:
		'The seal has already been applied to the document: it can no longer be removed.',
	PARTICIPANTS_CHANGED:
		'The participants changed while this was processed. Get the signing request again and retry with current IDs.',
};

export async function execute(this: IExecuteFunctions, i: number): Promise<INodeExecutionData[]> {
	const id = getIdParameter(this, 'signingRequestId', i, 'Signing Request');
	const participantId = checkId(
		this,
		this.getNodeParameter('participantId', i, ''),
		'Seal Participant ID',
	);
	const response = await callApi(this, meta, {
		params: { id, participant_id: participantId },
		explain: ({ status, code }) =>
			status === 409
				? {
						message: 'The seal participant cannot be removed now',
						description: `${(code && LOCKED[code]) || 'Seal participants can only be removed from signing requests that have not been sent.'}`,
					}
				: undefined,
	});
	return deletedItems(participantId, response.body, response.keyMode, {
		signing_request_id: id,
	});
}
