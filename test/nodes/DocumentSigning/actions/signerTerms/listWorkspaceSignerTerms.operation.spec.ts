import {
	LEGAL,
	SALES,
	byId,
	byList,
	credentials,
	jsonOf,
	putTerms,
	run,
	useSandbox,
} from './fixtures';
import { OWNERS, itListsNoTermsAtFirst } from './signerTerms.twins';

const ctx = useSandbox();

describe('Signer Terms → Get Many (Workspace) (GET /workspace/{workspace_id}/signer-terms)', () => {
	itListsNoTermsAtFirst(ctx, OWNERS.workspace);

	it("outputs the workspace's terms per language: its overrides and the company defaults", async () => {
		await putTerms(ctx.sandbox, '/company/signer-terms/en', {
			statement_text: '<p>Company EN</p>',
		});
		await putTerms(ctx.sandbox, '/company/signer-terms/de', {
			statement_text: '<p>Company DE</p>',
		});
		await putTerms(ctx.sandbox, `/workspace/${SALES.id}/signer-terms/de`, {
			statement_text: '<p>Sales DE</p>',
		});
		const { output, error } = await run(ctx, 'listWorkspaceSignerTerms', {
			workspaceId: byId(SALES.id),
		});
		expect(error).toBeUndefined();
		expect(ctx.sandbox.requests).toHaveLength(1);
		expect(ctx.sandbox.requests[0]).toMatchObject({
			method: 'GET',
			path: `/workspace/${SALES.id}/signer-terms`,
		});
		expect(
			jsonOf(output).map((t) => [t.workspace_id, t.language, t.statement_text, t.key_mode]),
		).toEqual([
			[SALES.id, 'en', '<p>Company EN</p>', 'live'],
			[SALES.id, 'de', '<p>Sales DE</p>', 'live'],
		]);
		// Which of them is the workspace's own is not in the documented answer (no `source`).
		expect(jsonOf(output).every((t) => !('source' in t))).toBe(true);
	});

	it("another workspace's terms with a non-protected key are refused (403)", async () => {
		const { error } = await run(
			ctx,
			'listWorkspaceSignerTerms',
			{ workspaceId: byId(LEGAL.id) },
			{ credentials: credentials(ctx.sandbox, { liveApiKey: SALES.liveKey }) },
		);
		expect(error?.message).toBe(
			'Permission denied: This API key can only access its own workspace [FORBIDDEN]',
		);
	});

	it('refuses a malformed workspace ID before sending anything', async () => {
		const { error } = await run(ctx, 'listWorkspaceSignerTerms', { workspaceId: byList('sales') });
		expect(error?.message).toBe('"Workspace" is not a valid ID: "sales"');
		expect(ctx.sandbox.requests).toHaveLength(0);
	});
});
