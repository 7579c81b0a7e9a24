import { COMPANY, WORKSPACE, addDomain, emailDomainsOf, locatorId, onlyRequest, runDomainOp, useSandbox } from './kit';

const ctx = useSandbox();
const SC = WORKSPACE;
const run = (params: Record<string, unknown> = {}, opts: Parameters<typeof runDomainOp>[4] = {}) =>
	runDomainOp(ctx.sandbox, SC, 'setWorkspacePrimaryDomain', params, opts);

describe('Email Domain → setWorkspacePrimaryDomain (POST /workspace/{workspace_id}/domains/{id}/set-primary)', () => {
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
