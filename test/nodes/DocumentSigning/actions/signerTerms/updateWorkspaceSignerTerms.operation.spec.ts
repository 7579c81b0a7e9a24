import { SALES, api, byId, byList, credentials, jsonOf, run, useSandbox } from './termsKit';

const ctx = useSandbox();

describe('Signer Terms → Set Workspace Terms (PUT /workspace/{workspace_id}/signer-terms/{language})', () => {
	it('stores an override for the language (with a non-protected key of that workspace)', async () => {
		const { output, error } = await run(
			ctx,
			'updateWorkspaceSignerTerms',
			{
				workspaceId: byId(SALES.id),
				language: 'es',
				statementText: '<p>Términos</p>',
				termsUrl: 'https://sales.example/terminos',
			},
			{ credentials: credentials(ctx.sandbox, { liveApiKey: SALES.liveKey }) },
		);
		expect(error).toBeUndefined();
		expect(ctx.sandbox.requests).toHaveLength(1);
		expect(ctx.sandbox.requests[0]).toMatchObject({
			method: 'PUT',
			path: `/workspace/${SALES.id}/signer-terms/es`,
			body: { statement_text: '<p>Términos</p>', terms_url: 'https://sales.example/terminos' },
		});
		expect(jsonOf(output)).toEqual([
			{
				language: 'es',
				workspace_id: SALES.id,
				ok: true,
				storedHtml: '<p>Términos</p>',
				changed: false,
				key_mode: 'live',
			},
		]);
		const listed = await api<{ terms: Array<Record<string, unknown>> }>(
			ctx.sandbox,
			'GET',
			`/workspace/${SALES.id}/signer-terms`,
		);
		expect(listed.body.terms).toEqual([
			expect.objectContaining({
				language: 'es',
				source: 'workspace',
				terms_url: 'https://sales.example/terminos',
			}),
		]);
	});

	it('sanitizes like the company terms', async () => {
		const { output } = await run(ctx, 'updateWorkspaceSignerTerms', {
			workspaceId: byId(SALES.id),
			language: 'nb',
			statementText: '<a href="javascript:alert(1)" onmouseover=\'x()\'>Vilkår</a>',
		});
		expect(jsonOf(output)[0]).toMatchObject({
			changed: true,
			storedHtml: '<a href="#">Vilkår</a>',
		});
	});

	it('refuses a malformed workspace ID or empty statement before sending anything', async () => {
		const bad = await run(ctx, 'updateWorkspaceSignerTerms', {
			workspaceId: byList('x'),
			language: 'en',
			statementText: '<p>x</p>',
		});
		expect(bad.error?.message).toBe('"Workspace" is not a valid ID: "x"');
		const empty = await run(ctx, 'updateWorkspaceSignerTerms', {
			workspaceId: byId(SALES.id),
			language: 'en',
			statementText: '={{ "" }}',
		});
		expect(empty.error?.message).toBe('"Statement Text" is empty');
		expect(ctx.sandbox.requests).toHaveLength(0);
	});
});
