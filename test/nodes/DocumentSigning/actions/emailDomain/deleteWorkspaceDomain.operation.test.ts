import { COMPANY, WORKSPACE, addDomain, emailDomainsOf, locatorId, onlyRequest, runDomainOp, useSandbox } from './kit';

const ctx = useSandbox();
const SC = WORKSPACE;
const run = (params: Record<string, unknown> = {}, opts: Parameters<typeof runDomainOp>[4] = {}) =>
	runDomainOp(ctx.sandbox, SC, 'deleteWorkspaceDomain', params, opts);

describe('Email Domain → deleteWorkspaceDomain (DELETE /workspace/{workspace_id}/domains/{id})', () => {
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
