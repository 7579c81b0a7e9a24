import type {
	IDataObject,
	IExecuteFunctions,
	INodeExecutionData,
	INodeProperties,
} from 'n8n-workflow';

import { getIdParameter } from '../../domain/ids';
import { limitEntries, listEntries, toItems } from '../../helpers/output';
import { callApi } from '../../../shared/transport';
import { paginationFields, signingRequestLocator } from '../common.descriptions';
import type { OperationMeta } from '../types';

export const meta: OperationMeta = {
	value: 'listSigningRequestAuditTrail',
	name: 'Get Audit Trail',
	action: 'Get the audit trail of a signing request',
	subtitle: "Get a request's audit trail",
	description:
		'List what happened to a signing request, oldest first: what admins did (sent, edited …) and signers did (signed …)',
	method: 'GET',
	path: '/signing-requests/{id}/audit',
	output: { entries: 'results' },
};

export const description: INodeProperties[] = [signingRequestLocator, ...paginationFields()];

function timeOf(event: IDataObject): number {
	const time = Date.parse(String(event.timestamp ?? ''));
	return Number.isNaN(time) ? Number.POSITIVE_INFINITY : time;
}

export async function execute(this: IExecuteFunctions, i: number): Promise<INodeExecutionData[]> {
	const id = getIdParameter(this, 'signingRequestId', i, 'Signing Request');
	const response = await callApi(this, meta, { params: { id } });
	// The service documents the trail as chronological; a stable sort keeps it so whatever comes
	// back (events without a readable timestamp keep their place at the end).
	const events = listEntries(this, response.body)
		.map((event, index) => ({ event, index }))
		.sort((a, b) => timeOf(a.event) - timeOf(b.event) || a.index - b.index)
		.map(({ event }) => event);
	return toItems(limitEntries(this, i, events), response.keyMode);
}
