/**
 * Readers for template and signing-request bodies. Every reader takes the shared `Validator` and
 * the field path of its input (e.g. `recipients[0]`), records one message per bad field under the
 * full path (`recipients[0].email`), and returns what it could read. Callers throw once at the end
 * with `v.throwIfInvalid()`, so a 400 lists every problem in `details`.
 */
import { validationError } from '../errors';
import { Validator } from '../validation';
import {
	BOOLEAN_SETTINGS,
	CONTACT_KEYS,
	DESIGNATIONS,
	FIELD_TYPES,
	FIELD_TYPE_ALIASES,
	IDENTITY_SETTINGS,
	NULLABLE_SETTINGS,
	type CompletionSettings,
	type Designation,
	type FieldRecord,
	type FieldType,
	type ParticipantRecord,
	type ReminderRecord,
	type SigningSettings,
} from './models';
import { LETTER } from './pdf';
import { LANGUAGES } from '../languages';

export type Obj = Record<string, unknown>;

export const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const DATE_FORMATS = [
	'MM/dd/yyyy',
	'dd/MM/yyyy',
	'yyyy-MM-dd',
	'MMMM dd, yyyy',
	'MMM dd, yyyy',
	'dd MMMM yyyy',
];
/**
 * A recipient's attributes (api-reference B.2 `fields[].variable_name`, B.6 `prefilled_data`): the
 * values a field can be filled from.
 */
export const RECIPIENT_ATTRIBUTES = [
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
];

export function isObject(value: unknown): value is Obj {
	return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function isTempId(value: unknown): value is string {
	return typeof value === 'string' && value.startsWith('temp_') && value.length > 'temp_'.length;
}

export function join(prefix: string, key: string): string {
	return prefix === '' ? key : `${prefix}.${key}`;
}

// ---- scalar readers ----------------------------------------------------------------------------

interface ScalarOpts {
	required?: boolean;
	/** null is a valid value (returned as null). */
	nullable?: boolean;
}

export function readStr(
	v: Validator,
	obj: Obj,
	key: string,
	path: string,
	opts: ScalarOpts & { max?: number; min?: number; emptyIsNull?: boolean } = {},
): string | null | undefined {
	const raw = obj[key];
	if (raw === undefined || (raw === null && !opts.nullable)) {
		return opts.required ? v.fail(path, `${key} is required`) : undefined;
	}
	if (raw === null) return null;
	if (typeof raw !== 'string') return v.fail(path, `${key} must be a string`);
	const value = raw.trim();
	if (value === '' && opts.emptyIsNull) return null;
	if (opts.required && value === '') return v.fail(path, `${key} must not be empty`);
	if (opts.min !== undefined && value.length < opts.min)
		return v.fail(path, `${key} must be at least ${opts.min} characters`);
	if (opts.max !== undefined && value.length > opts.max)
		return v.fail(path, `${key} must be at most ${opts.max} characters`);
	return value;
}

export function readInt(
	v: Validator,
	obj: Obj,
	key: string,
	path: string,
	opts: ScalarOpts & { min?: number; max?: number } = {},
): number | null | undefined {
	const raw = obj[key];
	if (raw === undefined || (raw === null && !opts.nullable)) {
		return opts.required ? v.fail(path, `${key} is required`) : undefined;
	}
	if (raw === null) return null;
	const range =
		opts.max !== undefined
			? ` between ${opts.min ?? 0} and ${opts.max}`
			: opts.min !== undefined
				? ` >= ${opts.min}`
				: '';
	if (typeof raw !== 'number' || !Number.isInteger(raw))
		return v.fail(path, `${key} must be an integer${range}`);
	if ((opts.min !== undefined && raw < opts.min) || (opts.max !== undefined && raw > opts.max)) {
		return v.fail(path, `${key} must be an integer${range}`);
	}
	return raw;
}

export function readNum(
	v: Validator,
	obj: Obj,
	key: string,
	path: string,
	opts: ScalarOpts & { min?: number; max?: number; exclusiveMin?: boolean } = {},
): number | undefined {
	const raw = obj[key];
	if (raw === undefined || raw === null)
		return opts.required ? v.fail(path, `${key} is required`) : undefined;
	if (typeof raw !== 'number' || !Number.isFinite(raw))
		return v.fail(path, `${key} must be a number`);
	const low = opts.min !== undefined && (opts.exclusiveMin ? raw <= opts.min : raw < opts.min);
	if (low || (opts.max !== undefined && raw > opts.max)) {
		const lower =
			opts.min === undefined
				? ''
				: opts.exclusiveMin
					? `greater than ${opts.min}`
					: `at least ${opts.min}`;
		const upper = opts.max === undefined ? '' : `at most ${opts.max}`;
		return v.fail(path, `${key} must be ${[lower, upper].filter(Boolean).join(' and ')}`);
	}
	return raw;
}

export function readBool(
	v: Validator,
	obj: Obj,
	key: string,
	path: string,
	opts: ScalarOpts = {},
): boolean | null | undefined {
	const raw = obj[key];
	if (raw === undefined || (raw === null && !opts.nullable)) {
		return opts.required ? v.fail(path, `${key} is required`) : undefined;
	}
	if (raw === null) return null;
	if (typeof raw !== 'boolean') return v.fail(path, `${key} must be true or false`);
	return raw;
}

export function readEnum<T extends string>(
	v: Validator,
	obj: Obj,
	key: string,
	path: string,
	allowed: readonly T[],
	opts: ScalarOpts = {},
): T | null | undefined {
	const raw = obj[key];
	if (raw === undefined || (raw === null && !opts.nullable)) {
		return opts.required ? v.fail(path, `${key} is required`) : undefined;
	}
	if (raw === null) return null;
	if (typeof raw !== 'string' || !(allowed as readonly string[]).includes(raw)) {
		return v.fail(path, `${key} must be one of: ${allowed.join(', ')}`);
	}
	return raw as T;
}

export function readUuid(
	v: Validator,
	obj: Obj,
	key: string,
	path: string,
	opts: ScalarOpts = {},
): string | undefined {
	const raw = obj[key];
	if (raw === undefined || raw === null)
		return opts.required ? v.fail(path, `${key} is required`) : undefined;
	if (typeof raw !== 'string' || !UUID_RE.test(raw)) return v.fail(path, `${key} must be a UUID`);
	return raw;
}

/** An optional array; a non-array is recorded as an error and gives undefined. */
export function readArray(
	v: Validator,
	obj: Obj,
	key: string,
	path: string,
	opts: { required?: boolean; minItems?: number } = {},
): unknown[] | undefined {
	const raw = obj[key];
	if (raw === undefined || raw === null)
		return opts.required ? v.fail(path, `${key} is required`) : undefined;
	if (!Array.isArray(raw)) return v.fail(path, `${key} must be an array`);
	if (opts.minItems !== undefined && raw.length < opts.minItems) {
		return v.fail(path, `${key} must have at least ${opts.minItems} item(s)`);
	}
	return raw;
}

// ---- emails ------------------------------------------------------------------------------------

const TYPO_DOMAINS: Record<string, string> = {
	'gmial.com': 'gmail.com',
	'gmai.com': 'gmail.com',
	'gmail.co': 'gmail.com',
	'hotmial.com': 'hotmail.com',
	'yahooo.com': 'yahoo.com',
	'outlok.com': 'outlook.com',
};

/**
 * Warnings for an email that is valid but unusual: upper-case letters (stored as given; mail
 * systems usually treat the local part as case-sensitive), a `+` sub-address, or a domain that
 * looks like a typo of a common provider.
 */
export function emailWarnings(email: string): string[] {
	const out: string[] = [];
	if (/[A-Z]/.test(email))
		out.push(`Email "${email}" contains upper-case letters; check that it is spelled as intended`);
	if (email.split('@')[0].includes('+'))
		out.push(`Email "${email}" uses a "+" sub-address; some mail systems do not deliver these`);
	const domain = email.split('@')[1]?.toLowerCase() ?? '';
	if (TYPO_DOMAINS[domain]) out.push(`Email "${email}": did you mean ${TYPO_DOMAINS[domain]}?`);
	return out;
}

// ---- settings and completion keys --------------------------------------------------------------

/** Settings object: known keys only, booleans (or null for the inheriting ones). */
export function readSettings(
	v: Validator,
	raw: unknown,
	path: string,
	kind: 'template' | 'signing_request',
): Partial<SigningSettings> | undefined {
	if (raw === undefined || raw === null) return undefined;
	if (!isObject(raw)) return v.fail(path, 'settings must be an object');
	const out: Record<string, unknown> = {};
	for (const [key, value] of Object.entries(raw)) {
		const at = `${path}.${key}`;
		if (
			(BOOLEAN_SETTINGS as readonly string[]).includes(key) ||
			key === 'notify_identity_change_email' ||
			key === 'notify_identity_change_webhook'
		) {
			if (kind === 'template' && (IDENTITY_SETTINGS as readonly string[]).includes(key)) {
				v.fail(at, `${key} is not a template setting`);
			} else if (typeof value !== 'boolean') v.fail(at, `${key} must be true or false`);
			else out[key] = value;
		} else if ((NULLABLE_SETTINGS as readonly string[]).includes(key)) {
			if (value !== null && typeof value !== 'boolean')
				v.fail(at, `${key} must be true, false or null`);
			else out[key] = value;
		} else if (key === 'identity_editable_fields' && kind === 'signing_request') {
			const allowed = ['name', 'company', 'title', 'phone', 'address'];
			if (value === null) out[key] = null;
			else if (
				!Array.isArray(value) ||
				value.some((x) => typeof x !== 'string' || !allowed.includes(x))
			) {
				v.fail(at, `identity_editable_fields must be null or an array of: ${allowed.join(', ')}`);
			} else out[key] = [...value];
		} else {
			v.fail(at, `Unknown setting "${key}"`);
		}
	}
	return out as Partial<SigningSettings>;
}

/** language and completion_* keys; null or "" clears a value (returned as null). */
export function readCompletion(
	v: Validator,
	body: Obj,
	prefix: string,
	testMode: boolean,
): Partial<CompletionSettings> {
	const out: Partial<CompletionSettings> = {};
	const language = readEnum(v, body, 'language', join(prefix, 'language'), LANGUAGES, {
		nullable: true,
	});
	if (language !== undefined) out.language = language;
	const title = readStr(v, body, 'completion_title', join(prefix, 'completion_title'), {
		nullable: true,
		max: 200,
		emptyIsNull: true,
	});
	if (title !== undefined) out.completion_title = title;
	const message = readStr(v, body, 'completion_message', join(prefix, 'completion_message'), {
		nullable: true,
		max: 1000,
		emptyIsNull: true,
	});
	if (message !== undefined) out.completion_message = message;
	const url = readStr(v, body, 'completion_redirect_url', join(prefix, 'completion_redirect_url'), {
		nullable: true,
		max: 2000,
		emptyIsNull: true,
	});
	if (typeof url === 'string') {
		const local = /^http:\/\/(localhost|127\.0\.0\.1)(:\d+)?(\/|$)/i.test(url);
		let valid = false;
		try {
			const parsed = new URL(url);
			valid = parsed.protocol === 'https:' || (local && testMode);
		} catch {
			valid = false;
		}
		if (!valid) {
			v.fail(
				join(prefix, 'completion_redirect_url'),
				local
					? 'http://localhost and http://127.0.0.1 redirect URLs are accepted on test-mode requests only'
					: 'completion_redirect_url must be an https:// URL',
			);
		} else out.completion_redirect_url = url;
	} else if (url === null) out.completion_redirect_url = null;
	const delay = readInt(
		v,
		body,
		'completion_redirect_delay',
		join(prefix, 'completion_redirect_delay'),
		{
			nullable: true,
			min: 0,
			max: 30,
		},
	);
	if (delay !== undefined) out.completion_redirect_delay = delay;
	return out;
}

// ---- participants (recipients / template users) ------------------------------------------------

export interface ParticipantInput {
	path: string;
	/** Existing id to update (undefined when creating). */
	id?: string;
	/** Temp id that fields and reminders may refer to (new participants only). */
	tempId?: string;
	template_user_id?: string;
	values: Partial<ParticipantRecord>;
}

export interface ParticipantReadOptions {
	/**
	 * How a new participant names itself: `id` holds a temp id (create), `_temp_id` holds it
	 * (PUT; `id` then means "update"), `none` (PATCH: `id` means update).
	 */
	refKey: 'id' | '_temp_id' | 'none';
	/** Identity keys are required for new participants unless false (template overrides). */
	requireIdentity?: boolean;
	firstNameMax?: number;
	/** Template-based overrides: `template_user_id` accepted. */
	allowTemplateUserId?: boolean;
}

const PARTICIPANT_KEYS = new Set([
	'id',
	'_temp_id',
	'template_user_id',
	'first_name',
	'last_name',
	'name',
	'email',
	'designation',
	'order',
	'custom_fields',
	...CONTACT_KEYS,
]);

const CONTACT_MAX: Record<string, number> = {
	phone_number: 50,
	street_address: 255,
	city: 100,
	state_province: 100,
	postal_code: 20,
	country: 100,
	title: 100,
	company: 255,
};

export function readParticipant(
	v: Validator,
	raw: unknown,
	path: string,
	opts: ParticipantReadOptions,
): ParticipantInput | undefined {
	if (!isObject(raw)) return v.fail(path, 'must be an object');
	const input: ParticipantInput = { path, values: {} };
	const rawId = raw.id;
	if (opts.refKey === 'id') {
		if (rawId !== undefined && rawId !== null) {
			if (!isTempId(rawId))
				v.fail(join(path, 'id'), 'id must be a temp id starting with "temp_" (e.g. temp_1)');
			else input.tempId = rawId;
		}
	} else {
		if (rawId !== undefined && rawId !== null) {
			if (typeof rawId !== 'string' || rawId === '')
				v.fail(join(path, 'id'), 'id must be a string');
			else input.id = rawId;
		}
		if (opts.refKey === '_temp_id' && raw._temp_id !== undefined && raw._temp_id !== null) {
			if (!isTempId(raw._temp_id))
				v.fail(join(path, '_temp_id'), '_temp_id must start with "temp_"');
			else if (input.id !== undefined)
				v.fail(join(path, '_temp_id'), 'send either id (update) or _temp_id (create), not both');
			else input.tempId = raw._temp_id;
		}
	}
	if (opts.allowTemplateUserId) {
		const tu = readUuid(v, raw, 'template_user_id', join(path, 'template_user_id'));
		if (tu) input.template_user_id = tu;
	}
	const creating = input.id === undefined;
	const required = creating && opts.requireIdentity !== false;
	const first = readStr(v, raw, 'first_name', join(path, 'first_name'), {
		required,
		max: opts.firstNameMax ?? 100,
	});
	if (typeof first === 'string') {
		if (first === '') v.fail(join(path, 'first_name'), 'first_name must not be empty');
		else input.values.first_name = first;
	}
	const last = readStr(v, raw, 'last_name', join(path, 'last_name'), {
		nullable: true,
		max: opts.firstNameMax ?? 100,
	});
	if (last !== undefined) input.values.last_name = last ?? '';
	const email = readStr(v, raw, 'email', join(path, 'email'), { required, max: 255 });
	if (typeof email === 'string') {
		if (!EMAIL_RE.test(email))
			v.fail(join(path, 'email'), `email "${email}" is not a valid email address`);
		else input.values.email = email;
	}
	const designation = readEnum<Designation>(
		v,
		raw,
		'designation',
		join(path, 'designation'),
		DESIGNATIONS,
		{ required },
	);
	if (designation) input.values.designation = designation;
	const order = readInt(v, raw, 'order', join(path, 'order'), { min: 1 });
	if (typeof order === 'number') input.values.order = order;
	for (const key of CONTACT_KEYS) {
		const value = readStr(v, raw, key, join(path, key), {
			nullable: true,
			max: CONTACT_MAX[key],
			emptyIsNull: true,
		});
		if (value !== undefined) input.values[key] = value;
	}
	const custom: Record<string, unknown> = {};
	if (raw.custom_fields !== undefined && raw.custom_fields !== null) {
		if (!isObject(raw.custom_fields))
			v.fail(join(path, 'custom_fields'), 'custom_fields must be an object');
		else Object.assign(custom, raw.custom_fields);
	}
	// "Flat custom keys at the root are also accepted" (§B.5).
	for (const [key, value] of Object.entries(raw)) {
		if (
			!PARTICIPANT_KEYS.has(key) &&
			(typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean')
		) {
			custom[key] = value;
		}
	}
	if (Object.keys(custom).length > 0) input.values.custom_fields = custom;
	return input;
}

// ---- fields ------------------------------------------------------------------------------------

export interface FieldInput {
	path: string;
	id?: string;
	template_field_id?: string;
	/** undefined = not given; null = unassign. */
	recipientRef?: string | null;
	/** The key the recipient came in: recipient_id or assigned_to_user_id. */
	recipientKey?: string;
	sealRef?: string | null;
	values: Partial<FieldRecord>;
}

export interface FieldReadOptions {
	/**
	 * `percent`: position{} or flat x/y/width/height in % of the page (0–100).
	 * `points`: flat x/y/width/height in PDF points of a Letter page (612×792), width 200 and
	 * height 50 by default (create-and-send); converted to percent.
	 */
	coords: 'percent' | 'points';
	/** When no id is given the field is new: type, position and page are required. */
	idKey?: 'id' | 'none';
	/** Template-based overrides: matched, never new. */
	override?: boolean;
	/**
	 * The field types this endpoint takes and the aliases it normalises (default: every type of
	 * `FIELD_TYPES`, aliases `FIELD_TYPE_ALIASES`). Template writes and the signing-request PATCH
	 * take fewer (T4 (c), T5, §B.3).
	 */
	types?: { allowed: readonly FieldType[]; aliases: Record<string, FieldType> };
}

export function normaliseFieldType(
	raw: unknown,
	allowed: readonly FieldType[] = FIELD_TYPES,
	aliases: Record<string, FieldType> = FIELD_TYPE_ALIASES,
): FieldType | undefined {
	if (typeof raw !== 'string') return undefined;
	const t = Object.prototype.hasOwnProperty.call(aliases, raw) ? aliases[raw] : raw;
	return (allowed as readonly string[]).includes(t) ? (t as FieldType) : undefined;
}

export function readField(
	v: Validator,
	raw: unknown,
	path: string,
	opts: FieldReadOptions,
): FieldInput | undefined {
	if (!isObject(raw)) return v.fail(path, 'must be an object');
	const input: FieldInput = { path, values: {} };
	if (opts.idKey !== 'none' && raw.id !== undefined && raw.id !== null) {
		if (typeof raw.id !== 'string' || raw.id === '')
			v.fail(join(path, 'id'), 'id must be a string');
		else input.id = raw.id;
	}
	if (raw.template_field_id !== undefined && raw.template_field_id !== null) {
		const tf = readUuid(v, raw, 'template_field_id', join(path, 'template_field_id'));
		if (tf) input.template_field_id = tf;
	}
	const isNew = !opts.override && input.id === undefined;

	if (raw.type === undefined || raw.type === null) {
		if (isNew) v.fail(join(path, 'type'), 'type is required');
	} else {
		const { allowed, aliases } = opts.types ?? {
			allowed: FIELD_TYPES,
			aliases: FIELD_TYPE_ALIASES,
		};
		const type = normaliseFieldType(raw.type, allowed, aliases);
		if (!type) {
			// Only aliases that lead to an allowed type are worth naming.
			const usable = Object.keys(aliases).filter((a) => allowed.includes(aliases[a]));
			v.fail(
				join(path, 'type'),
				`type must be one of: ${allowed.join(', ')}${usable.length ? ` (aliases: ${usable.join(', ')})` : ''}`,
			);
		} else input.values.type = type;
	}

	// Position.
	const posPath = (k: string) =>
		isObject(raw.position) ? join(path, `position.${k}`) : join(path, k);
	let pos: Obj = raw;
	if (raw.position !== undefined && raw.position !== null) {
		if (!isObject(raw.position))
			v.fail(join(path, 'position'), 'position must be an object {x, y, width, height}');
		else pos = raw.position;
	} else if (raw.x === undefined && raw.x_position !== undefined) {
		pos = { x: raw.x_position, y: raw.y_position, width: raw.width, height: raw.height };
	}
	if (opts.coords === 'points') {
		const x = readNum(v, pos, 'x', posPath('x'), { required: isNew, min: 0, max: LETTER.width });
		const y = readNum(v, pos, 'y', posPath('y'), { required: isNew, min: 0, max: LETTER.height });
		const width =
			readNum(v, pos, 'width', posPath('width'), {
				min: 0,
				exclusiveMin: true,
				max: LETTER.width,
			}) ?? (isNew ? 200 : undefined);
		const height =
			readNum(v, pos, 'height', posPath('height'), {
				min: 0,
				exclusiveMin: true,
				max: LETTER.height,
			}) ?? (isNew ? 50 : undefined);
		if (x !== undefined && width !== undefined && x + width > LETTER.width) {
			v.fail(posPath('width'), `x + width must be at most ${LETTER.width} points (the page width)`);
		}
		if (y !== undefined && height !== undefined && y + height > LETTER.height) {
			v.fail(
				posPath('height'),
				`y + height must be at most ${LETTER.height} points (the page height)`,
			);
		}
		const pct = (n: number, total: number) => Math.round((n / total) * 100 * 1000) / 1000;
		if (x !== undefined) input.values.x = pct(x, LETTER.width);
		if (y !== undefined) input.values.y = pct(y, LETTER.height);
		if (width !== undefined) input.values.width = pct(width, LETTER.width);
		if (height !== undefined) input.values.height = pct(height, LETTER.height);
	} else {
		const required = isNew;
		const x = readNum(v, pos, 'x', posPath('x'), { required, min: 0, max: 100 });
		const y = readNum(v, pos, 'y', posPath('y'), { required, min: 0, max: 100 });
		const width = readNum(v, pos, 'width', posPath('width'), {
			required,
			min: 0,
			exclusiveMin: true,
			max: 100,
		});
		const height = readNum(v, pos, 'height', posPath('height'), {
			required,
			min: 0,
			exclusiveMin: true,
			max: 100,
		});
		if (x !== undefined) input.values.x = x;
		if (y !== undefined) input.values.y = y;
		if (width !== undefined) input.values.width = width;
		if (height !== undefined) input.values.height = height;
	}

	const pageKey =
		raw.page_number !== undefined ? 'page_number' : raw.page !== undefined ? 'page' : 'page_number';
	const page = readInt(v, raw, pageKey, join(path, pageKey), { required: isNew, min: 1 });
	if (typeof page === 'number') input.values.page_number = page;

	const recipientKey =
		raw.recipient_id !== undefined
			? 'recipient_id'
			: raw.assigned_to_user_id !== undefined
				? 'assigned_to_user_id'
				: undefined;
	if (recipientKey) {
		input.recipientKey = recipientKey;
		const ref = raw[recipientKey];
		if (ref === null) input.recipientRef = null;
		else if (typeof ref !== 'string' || ref === '')
			v.fail(join(path, recipientKey), `${recipientKey} must be a string`);
		else input.recipientRef = ref;
	}
	if (raw.seal_participant_temp_id !== undefined && raw.seal_participant_temp_id !== null) {
		if (!isTempId(raw.seal_participant_temp_id)) {
			v.fail(
				join(path, 'seal_participant_temp_id'),
				'seal_participant_temp_id must start with "temp_"',
			);
		} else input.sealRef = raw.seal_participant_temp_id;
	}

	const bools: Array<[string, keyof FieldRecord]> = [
		['required', 'required'],
		['read_only', 'read_only'],
		['date_signing_default', 'date_signing_default'],
		['default_to_signing_date', 'date_signing_default'],
	];
	for (const [key, target] of bools) {
		const value = readBool(v, raw, key, join(path, key));
		if (typeof value === 'boolean') (input.values as Record<string, unknown>)[target] = value;
	}
	const strings: Array<[string, keyof FieldRecord, number]> = [
		['read_only_value', 'read_only_value', 10000],
		['variable_name', 'variable_name', 100],
		['variable_defined_name', 'variable_defined_name', 100],
		['date_default', 'date_default', 50],
		['multi_group_id', 'multi_group_id', 255],
	];
	for (const [key, target, max] of strings) {
		const value = readStr(v, raw, key, join(path, key), { nullable: true, max });
		if (value !== undefined) (input.values as Record<string, unknown>)[target] = value;
	}
	const finalValue = readStr(v, raw, 'final_value', join(path, 'final_value'), {
		nullable: true,
		max: 10000,
	});
	if (finalValue !== undefined) input.values.value = finalValue;
	const prefilled = readStr(v, raw, 'prefilled_data', join(path, 'prefilled_data'), {
		nullable: true,
		max: 100,
	});
	if (prefilled !== undefined) input.values.prefilled_data = prefilled;
	const color = readStr(v, raw, 'background_color', join(path, 'background_color'), {
		nullable: true,
	});
	if (typeof color === 'string' && !/^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/i.test(color)) {
		v.fail(join(path, 'background_color'), 'background_color must be #RGB or #RRGGBB');
	} else if (color !== undefined) input.values.background_color = color;

	const optionsKey =
		raw.dropdown_options !== undefined
			? 'dropdown_options'
			: raw.options !== undefined
				? 'options'
				: undefined;
	if (optionsKey) {
		const options = raw[optionsKey];
		if (options === null) input.values.dropdown_options = null;
		else if (
			Array.isArray(options) ? options.some((o) => typeof o !== 'string') : !isObject(options)
		) {
			v.fail(join(path, optionsKey), `${optionsKey} must be an array of strings (or an object)`);
		} else input.values.dropdown_options = Array.isArray(options) ? [...options] : { ...options };
	}
	for (const key of ['format_rules', 'validation_rules'] as const) {
		const value = raw[key];
		if (value === undefined) continue;
		if (value !== null && !isObject(value)) v.fail(join(path, key), `${key} must be an object`);
		else input.values[key] = value === null ? null : { ...value };
	}
	const rules = input.values.format_rules;
	if (rules && rules.dateFormat !== undefined && !DATE_FORMATS.includes(String(rules.dateFormat))) {
		v.fail(
			join(path, 'format_rules.dateFormat'),
			`dateFormat must be one of: ${DATE_FORMATS.join(', ')}`,
		);
	}
	if (rules && rules.fontSize !== undefined) {
		const size = Number(rules.fontSize);
		if (!Number.isFinite(size))
			v.fail(join(path, 'format_rules.fontSize'), 'fontSize must be a number from 8 to 48');
		else rules.fontSize = Math.min(48, Math.max(8, size)); // clamped (§B.6)
	}
	if (
		rules &&
		rules.acceptedFileTypes !== undefined &&
		!['image_and_pdf', 'image', 'pdf'].includes(String(rules.acceptedFileTypes))
	) {
		v.fail(
			join(path, 'format_rules.acceptedFileTypes'),
			'acceptedFileTypes must be one of: image_and_pdf, image, pdf',
		);
	}
	for (const key of ['required_conditions', 'visibility_conditions'] as const) {
		const value = raw[key];
		if (value === undefined) continue;
		if (value !== null && !isObject(value))
			v.fail(join(path, key), `${key} must be a ConditionSet object`);
		else input.values[key] = value;
	}
	return input;
}

// ---- reminders ---------------------------------------------------------------------------------

export interface ReminderInput {
	path: string;
	id?: string;
	recipientRef?: string | null;
	values: Partial<ReminderRecord>;
}

/** Reminder `{id?, hours, subject, message, all_users, recipient_id | user_id | template_user_id}`. */
export function readReminder(v: Validator, raw: unknown, path: string): ReminderInput | undefined {
	if (!isObject(raw)) return v.fail(path, 'must be an object');
	const input: ReminderInput = { path, values: {} };
	if (raw.id !== undefined && raw.id !== null) {
		if (typeof raw.id !== 'string' || raw.id === '')
			v.fail(join(path, 'id'), 'id must be a string');
		else input.id = raw.id;
	}
	const isNew = input.id === undefined;
	const hours = readInt(v, raw, 'hours', join(path, 'hours'), { required: isNew, min: 1 });
	if (typeof hours === 'number') input.values.hours = hours;
	const subject = readStr(v, raw, 'subject', join(path, 'subject'), { required: isNew, max: 255 });
	if (typeof subject === 'string') input.values.subject = subject;
	const message = readStr(v, raw, 'message', join(path, 'message'), { required: isNew, max: 5000 });
	if (typeof message === 'string') input.values.message = message;
	const allUsers = readBool(v, raw, 'all_users', join(path, 'all_users'));
	if (typeof allUsers === 'boolean') input.values.all_users = allUsers;
	const key = ['recipient_id', 'user_id', 'template_user_id'].find((k) => raw[k] !== undefined);
	if (key) {
		const ref = raw[key];
		if (ref === null) input.recipientRef = null;
		else if (typeof ref !== 'string' || ref === '')
			v.fail(join(path, key), `${key} must be a string`);
		else input.recipientRef = ref;
	}
	if (
		isNew &&
		allUsers !== true &&
		(input.recipientRef === undefined || input.recipientRef === null)
	) {
		v.fail(join(path, key ?? 'recipient_id'), 'recipient_id is required unless all_users is true');
	}
	return input;
}

// ---- seal participants -------------------------------------------------------------------------

export interface SealParticipantInput {
	path: string;
	seal_id: string;
	order: number;
	tempId?: string;
}

export function readSealParticipant(
	v: Validator,
	raw: unknown,
	path: string,
): SealParticipantInput | undefined {
	if (!isObject(raw)) return v.fail(path, 'must be an object');
	const sealId = readUuid(v, raw, 'seal_id', join(path, 'seal_id'), { required: true });
	const order = readInt(v, raw, 'order', join(path, 'order'), { required: true, min: 1 });
	let tempId: string | undefined;
	if (raw.temp_id !== undefined && raw.temp_id !== null) {
		if (!isTempId(raw.temp_id)) v.fail(join(path, 'temp_id'), 'temp_id must start with "temp_"');
		else tempId = raw.temp_id;
	}
	if (!sealId || typeof order !== 'number') return undefined;
	return { path, seal_id: sealId, order, tempId };
}

/**
 * PATCH bodies of templates and signing requests carry exactly one part: properties (any of
 * `propertyKeys`), one participant (`participantKey`: user or recipient), one field, or one seal
 * participant. Returns the part's name, or throws the 400 naming what to send.
 */
export function onePatchPart(
	body: Obj,
	propertyKeys: readonly string[],
	participantKey: string,
	propertiesText: string,
	mixedPrefix: string,
): string {
	const parts = [
		propertyKeys.some((k) => k in body) ? 'properties' : null,
		participantKey in body ? participantKey : null,
		'field' in body ? 'field' : null,
		'seal_participant' in body ? 'seal_participant' : null,
	].filter((s): s is string => s !== null);
	if (parts.length !== 1) {
		throw validationError(
			{
				body: `Send exactly one of: properties (${propertiesText}), ${participantKey}, field, seal_participant`,
			},
			parts.length === 0
				? 'Nothing to update'
				: `${mixedPrefix} ${parts.join(' and ')} in the same request`,
		);
	}
	return parts[0];
}
