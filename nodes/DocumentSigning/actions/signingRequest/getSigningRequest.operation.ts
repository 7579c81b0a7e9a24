import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';

import { getIdParameter } from '../../domain/ids';
import { simplifyField, simplifyItems, toItems } from '../../helpers/output';
import { callApi } from '../../../shared/transport';
import { signingRequestLocator } from '../common.descriptions';
import type { OperationMeta } from '../types';

export const meta: OperationMeta = {
	value: 'getSigningRequest',
	name: 'Get',
	action: 'Get a signing request',
	description:
		'Get one signing request with its status flags (sent, finished, cancelled, declined, expired), timestamps and download links',
	method: 'GET',
	path: '/signing-requests/{id}',
	output: { simplify: 'signingRequest' },
};

export const description: INodeProperties[] = [signingRequestLocator, simplifyField];

export async function execute(this: IExecuteFunctions, i: number): Promise<INodeExecutionData[]> {
	const id = getIdParameter(this, 'signingRequestId', i, 'Signing Request');
	const response = await callApi(this, meta, { params: { id } });
	return simplifyItems(this, i, 'signingRequest', toItems(response.body, response.keyMode));
}
