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
	value: 'listSigningRequestUsers',
	name: 'Get Recipients',
	action: 'Get the recipients of a signing request',
	description:
		'List the people of a signing request (signers, approvers, CCs) with when each finished or declined, and why',
	method: 'GET',
	path: '/signing-requests/{id}/users',
};

export const description: INodeProperties[] = [signingRequestLocator, ...paginationFields()];

/** Kept on every item, even when the service leaves them out, so they show as columns. */
const PROGRESS_KEYS = ['finished_on', 'declined_on', 'decline_reason'] as const;

export async function execute(this: IExecuteFunctions, i: number): Promise<INodeExecutionData[]> {
	const id = getIdParameter(this, 'signingRequestId', i, 'Signing Request');
	const response = await callApi(this, meta, { params: { id } });
	const users = listEntries(this, response.body).map((user) => {
		const row: IDataObject = { ...user };
		for (const key of PROGRESS_KEYS) if (row[key] === undefined) row[key] = null;
		return row;
	});
	return toItems(limitEntries(this, i, users), response.keyMode);
}
