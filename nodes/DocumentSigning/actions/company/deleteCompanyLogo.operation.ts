import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';

import { deletedItems } from '../../helpers/output';
import { apiRequestWithMeta } from '../../transport';
import type { OperationMeta } from '../types';

export const meta: OperationMeta = {
	value: 'deleteCompanyLogo',
	name: 'Delete Logo',
	action: 'Delete the company logo',
	description: "Remove the company logo; certificates fall back to the service's logo",
	method: 'DELETE',
	path: '/company/logo',
};

export const description: INodeProperties[] = [];

export async function execute(this: IExecuteFunctions, i: number): Promise<INodeExecutionData[]> {
	const response = await apiRequestWithMeta.call(this, 'DELETE', meta.path, { itemIndex: i });
	return deletedItems(undefined, response.body, response.keyMode);
}
