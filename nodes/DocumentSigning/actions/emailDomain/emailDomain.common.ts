import type {
	IDataObject,
	IExecuteFunctions,
	INodeExecutionData,
	INodeProperties,
} from 'n8n-workflow';

import { getIdParameter } from '../../domain/ids';
import { deletedItems, listEntries, toItems } from '../../helpers/output';
import type { ApiEndpoint, PathParams } from '../../../shared/transport';
import { callApi } from '../../../shared/transport';
import { emailDomainLocator, paginationFields, workspaceLocator } from '../common.descriptions';
import { fail } from '../../helpers/errors';
import type { OperationOutput } from '../../helpers/output';

/**
 * Shared pieces of the Email Domain operations. Every API operation has its own file; the company
 * and workspace twins differ only in their base path:
 * - company:   /company/domains (the protected workspace's domains, the default sending domains
 *              of every workspace; needs the protected key)
 * - workspace: /workspace/{workspace_id}/domains
 */
export type DomainScope = 'company' | 'workspace';

/** The setup flow, told in every operation's description so users know what comes next. */
export const SETUP_FLOW =
	'Setup: 1. Add the domain (you get a TXT record), 2. publish the TXT record and Verify Ownership, 3. Finalize (you get the SPF/DKIM/DMARC records), 4. publish those records and Verify DNS, 5. optionally Set Primary';

/** The path values of the scope: none for the company, the workspace's id for a workspace. */
function scopeParams(context: IExecuteFunctions, scope: DomainScope, i: number): PathParams {
	if (scope === 'company') return {};
	return { workspace_id: getIdParameter(context, 'workspaceId', i, 'Workspace') };
}

/** Parameters of an operation on the scope's list (list, add). */
export function scopeFields(scope: DomainScope): INodeProperties[] {
	return scope === 'workspace' ? [workspaceLocator] : [];
}

/** Parameters of an operation on one domain: the workspace (workspace scope) and the domain. */
export function domainFields(scope: DomainScope): INodeProperties[] {
	return [...scopeFields(scope), emailDomainLocator];
}

/**
 * Flat summary of a domain's DNS records next to the `dns_records` array, so a workflow can
 * branch on one value: how many records still need publishing and whether email can be sent.
 */
export function withDnsSummary(data: IDataObject): IDataObject {
	const domain = (
		data.domain && typeof data.domain === 'object' ? data.domain : data
	) as IDataObject;
	const raw = Array.isArray(data.dns_records)
		? data.dns_records
		: Array.isArray(domain.dns_records)
			? domain.dns_records
			: [];
	const records = (raw as unknown[]).filter((r): r is IDataObject => !!r && typeof r === 'object');
	const count = (status: string) => records.filter((r) => r.status === status).length;
	return {
		...data,
		dns_records: records,
		records_total: records.length,
		records_verified: count('verified'),
		records_pending: records.length - count('verified'),
		records_failed: count('failed'),
		ready_to_send: Number(domain.domain_status) === 1,
	};
}

/** The output of Finalize and Verify DNS: the answer with `withDnsSummary`'s fields. */
export const DNS_SUMMARY_OUTPUT: OperationOutput = {
	fields: {
		dns_records: { $ref: '#/definitions/Domain/properties/dns_records' },
		records_total: { type: 'integer' },
		records_verified: { type: 'integer' },
		records_pending: { type: 'integer' },
		records_failed: { type: 'integer' },
		ready_to_send: { type: 'boolean' },
	},
};

// ---------------------------------------------------------------------------------------------
// The executes, one per API operation kind; each operation file passes its scope.

export async function listDomains(
	this: IExecuteFunctions,
	endpoint: ApiEndpoint,
	scope: DomainScope,
	i: number,
): Promise<INodeExecutionData[]> {
	const returnAll = this.getNodeParameter('returnAll', i) as boolean;
	const limit = returnAll ? undefined : (this.getNodeParameter('limit', i) as number);
	if (limit !== undefined && (!Number.isInteger(limit) || limit < 1)) {
		fail(this, `"Limit" must be a whole number of at least 1 (got ${limit})`);
	}
	const response = await callApi(this, endpoint, { params: scopeParams(this, scope, i) });
	const domains = listEntries(this, response.body);
	return toItems(limit === undefined ? domains : domains.slice(0, limit), response.keyMode);
}

export const listFields = (scope: DomainScope): INodeProperties[] => [
	...scopeFields(scope),
	...paginationFields(),
];

export const createFields = (scope: DomainScope): INodeProperties[] => [
	...scopeFields(scope),
	{
		displayName: 'Domain',
		name: 'domain',
		type: 'string',
		default: '',
		required: true,
		placeholder: 'mail.example.com',
		description: 'The domain to send email from, without protocol or path',
	},
];

const DOMAIN = /^(?=.{1,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/;

export async function createDomain(
	this: IExecuteFunctions,
	endpoint: ApiEndpoint,
	scope: DomainScope,
	i: number,
): Promise<INodeExecutionData[]> {
	const domain = String(this.getNodeParameter('domain', i, '') ?? '')
		.trim()
		.toLowerCase()
		.replace(/\.$/, '');
	if (!DOMAIN.test(domain)) {
		fail(
			this,
			domain === ''
				? '"Domain" is empty'
				: `"Domain" is not a valid domain name: "${domain.slice(0, 100)}"`,
			'Enter a bare domain such as mail.example.com (no https://, no path, no email address).',
		);
	}
	const response = await callApi(this, endpoint, {
		params: scopeParams(this, scope, i),
		body: { domain },
	});
	return toItems(response.body, response.keyMode);
}

/** GET / DELETE / the POST actions on one domain (the endpoint is the operation's meta). */
export async function domainAction(
	this: IExecuteFunctions,
	endpoint: ApiEndpoint,
	scope: DomainScope,
	i: number,
	kind: 'get' | 'delete' | 'verify-ownership' | 'finalize' | 'verify-dns' | 'set-primary',
): Promise<INodeExecutionData[]> {
	const params = scopeParams(this, scope, i);
	const id = getIdParameter(this, 'domainId', i, 'Domain');
	const response = await callApi(this, endpoint, {
		params: { ...params, id },
		explain: ({ status, error }) => {
			if (status !== 400) return undefined;
			switch (error) {
				case 'Verification failed':
					return {
						message:
							'Ownership not verified: the TXT record was not found in DNS. Publish it (see below), wait for DNS to update, then run Verify Ownership again',
					};
				case 'Ownership not verified':
					return {
						message: 'Run Verify Ownership (after publishing the TXT record) before Finalize',
					};
				case 'Domain not finalized':
					return { message: 'Run Finalize first: it hands out the DNS records Verify DNS checks' };
				case 'Domain not verified':
					return {
						message:
							'Only a domain whose DNS records are verified (Verify DNS says ready to send) can be primary',
					};
				default:
					return undefined;
			}
		},
	});
	const body = response.body;
	if (kind === 'delete') {
		return deletedItems(id, body, response.keyMode, { domain_id: body.domain_id ?? id });
	}
	const out = kind === 'finalize' || kind === 'verify-dns' ? withDnsSummary(body) : body;
	return toItems(out, response.keyMode);
}

const STEP_NOTES: Record<string, string> = {
	list: `${SETUP_FLOW}.`,
	get: `${SETUP_FLOW}.`,
	delete: `${SETUP_FLOW}. Deleting the primary (or only) domain makes email fall back to the default sender.`,
	create:
		"Step 1 of 5: publish the TXT record named in the output's verification_instructions at your DNS provider, then run Verify Ownership.",
	'verify-ownership':
		'Step 2 of 5: run it once the TXT record from Add is published. If DNS has not updated yet it fails with the expected record: run it again later. Next: Finalize.',
	finalize:
		"Step 3 of 5 (after Verify Ownership): publish each record of the output's dns_records (SPF, DKIM, DMARC) at your DNS provider, then run Verify DNS.",
	'verify-dns':
		"Step 4 of 5: run it again until the output's ready_to_send is true (records_pending says what is still missing).",
	'set-primary':
		'Step 5 of 5 (optional). Only a domain that is ready to send (Verify DNS passed) can be primary.',
};

/** A notice at the top of each operation explaining where it sits in the setup flow. */
export function setupNotice(kind: string, scope: DomainScope): INodeProperties {
	const scopeNote =
		scope === 'company'
			? ' Needs the protected (company-level) API key: company domains are the default sending domains of every workspace.'
			: '';
	return {
		displayName: `${STEP_NOTES[kind] ?? SETUP_FLOW}${scopeNote}`,
		name: 'setupNotice',
		type: 'notice',
		default: '',
	};
}
