import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { compact } from '../helpers/validation';
import { fail } from './errors';
import { LANGUAGE_CODES, LANGUAGES } from './languages';
import { titleCase } from './text';
import { isHttpLoopback, isHttpsOrLoopback, parseUrl } from '../../shared/url';

/**
 * The completion page signers see after finishing (title, message, redirect URL and delay), with
 * the other properties of a signing request (name, description, expiration, language) that the
 * create and update operations share in their "Options" collection, and their checks.
 */

/** The completion-page settings: API key, label, and the longest text the service takes. */
export const COMPLETION_SETTINGS: ReadonlyArray<{
	key: string;
	label: string;
	maxLength?: number;
}> = [
	{ key: 'completion_message', label: 'Completion Message', maxLength: 1000 },
	{ key: 'completion_redirect_delay', label: 'Completion Redirect Delay (Seconds)' },
	{ key: 'completion_redirect_url', label: 'Completion Redirect URL', maxLength: 2000 },
	{ key: 'completion_title', label: 'Completion Title', maxLength: 200 },
];

export const COMPLETION_KEYS = [
	'completion_message',
	'completion_redirect_delay',
	'completion_redirect_url',
	'completion_title',
] as const;

/** The longest text the service takes for a completion setting. */
export const completionMaxLength = (key: string): number =>
	COMPLETION_SETTINGS.find((s) => s.key === key)?.maxLength ?? Infinity;

/** The redirect delay, in whole seconds. */
export const REDIRECT_DELAY = { min: 0, max: 30 } as const;

/**
 * The completion-page options (sorted by display name). For a signing request (no `inherit`) the
 * redirect URL may be http://localhost with the test key; for company or workspace settings
 * (`inherit`: what removing a value falls back to) it must be https://, and "Reset" removes a value.
 */
export function completionOptions(inherit?: string): INodeProperties[] {
	const message = `Text on the page signers see after finishing (at most ${completionMaxLength('completion_message')} characters)`;
	return [
		{
			displayName: 'Completion Message',
			name: 'completion_message',
			type: 'string',
			typeOptions: { rows: 3 },
			default: '',
			description:
				inherit === undefined ? message : `${message}. To remove it (${inherit}), use "Reset".`,
		},
		{
			displayName: 'Completion Redirect Delay (Seconds)',
			name: 'completion_redirect_delay',
			type: 'number',
			typeOptions: {
				minValue: REDIRECT_DELAY.min,
				maxValue: REDIRECT_DELAY.max,
				numberPrecision: 0,
			},
			default: 5,
			description: `How long the completion page shows before redirecting (${REDIRECT_DELAY.min}–${REDIRECT_DELAY.max} seconds)`,
		},
		{
			displayName: 'Completion Redirect URL',
			name: 'completion_redirect_url',
			type: 'string',
			default: '',
			placeholder: 'https://example.com/thanks',
			description:
				inherit === undefined
					? 'Where signers are sent after finishing. Must be https:// (http://localhost only with the test key).'
					: `Where signers are sent after finishing. Must start with https:// (at most ${completionMaxLength('completion_redirect_url')} characters).`,
		},
		{
			displayName: 'Completion Title',
			name: 'completion_title',
			type: 'string',
			default: '',
			description: `Title of the page signers see after finishing (at most ${completionMaxLength('completion_title')} characters)`,
		},
	];
}

/**
 * Options of a signing request's "Additional Options" collection (sorted by display name).
 * `clear` adds "Clear Completion Settings" (PATCH / PUT: null clears an inherited value).
 */
export function signingRequestOptions(
	opts: { name?: boolean; language?: boolean; clear?: boolean } = {},
): INodeProperties[] {
	const options: INodeProperties[] = [];
	if (opts.clear) {
		options.push({
			displayName: 'Clear Completion Settings',
			name: 'clear',
			type: 'multiOptions',
			options: COMPLETION_KEYS.map((value) => ({ name: titleCase(value), value })),
			default: [],
			description:
				'Completion settings to remove from this request, so the template, workspace or company value applies again',
		});
	}
	options.push(
		...completionOptions(),
		{
			displayName: 'Description',
			name: 'description',
			type: 'string',
			typeOptions: { rows: 2 },
			default: '',
		},
		{
			displayName: 'Expiration Hours',
			name: 'expiration_hours',
			type: 'number',
			typeOptions: { minValue: 1, numberPrecision: 0 },
			default: 168,
			description: 'How long recipients have to sign once the request is sent (168 = 7 days)',
		},
	);
	if (opts.language !== false) {
		options.push({
			displayName: 'Language',
			name: 'language',
			type: 'options',
			options: [...LANGUAGES],
			default: 'en',
			description: 'Language of the signer emails and signing page',
		});
	}
	if (opts.name) {
		options.push({
			displayName: 'Name',
			name: 'name',
			type: 'string',
			default: '',
			description: 'Name of the signing request (at most 255 characters)',
		});
	}
	return options;
}

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
				`${label}: "${field}" is ${String(out[key]).length} characters long; at most ${max} are allowed`,
			);
		}
	};
	if (out.name !== undefined) {
		out.name = String(out.name).trim();
		if (out.name === '') delete out.name;
	}
	tooLong('name', 'Name', 255);
	tooLong('completion_title', 'Completion Title', completionMaxLength('completion_title'));
	tooLong('completion_message', 'Completion Message', completionMaxLength('completion_message'));
	if (out.expiration_hours !== undefined) {
		const hours = Number(out.expiration_hours);
		if (!Number.isInteger(hours) || hours < 1) {
			fail(
				context,
				`${label}: "Expiration Hours" must be a whole number of 1 or more (got ${String(out.expiration_hours)})`,
			);
		}
		out.expiration_hours = hours;
	}
	if (out.language !== undefined && !LANGUAGE_CODES.includes(String(out.language))) {
		fail(
			context,
			`${label}: language "${String(out.language)}" is not one of ${LANGUAGE_CODES.join(', ')}`,
		);
	}
	if (out.completion_redirect_url !== undefined) {
		const url = String(out.completion_redirect_url).trim();
		const parsed = parseUrl(url);
		const local = parsed !== undefined && isHttpLoopback(parsed);
		if (!parsed || !isHttpsOrLoopback(parsed)) {
			fail(
				context,
				`${label}: "Completion Redirect URL" must be an https:// address (got "${url.slice(0, 100)}")`,
			);
		}
		if (local && options.keyMode === 'live') {
			fail(
				context,
				`${label}: "Completion Redirect URL" may point at ${parsed?.hostname} only with the Test API Key`,
				'Use an https:// address for live signing requests.',
			);
		}
		if (url.length > completionMaxLength('completion_redirect_url'))
			fail(
				context,
				`${label}: "Completion Redirect URL" is longer than ${completionMaxLength('completion_redirect_url')} characters`,
			);
		out.completion_redirect_url = url;
	}
	if (out.completion_redirect_delay !== undefined) {
		const delay = Number(out.completion_redirect_delay);
		if (!Number.isInteger(delay) || delay < REDIRECT_DELAY.min || delay > REDIRECT_DELAY.max) {
			fail(
				context,
				`${label}: "Completion Redirect Delay" must be a whole number of seconds from ${REDIRECT_DELAY.min} to ${REDIRECT_DELAY.max}`,
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
				fail(context, `${label}: "${key}" cannot be cleared (only ${COMPLETION_KEYS.join(', ')})`);
			}
			if (out[key] !== undefined) fail(context, `${label}: "${key}" is both set and cleared`);
			out[key] = null;
		}
	}
	return out;
}
