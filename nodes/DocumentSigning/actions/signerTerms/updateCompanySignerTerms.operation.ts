import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';

import { toItems } from '../../helpers/output';
import { callApi } from '../../../shared/transport';
import type { OperationMeta } from '../types';
import {
	languageField,
	readLanguage,
	readTermsBody,
	termsFields,
	termsPutOutput,
	termsPutSchema,
} from './signerTerms.common';

export const meta: OperationMeta = {
	value: 'updateCompanySignerTerms',
	name: 'Set (Company)',
	action: 'Set company signer terms',
	description:
		"Create or replace the company's default signer terms for one language (protected key)",
	method: 'PUT',
	path: '/company/signer-terms/{language}',
	output: termsPutSchema('company'),
};

export const description: INodeProperties[] = [languageField('set'), ...termsFields];

export async function execute(this: IExecuteFunctions, i: number): Promise<INodeExecutionData[]> {
	const language = readLanguage(this, i);
	const body = readTermsBody(this, i);
	const response = await callApi(this, meta, { params: { language }, body });
	return toItems(termsPutOutput(response.body, language), response.keyMode);
}
