import { COMPANY, SALES, addDomain, emailDomainsOf, locatorId, onlyRequest, runDomainOp, useSandbox } from './kit';

const ctx = useSandbox();
const SC = COMPANY;
const run = (params: Record<string, unknown> = {}, opts: Parameters<typeof runDomainOp>[4] = {}) =>
	runDomainOp(ctx.sandbox, SC, 'setCompanyPrimaryDomain', params, opts);

describe('Email Domain → setCompanyPrimaryDomain (POST /company/domains/{id}/set-primary)', () => {
	it('makes a ready domain primary and takes it from the previous one', async () => {
		const first = await addDomain(ctx.sandbox, SC, 'primary');
		const d = await addDomain(ctx.sandbox, SC, 'ready');
		const { output, error } = await run({ domainId: locatorId(d.id) });
		expect(error).toBeUndefined();
		expect(onlyRequest(ctx.sandbox)).toMatchObject({ method: 'POST', path: `${SC.base}/${d.id}/set-primary`, query: {}, body: undefined });
		expect(output[0][0].json).toMatchObject({ message: expect.any(String), domain: { id: d.id, is_primary: true, domain_status: 1 }, key_mode: 'live' });
		expect(emailDomainsOf(ctx.sandbox.state).byId(first.id)?.is_primary).toBe(false);
	});

	it('explains that only a domain ready to send can be primary', async () => {
		const d = await addDomain(ctx.sandbox, SC, 'finalized');
		const { error } = await run({ domainId: locatorId(d.id) });
		expect(error?.message).toMatch(/^Only a domain whose DNS records are verified/);
		expect((error as { httpCode?: string }).httpCode).toBe('400');
	});

	it('needs the protected key: a workspace key gets the 403 back, nothing else sent', async () => {
		const { error } = await run({ domainId: locatorId('30000000-0000-4000-8000-000000000001') }, { key: SALES.liveKey });
		expect(error?.message).toMatch(/forbidden|protected/i);
		expect((error as { httpCode?: string }).httpCode).toBe('403');
		expect(onlyRequest(ctx.sandbox).headers.authorization).toBe(SALES.liveKey);
	});
});
