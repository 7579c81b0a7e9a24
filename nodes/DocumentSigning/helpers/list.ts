import type { IDataObject, IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';

import type { ApiEndpoint, PathParams } from '../../shared/transport';
import { callPages } from '../../shared/transport';
import { toItems } from './output';
import { checkDateTime, compact } from './validation';

const DATE_FILTERS = { created_after: 'Created After', created_before: 'Created Before' } as const;

export interface PageListOptions {
	/** Values for the endpoint's path placeholders. */
	params?: PathParams;
	/** Query parameters the operation adds (e.g. a workspace scope). */
	qs?: IDataObject;
	/** Operation-specific shaping of the filters before sending (e.g. several statuses). */
	shapeFilters?: (filters: IDataObject) => void;
}

/**
 * Runs a page-number list operation: reads Return All / Limit, the Filters collection (dates
 * checked, text trimmed, empty values dropped) and the Sort collection of
 * `paginationFields()` / `filtersCollection()` / `sortCollection()`, fetches the list endpoint
 * (the operation's meta) page by page and outputs one item per result.
 */
export async function listPages(
	this: IExecuteFunctions,
	i: number,
	endpoint: ApiEndpoint,
	options: PageListOptions = {},
): Promise<INodeExecutionData[]> {
	const returnAll = this.getNodeParameter('returnAll', i) as boolean;
	const limit = returnAll ? undefined : (this.getNodeParameter('limit', i) as number);
	const filters = compact(this.getNodeParameter('filters', i, {}) as IDataObject);
	const sort = compact(this.getNodeParameter('sort', i, {}) as IDataObject);
	for (const [key, label] of Object.entries(DATE_FILTERS)) {
		if (filters[key] !== undefined) filters[key] = checkDateTime(this, filters[key], label);
	}
	for (const [key, value] of Object.entries(filters)) {
		if (typeof value !== 'string') continue;
		if (value.trim() === '') delete filters[key];
		else filters[key] = value.trim();
	}
	options.shapeFilters?.(filters);
	const { results, keyMode } = await callPages(this, endpoint, {
		params: options.params,
		qs: { ...filters, ...sort, ...options.qs },
		returnAll,
		limit,
	});
	return toItems(results, keyMode);
}
