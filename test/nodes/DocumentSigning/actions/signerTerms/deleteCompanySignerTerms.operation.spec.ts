import { jsonOf, putTerms, run, useSandbox } from './termsKit';

const ctx = useSandbox();

describe('Signer Terms → Delete Company Terms (DELETE /company/signer-terms/{language})', () => {
	it('deletes the language and outputs {language, deleted, message}; again → 404', async () => {
		await putTerms(ctx.sandbox, '/company/signer-terms/it', { statement_text: '<p>Termini</p>' });
		const { output, error } = await run(ctx, 'deleteCompanySignerTerms', { language: 'it' });
		expect(error).toBeUndefined();
		expect(ctx.sandbox.requests).toHaveLength(1);
		expect(ctx.sandbox.requests[0]).toMatchObject({
			method: 'DELETE',
			path: '/company/signer-terms/it',
		});
		expect(jsonOf(output)).toEqual([
			{
				deleted: true,
				id: 'it',
				language: 'it',
				message: 'Signer terms deleted',
				key_mode: 'live',
			},
		]);
		const again = await run(ctx, 'deleteCompanySignerTerms', { language: 'it' });
		expect(again.error?.message).toMatch(/^Not found: .* not found \[NOT_FOUND\]$/);
	});

	it('refuses a language outside the 15 before sending anything', async () => {
		const { error } = await run(ctx, 'deleteCompanySignerTerms', { language: '={{ "xx" }}' });
		expect(error?.message).toBe('"Language" must be one of the service\'s 15 languages, not "xx"');
		expect(ctx.sandbox.requests).toHaveLength(0);
	});
});
