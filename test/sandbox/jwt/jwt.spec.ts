/**
 * The sandbox's JWT routes (api-reference §3.7, §J): the two documented key sets, real RS256
 * tokens, lifetimes, revocation rules and workspace visibility.
 */
import { SEED, startSandbox, type Sandbox } from '../index';
import { simplePdf } from '../signing/pdf';
import { call } from '../support/client';
import { jwtAreaOf, verifyJwt } from './index';

const P = SEED.protectedWorkspace.liveKey;
const SALES = SEED.workspaces[0].liveKey;

let sb: Sandbox;
let templateId: string;
let salesTemplateId: string;
let srId: string;
beforeAll(async () => {
	sb = await startSandbox();
	const template = async (key: string) =>
		(
			await call(sb, 'POST', '/templates', {
				auth: key,
				body: { name: 'T', document: simplePdf('T', 1).toString('base64') },
			})
		).body.id as string;
	templateId = await template(P);
	salesTemplateId = await template(SALES);
	const sr = await call(sb, 'POST', '/signing-requests', {
		auth: P,
		body: {
			name: 'SR',
			document: simplePdf('SR', 1).toString('base64'),
			recipients: [
				{
					id: 'temp_a',
					first_name: 'A',
					last_name: 'B',
					email: 'a@example.com',
					designation: 'Signer',
					order: 1,
				},
			],
			fields: [
				{
					type: 'signature',
					recipient_id: 'temp_a',
					page_number: 1,
					position: { x: 10, y: 60, width: 30, height: 8 },
					required: true,
				},
			],
		},
	});
	if (sr.status !== 201) throw new Error(JSON.stringify(sr.body));
	srId = sr.body.id;
});
afterAll(async () => await sb.close());

describe('JWT routes', () => {
	it('template tokens: 201 {token, expires_at, jwt_record_id}, RS256, 24 h', async () => {
		const res = await call(sb, 'POST', '/generate-template-token', {
			auth: P,
			body: { companies_workspaces_templates_id: templateId },
		});
		expect(res.status).toBe(201);
		expect(Object.keys(res.body).sort()).toEqual(['expires_at', 'jwt_record_id', 'token']);
		const [header] = String(res.body.token).split('.');
		expect(JSON.parse(Buffer.from(header, 'base64url').toString())).toMatchObject({
			alg: 'RS256',
			typ: 'JWT',
		});
		const payload = verifyJwt(res.body.token, jwtAreaOf(sb.state).publicKey);
		expect(payload).toMatchObject({ sub: templateId, jti: res.body.jwt_record_id });
		expect(Number(payload?.exp) - Number(payload?.iat)).toBe(86_400);
		// A tampered token does not verify.
		const [h, p, s] = String(res.body.token).split('.');
		const forged = Buffer.from(JSON.stringify({ ...payload, sub: salesTemplateId })).toString(
			'base64url',
		);
		expect(verifyJwt(`${h}.${forged}.${s}`, jwtAreaOf(sb.state).publicKey)).toBeUndefined();
		expect(p).not.toBe(forged);
	});

	it('signing-request tokens: 200 {jwt, jwt_id, expires_at, signing_request_id, created_at}, 24 hours (service-api.md)', async () => {
		const res = await call(sb, 'POST', '/jwt/generate-signing-request', {
			auth: P,
			body: { companies_workspaces_signing_requests_id: srId },
		});
		expect(res.status).toBe(200);
		expect(Object.keys(res.body).sort()).toEqual([
			'created_at',
			'expires_at',
			'jwt',
			'jwt_id',
			'signing_request_id',
		]);
		const payload = verifyJwt(res.body.jwt, jwtAreaOf(sb.state).publicKey);
		expect(Number(payload?.exp) - Number(payload?.iat)).toBe(86_400);
		expect(Date.parse(res.body.expires_at) - Date.parse(res.body.created_at)).toBe(86_400_000);
	});

	it('validation: missing or malformed ids are 400 with details', async () => {
		const missing = await call(sb, 'POST', '/generate-template-token', { auth: P, body: {} });
		expect(missing.status).toBe(400);
		expect(missing.body.details).toEqual({
			companies_workspaces_templates_id: 'companies_workspaces_templates_id is required',
		});
		const bad = await call(sb, 'POST', '/jwt/generate-signing-request', {
			auth: P,
			body: { companies_workspaces_signing_requests_id: 'x' },
		});
		expect(bad.body.details).toEqual({
			companies_workspaces_signing_requests_id:
				'companies_workspaces_signing_requests_id must be a UUID',
		});
		const badJwt = await call(sb, 'POST', '/revoke-template-token', {
			auth: P,
			body: { jwt_id: 'nope' },
		});
		expect(badJwt.status).toBe(400);
		expect(badJwt.body.error).toBe('Invalid JWT ID');
	});

	it("another workspace's template is a 404", async () => {
		const res = await call(sb, 'POST', '/generate-template-token', {
			auth: P,
			body: { companies_workspaces_templates_id: salesTemplateId },
		});
		expect(res.status).toBe(404);
	});

	it('revocation: revoked_at / revoked key sets, twice → 400, unknown or foreign → 404', async () => {
		const t = (
			await call(sb, 'POST', '/generate-template-token', {
				auth: P,
				body: { companies_workspaces_templates_id: templateId },
			})
		).body;
		const first = await call(sb, 'POST', '/revoke-template-token', {
			auth: P,
			body: { jwt_id: t.jwt_record_id },
		});
		expect(first.status).toBe(200);
		expect(Object.keys(first.body).sort()).toEqual(['jwt_id', 'message', 'revoked_at']);
		const again = await call(sb, 'POST', '/revoke-template-token', {
			auth: P,
			body: { jwt_id: t.jwt_record_id },
		});
		expect(again.status).toBe(400);
		expect(again.body.error).toBe('JWT has already been revoked');
		const foreign = await call(sb, 'POST', '/revoke-template-token', {
			auth: SALES,
			body: { jwt_id: t.jwt_record_id },
		});
		expect(foreign.status).toBe(404);

		const s = (
			await call(sb, 'POST', '/jwt/generate-signing-request', {
				auth: P,
				body: { companies_workspaces_signing_requests_id: srId },
			})
		).body;
		const viaTemplate = await call(sb, 'POST', '/revoke-template-token', {
			auth: P,
			body: { jwt_id: s.jwt_id },
		});
		expect(viaTemplate.status).toBe(404);
		const revoked = await call(sb, 'POST', '/jwt/revoke-signing-request', {
			auth: P,
			body: { jwt_id: s.jwt_id },
		});
		expect(revoked.body).toEqual({
			message: 'JWT revoked successfully',
			jwt_id: s.jwt_id,
			revoked: true,
		});
		expect(
			(
				await call(sb, 'POST', '/jwt/revoke-signing-request', {
					auth: P,
					body: { jwt_id: s.jwt_id },
				})
			).status,
		).toBe(400);
		expect(
			(
				await call(sb, 'POST', '/jwt/revoke-signing-request', {
					auth: P,
					body: { jwt_id: '123e4567-e89b-42d3-a456-426614174000' },
				})
			).status,
		).toBe(404);
	});
});
