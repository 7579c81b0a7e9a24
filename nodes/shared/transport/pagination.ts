import type { IDataObject } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import type { KeyMode } from './errors';
import type { ApiEndpoint, CallOptions, TransportContext } from './request';
import { callApi } from './request';

/** page_size limits of the page-number lists. */
export const MAX_PAGE_SIZE = 200;
/** limit bounds of the cursor lists. */
export const MAX_CURSOR_LIMIT = 100;
/** Stops a misbehaving service from keeping a run busy forever. */
const MAX_PAGES = 10_000;

/** A list call: the endpoint's placeholders and explanations as in callApi, plus paging. */
export interface ListCallOptions extends Pick<CallOptions, 'params' | 'explain'> {
	/** Extra query parameters (filters, sorting). */
	qs?: IDataObject;
	/** Fetch every page. */
	returnAll: boolean;
	/** Maximum number of results when returnAll is false. */
	limit?: number;
	/** Page size to ask for; defaults to the largest the service allows. */
	pageSize?: number;
}

/** The rows of a list, with the key mode that answered. */
export interface ListResult {
	results: IDataObject[];
	keyMode: KeyMode;
}

function checkWhole(
	context: TransportContext,
	value: number,
	field: string,
	min: number,
	max: number,
): void {
	if (!Number.isInteger(value) || value < min || value > max) {
		const range = Number.isFinite(max) ? `from ${min} to ${max}` : `of ${min} or more`;
		throw new NodeOperationError(
			context.getNode(),
			`"${field}" must be a whole number ${range} (got ${value})`,
			{
				description:
					field === 'Limit'
						? 'Limit is how many results to return. To get every result, turn on "Return All".'
						: undefined,
			},
		);
	}
}

interface PageResponse {
	results?: IDataObject[];
	pagination?: {
		current_page?: number;
		page_size?: number;
		total_count?: number;
		total_pages?: number;
	};
}

/**
 * Page-number lists (`page`, `page_size`; `{results, pagination}`): fetches page after page of
 * the list endpoint (a list operation's meta) until the limit is reached or the last page has
 * been read.
 */
export async function callPages(
	context: TransportContext,
	endpoint: ApiEndpoint,
	options: ListCallOptions,
): Promise<ListResult> {
	const { returnAll } = options;
	const limit = returnAll ? Infinity : Number(options.limit ?? 50);
	if (!returnAll) checkWhole(context, limit, 'Limit', 1, Infinity);
	const pageSize = Number(
		options.pageSize ?? (returnAll ? MAX_PAGE_SIZE : Math.min(limit, MAX_PAGE_SIZE)),
	);
	checkWhole(context, pageSize, 'Page Size', 1, MAX_PAGE_SIZE);

	const results: IDataObject[] = [];
	let keyMode: KeyMode = 'test';
	for (let page = 1; page <= MAX_PAGES; page++) {
		const answer = await callApi<PageResponse>(context, endpoint, {
			params: options.params,
			qs: { ...options.qs, page, page_size: pageSize },
			explain: options.explain,
		});
		keyMode = answer.keyMode;
		const response = answer.body;
		const rows = Array.isArray(response?.results) ? response.results : [];
		results.push(...rows);
		if (results.length >= limit) return { results: results.slice(0, limit), keyMode };
		const totalPages = response?.pagination?.total_pages;
		const lastPage = typeof totalPages === 'number' ? page >= totalPages : rows.length < pageSize;
		if (rows.length === 0 || lastPage) break;
	}
	return { results, keyMode };
}

/**
 * Cursor lists (`limit`, `cursor`; `{<itemsKey>: [...], cursor}`): follows the cursor of the
 * list endpoint (a list operation's meta) until it is null or the limit is reached.
 */
export async function callCursor(
	context: TransportContext,
	endpoint: ApiEndpoint,
	itemsKey: string,
	options: ListCallOptions,
): Promise<ListResult> {
	const { returnAll } = options;
	const limit = returnAll ? Infinity : Number(options.limit ?? 25);
	if (!returnAll) checkWhole(context, limit, 'Limit', 1, Infinity);
	const pageSize = Number(
		options.pageSize ?? (returnAll ? MAX_CURSOR_LIMIT : Math.min(limit, MAX_CURSOR_LIMIT)),
	);
	checkWhole(context, pageSize, 'Page Size', 1, MAX_CURSOR_LIMIT);

	const results: IDataObject[] = [];
	const seen = new Set<string>();
	let keyMode: KeyMode = 'test';
	let cursor: string | undefined;
	for (let page = 0; page < MAX_PAGES; page++) {
		const qs: IDataObject = { ...options.qs, limit: pageSize };
		if (cursor) qs.cursor = cursor;
		const answer = await callApi(context, endpoint, {
			params: options.params,
			qs,
			explain: options.explain,
		});
		keyMode = answer.keyMode;
		const response = answer.body;
		const rows = Array.isArray(response?.[itemsKey]) ? (response[itemsKey] as IDataObject[]) : [];
		results.push(...rows);
		if (results.length >= limit) return { results: results.slice(0, limit), keyMode };
		const next =
			typeof response?.cursor === 'string' && response.cursor !== '' ? response.cursor : undefined;
		if (!next || rows.length === 0 || seen.has(next)) break;
		seen.add(next);
		cursor = next;
	}
	return { results, keyMode };
}
