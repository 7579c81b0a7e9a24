import { jsonOf, run, signingRequestId, tokenFor, useSandbox } from './jwtKit';

const ctx = useSandbox();

describe('JWT → Revoke Signing Request Token (POST /jwt/revoke-signing-request)', () => {
	it('sends jwt_id and outputs the same shape from {revoked} (revoked_at null)', async () => {
		const token = await tokenFor(
			ctx.sandbox,
			'signingRequest',
			await signingRequestId(ctx.sandbox),
		);
		const { output, error } = await run(ctx, 'revokeSigningRequestToken', { jwtId: token.jwt_id });
		expect(error).toBeUndefined();
		expect(ctx.sandbox.requests).toHaveLength(1);
		expect(ctx.sandbox.requests[0]).toMatchObject({
			method: 'POST',
			path: '/jwt/revoke-signing-request',
			body: { jwt_id: token.jwt_id },
		});
		expect(jsonOf(output)).toEqual([
			{
				message: 'JWT revoked successfully',
				jwt_id: token.jwt_id,
				revoked: true,
				revoked_at: null,
				key_mode: 'live',
			},
		]);
	});

	it('revoking twice: the service says "JWT has already been revoked"', async () => {
		const token = await tokenFor(
			ctx.sandbox,
			'signingRequest',
			await signingRequestId(ctx.sandbox),
		);
		await run(ctx, 'revokeSigningRequestToken', { jwtId: token.jwt_id });
		const { error } = await run(ctx, 'revokeSigningRequestToken', { jwtId: token.jwt_id });
		expect(error?.message).toContain('JWT has already been revoked');
	});

	it('refuses an empty JWT ID before sending anything', async () => {
		const { error } = await run(ctx, 'revokeSigningRequestToken', { jwtId: '={{ "" }}' });
		expect(error?.message).toBe('"JWT ID" is empty');
		expect(ctx.sandbox.requests).toHaveLength(0);
	});
});
