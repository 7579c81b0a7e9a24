import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';

import { getIdParameter } from '../../domain/ids';
import { limitEntries, listEntries, toItems } from '../../helpers/output';
import { callApi } from '../../../shared/transport';
import { paginationFields, signingRequestLocator } from '../common.descriptions';
import type { OperationMeta } from '../types';

export const meta: OperationMeta = {
	value: 'listSigningRequestReminders',
	name: 'Get Reminders',
	action: 'Get the reminders of a signing request',
	subtitle: "Get a request's reminders",
	description: 'List the reminder emails set up for a signing request',
	method: 'GET',
	path: '/signing-requests/{id}/reminders',
	output: { entries: '[]' },
};

export const description: INodeProperties[] = [signingRequestLocator, ...paginationFields()];

export async function execute(this: IExecuteFunctions, i: number): Promise<INodeExecutionData[]> {
	const id = getIdParameter(this, 'signingRequestId', i, 'Signing Request');
	// The service answers with a bare array here (unlike most lists, which use {results}).
	const response = await callApi(this, meta, { params: { id } });
	return toItems(limitEntries(this, i, listEntries(this, response.body)), response.keyMode);
}
