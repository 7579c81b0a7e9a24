import { COMPANY, SALES, addDomain, emailDomainsOf, locatorId, onlyRequest, runDomainOp, useSandbox } from './kit';

const ctx = useSandbox();
const SC = COMPANY;
const run = (params: Record<string, unknown> = {}, opts: Parameters<typeof runDomainOp>[4] = {}) =>
	runDomainOp(ctx.sandbox, SC, 'deleteCompanyDomain', params, opts);

describe('Email Domain → deleteCompanyDomain (DELETE /company/domains/{id})', () => {
	it('deletes the domain and outputs the message and its id', async () => {
		const d = await addDomain(ctx.sandbox, SC, 'primary');
		const { output, error } = await run({ domainId: locatorId(d.id) });
		expect(error).toBeUndefined();
		expect(onlyRequest(ctx.sandbox)).toMatchObject({ method: 'DELETE', path: `${SC.base}/${d.id}`, query: {}, body: undefined });
		expect(output[0][0].json).toEqual({ message: expect.stringMatching(/default sender/), domain_id: d.id, key_mode: 'live' });
		expect(emailDomainsOf(ctx.sandbox.state).byId(d.id)).toBeUndefined();
	});

	it('reports an unknown domain as not found', async () => {
		const { error } = await run({ domainId: locatorId('30000000-0000-4000-8000-000000000001') });
		expect((error as { httpCode?: string }).httpCode).toBe('404');
	});

	it('needs the protected key: a workspace key gets the 403 back, nothing else sent', async () => {
		const { error } = await run({ domainId: locatorId('30000000-0000-4000-8000-000000000001') }, { key: SALES.liveKey });
		expect(error?.message).toMatch(/forbidden|protected/i);
		expect((error as { httpCode?: string }).httpCode).toBe('403');
		expect(onlyRequest(ctx.sandbox).headers.authorization).toBe(SALES.liveKey);
	});
});
