import { readFileSync } from 'fs';
import * as path from 'path';

/**
 * The operation catalogue of the service's API reference (revision 01.38.00): method, path and
 * operationId of its 115 operations, kept in the repository as data (api/catalogue.json) so the tests
 * read nothing outside it. Rows are in the reference's order; `ref` is the reference's row label.
 *
 * Where the reference names an operation differently from service-api.md (authoritative) and this
 * package, the JSON holds the package's name: T12 (no operationId in the reference) is
 * copyTemplate; S20 (POST /documents, the legacy create) is createDocumentLegacy. D9–D16 are the
 * reference's "same eight operations under /workspace/{workspace_id}/domains" written out.
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

export const CATALOGUE_PATH = path.join(__dirname, '../../api/catalogue.json');

export function loadCatalogue(): CatalogueOperation[] {
	return JSON.parse(readFileSync(CATALOGUE_PATH, 'utf8')) as CatalogueOperation[];
}

/** /signing-requests/{request_id}/x and /signing-requests/{id}/x are the same path. */
export function samePath(a: string, b: string): boolean {
	const norm = (p: string) => p.replace(/\{[^}]+\}/g, '{}').replace(/\/+$/, '');
	return norm(a) === norm(b);
}
