import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';

import { getIdParameter } from '../../domain/ids';
import { toItems } from '../../helpers/output';
import { callCursor } from '../../../shared/transport';
import { paginationFields, sealLocator } from '../common.descriptions';
import type { OperationMeta } from '../types';
import { sealErrorExplainer } from './seal.inputs';

export const meta: OperationMeta = {
	value: 'listOrganizationSealAccessLog',
	name: 'Get Access Log',
	action: 'Get the access log of an organization seal',
	subtitle: "Get a seal's access log",
	description:
		'List what happened to the seal (created, replaced, renamed, revoked, image read …), one item per entry',
	method: 'GET',
	path: '/seals/{id}/access-log',
	output: { entries: 'entries' },
};

export const description: INodeProperties[] = [sealLocator, ...paginationFields()];

export async function execute(this: IExecuteFunctions, i: number): Promise<INodeExecutionData[]> {
	const id = getIdParameter(this, 'sealId', i, 'Organization Seal');
	const returnAll = this.getNodeParameter('returnAll', i) as boolean;
	const limit = returnAll ? undefined : (this.getNodeParameter('limit', i) as number);
	const { results, keyMode } = await callCursor(this, meta, 'entries', {
		params: { id },
		returnAll,
		limit,
		explain: sealErrorExplainer,
	});
	return toItems(results, keyMode);
}
