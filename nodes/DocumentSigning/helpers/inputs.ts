import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import {
	ADDITIONAL_FIELDS,
	COMPLETION_KEYS,
	DATE_FORMATS,
	DESIGNATIONS,
	FIELD_TYPES,
	LANGUAGES,
	SETTINGS,
} from '../actions/common.descriptions';
import { parseJsonParameter } from './json';
import { compact } from './validation';
import { fail } from '../domain/errors';

/**
 * Readers for the complex inputs of actions/common.descriptions.ts. Each returns what the API
 * expects, or undefined when the user gave nothing, and checks required keys and enums before
 * any request is sent, naming the entry and the field.
 */

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The raw entries of a list input, from the fields form or the JSON field. */
function readList(
	context: IExecuteFunctions,
	itemIndex: number,
	name: string,
	label: string,
): { entries: IDataObject[]; fromJson: boolean } | undefined {
	const mode = context.getNodeParameter(`${name}Mode`, itemIndex, 'fields') as string;
	if (mode === 'json') {
		const raw = context.getNodeParameter(`${name}Json`, itemIndex, '[]');
		const entries = parseJsonParameter<IDataObject[]>(
			context,
			raw,
			`${label} (JSON)`,
			itemIndex,
			'array',
		);
		entries.forEach((entry, index) => {
			if (!entry || typeof entry !== 'object' || Array.isArray(entry)) {
				fail(context, itemIndex, `${label} (JSON): entry ${index + 1} must be an object`);
			}
		});
		return entries.length ? { entries, fromJson: true } : undefined;
	}
	const collection = context.getNodeParameter(name, itemIndex, {}) as IDataObject;
	const entries = Object.values(collection).flatMap((value) =>
		Array.isArray(value) ? (value as IDataObject[]) : value ? [value as IDataObject] : [],
	);
	return entries.length ? { entries: entries.map(flattenEntry), fromJson: false } : undefined;
}

/** A form entry with its "Add Field" values merged in (what the user set there wins). */
export function flattenEntry(entry: IDataObject): IDataObject {
	const { [ADDITIONAL_FIELDS]: additional, ...rest } = entry;
	return additional && typeof additional === 'object' && !Array.isArray(additional)
		? { ...rest, ...(additional as IDataObject) }
		: { ...rest };
}

function where(label: string, index: number, fromJson: boolean): string {
	return fromJson
		? `${label} (JSON), entry ${index + 1}`
		: `${label.replace(/s$/, '')} ${index + 1}`;
}

function requireText(
	context: IExecuteFunctions,
	itemIndex: number,
	entry: IDataObject,
	key: string,
	place: string,
	fieldName: string,
): void {
	if (entry[key] === undefined || String(entry[key]).trim() === '') {
		fail(context, itemIndex, `${place}: "${fieldName}" is required`);
	}
}

function checkOrder(
	context: IExecuteFunctions,
	itemIndex: number,
	value: unknown,
	place: string,
	fieldName: string,
): number | undefined {
	if (value === undefined || value === '') return undefined;
	const number = Number(value);
	if (!Number.isInteger(number) || number < 1) {
		fail(
			context,
			itemIndex,
			`${place}: "${fieldName}" must be a whole number of 1 or more (got ${String(value)})`,
		);
	}
	return number;
}

export interface RecipientReadOptions {
	/** Where the "Reference ID" goes: `id` (create, PATCH) or `_temp_id` for temp ids (PUT). */
	referenceKey?: 'id' | '_temp_id';
	/** Require first name and email (new recipients); template overrides may leave them out. */
	requireIdentity?: boolean;
	label?: string;
}

/** Recipients (parameter "recipients"). */
export function readRecipients(
	context: IExecuteFunctions,
	itemIndex: number,
	options: RecipientReadOptions = {},
): IDataObject[] | undefined {
	const label = options.label ?? 'Recipients';
	const list = readList(context, itemIndex, 'recipients', label);
	if (!list) return undefined;
	return list.entries.map((raw, index) =>
		checkRecipient(
			context,
			itemIndex,
			raw,
			where(label, index, list.fromJson),
			list.fromJson,
			options,
		),
	);
}

/**
 * One recipient entry: resolves "Reference ID", requires first name and email for new recipients,
 * checks email, designation and order. `place` names the entry in errors.
 */
export function checkRecipient(
	context: IExecuteFunctions,
	itemIndex: number,
	raw: IDataObject,
	place: string,
	fromJson: boolean,
	options: RecipientReadOptions = {},
): IDataObject {
	const entry = compact(raw);
	if (entry.ref !== undefined) {
		const ref = String(entry.ref).trim();
		delete entry.ref;
		if (ref.startsWith('temp_') && options.referenceKey === '_temp_id') entry._temp_id = ref;
		else entry.id = ref;
	}
	const isUpdate = entry.id !== undefined && !String(entry.id).startsWith('temp_');
	if (options.requireIdentity !== false && !isUpdate) {
		requireText(
			context,
			itemIndex,
			entry,
			'first_name',
			place,
			fromJson ? 'first_name' : 'First Name',
		);
		requireText(context, itemIndex, entry, 'email', place, fromJson ? 'email' : 'Email');
	}
	if (entry.email !== undefined && !EMAIL.test(String(entry.email).trim())) {
		fail(context, itemIndex, `${place}: "${String(entry.email)}" is not an email address`);
	}
	if (entry.email !== undefined) entry.email = String(entry.email).trim();
	if (entry.designation !== undefined && !DESIGNATIONS.includes(entry.designation as never)) {
		fail(
			context,
			itemIndex,
			`${place}: designation must be one of ${DESIGNATIONS.join(', ')} (got "${String(entry.designation)}")`,
		);
	}
	const order = checkOrder(context, itemIndex, entry.order, place, fromJson ? 'order' : 'Order');
	if (order !== undefined) entry.order = order;
	return entry;
}

const FIELD_TYPE_ALIASES: Record<string, string> = { initials: 'initial', textarea: 'text_area' };

/** Fields in nested form (parameter "fields"). */
export function readFields(
	context: IExecuteFunctions,
	itemIndex: number,
	label = 'Fields',
): IDataObject[] | undefined {
	const list = readList(context, itemIndex, 'fields', label);
	if (!list) return undefined;
	return list.entries.map((raw, index) =>
		checkField(context, itemIndex, raw, where(label, index, list.fromJson), list.fromJson),
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
	const list = readList(context, itemIndex, 'fields', label);
	if (!list) return undefined;
	return list.entries.map((raw, index) => {
		const place = where(label, index, list.fromJson);
		const entry = list.fromJson ? compact(raw) : overrideFromForm(raw);
		for (const key of Object.keys(entry)) {
			if (
				!FIELD_MATCH_KEYS.includes(key) &&
				!(FIELD_OVERRIDE_KEYS as readonly string[]).includes(key)
			) {
				fail(
					context,
					itemIndex,
					`${place}: "${key}" cannot be changed on a template field`,
					`A signing request created from a template can change only: ${FIELD_OVERRIDE_KEYS.join(', ')}. Change the template, or the request afterwards with Update.`,
				);
			}
		}
		if (!Object.keys(entry).some((key) => !FIELD_MATCH_KEYS.includes(key))) {
			fail(
				context,
				itemIndex,
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
					itemIndex,
					`${place}: to move or resize the field give x, y, width and height together (missing: ${missing.join(', ')})`,
				);
			}
		}
		return checkField(context, itemIndex, entry, place, true, { overrides: true });
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
	itemIndex: number,
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
	if (typeof entry.type === 'string' && FIELD_TYPE_ALIASES[entry.type]) {
		entry.type = FIELD_TYPE_ALIASES[entry.type];
	}
	const isNew =
		!options.overrides && entry.id === undefined && entry.template_field_id === undefined;
	if (isNew) requireText(context, itemIndex, entry, 'type', place, 'type');
	const types: readonly string[] = options.types ?? FIELD_TYPES;
	if (entry.type !== undefined && !types.includes(entry.type as string)) {
		fail(
			context,
			itemIndex,
			`${place}: type "${String(entry.type)}" is not one of ${types.join(', ')}`,
		);
	}
	const position = entry.position as IDataObject | undefined;
	if (position !== undefined) {
		if (typeof position !== 'object' || position === null)
			fail(context, itemIndex, `${place}: position must be an object`);
		for (const key of ['x', 'y', 'width', 'height']) {
			const value = position[key];
			if (value === undefined) {
				if (isNew) fail(context, itemIndex, `${place}: position.${key} is required`);
				continue;
			}
			const number = Number(value);
			if (!Number.isFinite(number) || number < 0 || number > 100) {
				fail(
					context,
					itemIndex,
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
				itemIndex,
				`${place}: the field runs off the page (x + width and y + height must stay within 100)`,
			);
		}
		if (!isNew && Object.keys(position).length === 0) delete entry.position;
	} else if (isNew) {
		fail(context, itemIndex, `${place}: position is required`);
	}
	const page = checkOrder(context, itemIndex, entry.page_number, place, 'page_number');
	if (page !== undefined) entry.page_number = page;
	else if (isNew) fail(context, itemIndex, `${place}: page_number is required`);
	const dateFormat = (entry.format_rules as IDataObject | undefined)?.dateFormat;
	if (dateFormat !== undefined && !DATE_FORMATS.includes(dateFormat as never)) {
		fail(
			context,
			itemIndex,
			`${place}: date format "${String(dateFormat)}" is not one of ${DATE_FORMATS.join(', ')}`,
		);
	}
	return entry;
}

/** Reminders (parameter "reminders"). */
export function readReminders(
	context: IExecuteFunctions,
	itemIndex: number,
	recipientKey: 'recipient_id' | 'user_id' = 'recipient_id',
	label = 'Reminders',
): IDataObject[] | undefined {
	const list = readList(context, itemIndex, 'reminders', label);
	if (!list) return undefined;
	return list.entries.map((raw, index) => {
		const place = where(label, index, list.fromJson);
		const entry = compact(raw);
		const hours = checkOrder(context, itemIndex, entry.hours, place, 'hours');
		if (hours === undefined && entry.id === undefined)
			fail(context, itemIndex, `${place}: "hours" is required`);
		if (hours !== undefined) entry.hours = hours;
		if (entry.id === undefined) {
			requireText(context, itemIndex, entry, 'subject', place, 'subject');
			requireText(context, itemIndex, entry, 'message', place, 'message');
		}
		if (entry.all_users === true) delete entry[recipientKey];
		else if (entry.id === undefined && entry[recipientKey] === undefined) {
			fail(
				context,
				itemIndex,
				`${place}: choose a recipient (${recipientKey}) or turn on "All Recipients"`,
			);
		}
		return entry;
	});
}

const SETTING_KEYS = new Set([...SETTINGS.map((s) => s.key), 'identity_editable_fields']);

/** Settings (parameter "settings"), only what the user set. */
export function readSettings(
	context: IExecuteFunctions,
	itemIndex: number,
	allowed?: readonly string[],
): IDataObject | undefined {
	const mode = context.getNodeParameter('settingsMode', itemIndex, 'fields') as string;
	const settings =
		mode === 'json'
			? parseJsonParameter<IDataObject>(
					context,
					context.getNodeParameter('settingsJson', itemIndex, '{}'),
					'Settings (JSON)',
					itemIndex,
					'object',
				)
			: { ...(context.getNodeParameter('settings', itemIndex, {}) as IDataObject) };
	const permitted = allowed ? new Set(allowed) : SETTING_KEYS;
	for (const [key, value] of Object.entries(settings)) {
		if (!permitted.has(key)) {
			fail(
				context,
				itemIndex,
				`Settings: "${key}" is not a setting here`,
				`Allowed: ${[...permitted].join(', ')}`,
			);
		}
		if (key === 'identity_editable_fields') {
			if (value !== null && !Array.isArray(value))
				fail(context, itemIndex, 'Settings: identity_editable_fields must be a list');
			if (Array.isArray(value) && value.length === 0) delete settings[key];
		} else if (value !== null && typeof value !== 'boolean') {
			fail(context, itemIndex, `Settings: "${key}" must be true or false`);
		}
	}
	return Object.keys(settings).length ? settings : undefined;
}

// ---------------------------------------------------------------------------------------------
// Exported for list inputs built with `listInput` outside the four above (added with the
// Template resource: deleted users of a template update, template fields).

export { EMAIL as EMAIL_PATTERN, readList as readListInput, where as listEntryPlace };

// ---------------------------------------------------------------------------------------------
// Signing-request properties (create, create-and-send, PATCH, PUT): name, description,
// expiration, language and the completion page, as set in an "Additional Options"-style
// collection. Added with the signing-request operations.

const LANGUAGE_CODES: readonly string[] = LANGUAGES.map((l) => l.value);

export interface PropertyCheckOptions {
	/** Which key sends the request: http://localhost redirect URLs are accepted only in test mode. */
	keyMode?: 'live' | 'test';
	/** Label of the collection, for errors. */
	label?: string;
}

/**
 * Checks and returns the signing-request properties the user set (unset ones are left out).
 * A `clear` list (PATCH / PUT) turns the named completion keys into null, which clears them.
 */
export function checkSigningRequestProperties(
	context: IExecuteFunctions,
	itemIndex: number,
	values: IDataObject,
	options: PropertyCheckOptions = {},
): IDataObject {
	const label = options.label ?? 'Options';
	const { clear, ...rest } = values;
	const out = compact(rest);
	const tooLong = (key: string, field: string, max: number) => {
		if (out[key] !== undefined && String(out[key]).length > max) {
			fail(
				context,
				itemIndex,
				`${label}: "${field}" is ${String(out[key]).length} characters long; at most ${max} are allowed`,
			);
		}
	};
	if (out.name !== undefined) {
		out.name = String(out.name).trim();
		if (out.name === '') delete out.name;
	}
	tooLong('name', 'Name', 255);
	tooLong('completion_title', 'Completion Title', 200);
	tooLong('completion_message', 'Completion Message', 1000);
	if (out.expiration_hours !== undefined) {
		const hours = Number(out.expiration_hours);
		if (!Number.isInteger(hours) || hours < 1) {
			fail(
				context,
				itemIndex,
				`${label}: "Expiration Hours" must be a whole number of 1 or more (got ${String(out.expiration_hours)})`,
			);
		}
		out.expiration_hours = hours;
	}
	if (out.language !== undefined && !LANGUAGE_CODES.includes(String(out.language))) {
		fail(
			context,
			itemIndex,
			`${label}: language "${String(out.language)}" is not one of ${LANGUAGE_CODES.join(', ')}`,
		);
	}
	if (out.completion_redirect_url !== undefined) {
		const url = String(out.completion_redirect_url).trim();
		let parsed: URL | undefined;
		try {
			parsed = new URL(url);
		} catch {
			parsed = undefined;
		}
		const local =
			parsed?.protocol === 'http:' && ['localhost', '127.0.0.1'].includes(parsed.hostname);
		if (!parsed || (parsed.protocol !== 'https:' && !local)) {
			fail(
				context,
				itemIndex,
				`${label}: "Completion Redirect URL" must be an https:// address (got "${url.slice(0, 100)}")`,
			);
		}
		if (local && options.keyMode === 'live') {
			fail(
				context,
				itemIndex,
				`${label}: "Completion Redirect URL" may point at ${parsed?.hostname} only with the Test API Key`,
				'Use an https:// address for live signing requests.',
			);
		}
		if (url.length > 2000)
			fail(
				context,
				itemIndex,
				`${label}: "Completion Redirect URL" is longer than 2000 characters`,
			);
		out.completion_redirect_url = url;
	}
	if (out.completion_redirect_delay !== undefined) {
		const delay = Number(out.completion_redirect_delay);
		if (!Number.isInteger(delay) || delay < 0 || delay > 30) {
			fail(
				context,
				itemIndex,
				`${label}: "Completion Redirect Delay" must be a whole number of seconds from 0 to 30`,
			);
		}
		out.completion_redirect_delay = delay;
	}
	if (clear !== undefined && clear !== '') {
		const keys = Array.isArray(clear)
			? clear.map(String)
			: String(clear)
					.split(',')
					.map((k) => k.trim());
		for (const key of keys) {
			if (key === '') continue;
			if (!COMPLETION_KEYS.includes(key as never)) {
				fail(
					context,
					itemIndex,
					`${label}: "${key}" cannot be cleared (only ${COMPLETION_KEYS.join(', ')})`,
				);
			}
			if (out[key] !== undefined)
				fail(context, itemIndex, `${label}: "${key}" is both set and cleared`);
			out[key] = null;
		}
	}
	return out;
}
