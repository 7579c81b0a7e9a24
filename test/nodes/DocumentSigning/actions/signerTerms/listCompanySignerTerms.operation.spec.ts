import { SALES, credentials, jsonOf, putTerms, run, useSandbox } from './fixtures';
import { OWNERS, itListsNoTermsAtFirst } from './signerTerms.twins';

const ctx = useSandbox();

describe('Signer Terms → Get Many (Company) (GET /company/signer-terms)', () => {
	itListsNoTermsAtFirst(ctx, OWNERS.company);

	it('outputs one item per language from {terms}', async () => {
		await putTerms(ctx.sandbox, '/company/signer-terms/de', {
			statement_text: '<p>AGB</p>',
			terms_url: 'https://acme.example/de/agb',
		});
		await putTerms(ctx.sandbox, '/company/signer-terms/en', {
			statement_text: '<p>Terms</p>',
			terms_url: null,
		});
		const { output } = await run(ctx, 'listCompanySignerTerms', {});
		expect(jsonOf(output)).toEqual([
			{
				language: 'en',
				statement_text: '<p>Terms</p>',
				terms_url: null,
				updated_at: expect.any(String),
				key_mode: 'live',
			},
			{
				language: 'de',
				statement_text: '<p>AGB</p>',
				terms_url: 'https://acme.example/de/agb',
				updated_at: expect.any(String),
				key_mode: 'live',
			},
		]);
	});

	it('a non-protected key is refused by the service (403)', async () => {
		const { error } = await run(
			ctx,
			'listCompanySignerTerms',
			{},
			{ credentials: credentials(ctx.sandbox, { liveApiKey: SALES.liveKey }) },
		);
		expect(error?.message).toBe(
			'Permission denied: Company signer terms need the protected workspace API key [FORBIDDEN]',
		);
		expect(ctx.sandbox.requests).toHaveLength(1);
	});
});
