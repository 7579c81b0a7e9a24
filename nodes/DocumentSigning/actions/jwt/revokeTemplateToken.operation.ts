import type {
	IDataObject,
	IExecuteFunctions,
	INodeExecutionData,
	INodeProperties,
} from 'n8n-workflow';

import { checkId } from '../../helpers/ids';
import { toItems } from '../../helpers/output';
import { apiRequest, getKeyMode } from '../../transport';
import type { OperationMeta } from '../types';
import { jwtIdField, normaliseRevocation } from './jwt.common';

export const meta: OperationMeta = {
	value: 'revokeTemplateToken',
	name: 'Revoke Template Token',
	action: 'Revoke a template editor token',
	description: 'Invalidate a template editor JWT before it expires',
	method: 'POST',
	path: '/revoke-template-token',
};

export const description: INodeProperties[] = [jwtIdField];

export async function execute(this: IExecuteFunctions, i: number): Promise<INodeExecutionData[]> {
	const jwtId = checkId(this, this.getNodeParameter('jwtId', i), 'JWT ID', i);
	const body = (await apiRequest.call(this, 'POST', meta.path, {
		body: { jwt_id: jwtId },
		itemIndex: i,
	})) as IDataObject;
	return toItems(normaliseRevocation(body, jwtId), await getKeyMode.call(this, i));
}
