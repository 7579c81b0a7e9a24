import { resetRateLimiters } from '../../../../../nodes/DocumentSigning/transport';
import type { Sandbox } from '../../../../sandbox';
import { startSandbox } from '../../../../sandbox';
import { byId, createSeal, createSentRequestUsing, ok, only, onlyRequest, run } from './sealKit';

let sandbox: Sandbox;
beforeAll(async () => {
	sandbox = await startSandbox();
});
beforeEach(() => {
	sandbox.clearRequests();
	resetRateLimiters();
});
afterAll(async () => await sandbox.close());

describe('Organization Seal → Revoke (DELETE /seals/{id})', () => {
	it('revokes, reports the signing requests in progress using the seal, and leaves them running by default', async () => {
		const seal = await createSeal(sandbox);
		const requestId = await createSentRequestUsing(sandbox, seal.id);
		sandbox.clearRequests();
		const { output, error } = await run(sandbox, 'revokeOrganizationSeal', {
			sealId: byId(seal.id),
		});
		expect(error).toBeUndefined();
		expect(onlyRequest(sandbox)).toMatchObject({
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
		expect(json.in_flight_requests).toEqual([
			{ id: requestId, name: 'Sealed contract', status: 'in_progress', cancelled: false },
		]);
		expect(sandbox.signing.statusOf(sandbox.signing.getSigningRequest(requestId)!)).toBe(
			'in_progress',
		);
		expect(
			sandbox.state.events.emitted.some(
				(e) =>
					e.type === 'organization_seal.deleted' && (e.data.seal as { id: string }).id === seal.id,
			),
		).toBe(true);
	});

	it('with Cancel Pending Signing Requests, cancels them', async () => {
		const seal = await createSeal(sandbox);
		const requestId = await createSentRequestUsing(sandbox, seal.id);
		sandbox.clearRequests();
		const { output } = await run(sandbox, 'revokeOrganizationSeal', {
			sealId: byId(seal.id),
			stopPending: true,
		});
		expect(onlyRequest(sandbox).query).toEqual({ stop_pending: 'true' });
		expect(only(output).in_flight_requests).toEqual([
			{ id: requestId, name: 'Sealed contract', status: 'cancelled', cancelled: true },
		]);
		expect(sandbox.signing.statusOf(sandbox.signing.getSigningRequest(requestId)!)).toBe(
			'cancelled',
		);
	});

	it('explains a second revoke', async () => {
		const seal = await createSeal(sandbox);
		await ok(sandbox, 'DELETE', `/seals/${seal.id}`);
		sandbox.clearRequests();
		const { error } = await run(sandbox, 'revokeOrganizationSeal', { sealId: byId(seal.id) });
		expect(error?.message).toContain('This seal has already been revoked');
		expect(error?.message).toContain('SEAL_ALREADY_REVOKED');
		expect(onlyRequest(sandbox).status).toBe(409);
	});

	it('a company-scope seal cannot be revoked with an ordinary workspace key', async () => {
		const seal = await createSeal(sandbox, { scope: 'company', workspace_id: undefined });
		sandbox.clearRequests();
		const { error } = await run(
			sandbox,
			'revokeOrganizationSeal',
			{ sealId: byId(seal.id) },
			{ key: 'workspace' },
		);
		expect(error?.message).toContain(
			'Company-scope seals need the protected (company-level) API key',
		);
	});
});
