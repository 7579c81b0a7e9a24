import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { compact } from '../helpers/validation';
import { fail } from '../helpers/errors';
import { ADDITIONAL_FIELDS, checkOrder, listInput, readEntries, requireText } from './lists';
import { titleCase } from './text';

/**
 * Fields placed on a document: their types (which each endpoint takes, as data), the fields form
 * of signing requests, the template-field changes of a template-based request, and their readers.
 */

/** Every field type of the service, with its label in the forms. */
export const FIELD_TYPE_LABELS: Readonly<Record<string, string>> = {
	signature: 'Signature',
	initial: 'Initials',
	text: 'Text',
	date: 'Date',
	checkbox: 'Checkbox',
	dropdown: 'Dropdown',
	radio_buttons: 'Radio Buttons',
	text_area: 'Text Area',
	url: 'URL',
	file: 'File',
	image: 'Image',
	stamp: 'Stamp',
	approval_signature: 'Approval Signature',
	approval_checkmark: 'Approval Checkmark',
	approval_date: 'Approval Date',
};

/** Other spellings of a type the service accepts, and the type each stands for. */
export const FIELD_TYPE_ALIASES: Readonly<Record<string, string>> = {
	initials: 'initial',
	textarea: 'text_area',
	radio: 'radio_buttons',
};

/** The field types one endpoint takes (in the order its errors list them) and the aliases it normalises. */
export interface FieldTypeSet {
	types: readonly string[];
	aliases: readonly string[];
}

/** The field types of one field (template and signing-request PATCH `field`, create and send). */
const SINGLE_FIELD_TYPES = [
	'text',
	'signature',
	'date',
	'checkbox',
	'initial',
	'dropdown',
	'radio_buttons',
	'text_area',
	'url',
	'file',
	'stamp',
	'approval_signature',
	'approval_checkmark',
	'approval_date',
] as const;

/** Which field types each endpoint takes (API reference). */
export const FIELD_TYPE_SETS = {
	/** Signing-request fields in nested form: create (fields[]) and full update (PUT fields[]). */
	signingRequest: {
		types: [
			'signature',
			'initial',
			'text',
			'date',
			'checkbox',
			'dropdown',
			'text_area',
			'image',
			'stamp',
			'approval_signature',
			'approval_checkmark',
			'approval_date',
		],
		aliases: ['initials', 'textarea'],
	},
	/** One field: template PATCH `field` (T4) and signing-request PATCH `field` (same enum). */
	singleField: {
		types: SINGLE_FIELD_TYPES,
		aliases: ['initials', 'textarea'],
	},
	/** Create and send (flat fields of a document-based request): the same types, and `radio`. */
	createAndSend: {
		types: SINGLE_FIELD_TYPES,
		aliases: ['initials', 'textarea', 'radio'],
	},
	/** Template full update (T5 `fields[]`). */
	templateUpdate: {
		types: [
			'signature',
			'text',
			'date',
			'checkbox',
			'dropdown',
			'approval_signature',
			'approval_checkmark',
			'approval_date',
		],
		aliases: ['initials', 'textarea'],
	},
} as const satisfies Record<string, FieldTypeSet>;

/** The labels of a field's type, page and position (in percent of the page) in forms and errors. */
export const FIELD_LABELS = {
	type: 'Type',
	page: 'Page Number',
	x: 'X (% From Left)',
	y: 'Y (% From Top)',
	width: 'Width (% of Page)',
	height: 'Height (% of Page)',
	/** A date field pre-filled with the day of signing (date_signing_default, default_to_signing_date). */
	signingDate: 'Use Signing Date',
} as const;

/** A position value of a field, in percent of the page. */
function percentOfPage(key: 'x' | 'y' | 'width' | 'height', defaultValue: number): INodeProperties {
	return {
		displayName: FIELD_LABELS[key],
		name: key,
		type: 'number',
		typeOptions: { minValue: 0, maxValue: 100 },
		default: defaultValue,
	};
}

/** The field types of a signing request's fields form (nested form). */
export const FIELD_TYPES = FIELD_TYPE_SETS.signingRequest.types;

/** A type as the endpoint names it: one of its aliases becomes the type it stands for. */
export function normaliseFieldType<T>(set: FieldTypeSet, value: T): T | string {
	return typeof value === 'string' && set.aliases.includes(value)
		? FIELD_TYPE_ALIASES[value]
		: value;
}

/** The options of a field-type picker, in the given order. */
export function fieldTypeChoices(types: readonly string[]): Array<{ name: string; value: string }> {
	return types.map((value) => ({ name: FIELD_TYPE_LABELS[value] ?? value, value }));
}

/** The options of a field-type picker, by label. */
export function fieldTypeOptions(types: readonly string[]): Array<{ name: string; value: string }> {
	return fieldTypeChoices(types).sort((a, b) => a.name.localeCompare(b.name));
}

export const PREFILL_SOURCES = [
	'first_name',
	'last_name',
	'full_name',
	'email',
	'phone_number',
	'company',
	'title',
	'street_address',
	'city',
	'state_province',
	'postal_code',
	'country',
] as const;

export const DATE_FORMATS = [
	'MM/dd/yyyy',
	'dd/MM/yyyy',
	'yyyy-MM-dd',
	'MMMM dd, yyyy',
	'MMM dd, yyyy',
	'dd MMMM yyyy',
] as const;

export interface FieldInputOptions {
	description?: string;
	/** An operation's own take on the values of one field (before they are split around Add Field). */
	adapt?: (values: INodeProperties[]) => INodeProperties[];
}

/** Every value of one field of the fields form, flat (each operation picks what it offers). */
export function fieldFormValues(): INodeProperties[] {
	const values: INodeProperties[] = [
		{
			displayName: 'Field ID',
			name: 'id',
			type: 'string',
			default: '',
			description: 'The ID of an existing field to update; leave empty to add a field',
		},
	];
	values.push(
		{
			displayName: 'Type',
			name: 'type',
			type: 'options',
			options: fieldTypeChoices(FIELD_TYPES),
			default: 'signature',
		},
		{
			displayName: 'Recipient ID',
			name: 'recipient_id',
			type: 'string',
			default: '',
			placeholder: 'temp_1',
			description:
				"The recipient who fills the field: an existing recipient's ID, or the temp_… ID of a recipient added in the same request",
		},
		{
			displayName: FIELD_LABELS.page,
			name: 'page_number',
			type: 'number',
			typeOptions: { minValue: 1, numberPrecision: 0 },
			default: 1,
		},
		percentOfPage('x', 10),
		percentOfPage('y', 80),
		percentOfPage('width', 25),
		percentOfPage('height', 5),
		{ displayName: 'Required', name: 'required', type: 'boolean', default: true },
		{ displayName: 'Read Only', name: 'read_only', type: 'boolean', default: false },
		{
			displayName: 'Read Only Value',
			name: 'read_only_value',
			type: 'string',
			default: '',
			displayOptions: { show: { read_only: [true] } },
		},
		{
			displayName: 'Prefill From',
			name: 'prefilled_data',
			type: 'options',
			options: [
				{ name: '(None)', value: '' },
				...PREFILL_SOURCES.map((value) => ({ name: titleCase(value), value })),
			],
			default: '',
			description: "Fill a read-only field from the recipient's details",
			displayOptions: { show: { read_only: [true] } },
		},
		{
			displayName: 'Variable Name',
			name: 'variable_name',
			type: 'string',
			default: '',
		},
		{
			displayName: 'Date Format',
			name: 'date_format',
			type: 'options',
			options: [
				{ name: '(Default)', value: '' },
				...DATE_FORMATS.map((value) => ({ name: value, value })),
			],
			default: '',
			displayOptions: { show: { type: ['date'] } },
		},
		{
			displayName: FIELD_LABELS.signingDate,
			name: 'date_signing_default',
			type: 'boolean',
			default: false,
			description: 'Whether the date field is pre-filled with the day of signing',
			displayOptions: { show: { type: ['date'] } },
		},
	);
	return values;
}

/** What a field of the form shows before "Add Field": the field's kind, owner and place. */
const FIELD_FORM_TOP = [
	'type',
	'recipient_id',
	'page_number',
	'x',
	'y',
	'width',
	'height',
	'required',
	'read_only',
];

/** When an "Add Field" value applies (its displayOptions cannot reach the entry's own values). */
const FIELD_FORM_WHEN: Record<string, string> = {
	read_only_value: 'For a read-only field',
	prefilled_data: 'For a read-only field',
	date_format: 'For a date field',
	date_signing_default: 'For a date field',
};

/** Fields placed on a signing request's document (nested form). Parameter name: fields. */
export function fieldsInput(options: FieldInputOptions = {}): INodeProperties[] {
	const all = options.adapt ? options.adapt(fieldFormValues()) : fieldFormValues();
	const values: INodeProperties[] = [
		...all.filter((v) => FIELD_FORM_TOP.includes(v.name)),
		{
			displayName: 'Additional Fields',
			name: ADDITIONAL_FIELDS,
			type: 'collection',
			placeholder: 'Add Field',
			default: {},
			options: all
				.filter((v) => !FIELD_FORM_TOP.includes(v.name))
				.map((v): INodeProperties => {
					const rest: INodeProperties = { ...v };
					delete rest.displayOptions;
					const when = FIELD_FORM_WHEN[v.name];
					if (!when) return rest;
					const what = rest.description
						? `: ${rest.description.replace(/^\w/, (c) => c.toLowerCase())}`
						: '';
					return { ...rest, description: `${when}${what}` };
				})
				.sort((a, b) => a.displayName.localeCompare(b.displayName)),
		},
	];
	return listInput({
		name: 'fields',
		displayName: 'Fields',
		itemName: 'field',
		itemDisplayName: 'Field',
		values,
		description:
			options.description ??
			'Where recipients sign or fill in: positions are percentages of the page (0–100)',
		jsonExample:
			'[{"type":"signature","recipient_id":"temp_1","page_number":1,"position":{"x":10,"y":80,"width":25,"height":5},"required":true}]',
	});
}

/**
 * Changes to a template's fields when a signing request is created from it (parameter "fields").
 * Unlike `fieldsInput`, every change is optional (a collection), so the form sends only what the
 * user changes: a template field keeps its own position, type and other values otherwise.
 */
export function fieldOverridesInput(description: string): INodeProperties[] {
	const percent = (displayName: string, name: string, what: string): INodeProperties => ({
		displayName,
		name,
		type: 'number',
		typeOptions: { minValue: 0, maxValue: 100 },
		default: 0,
		description: `${what}. To move or resize the field, give X, Y, Width and Height together.`,
	});
	return listInput({
		name: 'fields',
		displayName: 'Fields',
		itemName: 'field',
		itemDisplayName: 'Template Field',
		placeholder: 'Change a Template Field',
		description,
		jsonExample:
			'[{"template_field_id":"…","required":false,"position":{"x":10,"y":80,"width":25,"height":5}}]',
		values: [
			{
				displayName: 'Template Field ID',
				name: 'template_field_id',
				type: 'string',
				default: '',
				description: 'Which template field to change (preferred)',
			},
			{
				displayName: 'Variable Name',
				name: 'variable_name',
				type: 'string',
				default: '',
				description: "Or: the template field's variable name, when no Template Field ID is given",
			},
			{
				displayName: 'Changes',
				name: 'changes',
				type: 'collection',
				placeholder: 'Add Change',
				default: {},
				options: [
					{
						displayName: 'Date Format',
						name: 'date_format',
						type: 'options',
						options: DATE_FORMATS.map((value) => ({ name: value, value })),
						default: 'MM/dd/yyyy',
					},
					{
						displayName: 'Default Date',
						name: 'date_default',
						type: 'string',
						default: '',
						placeholder: '2026-12-31',
						description: 'The date a date field starts with',
					},
					{
						displayName: FIELD_LABELS.signingDate,
						name: 'date_signing_default',
						type: 'boolean',
						default: true,
					},
					{
						displayName: 'Dropdown Options',
						name: 'dropdown_options',
						type: 'string',
						default: '',
						placeholder: 'Small, Medium, Large',
						description: 'The choices of a dropdown field, separated by commas',
					},
					percent(FIELD_LABELS.height, 'height', 'The new height'),
					{
						displayName: 'Multi Group ID',
						name: 'multi_group_id',
						type: 'string',
						default: '',
						description: 'Checkboxes with the same group ID act as one exclusive choice',
					},
					{ displayName: 'Read Only', name: 'read_only', type: 'boolean', default: true },
					{ displayName: 'Read Only Value', name: 'read_only_value', type: 'string', default: '' },
					{ displayName: 'Required', name: 'required', type: 'boolean', default: true },
					{
						displayName: 'Type',
						name: 'type',
						type: 'options',
						options: fieldTypeChoices(FIELD_TYPES),
						default: 'signature',
					},
					percent(FIELD_LABELS.width, 'width', 'The new width'),
					percent(FIELD_LABELS.x, 'x', 'The new distance from the left edge'),
					percent(FIELD_LABELS.y, 'y', 'The new distance from the top edge'),
				],
			},
		],
	});
}

/** Fields in nested form (parameter "fields"). */
export function readFields(
	context: IExecuteFunctions,
	itemIndex: number,
	label = 'Fields',
): IDataObject[] | undefined {
	return readEntries(context, itemIndex, 'fields', label, (raw, place, fromJson) =>
		checkField(context, raw, place, fromJson),
	);
}

/** What a template-based signing request may change on a template field (API reference §B.1). */
export const FIELD_OVERRIDE_KEYS = [
	'type',
	'required',
	'position',
	'read_only',
	'read_only_value',
	'format_rules',
	'validation_rules',
	'dropdown_options',
	'date_default',
	'date_signing_default',
	'multi_group_id',
] as const;
const FIELD_MATCH_KEYS = ['template_field_id', 'variable_name', 'variable_defined_name'];

/**
 * Template field changes (parameter "fields" of a template-based create). The form nests the
 * changes in a collection, so only what the user added is sent; x/y/width/height become `position`
 * (all four or none), the date format `format_rules.dateFormat`, dropdown options a list.
 * Keys the service does not let a template-based request change are refused, naming the key.
 */
export function readFieldOverrides(
	context: IExecuteFunctions,
	itemIndex: number,
	label = 'Fields',
): IDataObject[] | undefined {
	return readEntries(context, itemIndex, 'fields', label, (raw, place, fromJson) => {
		const entry = fromJson ? compact(raw) : overrideFromForm(raw);
		for (const key of Object.keys(entry)) {
			if (
				!FIELD_MATCH_KEYS.includes(key) &&
				!(FIELD_OVERRIDE_KEYS as readonly string[]).includes(key)
			) {
				fail(
					context,
					`${place}: "${key}" cannot be changed on a template field`,
					`A signing request created from a template can change only: ${FIELD_OVERRIDE_KEYS.join(', ')}. Change the template, or the request afterwards with Update.`,
				);
			}
		}
		if (!Object.keys(entry).some((key) => !FIELD_MATCH_KEYS.includes(key))) {
			fail(
				context,
				`${place}: nothing to change`,
				'Add at least one change, or remove this entry.',
			);
		}
		const position = entry.position as IDataObject | undefined;
		if (position !== undefined && position !== null && typeof position === 'object') {
			const missing = ['x', 'y', 'width', 'height'].filter((key) => position[key] === undefined);
			if (missing.length) {
				fail(
					context,
					`${place}: to move or resize the field give x, y, width and height together (missing: ${missing.join(', ')})`,
				);
			}
		}
		return checkField(context, entry, place, true, { overrides: true });
	});
}

function overrideFromForm(raw: IDataObject): IDataObject {
	const { changes, ...match } = raw;
	const {
		x,
		y,
		width,
		height,
		date_format: dateFormat,
		dropdown_options: options,
		...rest
	} = compact((changes ?? {}) as IDataObject);
	const entry: IDataObject = { ...compact(match), ...rest };
	const position = compact({ x, y, width, height } as IDataObject);
	if (Object.keys(position).length) entry.position = position;
	if (dateFormat) entry.format_rules = { dateFormat };
	if (typeof options === 'string') {
		const list = options
			.split(',')
			.map((option) => option.trim())
			.filter(Boolean);
		if (list.length) entry.dropdown_options = list;
	}
	return entry;
}

export interface FieldCheckOptions {
	/**
	 * Entries only override existing fields (template-based creation: matched by
	 * template_field_id or variable_name), so type, position and page are not required.
	 */
	overrides?: boolean;
	/** The endpoint's field types, after normalising the aliases (default: create / PUT). */
	types?: readonly string[];
}

/**
 * One field entry in nested form. From the (flat) fields form, x/y/width/height become
 * `position` and the date format becomes `format_rules.dateFormat`. Aliases (initials, textarea)
 * are normalised; new fields (no id, no template_field_id) need type, full position and page.
 */
export function checkField(
	context: IExecuteFunctions,
	raw: IDataObject,
	place: string,
	fromJson: boolean,
	options: FieldCheckOptions = {},
): IDataObject {
	const entry = compact(raw);
	if (!fromJson) {
		// The form is flat; the API nests the position.
		const { x, y, width, height, date_format: dateFormat, ...rest } = entry;
		Object.keys(entry).forEach((key) => delete entry[key]);
		Object.assign(entry, rest, { position: compact({ x, y, width, height } as IDataObject) });
		if (dateFormat) entry.format_rules = { dateFormat };
	}
	if (entry.type !== undefined) {
		entry.type = normaliseFieldType(FIELD_TYPE_SETS.signingRequest, entry.type);
	}
	const isNew =
		!options.overrides && entry.id === undefined && entry.template_field_id === undefined;
	if (isNew) requireText(context, entry, 'type', place, 'type');
	const types: readonly string[] = options.types ?? FIELD_TYPES;
	if (entry.type !== undefined && !types.includes(entry.type as string)) {
		fail(context, `${place}: type "${String(entry.type)}" is not one of ${types.join(', ')}`);
	}
	const position = entry.position as IDataObject | undefined;
	if (position !== undefined) {
		if (typeof position !== 'object' || position === null)
			fail(context, `${place}: position must be an object`);
		for (const key of ['x', 'y', 'width', 'height']) {
			const value = position[key];
			if (value === undefined) {
				if (isNew) fail(context, `${place}: position.${key} is required`);
				continue;
			}
			const number = Number(value);
			if (!Number.isFinite(number) || number < 0 || number > 100) {
				fail(
					context,
					`${place}: position.${key} must be a percentage from 0 to 100 (got ${String(value)})`,
				);
			}
			position[key] = number;
		}
		if (
			Number(position.x) + Number(position.width) > 100 ||
			Number(position.y) + Number(position.height) > 100
		) {
			fail(
				context,
				`${place}: the field runs off the page (x + width and y + height must stay within 100)`,
			);
		}
		if (!isNew && Object.keys(position).length === 0) delete entry.position;
	} else if (isNew) {
		fail(context, `${place}: position is required`);
	}
	const page = checkOrder(context, entry.page_number, place, 'page_number');
	if (page !== undefined) entry.page_number = page;
	else if (isNew) fail(context, `${place}: page_number is required`);
	const dateFormat = (entry.format_rules as IDataObject | undefined)?.dateFormat;
	if (dateFormat !== undefined && !DATE_FORMATS.includes(dateFormat as never)) {
		fail(
			context,
			`${place}: date format "${String(dateFormat)}" is not one of ${DATE_FORMATS.join(', ')}`,
		);
	}
	return entry;
}
