import { useSandbox } from '../../../../kit';
import { byId, createSeal, createSentRequestUsing, ok, only, onlyRequest, run } from './fixtures';

const ctx = useSandbox();

describe('Organization Seal → Revoke (DELETE /seals/{id})', () => {
	it('revokes, reports the signing requests in progress using the seal, and leaves them running by default', async () => {
		const seal = await createSeal(ctx.sandbox);
		const requestId = await createSentRequestUsing(ctx.sandbox, seal.id);
		ctx.sandbox.clearRequests();
		const { output, error } = await run(ctx.sandbox, 'revokeOrganizationSeal', {
			sealId: byId(seal.id),
		});
		expect(error).toBeUndefined();
		expect(onlyRequest(ctx.sandbox)).toMatchObject({
			method: 'DELETE',
			path: `/seals/${seal.id}`,
			query: { stop_pending: 'false' },
		});
		const json = only(output);
		expect(json).toMatchObject({
			id: seal.id,
			deleted: 1,
			revoked_on: expect.any(String),
			key_mode: 'test',
		});
		expect(json.in_flight_requests).toEqual([requestId]);
		expect(ctx.sandbox.signing.statusOf(ctx.sandbox.signing.getSigningRequest(requestId)!)).toBe(
			'in_progress',
		);
		expect(
			ctx.sandbox.state.events.emitted.some(
				(e) =>
					e.type === 'organization_seal.deleted' && (e.data.seal as { id: string }).id === seal.id,
			),
		).toBe(true);
	});

	it('with Cancel Pending Signing Requests, cancels them', async () => {
		const seal = await createSeal(ctx.sandbox);
		const requestId = await createSentRequestUsing(ctx.sandbox, seal.id);
		ctx.sandbox.clearRequests();
		const { output } = await run(ctx.sandbox, 'revokeOrganizationSeal', {
			sealId: byId(seal.id),
			stopPending: true,
		});
		expect(onlyRequest(ctx.sandbox).query).toEqual({ stop_pending: 'true' });
		expect(only(output).in_flight_requests).toEqual([requestId]);
		expect(ctx.sandbox.signing.statusOf(ctx.sandbox.signing.getSigningRequest(requestId)!)).toBe(
			'cancelled',
		);
	});

	it('explains a second revoke', async () => {
		const seal = await createSeal(ctx.sandbox);
		await ok(ctx.sandbox, 'DELETE', `/seals/${seal.id}`);
		ctx.sandbox.clearRequests();
		const { error } = await run(ctx.sandbox, 'revokeOrganizationSeal', { sealId: byId(seal.id) });
		expect(error?.message).toContain('This seal has already been revoked');
		expect(error?.message).toContain('SEAL_ALREADY_REVOKED');
		expect(onlyRequest(ctx.sandbox).status).toBe(409);
	});

	it('a company-scope seal cannot be revoked with an ordinary workspace key', async () => {
		const seal = await createSeal(ctx.sandbox, { scope: 'company', workspace_id: undefined });
		ctx.sandbox.clearRequests();
		const { error } = await run(
			ctx.sandbox,
			'revokeOrganizationSeal',
			{ sealId: byId(seal.id) },
			{ key: 'workspace' },
		);
		expect(error?.message).toContain(
			'Company-scope seals need the protected (company-level) API key',
		);
	});
});
