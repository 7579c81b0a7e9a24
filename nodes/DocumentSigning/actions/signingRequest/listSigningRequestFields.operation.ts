import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';

import { getIdParameter } from '../../domain/ids';
import { limitEntries, listEntries, toItems } from '../../helpers/output';
import { callApi } from '../../../shared/transport';
import { paginationFields, signingRequestLocator } from '../common.descriptions';
import type { OperationMeta } from '../types';

export const meta: OperationMeta = {
	value: 'listSigningRequestFields',
	name: 'Get Fields',
	action: 'Get the fields of a signing request',
	subtitle: "Get a request's fields",
	description:
		'List the fields placed on the document of a signing request, with the values filled in so far',
	method: 'GET',
	path: '/signing-requests/{id}/fields',
	output: { entries: 'results' },
};

export const description: INodeProperties[] = [signingRequestLocator, ...paginationFields()];

export async function execute(this: IExecuteFunctions, i: number): Promise<INodeExecutionData[]> {
	const id = getIdParameter(this, 'signingRequestId', i, 'Signing Request');
	const response = await callApi(this, meta, { params: { id } });
	return toItems(limitEntries(this, i, listEntries(this, response.body)), response.keyMode);
}
