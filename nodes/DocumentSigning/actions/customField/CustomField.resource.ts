import type { ResourceModule } from '../types';
import { operationFields, operationOptions } from '../resource';
import * as createSigningRequestCustomField from './createSigningRequestCustomField.operation';
import * as createTemplateCustomField from './createTemplateCustomField.operation';
import * as deleteSigningRequestCustomField from './deleteSigningRequestCustomField.operation';
import * as deleteTemplateCustomField from './deleteTemplateCustomField.operation';
import * as listSigningRequestCustomFields from './listSigningRequestCustomFields.operation';
import * as listTemplateCustomFields from './listTemplateCustomFields.operation';

const operations = {
	listTemplateCustomFields,
	createTemplateCustomField,
	deleteTemplateCustomField,
	listSigningRequestCustomFields,
	createSigningRequestCustomField,
	deleteSigningRequestCustomField,
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
