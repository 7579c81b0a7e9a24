import type {
	IDataObject,
	IExecuteFunctions,
	INodeExecutionData,
	INodeProperties,
} from 'n8n-workflow';
import { ApplicationError, updateDisplayOptions } from 'n8n-workflow';

import { checkId, getIdParameter } from '../../domain/ids';
import { normaliseWarnings, toItems } from '../../helpers/output';
import { callApi } from '../../../shared/transport';
import { templateLocator } from '../common.descriptions';
import type { OperationMeta } from '../types';
import {
	PATCH_FIELD_SPEC,
	TEMPLATE_USER_VALUES,
	checkTemplateField,
	checkTemplateUser,
	templateFieldValues,
	readTemplatePropertiesFields,
	templatePropertiesFields,
	templateUserOption,
} from './template.inputs';
import { fail } from '../../helpers/errors';
import { EXPIRATION_HOURS } from '../../domain/completion';
import {
	NEW_SEAL_FIELD,
	readSealParticipant,
	SEAL_PARTICIPANT_FIELD,
} from '../../domain/sealParticipants';

export const meta: OperationMeta = {
	value: 'patchTemplate',
	name: 'Update One Part',
	action: 'Update one part of a template',
	description:
		'Change one thing of a template: its properties, one user, one field, or the seal of a seal participant',
	method: 'PATCH',
	path: '/templates/{id}',
	output: { warnings: true },
};

const show = (part: string) => ({ show: { update: [part] } });

/** One value of a list of n8n fields, renamed for use as a top-level parameter. */
function pick(
	values: INodeProperties[],
	key: string,
	name: string,
	extra: Partial<INodeProperties> = {},
): INodeProperties {
	const value = values.find((v) => v.name === key);
	if (!value) throw new ApplicationError(`No value "${key}"`);
	return { ...value, name, ...extra } as INodeProperties;
}

/** Collection options are listed alphabetically. */
const byName = (values: readonly INodeProperties[]) =>
	[...values].sort((a, b) => a.displayName.localeCompare(b.displayName));

/** Top-level parameters of "add a user" → API keys. */
const USER_ADD_PARAMETERS = {
	userFirstName: 'first_name',
	userEmail: 'email',
	userDesignation: 'designation',
	userOrder: 'order',
} as const;

/** Top-level parameters of "add a field" → API keys. */
const FIELD_ADD_PARAMETERS = {
	fieldType: 'type',
	fieldPage: 'page',
	fieldX: 'x',
	fieldY: 'y',
	fieldWidth: 'width',
	fieldHeight: 'height',
} as const;

const fieldValues = templateFieldValues(PATCH_FIELD_SPEC);
const fieldValuesByName = byName(fieldValues);
const fieldAddKeys: string[] = Object.values(FIELD_ADD_PARAMETERS);
const userAddKeys: string[] = Object.values(USER_ADD_PARAMETERS);

const propertiesPart: INodeProperties[] = templatePropertiesFields('properties', 'Properties');

const userPart: INodeProperties[] = [
	{
		displayName: 'User Action',
		name: 'userAction',
		type: 'options',
		noDataExpression: true,
		options: [
			{ name: 'Add a User', value: 'add' },
			{ name: 'Update a User', value: 'update' },
		],
		default: 'add',
	},
	templateUserOption('User Name or ID', 'userId', 'The user to update', {
		required: true,
		displayOptions: { show: { userAction: ['update'] } },
	}),
	...updateDisplayOptions({ show: { userAction: ['add'] } }, [
		pick(TEMPLATE_USER_VALUES, 'first_name', 'userFirstName', { required: true }),
		pick(TEMPLATE_USER_VALUES, 'email', 'userEmail', { required: true }),
		pick(TEMPLATE_USER_VALUES, 'designation', 'userDesignation'),
		pick(TEMPLATE_USER_VALUES, 'order', 'userOrder'),
		{
			displayName: 'Additional Fields',
			name: 'userAdditionalFields',
			type: 'collection',
			placeholder: 'Add Field',
			default: {},
			options: byName(TEMPLATE_USER_VALUES.filter((v) => !userAddKeys.includes(v.name))),
		},
	]),
	{
		displayName: 'Update Fields',
		name: 'userUpdateFields',
		type: 'collection',
		placeholder: 'Add Field',
		default: {},
		options: byName(TEMPLATE_USER_VALUES),
		displayOptions: { show: { userAction: ['update'] } },
	},
];

const fieldPart: INodeProperties[] = [
	{
		displayName: 'Field Action',
		name: 'fieldAction',
		type: 'options',
		noDataExpression: true,
		options: [
			{ name: 'Add a Field', value: 'add' },
			{ name: 'Update a Field', value: 'update' },
		],
		default: 'add',
	},
	{
		displayName: 'Field Name or ID',
		name: 'fieldId',
		type: 'options',
		typeOptions: {
			loadOptionsMethod: 'getTemplateFields',
			loadOptionsDependsOn: ['templateId.value'],
		},
		default: '',
		required: true,
		description:
			'The field to update (Template → Get Fields lists them). Choose from the list, or specify an ID using an <a href="https://docs.n8n.io/code/expressions/">expression</a>.',
		displayOptions: { show: { fieldAction: ['update'] } },
	},
	...updateDisplayOptions({ show: { fieldAction: ['add'] } }, [
		...Object.entries(FIELD_ADD_PARAMETERS).map(([name, key]) => pick(fieldValues, key, name)),
		{
			displayName: 'Additional Fields',
			name: 'fieldAdditionalFields',
			type: 'collection',
			placeholder: 'Add Field',
			default: {},
			options: fieldValuesByName.filter((v) => !fieldAddKeys.includes(v.name)),
		} as INodeProperties,
	]),
	{
		displayName: 'Update Fields',
		name: 'fieldUpdateFields',
		type: 'collection',
		placeholder: 'Add Field',
		default: {},
		options: fieldValuesByName,
		displayOptions: { show: { fieldAction: ['update'] } },
	},
];

const sealPart: INodeProperties[] = [SEAL_PARTICIPANT_FIELD.template, NEW_SEAL_FIELD.template];

export const description: INodeProperties[] = [
	templateLocator,
	{
		displayName: 'Update',
		name: 'update',
		type: 'options',
		noDataExpression: true,
		options: [
			{ name: 'Field', value: 'field', description: 'Add a field to the document, or change one' },
			{
				name: 'Properties',
				value: 'properties',
				description: 'Name, description, expiration, settings, document',
			},
			{
				name: 'Seal Participant',
				value: 'sealParticipant',
				description: 'Swap the seal of a seal participant',
			},
			{ name: 'User', value: 'user', description: 'Add a user (recipient role), or change one' },
		],
		default: 'properties',
		description: 'What to change. One part per call: the service refuses mixed changes.',
	},
	...updateDisplayOptions(show('properties'), propertiesPart),
	...updateDisplayOptions(show('user'), userPart),
	...updateDisplayOptions(show('field'), fieldPart),
	...updateDisplayOptions(show('sealParticipant'), sealPart),
];

async function propertiesBody(this: IExecuteFunctions, i: number): Promise<IDataObject> {
	const body = await readTemplatePropertiesFields.call(
		this,
		i,
		'properties',
		'Template → Update One Part',
	);
	if (Object.keys(body).length === 0) {
		fail(
			this,
			'Nothing to update: add a property, a setting, or turn on "Replace Document"',
			`With "Update" set to Properties, at least one of Name, Description, ${EXPIRATION_HOURS}, a setting or a new document is needed.`,
		);
	}
	return body;
}

function userBody(this: IExecuteFunctions, i: number): IDataObject {
	const action = this.getNodeParameter('userAction', i) as string;
	if (action === 'update') {
		const id = checkId(this, this.getNodeParameter('userId', i), 'User');
		const user = checkTemplateUser(
			this,
			this.getNodeParameter('userUpdateFields', i, {}) as IDataObject,
			'User',
			false,
		);
		if (Object.keys(user).length === 0)
			fail(this, 'Nothing to update: add at least one field in "Update Fields"');
		return { user: { id, ...user } };
	}
	const raw: IDataObject = {
		...(this.getNodeParameter('userAdditionalFields', i, {}) as IDataObject),
	};
	for (const [parameter, key] of Object.entries(USER_ADD_PARAMETERS)) {
		raw[key] = this.getNodeParameter(parameter, i, '') as IDataObject[string];
	}
	return { user: checkTemplateUser(this, raw, 'User', true) };
}

function fieldBody(this: IExecuteFunctions, i: number): IDataObject {
	const action = this.getNodeParameter('fieldAction', i) as string;
	if (action === 'update') {
		const id = checkId(this, this.getNodeParameter('fieldId', i), 'Field ID');
		const raw = this.getNodeParameter('fieldUpdateFields', i, {}) as IDataObject;
		const field = checkTemplateField(this, { ...raw, id }, 'Field', PATCH_FIELD_SPEC);
		if (Object.keys(field).length === 1)
			fail(this, 'Nothing to update: add at least one field in "Update Fields"');
		return { field };
	}
	const raw: IDataObject = {
		...(this.getNodeParameter('fieldAdditionalFields', i, {}) as IDataObject),
	};
	for (const [parameter, key] of Object.entries(FIELD_ADD_PARAMETERS)) {
		raw[key] = this.getNodeParameter(parameter, i, '') as IDataObject[string];
	}
	return { field: checkTemplateField(this, raw, 'Field', PATCH_FIELD_SPEC) };
}

function sealBody(this: IExecuteFunctions, i: number): IDataObject {
	return {
		seal_participant: readSealParticipant(this, i),
	};
}

export async function execute(this: IExecuteFunctions, i: number): Promise<INodeExecutionData[]> {
	const id = getIdParameter(this, 'templateId', i, 'Template');
	const part = this.getNodeParameter('update', i) as string;
	let body: IDataObject;
	if (part === 'properties') body = await propertiesBody.call(this, i);
	else if (part === 'user') body = userBody.call(this, i);
	else if (part === 'field') body = fieldBody.call(this, i);
	else if (part === 'sealParticipant') body = sealBody.call(this, i);
	else fail(this, `"Update" must be Properties, User, Field or Seal Participant (got "${part}")`);

	const response = await callApi(this, meta, { params: { id }, body });
	return toItems(normaliseWarnings(response.body as IDataObject), response.keyMode);
}
