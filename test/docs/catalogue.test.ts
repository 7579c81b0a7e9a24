import { RESOURCES } from '../../nodes/DocumentSigning/actions/operations';
import { loadCatalogue, samePath } from './catalogue';

const catalogue = loadCatalogue();
const implemented = RESOURCES.flatMap((resource) =>
	Object.values(resource.operations).map((op) => ({ resource: resource.value, ...op.meta })),
);

describe('the node against the API reference catalogue', () => {
	it('holds the 115 operations of the reference, each with a method, a path and a name', () => {
		expect(catalogue).toHaveLength(115);
		for (const op of catalogue) {
			expect(op.ref).toMatch(/^[A-Z]+\d+$/);
			expect(['GET', 'POST', 'PUT', 'PATCH', 'DELETE']).toContain(op.method);
			expect(op.path).toMatch(/^\//);
			expect(op.operationId).toMatch(/^[a-z][a-zA-Z]+$/);
		}
		expect(new Set(catalogue.map((op) => op.operationId)).size).toBe(115);
		expect(new Set(catalogue.map((op) => op.ref)).size).toBe(115);
		expect(new Set(catalogue.map((op) => `${op.method} ${op.path}`)).size).toBe(115);
	});

	it.each(implemented.map((op) => [op.value, op]))(
		'%s calls the method and path the reference gives that operation',
		(_value, op) => {
			const entry = catalogue.find((c) => c.operationId === op.value);
			expect(entry).toBeDefined();
			expect(op.method).toBe(entry!.method);
			expect(samePath(op.path, entry!.path)).toBe(true);
		},
	);

	it('offers every operation of the reference', () => {
		const values = new Set(implemented.map((op) => op.value));
		const missing = catalogue
			.filter((c) => !values.has(c.operationId))
			.map((c) => `${c.ref} ${c.operationId}`);
		expect(missing).toEqual([]);
		expect(implemented).toHaveLength(catalogue.length);
	});

	it('uses each operation value once', () => {
		const values = implemented.map((op) => op.value);
		expect(new Set(values).size).toBe(values.length);
	});
});
