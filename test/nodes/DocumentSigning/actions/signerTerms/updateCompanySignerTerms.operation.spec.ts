import { SALES, credentials, run, useSandbox } from './fixtures';
import { OWNERS, itSetsTheTerms } from './signerTerms.twins';

const ctx = useSandbox();

describe('Signer Terms → Set (Company) (PUT /company/signer-terms/{language})', () => {
	itSetsTheTerms(
		ctx,
		OWNERS.company,
		'sends statement_text and terms_url for the language and outputs {ok, storedHtml, changed}',
	);

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
