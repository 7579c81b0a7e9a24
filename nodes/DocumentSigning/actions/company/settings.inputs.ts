import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { LANGUAGES } from '../../domain/languages';
import { COMPLETION_KEYS, completionMaxLength, completionOptions } from '../../domain/completion';
import type { SettingKey } from '../../domain/settings';
import {
	COLOR_SETTINGS,
	REDIRECT_DELAY,
	SETTINGS,
	isNullable,
	settingKeysOf,
	settingLabel,
	settingOption,
} from '../../domain/settings';
import { fail } from '../../helpers/errors';
import { parseUrl } from '../../../shared/url';

/**
 * The company's settings (PUT /company/settings) and a workspace's
 * (PUT /workspace/{workspace_id}/settings): their forms, built from the catalogue of settings
 * (domain/settings.ts), and the checks before sending they share (colours, completion page,
 * language, "Reset").
 */

export type SettingsOwner = 'company' | 'workspace';

/** What removing a value falls back to, per owner, in the words of the form. */
const FALLBACK: Record<SettingsOwner, { colour: string; completion: string; reset: string }> = {
	company: {
		colour: 'no colour',
		completion: 'no company default',
		reset:
			'Settings to remove (sent as null): colours and the QR code option go back to unset, completion settings to no company default, the time zone to UTC',
	},
	workspace: {
		colour: 'the company colour applies',
		completion: 'inherit the company value',
		reset: 'Settings to remove (sent as null), so the company value applies again',
	},
};

/** A workspace's yes/no setting that may be left to the company (null = inherit). */
function inherits(key: SettingKey, owner: SettingsOwner): boolean {
	return owner === 'workspace' && SETTINGS[key].type === 'boolean' && isNullable(key, owner);
}

/** The settings "Reset" removes (sends as null), sorted by label. */
export function resettable(owner: SettingsOwner): SettingKey[] {
	return settingKeysOf(owner)
		.filter((key) => isNullable(key, owner) && !inherits(key, owner))
		.sort((a, b) => settingLabel(a).localeCompare(settingLabel(b)));
}

/** One option of the form. */
function ownerOption(key: SettingKey, owner: SettingsOwner): INodeProperties {
	const setting = SETTINGS[key];
	if (setting.type === 'color') {
		return settingOption(
			key,
			`${setting.description}; Reset removes it (${FALLBACK[owner].colour})`,
		);
	}
	if (inherits(key, owner)) {
		return {
			displayName: setting.label,
			name: key,
			type: 'options',
			options: [
				{ name: 'Inherit From Company', value: 'inherit', description: 'Use the company setting' },
				{ name: 'On', value: 'on' },
				{ name: 'Off', value: 'off' },
			],
			default: 'inherit',
			description: `${setting.description}. "Inherit From Company" follows the company setting.`,
		};
	}
	return settingOption(key);
}

/**
 * The settings of the company or a workspace as the options of one collection, sorted by label:
 * every setting the owner takes, and "Reset" for those it may remove.
 */
export function ownerSettingsOptions(owner: SettingsOwner): INodeProperties[] {
	const completion = completionOptions(FALLBACK[owner].completion);
	const options = settingKeysOf(owner).map(
		(key) => completion.find((option) => option.name === key) ?? ownerOption(key, owner),
	);
	options.push({
		displayName: 'Reset',
		name: 'reset',
		type: 'multiOptions',
		options: resettable(owner).map((key) => ({ name: settingLabel(key), value: key })),
		default: [],
		description: FALLBACK[owner].reset,
	});
	return options.sort((a, b) => a.displayName.localeCompare(b.displayName));
}

/**
 * A workspace's Inherit From Company / On / Off settings in the body in place: null, true or false.
 */
export function readInherited(context: IExecuteFunctions, body: IDataObject): void {
	for (const key of settingKeysOf('workspace')) {
		if (!inherits(key, 'workspace') || body[key] === undefined) continue;
		const choice = body[key];
		body[key] =
			choice === 'on' ? true : choice === 'off' ? false : choice === 'inherit' ? null : choice;
		if (typeof body[key] !== 'boolean' && body[key] !== null) {
			fail(context, `"${settingLabel(key)}" must be Inherit From Company, On or Off`);
		}
	}
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
	for (const key of COMPLETION_KEYS) {
		const value = body[key];
		const label = settingLabel(key);
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
		fail(
			context,
			`"${settingLabel('language')}" must be one of: ${LANGUAGES.map((l) => l.value).join(', ')}`,
		);
	}
}

/** Adds `key: null` for every key chosen in "Reset"; a key both set and reset is an error. */
export function applyReset(context: IExecuteFunctions, body: IDataObject, reset: unknown): void {
	const keys = Array.isArray(reset) ? (reset as string[]) : [];
	for (const key of keys) {
		if (body[key] !== undefined && body[key] !== null) {
			const label = (SETTINGS as Record<string, { label: string }>)[key]?.label ?? key;
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
