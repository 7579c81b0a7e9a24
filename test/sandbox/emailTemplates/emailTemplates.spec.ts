import { SEED, startSandbox, type Sandbox } from '../index';
import { call } from '../support/client';
import { LANGUAGES } from '../languages';
import { EMAIL_TYPES } from './store';

const P = SEED.protectedWorkspace;
const [SALES, LEGAL] = SEED.workspaces;

let sb: Sandbox;
beforeAll(async () => {
	sb = await startSandbox();
});
afterAll(() => sb.close());

const api = (method: string, path: string, body?: unknown, auth: string = P.liveKey) =>
	call(sb, method, path, { auth, body });
const sales = `/workspace/${SALES.id}/email-templates`;

describe('email type and body validation', () => {
	it.each([
		['GET', `${sales}/welcome`],
		['PUT', `${sales}/welcome`],
		['DELETE', `${sales}/welcome`],
		['PUT', '/company/email-templates/welcome'],
		['DELETE', '/company/email-templates/welcome'],
	])('%s %s: unknown email type → 400 details.email_type', async (method, path) => {
		const res = await api(method, path, method === 'PUT' ? { subject: 's', body: 'b' } : undefined);
		expect(res.status).toBe(400);
		expect(res.body.details.email_type).toMatch(/signing_invite/);
	});

	it('subject and body are required, with limits 500 / 50,000', async () => {
		const res = await api('PUT', `${sales}/signing_invite`, {
			subject: 'x'.repeat(501),
			body: 'y'.repeat(50_001),
		});
		expect(res.status).toBe(400);
		expect(res.body.details).toEqual({
			subject: 'subject must be at most 500 characters',
			body: 'body must be at most 50000 characters',
		});
		const missing = await api('PUT', `${sales}/signing_invite`, {});
		expect(missing.body.details).toEqual({
			subject: 'subject is required',
			body: 'body is required',
		});
	});
});

describe('access', () => {
	it('workspace keys reach only their workspace; company changes need the protected key, reads do not', async () => {
		expect((await api('GET', sales, undefined, LEGAL.liveKey)).status).toBe(403);
		expect((await api('GET', sales, undefined, SALES.liveKey)).status).toBe(200);
		expect(
			(
				await api(
					'PUT',
					'/company/email-templates/signing_invite',
					{ subject: 's', body: '{{signing_link}}' },
					SALES.liveKey,
				)
			).status,
		).toBe(403);
		expect((await api('GET', '/company/email-templates', undefined, SALES.liveKey)).status).toBe(
			200,
		);
	});
});

describe('defaults and placeholders', () => {
	it('has defaults for all 9 types in each of the 15 languages', async () => {
		for (const language of LANGUAGES) {
			const res = await api('GET', `/email-templates/defaults/${language}`);
			expect(res.status).toBe(200);
			expect(res.body.language).toBe(language);
			expect(Object.keys(res.body.templates)).toEqual([...EMAIL_TYPES]);
		}
		const bad = await api('GET', '/email-templates/defaults/jp');
		expect(bad.status).toBe(400);
		expect(bad.body.details.language).toMatch(/en, es/);
	});

	it('lists placeholders as {key, description}, {{signing_link}} among them', async () => {
		const res = await api('GET', '/email-templates/placeholders', undefined, SALES.testKey);
		expect(res.body.placeholders).toContainEqual({
			key: '{{signing_link}}',
			description: expect.any(String),
		});
	});
});
