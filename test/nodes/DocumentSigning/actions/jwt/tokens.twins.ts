/**
 * The two JWT kinds, signing request and template, are generated and revoked the same way through
 * two pairs of endpoints with their own key names: a token for one owner (RS256, 24 h, `sub` and
 * `jti` as output), the same embed snippet built for each kind's editor, the same checks of the
 * Embed URL and the owner's ID before sending, and revocation that the service refuses twice. Each
 * operation's spec calls these tests inside its own suite with its row (`TOKENS.<kind>`), next to
 * the tests of its own.
 */
import type { IDataObject } from 'n8n-workflow';

import { findOperation } from '../../../../../nodes/DocumentSigning/actions/operations';
import type { Sandbox } from '../../../../sandbox';
import type { TestContext } from '../template/fixtures';
import {
	MISSING_UUID,
	byId,
	byList,
	jsonOf,
	run,
	signingRequestId,
	templateId,
	tokenFor,
	verified,
} from './fixtures';

export interface TokenRow {
	kind: 'signingRequest' | 'template';
	generate: 'generateSigningRequestToken' | 'generateTemplateToken';
	revoke: 'revokeSigningRequestToken' | 'revokeTemplateToken';
	/** The owner's parameter, and the field label the node names in its errors. */
	parameter: 'signingRequestId' | 'templateId';
	label: string;
	/** A new owner of a token, made through the API (the request log cleared). */
	owner: (sandbox: Sandbox) => Promise<string>;
	generatePath: string;
	revokePath: string;
	/** The body key that carries the owner's ID when generating. */
	bodyKey: string;
	/** The output's (and the JWT payload's) owner key. */
	idKey: 'signing_request_id' | 'template_id';
	/** The output keys of a generated token. */
	keys: string[];
	/** The editor's script and its global, in the embed snippet. */
	script: string;
	editor: string;
	/** The token's ID in the service's own answer (`tokenFor`). */
	tokenId: (token: IDataObject) => string;
	/** A malformed owner ID, refused before sending. */
	badId: string;
}

export const TOKENS = {
	signingRequest: {
		kind: 'signingRequest',
		generate: 'generateSigningRequestToken',
		revoke: 'revokeSigningRequestToken',
		parameter: 'signingRequestId',
		label: 'Signing Request',
		owner: signingRequestId,
		generatePath: '/jwt/generate-signing-request',
		revokePath: '/jwt/revoke-signing-request',
		bodyKey: 'companies_workspaces_signing_requests_id',
		idKey: 'signing_request_id',
		keys: ['created_at', 'expires_at', 'jwt', 'jwt_id', 'key_mode', 'signing_request_id'],
		script: 'signing-request-editor.js',
		editor: 'SigningRequestEditor',
		tokenId: (token) => String(token.jwt_id),
		badId: 'sr-1',
	},
	template: {
		kind: 'template',
		generate: 'generateTemplateToken',
		revoke: 'revokeTemplateToken',
		parameter: 'templateId',
		label: 'Template',
		owner: async (sandbox) => await templateId(sandbox),
		generatePath: '/generate-template-token',
		revokePath: '/revoke-template-token',
		bodyKey: 'companies_workspaces_templates_id',
		idKey: 'template_id',
		keys: ['expires_at', 'jwt', 'jwt_id', 'key_mode', 'template_id'],
		script: 'template-editor.js',
		editor: 'TemplateEditor',
		tokenId: (token) => String(token.jwt_record_id),
		badId: 'nda',
	},
} satisfies Record<string, TokenRow>;

/** The editor option that names the owner in the snippet (`signingRequestId`, `templateId`). */
const idOption = (row: TokenRow) => row.parameter;

/**
 * Generates a token for a new owner: one POST with the owner's ID, the token's keys as output, and
 * a JWT signed by the service for that owner, valid 24 h. `more` checks what the kind adds.
 */
export function itGeneratesAToken(
	ctx: TestContext,
	row: TokenRow,
	name: string,
	more?: (token: IDataObject, payload: Record<string, unknown> | undefined) => void,
): void {
	it(name, async () => {
		const id = await row.owner(ctx.sandbox);
		const { output, error } = await run(ctx, row.generate, { [row.parameter]: byId(id) });
		expect(error).toBeUndefined();
		expect(ctx.sandbox.requests).toHaveLength(1);
		expect(ctx.sandbox.requests[0]).toMatchObject({
			method: 'POST',
			path: row.generatePath,
			body: { [row.bodyKey]: id },
		});
		const [token] = jsonOf(output);
		expect(Object.keys(token).sort()).toEqual(row.keys);
		expect(token[row.idKey]).toBe(id);
		expect(token.jwt_id).toMatch(/^[0-9a-f-]{36}$/);
		expect(token.key_mode).toBe('live');
		const payload = verified(ctx.sandbox, token.jwt);
		expect(payload).toMatchObject({ sub: id, [row.idKey]: id, jti: token.jwt_id });
		expect(Number(payload?.exp) - Number(payload?.iat)).toBe(24 * 3600);
		expect(Date.parse(String(token.expires_at)) / 1000).toBe(Number(payload?.exp));
		more?.(token, payload);
	});
}

/** "Include Embed Snippet": the HTML that loads the kind's editor with the token, and its defaults. */
export function itBuildsTheEmbedSnippet(ctx: TestContext, row: TokenRow): void {
	it.each([
		{
			embedUrl: 'https://embed.example.com',
			embedOptions: { container: '#sr', theme: 'light', readOnly: false },
			div: '<div id="sr"></div>',
			config:
				'{"container":"#sr","jwt":"{jwt}","{idOption}":"{id}","theme":"light","readOnly":false}',
		},
		{
			embedUrl: 'https://embed.example.com/editors/',
			embedOptions: { container: '#nda-editor', theme: 'dark', readOnly: true },
			div: '<div id="nda-editor"></div>',
			config:
				'{"container":"#nda-editor","jwt":"{jwt}","{idOption}":"{id}","theme":"dark","readOnly":true}',
		},
	])(
		`with Include Embed Snippet, outputs HTML that loads ${row.script} and calls ${row.editor}.init (at $embedUrl)`,
		async ({ embedUrl, embedOptions, div, config }) => {
			const id = await row.owner(ctx.sandbox);
			const { output, error } = await run(ctx, row.generate, {
				[row.parameter]: byId(id),
				includeEmbedSnippet: true,
				embedUrl,
				embedOptions,
			});
			expect(error).toBeUndefined();
			const [token] = jsonOf(output);
			const init = config
				.replace('{jwt}', String(token.jwt))
				.replace('{idOption}', idOption(row))
				.replace('{id}', id);
			expect(token.embed_snippet).toBe(
				[
					div,
					`<script src="${embedUrl.replace(/\/$/, '')}/${row.script}"></script>`,
					'<script>',
					`  ${row.editor}.init(${init});`,
					'</script>',
				].join('\n'),
			);
			expect(ctx.sandbox.requests[0].body).toEqual({ [row.bodyKey]: id });
		},
	);

	it('the snippet defaults to a light, editable editor in #document-signing-editor; a class selector adds no element', async () => {
		const id = await row.owner(ctx.sandbox);
		const defaults = jsonOf(
			(
				await run(ctx, row.generate, {
					[row.parameter]: byId(id),
					includeEmbedSnippet: true,
					embedUrl: 'http://localhost:8080',
				})
			).output,
		)[0];
		expect(defaults.embed_snippet).toContain(
			`<div id="document-signing-editor"></div>\n<script src="http://localhost:8080/${row.script}"></script>`,
		);
		expect(defaults.embed_snippet).toContain('"container":"#document-signing-editor"');
		expect(defaults.embed_snippet).toContain('"theme":"light","readOnly":false});');
		const byClass = jsonOf(
			(
				await run(ctx, row.generate, {
					[row.parameter]: byId(id),
					includeEmbedSnippet: true,
					embedUrl: 'https://embed.example.com',
					embedOptions: { container: '.editor </script>' },
				})
			).output,
		)[0];
		expect(
			String(byClass.embed_snippet).startsWith(
				`<script src="https://embed.example.com/${row.script}">`,
			),
		).toBe(true);
		expect(byClass.embed_snippet).toContain('"container":".editor \\u003c/script\\u003e"');
	});
}

/** What is refused before sending anything (Embed URL, owner ID), and an unknown owner (404). */
export function itChecksTheInput(ctx: TestContext, row: TokenRow): void {
	it.each([
		['', '"Embed URL" is empty: its expression resolved to empty text (item 0)'],
		[
			'https://api.example.com/v1?x=1',
			'"Embed URL" must not contain a query (?…) or fragment (#…)',
		],
		['http://embed.example.com', '"Embed URL" must use HTTPS: http://embed.example.com'],
		['ftp://embed.example.com', '"Embed URL" must use HTTPS: ftp://embed.example.com'],
		['embed.example.com', '"Embed URL" is not a valid URL: "embed.example.com"'],
		[
			`https://embed.example.com/${row.script}`,
			'"Embed URL" must be the address the scripts are served from, not a script',
		],
	])('Embed URL %j is refused before sending anything', async (embedUrl, message) => {
		const { error } = await run(ctx, row.generate, {
			[row.parameter]: byId(MISSING_UUID),
			includeEmbedSnippet: true,
			embedUrl: embedUrl === '' ? '={{ "" }}' : embedUrl,
		});
		expect(error?.message).toBe(message);
		expect(ctx.sandbox.requests).toHaveLength(0);
	});

	it(`refuses a malformed ${row.label.toLowerCase()} ID before sending anything`, async () => {
		const { error } = await run(ctx, row.generate, { [row.parameter]: byList(row.badId) });
		expect(error?.message).toBe(`"${row.label}" is not a valid ID: "${row.badId}"`);
		expect(ctx.sandbox.requests).toHaveLength(0);
	});

	it(`an unknown ${row.label.toLowerCase()} is a 404`, async () => {
		const { error } = await run(ctx, row.generate, { [row.parameter]: byId(MISSING_UUID) });
		expect(error?.message).toMatch(/^Not found: .* not found \[NOT_FOUND\]$/);
		expect(ctx.sandbox.requests).toHaveLength(1);
	});
}

/**
 * Revokes a token made for a new owner: one POST with the token's ID, and the one output shape
 * `{message, jwt_id, revoked, revoked_at, key_mode}`; `jwtId` is what the user types for the ID.
 */
export function itRevokesAToken(
	ctx: TestContext,
	row: TokenRow,
	name: string,
	opts: { jwtId: (id: string) => string; revokedAt: unknown },
): void {
	it(name, async () => {
		const tokenId = row.tokenId(
			await tokenFor(ctx.sandbox, row.kind, await row.owner(ctx.sandbox)),
		);
		const { output, error } = await run(ctx, row.revoke, { jwtId: opts.jwtId(tokenId) });
		expect(error).toBeUndefined();
		expect(ctx.sandbox.requests).toHaveLength(1);
		expect(ctx.sandbox.requests[0]).toMatchObject({
			method: 'POST',
			path: row.revokePath,
			body: { jwt_id: tokenId },
		});
		expect(jsonOf(output)).toEqual([
			{
				message: 'JWT revoked successfully',
				jwt_id: tokenId,
				revoked: true,
				revoked_at: opts.revokedAt,
				key_mode: 'live',
			},
		]);
	});

	it('revoking twice: the service says "JWT has already been revoked"', async () => {
		const tokenId = row.tokenId(
			await tokenFor(ctx.sandbox, row.kind, await row.owner(ctx.sandbox)),
		);
		await run(ctx, row.revoke, { jwtId: tokenId });
		const { error } = await run(ctx, row.revoke, { jwtId: tokenId });
		expect(error?.message).toContain('JWT has already been revoked');
	});
}

/**
 * The token is what Generate is run for: it is output, in `jwt` and inside `embed_snippet`, and
 * only there; both fields are declared sensitive (the node's sensitiveOutputFields).
 */
export function itDeclaresTheTokenSensitive(ctx: TestContext, row: TokenRow): void {
	it('outputs the token only in jwt and embed_snippet, both declared sensitive', async () => {
		expect(findOperation('jwt', row.generate)?.meta.sensitiveOutputFields).toEqual([
			'jwt',
			'embed_snippet',
		]);
		expect(findOperation('jwt', row.revoke)?.meta.sensitiveOutputFields).toBeUndefined();
		const id = await row.owner(ctx.sandbox);
		const { output, error } = await run(ctx, row.generate, {
			[row.parameter]: byId(id),
			includeEmbedSnippet: true,
			embedUrl: 'https://embed.example.com',
		});
		expect(error).toBeUndefined();
		const [token] = jsonOf(output);
		const jwt = String(token.jwt);
		expect(jwt.split('.')).toHaveLength(3);
		const holding = Object.entries(token)
			.filter(([, value]) => JSON.stringify(value).includes(jwt))
			.map(([key]) => key);
		expect(holding).toEqual(['jwt', 'embed_snippet']);
	});
}
