import { COMPANY, WORKSPACE, addDomain, locatorId, onlyRequest, runDomainOp, uniqueDomain, useSandbox } from './kit';

const ctx = useSandbox();
const SC = WORKSPACE;
const run = (params: Record<string, unknown> = {}, opts: Parameters<typeof runDomainOp>[4] = {}) =>
	runDomainOp(ctx.sandbox, SC, 'createWorkspaceDomain', params, opts);

describe('Email Domain → createWorkspaceDomain (POST /workspace/{workspace_id}/domains)', () => {
	it('sends the domain trimmed and lower-cased and outputs the TXT record to publish', async () => {
		const name = uniqueDomain('Mail');
		const { output, error } = await run({ domain: `  ${name.toUpperCase()}. ` });
		expect(error).toBeUndefined();
		expect(onlyRequest(ctx.sandbox)).toMatchObject({ method: 'POST', path: SC.base, query: {}, body: { domain: name.toLowerCase() } });
		expect(ctx.sandbox.requests[0].status).toBe(201);
		expect(output[0]).toHaveLength(1);
		const json = output[0][0].json as Record<string, any>;
		expect(json.key_mode).toBe('live');
		expect(json.domain).toMatchObject({ domain: name.toLowerCase(), verification_status: 0, domain_status: 0, is_primary: false });
		expect(json.verification_instructions).toEqual({
			record_type: 'TXT',
			record_name: `_service-verification.${name.toLowerCase()}`,
			record_value: `service-verify=${json.domain.verification_token}`,
			next_step: expect.stringMatching(/verify-ownership/),
		});
	});

	it.each([
		['   ', '"Domain" is empty'],
		['https://mail.example.com/x', '"Domain" is not a valid domain name: "https://mail.example.com/x"'],
		['ops@example.com', '"Domain" is not a valid domain name: "ops@example.com"'],
		['localhost', '"Domain" is not a valid domain name: "localhost"'],
	])('refuses %j before sending anything', async (domain, message) => {
		const { error } = await run({ domain });
		expect(error?.message).toBe(message);
		expect(ctx.sandbox.requests).toHaveLength(0);
	});

	it('passes on "Domain already exists" from the service', async () => {
		const existing = await addDomain(ctx.sandbox, SC);
		const { error } = await run({ domain: existing.domain });
		expect(error?.message).toMatch(/already exists/i);
		expect(onlyRequest(ctx.sandbox).status).toBe(400);
	});

	it('refuses a malformed workspace id before sending anything', async () => {
		const { error } = await run({ domain: 'x.example.com', workspaceId: { __rl: true, mode: 'list', value: 'sales-team' } });
		expect(error?.message).toBe('"Workspace" is not a valid ID: "sales-team"');
		expect(ctx.sandbox.requests).toHaveLength(0);
	});

	it('reports an unknown workspace as not found', async () => {
		const unknown = '20000000-0000-4000-8000-00000000abcd';
		const { error } = await run({ domain: 'x.example.com', workspaceId: locatorId(unknown) }, { key: COMPANY.key });
		expect((error as { httpCode?: string }).httpCode).toBe('404');
		expect(onlyRequest(ctx.sandbox).path).toMatch(new RegExp(`^/workspace/${unknown}/domains`));
	});
});
