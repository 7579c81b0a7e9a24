/**
 * Sandbox rules of the Company, workspace logo, Workspace Settings and workspace custom-field
 * routes that the node tests do not reach (the node checks most input before sending).
 */
import { SEED, startSandbox, type Sandbox } from '../index';
import { encodeGrayPng } from '../signing/png';
import { call } from '../support/client';

const P = SEED.protectedWorkspace;
const [SALES, LEGAL] = SEED.workspaces;

let sb: Sandbox;
beforeEach(async () => {
	sb = await startSandbox();
});
afterEach(() => sb.close());

const png = () => encodeGrayPng(2, 2, new Uint8Array(4));

async function uploadLogo(
	path: string,
	data: Buffer,
	opts: { key?: string; field?: string; type?: string } = {},
) {
	const form = new FormData();
	form.append(
		opts.field ?? 'file',
		new Blob([data], { type: opts.type ?? 'image/png' }),
		'logo.png',
	);
	const res = await fetch(`${sb.url}${path}`, {
		method: 'POST',
		headers: { Authorization: opts.key ?? P.liveKey },
		body: form,
	});
	return { status: res.status, body: (await res.json()) as Record<string, any> };
}

describe('PUT / PATCH /company', () => {
	const full = {
		name: 'N',
		account_owner: 'O',
		account_owner_email: 'o@x.example',
		website: 'https://x.example',
	};

	it('PUT needs the four required keys and refuses read-only or unknown ones, naming each', async () => {
		const res = await call(sb, 'PUT', '/company', {
			auth: P.liveKey,
			body: { name: 'N', credits: 5, colour: 'red' },
		});
		expect(res.status).toBe(400);
		expect(res.body.code).toBe('VALIDATION_ERROR');
		expect(Object.keys(res.body.details).sort()).toEqual([
			'account_owner',
			'account_owner_email',
			'colour',
			'credits',
			'website',
		]);
		expect(res.body.details.credits).toBe('credits is read-only');
		const ok = await call(sb, 'PUT', '/company', {
			auth: P.liveKey,
			body: { ...full, language: 'nb' },
		});
		expect(ok.status).toBe(200);
		expect(ok.body).toMatchObject({ ...full, language: 'nb', credits: 100 });
	});

	it('PATCH needs at least one key, checks the email and the language; workspace keys get 403', async () => {
		expect(
			(await call(sb, 'PATCH', '/company', { auth: P.liveKey, body: {} })).body.details,
		).toHaveProperty('body');
		const bad = await call(sb, 'PATCH', '/company', {
			auth: P.liveKey,
			body: { account_owner_email: 'x', language: 'xx' },
		});
		expect(Object.keys(bad.body.details).sort()).toEqual(['account_owner_email', 'language']);
		expect(
			(await call(sb, 'PATCH', '/company', { auth: SALES.liveKey, body: { name: 'X' } })).status,
		).toBe(403);
		const ok = await call(sb, 'PATCH', '/company', {
			auth: P.liveKey,
			body: { website: 'https://new.example' },
		});
		expect(ok.body).toMatchObject({ website: 'https://new.example', name: SEED.company.name });
	});
});

describe('/company/settings', () => {
	it('only the keys sent change; unknown keys and bad values are named', async () => {
		const bad = await call(sb, 'PUT', '/company/settings', {
			auth: P.liveKey,
			body: {
				color_primary: 'blue',
				completion_redirect_url: 'http://x.example',
				completion_redirect_delay: 31,
				default_timezone: 'Mars/Base',
				default_expiration_hours: 0,
				show_qr_code: 'yes',
				theme: 'dark',
			},
		});
		expect(bad.status).toBe(400);
		expect(Object.keys(bad.body.details).sort()).toEqual([
			'color_primary',
			'completion_redirect_delay',
			'completion_redirect_url',
			'default_expiration_hours',
			'default_timezone',
			'show_qr_code',
			'theme',
		]);
		const ok = await call(sb, 'PUT', '/company/settings', {
			auth: P.liveKey,
			body: {
				color_primary: '#00ff00',
				completion_title: '',
				default_timezone: null,
				show_qr_code: null,
			},
		});
		expect(ok.status).toBe(200);
		expect(ok.body).toMatchObject({
			color_primary: '#00ff00',
			completion_title: null,
			default_timezone: 'UTC',
			show_qr_code: null,
			default_expiration_hours: 168,
		});
		expect(
			(await call(sb, 'GET', '/company/settings', { auth: SALES.liveKey })).body.color_primary,
		).toBe('#00ff00');
	});
});

describe('logos', () => {
	it('company: PNG accepted and removed again; not an image, no file part or over 2 MB → 400 details.file', async () => {
		const ok = await uploadLogo('/company/logo', png());
		expect(ok).toEqual({
			status: 200,
			body: { success: true, icon_url: expect.stringMatching(/^https:\/\/.+\.png$/) },
		});
		expect((await call(sb, 'GET', '/company', { auth: P.liveKey })).body.icon_url).toBe(
			ok.body.icon_url,
		);
		for (const [data, field] of [
			[Buffer.from('GIF89a'), 'file'],
			[png(), 'image'],
			[Buffer.concat([png(), Buffer.alloc(2 * 1024 * 1024)]), 'file'],
		] as const) {
			const res = await uploadLogo('/company/logo', data, { field });
			expect(res.status).toBe(400);
			expect(res.body.details).toHaveProperty('file');
		}
		const json = await call(sb, 'POST', '/company/logo', { auth: P.liveKey, body: { file: 'x' } });
		expect(json.status).toBe(400);
		expect((await uploadLogo('/company/logo', png(), { key: SALES.liveKey })).status).toBe(403);
		expect((await call(sb, 'DELETE', '/company/logo', { auth: P.liveKey })).body).toEqual({
			success: true,
		});
		expect((await call(sb, 'GET', '/company', { auth: P.liveKey })).body.icon_url).toBeNull();
	});

	it("workspace: its own key may set it, another workspace's key may not", async () => {
		const ok = await uploadLogo(`/workspaces/${SALES.id}/logo`, png(), { key: SALES.liveKey });
		expect(ok.status).toBe(200);
		expect(
			(await call(sb, 'GET', `/workspaces/${SALES.id}`, { auth: P.liveKey })).body.icon_url,
		).toBe(ok.body.icon_url);
		expect(
			(await uploadLogo(`/workspaces/${SALES.id}/logo`, png(), { key: LEGAL.liveKey })).status,
		).toBe(403);
		expect(
			(await call(sb, 'DELETE', `/workspaces/${SALES.id}/logo`, { auth: P.liveKey })).body,
		).toEqual({ success: true });
		expect(
			(await call(sb, 'GET', `/workspaces/${SALES.id}`, { auth: P.liveKey })).body.icon_url,
		).toBeNull();
	});
});

describe('/workspace/:id/settings', () => {
	it('validates every key with a named message; nullable booleans accept null (inherit)', async () => {
		const bad = await call(sb, 'PUT', `/workspace/${SALES.id}/settings`, {
			auth: P.liveKey,
			body: {
				email_local_part: 'Bad.',
				signing_button_label_overrides: { xx: { a: 'b' } },
				require_otp_verification: 'maybe',
				team_email: 'x',
				color_card: '#fff',
				language: 'jp',
				protected: true,
			},
		});
		expect(bad.status).toBe(400);
		expect(Object.keys(bad.body.details).sort()).toEqual([
			'color_card',
			'email_local_part',
			'language',
			'protected',
			'require_otp_verification',
			'signing_button_label_overrides',
			'team_email',
		]);
		const ok = await call(sb, 'PUT', `/workspace/${SALES.id}/settings`, {
			auth: SALES.liveKey,
			body: {
				require_otp_verification: true,
				show_qr_code: null,
				email_local_part: 'a.b-c_d',
				completion_message: '',
			},
		});
		expect(ok.body).toMatchObject({
			workspace_id: SALES.id,
			require_otp_verification: true,
			show_qr_code: null,
			email_local_part: 'a.b-c_d',
			completion_message: null,
		});
		expect(
			(await call(sb, 'GET', `/workspace/${LEGAL.id}/settings`, { auth: P.liveKey })).body
				.require_otp_verification,
		).toBeNull();
	});
});

describe('/workspace/:id/custom-fields', () => {
	it('409 on a taken name, field_name cannot change on PUT, soft delete frees the name', async () => {
		const base = `/workspace/${SALES.id}/custom-fields`;
		const first = await call(sb, 'POST', base, {
			auth: P.liveKey,
			body: { field_label: 'Cost Center', preset_value: 'x' },
		});
		expect(first.status).toBe(201);
		expect(first.body).toMatchObject({
			field_name: 'cost_center',
			is_preset: false,
			preset_value: null,
		});
		const dup = await call(sb, 'POST', base, {
			auth: P.liveKey,
			body: { field_label: 'Other', field_name: 'cost_center' },
		});
		expect(dup.status).toBe(409);
		expect(dup.body.code).toBe('CUSTOM_FIELD_EXISTS');
		const rename = await call(sb, 'PUT', `${base}/${first.body.id}`, {
			auth: P.liveKey,
			body: { field_name: 'cc' },
		});
		expect(rename.status).toBe(400);
		expect(rename.body.details).toHaveProperty('field_name');
		expect(
			(await call(sb, 'PUT', `${base}/${first.body.id}`, { auth: P.liveKey, body: {} })).status,
		).toBe(400);
		expect(
			(
				await call(sb, 'POST', base, {
					auth: P.liveKey,
					body: { field_label: 'x', preset_value: 'v'.repeat(501) },
				})
			).status,
		).toBe(400);
		expect((await call(sb, 'DELETE', `${base}/${first.body.id}`, { auth: P.liveKey })).status).toBe(
			200,
		);
		expect((await call(sb, 'GET', base, { auth: P.liveKey })).body).toEqual({ custom_fields: [] });
		expect(
			(await call(sb, 'POST', base, { auth: P.liveKey, body: { field_label: 'Cost Center' } }))
				.status,
		).toBe(201);
		// each workspace has its own definitions; other workspaces' keys are refused
		expect(
			(await call(sb, 'GET', `/workspace/${LEGAL.id}/custom-fields`, { auth: P.liveKey })).body,
		).toEqual({ custom_fields: [] });
		expect((await call(sb, 'GET', base, { auth: LEGAL.liveKey })).status).toBe(403);
	});
});
