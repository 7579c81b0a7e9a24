/**
 * The company's signer terms and a workspace's own are set, read and deleted the same way
 * (`/company/signer-terms…` and `/workspace/{workspace_id}/signer-terms…`): PUT sends the statement
 * and URL of one of the 15 languages and reports what the service sanitized, DELETE removes one
 * language (404 the second time), GET lists nothing before any terms exist. Each operation's spec
 * calls these tests inside its own suite with its owner (`OWNERS.company`, `OWNERS.workspace`);
 * what differs (who may write, how the workspace list merges the company's terms) stays in the spec.
 */
import { DocumentSigning } from '../../../../../nodes/DocumentSigning/DocumentSigning.node';
import type { TestContext } from '../template/fixtures';
import { SALES, api, byId, credentials, jsonOf, putTerms, run } from './fixtures';

export interface TermsOwner {
	owner: 'company' | 'workspace';
	/** The parameters that name the owner. */
	params: Record<string, unknown>;
	/** The path of the owner's terms. */
	base: string;
	/** What the output adds for this owner. */
	output: Record<string, unknown>;
	/** The live key the owner's terms are written with (the protected key when undefined). */
	key?: string;
	update: 'updateCompanySignerTerms' | 'updateWorkspaceSignerTerms';
	delete: 'deleteCompanySignerTerms' | 'deleteWorkspaceSignerTerms';
	list: 'listCompanySignerTerms' | 'listWorkspaceSignerTerms';
}

export const OWNERS = {
	company: {
		owner: 'company',
		params: {},
		base: '/company/signer-terms',
		output: {},
		update: 'updateCompanySignerTerms',
		delete: 'deleteCompanySignerTerms',
		list: 'listCompanySignerTerms',
	},
	workspace: {
		owner: 'workspace',
		params: { workspaceId: byId(SALES.id) },
		base: `/workspace/${SALES.id}/signer-terms`,
		output: { workspace_id: SALES.id },
		// A workspace's own, non-protected key may write its terms.
		key: SALES.liveKey,
		update: 'updateWorkspaceSignerTerms',
		delete: 'deleteWorkspaceSignerTerms',
		list: 'listWorkspaceSignerTerms',
	},
} satisfies Record<string, TermsOwner>;

/** The owner's stored terms, as the service lists them. */
async function storedTerms(ctx: TestContext, owner: TermsOwner) {
	return (await api<{ terms: Array<Record<string, unknown>> }>(ctx.sandbox, 'GET', owner.base)).body
		.terms;
}

/** Set (PUT): sends, outputs what was stored, sanitizes, offers and checks the languages. */
export function itSetsTheTerms(ctx: TestContext, owner: TermsOwner, name: string): void {
	const set = (params: Record<string, unknown>) =>
		run(
			ctx,
			owner.update,
			{ ...owner.params, ...params },
			owner.key ? { credentials: credentials(ctx.sandbox, { liveApiKey: owner.key }) } : {},
		);

	it(name, async () => {
		const html = '<p>By signing you accept our <a href="https://acme.example/terms">terms</a>.</p>';
		const { output, error } = await set({
			language: 'fr',
			statementText: html,
			termsUrl: ' https://acme.example/terms ',
		});
		expect(error).toBeUndefined();
		expect(ctx.sandbox.requests).toHaveLength(1);
		expect(ctx.sandbox.requests[0]).toMatchObject({
			method: 'PUT',
			path: `${owner.base}/fr`,
			body: { statement_text: html, terms_url: 'https://acme.example/terms' },
		});
		expect(jsonOf(output)).toEqual([
			{
				language: 'fr',
				...owner.output,
				ok: true,
				storedHtml: html,
				changed: false,
				key_mode: 'live',
			},
		]);
		// The first terms of the spec's sandbox: the only ones listed.
		expect(await storedTerms(ctx, owner)).toEqual([
			expect.objectContaining({
				language: 'fr',
				statement_text: html,
				terms_url: 'https://acme.example/terms',
			}),
		]);
	});

	it.each([
		['<p onclick="steal()">Accept</p><script>alert(1)</script>', '<p>Accept</p>'],
		['<a href="javascript:alert(1)" onmouseover=\'x()\'>Vilkår</a>', '<a href="#">Vilkår</a>'],
	])(
		'unsafe HTML %j is sanitized by the service: changed: true, what was stored, and a warning',
		async (statementText, storedHtml) => {
			const { output, error } = await set({ language: 'en', statementText });
			expect(error).toBeUndefined();
			expect(ctx.sandbox.requests[0].body).toEqual({
				statement_text: statementText,
				terms_url: null,
			});
			const [result] = jsonOf(output);
			expect(result).toMatchObject({ language: 'en', ok: true, storedHtml, changed: true });
			expect(result.warnings).toEqual([expect.stringContaining('removed unsafe HTML')]);
			expect((await storedTerms(ctx, owner)).find((t) => t.language === 'en')?.statement_text).toBe(
				storedHtml,
			);
		},
	);

	it('offers the 15 languages', () => {
		const language = new DocumentSigning().description.properties.find(
			(p) => p.name === 'language' && p.displayOptions?.show?.operation?.includes(owner.update),
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
			{ statementText: '={{ "" }}' },
			'"Statement Text" is empty: its expression resolved to empty text (item 0)',
		],
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
		const { error } = await set({ language: 'en', statementText: '<p>x</p>', ...override });
		expect(error?.message).toBe(message);
		expect(ctx.sandbox.requests).toHaveLength(0);
	});
}

/** Delete (DELETE): removes one language's terms, `{deleted, id, language, message}`; again → 404. */
export function itDeletesTheTerms(ctx: TestContext, owner: TermsOwner, name: string): void {
	const remove = (language: string) => run(ctx, owner.delete, { ...owner.params, language });

	it(name, async () => {
		await putTerms(ctx.sandbox, `${owner.base}/it`, { statement_text: '<p>Termini</p>' });
		const { output, error } = await remove('it');
		expect(error).toBeUndefined();
		expect(ctx.sandbox.requests).toHaveLength(1);
		expect(ctx.sandbox.requests[0]).toMatchObject({ method: 'DELETE', path: `${owner.base}/it` });
		expect(jsonOf(output)).toEqual([
			{
				deleted: true,
				id: 'it',
				...owner.output,
				language: 'it',
				message: 'Signer terms deleted',
				key_mode: 'live',
			},
		]);
		expect((await storedTerms(ctx, owner)).find((t) => t.language === 'it')).toBeUndefined();
		const again = await remove('it');
		expect(again.error?.message).toMatch(/^Not found: .* not found \[NOT_FOUND\]$/);
	});

	it('refuses a language outside the 15 before sending anything', async () => {
		const { error } = await remove('={{ "xx" }}');
		expect(error?.message).toBe('"Language" must be one of the service\'s 15 languages, not "xx"');
		expect(ctx.sandbox.requests).toHaveLength(0);
	});
}

/** Get Many (GET), before any terms exist: one request, no items. */
export function itListsNoTermsAtFirst(ctx: TestContext, owner: TermsOwner): void {
	it('no terms yet: no items', async () => {
		const { output, error } = await run(ctx, owner.list, owner.params);
		expect(error).toBeUndefined();
		expect(ctx.sandbox.requests).toHaveLength(1);
		expect(ctx.sandbox.requests[0]).toMatchObject({ method: 'GET', path: owner.base });
		expect(jsonOf(output)).toEqual([]);
	});
}
