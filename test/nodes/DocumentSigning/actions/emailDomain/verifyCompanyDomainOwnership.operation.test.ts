import { COMPANY, SALES, addDomain, emailDomainsOf, locatorId, onlyRequest, runDomainOp, useSandbox } from './kit';

const ctx = useSandbox();
const SC = COMPANY;
const run = (params: Record<string, unknown> = {}, opts: Parameters<typeof runDomainOp>[4] = {}) =>
	runDomainOp(ctx.sandbox, SC, 'verifyCompanyDomainOwnership', params, opts);

describe('Email Domain → verifyCompanyDomainOwnership (POST /company/domains/{id}/verify-ownership)', () => {
	it('fails while the TXT record is not published, naming the record to add', async () => {
		const d = await addDomain(ctx.sandbox, SC);
		const { error } = await run({ domainId: locatorId(d.id) });
		expect(onlyRequest(ctx.sandbox)).toMatchObject({ method: 'POST', path: `${SC.base}/${d.id}/verify-ownership`, query: {}, body: undefined });
		expect(error?.message).toMatch(/^Ownership not verified: the TXT record was not found in DNS/);
		const token = emailDomainsOf(ctx.sandbox.state).byId(d.id)?.verification_token;
		expect((error as { description?: string }).description).toContain(`_service-verification.${d.domain}`);
		expect((error as { description?: string }).description).toContain(`service-verify=${token}`);
	});

	it('verifies ownership once the TXT record is published (verification_status 0 → 1)', async () => {
		const d = await addDomain(ctx.sandbox, SC);
		emailDomainsOf(ctx.sandbox.state).publishOwnershipRecord(d.id);
		const { output, error } = await run({ domainId: locatorId(d.id) });
		expect(error).toBeUndefined();
		const json = output[0][0].json as Record<string, any>;
		expect(json.domain).toMatchObject({ id: d.id, verification_status: 1, domain_status: 0 });
		expect(json.domain.verification_token).toBeUndefined();
		expect(json.next_step).toMatch(/finalize/i);
		expect(json.key_mode).toBe('live');
	});

	it('passes on "Already verified"', async () => {
		const d = await addDomain(ctx.sandbox, SC, 'owned');
		const { error } = await run({ domainId: locatorId(d.id) });
		expect(error?.message).toMatch(/already verified/i);
	});

	it('needs the protected key: a workspace key gets the 403 back, nothing else sent', async () => {
		const { error } = await run({ domainId: locatorId('30000000-0000-4000-8000-000000000001') }, { key: SALES.liveKey });
		expect(error?.message).toMatch(/forbidden|protected/i);
		expect((error as { httpCode?: string }).httpCode).toBe('403');
		expect(onlyRequest(ctx.sandbox).headers.authorization).toBe(SALES.liveKey);
	});
});
