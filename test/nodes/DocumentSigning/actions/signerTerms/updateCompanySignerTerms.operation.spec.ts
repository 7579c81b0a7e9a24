import { DocumentSigning } from '../../../../../nodes/DocumentSigning/DocumentSigning.node';
import { SALES, api, credentials, jsonOf, run, useSandbox } from './termsKit';

const ctx = useSandbox();

describe('Signer Terms → Set Company Terms (PUT /company/signer-terms/{language})', () => {
	it('sends statement_text and terms_url for the language and outputs {ok, storedHtml, changed}', async () => {
		const html = '<p>By signing you accept our <a href="https://acme.example/terms">terms</a>.</p>';
		const { output, error } = await run(ctx, 'updateCompanySignerTerms', {
			language: 'fr',
			statementText: html,
			termsUrl: ' https://acme.example/terms ',
		});
		expect(error).toBeUndefined();
		expect(ctx.sandbox.requests).toHaveLength(1);
		expect(ctx.sandbox.requests[0]).toMatchObject({
			method: 'PUT',
			path: '/company/signer-terms/fr',
			body: { statement_text: html, terms_url: 'https://acme.example/terms' },
		});
		expect(jsonOf(output)).toEqual([
			{ language: 'fr', ok: true, storedHtml: html, changed: false, key_mode: 'live' },
		]);
	});

	it('unsafe HTML is sanitized by the service: changed: true, what was stored, and a warning', async () => {
		const { output, error } = await run(ctx, 'updateCompanySignerTerms', {
			language: 'en',
			statementText: '<p onclick="steal()">Accept</p><script>alert(1)</script>',
		});
		expect(error).toBeUndefined();
		expect(ctx.sandbox.requests[0].body).toEqual({
			statement_text: '<p onclick="steal()">Accept</p><script>alert(1)</script>',
			terms_url: null,
		});
		const [result] = jsonOf(output);
		expect(result).toMatchObject({
			language: 'en',
			ok: true,
			storedHtml: '<p>Accept</p>',
			changed: true,
		});
		expect(result.warnings).toEqual([expect.stringContaining('removed unsafe HTML')]);
		const stored = await api<{ terms: Array<Record<string, unknown>> }>(
			ctx.sandbox,
			'GET',
			'/company/signer-terms',
		);
		expect(stored.body.terms.find((t) => t.language === 'en')?.statement_text).toBe(
			'<p>Accept</p>',
		);
	});

	it('offers the 15 languages', () => {
		const language = new DocumentSigning().description.properties.find(
			(p) =>
				p.name === 'language' &&
				p.displayOptions?.show?.operation?.includes('updateCompanySignerTerms'),
		);
		expect(language?.options?.map((o) => (o as { value: string }).value).sort()).toEqual([
			'ca',
			'cs',
			'de',
			'el',
			'en',
			'es',
			'fr',
			'it',
			'nb',
			'nl',
			'pl',
			'pt',
			'ro',
			'ru',
			'sv',
		]);
	});

	it.each([
		[{ statementText: '   ' }, '"Statement Text" is empty'],
		[
			{ termsUrl: 'acme.example/terms' },
			'"Terms URL" is not a valid web address: "acme.example/terms"',
		],
		[
			{ termsUrl: 'javascript:alert(1)' },
			'"Terms URL" is not a valid web address: "javascript:alert(1)"',
		],
		[
			{ language: '={{ "klingon" }}' },
			'"Language" must be one of the service\'s 15 languages, not "klingon"',
		],
	])('refuses %j before sending anything', async (override, message) => {
		const { error } = await run(ctx, 'updateCompanySignerTerms', {
			language: 'en',
			statementText: '<p>x</p>',
			...override,
		});
		expect(error?.message).toBe(message);
		expect(ctx.sandbox.requests).toHaveLength(0);
	});

	it('a non-protected key is refused by the service (403)', async () => {
		const { error } = await run(
			ctx,
			'updateCompanySignerTerms',
			{ language: 'en', statementText: '<p>x</p>' },
			{ credentials: credentials(ctx.sandbox, { liveApiKey: SALES.liveKey }) },
		);
		expect(error?.message).toBe(
			'Permission denied: Company signer terms need the protected workspace API key [FORBIDDEN]',
		);
	});
});
