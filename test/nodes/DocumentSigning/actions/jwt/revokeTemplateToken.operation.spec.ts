import {
	MISSING_UUID,
	jsonOf,
	run,
	signingRequestId,
	templateId,
	tokenFor,
	useSandbox,
} from './jwtKit';

const ctx = useSandbox();

describe('JWT → Revoke Template Token (POST /revoke-template-token)', () => {
	it('sends jwt_id and normalises {revoked_at} into {revoked: true, revoked_at}', async () => {
		const token = await tokenFor(ctx.sandbox, 'template', await templateId(ctx.sandbox));
		const { output, error } = await run(ctx, 'revokeTemplateToken', {
			jwtId: ` ${String(token.jwt_record_id).toUpperCase()} `,
		});
		expect(error).toBeUndefined();
		expect(ctx.sandbox.requests).toHaveLength(1);
		expect(ctx.sandbox.requests[0]).toMatchObject({
			method: 'POST',
			path: '/revoke-template-token',
			body: { jwt_id: token.jwt_record_id },
		});
		const [result] = jsonOf(output);
		expect(result).toEqual({
			message: 'JWT revoked successfully',
			jwt_id: token.jwt_record_id,
			revoked: true,
			revoked_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
			key_mode: 'live',
		});
	});

	it('revoking twice: the service says "JWT has already been revoked"', async () => {
		const token = await tokenFor(ctx.sandbox, 'template', await templateId(ctx.sandbox));
		await run(ctx, 'revokeTemplateToken', { jwtId: token.jwt_record_id });
		const { error } = await run(ctx, 'revokeTemplateToken', { jwtId: token.jwt_record_id });
		expect(error?.message).toContain('JWT has already been revoked');
	});

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
