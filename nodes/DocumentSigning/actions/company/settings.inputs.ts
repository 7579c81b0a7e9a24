import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { LANGUAGES } from '../../domain/languages';
import { COMPLETION_SETTINGS, completionMaxLength, REDIRECT_DELAY } from '../../domain/completion';
import { fail } from '../../domain/errors';
import { parseUrl } from '../../../shared/url';

/**
 * What company settings (PUT /company/settings) and workspace settings
 * (PUT /workspace/{id}/settings) share: the 11 branding colours, the completion page, the
 * language, and their checks before sending.
 */

/** The 11 colour keys, `#RRGGBB` (null = not set / inherit). */
export const COLOR_SETTINGS: ReadonlyArray<{ key: string; label: string }> = [
	{ key: 'color_accent', label: 'Accent Colour' },
	{ key: 'color_accent_fg', label: 'Accent Text Colour' },
	{ key: 'color_background', label: 'Background Colour' },
	{ key: 'color_border', label: 'Border Colour' },
	{ key: 'color_canvas', label: 'Canvas Colour' },
	{ key: 'color_card', label: 'Card Colour' },
	{ key: 'color_foreground', label: 'Text Colour' },
	{ key: 'color_muted', label: 'Muted Colour' },
	{ key: 'color_muted_fg', label: 'Muted Text Colour' },
	{ key: 'color_primary', label: 'Primary Colour' },
	{ key: 'color_primary_fg', label: 'Primary Text Colour' },
];

/** One colour option per colour key (n8n colour picker, or an expression giving #RRGGBB). */
export function colorOptions(inherit: string): INodeProperties[] {
	return COLOR_SETTINGS.map(({ key, label }) => ({
		displayName: label,
		name: key,
		type: 'color',
		default: '',
		placeholder: '#1A2B3C',
		description: `As #RRGGBB; Reset removes it (${inherit})`,
	}));
}

export const languageOption: INodeProperties = {
	displayName: 'Language',
	name: 'language',
	type: 'options',
	options: [...LANGUAGES],
	default: 'en',
	description: 'Language of signer emails and the signing page',
};

/** "Reset" multi-select: the keys sent as null. */
export function resetOption(
	keys: ReadonlyArray<{ key: string; label: string }>,
	description: string,
): INodeProperties {
	return {
		displayName: 'Reset',
		name: 'reset',
		type: 'multiOptions',
		options: [...keys]
			.sort((a, b) => a.label.localeCompare(b.label))
			.map(({ key, label }) => ({ name: label, value: key })),
		default: [],
		description,
	};
}

const HEX_COLOR = /^#[0-9a-fA-F]{6}$/;

/**
 * Checks the colour and completion keys of a settings body in place (trimming strings), naming
 * the field in errors: colours #RRGGBB, title ≤200, message ≤1000, redirect URL https ≤2000,
 * delay whole 0–30, language one of the 15.
 */
export function checkSharedSettings(context: IExecuteFunctions, body: IDataObject): void {
	for (const { key, label } of COLOR_SETTINGS) {
		if (body[key] === undefined || body[key] === null) continue;
		const value = String(body[key]).trim();
		if (!HEX_COLOR.test(value)) {
			fail(context, `"${label}" must be a colour like #1A2B3C, not "${value.slice(0, 40)}"`);
		}
		body[key] = value;
	}
	for (const { key, label } of COMPLETION_SETTINGS) {
		const value = body[key];
		if (value === undefined || value === null) continue;
		if (key === 'completion_redirect_delay') {
			const delay = Number(value);
			if (!Number.isInteger(delay) || delay < REDIRECT_DELAY.min || delay > REDIRECT_DELAY.max) {
				fail(
					context,
					`"${label}" must be a whole number from ${REDIRECT_DELAY.min} to ${REDIRECT_DELAY.max}`,
				);
			}
			body[key] = delay;
			continue;
		}
		const text = String(value).trim();
		if (text.length > completionMaxLength(key)) {
			fail(
				context,
				`"${label}" is ${text.length} characters long; the service accepts at most ${completionMaxLength(key)}`,
			);
		}
		if (key === 'completion_redirect_url') {
			if (!/^https:\/\//i.test(text) || !parseUrl(text))
				fail(context, `"${label}" must be an https:// address`, `Got "${text.slice(0, 100)}".`);
		}
		body[key] = text;
	}
	if (body.language !== undefined && !LANGUAGES.some((l) => l.value === body.language)) {
		fail(context, `"Language" must be one of: ${LANGUAGES.map((l) => l.value).join(', ')}`);
	}
}

/** Adds `key: null` for every key chosen in "Reset"; a key both set and reset is an error. */
export function applyReset(
	context: IExecuteFunctions,
	body: IDataObject,
	reset: unknown,
	labels: ReadonlyArray<{ key: string; label: string }>,
): void {
	const keys = Array.isArray(reset) ? (reset as string[]) : [];
	for (const key of keys) {
		if (body[key] !== undefined && body[key] !== null) {
			const label = labels.find((l) => l.key === key)?.label ?? key;
			fail(context, `"${label}" is both set and reset`, 'Remove it from one of the two.');
		}
		body[key] = null;
	}
}

/** The settings collection, without empty strings (unset text options), checked non-empty. */
export function settingsBody(
	context: IExecuteFunctions,
	parameter: string,
	itemIndex: number,
): IDataObject {
	const raw = context.getNodeParameter(parameter, itemIndex, {}) as IDataObject;
	const body: IDataObject = {};
	for (const [key, value] of Object.entries(raw)) {
		if (key === 'reset' || value === undefined || value === '' || value === null) continue;
		body[key] = value;
	}
	return body;
}
