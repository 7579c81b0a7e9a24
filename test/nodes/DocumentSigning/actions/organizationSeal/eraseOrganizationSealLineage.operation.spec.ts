import { resetRateLimiters } from '../../../../../nodes/DocumentSigning/transport';
import type { Sandbox } from '../../../../sandbox';
import { startSandbox } from '../../../../sandbox';
import { byId, createSeal, ok, only, onlyRequest, png, pngDataUri, run, seals } from './sealKit';

let sandbox: Sandbox;
beforeAll(async () => {
	sandbox = await startSandbox();
});
beforeEach(() => {
	sandbox.clearRequests();
	resetRateLimiters();
});
afterAll(async () => await sandbox.close());

describe('Organization Seal → Erase (DELETE /seals/{id}/erase)', () => {
	it('refuses to erase a seal that has not been revoked', async () => {
		const seal = await createSeal(sandbox);
		sandbox.clearRequests();
		const { error } = await run(sandbox, 'eraseOrganizationSealLineage', { sealId: byId(seal.id) });
		expect(onlyRequest(sandbox)).toMatchObject({
			method: 'DELETE',
			path: `/seals/${seal.id}/erase`,
			status: 409,
		});
		expect(error?.message).toContain('Only a revoked seal can be erased');
		expect(error?.message).toContain('SEAL_ERASE_NOT_ELIGIBLE');
		expect((await ok(sandbox, 'GET', `/seals/${seal.id}`)).id).toBe(seal.id);
	});

	it('revoke, then erase: every version of the lineage is gone', async () => {
		const seal = await createSeal(sandbox);
		const v2 = await ok<{ id: string }>(sandbox, 'PATCH', `/seals/${seal.id}`, {
			image: pngDataUri(png('v2')),
		});
		sandbox.clearRequests();
		const revoked = await run(sandbox, 'revokeOrganizationSeal', { sealId: byId(v2.id) });
		expect(revoked.error).toBeUndefined();
		sandbox.clearRequests();
		// any version reaches the lineage
		const { output, error } = await run(sandbox, 'eraseOrganizationSealLineage', {
			sealId: byId(seal.id),
		});
		expect(error).toBeUndefined();
		expect(onlyRequest(sandbox)).toMatchObject({
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
		expect(seals(sandbox).lineage(seal.lineage_id)).toHaveLength(0);
		const gone = await run(sandbox, 'getOrganizationSeal', { sealId: byId(v2.id) });
		expect(gone.error?.message).toContain('Organization seal not found');
		expect(
			sandbox.state.events.emitted.some(
				(e) => e.type === 'organization_seal.erased' && e.data.lineage_id === seal.lineage_id,
			),
		).toBe(true);
	});

	it('explains that erasing needs the protected key', async () => {
		const seal = await createSeal(sandbox, {}, 'workspace');
		await ok(sandbox, 'DELETE', `/seals/${seal.id}`, undefined, 'workspace');
		sandbox.clearRequests();
		const { error } = await run(
			sandbox,
			'eraseOrganizationSealLineage',
			{ sealId: byId(seal.id) },
			{ key: 'workspace' },
		);
		expect(error?.message).toContain('This operation needs the protected (company-level) API key');
		expect(onlyRequest(sandbox).status).toBe(403);
	});
});
