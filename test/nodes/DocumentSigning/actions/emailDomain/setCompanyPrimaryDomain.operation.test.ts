import { COMPANY, SALES, locatorId, onlyRequest, runDomainOp, useSandbox } from './kit';
import { setPrimaryDomainTests } from './shared';

const ctx = useSandbox();
const SC = COMPANY;
const run = (params: Record<string, unknown> = {}, opts: Parameters<typeof runDomainOp>[4] = {}) =>
	runDomainOp(ctx.sandbox, SC, 'setCompanyPrimaryDomain', params, opts);

describe('Email Domain → setCompanyPrimaryDomain (POST /company/domains/{id}/set-primary)', () => {
	setPrimaryDomainTests(ctx, SC, run);

	it('needs the protected key: a workspace key gets the 403 back, nothing else sent', async () => {
		const { error } = await run({ domainId: locatorId('30000000-0000-4000-8000-000000000001') }, { key: SALES.liveKey });
		expect(error?.message).toMatch(/forbidden|protected/i);
		expect((error as { httpCode?: string }).httpCode).toBe('403');
		expect(onlyRequest(ctx.sandbox).headers.authorization).toBe(SALES.liveKey);
	});
});
