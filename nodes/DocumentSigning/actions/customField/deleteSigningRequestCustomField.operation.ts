import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';

import { getIdParameter } from '../../domain/ids';
import { deletedItems, deletedOutput, ID_OUTPUT } from '../../helpers/output';
import { callApi } from '../../../shared/transport';
import type { OperationMeta } from '../types';
import { SIGNING_REQUEST_OWNER, customFieldId, customFieldIdInput } from './customField.inputs';

export const meta: OperationMeta = {
	value: 'deleteSigningRequestCustomField',
	name: 'Delete (Signing Request)',
	action: 'Delete a custom field from a signing request',
	subtitle: 'Delete request custom field',
	description: 'Remove a custom field definition from a signing request',
	method: 'DELETE',
	path: '/signing-requests/{request_id}/custom-fields/{field_id}',
	output: deletedOutput(ID_OUTPUT, { signing_request_id: ID_OUTPUT }),
};

export const description: INodeProperties[] = [
	SIGNING_REQUEST_OWNER.locator,
	customFieldIdInput(SIGNING_REQUEST_OWNER),
];

export async function execute(this: IExecuteFunctions, i: number): Promise<INodeExecutionData[]> {
	const id = getIdParameter(this, 'signingRequestId', i, 'Signing Request');
	const fieldId = customFieldId(this, i);
	const response = await callApi(this, meta, { params: { request_id: id, field_id: fieldId } });
	// The answer is only {message}; the ids tell the next node which field went.
	return deletedItems(fieldId, response.body, response.keyMode, { signing_request_id: id });
}
