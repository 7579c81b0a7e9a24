import { readFileSync } from 'fs';
import * as path from 'path';

/**
 * The operation catalogue of ../shared/spec/api-reference.md (the service's full reference),
 * parsed from its tables: 115 operations.
 */
export interface CatalogueOperation {
	/** Row label in the reference, e.g. "S4". */
	ref: string;
	method: string;
	/** Path with its parameters as written, e.g. /signing-requests/{id}. */
	path: string;
	/** The reference's operationId (or the name this package gives an operation that has none). */
	operationId: string;
}

export const SPEC_PATH = path.resolve(__dirname, '../../../shared/spec/api-reference.md');

/**
 * Where service-api.md (authoritative) and this package name an operation differently from the
 * reference: T12 has no operationId; POST /documents is the legacy create, not an upload.
 */
const RENAMED: Record<string, string> = {
	T12: 'copyTemplate',
	S20: 'createDocumentLegacy',
};

export function loadCatalogue(file = SPEC_PATH): CatalogueOperation[] {
	const text = readFileSync(file, 'utf8');
	const operations: CatalogueOperation[] = [];
	const row = /^\| ([A-Z]+\d+) \| (GET|POST|PUT|PATCH|DELETE) `([^`]+)` \| ([^|]+) \|/gm;
	for (const match of text.matchAll(row)) {
		const [, ref, method, apiPath, opCell] = match;
		const id = /^\s*([a-zA-Z]+)\b/.exec(opCell)?.[1]; // "updateX (upsert)" → updateX
		operations.push({ ref, method, path: apiPath, operationId: RENAMED[ref] ?? id ?? '' });
	}
	// D9–D16: "the same eight operations under /workspace/{workspace_id}/domains".
	if (/^\| D9–D16 \|/m.test(text)) {
		for (const company of operations.filter((op) => /^D[1-8]$/.test(op.ref))) {
			operations.push({
				ref: `D${Number(company.ref.slice(1)) + 8}`,
				method: company.method,
				path: company.path.replace('/company/domains', '/workspace/{workspace_id}/domains'),
				operationId: company.operationId.replace('Company', 'Workspace'),
			});
		}
	}
	return operations;
}

/** /signing-requests/{request_id}/x and /signing-requests/{id}/x are the same path. */
export function samePath(a: string, b: string): boolean {
	const norm = (p: string) => p.replace(/\{[^}]+\}/g, '{}').replace(/\/+$/, '');
	return norm(a) === norm(b);
}
