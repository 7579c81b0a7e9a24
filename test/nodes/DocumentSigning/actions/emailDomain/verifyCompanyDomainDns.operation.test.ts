import { COMPANY, SALES, addDomain, emailDomainsOf, locatorId, onlyRequest, runDomainOp, useSandbox } from './kit';

const ctx = useSandbox();
const SC = COMPANY;
const run = (params: Record<string, unknown> = {}, opts: Parameters<typeof runDomainOp>[4] = {}) =>
	runDomainOp(ctx.sandbox, SC, 'verifyCompanyDomainDns', params, opts);

describe('Email Domain → verifyCompanyDomainDns (POST /company/domains/{id}/verify-dns)', () => {
	it('reports every record pending while nothing is published, and emits domain.verification.failed', async () => {
		const d = await addDomain(ctx.sandbox, SC, 'finalized');
		const events = ctx.sandbox.state.events.emitted.length;
		const { output, error } = await run({ domainId: locatorId(d.id) });
		expect(error).toBeUndefined();
		expect(onlyRequest(ctx.sandbox)).toMatchObject({ method: 'POST', path: `${SC.base}/${d.id}/verify-dns`, query: {}, body: undefined });
		const json = output[0][0].json as Record<string, any>;
		expect(json).toMatchObject({ verified: false, records_total: 4, records_verified: 0, records_pending: 4, records_failed: 0, ready_to_send: false });
		expect(json.dns_records.every((r: any) => r.status === 'pending')).toBe(true);
		expect(ctx.sandbox.state.events.emitted.slice(events).map((e) => e.type)).toEqual(['domain.verification.failed']);
	});

	it('counts a record published with a wrong value as failed', async () => {
		const d = await addDomain(ctx.sandbox, SC, 'finalized');
		const store = emailDomainsOf(ctx.sandbox.state);
		store.publishDnsRecords(d.id, ['SPF']);
		store.dns.publish({ type: 'TXT', name: `_dmarc.${d.domain}`, value: 'v=DMARC1; p=reject;' });
		const { output } = await run({ domainId: locatorId(d.id) });
		const json = output[0][0].json as Record<string, any>;
		expect(json.dns_records.map((r: any) => r.status)).toEqual(['verified', 'verified', 'pending', 'failed']);
		expect(json).toMatchObject({ verified: false, records_verified: 2, records_pending: 2, records_failed: 1, ready_to_send: false });
	});

	it('verifies the domain once every record is published: ready to send, domain.verified', async () => {
		const d = await addDomain(ctx.sandbox, SC, 'finalized');
		emailDomainsOf(ctx.sandbox.state).publishDnsRecords(d.id);
		const events = ctx.sandbox.state.events.emitted.length;
		const { output } = await run({ domainId: locatorId(d.id) });
		const json = output[0][0].json as Record<string, any>;
		expect(json).toMatchObject({ verified: true, records_verified: 4, records_pending: 0, records_failed: 0, ready_to_send: true, key_mode: 'live' });
		expect(json.domain).toMatchObject({ id: d.id, domain_status: 1 });
		const emitted = ctx.sandbox.state.events.emitted.slice(events);
		expect(emitted.map((e) => e.type)).toEqual(['domain.verified']);
		expect(emitted[0].data).toMatchObject({ id: d.id, domain: d.domain });
		expect(emitted[0].workspace_id).toBe(SC.scope === 'company' ? null : SALES.id);
	});

	it('explains that Finalize comes first', async () => {
		const d = await addDomain(ctx.sandbox, SC, 'owned');
		const { error } = await run({ domainId: locatorId(d.id) });
		expect(error?.message).toMatch(/^Run Finalize first/);
	});

	it('needs the protected key: a workspace key gets the 403 back, nothing else sent', async () => {
		const { error } = await run({ domainId: locatorId('30000000-0000-4000-8000-000000000001') }, { key: SALES.liveKey });
		expect(error?.message).toMatch(/forbidden|protected/i);
		expect((error as { httpCode?: string }).httpCode).toBe('403');
		expect(onlyRequest(ctx.sandbox).headers.authorization).toBe(SALES.liveKey);
	});
});
