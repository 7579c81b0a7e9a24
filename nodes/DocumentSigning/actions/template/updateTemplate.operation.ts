import type {
	IDataObject,
	IExecuteFunctions,
	INodeExecutionData,
	INodeProperties,
} from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { checkId, getIdParameter } from '../../domain/ids';
import { fieldActionOption, readRecipients, recipientsInput } from '../../domain/recipients';
import { readReminders, remindersInput } from '../../domain/reminders';
import { normaliseWarnings, toItems } from '../../helpers/output';
import { callApi } from '../../../shared/transport';
import { listInput } from '../../domain/lists';
import { templateLocator } from '../common.descriptions';
import type { OperationMeta } from '../types';
import {
	UPDATE_FIELD_SPEC,
	checkTemplateUser,
	readDeletedUsers,
	readTemplateFields,
	templateFieldValues,
	readTemplatePropertiesFields,
	templatePropertiesFields,
	templateUserOption,
} from './template.inputs';
import { fail } from '../../helpers/errors';

export const meta: OperationMeta = {
	value: 'updateTemplate',
	name: 'Update',
	action: 'Update a template',
	description:
		'Change several parts of a template at once: properties, settings, users (add, change, remove), fields, reminders',
	method: 'PUT',
	path: '/templates/{id}',
	output: { warnings: true },
};

const SECTIONS = [
	{
		name: 'Deleted Users',
		value: 'deletedUsers',
		description: 'Remove users, deleting or reassigning their fields',
	},
	{
		name: 'Fields',
		value: 'fields',
		description: 'Add fields, or change existing ones (by Field ID)',
	},
	{
		name: 'Properties',
		value: 'properties',
		description: 'Name, description, expiration, settings, document',
	},
	{
		name: 'Reminders',
		value: 'reminders',
		description: 'Add reminders, or change existing ones (by Reminder ID)',
	},
	{
		name: 'Users',
		value: 'users',
		description: 'Change users (picked from the list) or add new ones',
	},
];

const inSection = (section: string) => ({ show: { sections: [section] } });

/** Replaces display texts of a shared fragment for its template use (values stay the same). */
function relabel(properties: INodeProperties[], texts: Record<string, string>): INodeProperties[] {
	const replace = (text: string | undefined) => {
		if (text === undefined) return text;
		let out = text;
		for (const [from, to] of Object.entries(texts)) out = out.split(from).join(to);
		return out;
	};
	const visit = (property: INodeProperties): INodeProperties => {
		const copy = { ...property, displayName: replace(property.displayName) as string };
		if (property.placeholder !== undefined) copy.placeholder = replace(property.placeholder);
		if (property.description !== undefined) copy.description = replace(property.description);
		if (Array.isArray(property.options)) {
			copy.options = property.options.map((option) => {
				if ('values' in option && Array.isArray(option.values)) {
					return {
						...option,
						displayName: replace(option.displayName) as string,
						values: option.values.map(visit),
					};
				}
				return option;
			}) as INodeProperties['options'];
		}
		return copy;
	};
	return properties.map(visit);
}

const usersSection = relabel(
	recipientsInput({
		update: 'template',
		description:
			"The users (recipient roles) of the template to change (picked from the template's users: only what you fill in is changed) or to add",
	}),
	{ Recipients: 'Users', Recipient: 'User', recipients: 'users' },
);

const deletedUserValues: INodeProperties[] = [
	templateUserOption('User Name or ID', 'user_id', 'The user to remove'),
	fieldActionOption('user'),
	templateUserOption(
		'Reassign To Name or ID',
		'reassign_to_user_id',
		'The user who gets the fields (same designation)',
		{ displayOptions: { show: { field_action: ['reassign'] } } },
	),
];

export const description: INodeProperties[] = [
	templateLocator,
	{
		displayName: 'Update',
		name: 'sections',
		type: 'multiOptions',
		options: SECTIONS,
		default: [],
		description: 'The parts of the template to change in this call',
	},
	...updateDisplayOptions(
		inSection('properties'),
		templatePropertiesFields('templateProperties', 'Template Properties'),
	),
	...updateDisplayOptions(inSection('users'), usersSection),
	...updateDisplayOptions(inSection('deletedUsers'), [
		...listInput({
			name: 'deletedUsers',
			displayName: 'Deleted Users',
			itemName: 'deletedUser',
			itemDisplayName: 'Deleted User',
			values: deletedUserValues,
			description: 'Users to remove from the template, and what happens to their fields',
			jsonExample: '[{"user_id":"…","field_action":"reassign","reassign_to_user_id":"…"}]',
		}),
		{
			displayName: 'Force Remove Conditions',
			name: 'forceRemoveConditions',
			type: 'boolean',
			default: false,
			description:
				'Whether to remove users even when conditions of other fields refer to their fields (the conditions are removed). Off: such removals are refused.',
		},
	]),
	...updateDisplayOptions(
		inSection('fields'),
		listInput({
			name: 'templateFields',
			displayName: 'Fields',
			itemName: 'field',
			itemDisplayName: 'Field',
			values: [
				{
					displayName: 'Field ID',
					name: 'id',
					type: 'string',
					default: '',
					description:
						'The ID of an existing field to change (Template → Get Fields lists them); leave empty to add a field',
				},
				...templateFieldValues(UPDATE_FIELD_SPEC),
			],
			description:
				'Fields to add to the document or change: positions are percentages of the page (0–100)',
			jsonExample:
				'[{"type":"signature","assigned_to_user_id":"…","page":1,"x":10,"y":80,"width":25,"height":5,"required":true}]',
		}),
	),
	...updateDisplayOptions(
		inSection('reminders'),
		relabel(remindersInput({ recipientKey: 'user_id', hoursDescription: 'Hours after sending' }), {
			'Recipient ID': 'User ID',
			'Who to remind when not all recipients':
				'The template user to remind when "All Recipients" is off',
		}),
	),
];

const SECTION_NAMES: Record<string, string> = Object.fromEntries(
	SECTIONS.map((s) => [s.value, s.name]),
);

function emptySection(context: IExecuteFunctions, section: string, what: string): never {
	fail(
		context,
		`"${SECTION_NAMES[section]}" is chosen in "Update" but has nothing in it`,
		`Add ${what}, or remove "${SECTION_NAMES[section]}" from "Update".`,
	);
}

async function templateProperties(this: IExecuteFunctions, i: number): Promise<IDataObject> {
	const properties = await readTemplatePropertiesFields.call(
		this,
		i,
		'templateProperties',
		'Template → Update',
	);
	if (Object.keys(properties).length === 0) {
		emptySection(this, 'properties', 'a property, a setting or a new document');
	}
	return properties;
}

function users(this: IExecuteFunctions, i: number): IDataObject[] {
	const list = readRecipients(this, i, { referenceKey: 'id', label: 'Users', update: 'template' });
	if (!list) emptySection(this, 'users', 'at least one user');
	return list.map((entry, index) => {
		const place = `User ${index + 1}`;
		const { id, ...rest } = entry;
		const user: IDataObject = {};
		if (id !== undefined) user.id = checkId(this, id, `${place}: ID`);
		return { ...user, ...checkTemplateUser(this, rest, place, user.id === undefined) };
	});
}

function reminders(this: IExecuteFunctions, i: number): IDataObject[] {
	const list = readReminders(this, i, 'user_id');
	if (!list) emptySection(this, 'reminders', 'at least one reminder');
	return list.map((entry, index) => {
		const place = `Reminder ${index + 1}`;
		if (entry.id !== undefined) entry.id = checkId(this, entry.id, `${place}: Reminder ID`);
		if (entry.user_id !== undefined)
			entry.user_id = checkId(this, entry.user_id, `${place}: User ID`);
		return entry;
	});
}

export async function execute(this: IExecuteFunctions, i: number): Promise<INodeExecutionData[]> {
	const id = getIdParameter(this, 'templateId', i, 'Template');
	const sections = (this.getNodeParameter('sections', i, []) as string[]) ?? [];
	if (!Array.isArray(sections) || sections.length === 0) {
		fail(
			this,
			'Nothing to update: choose at least one part in "Update"',
			'Pick Properties, Users, Deleted Users, Fields or Reminders, then fill it in. To change a single thing, "Update One Part" is simpler.',
		);
	}
	const body: IDataObject = {};
	if (sections.includes('properties'))
		body.template_properties = await templateProperties.call(this, i);
	if (sections.includes('users')) body.users = users.call(this, i);
	if (sections.includes('deletedUsers')) {
		const deleted = readDeletedUsers(this, i);
		if (!deleted) emptySection(this, 'deletedUsers', 'at least one user to remove');
		body.deleted_users = deleted;
		if (this.getNodeParameter('forceRemoveConditions', i, false) === true)
			body.force_remove_conditions = true;
	}
	if (sections.includes('fields')) {
		const fields = readTemplateFields(this, i, UPDATE_FIELD_SPEC);
		if (!fields) emptySection(this, 'fields', 'at least one field');
		body.fields = fields;
	}
	if (sections.includes('reminders')) body.reminders = reminders.call(this, i);

	const response = await callApi(this, meta, { params: { id }, body });
	return toItems(normaliseWarnings(response.body as IDataObject), response.keyMode);
}
