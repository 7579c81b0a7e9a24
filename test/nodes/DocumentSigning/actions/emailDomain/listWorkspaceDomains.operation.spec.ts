import { WORKSPACE, runDomainOp, useSandbox } from './fixtures';
import { listDomainsTests, workspaceScopeTests } from './scopes.twins';

const ctx = useSandbox();
const SC = WORKSPACE;
const run = (params: Record<string, unknown> = {}, opts: Parameters<typeof runDomainOp>[4] = {}) =>
	runDomainOp(ctx.sandbox, SC, 'listWorkspaceDomains', params, opts);

describe('Email Domain → listWorkspaceDomains (GET /workspace/{workspace_id}/domains)', () => {
	listDomainsTests(ctx, SC, run);

	workspaceScopeTests(ctx, run, { returnAll: true });
});
