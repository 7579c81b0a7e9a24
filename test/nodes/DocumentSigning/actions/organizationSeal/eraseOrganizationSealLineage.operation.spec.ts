import { useSandbox } from '../../../../kit';
import { byId, createSeal, ok, only, onlyRequest, png, pngDataUri, run, seals } from './fixtures';

const ctx = useSandbox();

describe('Organization Seal → Erase (DELETE /seals/{id}/erase)', () => {
	it('refuses to erase a seal that has not been revoked', async () => {
		const seal = await createSeal(ctx.sandbox);
		ctx.sandbox.clearRequests();
		const { error } = await run(ctx.sandbox, 'eraseOrganizationSealLineage', {
			sealId: byId(seal.id),
		});
		expect(onlyRequest(ctx.sandbox)).toMatchObject({
			method: 'DELETE',
			path: `/seals/${seal.id}/erase`,
			status: 409,
		});
		expect(error?.message).toContain('Only a revoked seal can be erased');
		expect(error?.message).toContain('SEAL_ERASE_NOT_ELIGIBLE');
		expect((await ok(ctx.sandbox, 'GET', `/seals/${seal.id}`)).id).toBe(seal.id);
	});

	it('revoke, then erase: every version of the lineage is gone', async () => {
		const seal = await createSeal(ctx.sandbox);
		const v2 = await ok<{ id: string }>(ctx.sandbox, 'PATCH', `/seals/${seal.id}`, {
			image: pngDataUri(png('v2')),
		});
		ctx.sandbox.clearRequests();
		const revoked = await run(ctx.sandbox, 'revokeOrganizationSeal', { sealId: byId(v2.id) });
		expect(revoked.error).toBeUndefined();
		ctx.sandbox.clearRequests();
		// any version reaches the lineage
		const { output, error } = await run(ctx.sandbox, 'eraseOrganizationSealLineage', {
			sealId: byId(seal.id),
		});
		expect(error).toBeUndefined();
		expect(onlyRequest(ctx.sandbox)).toMatchObject({
			method: 'DELETE',
			path: `/seals/${seal.id}/erase`,
			query: {},
		});
		expect(only(output)).toEqual({
			deleted: true,
			id: seal.id,
			lineage_id: seal.lineage_id,
			versions_erased: 2,
			key_mode: 'test',
		});
		expect(seals(ctx.sandbox).lineage(seal.lineage_id)).toHaveLength(0);
		const gone = await run(ctx.sandbox, 'getOrganizationSeal', { sealId: byId(v2.id) });
		expect(gone.error?.message).toContain('Organization seal not found');
		expect(
			ctx.sandbox.state.events.emitted.some(
				(e) => e.type === 'organization_seal.erased' && e.data.lineage_id === seal.lineage_id,
			),
		).toBe(true);
	});

	it('explains that erasing needs the protected key', async () => {
		const seal = await createSeal(ctx.sandbox, {}, 'workspace');
		await ok(ctx.sandbox, 'DELETE', `/seals/${seal.id}`, undefined, 'workspace');
		ctx.sandbox.clearRequests();
		const { error } = await run(
			ctx.sandbox,
			'eraseOrganizationSealLineage',
			{ sealId: byId(seal.id) },
			{ key: 'workspace' },
		);
		expect(error?.message).toContain('This operation needs the protected (company-level) API key');
		expect(onlyRequest(ctx.sandbox).status).toBe(403);
	});
});
