import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { compact } from '../helpers/validation';
import { fail } from '../helpers/errors';
import { LANGUAGE_CODES } from './languages';
import type { Setting, SettingKey } from './settings';
import { REDIRECT_DELAY, SETTINGS, settingLabel, settingOption } from './settings';
import { isHttpLoopback, isHttpsOrLoopback, parseUrl } from '../../shared/url';

/**
 * The completion page signers see after finishing (title, message, redirect URL and delay), with
 * the other properties of a signing request (name, description, expiration, language) that the
 * create and update operations share in their "Options" collection, and their checks.
 */

/** The completion-page settings (the catalogue in settings.ts declares them). */
export const COMPLETION_KEYS = [
	'completion_message',
	'completion_redirect_delay',
	'completion_redirect_url',
	'completion_title',
] as const satisfies readonly SettingKey[];

/** The longest text the service takes for a completion setting. */
export const completionMaxLength = (key: SettingKey): number =>
	(SETTINGS[key] as Setting).maxLength ?? Infinity;

/**
 * The completion-page options (sorted by display name). For a signing request (no `inherit`) the
 * redirect URL may be http://localhost with the test key; for company or workspace settings
 * (`inherit`: what removing a value falls back to) it must be https://, and "Reset" removes a value.
 */
export function completionOptions(inherit?: string): INodeProperties[] {
	const { completion_message: message, completion_redirect_url: url } = SETTINGS;
	return [
		settingOption(
			'completion_message',
			inherit === undefined
				? undefined
				: `${message.description}. To remove it (${inherit}), use "Reset".`,
		),
		settingOption('completion_redirect_delay'),
		settingOption(
			'completion_redirect_url',
			inherit === undefined
				? `${url.description}; http://localhost only with the test key`
				: undefined,
		),
		settingOption('completion_title'),
	];
}

/** The label of a signing request's and a template's expiration_hours. */
export const EXPIRATION_HOURS = 'Expiration Hours';

/** The expiration of a signing request or template, in hours (168 = 7 days). */
function expirationHoursOption(description: string): INodeProperties {
	return {
		displayName: EXPIRATION_HOURS,
		name: 'expiration_hours',
		type: 'number',
		typeOptions: { minValue: 1, numberPrecision: 0 },
		default: 168,
		description,
	};
}

/**
 * Description and Expiration Hours, options of a signing request's and a template's properties;
 * `expiration` says what the hours count for.
 */
export function descriptionAndExpirationOptions(expiration: string): INodeProperties[] {
	return [
		{
			displayName: 'Description',
			name: 'description',
			type: 'string',
			typeOptions: { rows: 2 },
			default: '',
		},
		expirationHoursOption(expiration),
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
			options: COMPLETION_KEYS.map((value) => ({ name: settingLabel(value), value })),
			default: [],
			description:
				'Completion settings to remove from this request, so the template, workspace or company value applies again',
		});
	}
	options.push(
		...completionOptions(),
		...descriptionAndExpirationOptions(
			'How long recipients have to sign once the request is sent (168 = 7 days)',
		),
	);
	if (opts.language !== false) options.push(settingOption('language'));
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
	for (const key of ['completion_title', 'completion_message'] as const)
		tooLong(key, settingLabel(key), completionMaxLength(key));
	if (out.expiration_hours !== undefined) {
		const hours = Number(out.expiration_hours);
		if (!Number.isInteger(hours) || hours < 1) {
			fail(
				context,
				`${label}: "${EXPIRATION_HOURS}" must be a whole number of 1 or more (got ${String(out.expiration_hours)})`,
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
				`${label}: "${settingLabel('completion_redirect_url')}" must be an https:// address (got "${url.slice(0, 100)}")`,
			);
		}
		if (local && options.keyMode === 'live') {
			fail(
				context,
				`${label}: "${settingLabel('completion_redirect_url')}" may point at ${parsed?.hostname} only with the Test API Key`,
				'Use an https:// address for live signing requests.',
			);
		}
		if (url.length > completionMaxLength('completion_redirect_url'))
			fail(
				context,
				`${label}: "${settingLabel('completion_redirect_url')}" is longer than ${completionMaxLength('completion_redirect_url')} characters`,
			);
		out.completion_redirect_url = url;
	}
	if (out.completion_redirect_delay !== undefined) {
		const delay = Number(out.completion_redirect_delay);
		if (!Number.isInteger(delay) || delay < REDIRECT_DELAY.min || delay > REDIRECT_DELAY.max) {
			fail(
				context,
				`${label}: "${settingLabel('completion_redirect_delay')}" must be a whole number from ${REDIRECT_DELAY.min} to ${REDIRECT_DELAY.max}`,
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
			if (out[key] !== undefined) {
				fail(context, `${label}: "${settingLabel(key as SettingKey)}" is both set and cleared`);
			}
			out[key] = null;
		}
	}
	return out;
}
