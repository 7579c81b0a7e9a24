/** The sandbox's signer terms routes (api-reference §3.12 ST1–ST6). */
import { SEED, startSandbox, type Sandbox } from '../index';
import { call } from '../support/client';
import { sanitizeTermsHtml } from './index';

const P = SEED.protectedWorkspace.liveKey;
const SALES = SEED.workspaces[0];
const LEGAL = SEED.workspaces[1];

let sb: Sandbox;
beforeAll(async () => {
	sb = await startSandbox();
});
afterAll(async () => await sb.close());

describe('signer terms routes', () => {
	it('validates language, statement_text and terms_url with per-field details', async () => {
		const lang = await call(sb, 'PUT', '/company/signer-terms/xx', {
			auth: P,
			body: { statement_text: '<p>x</p>' },
		});
		expect(lang.status).toBe(400);
		expect(Object.keys(lang.body.details)).toEqual(['language']);
		const body = await call(sb, 'PUT', '/company/signer-terms/en', {
			auth: P,
			body: { terms_url: 'nope' },
		});
		expect(body.status).toBe(400);
		expect(body.body.details).toEqual({
			statement_text: 'statement_text is required',
			terms_url: 'terms_url must be an absolute http(s) URI or null',
		});
		const onlyScript = await call(sb, 'PUT', '/company/signer-terms/en', {
			auth: P,
			body: { statement_text: '<script>x()</script>' },
		});
		expect(onlyScript.status).toBe(400);
	});

	it('company terms need the protected key; workspace terms the workspace (404 unknown, 403 other)', async () => {
		expect((await call(sb, 'GET', '/company/signer-terms', { auth: SALES.liveKey })).status).toBe(
			403,
		);
		expect(
			(
				await call(sb, 'PUT', '/company/signer-terms/en', {
					auth: SALES.liveKey,
					body: { statement_text: '<p>x</p>' },
				})
			).status,
		).toBe(403);
		expect(
			(await call(sb, 'GET', `/workspace/${LEGAL.id}/signer-terms`, { auth: SALES.liveKey }))
				.status,
		).toBe(403);
		expect(
			(
				await call(sb, 'GET', '/workspace/123e4567-e89b-42d3-a456-426614174000/signer-terms', {
					auth: P,
				})
			).status,
		).toBe(404);
		expect(
			(await call(sb, 'GET', `/workspace/${SALES.id}/signer-terms`, { auth: SALES.liveKey })).body,
		).toEqual({ terms: [] });
	});

	it('overrides are per workspace and per language; deleting a missing one is a 404', async () => {
		await call(sb, 'PUT', `/workspace/${SALES.id}/signer-terms/en`, {
			auth: P,
			body: { statement_text: '<p>Sales</p>' },
		});
		const legal = await call(sb, 'GET', `/workspace/${LEGAL.id}/signer-terms`, { auth: P });
		expect(legal.body.terms).toEqual([]);
		expect(
			(await call(sb, 'DELETE', `/workspace/${SALES.id}/signer-terms/de`, { auth: P })).status,
		).toBe(404);
		expect(
			(await call(sb, 'DELETE', `/workspace/${SALES.id}/signer-terms/en`, { auth: P })).body,
		).toEqual({
			message: 'Signer terms deleted',
			language: 'en',
		});
	});

	it('sanitizes scripts, event handlers and javascript: links, and nothing else', () => {
		expect(
			sanitizeTermsHtml('<p class="a" onclick="x()" ONLOAD=y>Hi</p><SCRIPT src="e.js"></SCRIPT>'),
		).toBe('<p class="a">Hi</p>');
		expect(sanitizeTermsHtml("<a href='javascript:void(0)'>x</a>")).toBe('<a href="#">x</a>');
		const safe = '<p>Read <a href="https://e.example/t">terms</a>; once = twice</p>';
		expect(sanitizeTermsHtml(safe)).toBe(safe);
	});
});
