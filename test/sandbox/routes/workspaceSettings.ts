/**
 * Workspace settings (api-reference §3.8, WS1–WS2).
 *
 * - GET /workspace/:workspace_id/settings   {workspace_id, name, ...every key}
 * - PUT /workspace/:workspace_id/settings   partial: only the keys sent change; unknown keys → 400
 *
 * Nullable booleans and colours: null = inherit from the company. completion_*: null or "" clears
 * (inherit). email_local_part: null or 1–64 chars matching ^[a-z0-9]([a-z0-9._-]*[a-z0-9])?$.
 * signing_button_label_overrides: null or {language: {translationKey: text}}.
 */
import { requireWorkspace } from '../access';
import {
	COLOR_KEYS,
	COMPLETION_KEYS,
	EMAIL_LOCAL_PART,
	WORKSPACE_NULLABLE_BOOLS,
	WORKSPACE_STRING_KEYS,
	checkBool,
	checkColor,
	checkCompletion,
	checkLanguage,
	isEmail,
	isTimeZone,
	rejectUnknown,
	settingsAnswer,
	workspaceSettingsOf,
	type Settings,
} from '../company/settings';
import type { RequestContext, Router } from '../router';
import { Validator, objectBody } from '../validation';
import { isLanguage } from '../languages';

const STRING_KEYS = ['signing_request_email_header', 'signing_request_email_body'] as const;
const KEYS = [
	...STRING_KEYS,
	'team_email',
	'timezone',
	'language',
	'show_credit_cost_in_editor',
	...WORKSPACE_NULLABLE_BOOLS,
	...COLOR_KEYS,
	'email_local_part',
	'signing_button_label_overrides',
	...COMPLETION_KEYS,
] as const;

export function registerWorkspaceSettingsRoutes(router: Router): void {
	router.get('/workspace/:workspace_id/settings', (ctx) => {
		const ws = requireWorkspace(ctx, ctx.params.workspace_id);
		return {
			body: answer(ws.id, ws.name, workspaceSettingsOf(ctx.state, ws.id)),
		};
	});
	router.put('/workspace/:workspace_id/settings', updateSettings);
}

function updateSettings(ctx: RequestContext) {
	const ws = requireWorkspace(ctx, ctx.params.workspace_id);
	const body = objectBody(ctx.body);
	const v = new Validator();
	const changes: Settings = {};
	rejectUnknown(v, body, KEYS);
	for (const key of STRING_KEYS) {
		if (!(key in body)) continue;
		const value = body[key];
		if (value === null || typeof value === 'string') changes[key] = value;
		else v.fail(key, `${key} must be a string`);
	}
	if ('team_email' in body) {
		const value = body.team_email;
		if (value === null || value === '') changes.team_email = null;
		else if (isEmail(value)) changes.team_email = value;
		else v.fail('team_email', 'team_email must be a valid email address');
	}
	if ('timezone' in body) {
		const value = body.timezone;
		if (value === null) changes.timezone = null;
		else if (typeof value === 'string' && isTimeZone(value)) changes.timezone = value;
		else v.fail('timezone', 'timezone must be an IANA time zone such as Europe/Berlin');
	}
	checkLanguage(v, body, 'language', changes);
	checkBool(v, body, 'show_credit_cost_in_editor', changes);
	for (const key of WORKSPACE_NULLABLE_BOOLS) checkBool(v, body, key, changes, true);
	for (const key of COLOR_KEYS) checkColor(v, body, key, changes);
	checkCompletion(v, body, changes);
	if ('email_local_part' in body) {
		const value = body.email_local_part;
		if (value === null) changes.email_local_part = null;
		else if (
			typeof value === 'string' &&
			value.length >= 1 &&
			value.length <= 64 &&
			EMAIL_LOCAL_PART.test(value)
		) {
			changes.email_local_part = value;
		} else {
			v.fail(
				'email_local_part',
				'email_local_part must be 1–64 lower-case letters, digits, ".", "_" or "-", starting and ending with a letter or digit (or null)',
			);
		}
	}
	if ('signing_button_label_overrides' in body) {
		const value = body.signing_button_label_overrides;
		const problem = labelOverridesProblem(value);
		if (problem) v.fail('signing_button_label_overrides', problem);
		else changes.signing_button_label_overrides = value;
	}
	v.throwIfInvalid();
	const settings = workspaceSettingsOf(ctx.state, ws.id);
	Object.assign(settings, changes);
	return { body: answer(ws.id, ws.name, settings) };
}

/** WorkspaceSettings: `workspace_id`, `name` and the settings (unset string keys left out). */
function answer(id: string, name: string, settings: Settings): Record<string, unknown> {
	return { workspace_id: id, name, ...settingsAnswer(settings, WORKSPACE_STRING_KEYS) };
}

function labelOverridesProblem(value: unknown): string | undefined {
	if (value === null) return undefined;
	if (typeof value !== 'object' || Array.isArray(value)) {
		return 'signing_button_label_overrides must be an object {language: {translationKey: text}} or null';
	}
	for (const [language, labels] of Object.entries(value as Record<string, unknown>)) {
		if (!isLanguage(language)) {
			return `signing_button_label_overrides: "${language}" is not a supported language`;
		}
		if (!labels || typeof labels !== 'object' || Array.isArray(labels)) {
			return `signing_button_label_overrides.${language} must be an object {translationKey: text}`;
		}
		for (const [key, text] of Object.entries(labels as Record<string, unknown>)) {
			if (typeof text !== 'string')
				return `signing_button_label_overrides.${language}.${key} must be a string`;
		}
	}
	return undefined;
}
