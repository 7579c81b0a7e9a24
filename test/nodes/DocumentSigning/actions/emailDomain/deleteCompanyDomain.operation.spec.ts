import { COMPANY, locatorId, runDomainOp, useSandbox } from './fixtures';
import { companyScopeTests, deleteDomainTests } from './scopes.twins';

const ctx = useSandbox();
const SC = COMPANY;
const run = (params: Record<string, unknown> = {}, opts: Parameters<typeof runDomainOp>[4] = {}) =>
	runDomainOp(ctx.sandbox, SC, 'deleteCompanyDomain', params, opts);

describe('Email Domain → deleteCompanyDomain (DELETE /company/domains/{id})', () => {
	deleteDomainTests(ctx, SC, run);

	companyScopeTests(ctx, run, { domainId: locatorId('30000000-0000-4000-8000-000000000001') });
});
