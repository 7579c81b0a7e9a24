import { COMPANY, runDomainOp, useSandbox } from './fixtures';
import { companyScopeTests, listDomainsTests } from './scopes.twins';

const ctx = useSandbox();
const SC = COMPANY;
const run = (params: Record<string, unknown> = {}, opts: Parameters<typeof runDomainOp>[4] = {}) =>
	runDomainOp(ctx.sandbox, SC, 'listCompanyDomains', params, opts);

describe('Email Domain → listCompanyDomains (GET /company/domains)', () => {
	listDomainsTests(ctx, SC, run);

	companyScopeTests(ctx, run, { returnAll: true });
});
