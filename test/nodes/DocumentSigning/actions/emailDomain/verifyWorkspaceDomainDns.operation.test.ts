import { COMPANY, WORKSPACE, locatorId, onlyRequest, runDomainOp, useSandbox } from './kit';
import { verifyDomainDnsTests } from './shared';

const ctx = useSandbox();
const SC = WORKSPACE;
const run = (params: Record<string, unknown> = {}, opts: Parameters<typeof runDomainOp>[4] = {}) =>
	runDomainOp(ctx.sandbox, SC, 'verifyWorkspaceDomainDns', params, opts);

describe('Email Domain → verifyWorkspaceDomainDns (POST /workspace/{workspace_id}/domains/{id}/verify-dns)', () => {
	verifyDomainDnsTests(ctx, SC, run);

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
