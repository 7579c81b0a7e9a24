import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { checkId } from './ids';

/**
 * Seal participants: the organization-seal slots of a template or signing request. Swapping one
 * (PATCH `seal_participant` of either) names the participant and the seal it uses from now on.
 */

/**
 * The participant to swap, by ID. No read of the service lists the seal participants of a
 * signing request or template: their IDs are in `seal_participants` of the Create answer.
 */
const participantField = (description: string): INodeProperties => ({
	displayName: 'Seal Participant ID',
	name: 'participantId',
	type: 'string',
	default: '',
	required: true,
	placeholder: '123e4567-e89b-42d3-a456-426614174000',
	description,
});

export const SEAL_PARTICIPANT_FIELD: Record<'signingRequest' | 'template', INodeProperties> = {
	signingRequest: participantField(
		'The seal participant whose seal to swap: its ID is in seal_participants of the output of Create (Signing Request → Create)',
	),
	template: participantField(
		"The ID of the template's seal participant whose seal to swap (no read of the API lists a template's seal participants)",
	),
};

/** The seal the participant uses from now on (an organization seal of the company). */
const newSealField = (what: string): INodeProperties => ({
	displayName: 'New Seal Name or ID',
	name: 'swapToSealId',
	type: 'options',
	typeOptions: { loadOptionsMethod: 'getOrganizationSeals' },
	default: '',
	required: true,
	description: `${what}. Choose from the list, or specify an ID using an <a href="https://docs.n8n.io/code/expressions/">expression</a>.`,
});

export const NEW_SEAL_FIELD: Record<'signingRequest' | 'template', INodeProperties> = {
	signingRequest: newSealField('The organization seal the participant uses from now on'),
	template: newSealField(
		'The organization seal to use instead (it must be usable in this workspace)',
	),
};

/** The `seal_participant` of a PATCH body: both IDs checked, naming the field. */
export function readSealParticipant(context: IExecuteFunctions, itemIndex: number): IDataObject {
	return {
		participant_id: checkId(
			context,
			context.getNodeParameter('participantId', itemIndex, ''),
			'Seal Participant ID',
		),
		swap_to_seal_id: checkId(
			context,
			context.getNodeParameter('swapToSealId', itemIndex, ''),
			'New Seal ID',
		),
	};
}
