/**
 * Page-number lists (api-reference §1.5): `page` (>= 1, default 1), `page_size` (1..200,
 * default 50) → `{ results, pagination: { current_page, page_size, total_count, total_pages } }`.
 * A page past the end gives empty `results`; no items gives `total_pages: 0`.
 */
import { queryDate, queryEnum, queryInt, type Query, type Validator } from './validation';

export interface PageParams {
	page: number;
	pageSize: number;
}

export function parsePageParams(v: Validator, query: Query): PageParams {
	return {
		page: queryInt(v, query, 'page', { min: 1, def: 1 }),
		pageSize: queryInt(v, query, 'page_size', { min: 1, max: 200, def: 50 }),
	};
}

/** What every page-number list accepts besides its own filters. */
export interface ListQuery<F extends string> {
	page: PageParams;
	createdAfter?: number;
	createdBefore?: number;
	sortField: F;
	sortOrder: 'asc' | 'desc';
}

const SORT_ORDERS = ['asc', 'desc'] as const;

/**
 * Reads page, page_size, created_after, created_before, sort_by (one of `sortFields`, default
 * created_on) and sort_order (default desc), recording every bad one in `v`.
 */
export function parseListQuery<F extends string>(
	v: Validator,
	query: Query,
	sortFields: readonly F[],
): ListQuery<F> {
	return {
		page: parsePageParams(v, query),
		createdAfter: queryDate(v, query, 'created_after'),
		createdBefore: queryDate(v, query, 'created_before'),
		sortField: queryEnum(v, query, 'sort_by', sortFields, 'created_on' as F),
		sortOrder: queryEnum(v, query, 'sort_order', SORT_ORDERS, 'desc'),
	};
}

/** Keeps the items created strictly after `createdAfter` and before `createdBefore` (when given). */
export function createdWithin<T>(
	items: T[],
	createdAt: (item: T) => number,
	list: ListQuery<string>,
): T[] {
	return items.filter(
		(item) =>
			(list.createdAfter === undefined || createdAt(item) > list.createdAfter) &&
			(list.createdBefore === undefined || createdAt(item) < list.createdBefore),
	);
}

export function paginate<T>(
	items: T[],
	{ page, pageSize }: PageParams,
): {
	results: T[];
	pagination: { current_page: number; page_size: number; total_count: number; total_pages: number };
} {
	const start = (page - 1) * pageSize;
	return {
		results: items.slice(start, start + pageSize),
		pagination: {
			current_page: page,
			page_size: pageSize,
			total_count: items.length,
			total_pages: Math.ceil(items.length / pageSize),
		},
	};
}

/**
 * Sorts a copy by `key`, ascending or descending. Ties go by `createdAt`, then by the order the
 * records were created in (`items` is in that order, as the store keeps them), in the same
 * direction: records created within the same millisecond still list newest first.
 */
export function sortBy<T>(
	items: T[],
	key: (item: T) => string | number | boolean,
	order: 'asc' | 'desc',
	createdAt: (item: T) => string,
): T[] {
	const direction = order === 'asc' ? 1 : -1;
	const position = new Map(items.map((item, index) => [item, index]));
	return [...items].sort((a, b) => {
		const ka = key(a);
		const kb = key(b);
		let cmp: number;
		if (typeof ka === 'string' && typeof kb === 'string') {
			cmp = ka.localeCompare(kb, 'en', { sensitivity: 'base' });
		} else {
			cmp = Number(ka) - Number(kb);
		}
		if (cmp === 0) cmp = createdAt(a).localeCompare(createdAt(b));
		if (cmp === 0) cmp = position.get(a)! - position.get(b)!;
		return cmp * direction;
	});
}
