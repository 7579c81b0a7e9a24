import { COMPANY, runDomainOp, useSandbox } from './fixtures';
import { addDomainTests, companyScopeTests } from './scopes.twins';

const ctx = useSandbox();
const SC = COMPANY;
const run = (params: Record<string, unknown> = {}, opts: Parameters<typeof runDomainOp>[4] = {}) =>
	runDomainOp(ctx.sandbox, SC, 'createCompanyDomain', params, opts);

describe('Email Domain → createCompanyDomain (POST /company/domains)', () => {
	addDomainTests(ctx, SC, run);

	companyScopeTests(ctx, run, { domain: 'x.example.com' });
});
