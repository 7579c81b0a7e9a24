import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { checkId } from '../../domain/ids';
import { signingRequestLocator, templateLocator, workspaceLocator } from '../common.descriptions';
import { fail } from '../../helpers/errors';

/**
 * What the custom-field operations share: where the definitions live (a template or a signing
 * request), the label / name inputs and their checks, and the field picker.
 */

export interface CustomFieldOwner {
	/** Locator parameter and its label in errors. */
	parameter: 'templateId' | 'signingRequestId' | 'workspaceId';
	label: string;
	locator: INodeProperties;
	/** loadOptions method listing the owner's custom fields. */
	loadOptionsMethod: string;
}

export const TEMPLATE_OWNER: CustomFieldOwner = {
	parameter: 'templateId',
	label: 'Template',
	locator: templateLocator,
	loadOptionsMethod: 'getTemplateCustomFields',
};

export const SIGNING_REQUEST_OWNER: CustomFieldOwner = {
	parameter: 'signingRequestId',
	label: 'Signing Request',
	locator: signingRequestLocator,
	loadOptionsMethod: 'getSigningRequestCustomFields',
};

/** Workspace-level definitions. */
export const WORKSPACE_OWNER: CustomFieldOwner = {
	parameter: 'workspaceId',
	label: 'Workspace',
	locator: workspaceLocator,
	loadOptionsMethod: 'getWorkspaceCustomFields',
};

export const MAX_LABEL_LENGTH = 100;
export const MAX_NAME_LENGTH = 50;

/** Label (required) and name (optional) of a new custom field. */
export function customFieldInputs(): INodeProperties[] {
	return [
		{
			displayName: 'Label',
			name: 'fieldLabel',
			type: 'string',
			default: '',
			required: true,
			placeholder: 'Contract Number',
			description: `What the field is called (at most ${MAX_LABEL_LENGTH} characters)`,
		},
		{
			displayName: 'Additional Fields',
			name: 'additionalFields',
			type: 'collection',
			placeholder: 'Add Field',
			default: {},
			options: [
				{
					displayName: 'Field Name',
					name: 'field_name',
					type: 'string',
					default: '',
					placeholder: 'contract_number',
					description: `The key of the field in data (at most ${MAX_NAME_LENGTH} characters). Leave it out to have the service make one from the label.`,
				},
			],
		},
	];
}

/** The body of a create call, checked: label 1–100 characters, name at most 50. */
export function customFieldBody(context: IExecuteFunctions, itemIndex: number): IDataObject {
	const label = String(context.getNodeParameter('fieldLabel', itemIndex, '') ?? '').trim();
	if (label === '') {
		fail(context, '"Label" is empty');
	}
	if (label.length > MAX_LABEL_LENGTH) {
		fail(
			context,
			`"Label" is ${label.length} characters long; the service accepts at most ${MAX_LABEL_LENGTH}`,
		);
	}
	const additional = context.getNodeParameter('additionalFields', itemIndex, {}) as IDataObject;
	const body: IDataObject = { field_label: label };
	const name = String(additional.field_name ?? '').trim();
	if (name !== '') {
		if (name.length > MAX_NAME_LENGTH) {
			fail(
				context,
				`"Field Name" is ${name.length} characters long; the service accepts at most ${MAX_NAME_LENGTH}`,
			);
		}
		body.field_name = name;
	}
	return body;
}

/** The custom field to delete, picked from the owner's fields. */
export function customFieldIdInput(owner: CustomFieldOwner): INodeProperties {
	return {
		displayName: 'Custom Field Name or ID',
		name: 'customFieldId',
		type: 'options',
		typeOptions: {
			loadOptionsMethod: owner.loadOptionsMethod,
			loadOptionsDependsOn: [`${owner.parameter}.value`],
		},
		default: '',
		required: true,
		description:
			'The custom field to delete. Choose from the list, or specify an ID using an <a href="https://docs.n8n.io/code/expressions/">expression</a>.',
	};
}

export function customFieldId(context: IExecuteFunctions, itemIndex: number): string {
	return checkId(context, context.getNodeParameter('customFieldId', itemIndex, ''), 'Custom Field');
}
