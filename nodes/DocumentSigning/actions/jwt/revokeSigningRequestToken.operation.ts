import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';

import { checkId } from '../../domain/ids';
import { toItems } from '../../helpers/output';
import { callApi } from '../../../shared/transport';
import type { OperationMeta } from '../types';
import { jwtIdField, normaliseRevocation, REVOCATION_OUTPUT } from './jwt.common';

export const meta: OperationMeta = {
	value: 'revokeSigningRequestToken',
	name: 'Revoke Signing Request Token',
	action: 'Revoke a signing request token (embedded editor)',
	subtitle: 'Revoke a request token',
	description: 'Invalidate a signing request editor JWT before it expires',
	method: 'POST',
	path: '/jwt/revoke-signing-request',
	output: REVOCATION_OUTPUT,
};

export const description: INodeProperties[] = [jwtIdField];

export async function execute(this: IExecuteFunctions, i: number): Promise<INodeExecutionData[]> {
	const jwtId = checkId(this, this.getNodeParameter('jwtId', i), 'JWT ID');
	const response = await callApi(this, meta, { body: { jwt_id: jwtId } });
	return toItems(normaliseRevocation(response.body, jwtId), response.keyMode);
}
