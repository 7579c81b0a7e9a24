import { WORKSPACE, runDomainOp, useSandbox } from './fixtures';
import { addDomainTests, workspaceScopeTests } from './scopes.twins';

const ctx = useSandbox();
const SC = WORKSPACE;
const run = (params: Record<string, unknown> = {}, opts: Parameters<typeof runDomainOp>[4] = {}) =>
	runDomainOp(ctx.sandbox, SC, 'createWorkspaceDomain', params, opts);

describe('Email Domain → createWorkspaceDomain (POST /workspace/{workspace_id}/domains)', () => {
	addDomainTests(ctx, SC, run);

	workspaceScopeTests(ctx, run, { domain: 'x.example.com' });
});
