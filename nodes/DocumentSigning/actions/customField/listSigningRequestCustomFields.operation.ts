import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';

import { getIdParameter } from '../../domain/ids';
import { limitEntries, listEntries, toItems } from '../../helpers/output';
import { callApi } from '../../../shared/transport';
import { SIGNING_REQUEST_OWNER } from './customField.inputs';
import { paginationFields } from '../common.descriptions';
import type { OperationMeta } from '../types';

export const meta: OperationMeta = {
	value: 'listSigningRequestCustomFields',
	name: 'Get Many (Signing Request)',
	action: 'Get many custom fields of a signing request',
	subtitle: 'Get request custom fields',
	description: 'List the custom field definitions of a signing request, one item each',
	method: 'GET',
	path: '/signing-requests/{request_id}/custom-fields',
	output: { entries: 'custom_fields' },
};

export const description: INodeProperties[] = [
	SIGNING_REQUEST_OWNER.locator,
	...paginationFields(),
];

export async function execute(this: IExecuteFunctions, i: number): Promise<INodeExecutionData[]> {
	const id = getIdParameter(this, 'signingRequestId', i, 'Signing Request');
	const response = await callApi<unknown>(this, meta, { params: { request_id: id } });
	const fields = listEntries(this, response.body, 'custom_fields');
	return toItems(limitEntries(this, i, fields), response.keyMode);
}
