import { COMPANY, WORKSPACE, addDomain, locatorId, onlyRequest, runDomainOp, useSandbox } from './kit';

const ctx = useSandbox();
const SC = WORKSPACE;
const run = (params: Record<string, unknown> = {}, opts: Parameters<typeof runDomainOp>[4] = {}) =>
	runDomainOp(ctx.sandbox, SC, 'getWorkspaceDomain', params, opts);

describe('Email Domain → getWorkspaceDomain (GET /workspace/{workspace_id}/domains/{id})', () => {
	it('gets one domain by id, with its DNS records once finalized', async () => {
		const d = await addDomain(ctx.sandbox, SC, 'finalized');
		const { output, error } = await run({ domainId: locatorId(d.id) });
		expect(error).toBeUndefined();
		expect(onlyRequest(ctx.sandbox)).toMatchObject({ method: 'GET', path: `${SC.base}/${d.id}`, query: {}, body: undefined });
		const json = output[0][0].json as Record<string, any>;
		expect(json).toMatchObject({ id: d.id, domain: d.domain, verification_status: 2, domain_status: 0, key_mode: 'live' });
		expect(json.verification_token).toBeUndefined();
		expect(json.dns_records).toHaveLength(4);
	});

	it('accepts the domain from the list picker (mode list)', async () => {
		const d = await addDomain(ctx.sandbox, SC);
		const { output } = await run({ domainId: { __rl: true, mode: 'list', value: d.id, cachedResultName: d.domain } });
		expect(output[0][0].json.id).toBe(d.id);
	});

	it('refuses a malformed domain id before sending anything', async () => {
		const { error } = await run({ domainId: { __rl: true, mode: 'list', value: 'mail.example.com' } });
		expect(error?.message).toBe('"Domain" is not a valid ID: "mail.example.com"');
		expect(ctx.sandbox.requests).toHaveLength(0);
	});

	it('reports an unknown domain as not found', async () => {
		const { error } = await run({ domainId: locatorId('30000000-0000-4000-8000-000000000001') });
		expect((error as { httpCode?: string }).httpCode).toBe('404');
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
