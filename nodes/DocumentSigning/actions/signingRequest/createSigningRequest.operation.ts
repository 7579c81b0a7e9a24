import type {
	IDataObject,
	IExecuteFunctions,
	INodeExecutionData,
	INodeProperties,
} from 'n8n-workflow';

import { isUuid } from '../../domain/ids';
import { fillWorkspace, type NodeRun } from '../../domain/readBack';
import {
	readFieldOverrides,
	readFields,
	fieldOverridesInput,
	fieldsInput,
} from '../../domain/fields';
import type { RecipientList } from '../../domain/recipients';
import { readRecipientList, readRecipients } from '../../domain/recipients';
import { readReminders, remindersInput } from '../../domain/reminders';
import { readSettings, settingsInput } from '../../domain/settings';
import {
	normaliseWarnings,
	simplifyField,
	simplifyItems,
	simplifyOn,
	toItems,
} from '../../helpers/output';
import { callApi, getKeyMode } from '../../../shared/transport';
import { templateLocator } from '../common.descriptions';
import { callName, type OperationMeta } from '../types';
import { ENDPOINTS } from '../../../shared/endpoints';
import {
	additionalOptions,
	checkNewRecipientIds,
	checkSourcePayload,
	checkAgainstTemplate,
	checkRecipientReferences,
	forSource,
	recipientsBySource,
	nameFromFile,
	readOptions,
	readSource,
	signingRequestPdfField,
	sourceField,
	templateNotFound,
} from './common';
import { fail } from '../../helpers/errors';

export const meta: OperationMeta = {
	value: 'createSigningRequest',
	name: 'Create',
	action: 'Create a draft signing request',
	description:
		'A draft from a template or a PDF, without sending it, to check first. To send at once, use Create and Send.',
	toolDescription:
		'Creates a draft signing request from a template: nothing is sent and nobody is emailed. The safe way to prepare a document for signature: a person checks the draft and sends it later ("Send a draft signing request").\nNeeds: the template\'s ID (a UUID from "Get many templates", found by the template\'s name; never invent one); the recipients as a JSON array, one object per person taking one recipient role of the template: [{"template_user_id": "<id from Get the users of a template>", "first_name": "Grace", "last_name": "Hopper", "email": "grace@example.com"}] (or "order": 1 instead of template_user_id; {"designation": "CC", "first_name": "…", "email": "…"} adds someone who only gets a copy); a name such as "NDA for Grace Hopper" if this tool asks for one. Use only email addresses the user gave you.\nReturns the draft: id (to check, change, send or delete it), name, status "draft", recipients with their ids and emails, warnings (what to fix before it can be sent), key_mode ("test": a free, watermarked test). If a call fails or times out, check "Get many signing requests" before creating another.',
	method: 'POST',
	path: '/signing-requests',
	// Simplify on: the credential's workspace, once per run (domain/readBack.ts).
	lookups: [callName(ENDPOINTS.getSigningRequest)],
	output: { warnings: true, simplify: 'signingRequest' },
};

/** A request made from a template takes no reminders (api-reference §B.1, variant B). */
export const TEMPLATE_REMINDERS_NOTICE =
	'Reminders come from the template: set them on the template (Template → Update), or change them on the created draft with Signing Request → Update.';

export const description: INodeProperties[] = [
	sourceField,
	...forSource('template', [templateLocator]),
	...forSource('pdf', [signingRequestPdfField]),
	...recipientsBySource,
	...forSource(
		'template',
		fieldOverridesInput(
			"Changes to template fields, matched by Template Field ID (or else by Variable Name); unmatched entries are ignored. Only the changes you add are sent. Leave empty to use the template's fields as they are.",
		),
	),
	...forSource('pdf', fieldsInput()),
	...forSource('pdf', remindersInput({ hoursDescription: 'Hours before the request expires' })),
	...forSource('template', [
		{
			displayName: TEMPLATE_REMINDERS_NOTICE,
			name: 'templateRemindersNotice',
			type: 'notice',
			default: '',
		},
	]),
	...settingsInput('request'),
	additionalOptions({ name: true }),
	simplifyField,
];

function checkTemplateFields(context: IExecuteFunctions, fields: IDataObject[] | undefined): void {
	(fields ?? []).forEach((field, index) => {
		const place = `Field ${index + 1}`;
		if (field.template_field_id !== undefined) {
			if (!isUuid(String(field.template_field_id).trim())) {
				fail(
					context,
					`${place}: Template Field ID "${String(field.template_field_id)}" is not a valid ID`,
				);
			}
		} else if (field.variable_name === undefined && field.variable_defined_name === undefined) {
			fail(
				context,
				`${place}: say which template field to change`,
				'Give its Template Field ID, or its Variable Name. A template-based request cannot get new fields here: add them afterwards with Update.',
			);
		}
	});
}

export async function execute(
	this: IExecuteFunctions,
	i: number,
	run: NodeRun,
): Promise<INodeExecutionData[]> {
	const keyMode = await getKeyMode.call(this, i);
	const options = readOptions(this, i, keyMode);
	const { source, body: sourceBody, fileName, pdfBytes } = await readSource(this, i, 'Create');
	const body: IDataObject = {};

	let recipients: IDataObject[] | undefined;
	let overrides: RecipientList | undefined;
	let fields: IDataObject[] | undefined;
	let reminders: IDataObject[] | undefined;
	if (source === 'template') {
		overrides = readRecipientList(this, i, { requireIdentity: false, newRequest: 'template' });
		recipients = overrides?.recipients;
		fields = readFieldOverrides(this, i);
		checkTemplateFields(this, fields);
	} else {
		recipients = readRecipients(this, i, { referenceKey: 'id', newRequest: 'pdf' });
		const tempIds = checkNewRecipientIds(this, recipients);
		fields = readFields(this, i);
		checkRecipientReferences(this, fields, 'Field', tempIds, false);
		reminders = readReminders(this, i);
		checkRecipientReferences(this, reminders, 'Reminder', tempIds, false);
		if (options.name === undefined) {
			const name = nameFromFile(fileName);
			if (name) body.name = name;
		}
	}
	const settings = readSettings(this, i, 'request');

	Object.assign(body, sourceBody, options);
	if (recipients) body.recipients = recipients;
	if (fields) body.fields = fields;
	if (reminders) body.reminders = reminders;
	if (settings) body.settings = settings;
	checkSourcePayload(this, body, 'Create', pdfBytes);

	await checkAgainstTemplate(this, body.template_id, overrides, { send: false });
	const explain = templateNotFound(body, 'Nothing was created.');
	const response = await callApi(this, meta, { body, explain });
	// A new request is a draft (service-api.md), should the answer not say so.
	const items = simplifyItems(
		this,
		i,
		'signingRequest',
		toItems(normaliseWarnings(response.body), response.keyMode),
		{ status: 'draft' },
	);
	return simplifyOn(this, i) ? await fillWorkspace(this, run, items) : items;
}
