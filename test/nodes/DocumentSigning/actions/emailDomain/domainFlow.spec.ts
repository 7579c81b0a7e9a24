/**
 * The whole email-domain setup flow through the node, in both scopes, with the DNS records
 * published through the sandbox's /_sandbox/dns control from the node's own output:
 * add → ownership fails without TXT → publish TXT → ownership ok → finalize → verify-dns pending
 * → publish records → verified → set primary.
 */
import { DocumentSigning } from '../../../../../nodes/DocumentSigning/DocumentSigning.node';
import { searchEmailDomains } from '../../../../../nodes/DocumentSigning/methods/listSearch';
import { createLoadOptionsContext } from '../../../../helpers/n8n';
import { call } from '../../../../sandbox/support/client';
import {
	COMPANY,
	SALES,
	WORKSPACE,
	addDomain,
	emailDomainsOf,
	locatorId,
	runDomainOp,
	uniqueDomain,
	useSandbox,
	type ScopeCase,
} from './fixtures';

const ctx = useSandbox();

describe.each([COMPANY, WORKSPACE])('Email Domain setup flow ($scope scope)', (sc: ScopeCase) => {
	const op = (name: string) => `${name.replace('{S}', sc.suffix)}`;
	const run = async (operation: string, params: Record<string, unknown> = {}) => {
		ctx.sandbox.clearRequests();
		return await runDomainOp(ctx.sandbox, sc, op(operation), params);
	};
	const publish = async (record: { type: string; name: string; value: string }) => {
		const res = await call(ctx.sandbox, 'POST', '/_sandbox/dns', { body: record });
		expect(res.status).toBe(201);
	};

	it('goes from adding the domain to a verified primary sender', async () => {
		const name = uniqueDomain('flow');
		// 1. add
		const added = await run('create{S}Domain', { domain: name });
		expect(added.error).toBeUndefined();
		const instructions = added.output[0][0].json.verification_instructions as {
			record_type: string;
			record_name: string;
			record_value: string;
		};
		const id = (added.output[0][0].json.domain as { id: string }).id;
		const domainId = locatorId(id);
		const path = `${sc.base}/${id}`;

		// 2. ownership fails while the TXT record is not published
		const early = await run('verify{S}DomainOwnership', { domainId });
		expect(early.error?.message).toMatch(/TXT record was not found/);
		expect(ctx.sandbox.requests.map((r) => `${r.method} ${r.path} ${r.status}`)).toEqual([
			`POST ${path}/verify-ownership 400`,
		]);

		// 3. publish the TXT record from the instructions; ownership passes
		await publish({
			type: instructions.record_type,
			name: instructions.record_name,
			value: instructions.record_value,
		});
		const owned = await run('verify{S}DomainOwnership', { domainId });
		expect(owned.error).toBeUndefined();
		expect(owned.output[0][0].json.domain).toMatchObject({ verification_status: 1 });

		// 4. finalize hands out the records
		const finalized = await run('finalize{S}Domain', { domainId });
		expect(finalized.output[0][0].json).toMatchObject({
			records_total: 4,
			records_pending: 4,
			ready_to_send: false,
		});
		const records = finalized.output[0][0].json.dns_records as Array<{
			type: string;
			name: string;
			value: string;
			status: string;
		}>;

		// 5. verify-dns before publishing: pending, not ready; the sender cannot be made primary yet
		const pending = await run('verify{S}DomainDns', { domainId });
		expect(pending.output[0][0].json).toMatchObject({
			verified: false,
			records_pending: 4,
			ready_to_send: false,
		});
		const tooEarly = await run('set{S}PrimaryDomain', { domainId });
		expect((tooEarly.error as { httpCode?: string }).httpCode).toBe('400');

		// 6. publish every record (as a user would, from the output) and verify again
		for (const r of records) await publish({ type: r.type, name: r.name, value: r.value });
		const verified = await run('verify{S}DomainDns', { domainId });
		expect(verified.output[0][0].json).toMatchObject({
			verified: true,
			records_verified: 4,
			records_pending: 0,
			ready_to_send: true,
		});
		expect(
			(verified.output[0][0].json.dns_records as Array<{ status: string }>).map((r) => r.status),
		).toEqual(['verified', 'verified', 'verified', 'verified']);

		// 7. set primary
		const primary = await run('set{S}PrimaryDomain', { domainId });
		expect(primary.output[0][0].json.domain).toMatchObject({
			id,
			is_primary: true,
			domain_status: 1,
			verification_status: 2,
		});

		const got = await run('get{S}Domain', { domainId });
		expect(got.output[0][0].json).toMatchObject({
			id,
			domain: name,
			is_primary: true,
			domain_status: 1,
		});
		const types = ctx.sandbox.state.events.emitted
			.filter((e) => e.data.id === id)
			.map((e) => e.type);
		expect(types).toEqual(['domain.verification.failed', 'domain.verified']);
	});

	it("lists the scope's domains in the domain picker, filtered by the search text", async () => {
		const a = await addDomain(ctx.sandbox, sc, 'ready', uniqueDomain('picker'));
		const b = await addDomain(ctx.sandbox, sc, 'added', uniqueDomain('other'));
		const context = createLoadOptionsContext({
			credentials: {
				documentSigningApi: {
					baseUrl: ctx.sandbox.url,
					keyToUse: 'live',
					liveApiKey: sc.key,
					testApiKey: sc.testKey,
					apiVersion: 1,
				},
			},
			nodeType: new DocumentSigning(),
			parameters: { resource: 'emailDomain', operation: op('get{S}Domain'), ...sc.params },
			path: 'parameters.domainId',
		});
		const all = await searchEmailDomains.call(context);
		const values = all.results.map((r) => r.value);
		expect(values).toEqual(expect.arrayContaining([a.id, b.id]));
		expect(all.results.find((r) => r.value === a.id)?.name).toBe(`${a.domain} (ready to send)`);
		expect(all.results.find((r) => r.value === b.id)?.name).toBe(`${b.domain} (ownership pending)`);
		ctx.sandbox.clearRequests();
		const filtered = await searchEmailDomains.call(context, 'PICKER');
		expect(filtered.results.map((r) => r.value)).toContain(a.id);
		expect(filtered.results.map((r) => r.value)).not.toContain(b.id);
		expect(ctx.sandbox.requests.map((r) => `${r.method} ${r.path}`)).toEqual([`GET ${sc.base}`]);
		// The company and the workspace have separate domains.
		const other = sc.scope === 'company' ? emailDomainsOf(ctx.sandbox.state).list(SALES.id) : [];
		expect(values.filter((v) => other.some((d) => d.id === v))).toEqual([]);
	});
});
