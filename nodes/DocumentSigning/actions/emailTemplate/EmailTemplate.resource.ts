import type { ResourceModule } from '../types';
import { operationFields, operationOptions } from '../resource';
import * as deleteCompanyEmailTemplate from './deleteCompanyEmailTemplate.operation';
import * as deleteWorkspaceEmailTemplate from './deleteWorkspaceEmailTemplate.operation';
import * as getEmailTemplateDefaults from './getEmailTemplateDefaults.operation';
import * as getWorkspaceEmailTemplate from './getWorkspaceEmailTemplate.operation';
import * as listCompanyEmailTemplates from './listCompanyEmailTemplates.operation';
import * as listEmailTemplatePlaceholders from './listEmailTemplatePlaceholders.operation';
import * as listWorkspaceEmailTemplates from './listWorkspaceEmailTemplates.operation';
import * as updateCompanyEmailTemplate from './updateCompanyEmailTemplate.operation';
import * as updateWorkspaceEmailTemplate from './updateWorkspaceEmailTemplate.operation';

const operations = {
	listWorkspaceEmailTemplates,
	getWorkspaceEmailTemplate,
	updateWorkspaceEmailTemplate,
	deleteWorkspaceEmailTemplate,
	listCompanyEmailTemplates,
	updateCompanyEmailTemplate,
	deleteCompanyEmailTemplate,
	getEmailTemplateDefaults,
	listEmailTemplatePlaceholders,
};

export const emailTemplate: ResourceModule = {
	value: 'emailTemplate',
	name: 'Email Template',
	area: 'Email Templates',
	operations,
	description: [
		{
			displayName: 'Operation',
			name: 'operation',
			type: 'options',
			noDataExpression: true,
			displayOptions: { show: { resource: ['emailTemplate'] } },
			options: operationOptions(operations),
			default: 'listWorkspaceEmailTemplates',
		},
		...operationFields('emailTemplate', operations),
	],
};
