import { COMPANY, locatorId, runDomainOp, useSandbox } from './fixtures';
import { companyScopeTests, verifyDomainDnsTests } from './scopes.twins';

const ctx = useSandbox();
const SC = COMPANY;
const run = (params: Record<string, unknown> = {}, opts: Parameters<typeof runDomainOp>[4] = {}) =>
	runDomainOp(ctx.sandbox, SC, 'verifyCompanyDomainDns', params, opts);

describe('Email Domain → verifyCompanyDomainDns (POST /company/domains/{id}/verify-dns)', () => {
	verifyDomainDnsTests(ctx, SC, run);

	companyScopeTests(ctx, run, { domainId: locatorId('30000000-0000-4000-8000-000000000001') });
});
