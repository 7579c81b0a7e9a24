import { SEED, startSandbox, type Sandbox } from '../index';
import { call } from '../support/client';
import { emailDomainsOf } from './store';

const P = SEED.protectedWorkspace;
const [SALES, LEGAL] = SEED.workspaces;

let sb: Sandbox;
beforeEach(async () => {
	sb = await startSandbox();
});
afterEach(() => sb.close());

const api = (method: string, path: string, body?: unknown, auth: string = P.liveKey) =>
	call(sb, method, path, { auth, body });
const salesBase = `/workspace/${SALES.id}/domains`;

async function add(base: string, domain: string, auth = P.liveKey): Promise<string> {
	const res = await api('POST', base, { domain }, auth);
	expect(res.status).toBe(201);
	return res.body.domain.id;
}

describe('POST …/domains', () => {
	it.each([
		'not a domain',
		'example',
		'-bad.example.com',
		'a..example.com',
		'http://x.example.com',
		'x.example.c0m',
		`${'a'.repeat(64)}.example.com`,
	])('refuses %j: 400 Invalid domain format with details.domain', async (domain) => {
		const res = await api('POST', '/company/domains', { domain });
		expect(res.status).toBe(400);
		expect(res.body).toMatchObject({
			code: 'VALIDATION_ERROR',
			message: 'Invalid domain format',
			details: { domain: expect.any(String) },
		});
	});

	it('requires domain', async () => {
		const res = await api('POST', salesBase, {});
		expect(res.status).toBe(400);
		expect(res.body.details).toEqual({ domain: 'domain is required' });
	});

	it('stores the domain lower-cased; the same domain again (any scope) is "Domain already exists"', async () => {
		const res = await api('POST', '/company/domains', { domain: 'Mail.Example.COM' });
		expect(res.body.domain.domain).toBe('mail.example.com');
		for (const base of ['/company/domains', salesBase]) {
			const again = await api('POST', base, { domain: 'mail.example.com' });
			expect(again.status).toBe(400);
			expect(again.body).toMatchObject({
				error: 'Domain already exists',
				code: 'DOMAIN_ALREADY_EXISTS',
			});
		}
	});
});

describe('scopes', () => {
	it('company paths act on the protected workspace and need the protected key (test key too)', async () => {
		const id = await add('/company/domains', 'company.example.com', P.testKey);
		expect(emailDomainsOf(sb.state).byId(id)?.workspaceId).toBe(P.id);
		const list = await api('GET', `/workspace/${P.id}/domains`);
		expect(list.body).toEqual({ results: [expect.objectContaining({ id })], workspace_id: P.id });
		const denied = await api('GET', '/company/domains', undefined, SALES.liveKey);
		expect(denied.status).toBe(403);
	});

	it("a workspace's domains are not reachable from the company paths or another workspace", async () => {
		const id = await add(salesBase, 'sales.example.com', SALES.liveKey);
		expect((await api('GET', `/company/domains/${id}`)).status).toBe(404);
		expect((await api('GET', `/workspace/${LEGAL.id}/domains/${id}`)).status).toBe(404);
		expect((await api('GET', `${salesBase}/${id}`, undefined, LEGAL.liveKey)).status).toBe(403);
		expect(
			(await api('GET', `/workspace/20000000-0000-4000-8000-00000000beef/domains`)).status,
		).toBe(404);
	});
});

describe('setup flow', () => {
	it('only the exact TXT value verifies ownership; the token is hidden afterwards', async () => {
		const id = await add(salesBase, 'txt.example.com');
		const store = emailDomainsOf(sb.state);
		store.dns.publish({
			type: 'TXT',
			name: '_service-verification.txt.example.com',
			value: 'service-verify=wrong',
		});
		const failed = await api('POST', `${salesBase}/${id}/verify-ownership`);
		expect(failed.status).toBe(400);
		expect(failed.body).toMatchObject({
			error: 'Verification failed',
			details: {
				expected_record: '_service-verification.txt.example.com',
				expected_value: `service-verify=${store.byId(id)?.verification_token}`,
			},
		});
		store.publishOwnershipRecord(id);
		const ok = await api('POST', `${salesBase}/${id}/verify-ownership`);
		expect(ok.status).toBe(200);
		expect(ok.body.domain.verification_token).toBeUndefined();
		expect((await api('POST', `${salesBase}/${id}/verify-ownership`)).body.error).toBe(
			'Already verified',
		);
	});

	it('guards every step: finalize before ownership, verify-dns before finalize, set-primary before verified', async () => {
		const id = await add(salesBase, 'order.example.com');
		expect((await api('POST', `${salesBase}/${id}/finalize`)).body.error).toBe(
			'Ownership not verified',
		);
		expect((await api('POST', `${salesBase}/${id}/verify-dns`)).body.error).toBe(
			'Domain not finalized',
		);
		expect((await api('POST', `${salesBase}/${id}/set-primary`)).body.error).toBe(
			'Domain not verified',
		);
	});

	it('verify-dns re-checks: removing a record makes the domain not ready again', async () => {
		const id = await add(salesBase, 'recheck.example.com');
		const store = emailDomainsOf(sb.state);
		store.publishOwnershipRecord(id);
		await api('POST', `${salesBase}/${id}/verify-ownership`);
		const fin = await api('POST', `${salesBase}/${id}/finalize`);
		expect(fin.body.domain.resend_domain_id).toEqual(expect.any(String));
		store.publishDnsRecords(id);
		expect((await api('POST', `${salesBase}/${id}/verify-dns`)).body).toMatchObject({
			verified: true,
			domain: { domain_status: 1 },
		});
		store.dns.unpublish('TXT', '_dmarc.recheck.example.com');
		const again = await api('POST', `${salesBase}/${id}/verify-dns`);
		expect(again.body).toMatchObject({ verified: false, domain: { domain_status: 0 } });
		expect(again.body.dns_records.map((r: { status: string }) => r.status)).toEqual([
			'verified',
			'verified',
			'verified',
			'pending',
		]);
		expect(sb.state.events.emitted.map((e) => [e.type, e.workspace_id])).toEqual([
			['domain.verified', SALES.id],
			['domain.verification.failed', SALES.id],
		]);
	});

	it('primary is per workspace; deleting a non-primary domain keeps the sender', async () => {
		const store = emailDomainsOf(sb.state);
		const ready = async (base: string, domain: string) => {
			const id = await add(base, domain);
			store.publishOwnershipRecord(id);
			await api('POST', `${base}/${id}/verify-ownership`);
			await api('POST', `${base}/${id}/finalize`);
			store.publishDnsRecords(id);
			await api('POST', `${base}/${id}/verify-dns`);
			expect((await api('POST', `${base}/${id}/set-primary`)).status).toBe(200);
			return id;
		};
		const company = await ready('/company/domains', 'one.example.com');
		const sales = await ready(salesBase, 'two.example.com');
		expect(store.byId(company)?.is_primary).toBe(true);
		expect(store.byId(sales)?.is_primary).toBe(true);
		const extra = await add(salesBase, 'three.example.com');
		expect((await api('DELETE', `${salesBase}/${extra}`)).body).toEqual({
			message: 'Domain deleted',
			domain_id: extra,
		});
	});
});

describe('/_sandbox DNS controls', () => {
	it("publish, list and unpublish records; publish a domain's ownership and finalized records", async () => {
		const id = await add(salesBase, 'ctl.example.com');
		expect(
			(
				await call(sb, 'POST', '/_sandbox/dns', {
					body: { type: 'txt', name: 'X.Example.com.', value: 'v' },
				})
			).status,
		).toBe(201);
		expect((await call(sb, 'GET', '/_sandbox/dns')).body.records).toEqual([
			{ type: 'TXT', name: 'x.example.com', value: 'v' },
		]);
		expect(
			(await call(sb, 'DELETE', '/_sandbox/dns', { body: { type: 'TXT', name: 'x.example.com' } }))
				.body,
		).toEqual({ removed: 1 });
		const bad = await call(sb, 'POST', '/_sandbox/dns', { body: { type: 'A', name: 'x' } });
		expect(bad.status).toBe(400);
		expect(Object.keys(bad.body.details).sort()).toEqual(['type', 'value']);

		expect((await call(sb, 'POST', `/_sandbox/email-domains/${id}/publish-records`)).status).toBe(
			400,
		);
		expect((await call(sb, 'POST', `/_sandbox/email-domains/${id}/publish-ownership`)).status).toBe(
			201,
		);
		expect((await api('POST', `${salesBase}/${id}/verify-ownership`)).status).toBe(200);
		await api('POST', `${salesBase}/${id}/finalize`);
		const dkim = await call(sb, 'POST', `/_sandbox/email-domains/${id}/publish-records`, {
			body: { purposes: ['dkim'] },
		});
		expect(dkim.body.records).toEqual([
			expect.objectContaining({ name: 'service._domainkey.ctl.example.com' }),
		]);
		const check = await api('POST', `${salesBase}/${id}/verify-dns`);
		expect(check.body.dns_records.map((r: { status: string }) => r.status)).toEqual([
			'pending',
			'pending',
			'verified',
			'pending',
		]);
		expect(
			(
				await call(
					sb,
					'POST',
					'/_sandbox/email-domains/30000000-0000-4000-8000-000000000009/publish-ownership',
				)
			).status,
		).toBe(404);
		expect(sb.requests.every((r) => !r.path.startsWith('/_sandbox'))).toBe(true);
	});
});
