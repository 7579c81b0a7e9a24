import type { ResourceModule } from '../types';
import { operationFields, operationOptions } from '../resource';
import * as copyTemplate from './copyTemplate.operation';
import * as createTemplate from './createTemplate.operation';
import * as deleteTemplate from './deleteTemplate.operation';
import * as duplicateTemplate from './duplicateTemplate.operation';
import * as getTemplate from './getTemplate.operation';
import * as listTemplateFields from './listTemplateFields.operation';
import * as listTemplateReminders from './listTemplateReminders.operation';
import * as listTemplates from './listTemplates.operation';
import * as listTemplateUsers from './listTemplateUsers.operation';
import * as patchTemplate from './patchTemplate.operation';
import * as replaceTemplateDocument from './replaceTemplateDocument.operation';
import * as updateTemplate from './updateTemplate.operation';

const operations = {
	listTemplates,
	getTemplate,
	createTemplate,
	patchTemplate,
	updateTemplate,
	deleteTemplate,
	listTemplateUsers,
	listTemplateFields,
	listTemplateReminders,
	replaceTemplateDocument,
	duplicateTemplate,
	copyTemplate,
};

/** First in the Operation dropdown and the node panel: sending from a template, then finding one. */
const LEADING = ['duplicateTemplate', 'listTemplates', 'getTemplate'];

export const template: ResourceModule = {
	value: 'template',
	name: 'Template',
	area: 'Templates',
	operations,
	description: [
		{
			displayName: 'Operation',
			name: 'operation',
			type: 'options',
			noDataExpression: true,
			displayOptions: { show: { resource: ['template'] } },
			options: operationOptions(operations, LEADING),
			default: 'listTemplates',
		},
		...operationFields('template', operations),
	],
};
