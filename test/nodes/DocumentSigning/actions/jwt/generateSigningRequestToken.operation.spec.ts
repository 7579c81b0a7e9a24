import { meta } from '../../../../../nodes/DocumentSigning/actions/jwt/generateSigningRequestToken.operation';
import {
	MISSING_UUID,
	byId,
	byList,
	jsonOf,
	run,
	signingRequestId,
	useSandbox,
	verified,
} from './jwtKit';

const ctx = useSandbox();

describe('JWT → Generate Signing Request Token (POST /jwt/generate-signing-request)', () => {
	it('sends the signing request ID and outputs {jwt, jwt_id, expires_at, signing_request_id, created_at}', async () => {
		const id = await signingRequestId(ctx.sandbox);
		const { output, error } = await run(ctx, 'generateSigningRequestToken', {
			signingRequestId: byId(id),
		});
		expect(error).toBeUndefined();
		expect(ctx.sandbox.requests).toHaveLength(1);
		expect(ctx.sandbox.requests[0]).toMatchObject({
			method: 'POST',
			path: '/jwt/generate-signing-request',
			body: { companies_workspaces_signing_requests_id: id },
		});
		const [token] = jsonOf(output);
		expect(Object.keys(token).sort()).toEqual([
			'created_at',
			'expires_at',
			'jwt',
			'jwt_id',
			'key_mode',
			'signing_request_id',
		]);
		expect(token.signing_request_id).toBe(id);
		const payload = verified(ctx.sandbox, token.jwt);
		expect(payload).toMatchObject({ sub: id, signing_request_id: id, jti: token.jwt_id });
		// The output shows the service's expires_at as given (the sandbox, like service-api.md: 24 h).
		expect(Number(payload?.exp) - Number(payload?.iat)).toBe(24 * 3600);
		expect(token.expires_at).toBe(new Date(Number(payload?.exp) * 1000).toISOString());
		expect(Date.parse(String(token.expires_at)) - Date.parse(String(token.created_at))).toBe(
			24 * 3600 * 1000,
		);
	});

	it('promises no lifetime: the description points to expires_at, and the output carries the one the service sent', async () => {
		expect(meta.description).not.toMatch(/\d+ (days?|hours?)/);
		expect(meta.description).toContain('expires_at');
		const id = await signingRequestId(ctx.sandbox);
		ctx.sandbox.clearRequests();
		ctx.sandbox.injectFault({
			method: 'POST',
			path: '/jwt/generate-signing-request',
			kind: 'status',
			status: 200,
			body: {
				jwt: 'eyJhbGciOiJSUzI1NiJ9.e30.c2ln',
				jwt_id: '6f1c2a3b-4d5e-4f60-8a7b-9c0d1e2f3a4b',
				expires_at: '2031-01-02T03:04:05.000Z',
				signing_request_id: id,
			},
		});
		const { output, error } = await run(ctx, 'generateSigningRequestToken', {
			signingRequestId: byId(id),
		});
		expect(error).toBeUndefined();
		expect(jsonOf(output)[0]).toMatchObject({
			jwt_id: '6f1c2a3b-4d5e-4f60-8a7b-9c0d1e2f3a4b',
			expires_at: '2031-01-02T03:04:05.000Z',
		});
	});

	it('with Include Embed Snippet, outputs HTML for signing-request-editor.js and SigningRequestEditor.init', async () => {
		const id = await signingRequestId(ctx.sandbox);
		const { output, error } = await run(ctx, 'generateSigningRequestToken', {
			signingRequestId: byId(id),
			includeEmbedSnippet: true,
			embedUrl: 'https://embed.example.com',
			embedOptions: { container: '#sr', theme: 'light', readOnly: false },
		});
		expect(error).toBeUndefined();
		const [token] = jsonOf(output);
		expect(token.embed_snippet).toBe(
			[
				'<div id="sr"></div>',
				'<script src="https://embed.example.com/signing-request-editor.js"></script>',
				'<script>',
				`  SigningRequestEditor.init({"container":"#sr","jwt":"${String(token.jwt)}","signingRequestId":"${id}","theme":"light","readOnly":false});`,
				'</script>',
			].join('\n'),
		);
	});

	it('an invalid Embed URL is refused before sending anything', async () => {
		const { error } = await run(ctx, 'generateSigningRequestToken', {
			signingRequestId: byId(MISSING_UUID),
			includeEmbedSnippet: true,
			embedUrl: 'ftp://embed.example.com',
		});
		expect(error?.message).toBe('"Embed URL" must use HTTPS: ftp://embed.example.com');
		expect(ctx.sandbox.requests).toHaveLength(0);
	});

	it('refuses a malformed signing request ID before sending anything', async () => {
		const { error } = await run(ctx, 'generateSigningRequestToken', {
			signingRequestId: byList('sr-1'),
		});
		expect(error?.message).toBe('"Signing Request" is not a valid ID: "sr-1"');
		expect(ctx.sandbox.requests).toHaveLength(0);
	});

	it('an unknown signing request is a 404', async () => {
		const { error } = await run(ctx, 'generateSigningRequestToken', {
			signingRequestId: byId(MISSING_UUID),
		});
		expect(error?.message).toMatch(/^Not found: .* not found \[NOT_FOUND\]$/);
	});
});
