/**
 * Company (api-reference §3.1, C1–C7). Any valid key of the company may read it; changes need
 * the protected workspace's key (403 otherwise). Credits are managed by `state.consumeCredits`
 * (live keys only) and are read-only here.
 *
 * - GET    /company            C1
 * - PUT    /company            C2 full replacement: name, account_owner, account_owner_email, website REQ; language optional
 * - PATCH  /company            C3 any subset of those five, at least one
 * - GET    /company/settings   C4
 * - PUT    /company/settings   C5 partial: only the keys sent change; unknown keys → 400
 * - POST   /company/logo       C6 multipart `file`, PNG/JPEG ≤2 MB → {success, icon_url}
 * - DELETE /company/logo       C7 → {success}
 */
import { requireProtectedKey } from '../access';
import {
	COLOR_KEYS,
	COMPANY_STRING_KEYS,
	COMPLETION_KEYS,
	checkBool,
	checkColor,
	checkCompletion,
	checkLanguage,
	companyAreaOf,
	isEmail,
	isHttpUrl,
	isTimeZone,
	rejectUnknown,
	settingsAnswer,
	type Settings,
} from '../company/settings';
import { acceptLogo } from '../company/logo';
import type { RequestContext, Router } from '../router';
import { Validator, objectBody } from '../validation';

const COMPANY_KEYS = [
	'name',
	'language',
	'account_owner',
	'account_owner_email',
	'website',
] as const;
const BOOL_SETTINGS = [
	'require_terms_acceptance',
	'show_custom_branding_only',
	'require_otp_verification',
	'allow_presigning_download',
	'disable_guided_navigation',
	'show_signature_frame',
	'show_partial_watermark',
] as const;
const SETTINGS_KEYS = [
	'default_expiration_hours',
	...BOOL_SETTINGS,
	'email_local_part',
	...COLOR_KEYS,
	'show_qr_code',
	...COMPLETION_KEYS,
	'default_timezone',
	'language',
] as const;

export function registerCompanyRoutes(router: Router): void {
	router.get('/company', (ctx) => ({ body: ctx.state.companyJson() }));
	router.put('/company', (ctx) => updateCompany(ctx, 'PUT'));
	router.patch('/company', (ctx) => updateCompany(ctx, 'PATCH'));
	router.get('/company/settings', (ctx) => ({
		body: settingsAnswer(companyAreaOf(ctx.state).companySettings, COMPANY_STRING_KEYS),
	}));
	router.put('/company/settings', updateSettings);
	router.post('/company/logo', (ctx) => {
		requireProtectedKey(ctx, 'Only the protected workspace API key can change the company logo');
		ctx.state.company.icon_url = acceptLogo(ctx, 'company');
		ctx.state.company.updated_date = new Date(ctx.state.now()).toISOString();
		return { body: { success: true, icon_url: ctx.state.company.icon_url } };
	});
	router.delete('/company/logo', (ctx) => {
		requireProtectedKey(ctx, 'Only the protected workspace API key can change the company logo');
		ctx.state.company.icon_url = null;
		ctx.state.company.updated_date = new Date(ctx.state.now()).toISOString();
		return { body: { success: true } };
	});
}

function updateCompany(ctx: RequestContext, method: 'PUT' | 'PATCH') {
	requireProtectedKey(ctx, 'Only the protected workspace API key can change the company');
	const body = objectBody(ctx.body);
	const v = new Validator();
	for (const key of Object.keys(body)) {
		if ((COMPANY_KEYS as readonly string[]).includes(key)) continue;
		v.fail(
			key,
			key === 'credits' || key === 'id' || key.endsWith('_date')
				? `${key} is read-only`
				: `${key} is not a recognised field`,
		);
	}
	const changes: Record<string, unknown> = {};
	for (const key of COMPANY_KEYS) {
		const value = body[key];
		const required = method === 'PUT' && key !== 'language';
		if (value === undefined) {
			if (required) v.fail(key, `${key} is required`);
			continue;
		}
		if (key === 'language') {
			checkLanguage(v, body, key, changes);
			continue;
		}
		if (typeof value !== 'string' || value.trim() === '') {
			v.fail(key, `${key} must be a non-empty string`);
			continue;
		}
		const text = value.trim();
		if ((key === 'name' || key === 'account_owner') && text.length > 255) {
			v.fail(key, `${key} must be at most 255 characters`);
		} else if (key === 'account_owner_email' && !isEmail(text)) {
			v.fail(key, 'account_owner_email must be a valid email address');
		} else if (key === 'website' && !isHttpUrl(text)) {
			v.fail(key, 'website must be a valid URL');
		} else changes[key] = text;
	}
	if (method === 'PATCH' && v.ok && Object.keys(body).length === 0) {
		v.fail('body', `Provide at least one field to update (${COMPANY_KEYS.join(', ')})`);
	}
	v.throwIfInvalid();
	Object.assign(ctx.state.company, changes);
	ctx.state.company.updated_date = new Date(ctx.state.now()).toISOString();
	return { body: ctx.state.companyJson() };
}

function updateSettings(ctx: RequestContext) {
	requireProtectedKey(ctx, 'Only the protected workspace API key can change the company settings');
	const body = objectBody(ctx.body);
	const v = new Validator();
	const changes: Settings = {};
	rejectUnknown(v, body, SETTINGS_KEYS);
	if ('default_expiration_hours' in body) {
		const value = body.default_expiration_hours;
		if (typeof value !== 'number' || !Number.isInteger(value) || value < 1) {
			v.fail('default_expiration_hours', 'default_expiration_hours must be an integer >= 1');
		} else changes.default_expiration_hours = value;
	}
	for (const key of BOOL_SETTINGS) checkBool(v, body, key, changes);
	checkBool(v, body, 'show_qr_code', changes, true);
	for (const key of COLOR_KEYS) checkColor(v, body, key, changes);
	checkCompletion(v, body, changes);
	checkLanguage(v, body, 'language', changes);
	if ('email_local_part' in body) {
		const value = body.email_local_part;
		if (value === null || typeof value === 'string') changes.email_local_part = value;
		else v.fail('email_local_part', 'email_local_part must be a string');
	}
	if ('default_timezone' in body) {
		const value = body.default_timezone;
		if (value === null) changes.default_timezone = 'UTC';
		else if (typeof value === 'string' && isTimeZone(value)) changes.default_timezone = value;
		else
			v.fail(
				'default_timezone',
				'default_timezone must be an IANA time zone such as Europe/Berlin (null resets to UTC)',
			);
	}
	v.throwIfInvalid();
	const settings = companyAreaOf(ctx.state).companySettings;
	Object.assign(settings, changes);
	return { body: settingsAnswer(settings, COMPANY_STRING_KEYS) };
}
