import { byList, run, useSandbox } from './fixtures';
import { OWNERS, itSetsTheTerms } from './signerTerms.twins';

const ctx = useSandbox();

describe('Signer Terms → Set (Workspace) (PUT /workspace/{workspace_id}/signer-terms/{language})', () => {
	itSetsTheTerms(
		ctx,
		OWNERS.workspace,
		'stores an override for the language (with a non-protected key of that workspace)',
	);

	it('refuses a malformed workspace ID before sending anything', async () => {
		const bad = await run(ctx, 'updateWorkspaceSignerTerms', {
			workspaceId: byList('x'),
			language: 'en',
			statementText: '<p>x</p>',
		});
		expect(bad.error?.message).toBe('"Workspace" is not a valid ID: "x"');
		expect(ctx.sandbox.requests).toHaveLength(0);
	});
});
