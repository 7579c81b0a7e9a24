import { COMPANY, locatorId, runDomainOp, useSandbox } from './fixtures';
import { companyScopeTests, setPrimaryDomainTests } from './scopes.twins';

const ctx = useSandbox();
const SC = COMPANY;
const run = (params: Record<string, unknown> = {}, opts: Parameters<typeof runDomainOp>[4] = {}) =>
	runDomainOp(ctx.sandbox, SC, 'setCompanyPrimaryDomain', params, opts);

describe('Email Domain → setCompanyPrimaryDomain (POST /company/domains/{id}/set-primary)', () => {
	setPrimaryDomainTests(ctx, SC, run);

	companyScopeTests(ctx, run, { domainId: locatorId('30000000-0000-4000-8000-000000000001') });
});
