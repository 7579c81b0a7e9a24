/**
 * Input validation helpers shared by all route files.
 *
 * Usage: create a `Validator`, read every input through the helpers (each records a field-level
 * message on failure and returns `undefined`), then call `v.throwIfInvalid()`; it throws one
 * 400 VALIDATION_ERROR whose `details` names every bad field.
 */
import { validationError } from './errors';

export class Validator {
	readonly errors: Record<string, string> = {};

	fail(field: string, message: string): undefined {
		if (!(field in this.errors)) this.errors[field] = message;
		return undefined;
	}

	get ok(): boolean {
		return Object.keys(this.errors).length === 0;
	}

	throwIfInvalid(message?: string): void {
		if (!this.ok) throw validationError(this.errors, message);
	}
}

export type Query = Record<string, string>;

/** Integer query parameter within [min, max]; `def` when absent. */
export function queryInt(
	v: Validator,
	query: Query,
	name: string,
	opts: { min: number; max?: number; def: number },
): number {
	const raw = query[name];
	if (raw === undefined) return opts.def;
	const range = opts.max === undefined ? `>= ${opts.min}` : `between ${opts.min} and ${opts.max}`;
	if (!/^-?\d+$/.test(raw.trim())) {
		v.fail(name, `${name} must be an integer ${range}`);
		return opts.def;
	}
	const n = Number(raw);
	if (n < opts.min || (opts.max !== undefined && n > opts.max)) {
		v.fail(name, `${name} must be an integer ${range}`);
		return opts.def;
	}
	return n;
}

/** Enumerated query parameter; `def` when absent. */
export function queryEnum<T extends string>(
	v: Validator,
	query: Query,
	name: string,
	allowed: readonly T[],
	def: T,
): T {
	const raw = query[name];
	if (raw === undefined) return def;
	if (!(allowed as readonly string[]).includes(raw)) {
		v.fail(name, `${name} must be one of: ${allowed.join(', ')}`);
		return def;
	}
	return raw as T;
}

/** Boolean query parameter given as `0`, `1`, `true` or `false`; `undefined` when absent. */
export function queryBool(v: Validator, query: Query, name: string): boolean | undefined {
	const raw = query[name];
	if (raw === undefined) return undefined;
	const value = raw.toLowerCase();
	if (value === '1' || value === 'true') return true;
	if (value === '0' || value === 'false') return false;
	return v.fail(name, `${name} must be one of: 0, 1, true, false`);
}

const ISO_DATE_TIME =
	/^\d{4}-\d{2}-\d{2}(?:[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?(?:Z|[+-]\d{2}:?\d{2})?)?$/i;

/** True for an ISO 8601 date or date-time that denotes a real instant. */
export function isIsoDateTime(value: string): boolean {
	return ISO_DATE_TIME.test(value) && !Number.isNaN(Date.parse(value));
}

/** ISO date-time query parameter, returned as epoch ms; `undefined` when absent or invalid. */
export function queryDate(v: Validator, query: Query, name: string): number | undefined {
	const raw = query[name];
	if (raw === undefined) return undefined;
	if (!isIsoDateTime(raw.trim())) {
		return v.fail(name, `${name} must be an ISO 8601 date-time, e.g. 2024-01-31T00:00:00Z`);
	}
	return Date.parse(raw.trim());
}

/** The request body as an object: an absent body is `{}`; an array or scalar is a 400. */
export function objectBody(body: unknown): Record<string, unknown> {
	if (body === undefined || body === null) return {};
	if (typeof body !== 'object' || Array.isArray(body)) {
		throw validationError({ body: 'Request body must be a JSON object' });
	}
	return body as Record<string, unknown>;
}

/** String body field, trimmed; records an error when required and missing, empty, not a string or too long. */
export function bodyString(
	v: Validator,
	body: Record<string, unknown>,
	name: string,
	opts: { required?: boolean; max?: number } = {},
): string | undefined {
	const raw = body[name];
	if (raw === undefined || raw === null) {
		return opts.required ? v.fail(name, `${name} is required`) : undefined;
	}
	if (typeof raw !== 'string') return v.fail(name, `${name} must be a string`);
	const value = raw.trim();
	if (opts.required && value === '') return v.fail(name, `${name} must not be empty`);
	if (opts.max !== undefined && value.length > opts.max) {
		return v.fail(name, `${name} must be at most ${opts.max} characters`);
	}
	return value;
}
