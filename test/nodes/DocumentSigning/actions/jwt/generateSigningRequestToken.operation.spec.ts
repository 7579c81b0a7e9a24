import { meta } from '../../../../../nodes/DocumentSigning/actions/jwt/generateSigningRequestToken.operation';
import { byId, jsonOf, run, signingRequestId, useSandbox } from './fixtures';
import {
	TOKENS,
	itBuildsTheEmbedSnippet,
	itChecksTheInput,
	itDeclaresTheTokenSensitive,
	itGeneratesAToken,
} from './tokens.twins';

const ctx = useSandbox();

describe('JWT → Generate Signing Request Token (POST /jwt/generate-signing-request)', () => {
	itGeneratesAToken(
		ctx,
		TOKENS.signingRequest,
		'sends the signing request ID and outputs {jwt, jwt_id, expires_at, signing_request_id, created_at}',
		(token, payload) => {
			// The output shows the service's expires_at as given (the sandbox, like service-api.md: 24 h).
			expect(token.expires_at).toBe(new Date(Number(payload?.exp) * 1000).toISOString());
			expect(Date.parse(String(token.expires_at)) - Date.parse(String(token.created_at))).toBe(
				24 * 3600 * 1000,
			);
		},
	);

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

	itBuildsTheEmbedSnippet(ctx, TOKENS.signingRequest);

	itChecksTheInput(ctx, TOKENS.signingRequest);

	itDeclaresTheTokenSensitive(ctx, TOKENS.signingRequest);
});
