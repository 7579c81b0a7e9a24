/**
 * Company-area state and checks shared by the Company, Workspace Settings, workspace logo and
 * workspace custom-field routes (api-reference §3.1, §3.2 W8–W9, §3.5 CF1–CF4, §3.8).
 *
 * The data lives beside `SandboxState` (one store per sandbox instance, in a WeakMap), so the
 * core state module is untouched.
 */
import type { SandboxState } from '../state';
import type { Validator } from '../validation';
import { LANGUAGES, isLanguage } from '../languages';

/** The 11 colour keys of company and workspace settings, `#RRGGBB` or null. */
export const COLOR_KEYS = [
	'color_primary',
	'color_primary_fg',
	'color_background',
	'color_foreground',
	'color_card',
	'color_border',
	'color_accent',
	'color_accent_fg',
	'color_canvas',
	'color_muted',
	'color_muted_fg',
] as const;

export const COMPLETION_KEYS = [
	'completion_title',
	'completion_message',
	'completion_redirect_url',
	'completion_redirect_delay',
] as const;

const HEX_COLOR = /^#[0-9a-fA-F]{6}$/;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export const EMAIL_LOCAL_PART = /^[a-z0-9]([a-z0-9._-]*[a-z0-9])?$/;

export function isEmail(value: unknown): boolean {
	return typeof value === 'string' && value.length <= 254 && EMAIL.test(value);
}

export function isHttpUrl(value: unknown): boolean {
	if (typeof value !== 'string') return false;
	try {
		const url = new URL(value);
		return url.protocol === 'https:' || url.protocol === 'http:';
	} catch {
		return false;
	}
}

export function isTimeZone(value: string): boolean {
	try {
		new Intl.DateTimeFormat('en-US', { timeZone: value });
		return /\//.test(value) || value === 'UTC';
	} catch {
		return false;
	}
}

// ---- per-key checks (each records a field message on failure) --------------------------------

type Body = Record<string, unknown>;
export type Settings = Record<string, unknown>;

export function checkBool(
	v: Validator,
	body: Body,
	key: string,
	out: Settings,
	nullable = false,
): void {
	if (!(key in body)) return;
	const value = body[key];
	if (value === null && nullable) out[key] = null;
	else if (typeof value === 'boolean') out[key] = value;
	else v.fail(key, `${key} must be true or false${nullable ? ' (or null to inherit)' : ''}`);
}

export function checkColor(v: Validator, body: Body, key: string, out: Settings): void {
	if (!(key in body)) return;
	const value = body[key];
	if (value === null) out[key] = null;
	else if (typeof value === 'string' && HEX_COLOR.test(value)) out[key] = value;
	else v.fail(key, `${key} must be a colour like #1A2B3C (or null)`);
}

export function checkLanguage(v: Validator, body: Body, key: string, out: Settings): void {
	if (!(key in body)) return;
	const value = body[key];
	if (isLanguage(value)) out[key] = value;
	else v.fail(key, `${key} must be one of: ${LANGUAGES.join(', ')}`);
}

/** completion_*: null or "" clears (inherit); title ≤200, message ≤1000, URL https ≤2000, delay 0–30. */
export function checkCompletion(v: Validator, body: Body, out: Settings): void {
	for (const key of COMPLETION_KEYS) {
		if (!(key in body)) continue;
		const value = body[key];
		if (value === null || value === '') {
			out[key] = null;
			continue;
		}
		if (key === 'completion_redirect_delay') {
			if (typeof value !== 'number' || !Number.isInteger(value) || value < 0 || value > 30) {
				v.fail(key, 'completion_redirect_delay must be an integer between 0 and 30');
			} else out[key] = value;
			continue;
		}
		if (typeof value !== 'string') {
			v.fail(key, `${key} must be a string`);
			continue;
		}
		const max = key === 'completion_title' ? 200 : key === 'completion_message' ? 1000 : 2000;
		if (value.length > max) {
			v.fail(key, `${key} must be at most ${max} characters`);
		} else if (key === 'completion_redirect_url' && !/^https:\/\//i.test(value)) {
			v.fail(key, 'completion_redirect_url must be an https:// URL');
		} else if (key === 'completion_redirect_url' && !isHttpUrl(value)) {
			v.fail(key, 'completion_redirect_url must be a valid URL');
		} else out[key] = value;
	}
}

/**
 * A settings answer: the stored settings without the keys whose documented type is a string that
 * is not nullable (they are optional), while the sandbox has no value for them.
 */
export function settingsAnswer(
	settings: Settings,
	stringKeys: readonly string[],
): Record<string, unknown> {
	const out: Record<string, unknown> = { ...settings };
	for (const key of stringKeys) if (out[key] === null || out[key] === undefined) delete out[key];
	return out;
}

/** CompanySettings keys documented as strings, not nullable (response-shapes.md). */
export const COMPANY_STRING_KEYS = ['email_local_part'] as const;
/** WorkspaceSettings keys documented as strings, not nullable (response-shapes.md). */
export const WORKSPACE_STRING_KEYS = [
	'team_email',
	'timezone',
	'signing_request_email_header',
	'signing_request_email_body',
] as const;

export function rejectUnknown(v: Validator, body: Body, allowed: readonly string[]): void {
	for (const key of Object.keys(body)) {
		if (!allowed.includes(key)) v.fail(key, `${key} is not a recognised field`);
	}
}

// ---- stores ------------------------------------------------------------------------------------

export interface WorkspaceCustomFieldRecord {
	id: string;
	field_name: string;
	field_label: string;
	is_preset: boolean;
	preset_value: string | null;
	created_at: string;
	updated_at: string;
	deleted_on: string | null;
}

interface CompanyAreaStore {
	companySettings: Settings;
	workspaceSettings: Map<string, Settings>;
	workspaceCustomFields: Map<string, WorkspaceCustomFieldRecord[]>;
}

const stores = new WeakMap<SandboxState, CompanyAreaStore>();

export function companyAreaOf(state: SandboxState): CompanyAreaStore {
	let store = stores.get(state);
	if (!store) {
		store = {
			companySettings: defaultCompanySettings(),
			workspaceSettings: new Map(),
			workspaceCustomFields: new Map(),
		};
		stores.set(state, store);
	}
	return store;
}

function defaultCompanySettings(): Settings {
	const settings: Settings = {
		default_expiration_hours: 168,
		require_terms_acceptance: false,
		show_custom_branding_only: false,
		require_otp_verification: false,
		allow_presigning_download: false,
		disable_guided_navigation: false,
		show_signature_frame: true,
		show_partial_watermark: false,
		email_local_part: null,
		show_qr_code: null,
		completion_title: null,
		completion_message: null,
		completion_redirect_url: null,
		completion_redirect_delay: null,
		default_timezone: 'UTC',
		language: 'en',
	};
	for (const key of COLOR_KEYS) settings[key] = null;
	return settings;
}

export const WORKSPACE_NULLABLE_BOOLS = [
	'require_otp_verification',
	'require_terms_acceptance',
	'disable_guided_navigation',
	'show_signature_frame',
	'allow_presigning_download',
	'show_partial_watermark',
	'show_qr_code',
] as const;

export function workspaceSettingsOf(state: SandboxState, workspaceId: string): Settings {
	const store = companyAreaOf(state);
	let settings = store.workspaceSettings.get(workspaceId);
	if (!settings) {
		settings = {
			signing_request_email_header: null,
			signing_request_email_body: null,
			team_email: null,
			timezone: null,
			language: 'en',
			show_credit_cost_in_editor: true,
			email_local_part: null,
			signing_button_label_overrides: null,
		};
		for (const key of WORKSPACE_NULLABLE_BOOLS) settings[key] = null;
		for (const key of COLOR_KEYS) settings[key] = null;
		for (const key of COMPLETION_KEYS) settings[key] = null;
		store.workspaceSettings.set(workspaceId, settings);
	}
	return settings;
}

export function workspaceCustomFieldsOf(
	state: SandboxState,
	workspaceId: string,
): WorkspaceCustomFieldRecord[] {
	const store = companyAreaOf(state);
	let list = store.workspaceCustomFields.get(workspaceId);
	if (!list) {
		list = [];
		store.workspaceCustomFields.set(workspaceId, list);
	}
	return list;
}
