import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';

import { listEntries, toItems } from '../../helpers/output';
import { callApi } from '../../../shared/transport';
import type { OperationMeta } from '../types';

export const meta: OperationMeta = {
	value: 'listCompanySignerTerms',
	name: 'Get Many (Company)',
	action: 'Get many company signer terms',
	subtitle: 'Get company signer terms',
	description: "List the company's default signer terms, one item per language (protected key)",
	method: 'GET',
	path: '/company/signer-terms',
	output: { entries: 'terms' },
};

export const description: INodeProperties[] = [];

export async function execute(this: IExecuteFunctions): Promise<INodeExecutionData[]> {
	const response = await callApi(this, meta);
	return toItems(listEntries(this, response.body, 'terms'), response.keyMode);
}
