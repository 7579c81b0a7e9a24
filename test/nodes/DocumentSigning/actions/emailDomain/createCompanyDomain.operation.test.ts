import { COMPANY, SALES, onlyRequest, runDomainOp, useSandbox } from './kit';
import { addDomainTests } from './shared';

const ctx = useSandbox();
const SC = COMPANY;
const run = (params: Record<string, unknown> = {}, opts: Parameters<typeof runDomainOp>[4] = {}) =>
	runDomainOp(ctx.sandbox, SC, 'createCompanyDomain', params, opts);

describe('Email Domain → createCompanyDomain (POST /company/domains)', () => {
	addDomainTests(ctx, SC, run);

	it('needs the protected key: a workspace key gets the 403 back, nothing else sent', async () => {
		const { error } = await run({ domain: 'x.example.com' }, { key: SALES.liveKey });
		expect(error?.message).toMatch(/forbidden|protected/i);
		expect((error as { httpCode?: string }).httpCode).toBe('403');
		expect(onlyRequest(ctx.sandbox).headers.authorization).toBe(SALES.liveKey);
	});
});
