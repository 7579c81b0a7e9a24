import { MISSING_UUID, run, signingRequestId, tokenFor, useSandbox } from './fixtures';
import { TOKENS, itRevokesAToken } from './tokens.twins';

const ctx = useSandbox();

describe('JWT → Revoke Template Token (POST /revoke-template-token)', () => {
	itRevokesAToken(
		ctx,
		TOKENS.template,
		'sends jwt_id and normalises {revoked_at} into {revoked: true, revoked_at}',
		{
			jwtId: (id) => ` ${id.toUpperCase()} `,
			revokedAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
		},
	);

	it('an unknown JWT, or a signing-request token, is a 404', async () => {
		const unknown = await run(ctx, 'revokeTemplateToken', { jwtId: MISSING_UUID });
		expect(unknown.error?.message).toMatch(/^Not found: .* not found \[NOT_FOUND\]$/);
		const srToken = await tokenFor(
			ctx.sandbox,
			'signingRequest',
			await signingRequestId(ctx.sandbox),
		);
		const wrongKind = await run(ctx, 'revokeTemplateToken', { jwtId: srToken.jwt_id });
		expect(wrongKind.error?.message).toMatch(/^Not found: .* not found \[NOT_FOUND\]$/);
	});

	it('refuses a malformed JWT ID before sending anything', async () => {
		const { error } = await run(ctx, 'revokeTemplateToken', { jwtId: 'eyJhbGciOi...' });
		expect(error?.message).toBe('"JWT ID" is not a valid ID: "eyJhbGciOi..."');
		expect(ctx.sandbox.requests).toHaveLength(0);
	});
});
