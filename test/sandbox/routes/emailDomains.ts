/**
 * Email Domains (api-reference §3.9, D1–D16): the same eight operations at company scope
 * (`/company/domains…`, protected key only, acting on the protected workspace's domains) and at
 * workspace scope (`/workspace/:workspace_id/domains…`, 404 for an unknown workspace).
 *
 * - GET    …/domains                       {results, workspace_id}
 * - POST   …/domains                       201 {domain, verification_instructions}; 400 invalid format / already exists
 * - GET    …/domains/:id                   Domain
 * - DELETE …/domains/:id                   {message, domain_id}
 * - POST   …/domains/:id/verify-ownership  {message, domain, next_step}; 400 Verification failed / Already verified
 * - POST   …/domains/:id/finalize          {message, domain, dns_records, next_step}; 400 Ownership not verified / Already finalized
 * - POST   …/domains/:id/verify-dns        {verified, message, domain, dns_records}; 400 Domain not finalized
 * - POST   …/domains/:id/set-primary       {message, domain}; 400 Domain not verified
 *
 * State machine and simulated DNS: emailDomains/store.ts. Test controls outside the API pipeline
 * (no key, not recorded):
 *   GET    /_sandbox/dns                                 published records
 *   POST   /_sandbox/dns                                 {type, name, value} publish one record
 *   DELETE /_sandbox/dns                                 {type, name, value?} unpublish
 *   POST   /_sandbox/email-domains/:id/publish-ownership publish the domain's TXT ownership record
 *   POST   /_sandbox/email-domains/:id/publish-records   {purposes?: ['SPF','DKIM','DMARC']} publish finalized records
 */
import { requireProtectedKey, requireWorkspace } from '../access';
import { ApiError, badRequest, notFound, validationError } from '../errors';
import {
	type DnsRecordType,
	type DomainRecord,
	type EmailDomainStore,
	dnsRecordJson,
	domainJson,
	emailDomainsOf,
	isValidDomain,
	ownershipRecordName,
	ownershipRecordValue,
} from '../emailDomains/store';
import type { InternalRequest, RequestContext, RouteResult, Router } from '../router';
import type { WorkspaceRecord } from '../state';
import { Validator, bodyString, objectBody } from '../validation';

type Scope = (ctx: RequestContext) => {
	workspace: WorkspaceRecord;
	eventWorkspaceId: string | null;
};

const companyScope: Scope = (ctx) => {
	requireProtectedKey(ctx, 'Company email domains require the protected workspace API key');
	const workspace = ctx.state.workspaces.find(
		(w) => w.protected && w.companyId === ctx.auth.company.id,
	);
	if (!workspace) throw notFound('Workspace');
	return { workspace, eventWorkspaceId: null };
};

const workspaceScope: Scope = (ctx) => {
	const workspace = requireWorkspace(ctx, ctx.params.workspace_id);
	return { workspace, eventWorkspaceId: workspace.id };
};

export function registerEmailDomainRoutes(router: Router): void {
	for (const [base, scope] of [
		['/company/domains', companyScope],
		['/workspace/:workspace_id/domains', workspaceScope],
	] as const) {
		router.get(base, (ctx) => listDomains(ctx, scope));
		router.post(base, (ctx) => createDomain(ctx, scope));
		router.get(`${base}/:id`, (ctx) => ({ body: domainJson(load(ctx, scope).record) }));
		router.delete(`${base}/:id`, (ctx) => deleteDomain(ctx, scope));
		router.post(`${base}/:id/verify-ownership`, (ctx) => verifyOwnership(ctx, scope));
		router.post(`${base}/:id/finalize`, (ctx) => finalize(ctx, scope));
		router.post(`${base}/:id/verify-dns`, (ctx) => verifyDns(ctx, scope));
		router.post(`${base}/:id/set-primary`, (ctx) => setPrimary(ctx, scope));
	}
	registerSandboxDnsRoutes(router);
}

function load(
	ctx: RequestContext,
	scope: Scope,
): { record: DomainRecord; store: EmailDomainStore; eventWorkspaceId: string | null } {
	const { workspace, eventWorkspaceId } = scope(ctx);
	const store = emailDomainsOf(ctx.state);
	const record = store.get(workspace.id, ctx.params.id);
	if (!record) throw notFound('Domain');
	return { record, store, eventWorkspaceId };
}

function listDomains(ctx: RequestContext, scope: Scope): RouteResult {
	const { workspace } = scope(ctx);
	const results = emailDomainsOf(ctx.state).list(workspace.id).map(domainJson);
	return { body: { results, workspace_id: workspace.id } };
}

function createDomain(ctx: RequestContext, scope: Scope): RouteResult {
	const { workspace } = scope(ctx);
	const body = objectBody(ctx.body);
	const v = new Validator();
	const raw = bodyString(v, body, 'domain', { required: true, max: 253 });
	v.throwIfInvalid();
	const domain = (raw as string).toLowerCase().replace(/\.$/, '');
	if (!isValidDomain(domain)) {
		throw validationError(
			{ domain: 'Invalid domain format (expected e.g. mail.example.com)' },
			'Invalid domain format',
		);
	}
	const store = emailDomainsOf(ctx.state);
	if (store.byName(domain)) {
		throw new ApiError(400, {
			error: 'Domain already exists',
			code: 'DOMAIN_ALREADY_EXISTS',
			message: `Domain already exists: ${domain}`,
			details: { domain: 'Domain already exists' },
		});
	}
	const record = store.create(workspace.id, domain);
	return {
		status: 201,
		body: {
			domain: domainJson(record),
			verification_instructions: {
				record_type: 'TXT',
				record_name: ownershipRecordName(domain),
				record_value: ownershipRecordValue(record.verification_token),
				next_step: 'Add this TXT record to your DNS, then call verify-ownership',
			},
		},
	};
}

function deleteDomain(ctx: RequestContext, scope: Scope): RouteResult {
	const { record, store } = load(ctx, scope);
	store.remove(record);
	const fallback = record.is_primary || store.list(record.workspaceId).length === 0;
	return {
		body: {
			message: fallback
				? 'Domain deleted. Emails are now sent from the default sender'
				: 'Domain deleted',
			domain_id: record.id,
		},
	};
}

function verifyOwnership(ctx: RequestContext, scope: Scope): RouteResult {
	const { record, store } = load(ctx, scope);
	if (record.verification_status !== 0)
		throw badRequest(
			'Already verified',
			'ALREADY_VERIFIED',
			'Domain ownership is already verified',
		);
	if (!store.ownershipPublished(record)) {
		throw new ApiError(400, {
			error: 'Verification failed',
			code: 'VERIFICATION_FAILED',
			message: 'TXT record not found',
			details: {
				expected_record: ownershipRecordName(record.domain),
				expected_value: ownershipRecordValue(record.verification_token),
			},
		});
	}
	record.verification_status = 1;
	store.touch(record);
	return {
		body: {
			message: 'Domain ownership verified',
			domain: domainJson(record),
			next_step: 'Call finalize to get the SPF, DKIM and DMARC records',
		},
	};
}

function finalize(ctx: RequestContext, scope: Scope): RouteResult {
	const { record, store } = load(ctx, scope);
	if (record.verification_status === 0)
		throw badRequest(
			'Ownership not verified',
			'OWNERSHIP_NOT_VERIFIED',
			'Verify domain ownership first',
		);
	if (record.verification_status === 2)
		throw badRequest('Already finalized', 'ALREADY_FINALIZED', 'Domain is already finalized');
	record.verification_status = 2;
	record.resend_domain_id = `rd_${record.id.replace(/-/g, '').slice(0, 16)}`;
	record.dns_records = store.issueDnsRecords(record);
	store.touch(record);
	return {
		body: {
			message: 'Domain finalized',
			domain: domainJson(record),
			dns_records: record.dns_records.map(dnsRecordJson),
			next_step: 'Add these DNS records, then call verify-dns',
		},
	};
}

function verifyDns(ctx: RequestContext, scope: Scope): RouteResult {
	const { record, store, eventWorkspaceId } = load(ctx, scope);
	if (record.verification_status !== 2)
		throw badRequest('Domain not finalized', 'DOMAIN_NOT_FINALIZED', 'Finalize the domain first');
	const verified = store.checkDnsRecords(record);
	record.domain_status = verified ? 1 : 0;
	store.touch(record);
	const records = (record.dns_records ?? []).map(dnsRecordJson);
	ctx.state.events.emit(
		verified ? 'domain.verified' : 'domain.verification.failed',
		eventWorkspaceId,
		{
			id: record.id,
			domain: record.domain,
			workspace_id: record.workspaceId,
			domain_status: record.domain_status,
			dns_records: records,
		},
	);
	const open = records.filter((r) => r.status !== 'verified').length;
	return {
		body: {
			verified,
			message: verified
				? 'All DNS records verified: the domain is ready to send email'
				: `${open} DNS record(s) not verified yet`,
			domain: domainJson(record),
			dns_records: records,
		},
	};
}

function setPrimary(ctx: RequestContext, scope: Scope): RouteResult {
	const { record, store } = load(ctx, scope);
	if (record.domain_status !== 1)
		throw badRequest(
			'Domain not verified',
			'DOMAIN_NOT_VERIFIED',
			'Only a fully verified domain can be primary',
		);
	for (const other of store.list(record.workspaceId)) {
		if (other.is_primary && other !== record) {
			other.is_primary = false;
			store.touch(other);
		}
	}
	record.is_primary = true;
	store.touch(record);
	return { body: { message: 'Primary domain set', domain: domainJson(record) } };
}

// ---- /_sandbox controls -------------------------------------------------------------------------

const DNS_TYPES: readonly DnsRecordType[] = ['TXT', 'CNAME', 'MX'];

function dnsInput(
	body: unknown,
	valueRequired: boolean,
): { type: DnsRecordType; name: string; value?: string } {
	const b = objectBody(body);
	const v = new Validator();
	const type = String(b.type ?? '').toUpperCase() as DnsRecordType;
	if (!DNS_TYPES.includes(type)) v.fail('type', `type must be one of: ${DNS_TYPES.join(', ')}`);
	const name = bodyString(v, b, 'name', { required: true });
	const value = bodyString(v, b, 'value', { required: valueRequired });
	v.throwIfInvalid();
	return { type, name: name as string, value };
}

function registerSandboxDnsRoutes(router: Router): void {
	const store = (req: InternalRequest) => emailDomainsOf(req.state);
	const domainOf = (req: InternalRequest) => {
		const record = store(req).byId(req.params.id);
		if (!record) throw notFound('Domain');
		return record;
	};
	router.internal('GET', '/_sandbox/dns', (req) => ({ body: { records: store(req).dns.records } }));
	router.internal('POST', '/_sandbox/dns', (req) => {
		const input = dnsInput(req.body, true);
		return {
			status: 201,
			body: store(req).dns.publish({ ...input, value: input.value as string }),
		};
	});
	router.internal('DELETE', '/_sandbox/dns', (req) => {
		const input = dnsInput(req.body, false);
		return { body: { removed: store(req).dns.unpublish(input.type, input.name, input.value) } };
	});
	router.internal('POST', '/_sandbox/email-domains/:id/publish-ownership', (req) => ({
		status: 201,
		body: { records: [store(req).publishOwnershipRecord(domainOf(req).id)] },
	}));
	router.internal('POST', '/_sandbox/email-domains/:id/publish-records', (req) => {
		const record = domainOf(req);
		if (!record.dns_records) throw badRequest('Domain not finalized', 'DOMAIN_NOT_FINALIZED');
		const b = objectBody(req.body);
		const purposes = Array.isArray(b.purposes) ? b.purposes.map(String) : undefined;
		return { status: 201, body: { records: store(req).publishDnsRecords(record.id, purposes) } };
	});
}
