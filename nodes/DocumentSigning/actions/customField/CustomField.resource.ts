import type { ResourceModule } from '../types';
import { operationFields, operationOptions } from '../resource';
import * as createSigningRequestCustomField from './createSigningRequestCustomField.operation';
import * as createTemplateCustomField from './createTemplateCustomField.operation';
import * as createWorkspaceCustomField from './createWorkspaceCustomField.operation';
import * as deleteSigningRequestCustomField from './deleteSigningRequestCustomField.operation';
import * as deleteTemplateCustomField from './deleteTemplateCustomField.operation';
import * as deleteWorkspaceCustomField from './deleteWorkspaceCustomField.operation';
import * as listSigningRequestCustomFields from './listSigningRequestCustomFields.operation';
import * as listTemplateCustomFields from './listTemplateCustomFields.operation';
import * as listWorkspaceCustomFields from './listWorkspaceCustomFields.operation';
import * as updateWorkspaceCustomField from './updateWorkspaceCustomField.operation';

const operations = {
	listTemplateCustomFields,
	createTemplateCustomField,
	deleteTemplateCustomField,
	listSigningRequestCustomFields,
	createSigningRequestCustomField,
	deleteSigningRequestCustomField,
	listWorkspaceCustomFields,
	createWorkspaceCustomField,
	updateWorkspaceCustomField,
	deleteWorkspaceCustomField,
};

export const customField: ResourceModule = {
	value: 'customField',
	name: 'Custom Field',
	area: 'Custom Fields',
	operations,
	description: [
		{
			displayName: 'Operation',
			name: 'operation',
			type: 'options',
			noDataExpression: true,
			displayOptions: { show: { resource: ['customField'] } },
			options: operationOptions(operations),
			default: 'listTemplateCustomFields',
		},
		...operationFields('customField', operations),
	],
};
