import type { ResourceModule } from '../types';
import { operationFields, operationOptions } from '../resource';
import * as deleteCompanySignerTerms from './deleteCompanySignerTerms.operation';
import * as deleteWorkspaceSignerTerms from './deleteWorkspaceSignerTerms.operation';
import * as listCompanySignerTerms from './listCompanySignerTerms.operation';
import * as listWorkspaceSignerTerms from './listWorkspaceSignerTerms.operation';
import * as updateCompanySignerTerms from './updateCompanySignerTerms.operation';
import * as updateWorkspaceSignerTerms from './updateWorkspaceSignerTerms.operation';

const operations = {
	listCompanySignerTerms,
	updateCompanySignerTerms,
	deleteCompanySignerTerms,
	listWorkspaceSignerTerms,
	updateWorkspaceSignerTerms,
	deleteWorkspaceSignerTerms,
};

export const signerTerms: ResourceModule = {
	value: 'signerTerms',
	name: 'Signer Terms',
	area: 'Signer Terms',
	operations,
	description: [
		{
			displayName: 'Operation',
			name: 'operation',
			type: 'options',
			noDataExpression: true,
			displayOptions: { show: { resource: ['signerTerms'] } },
			options: operationOptions(operations),
			default: 'listCompanySignerTerms',
		},
		...operationFields('signerTerms', operations),
	],
};
