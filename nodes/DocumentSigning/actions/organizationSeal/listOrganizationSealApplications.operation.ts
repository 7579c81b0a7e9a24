import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';

import { getIdParameter } from '../../domain/ids';
import { toItems } from '../../helpers/output';
import { callCursor } from '../../../shared/transport';
import { paginationFields, sealLocator } from '../common.descriptions';
import type { OperationMeta } from '../types';
import { sealErrorExplainer } from './seal.inputs';

export const meta: OperationMeta = {
	value: 'listOrganizationSealApplications',
	name: 'Get Applications',
	action: 'Get the applications of an organization seal',
	subtitle: "Get a seal's applications",
	description:
		'List where the seal has been used on signing requests (status applied, paused or pending), one item each',
	method: 'GET',
	path: '/seals/{id}/applications',
	output: { entries: 'applications' },
};

export const description: INodeProperties[] = [sealLocator, ...paginationFields()];

export async function execute(this: IExecuteFunctions, i: number): Promise<INodeExecutionData[]> {
	const id = getIdParameter(this, 'sealId', i, 'Organization Seal');
	const returnAll = this.getNodeParameter('returnAll', i) as boolean;
	const limit = returnAll ? undefined : (this.getNodeParameter('limit', i) as number);
	const { results, keyMode } = await callCursor(this, meta, 'applications', {
		params: { id },
		returnAll,
		limit,
		explain: sealErrorExplainer,
	});
	return toItems(results, keyMode);
}
