import {
	MISSING_UUID,
	SALES,
	byId,
	byList,
	jsonOf,
	run,
	templateId,
	useSandbox,
	verified,
} from './jwtKit';

const ctx = useSandbox();

describe('JWT → Generate Template Token (POST /generate-template-token)', () => {
	it('sends the template ID and normalises {token, jwt_record_id} into {jwt, jwt_id, template_id}', async () => {
		const id = await templateId(ctx.sandbox);
		const { output, error } = await run(ctx, 'generateTemplateToken', { templateId: byId(id) });
		expect(error).toBeUndefined();
		expect(ctx.sandbox.requests).toHaveLength(1);
		expect(ctx.sandbox.requests[0]).toMatchObject({
			method: 'POST',
			path: '/generate-template-token',
			body: { companies_workspaces_templates_id: id },
		});
		const [token] = jsonOf(output);
		expect(Object.keys(token).sort()).toEqual([
			'expires_at',
			'jwt',
			'jwt_id',
			'key_mode',
			'template_id',
		]);
		expect(token.template_id).toBe(id);
		expect(token.jwt_id).toMatch(/^[0-9a-f-]{36}$/);
		expect(token.key_mode).toBe('live');
		const payload = verified(ctx.sandbox, token.jwt);
		expect(payload).toMatchObject({ sub: id, template_id: id, jti: token.jwt_id });
		expect(Number(payload?.exp) - Number(payload?.iat)).toBe(24 * 3600);
		expect(Date.parse(String(token.expires_at)) / 1000).toBe(Number(payload?.exp));
	});

	it('with Include Embed Snippet, outputs HTML that loads template-editor.js and calls TemplateEditor.init', async () => {
		const id = await templateId(ctx.sandbox);
		const { output, error } = await run(ctx, 'generateTemplateToken', {
			templateId: byId(id),
			includeEmbedSnippet: true,
			embedUrl: 'https://embed.example.com/editors/',
			embedOptions: { container: '#nda-editor', theme: 'dark', readOnly: true },
		});
		expect(error).toBeUndefined();
		const [token] = jsonOf(output);
		const jwt = String(token.jwt);
		expect(token.embed_snippet).toBe(
			[
				'<div id="nda-editor"></div>',
				'<script src="https://embed.example.com/editors/template-editor.js"></script>',
				'<script>',
				`  TemplateEditor.init({"container":"#nda-editor","jwt":"${jwt}","templateId":"${id}","theme":"dark","readOnly":true});`,
				'</script>',
			].join('\n'),
		);
		expect(ctx.sandbox.requests[0].body).toEqual({ companies_workspaces_templates_id: id });
	});

	it('the snippet defaults to a light, editable editor in #document-signing-editor; a class selector adds no element', async () => {
		const id = await templateId(ctx.sandbox);
		const defaults = jsonOf(
			(
				await run(ctx, 'generateTemplateToken', {
					templateId: byId(id),
					includeEmbedSnippet: true,
					embedUrl: 'http://localhost:8080',
				})
			).output,
		)[0];
		expect(defaults.embed_snippet).toContain(
			'<div id="document-signing-editor"></div>\n<script src="http://localhost:8080/template-editor.js"></script>',
		);
		expect(defaults.embed_snippet).toContain('"container":"#document-signing-editor"');
		expect(defaults.embed_snippet).toContain('"theme":"light","readOnly":false});');
		const byClass = jsonOf(
			(
				await run(ctx, 'generateTemplateToken', {
					templateId: byId(id),
					includeEmbedSnippet: true,
					embedUrl: 'https://embed.example.com',
					embedOptions: { container: '.editor </script>' },
				})
			).output,
		)[0];
		expect(
			String(byClass.embed_snippet).startsWith(
				'<script src="https://embed.example.com/template-editor.js">',
			),
		).toBe(true);
		expect(byClass.embed_snippet).toContain('"container":".editor \\u003c/script\\u003e"');
	});

	it.each([
		['', '"Embed URL" is empty'],
		[
			'https://api.example.com/v1?x=1',
			'"Embed URL" must not contain a query (?…) or fragment (#…)',
		],
		['http://embed.example.com', '"Embed URL" must use HTTPS: http://embed.example.com'],
		['embed.example.com', '"Embed URL" is not a valid URL: "embed.example.com"'],
		[
			'https://embed.example.com/template-editor.js',
			'"Embed URL" must be the address the scripts are served from, not a script',
		],
	])('Embed URL %j is refused before sending anything', async (embedUrl, message) => {
		const { error } = await run(ctx, 'generateTemplateToken', {
			templateId: byId(MISSING_UUID),
			includeEmbedSnippet: true,
			embedUrl: embedUrl === '' ? '={{ "" }}' : embedUrl,
		});
		expect(error?.message).toBe(message);
		expect(ctx.sandbox.requests).toHaveLength(0);
	});

	it('refuses a malformed template ID before sending anything', async () => {
		const { error } = await run(ctx, 'generateTemplateToken', { templateId: byList('nda') });
		expect(error?.message).toBe('"Template" is not a valid ID: "nda"');
		expect(ctx.sandbox.requests).toHaveLength(0);
	});

	it('a template of another workspace is a 404 (no token)', async () => {
		const other = await templateId(ctx.sandbox, SALES.liveKey);
		const { error } = await run(ctx, 'generateTemplateToken', { templateId: byId(other) });
		expect(error?.message).toMatch(/^Not found: .* not found \[NOT_FOUND\]$/);
		expect(ctx.sandbox.requests).toHaveLength(1);
	});
});
