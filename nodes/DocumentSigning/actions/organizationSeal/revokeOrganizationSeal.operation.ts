import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';

import { getIdParameter } from '../../domain/ids';
import { toItems } from '../../helpers/output';
import { callApi } from '../../../shared/transport';
import { sealLocator } from '../common.descriptions';
import type { OperationMeta } from '../types';
import { sealErrorExplainer } from './seal.inputs';

export const meta: OperationMeta = {
	value: 'revokeOrganizationSeal',
	name: 'Revoke',
	action: 'Revoke an organization seal',
	description:
		'Revoke a seal so it can no longer be used (a soft delete: it stays readable and can be erased later)',
	method: 'DELETE',
	path: '/seals/{id}',
};

export const description: INodeProperties[] = [
	sealLocator,
	{
		displayName: 'Cancel Pending Signing Requests',
		name: 'stopPending',
		type: 'boolean',
		default: false,
		description:
			'Whether to also cancel the signing requests in progress that use this seal. Off: they are only reported (in_flight_requests) and keep running.',
	},
	{
		displayName:
			'Company-scope seals can only be revoked with the protected (company-level) API key. Revoking cannot be undone.',
		name: 'revokeNotice',
		type: 'notice',
		default: '',
	},
];

export async function execute(this: IExecuteFunctions, i: number): Promise<INodeExecutionData[]> {
	const id = getIdParameter(this, 'sealId', i, 'Organization Seal');
	const stopPending = this.getNodeParameter('stopPending', i, false) as boolean;
	const response = await callApi(this, meta, {
		params: { id },
		qs: { stop_pending: stopPending },
		explain: sealErrorExplainer,
	});
	return toItems(response.body, response.keyMode);
}
