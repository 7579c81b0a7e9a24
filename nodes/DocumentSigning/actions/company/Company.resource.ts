import type { ResourceModule } from '../types';
import { operationFields, operationOptions } from '../resource';
import * as deleteCompanyLogo from './deleteCompanyLogo.operation';
import * as getCompany from './getCompany.operation';
import * as getCompanySettings from './getCompanySettings.operation';
import * as patchCompany from './patchCompany.operation';
import * as updateCompany from './updateCompany.operation';
import * as updateCompanySettings from './updateCompanySettings.operation';
import * as uploadCompanyLogo from './uploadCompanyLogo.operation';

const operations = {
	getCompany,
	updateCompany,
	patchCompany,
	getCompanySettings,
	updateCompanySettings,
	uploadCompanyLogo,
	deleteCompanyLogo,
};

export const company: ResourceModule = {
	value: 'company',
	name: 'Company',
	area: 'Company',
	operations,
	description: [
		{
			displayName: 'Operation',
			name: 'operation',
			type: 'options',
			noDataExpression: true,
			displayOptions: { show: { resource: ['company'] } },
			options: operationOptions(operations),
			default: 'getCompany',
		},
		...operationFields('company', operations),
	],
};
