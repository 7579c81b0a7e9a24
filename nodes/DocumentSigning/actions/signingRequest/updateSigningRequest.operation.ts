import type {
	IDataObject,
	IExecuteFunctions,
	INodeExecutionData,
	INodeProperties,
} from 'n8n-workflow';

import { checkId, getIdParameter, isUuid, TEMP_ID } from '../../domain/ids';
import { fillWorkspace, type NodeRun } from '../../domain/readBack';
import { checkSigningRequestProperties } from '../../domain/completion';
import { readFields, fieldsInput } from '../../domain/fields';
import { fieldActionOption, readRecipients, recipientsInput } from '../../domain/recipients';
import { readReminders, remindersInput } from '../../domain/reminders';
import { readSettings, settingsInput } from '../../domain/settings';
import {
	normaliseWarnings,
	signingRequestJson,
	simplifyField,
	simplifyOn,
	toItems,
} from '../../helpers/output';
import { callApi, getKeyMode } from '../../../shared/transport';
import { signingRequestLocator } from '../common.descriptions';
import { callName, type OperationMeta } from '../types';
import { ENDPOINTS } from '../../../shared/endpoints';
import { checkRecipientReferences, explainEditAfterSending, propertiesInput } from './common';
import { fail } from '../../helpers/errors';

export const meta: OperationMeta = {
	value: 'updateSigningRequest',
	name: 'Update',
	action: 'Update a signing request',
	description:
		'Change a draft in one request: properties, settings, recipients (add, change, remove), fields, reminders',
	method: 'PUT',
	path: '/signing-requests/{id}',
	// Simplify on: the credential's workspace, once per run (domain/readBack.ts).
	lookups: [callName(ENDPOINTS.getSigningRequest)],
	output: { warnings: true, simplify: 'signingRequest' },
};

const recipientPicker = (
	displayName: string,
	name: string,
	description: string,
): INodeProperties => ({
	displayName,
	name,
	type: 'options',
	typeOptions: {
		loadOptionsMethod: 'getSigningRequestRecipients',
		loadOptionsDependsOn: ['signingRequestId.value'],
	},
	default: '',
	description: `${description}. Choose from the list, or specify an ID using an <a href="https://docs.n8n.io/code/expressions/">expression</a>.`,
});

export const description: INodeProperties[] = [
	signingRequestLocator,
	{
		displayName:
			"Set only the sections you want to change (at least one). In Recipients, pick someone to change (only what you fill in is changed) or add someone; a new recipient's Temporary ID (temp_…) lets fields and reminders refer to them.",
		name: 'updateNotice',
		type: 'notice',
		default: '',
	},
	propertiesInput,
	...settingsInput('request'),
	...recipientsInput({
		update: 'signingRequest',
		description:
			"Recipients to change (picked from the request's recipients: only what you fill in is changed) or to add",
	}),
	{
		displayName: 'Recipients to Remove',
		name: 'deletedRecipients',
		type: 'fixedCollection',
		typeOptions: { multipleValues: true },
		placeholder: 'Add Recipient to Remove',
		default: {},
		options: [
			{
				name: 'recipient',
				displayName: 'Recipient',
				values: [
					recipientPicker('Recipient Name or ID', 'recipient_id', 'The recipient to remove'),
					fieldActionOption('recipient'),
					{
						...recipientPicker(
							'Reassign To Name or ID',
							'reassign_to_recipient_id',
							'Who gets the fields: a recipient the request already has, of the same designation (not one added in this update)',
						),
						displayOptions: { show: { field_action: ['reassign'] } },
					},
				],
			},
		],
	},
	{
		displayName: 'Force Remove Conditions',
		name: 'forceRemoveConditions',
		type: 'boolean',
		default: false,
		description:
			"Whether to remove recipients even when other fields' conditions refer to their fields (the conditions are removed); otherwise such a removal is refused",
	},
	...fieldsInput({
		description:
			'Fields to change (Field ID set) or add. Recipient ID may be a temp_… ID of a recipient added above. Positions are percentages of the page (0–100).',
	}),
	...remindersInput({ hoursDescription: 'Hours before the request expires' }),
	simplifyField,
];

/** Recipients: existing ones keep `id` (a UUID); new ones carry `_temp_id` (temp_…, unique). */
function checkRecipients(
	context: IExecuteFunctions,
	recipients: IDataObject[] | undefined,
): Set<string> {
	const tempIds = new Set<string>();
	let auto = 0;
	(recipients ?? []).forEach((recipient, index) => {
		const place = `Recipient ${index + 1}`;
		if (recipient.id !== undefined && String(recipient.id).startsWith('temp_')) {
			// From JSON: {"id": "temp_1"} means a new recipient.
			if (recipient._temp_id === undefined) recipient._temp_id = recipient.id;
			delete recipient.id;
		}
		if (recipient.id !== undefined) {
			const id = String(recipient.id).trim();
			if (!isUuid(id)) {
				fail(
					context,
					`${place}: "${id.slice(0, 80)}" is neither a recipient's ID nor a temporary ID (temp_…)`,
				);
			}
			recipient.id = id.toLowerCase();
			return;
		}
		if (recipient._temp_id === undefined) {
			// A new recipient nothing refers to still needs a temporary ID.
			do auto += 1;
			while (
				(recipients ?? []).some(
					(r) => r._temp_id === `temp_new_${auto}` || r.id === `temp_new_${auto}`,
				)
			);
			recipient._temp_id = `temp_new_${auto}`;
		}
		const tempId = String(recipient._temp_id);
		if (!TEMP_ID.test(tempId))
			fail(context, `${place}: the temporary ID "${tempId}" must start with temp_`);
		if (tempIds.has(tempId)) fail(context, `${place}: the temporary ID "${tempId}" is used twice`);
		tempIds.add(tempId);
	});
	const existing = (recipients ?? []).filter((r) => r.id !== undefined).map((r) => String(r.id));
	const duplicate = existing.find((id, index) => existing.indexOf(id) !== index);
	if (duplicate) fail(context, `Recipient ${duplicate} appears twice in Recipients`);
	return tempIds;
}

function readDeletedRecipients(
	context: IExecuteFunctions,
	i: number,
	recipients: IDataObject[] | undefined,
	tempIds: Set<string>,
): IDataObject[] | undefined {
	const collection = context.getNodeParameter('deletedRecipients', i, {}) as IDataObject;
	const entries = Object.values(collection).flatMap((value) =>
		Array.isArray(value) ? (value as IDataObject[]) : [],
	);
	if (entries.length === 0) return undefined;
	const changed = new Set((recipients ?? []).map((r) => String(r.id ?? '')));
	return entries.map((entry, index) => {
		const place = `Recipient to Remove ${index + 1}`;
		const recipientId = checkId(context, entry.recipient_id, place);
		if (changed.has(recipientId))
			fail(
				context,
				`${place}: the recipient is also in Recipients; it cannot be both changed and removed`,
			);
		const action = String(entry.field_action ?? 'delete');
		if (action !== 'delete' && action !== 'reassign') {
			fail(context, `${place}: "Their Fields" must be delete or reassign (got "${action}")`);
		}
		const out: IDataObject = { recipient_id: recipientId, field_action: action };
		if (action === 'reassign') {
			const target = String(entry.reassign_to_recipient_id ?? '').trim();
			if (target === '') fail(context, `${place}: choose who gets the fields ("Reassign To")`);
			if (target.startsWith('temp_')) {
				fail(
					context,
					`${place}: "Reassign To" must be a recipient the request already has, not "${target.slice(0, 80)}"`,
					`${tempIds.has(target) ? 'That recipient is added in this same update; the' : 'The'} service moves fields only to an existing recipient. To give the fields to a new recipient, choose Delete here and add the fields under Fields with its temporary ID.`,
				);
			}
			out.reassign_to_recipient_id = checkId(context, target, `${place}, Reassign To`);
			if (out.reassign_to_recipient_id === recipientId) {
				fail(context, `${place}: the fields cannot be reassigned to the recipient being removed`);
			}
		}
		return out;
	});
}

export async function execute(
	this: IExecuteFunctions,
	i: number,
	run: NodeRun,
): Promise<INodeExecutionData[]> {
	const id = getIdParameter(this, 'signingRequestId', i, 'Signing Request');
	const keyMode = await getKeyMode.call(this, i);
	const body: IDataObject = {};

	const values = this.getNodeParameter('properties', i, {}) as IDataObject;
	const { language, ...properties } = checkSigningRequestProperties(this, values, {
		keyMode,
		label: 'Properties',
	});
	const settings = readSettings(this, i, 'request');
	if (settings) properties.settings = settings;
	if (Object.keys(properties).length) body.signing_request_properties = properties;
	if (language !== undefined) body.language = language;

	const recipients = readRecipients(this, i, {
		referenceKey: '_temp_id',
		update: 'signingRequest',
	});
	const tempIds = checkRecipients(this, recipients);
	if (recipients) body.recipients = recipients;

	const deleted = readDeletedRecipients(this, i, recipients, tempIds);
	if (deleted) body.deleted_recipients = deleted;
	if (this.getNodeParameter('forceRemoveConditions', i, false) === true)
		body.force_remove_conditions = true;

	const fields = readFields(this, i);
	checkRecipientReferences(this, fields, 'Field', tempIds, true);
	(fields ?? []).forEach((field, index) => {
		if (field.id !== undefined && !isUuid(String(field.id))) {
			fail(
				this,
				`Field ${index + 1}: Field ID "${String(field.id).slice(0, 80)}" is not a valid ID`,
			);
		}
	});
	if (fields) body.fields = fields;

	const reminders = readReminders(this, i);
	checkRecipientReferences(this, reminders, 'Reminder', tempIds, true);
	if (reminders) body.reminders = reminders;

	const sections = Object.keys(body).filter((key) => key !== 'force_remove_conditions');
	if (sections.length === 0) {
		fail(
			this,
			'Nothing to update',
			'Set at least one section: Properties, Settings, Recipients, Recipients to Remove, Fields or Reminders.',
		);
	}

	const response = await callApi(this, meta, {
		params: { id },
		body,
		explain: explainEditAfterSending,
	});
	const items = toItems(normaliseWarnings(response.body), response.keyMode);
	if (!simplifyOn(this, i)) return items;
	// The answer is {id, name, signing_request: {…}, recipients, reminders, summary}: the request is
	// its `signing_request` with the recipients beside it. Only a draft can be updated.
	const shaped = items.map((item) => {
		const inner = item.json.signing_request;
		const request =
			inner && typeof inner === 'object' && !Array.isArray(inner)
				? { ...item.json, ...(inner as IDataObject) }
				: item.json;
		return { json: signingRequestJson(request, { status: 'draft' }) };
	});
	return await fillWorkspace(this, run, shaped);
}
