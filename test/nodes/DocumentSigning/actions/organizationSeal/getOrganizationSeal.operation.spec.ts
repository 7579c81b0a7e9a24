import { useSandbox } from '../../../../kit';
import { NO_SUCH_ID, byId, createSeal, only, onlyRequest, run } from './fixtures';

const ctx = useSandbox();

describe('Organization Seal → Get (GET /seals/{id})', () => {
	it('gets the seal by id, marked with the key mode', async () => {
		const seal = await createSeal(ctx.sandbox, { name: 'Get me' });
		ctx.sandbox.clearRequests();
		const { output, error } = await run(ctx.sandbox, 'getOrganizationSeal', {
			sealId: byId(seal.id),
		});
		expect(error).toBeUndefined();
		expect(onlyRequest(ctx.sandbox)).toMatchObject({
			method: 'GET',
			path: `/seals/${seal.id}`,
			query: {},
		});
		expect(only(output)).toMatchObject({
			id: seal.id,
			lineage_id: seal.lineage_id,
			name: 'Get me',
			version: 1,
			key_mode: 'test',
		});
		expect(only(output).image).toBeUndefined();
	});

	it('accepts the seal picked from a URL', async () => {
		const seal = await createSeal(ctx.sandbox);
		ctx.sandbox.clearRequests();
		const { output } = await run(ctx.sandbox, 'getOrganizationSeal', {
			sealId: { __rl: true, mode: 'url', value: `https://app.example.com/seals/${seal.id}` },
		});
		expect(only(output).id).toBe(seal.id);
	});

	it('refuses a malformed id before sending', async () => {
		const { error } = await run(ctx.sandbox, 'getOrganizationSeal', { sealId: byId('seal-1') });
		expect(error?.message).toContain('Not a valid seal ID');
		expect(ctx.sandbox.requests).toHaveLength(0);
	});

	it('checks an id given as plain text (e.g. from an expression) before sending', async () => {
		const { error } = await run(ctx.sandbox, 'getOrganizationSeal', { sealId: 'seal-1' });
		expect(error?.message).toBe('"Organization Seal" is not a valid ID: "seal-1"');
		expect(ctx.sandbox.requests).toHaveLength(0);
	});

	it('says clearly when the seal does not exist', async () => {
		const { error } = await run(ctx.sandbox, 'getOrganizationSeal', { sealId: byId(NO_SUCH_ID) });
		expect(error?.message).toContain('Organization seal not found');
		expect(onlyRequest(ctx.sandbox).status).toBe(404);
	});

	it('hides a workspace seal from another ordinary workspace key (404)', async () => {
		const seal = await createSeal(ctx.sandbox);
		ctx.sandbox.clearRequests();
		const { error } = await run(
			ctx.sandbox,
			'getOrganizationSeal',
			{ sealId: byId(seal.id) },
			{ key: 'workspace' },
		);
		expect(error?.message).toContain('Organization seal not found');
	});
});
