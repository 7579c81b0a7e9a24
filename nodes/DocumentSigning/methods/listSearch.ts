import type {
	IDataObject,
	ILoadOptionsFunctions,
	INodeListSearchResult,
	JsonObject,
} from 'n8n-workflow';
import { NodeApiError } from 'n8n-workflow';

import { meta as listCompanyDomains } from '../actions/emailDomain/listCompanyDomains.operation';
import { meta as listWorkspaceDomains } from '../actions/emailDomain/listWorkspaceDomains.operation';
import { meta as listOrganizationSeals } from '../actions/organizationSeal/listOrganizationSeals.operation';
import { meta as listSigningRequests } from '../actions/signingRequest/listSigningRequests.operation';
import { meta as listTemplates } from '../actions/template/listTemplates.operation';
import { meta as listWebhooks } from '../actions/webhook/listWebhooks.operation';
import type { ApiEndpoint } from '../../shared/transport';
import { callApi } from '../../shared/transport';
import { meta as listWorkspaces } from '../actions/workspace/listWorkspaces.operation';
import { PAGE_SIZE, pagedSearch, type PageResponse } from '../../shared/listSearch';
import { isUuid } from '../domain/ids';
import type { OwnedList } from './owned';
import { statusOf } from '../../shared/signingRequest';
import {
	SIGNING_REQUEST_RECIPIENTS,
	TEMPLATE_USERS,
	ownedEntries,
	personLabel,
	personMatches,
} from './owned';

/** Searchable lists behind the resource locators ("From list" mode). */
export const searchTemplates = pagedSearch(listTemplates, (t) => String(t.name ?? t.id));

/** "NDA (draft)": the status in the one word every node outputs (`statusOf`), not the list's. */
export const searchSigningRequests = pagedSearch(listSigningRequests, (r) => {
	const status = statusOf(r);
	return `${String(r.name ?? r.id)}${status ? ` (${status.replace('_', ' ')})` : ''}`;
});

export { searchWorkspaces } from '../../shared/workspace';

// ---------------------------------------------------------------------------------------------
// The people of the chosen signing request or template (Update: the recipient to change). Their
// lists come in one piece ({results}, unpaginated): the search text filters by name and email.

function peopleSearch(
	owned: OwnedList,
): (this: ILoadOptionsFunctions, filter?: string) => Promise<INodeListSearchResult> {
	return async function (this: ILoadOptionsFunctions, filter?: string) {
		const people = await ownedEntries(this, owned);
		return {
			results: people
				.filter((person) => personMatches(person, filter))
				.map((person) => ({ name: personLabel(person), value: String(person.id) })),
		};
	};
}

/** The recipients of the chosen signing request, by name and email. */
export const searchSigningRequestRecipients = peopleSearch(SIGNING_REQUEST_RECIPIENTS);

/** The users (recipient roles) of the chosen template, by name and email. */
export const searchTemplateUsers = peopleSearch(TEMPLATE_USERS);

// ---------------------------------------------------------------------------------------------
// Webhooks

/**
 * Webhook picker. `GET /webhooks` lists company-level webhooks only unless `workspace_id` is given,
 * so the list walks the scopes one page at a time: company-level first (skipped when the key may
 * not list them), then each workspace the key can reach. The pagination token is
 * `<scope index>:<page>`. The search text filters by URL (the API's partial `url` filter).
 */
export async function searchWebhooks(
	this: ILoadOptionsFunctions,
	filter?: string,
	paginationToken?: string,
): Promise<INodeListSearchResult> {
	const [scopeText, pageText] = (paginationToken ?? '0:1').split(':');
	let scopeIndex = Number(scopeText) || 0;
	let page = Number(pageText) || 1;
	const workspacesResponse = (
		await callApi<PageResponse>(this, listWorkspaces, {
			qs: { page: 1, page_size: 200, sort_by: 'created_on', sort_order: 'asc' },
		})
	).body;
	const workspaces = workspacesResponse.results ?? [];
	const scopes: Array<{ id?: string; label: string }> = [
		{ label: 'company' },
		...workspaces.map((w) => ({ id: String(w.id), label: String(w.name ?? w.id) })),
	];
	while (scopeIndex < scopes.length) {
		const scope = scopes[scopeIndex];
		const qs: IDataObject = {
			page,
			page_size: PAGE_SIZE,
			sort_by: 'created_on',
			sort_order: 'desc',
		};
		if (scope.id) qs.workspace_id = scope.id;
		if (filter) qs.url = filter;
		let response: PageResponse;
		try {
			response = (await callApi<PageResponse>(this, listWebhooks, { qs })).body;
		} catch (error) {
			// A key that may not list company-level webhooks (or another workspace's) skips that scope.
			const status = Number((error as { httpCode?: string }).httpCode);
			if (status === 403 || status === 404) {
				scopeIndex += 1;
				page = 1;
				continue;
			}
			throw new NodeApiError(this.getNode(), error as JsonObject);
		}
		const rows = response.results ?? [];
		const totalPages = response.pagination?.total_pages ?? page;
		const next =
			page < totalPages
				? `${scopeIndex}:${page + 1}`
				: scopeIndex + 1 < scopes.length
					? `${scopeIndex + 1}:1`
					: undefined;
		if (rows.length === 0 && next) {
			[scopeIndex, page] = next.split(':').map(Number);
			continue;
		}
		return {
			results: rows.map((row) => ({
				name: `${String(row.description || row.url || row.id)} (${scope.label}${row.enabled === false ? ', disabled' : ''})`,
				value: String(row.id),
			})),
			paginationToken: next,
		};
	}
	return { results: [] };
}

// ---------------------------------------------------------------------------------------------
// Organization seals. GET /seals is unpaginated
// ({seals: [...]}, active seal heads only): the filter is applied here, on name and display name.

export async function searchSeals(
	this: ILoadOptionsFunctions,
	filter?: string,
): Promise<INodeListSearchResult> {
	const response = (await callApi<{ seals?: IDataObject[] }>(this, listOrganizationSeals)).body;
	const needle = String(filter ?? '')
		.trim()
		.toLowerCase();
	const seals = (Array.isArray(response?.seals) ? response.seals : []).filter(
		(seal) =>
			needle === '' ||
			String(seal.name ?? '')
				.toLowerCase()
				.includes(needle) ||
			String(seal.display_name ?? '')
				.toLowerCase()
				.includes(needle),
	);
	return {
		results: seals.map((seal) => {
			const scope = seal.companies_workspaces_id ? 'workspace' : 'company';
			const flags = [
				`v${String(seal.version ?? 1)}`,
				scope,
				...(Number(seal.is_default) === 1 ? ['default'] : []),
			];
			return {
				name: `${String(seal.name ?? seal.id)} (${flags.join(', ')})`,
				value: String(seal.id),
			};
		}),
	};
}

// ---------------------------------------------------------------------------------------------
// Email domains

/**
 * Email domain picker. The domain lists are unpaginated (`{results, workspace_id}`); the scope
 * follows the chosen operation: the workspace operations (`…WorkspaceDomain…`) list the domains
 * of the workspace in "Workspace", the others the company's. The search text filters by name.
 */
export async function searchEmailDomains(
	this: ILoadOptionsFunctions,
	filter?: string,
): Promise<INodeListSearchResult> {
	const operation = String(this.getCurrentNodeParameter('operation') ?? '');
	let list: ApiEndpoint = listCompanyDomains;
	let params = {};
	if (/Workspace/.test(operation)) {
		const workspaceId = String(
			this.getCurrentNodeParameter('workspaceId', { extractValue: true }) ?? '',
		).trim();
		if (!isUuid(workspaceId)) return { results: [] };
		list = listWorkspaceDomains;
		params = { workspace_id: workspaceId };
	}
	const response = (await callApi<{ results?: IDataObject[] }>(this, list, { params })).body;
	const needle = (filter ?? '').trim().toLowerCase();
	const status = (d: IDataObject) =>
		Number(d.domain_status) === 1
			? 'ready to send'
			: (['ownership pending', 'ownership verified', 'DNS pending'][
					Number(d.verification_status)
				] ?? 'pending');
	return {
		results: (response.results ?? [])
			.filter(
				(d) =>
					!needle ||
					String(d.domain ?? '')
						.toLowerCase()
						.includes(needle),
			)
			.map((d) => ({
				name: `${String(d.domain ?? d.id)} (${status(d)}${d.is_primary ? ', primary' : ''})`,
				value: String(d.id),
			})),
	};
}
