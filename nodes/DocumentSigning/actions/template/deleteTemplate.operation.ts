import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';

import { getIdParameter } from '../../domain/ids';
import { deletedItems, deletedOutput, ID_OUTPUT } from '../../helpers/output';
import { callApi } from '../../../shared/transport';
import { templateLocator } from '../common.descriptions';
import type { OperationMeta } from '../types';

export const meta: OperationMeta = {
	value: 'deleteTemplate',
	name: 'Delete',
	action: 'Delete a template',
	description: 'Delete a template. Signing requests already made from it are not affected.',
	method: 'DELETE',
	path: '/templates/{id}',
	output: deletedOutput(ID_OUTPUT),
};

export const description: INodeProperties[] = [templateLocator];

export async function execute(this: IExecuteFunctions, i: number): Promise<INodeExecutionData[]> {
	const id = getIdParameter(this, 'templateId', i, 'Template');
	const response = await callApi(this, meta, { params: { id } });
	return deletedItems(id, response.body, response.keyMode);
}
