import type {
	IDataObject,
	IExecuteFunctions,
	INodeExecutionData,
	INodeProperties,
} from 'n8n-workflow';

import { ENDPOINTS } from '../../../shared/endpoints';
import { toRecipient } from '../../../shared/signingRequest';
import { getIdParameter } from '../../domain/ids';
import {
	limitEntries,
	listEntries,
	simplifyField,
	simplifyOn,
	toItems,
} from '../../helpers/output';
import { callApi } from '../../../shared/transport';
import { paginationFields, signingRequestLocator } from '../common.descriptions';
import type { OperationMeta } from '../types';

/** Kept on every item with Simplify off, even when the service leaves them out, so they show as columns. */
const PROGRESS_KEYS = ['finished_on', 'declined_on', 'decline_reason'] as const;

export const meta: OperationMeta = {
	value: 'listSigningRequestUsers',
	name: 'Get Recipients',
	action: 'Get the recipients of a signing request',
	subtitle: "Get a request's recipients",
	description:
		'List the people of a signing request (signers, approvers, CCs) with when each signed or declined, and why',
	toolDescription:
		"Lists the people of a signing request, one item each: id, name, first_name, last_name, email, designation (Signer, Approver or CC), order, signed_at (when they signed or approved; empty: not yet), declined_at and decline_reason. Use it to tell who has signed and who is still missing, or to check the recipients of a draft before it is sent.\nNeeds: the signing request's ID (a UUID).",
	...ENDPOINTS.listSigningRequestUsers,
	// Simplify on: each recipient in the one shape (nodes/shared/signingRequest.ts RECIPIENT_KEYS).
	output: { entries: 'results', require: [...PROGRESS_KEYS], simplify: 'recipient' },
};

export const description: INodeProperties[] = [
	signingRequestLocator,
	...paginationFields(),
	simplifyField,
];

export async function execute(this: IExecuteFunctions, i: number): Promise<INodeExecutionData[]> {
	const id = getIdParameter(this, 'signingRequestId', i, 'Signing Request');
	const response = await callApi(this, meta, { params: { id } });
	const simplify = simplifyOn(this, i);
	const users = listEntries(this, response.body).map((user) => {
		if (simplify) return toRecipient(user);
		const row: IDataObject = { ...user };
		for (const key of PROGRESS_KEYS) if (row[key] === undefined) row[key] = null;
		return row;
	});
	return toItems(limitEntries(this, i, users), response.keyMode);
}
