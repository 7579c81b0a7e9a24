import { WORKSPACE, locatorId, runDomainOp, useSandbox } from './fixtures';
import { verifyDomainOwnershipTests, workspaceScopeTests } from './scopes.twins';

const ctx = useSandbox();
const SC = WORKSPACE;
const run = (params: Record<string, unknown> = {}, opts: Parameters<typeof runDomainOp>[4] = {}) =>
	runDomainOp(ctx.sandbox, SC, 'verifyWorkspaceDomainOwnership', params, opts);

describe('Email Domain → verifyWorkspaceDomainOwnership (POST /workspace/{workspace_id}/domains/{id}/verify-ownership)', () => {
	verifyDomainOwnershipTests(ctx, SC, run);

	workspaceScopeTests(ctx, run, { domainId: locatorId('30000000-0000-4000-8000-000000000001') });
});
