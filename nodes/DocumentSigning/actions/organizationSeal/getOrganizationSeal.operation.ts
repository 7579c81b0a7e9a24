import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';

import { getIdParameter } from '../../domain/ids';
import { toItems } from '../../helpers/output';
import { callApi } from '../../../shared/transport';
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
	const response = await callApi(this, meta, { params: { id }, explain: sealErrorExplainer });
	return toItems(response.body, response.keyMode);
}
