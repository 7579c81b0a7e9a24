import { COMPANY, SALES, addDomain, onlyRequest, runDomainOp, useSandbox } from './kit';

const ctx = useSandbox();
const SC = COMPANY;
const run = (params: Record<string, unknown> = {}, opts: Parameters<typeof runDomainOp>[4] = {}) =>
	runDomainOp(ctx.sandbox, SC, 'listCompanyDomains', params, opts);

describe('Email Domain → listCompanyDomains (GET /company/domains)', () => {
	it('outputs one item per domain of the scope, with its status, marked live', async () => {
		const a = await addDomain(ctx.sandbox, SC, 'added');
		const b = await addDomain(ctx.sandbox, SC, 'ready');
		const { output, error } = await run({ returnAll: true });
		expect(error).toBeUndefined();
		expect(onlyRequest(ctx.sandbox)).toMatchObject({ method: 'GET', path: SC.base, query: {}, body: undefined });
		const byName = Object.fromEntries(output[0].map((item) => [item.json.domain, item.json]));
		expect(byName[a.domain]).toMatchObject({ id: a.id, verification_status: 0, domain_status: 0, is_primary: false, key_mode: 'live' });
		expect(typeof byName[a.domain].verification_token).toBe('string');
		expect(byName[b.domain]).toMatchObject({ id: b.id, verification_status: 2, domain_status: 1, key_mode: 'live' });
		expect(output[0].every((item) => item.pairedItem && (item.pairedItem as { item: number }).item === 0)).toBe(true);
	});

	it('applies Limit to the unpaginated list', async () => {
		await addDomain(ctx.sandbox, SC);
		await addDomain(ctx.sandbox, SC);
		const { output } = await run({ returnAll: false, limit: 1 });
		expect(output[0]).toHaveLength(1);
		expect(onlyRequest(ctx.sandbox).query).toEqual({});
	});

	it('marks output of the test key as test', async () => {
		await addDomain(ctx.sandbox, SC);
		const { output } = await run({ returnAll: true }, { keyToUse: 'test' });
		expect(output[0].length).toBeGreaterThan(0);
		expect(output[0].every((item) => item.json.key_mode === 'test')).toBe(true);
		expect(onlyRequest(ctx.sandbox).headers.authorization).toBe(SC.testKey);
	});

	it('needs the protected key: a workspace key gets the 403 back, nothing else sent', async () => {
		const { error } = await run({ returnAll: true }, { key: SALES.liveKey });
		expect(error?.message).toMatch(/forbidden|protected/i);
		expect((error as { httpCode?: string }).httpCode).toBe('403');
		expect(onlyRequest(ctx.sandbox).headers.authorization).toBe(SALES.liveKey);
	});
});
