import { COMPANY, WORKSPACE, addDomain, locatorId, onlyRequest, runDomainOp, useSandbox } from './kit';

const ctx = useSandbox();
const SC = WORKSPACE;
const run = (params: Record<string, unknown> = {}, opts: Parameters<typeof runDomainOp>[4] = {}) =>
	runDomainOp(ctx.sandbox, SC, 'finalizeWorkspaceDomain', params, opts);

describe('Email Domain → finalizeWorkspaceDomain (POST /workspace/{workspace_id}/domains/{id}/finalize)', () => {
	it('outputs the SPF/DKIM/DMARC records, all pending, and the flat summary', async () => {
		const d = await addDomain(ctx.sandbox, SC, 'owned');
		const { output, error } = await run({ domainId: locatorId(d.id) });
		expect(error).toBeUndefined();
		expect(onlyRequest(ctx.sandbox)).toMatchObject({ method: 'POST', path: `${SC.base}/${d.id}/finalize`, query: {}, body: undefined });
		const json = output[0][0].json as Record<string, any>;
		expect(json.domain).toMatchObject({ id: d.id, verification_status: 2, domain_status: 0 });
		expect(json.dns_records.map((r: any) => [r.type, r.name, r.status])).toEqual([
			['MX', `send.${d.domain}`, 'pending'],
			['TXT', `send.${d.domain}`, 'pending'],
			['TXT', `service._domainkey.${d.domain}`, 'pending'],
			['TXT', `_dmarc.${d.domain}`, 'pending'],
		]);
		expect(json.dns_records[0]).toMatchObject({ priority: 10, ttl: 3600, value: expect.any(String) });
		expect(json.dns_records[1].value).toMatch(/^v=spf1 /);
		expect(json.dns_records[3].value).toMatch(/^v=DMARC1/);
		expect(json).toMatchObject({ records_total: 4, records_verified: 0, records_pending: 4, records_failed: 0, ready_to_send: false, key_mode: 'live' });
		expect(json.next_step).toMatch(/verify-dns/);
	});

	it('explains that ownership comes first', async () => {
		const d = await addDomain(ctx.sandbox, SC);
		const { error } = await run({ domainId: locatorId(d.id) });
		expect(error?.message).toMatch(/^Run Verify Ownership .* before Finalize/);
		expect((error as { httpCode?: string }).httpCode).toBe('400');
	});

	it('passes on "Already finalized"', async () => {
		const d = await addDomain(ctx.sandbox, SC, 'finalized');
		const { error } = await run({ domainId: locatorId(d.id) });
		expect(error?.message).toMatch(/already finalized/i);
	});

	it('refuses a malformed workspace id before sending anything', async () => {
		const { error } = await run({ domainId: locatorId('30000000-0000-4000-8000-000000000001'), workspaceId: { __rl: true, mode: 'list', value: 'sales-team' } });
		expect(error?.message).toBe('"Workspace" is not a valid ID: "sales-team"');
		expect(ctx.sandbox.requests).toHaveLength(0);
	});

	it('reports an unknown workspace as not found', async () => {
		const unknown = '20000000-0000-4000-8000-00000000abcd';
		const { error } = await run({ domainId: locatorId('30000000-0000-4000-8000-000000000001'), workspaceId: locatorId(unknown) }, { key: COMPANY.key });
		expect((error as { httpCode?: string }).httpCode).toBe('404');
		expect(onlyRequest(ctx.sandbox).path).toMatch(new RegExp(`^/workspace/${unknown}/domains`));
	});
});
