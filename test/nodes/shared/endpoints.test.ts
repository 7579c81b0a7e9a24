/**
 * The endpoint catalogue of shared code (nodes/shared/endpoints.ts): each entry, named by an
 * operationId, is the method and path of the action node's operation of that name, so the
 * triggers and the action node call the same endpoint for the same operation.
 */
import { RESOURCES } from '../../../nodes/DocumentSigning/actions/operations';
import { ENDPOINTS } from '../../../nodes/shared/endpoints';

const operations = new Map(
	RESOURCES.flatMap((resource) => Object.values(resource.operations)).map(({ meta }) => [
		meta.value,
		meta,
	]),
);

describe('endpoint catalogue', () => {
	it.each(Object.entries(ENDPOINTS))(
		'%s is the meta of the operation of that name',
		(name, endpoint) => {
			const meta = operations.get(name);
			expect(meta).toBeDefined();
			expect({ method: meta?.method, path: meta?.path }).toEqual(endpoint);
		},
	);
});
