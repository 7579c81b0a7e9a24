import { run, useSandbox } from './fixtures';
import { TOKENS, itRevokesAToken } from './tokens.twins';

const ctx = useSandbox();

describe('JWT → Revoke Signing Request Token (POST /jwt/revoke-signing-request)', () => {
	itRevokesAToken(
		ctx,
		TOKENS.signingRequest,
		'sends jwt_id and outputs the same shape from {revoked} (revoked_at null)',
		{ jwtId: (id) => id, revokedAt: null },
	);

	it('refuses an empty JWT ID before sending anything', async () => {
		const { error } = await run(ctx, 'revokeSigningRequestToken', { jwtId: '={{ "" }}' });
		expect(error?.message).toBe(
			'"JWT ID" is empty: its expression resolved to empty text (item 0)',
		);
		expect(ctx.sandbox.requests).toHaveLength(0);
	});
});
