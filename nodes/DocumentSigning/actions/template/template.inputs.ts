import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { TEMPLATE_PDF_LIMIT, pdfFieldHint, readPdfBinary } from '../../helpers/binary';
import { checkId } from '../../domain/ids';
import { EMAIL, CONTACT_FIELDS, DESIGNATIONS, personValues } from '../../domain/recipients';
import { readEntries } from '../../domain/lists';
import { readSettings, settingsInput } from '../../domain/settings';
import { EXPIRATION_HOURS, descriptionAndExpirationOptions } from '../../domain/completion';
import { compact } from '../../helpers/validation';
import {
	DATE_FORMATS,
	FIELD_LABELS,
	FIELD_TYPE_SETS,
	fieldTypeOptions,
	normaliseFieldType,
} from '../../domain/fields';
import { pdfBinaryProperty } from '../common.descriptions';
import { fail } from '../../helpers/errors';

/**
 * Inputs of the Template resource defined once and shared by its operations: the template field
 * (flat x / y / width / height / page, as the template endpoints take it), the template user,
 * names, expiration hours, and the readers that turn them into API bodies with every check done
 * before a request is sent.
 */

// ---------------------------------------------------------------------------------------------
// Small checks

/** A name of at most 255 characters; undefined when empty and not required. */
export function checkName(
	context: IExecuteFunctions,
	value: unknown,
	field: string,
	required: boolean,
): string | undefined {
	const name = String(value ?? '').trim();
	if (name === '') {
		if (required) fail(context, `"${field}" is empty`);
		return undefined;
	}
	if (name.length > 255) {
		fail(context, `"${field}" is ${name.length} characters long; the service accepts at most 255`);
	}
	return name;
}

/** A whole number of 1 or more (expiration hours, order, page). */
export function checkWholeNumber(
	context: IExecuteFunctions,
	value: unknown,
	field: string,
): number {
	const number = Number(value);
	if (value === '' || value === null || !Number.isInteger(number) || number < 1) {
		fail(context, `"${field}" must be a whole number of 1 or more (got ${String(value)})`);
	}
	return number;
}

// ---------------------------------------------------------------------------------------------
// Template users

/** Required when a user is added (T4 `user`, T5 `users[]`). */
export const USER_REQUIRED_KEYS = ['first_name', 'email', 'designation', 'order'] as const;

/** The labels of a user's values, as the form names them. */
const USER_LABELS: Record<string, string> = Object.fromEntries(
	personValues().map((value) => [value.name, value.displayName]),
);

/**
 * THE template-user option: one user of the template chosen in "Template" (picked from its users,
 * or an ID from an expression). `purpose` says what the user is for, e.g. "The user to remove".
 */
export function templateUserOption(
	displayName: string,
	name: string,
	purpose: string,
	more: Partial<INodeProperties> = {},
): INodeProperties {
	return {
		displayName,
		name,
		type: 'options',
		typeOptions: {
			loadOptionsMethod: 'getTemplateUsers',
			loadOptionsDependsOn: ['templateId.value'],
		},
		default: '',
		description: `${purpose}. Choose from the list, or specify an ID using an <a href="https://docs.n8n.io/code/expressions/">expression</a>.`,
		...more,
	};
}

/** Every value of a template user, as n8n fields named like the API keys. */
export const TEMPLATE_USER_VALUES: INodeProperties[] = [...personValues(), ...CONTACT_FIELDS];

/**
 * Checks one template user (API keys) and returns it cleaned: required keys for a new user,
 * email format, designation, order, name lengths.
 */
export function checkTemplateUser(
	context: IExecuteFunctions,
	raw: IDataObject,
	place: string,
	isNew: boolean,
): IDataObject {
	const user = compact(raw);
	for (const key of ['first_name', 'last_name', 'email', 'designation'] as const) {
		if (user[key] !== undefined) user[key] = String(user[key]).trim();
		if (user[key] === '') delete user[key];
	}
	if (isNew) {
		const missing = USER_REQUIRED_KEYS.filter((key) => user[key] === undefined);
		if (missing.length) {
			fail(
				context,
				`${place}: ${missing.map((key) => `"${USER_LABELS[key]}"`).join(', ')} ${missing.length === 1 ? 'is' : 'are'} required to add a user`,
			);
		}
	}
	for (const key of ['first_name', 'last_name'] as const) {
		if (user[key] !== undefined && String(user[key]).length > 255) {
			fail(context, `${place}: "${USER_LABELS[key]}" is longer than 255 characters`);
		}
	}
	if (user.email !== undefined && !EMAIL.test(String(user.email))) {
		fail(context, `${place}: "${String(user.email)}" is not an email address`);
	}
	if (user.designation !== undefined && !DESIGNATIONS.includes(user.designation as never)) {
		fail(
			context,
			`${place}: designation must be one of ${DESIGNATIONS.join(', ')} (got "${String(user.designation)}")`,
		);
	}
	if (user.order !== undefined)
		user.order = checkWholeNumber(context, user.order, `${place}: Order`);
	return user;
}

// ---------------------------------------------------------------------------------------------
// Template fields (flat shape: x, y, width, height, page)

/** Field types of a single-field PATCH (T4), after normalising the aliases. */
export const TEMPLATE_FIELD_TYPES = FIELD_TYPE_SETS.singleField.types;

/** Field types the full template update (T5 `fields[]`) accepts. */
export const TEMPLATE_UPDATE_FIELD_TYPES = FIELD_TYPE_SETS.templateUpdate.types;

/** Keys a new field must have. */
const FIELD_REQUIRED_KEYS = ['type', 'x', 'y', 'width', 'height', 'page'] as const;

export interface TemplateFieldSpec {
	/** The type enum of the endpoint. */
	types: readonly string[];
	/**
	 * Offer the keys only the single-field PATCH documents: read only, read-only value and the date
	 * format (`format_rules.dateFormat`).
	 */
	extended: boolean;
}

/** The single-field PATCH (T4 `field`). */
export const PATCH_FIELD_SPEC: TemplateFieldSpec = { types: TEMPLATE_FIELD_TYPES, extended: true };
/** The full update (T5 `fields[]`). */
export const UPDATE_FIELD_SPEC: TemplateFieldSpec = {
	types: TEMPLATE_UPDATE_FIELD_TYPES,
	extended: false,
};

const percent = (displayName: string, name: string, defaultValue: number): INodeProperties => ({
	displayName,
	name,
	type: 'number',
	typeOptions: { minValue: 0, maxValue: 100 },
	default: defaultValue,
});

/**
 * THE template field: every value of one field of a template, named like the API keys (except
 * `date_format`, which goes into `format_rules.dateFormat`), in form order (sort them by name for
 * a collection). Used by the PATCH field collections and as the values of the update's fields list.
 */
export function templateFieldValues(spec: TemplateFieldSpec): INodeProperties[] {
	const values: INodeProperties[] = [
		{
			displayName: 'Type',
			name: 'type',
			type: 'options',
			options: fieldTypeOptions(spec.types),
			default: 'signature',
		},
		templateUserOption(
			'Assigned To User Name or ID',
			'assigned_to_user_id',
			'The template user who fills this field',
		),
		{
			displayName: FIELD_LABELS.page,
			name: 'page',
			type: 'number',
			typeOptions: { minValue: 1, numberPrecision: 0 },
			default: 1,
			description: 'The page the field is on (1 = first page)',
		},
		percent(FIELD_LABELS.x, 'x', 10),
		percent(FIELD_LABELS.y, 'y', 80),
		percent(FIELD_LABELS.width, 'width', 25),
		percent(FIELD_LABELS.height, 'height', 5),
		{
			displayName: 'Required',
			name: 'required',
			type: 'boolean',
			default: false,
			description: 'Whether the user must fill in the field',
		},
		{
			displayName: 'Variable Name',
			name: 'variable_name',
			type: 'string',
			default: '',
			description:
				'A name for the field, to match it when creating signing requests or to map its value',
		},
		{
			displayName: 'Dropdown Options',
			name: 'options',
			type: 'string',
			default: '',
			placeholder: 'Yes, No, Maybe',
			description: 'The choices of a dropdown field, separated by commas',
		},
		{
			displayName: FIELD_LABELS.signingDate,
			name: 'default_to_signing_date',
			type: 'boolean',
			default: false,
			description: 'Whether a date field is pre-filled with the day of signing',
		},
	];
	if (spec.extended) {
		values.push(
			{
				displayName: 'Date Format',
				name: 'date_format',
				type: 'options',
				options: DATE_FORMATS.map((value) => ({ name: value, value })),
				default: 'MM/dd/yyyy',
				description: 'How a date field shows the date',
			},
			{
				displayName: 'Read Only',
				name: 'read_only',
				type: 'boolean',
				default: false,
				description:
					'Whether the field shows a fixed value instead of asking the user (always on for URL fields)',
			},
			{
				displayName: 'Read Only Value',
				name: 'read_only_value',
				type: 'string',
				default: '',
				description: 'The fixed value of a read-only field; for a URL field, the link',
			},
		);
	}
	return values;
}

/**
 * Checks one template field (API keys, plus `date_format` from the n8n form) and returns it as the
 * API takes it. A new field (no id) needs type, x, y, width, height and page.
 */
export function checkTemplateField(
	context: IExecuteFunctions,
	raw: IDataObject,
	place: string,
	spec: TemplateFieldSpec,
): IDataObject {
	const field = compact(raw);
	if (field.id !== undefined) field.id = checkId(context, field.id, `${place}: Field ID`);
	const isNew = field.id === undefined;

	if (field.type !== undefined)
		field.type = normaliseFieldType(FIELD_TYPE_SETS.singleField, field.type);
	if (field.type !== undefined && !spec.types.includes(String(field.type))) {
		fail(
			context,
			`${place}: type "${String(field.type)}" is not possible here`,
			`Use one of: ${spec.types.join(', ')}.`,
		);
	}
	if (isNew) {
		const missing = FIELD_REQUIRED_KEYS.filter((key) => field[key] === undefined);
		if (missing.length) {
			fail(
				context,
				`${place}: ${missing.map((key) => `"${FIELD_LABELS[key]}"`).join(', ')} ${missing.length === 1 ? 'is' : 'are'} required to add a field`,
			);
		}
	}
	for (const key of ['x', 'y', 'width', 'height'] as const) {
		if (field[key] === undefined) continue;
		const number = Number(field[key]);
		if (typeof field[key] === 'boolean' || !Number.isFinite(number) || number < 0 || number > 100) {
			fail(
				context,
				`${place}: "${FIELD_LABELS[key]}" must be a percentage from 0 to 100 (got ${String(field[key])})`,
			);
		}
		if ((key === 'width' || key === 'height') && number === 0) {
			fail(context, `${place}: "${FIELD_LABELS[key]}" must be more than 0`);
		}
		field[key] = number;
	}
	const overflow = (start: unknown, size: unknown) =>
		start !== undefined && size !== undefined && Number(start) + Number(size) > 100;
	if (overflow(field.x, field.width) || overflow(field.y, field.height)) {
		fail(
			context,
			`${place}: the field runs off the page (X + Width and Y + Height must stay within 100)`,
		);
	}
	if (field.page !== undefined)
		field.page = checkWholeNumber(context, field.page, `${place}: Page`);
	if (field.assigned_to_user_id !== undefined) {
		field.assigned_to_user_id = checkId(
			context,
			field.assigned_to_user_id,
			`${place}: Assigned To User`,
		);
	}
	if (field.options !== undefined && !Array.isArray(field.options)) {
		field.options = String(field.options)
			.split(',')
			.map((option) => option.trim())
			.filter((option) => option !== '');
		if ((field.options as string[]).length === 0) delete field.options;
	}
	if (field.type === 'dropdown' && isNew && !Array.isArray(field.options)) {
		fail(context, `${place}: a dropdown field needs "Dropdown Options"`);
	}
	if (field.date_format !== undefined) {
		const rules = (field.format_rules as IDataObject | undefined) ?? {};
		field.format_rules = { ...rules, dateFormat: field.date_format };
		delete field.date_format;
	}
	const dateFormat = (field.format_rules as IDataObject | undefined)?.dateFormat;
	if (dateFormat !== undefined && !DATE_FORMATS.includes(dateFormat as never)) {
		fail(
			context,
			`${place}: date format "${String(dateFormat)}" is not one of ${DATE_FORMATS.join(', ')}`,
		);
	}
	if (field.variable_name !== undefined && String(field.variable_name).length > 100) {
		fail(context, `${place}: "Variable Name" is longer than 100 characters`);
	}
	return field;
}

/** The fields list of the full update (parameter "templateFields"), or undefined when empty. */
export function readTemplateFields(
	context: IExecuteFunctions,
	itemIndex: number,
	spec: TemplateFieldSpec,
	label = 'Fields',
): IDataObject[] | undefined {
	return readEntries(context, itemIndex, 'templateFields', label, (entry, place) =>
		checkTemplateField(context, entry, place, spec),
	);
}

/** The deleted users of the full update (parameter "deletedUsers"), or undefined when empty. */
export function readDeletedUsers(
	context: IExecuteFunctions,
	itemIndex: number,
	label = 'Deleted Users',
): IDataObject[] | undefined {
	return readEntries(context, itemIndex, 'deletedUsers', label, (raw, place) => {
		const entry = compact(raw);
		entry.user_id = checkId(context, entry.user_id, `${place}: User`);
		const action = String(entry.field_action ?? '');
		if (action !== 'delete' && action !== 'reassign') {
			fail(context, `${place}: field_action must be "delete" or "reassign" (got "${action}")`);
		}
		if (action === 'reassign') {
			entry.reassign_to_user_id = checkId(
				context,
				entry.reassign_to_user_id,
				`${place}: Reassign Fields To`,
			);
			if (entry.reassign_to_user_id === entry.user_id) {
				fail(context, `${place}: the fields cannot be reassigned to the user being deleted`);
			}
		} else {
			delete entry.reassign_to_user_id;
		}
		return entry;
	});
}

// ---------------------------------------------------------------------------------------------
// Properties shared by create, PATCH properties and PUT template_properties

/** Description and expiration hours (sorted), for the properties collections. */
export const TEMPLATE_PROPERTY_VALUES: INodeProperties[] = descriptionAndExpirationOptions(
	'How long signing requests made from this template stay open after sending (168 = 7 days)',
);

/** Checks the name / description / expiration hours of a properties collection. */
export function checkTemplateProperties(context: IExecuteFunctions, raw: IDataObject): IDataObject {
	const properties = compact(raw);
	if (properties.name !== undefined) {
		const name = checkName(context, properties.name, 'Name', false);
		if (name === undefined) delete properties.name;
		else properties.name = name;
	}
	if (properties.expiration_hours !== undefined) {
		properties.expiration_hours = checkWholeNumber(
			context,
			properties.expiration_hours,
			EXPIRATION_HOURS,
		);
	}
	return properties;
}

/** The PDF's "Input Binary Field" of the template operations, with the template size limit. */
export const templatePdfField: INodeProperties = {
	...pdfBinaryProperty,
	hint: pdfFieldHint(TEMPLATE_PDF_LIMIT),
};

/** Notice shown wherever the template's document is replaced. */
export const SAME_PAGES_NOTICE: INodeProperties = {
	displayName:
		'The new PDF must have the same number of pages, each of the same size, as the current one: the fields stay where they are. Otherwise the service refuses it.',
	name: 'samePagesNotice',
	type: 'notice',
	default: '',
};

/**
 * The "properties" part of Update One Part (PATCH) and Update (PUT): name, description,
 * expiration, settings and an optional replacement PDF. `collection` is the name of the
 * properties collection parameter (each operation keeps its own).
 */
export function templatePropertiesFields(
	collection: string,
	displayName: string,
): INodeProperties[] {
	return [
		{
			displayName,
			name: collection,
			type: 'collection',
			placeholder: 'Add Property',
			default: {},
			options: [
				...TEMPLATE_PROPERTY_VALUES,
				{
					displayName: 'Name',
					name: 'name',
					type: 'string',
					default: '',
					description: 'The new name of the template (at most 255 characters)',
				},
			],
		},
		...settingsInput('templateUpdate'),
		{
			displayName: 'Replace Document',
			name: 'replaceDocument',
			type: 'boolean',
			default: false,
			description: 'Whether to replace the PDF of the template with one from the input item',
		},
		...updateDisplayOptions({ show: { replaceDocument: [true] } }, [
			SAME_PAGES_NOTICE,
			templatePdfField,
		]),
	];
}

/**
 * Reads `templatePropertiesFields`: the checked properties, settings and new document (may be
 * empty). `operation` names the operation in errors, e.g. "Template → Update".
 */
export async function readTemplatePropertiesFields(
	this: IExecuteFunctions,
	i: number,
	collection: string,
	operation: string,
): Promise<IDataObject> {
	const properties = checkTemplateProperties(
		this,
		this.getNodeParameter(collection, i, {}) as IDataObject,
	);
	const settings = readSettings(this, i, 'templateUpdate');
	if (settings) properties.settings = settings;
	if (this.getNodeParameter('replaceDocument', i, false) === true) {
		const pdf = await readPdfBinary.call(
			this,
			i,
			this.getNodeParameter('binaryPropertyName', i) as string,
			TEMPLATE_PDF_LIMIT,
			operation,
		);
		properties.document = pdf.base64;
	}
	return properties;
}
