import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';

import { deletedItems, deletedOutput } from '../../helpers/output';
import { callApi } from '../../../shared/transport';
import type { OperationMeta } from '../types';

export const meta: OperationMeta = {
	value: 'deleteCompanyLogo',
	name: 'Delete Logo',
	action: 'Delete the logo of the company',
	subtitle: 'Delete the company logo',
	description: "Remove the company logo; certificates fall back to the service's logo",
	method: 'DELETE',
	path: '/company/logo',
	output: deletedOutput(undefined),
};

export const description: INodeProperties[] = [];

export async function execute(this: IExecuteFunctions): Promise<INodeExecutionData[]> {
	const response = await callApi(this, meta);
	return deletedItems(undefined, response.body, response.keyMode);
}
