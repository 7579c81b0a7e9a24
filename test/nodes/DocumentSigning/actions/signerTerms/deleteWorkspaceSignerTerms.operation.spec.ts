import { OWNERS, itDeletesTheTerms } from './signerTerms.twins';
import { byList, run, useSandbox } from './fixtures';

const ctx = useSandbox();

describe('Signer Terms → Delete (Workspace) (DELETE /workspace/{workspace_id}/signer-terms/{language})', () => {
	itDeletesTheTerms(
		ctx,
		OWNERS.workspace,
		'removes the override (the company terms apply again); a language without an override → 404',
	);

	it('refuses a malformed workspace ID before sending anything', async () => {
		const { error } = await run(ctx, 'deleteWorkspaceSignerTerms', {
			workspaceId: byList('nope'),
			language: 'en',
		});
		expect(error?.message).toBe('"Workspace" is not a valid ID: "nope"');
		expect(ctx.sandbox.requests).toHaveLength(0);
	});
});
