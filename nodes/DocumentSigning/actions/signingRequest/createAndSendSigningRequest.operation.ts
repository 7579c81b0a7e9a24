import type {
	IDataObject,
	IExecuteFunctions,
	INodeExecutionData,
	INodeProperties,
} from 'n8n-workflow';

import { parseJsonParameter } from '../../helpers/json';
import {
	fillWorkspace,
	readDetail,
	reasonOf,
	rememberWorkspace,
	withWarning,
	workspaceOfDetail,
	type NodeRun,
} from '../../domain/readBack';
import { flattenEntry } from '../../domain/lists';
import type { RecipientList } from '../../domain/recipients';
import { readRecipientList, readRecipients } from '../../domain/recipients';
import { readSettings, settingsInput } from '../../domain/settings';
import {
	normaliseWarnings,
	simplifyField,
	simplifyItems,
	simplifyOn,
	toItems,
} from '../../helpers/output';
import { compact } from '../../helpers/validation';
import { callApi, getKeyMode } from '../../../shared/transport';
import {
	PREFILL_SOURCES,
	fieldsInput,
	FIELD_TYPE_SETS,
	fieldTypeChoices,
	normaliseFieldType,
} from '../../domain/fields';
import { templateLocator } from '../common.descriptions';
import { callName, type OperationMeta } from '../types';
import { ENDPOINTS } from '../../../shared/endpoints';
import {
	additionalOptions,
	checkNewRecipientIds,
	checkAgainstTemplate,
	checkRecipientReferences,
	forSource,
	signingRequestNameField,
	recipientsBySource,
	readOptions,
	readSource,
	checkSourcePayload,
	sendNotice,
	signingRequestPdfField,
	sourceField,
	templateNotFound,
} from './common';
import { fail } from '../../helpers/errors';

export const meta: OperationMeta = {
	value: 'createAndSendSigningRequest',
	name: 'Create and Send',
	action: 'Create and send a document for signature',
	subtitle: 'Create and send for signature',
	description:
		'Create from a template or a PDF and send, in one step: the usual way to get a document signed (live key: uses credits)',
	toolDescription:
		'Sends a document for legally binding e-signature right away: creates a signing request from a template and emails every recipient at once. It cannot be taken back (only cancelled) and, with a live key, uses credits. Call it only when the user has confirmed the template, the name and each recipient\'s name and email address; never guess or make up an email address: ask the user instead. If a person should check it before it goes out, use "Create a draft signing request" instead.\nNeeds: the template\'s ID (a UUID from "Get many templates", found by the template\'s name; never invent one); a name, e.g. "NDA for Grace Hopper"; the recipients as a JSON array, one object per person taking one recipient role of the template: [{"template_user_id": "<id from Get the users of a template>", "first_name": "Grace", "last_name": "Hopper", "email": "grace@example.com"}] (or "order": 1 instead of template_user_id; {"designation": "CC", "first_name": "…", "email": "…"} adds someone who only gets a copy).\nReturns the signing request: id (keep it to check, resend, cancel or download it), name, status, recipients, key_mode ("test": a free, watermarked test). If a call fails or times out, check "Get many signing requests" before calling it again: never send twice.',
	method: 'POST',
	path: '/signing-requests/create-and-send',
	// Simplify on: Read Expiry Date reads the sent request's detail (its expiry and workspace);
	// without it, the credential's workspace is read once per run (domain/readBack.ts).
	lookups: [callName(ENDPOINTS.getSigningRequest)],
	output: { warnings: true, simplify: 'signingRequest' },
};

/** Field types of create-and-send. */
const FIELD_TYPES = FIELD_TYPE_SETS.createAndSend.types;

/** Keys of a create-and-send field (flat coordinates). */
const FIELD_KEYS = new Set([
	'recipient_id',
	'type',
	'page',
	'x',
	'y',
	'width',
	'height',
	'variable_name',
	'variable_defined_name',
	'required',
	'read_only',
	'final_value',
	'background_color',
	'dropdown_options',
	'seal_participant_temp_id',
]);

const FORM_POINT_FIELDS: INodeProperties[] = [
	{
		displayName: 'X (Points From Left)',
		name: 'x',
		type: 'number',
		typeOptions: { minValue: 0 },
		default: 100,
		description: 'Distance from the left edge of the page in PDF points (72 points = 1 inch)',
	},
	{
		displayName: 'Y (Points From Top)',
		name: 'y',
		type: 'number',
		typeOptions: { minValue: 0 },
		default: 600,
		description: 'Distance from the top edge of the page in PDF points (72 points = 1 inch)',
	},
	{
		displayName: 'Width (Points)',
		name: 'width',
		type: 'number',
		typeOptions: { minValue: 1 },
		default: 200,
	},
	{
		displayName: 'Height (Points)',
		name: 'height',
		type: 'number',
		typeOptions: { minValue: 1 },
		default: 50,
	},
];

/**
 * The shared fields form, adapted to this endpoint: flat coordinates in PDF points (as the API's
 * create-and-send examples use them), "Prefill From" sent as variable_name, and no date options.
 */
function createAndSendFieldsInput(): INodeProperties[] {
	return fieldsInput({
		description:
			'Where recipients sign or fill in. This operation places fields in PDF points (1/72 inch) from the top-left corner of the page.',
		adapt: (all) => {
			const values: INodeProperties[] = [];
			for (const value of all) {
				if (['id', 'variable_name', 'date_format', 'date_signing_default'].includes(value.name))
					continue;
				if (value.name === 'type')
					values.push({ ...value, options: fieldTypeChoices(FIELD_TYPES) });
				else if (value.name === 'x') values.push(...FORM_POINT_FIELDS);
				else if (['y', 'width', 'height'].includes(value.name)) continue;
				else if (value.name === 'prefilled_data') {
					const prefill: INodeProperties = {
						...value,
						description:
							"Fill the field from the recipient's details (sent as the field's variable name)",
					};
					delete prefill.displayOptions;
					values.push(prefill);
				} else values.push(value);
			}
			return values;
		},
	}).map((property) =>
		property.name === 'fieldsJson'
			? {
					...property,
					description:
						'Fields as a JSON array in the flat form this operation sends (coordinates in PDF points), e.g. [{"type":"signature","recipient_id":"temp_1","page":1,"x":100,"y":600,"width":200,"height":50,"required":true}].',
				}
			: property,
	);
}

export const description: INodeProperties[] = [
	sendNotice,
	sourceField,
	...forSource('template', [templateLocator]),
	...forSource('pdf', [signingRequestPdfField]),
	signingRequestNameField,
	...recipientsBySource,
	...forSource('pdf', createAndSendFieldsInput()),
	{
		displayName: 'Reminders',
		name: 'reminderSchedule',
		type: 'fixedCollection',
		typeOptions: { multipleValues: true },
		placeholder: 'Add Reminder',
		default: {},
		description: 'Reminder emails to recipients who have not signed yet',
		options: [
			{
				name: 'reminder',
				displayName: 'Reminder',
				values: [
					{
						displayName: 'Hours Before Expiration',
						name: 'hours_before_expiration',
						type: 'number',
						typeOptions: { minValue: 1, numberPrecision: 0 },
						default: 24,
						description: 'When to send the reminder, in hours before the request expires',
					},
				],
			},
		],
	},
	...settingsInput('createAndSend'),
	additionalOptions(),
	simplifyField,
	{
		displayName: 'Read Expiry Date',
		name: 'readExpiryDate',
		type: 'boolean',
		default: true,
		displayOptions: { show: { simplify: [true] } },
		description:
			"Whether to read the sent request once more (one more read per item) for its expiry date (expires_at), which the service's answer to Create and Send lacks. If that read fails, the request is still output (it was sent: do not send it again), with expires_at empty and a warning.",
	},
];

function normaliseType(value: IDataObject[string]): IDataObject[string] {
	return normaliseFieldType(FIELD_TYPE_SETS.createAndSend, value);
}

/** A fields-form entry in this endpoint's keys. */
function fromForm(entry: IDataObject): IDataObject {
	const {
		page_number: page,
		read_only_value: readOnlyValue,
		prefilled_data: prefill,
		...rest
	} = compact(entry);
	const flat: IDataObject = { ...rest, page };
	if (readOnlyValue !== undefined && entry.read_only === true) flat.final_value = readOnlyValue;
	if (prefill !== undefined) flat.variable_name = prefill;
	return flat;
}

function checkFlat(context: IExecuteFunctions, raw: IDataObject, place: string): IDataObject {
	const field = compact(raw);
	field.type = normaliseType(field.type);
	for (const key of Object.keys(field)) {
		if (!FIELD_KEYS.has(key)) {
			fail(
				context,
				`${place}: "${key}" is not a field key of Create and Send`,
				`Allowed: ${[...FIELD_KEYS].join(', ')}.`,
			);
		}
	}
	if (field.type === undefined) fail(context, `${place}: "type" is required`);
	if (!FIELD_TYPES.includes(field.type as never)) {
		fail(context, `${place}: type "${String(field.type)}" is not one of ${FIELD_TYPES.join(', ')}`);
	}
	const page = Number(field.page);
	if (field.page === undefined || !Number.isInteger(page) || page < 1) {
		fail(
			context,
			`${place}: "page" must be a page number of 1 or more (got ${String(field.page)})`,
		);
	}
	field.page = page;
	for (const key of ['x', 'y', 'width', 'height']) {
		if (field[key] === undefined) {
			if (key === 'x' || key === 'y') fail(context, `${place}: "${key}" is required`);
			continue;
		}
		const number = Number(field[key]);
		const size = key === 'width' || key === 'height';
		if (!Number.isFinite(number) || number < 0 || (size && number === 0)) {
			fail(
				context,
				`${place}: "${key}" must be a number ${size ? 'greater than 0' : 'of 0 or more'} (PDF points)`,
			);
		}
		field[key] = number;
	}
	if (
		field.variable_name !== undefined &&
		!PREFILL_SOURCES.includes(field.variable_name as never)
	) {
		fail(
			context,
			`${place}: variable name "${String(field.variable_name)}" is not one of ${PREFILL_SOURCES.join(', ')}`,
		);
	}
	if (field.type === 'dropdown' && !Array.isArray(field.dropdown_options)) {
		fail(context, `${place}: a dropdown needs "dropdown_options" (a list of choices)`);
	}
	if (field.read_only === true && field.required === true && field.final_value === undefined) {
		fail(context, `${place}: a required read-only field needs a value`);
	}
	return field;
}

/** Fields of a PDF-based create-and-send, in this endpoint's flat form. */
function readFlatFields(context: IExecuteFunctions, i: number): IDataObject[] | undefined {
	const mode = context.getNodeParameter('fieldsMode', i, 'fields') as string;
	if (mode === 'json') {
		const raw = context.getNodeParameter('fieldsJson', i, '[]');
		const list = parseJsonParameter<IDataObject[]>(context, raw, 'Fields (JSON)', 'array');
		if (list.length === 0) return undefined;
		return list.map((entry, index) => {
			const place = `Fields (JSON), entry ${index + 1}`;
			if (!entry || typeof entry !== 'object' || Array.isArray(entry))
				fail(context, `${place} must be an object`);
			if (entry.position !== undefined || entry.page_number !== undefined) {
				fail(
					context,
					`${place}: Create and Send takes flat coordinates`,
					'Use "page", "x", "y", "width" and "height" (in PDF points) instead of "page_number" and "position".',
				);
			}
			return checkFlat(context, entry, place);
		});
	}
	const collection = context.getNodeParameter('fields', i, {}) as IDataObject;
	const list = Object.values(collection).flatMap((value) =>
		Array.isArray(value) ? (value as IDataObject[]) : [],
	);
	if (list.length === 0) return undefined;
	return list.map((entry, index) =>
		checkFlat(context, fromForm(flattenEntry(entry)), `Field ${index + 1}`),
	);
}

function readReminderSchedule(context: IExecuteFunctions, i: number): IDataObject[] | undefined {
	const collection = context.getNodeParameter('reminderSchedule', i, {}) as IDataObject;
	const list = Object.values(collection).flatMap((value) =>
		Array.isArray(value) ? (value as IDataObject[]) : [],
	);
	if (list.length === 0) return undefined;
	return list.map((entry, index) => {
		const hours = Number(entry.hours_before_expiration);
		if (!Number.isInteger(hours) || hours < 1) {
			fail(
				context,
				`Reminder ${index + 1}: "Hours Before Expiration" must be a whole number of 1 or more`,
			);
		}
		return { hours_before_expiration: hours };
	});
}

export async function execute(
	this: IExecuteFunctions,
	i: number,
	run: NodeRun,
): Promise<INodeExecutionData[]> {
	const keyMode = await getKeyMode.call(this, i);
	const name = String(this.getNodeParameter('name', i, '') ?? '').trim();
	if (name === '')
		fail(this, '"Name" is required', 'Create and Send needs a name for the signing request.');
	if (name.length > 255)
		fail(this, `"Name" is ${name.length} characters long; at most 255 are allowed`);
	const options = readOptions(this, i, keyMode);
	const { source, body: sourceBody, pdfBytes } = await readSource(this, i, 'Create and Send');

	let recipients: IDataObject[] | undefined;
	let overrides: RecipientList | undefined;
	let fields: IDataObject[] | undefined;
	if (source === 'template') {
		overrides = readRecipientList(this, i, { requireIdentity: false, newRequest: 'template' });
		recipients = overrides?.recipients;
	} else {
		recipients = readRecipients(this, i, { referenceKey: 'id', newRequest: 'pdf' });
		if (!recipients?.length) {
			fail(
				this,
				'Add at least one recipient',
				'A signing request made from a PDF needs at least one signer.',
			);
		}
		if (!recipients.some((r) => r.designation === undefined || r.designation === 'Signer')) {
			fail(this, 'Add at least one recipient with the designation Signer');
		}
		const tempIds = checkNewRecipientIds(this, recipients);
		fields = readFlatFields(this, i);
		checkRecipientReferences(this, fields, 'Field', tempIds, false);
	}
	const reminders = readReminderSchedule(this, i);
	const settings = readSettings(this, i, 'createAndSend');

	const body: IDataObject = { name, ...sourceBody, ...options };
	if (recipients) body.recipients = recipients;
	if (fields) body.fields = fields;
	if (reminders) body.reminders = reminders;
	if (settings) body.settings = settings;
	checkSourcePayload(this, body, 'Create and Send', pdfBytes);

	await checkAgainstTemplate(this, body.template_id, overrides, { send: true });
	const explain = templateNotFound(body, 'Nothing was created or sent.');
	const response = await callApi(this, meta, { body, explain });
	// Sent in the same call (api-reference §L.2), should the answer not say so.
	const items = simplifyItems(
		this,
		i,
		'signingRequest',
		toItems(normaliseWarnings(response.body), response.keyMode),
		{ status: 'in_progress' },
	);
	if (!simplifyOn(this, i)) return items;
	if (this.getNodeParameter('readExpiryDate', i, true) === false)
		return await fillWorkspace(this, run, items);
	return await Promise.all(items.map(async (item) => await withExpiry(this, run, item)));
}

/**
 * Read Expiry Date: the sent request's detail gives `expires_at` (and `workspace_id`). The request
 * was sent whatever this read does: a failed read never fails the item (an error would invite a
 * retry, which sends the document again); the item says why `expires_at` is empty.
 */
async function withExpiry(
	context: IExecuteFunctions,
	run: NodeRun,
	item: INodeExecutionData,
): Promise<INodeExecutionData> {
	const id = item.json.id;
	if (typeof id !== 'string' || id === '') return item;
	try {
		const detail = await readDetail(context, id);
		rememberWorkspace(run, detail);
		const expiresAt = detail.expires_at;
		return {
			...item,
			json: {
				...item.json,
				workspace_id: item.json.workspace_id ?? workspaceOfDetail(detail) ?? null,
				expires_at: typeof expiresAt === 'string' ? expiresAt : (item.json.expires_at ?? null),
			},
		};
	} catch (error) {
		return {
			...item,
			json: withWarning(
				item.json,
				`The request was sent, but its expiry date could not be read (GET /signing-requests/${id}): ${reasonOf(error)}. Do not send it again: read it later with Get.`,
			),
		};
	}
}
