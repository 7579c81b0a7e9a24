import type {
	IDataObject,
	IExecuteFunctions,
	INodeExecutionData,
	INodeProperties,
} from 'n8n-workflow';

import { getIdParameter } from '../../domain/ids';
import { simplifyField, simplifyItems, toItems } from '../../helpers/output';
import { callApi } from '../../../shared/transport';
import { templateLocator } from '../common.descriptions';
import type { OperationMeta } from '../types';

export const meta: OperationMeta = {
	value: 'getTemplate',
	name: 'Get',
	action: 'Get a template',
	description:
		'Get a template with its users, fields, settings and a fresh link to its document (valid 1 hour)',
	method: 'GET',
	path: '/templates/{id}',
	output: { simplify: 'template' },
};

export const description: INodeProperties[] = [templateLocator, simplifyField];

export async function execute(this: IExecuteFunctions, i: number): Promise<INodeExecutionData[]> {
	const id = getIdParameter(this, 'templateId', i, 'Template');
	const response = await callApi(this, meta, { params: { id } });
	return simplifyItems(
		this,
		i,
		'template',
		toItems(response.body as IDataObject, response.keyMode),
	);
}
