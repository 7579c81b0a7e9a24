import type {
	IDataObject,
	IExecuteFunctions,
	INodeExecutionData,
	INodeProperties,
} from 'n8n-workflow';

import { getIdParameter } from '../../domain/ids';
import { toItems } from '../../helpers/output';
import { callApi } from '../../../shared/transport';
import type { OperationMeta } from '../types';
import { SIGNING_REQUEST_OWNER, customFieldBody, customFieldInputs } from './customField.inputs';

export const meta: OperationMeta = {
	value: 'createSigningRequestCustomField',
	name: 'Create (Signing Request)',
	action: 'Create a custom field on a signing request',
	subtitle: 'Create request custom field',
	description: 'Add a custom field definition to a signing request',
	method: 'POST',
	path: '/signing-requests/{request_id}/custom-fields',
};

export const description: INodeProperties[] = [
	SIGNING_REQUEST_OWNER.locator,
	...customFieldInputs(),
];

export async function execute(this: IExecuteFunctions, i: number): Promise<INodeExecutionData[]> {
	const id = getIdParameter(this, 'signingRequestId', i, 'Signing Request');
	const body = customFieldBody(this, i);
	const response = await callApi(this, meta, { params: { request_id: id }, body });
	return toItems(response.body as IDataObject, response.keyMode);
}
