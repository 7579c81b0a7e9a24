import type { IDataObject, ILoadOptionsFunctions, INodeListSearchResult } from 'n8n-workflow';

import { apiRequest } from '../transport';

const PAGE_SIZE = 50;

interface PageResponse {
	results?: IDataObject[];
	pagination?: { total_pages?: number };
}

async function searchPage(
	context: ILoadOptionsFunctions,
	path: string,
	label: (row: IDataObject) => string,
	filter?: string,
	paginationToken?: string,
	extraQs: IDataObject = {},
): Promise<INodeListSearchResult> {
	const page = Number(paginationToken ?? 1) || 1;
	const qs: IDataObject = { page, page_size: PAGE_SIZE, sort_by: 'created_on', sort_order: 'desc', ...extraQs };
	if (filter) qs.name = filter;
	const response = (await apiRequest.call(context, 'GET', path, { qs })) as PageResponse;
	const rows = response.results ?? [];
	const totalPages = response.pagination?.total_pages ?? page;
	return {
		results: rows.map((row) => ({ name: label(row), value: String(row.id) })),
		paginationToken: page < totalPages ? String(page + 1) : undefined,
	};
}

/** Searchable lists behind the resource locators ("From list" mode). */
export async function searchTemplates(
	this: ILoadOptionsFunctions,
	filter?: string,
	paginationToken?: string,
): Promise<INodeListSearchResult> {
	return await searchPage(this, '/templates', (t) => String(t.name ?? t.id), filter, paginationToken);
}

export async function searchSigningRequests(
	this: ILoadOptionsFunctions,
	filter?: string,
	paginationToken?: string,
): Promise<INodeListSearchResult> {
	return await searchPage(
		this,
		'/signing-requests',
		(r) => `${String(r.name ?? r.id)}${r.status ? ` (${String(r.status)})` : ''}`,
		filter,
		paginationToken,
	);
}

export async function searchWorkspaces(
	this: ILoadOptionsFunctions,
	filter?: string,
	paginationToken?: string,
): Promise<INodeListSearchResult> {
	return await searchPage(
		this,
		'/workspaces',
		(w) => `${String(w.name ?? w.id)}${w.protected ? ' (protected)' : ''}`,
		filter,
		paginationToken,
	);
}
