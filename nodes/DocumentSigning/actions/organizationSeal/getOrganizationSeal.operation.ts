import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';

import { explainApiErrors } from '../../helpers/explain';
import { getIdParameter } from '../../helpers/ids';
import { toItems } from '../../helpers/output';
import type { ApiResponse } from '../../transport';
import { apiRequestWithMeta } from '../../transport';
import { sealLocator } from '../common.descriptions';
import type { OperationMeta } from '../types';
import { sealErrorExplainer } from './seal.inputs';

export const meta: OperationMeta = {
	value: 'getOrganizationSeal',
	name: 'Get',
	action: 'Get an organization seal',
	description: 'Get one organization seal (any version, revoked ones too), without its image',
	method: 'GET',
	path: '/seals/{id}',
};

export const description: INodeProperties[] = [sealLocator];

export async function execute(this: IExecuteFunctions, i: number): Promise<INodeExecutionData[]> {
	const id = getIdParameter(this, 'sealId', i, 'Organization Seal');
	const response = await explainApiErrors(
		this,
		async () =>
			(await apiRequestWithMeta.call(this, 'GET', `/seals/${id}`, { itemIndex: i })) as ApiResponse,
		sealErrorExplainer,
	);
	return toItems(response.body, response.keyMode);
}
