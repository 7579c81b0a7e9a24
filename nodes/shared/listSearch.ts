import type { IDataObject, ILoadOptionsFunctions, INodeListSearchResult } from 'n8n-workflow';

import type { ApiEndpoint } from './transport';
import { callApi } from './transport';

/**
 * One page of a searchable list behind a resource locator ("From list" mode), for every node's
 * pickers: newest first, 50 a page, the search text as the API's `name` filter; the pagination
 * token is the next page number.
 */

export const PAGE_SIZE = 50;

export interface PageResponse {
	results?: IDataObject[];
	pagination?: { total_pages?: number };
}

export async function searchPage(
	context: ILoadOptionsFunctions,
	list: ApiEndpoint,
	label: (row: IDataObject) => string,
	filter?: string,
	paginationToken?: string,
	extraQs: IDataObject = {},
): Promise<INodeListSearchResult> {
	const page = Number(paginationToken ?? 1) || 1;
	const qs: IDataObject = {
		page,
		page_size: PAGE_SIZE,
		sort_by: 'created_on',
		sort_order: 'desc',
		...extraQs,
	};
	if (filter) qs.name = filter;
	const response = (await callApi<PageResponse>(context, list, { qs })).body;
	const rows = response.results ?? [];
	const totalPages = response.pagination?.total_pages ?? page;
	return {
		results: rows.map((row) => ({ name: label(row), value: String(row.id) })),
		paginationToken: page < totalPages ? String(page + 1) : undefined,
	};
}

/** A list-search method of a picker that pages through `list` (see `searchPage`). */
export function pagedSearch(
	list: ApiEndpoint,
	label: (row: IDataObject) => string,
): (
	this: ILoadOptionsFunctions,
	filter?: string,
	paginationToken?: string,
) => Promise<INodeListSearchResult> {
	return async function (this: ILoadOptionsFunctions, filter?: string, paginationToken?: string) {
		return await searchPage(this, list, label, filter, paginationToken);
	};
}
