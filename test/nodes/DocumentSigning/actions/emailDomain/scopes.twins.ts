/**
 * Email-domain tests that are the same for the company and the workspace scope. Each
 * `<operation>.operation.spec.ts` runs its operation's suite with its own scope, then adds the
 * tests only that scope has (protected key for company, workspace id rules for workspace).
 */
import type { Sandbox } from '../../../../sandbox';
import {
	addDomain,
	COMPANY,
	emailDomainsOf,
	locatorId,
	onlyRequest,
	SALES,
	uniqueDomain,
	type ScopeCase,
	type runDomainOp,
} from './fixtures';

export type DomainContext = { readonly sandbox: Sandbox };
export type DomainRun = (
	params?: Record<string, unknown>,
	opts?: Parameters<typeof runDomainOp>[4],
) => ReturnType<typeof runDomainOp>;

/** The tests of adding a domain that are the same in both scopes. */
export function addDomainTests(ctx: DomainContext, SC: ScopeCase, run: DomainRun): void {
	it('sends the domain trimmed and lower-cased and outputs the TXT record to publish', async () => {
		const name = uniqueDomain('Mail');
		const { output, error } = await run({ domain: `  ${name.toUpperCase()}. ` });
		expect(error).toBeUndefined();
		expect(onlyRequest(ctx.sandbox)).toMatchObject({
			method: 'POST',
			path: SC.base,
			query: {},
			body: { domain: name.toLowerCase() },
		});
		expect(ctx.sandbox.requests[0].status).toBe(201);
		expect(output[0]).toHaveLength(1);
		const json = output[0][0].json as Record<string, any>;
		expect(json.key_mode).toBe('live');
		expect(json.domain).toMatchObject({
			domain: name.toLowerCase(),
			verification_status: 0,
			domain_status: 0,
			is_primary: false,
		});
		expect(json.verification_instructions).toEqual({
			record_type: 'TXT',
			record_name: `_service-verification.${name.toLowerCase()}`,
			record_value: `service-verify=${json.domain.verification_token}`,
			next_step: expect.stringMatching(/verify-ownership/),
		});
	});

	it.each([
		['   ', '"Domain" is empty'],
		[
			'https://mail.example.com/x',
			'"Domain" is not a valid domain name: "https://mail.example.com/x"',
		],
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
}

/** The tests of deleting a domain that are the same in both scopes. */
export function deleteDomainTests(ctx: DomainContext, SC: ScopeCase, run: DomainRun): void {
	it('deletes the domain and outputs the message and its id', async () => {
		const d = await addDomain(ctx.sandbox, SC, 'primary');
		const { output, error } = await run({ domainId: locatorId(d.id) });
		expect(error).toBeUndefined();
		expect(onlyRequest(ctx.sandbox)).toMatchObject({
			method: 'DELETE',
			path: `${SC.base}/${d.id}`,
			query: {},
			body: undefined,
		});
		expect(output[0][0].json).toEqual({
			deleted: true,
			id: d.id,
			message: expect.stringMatching(/default sender/),
			domain_id: d.id,
			key_mode: 'live',
		});
		expect(emailDomainsOf(ctx.sandbox.state).byId(d.id)).toBeUndefined();
	});

	it('reports an unknown domain as not found', async () => {
		const { error } = await run({ domainId: locatorId('30000000-0000-4000-8000-000000000001') });
		expect((error as { httpCode?: string }).httpCode).toBe('404');
	});
}

/** The tests of finalizing a domain that are the same in both scopes. */
export function finalizeDomainTests(ctx: DomainContext, SC: ScopeCase, run: DomainRun): void {
	it('outputs the SPF/DKIM/DMARC records, all pending, and the flat summary', async () => {
		const d = await addDomain(ctx.sandbox, SC, 'owned');
		const { output, error } = await run({ domainId: locatorId(d.id) });
		expect(error).toBeUndefined();
		expect(onlyRequest(ctx.sandbox)).toMatchObject({
			method: 'POST',
			path: `${SC.base}/${d.id}/finalize`,
			query: {},
			body: undefined,
		});
		const json = output[0][0].json as Record<string, any>;
		expect(json.domain).toMatchObject({ id: d.id, verification_status: 2, domain_status: 0 });
		expect(json.dns_records.map((r: any) => [r.type, r.name, r.status])).toEqual([
			['MX', `send.${d.domain}`, 'pending'],
			['TXT', `send.${d.domain}`, 'pending'],
			['TXT', `service._domainkey.${d.domain}`, 'pending'],
			['TXT', `_dmarc.${d.domain}`, 'pending'],
		]);
		expect(json.dns_records[0]).toMatchObject({
			priority: 10,
			ttl: '3600',
			value: expect.any(String),
		});
		expect(json.dns_records[1].value).toMatch(/^v=spf1 /);
		expect(json.dns_records[3].value).toMatch(/^v=DMARC1/);
		expect(json).toMatchObject({
			records_total: 4,
			records_verified: 0,
			records_pending: 4,
			records_failed: 0,
			ready_to_send: false,
			key_mode: 'live',
		});
		expect(json.next_step).toMatch(/verify-dns/);
	});

	it('explains that ownership comes first', async () => {
		const d = await addDomain(ctx.sandbox, SC);
		const { error } = await run({ domainId: locatorId(d.id) });
		expect(error?.message).toMatch(/^Run Verify Ownership .* before Finalize/);
		expect((error as { httpCode?: string }).httpCode).toBe('400');
	});

	it('passes on "Already finalized"', async () => {
		const d = await addDomain(ctx.sandbox, SC, 'finalized');
		const { error } = await run({ domainId: locatorId(d.id) });
		expect(error?.message).toMatch(/already finalized/i);
	});
}

/** The tests of getting a domain that are the same in both scopes. */
export function getDomainTests(ctx: DomainContext, SC: ScopeCase, run: DomainRun): void {
	it('gets one domain by id, with its DNS records once finalized', async () => {
		const d = await addDomain(ctx.sandbox, SC, 'finalized');
		const { output, error } = await run({ domainId: locatorId(d.id) });
		expect(error).toBeUndefined();
		expect(onlyRequest(ctx.sandbox)).toMatchObject({
			method: 'GET',
			path: `${SC.base}/${d.id}`,
			query: {},
			body: undefined,
		});
		const json = output[0][0].json as Record<string, any>;
		expect(json).toMatchObject({
			id: d.id,
			domain: d.domain,
			verification_status: 2,
			domain_status: 0,
			key_mode: 'live',
		});
		expect(json.verification_token).toBeUndefined();
		expect(json.dns_records).toHaveLength(4);
	});

	it('accepts the domain from the list picker (mode list)', async () => {
		const d = await addDomain(ctx.sandbox, SC);
		const { output } = await run({
			domainId: { __rl: true, mode: 'list', value: d.id, cachedResultName: d.domain },
		});
		expect(output[0][0].json.id).toBe(d.id);
	});

	it('refuses a malformed domain id before sending anything', async () => {
		const { error } = await run({
			domainId: { __rl: true, mode: 'list', value: 'mail.example.com' },
		});
		expect(error?.message).toBe('"Domain" is not a valid ID: "mail.example.com"');
		expect(ctx.sandbox.requests).toHaveLength(0);
	});

	it('reports an unknown domain as not found', async () => {
		const { error } = await run({ domainId: locatorId('30000000-0000-4000-8000-000000000001') });
		expect((error as { httpCode?: string }).httpCode).toBe('404');
	});
}

/** The tests of listing domains that are the same in both scopes. */
export function listDomainsTests(ctx: DomainContext, SC: ScopeCase, run: DomainRun): void {
	it('outputs one item per domain of the scope, with its status, marked live', async () => {
		const a = await addDomain(ctx.sandbox, SC, 'added');
		const b = await addDomain(ctx.sandbox, SC, 'ready');
		const { output, error } = await run({ returnAll: true });
		expect(error).toBeUndefined();
		expect(onlyRequest(ctx.sandbox)).toMatchObject({
			method: 'GET',
			path: SC.base,
			query: {},
			body: undefined,
		});
		const byName = Object.fromEntries(output[0].map((item) => [item.json.domain, item.json]));
		expect(byName[a.domain]).toMatchObject({
			id: a.id,
			verification_status: 0,
			domain_status: 0,
			is_primary: false,
			key_mode: 'live',
		});
		expect(typeof byName[a.domain].verification_token).toBe('string');
		expect(byName[b.domain]).toMatchObject({
			id: b.id,
			verification_status: 2,
			domain_status: 1,
			key_mode: 'live',
		});
		expect(
			output[0].every(
				(item) => item.pairedItem && (item.pairedItem as { item: number }).item === 0,
			),
		).toBe(true);
	});

	it('applies Limit to the unpaginated list', async () => {
		await addDomain(ctx.sandbox, SC);
		await addDomain(ctx.sandbox, SC);
		const { output } = await run({ returnAll: false, limit: 1 });
		expect(output[0]).toHaveLength(1);
		expect(onlyRequest(ctx.sandbox).query).toEqual({});
	});

	it('marks output of the test key as test', async () => {
		await addDomain(ctx.sandbox, SC);
		const { output } = await run({ returnAll: true }, { keyToUse: 'test' });
		expect(output[0].length).toBeGreaterThan(0);
		expect(output[0].every((item) => item.json.key_mode === 'test')).toBe(true);
		expect(onlyRequest(ctx.sandbox).headers.authorization).toBe(SC.testKey);
	});
}

/** The tests of setting the primary domain that are the same in both scopes. */
export function setPrimaryDomainTests(ctx: DomainContext, SC: ScopeCase, run: DomainRun): void {
	it('makes a ready domain primary and takes it from the previous one', async () => {
		const first = await addDomain(ctx.sandbox, SC, 'primary');
		const d = await addDomain(ctx.sandbox, SC, 'ready');
		const { output, error } = await run({ domainId: locatorId(d.id) });
		expect(error).toBeUndefined();
		expect(onlyRequest(ctx.sandbox)).toMatchObject({
			method: 'POST',
			path: `${SC.base}/${d.id}/set-primary`,
			query: {},
			body: undefined,
		});
		expect(output[0][0].json).toMatchObject({
			message: expect.any(String),
			domain: { id: d.id, is_primary: true, domain_status: 1 },
			key_mode: 'live',
		});
		expect(emailDomainsOf(ctx.sandbox.state).byId(first.id)?.is_primary).toBe(false);
	});

	it('explains that only a domain ready to send can be primary', async () => {
		const d = await addDomain(ctx.sandbox, SC, 'finalized');
		const { error } = await run({ domainId: locatorId(d.id) });
		expect(error?.message).toMatch(/^Only a domain whose DNS records are verified/);
		expect((error as { httpCode?: string }).httpCode).toBe('400');
	});
}

/** The tests of verifying DNS that are the same in both scopes. */
export function verifyDomainDnsTests(ctx: DomainContext, SC: ScopeCase, run: DomainRun): void {
	it('reports every record pending while nothing is published, and emits domain.verification.failed', async () => {
		const d = await addDomain(ctx.sandbox, SC, 'finalized');
		const events = ctx.sandbox.state.events.emitted.length;
		const { output, error } = await run({ domainId: locatorId(d.id) });
		expect(error).toBeUndefined();
		expect(onlyRequest(ctx.sandbox)).toMatchObject({
			method: 'POST',
			path: `${SC.base}/${d.id}/verify-dns`,
			query: {},
			body: undefined,
		});
		const json = output[0][0].json as Record<string, any>;
		expect(json).toMatchObject({
			verified: false,
			records_total: 4,
			records_verified: 0,
			records_pending: 4,
			records_failed: 0,
			ready_to_send: false,
		});
		expect(json.dns_records.every((r: any) => r.status === 'pending')).toBe(true);
		expect(ctx.sandbox.state.events.emitted.slice(events).map((e) => e.type)).toEqual([
			'domain.verification.failed',
		]);
	});

	it('counts a record published with a wrong value as failed', async () => {
		const d = await addDomain(ctx.sandbox, SC, 'finalized');
		const store = emailDomainsOf(ctx.sandbox.state);
		store.publishDnsRecords(d.id, ['SPF']);
		store.dns.publish({ type: 'TXT', name: `_dmarc.${d.domain}`, value: 'v=DMARC1; p=reject;' });
		const { output } = await run({ domainId: locatorId(d.id) });
		const json = output[0][0].json as Record<string, any>;
		expect(json.dns_records.map((r: any) => r.status)).toEqual([
			'verified',
			'verified',
			'pending',
			'failed',
		]);
		expect(json).toMatchObject({
			verified: false,
			records_verified: 2,
			records_pending: 2,
			records_failed: 1,
			ready_to_send: false,
		});
	});

	it('verifies the domain once every record is published: ready to send, domain.verified', async () => {
		const d = await addDomain(ctx.sandbox, SC, 'finalized');
		emailDomainsOf(ctx.sandbox.state).publishDnsRecords(d.id);
		const events = ctx.sandbox.state.events.emitted.length;
		const { output } = await run({ domainId: locatorId(d.id) });
		const json = output[0][0].json as Record<string, any>;
		expect(json).toMatchObject({
			verified: true,
			records_verified: 4,
			records_pending: 0,
			records_failed: 0,
			ready_to_send: true,
			key_mode: 'live',
		});
		expect(json.domain).toMatchObject({ id: d.id, domain_status: 1 });
		const emitted = ctx.sandbox.state.events.emitted.slice(events);
		expect(emitted.map((e) => e.type)).toEqual(['domain.verified']);
		expect(emitted[0].data).toMatchObject({ id: d.id, domain: d.domain });
		expect(emitted[0].workspace_id).toBe(SC.scope === 'company' ? null : SALES.id);
	});

	it('explains that Finalize comes first', async () => {
		const d = await addDomain(ctx.sandbox, SC, 'owned');
		const { error } = await run({ domainId: locatorId(d.id) });
		expect(error?.message).toMatch(/^Run Finalize first/);
	});
}

/** The tests of verifying ownership that are the same in both scopes. */
export function verifyDomainOwnershipTests(
	ctx: DomainContext,
	SC: ScopeCase,
	run: DomainRun,
): void {
	it('fails while the TXT record is not published, naming the record to add', async () => {
		const d = await addDomain(ctx.sandbox, SC);
		const { error } = await run({ domainId: locatorId(d.id) });
		expect(onlyRequest(ctx.sandbox)).toMatchObject({
			method: 'POST',
			path: `${SC.base}/${d.id}/verify-ownership`,
			query: {},
			body: undefined,
		});
		expect(error?.message).toMatch(/^Ownership not verified: the TXT record was not found in DNS/);
		const token = emailDomainsOf(ctx.sandbox.state).byId(d.id)?.verification_token;
		expect((error as { description?: string }).description).toContain(
			`_service-verification.${d.domain}`,
		);
		expect((error as { description?: string }).description).toContain(`service-verify=${token}`);
	});

	it('verifies ownership once the TXT record is published (verification_status 0 → 1)', async () => {
		const d = await addDomain(ctx.sandbox, SC);
		emailDomainsOf(ctx.sandbox.state).publishOwnershipRecord(d.id);
		const { output, error } = await run({ domainId: locatorId(d.id) });
		expect(error).toBeUndefined();
		const json = output[0][0].json as Record<string, any>;
		expect(json.domain).toMatchObject({ id: d.id, verification_status: 1, domain_status: 0 });
		expect(json.domain.verification_token).toBeUndefined();
		expect(json.next_step).toMatch(/finalize/i);
		expect(json.key_mode).toBe('live');
	});

	it('passes on "Already verified"', async () => {
		const d = await addDomain(ctx.sandbox, SC, 'owned');
		const { error } = await run({ domainId: locatorId(d.id) });
		expect(error?.message).toMatch(/already verified/i);
	});
}

/** Company scope: only the protected (company-level) key may use these paths. */
export function companyScopeTests(
	ctx: DomainContext,
	run: DomainRun,
	params: Record<string, unknown>,
): void {
	it('needs the protected key: a workspace key gets the 403 back, nothing else sent', async () => {
		const { error } = await run(params, { key: SALES.liveKey });
		expect(error?.message).toMatch(/forbidden|protected/i);
		expect((error as { httpCode?: string }).httpCode).toBe('403');
		expect(onlyRequest(ctx.sandbox).headers.authorization).toBe(SALES.liveKey);
	});
}

/** Workspace scope: the workspace id is checked before sending; an unknown workspace is a 404. */
export function workspaceScopeTests(
	ctx: DomainContext,
	run: DomainRun,
	params: Record<string, unknown>,
): void {
	it('refuses a malformed workspace id before sending anything', async () => {
		const { error } = await run({
			...params,
			workspaceId: { __rl: true, mode: 'list', value: 'sales-team' },
		});
		expect(error?.message).toBe('"Workspace" is not a valid ID: "sales-team"');
		expect(ctx.sandbox.requests).toHaveLength(0);
	});

	it('reports an unknown workspace as not found', async () => {
		const unknown = '20000000-0000-4000-8000-00000000abcd';
		const { error } = await run(
			{ ...params, workspaceId: locatorId(unknown) },
			{ key: COMPANY.key },
		);
		expect((error as { httpCode?: string }).httpCode).toBe('404');
		expect(onlyRequest(ctx.sandbox).path).toMatch(new RegExp(`^/workspace/${unknown}/domains`));
	});
}
