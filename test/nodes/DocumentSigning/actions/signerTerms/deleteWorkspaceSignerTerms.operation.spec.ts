import { SALES, byId, byList, jsonOf, putTerms, run, useSandbox } from './termsKit';

const ctx = useSandbox();

describe('Signer Terms → Delete Workspace Terms (DELETE /workspace/{workspace_id}/signer-terms/{language})', () => {
	it('removes the override (the company terms apply again); a language without an override → 404', async () => {
		await putTerms(ctx.sandbox, `/workspace/${SALES.id}/signer-terms/pl`, {
			statement_text: '<p>Warunki</p>',
		});
		const { output, error } = await run(ctx, 'deleteWorkspaceSignerTerms', {
			workspaceId: byId(SALES.id),
			language: 'pl',
		});
		expect(error).toBeUndefined();
		expect(ctx.sandbox.requests).toHaveLength(1);
		expect(ctx.sandbox.requests[0]).toMatchObject({
			method: 'DELETE',
			path: `/workspace/${SALES.id}/signer-terms/pl`,
		});
		expect(jsonOf(output)).toEqual([
			{
				deleted: true,
				id: 'pl',
				workspace_id: SALES.id,
				language: 'pl',
				message: 'Signer terms deleted',
				key_mode: 'live',
			},
		]);
		const again = await run(ctx, 'deleteWorkspaceSignerTerms', {
			workspaceId: byId(SALES.id),
			language: 'pl',
		});
		expect(again.error?.message).toMatch(/^Not found: .* not found \[NOT_FOUND\]$/);
	});

	it('refuses a malformed workspace ID before sending anything', async () => {
		const { error } = await run(ctx, 'deleteWorkspaceSignerTerms', {
			workspaceId: byList('nope'),
			language: 'en',
		});
		expect(error?.message).toBe('"Workspace" is not a valid ID: "nope"');
		expect(ctx.sandbox.requests).toHaveLength(0);
	});
});
