import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';

import { deletedItems, deletedOutput } from '../../helpers/output';
import { callApi } from '../../../shared/transport';
import type { OperationMeta } from '../types';
import { languageField, readLanguage, LANGUAGE_OUTPUT } from './signerTerms.common';

export const meta: OperationMeta = {
	value: 'deleteCompanySignerTerms',
	name: 'Delete (Company)',
	action: 'Delete company signer terms',
	description: "Delete the company's default signer terms for one language (protected key)",
	method: 'DELETE',
	path: '/company/signer-terms/{language}',
	output: deletedOutput(LANGUAGE_OUTPUT, { language: LANGUAGE_OUTPUT }),
};

export const description: INodeProperties[] = [languageField('delete')];

export async function execute(this: IExecuteFunctions, i: number): Promise<INodeExecutionData[]> {
	const language = readLanguage(this, i);
	const response = await callApi(this, meta, { params: { language } });
	return deletedItems(language, response.body, response.keyMode, { language });
}
