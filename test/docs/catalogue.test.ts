import { RESOURCES } from '../../nodes/DocumentSigning/actions/operations';
import { loadCatalogue, samePath } from './catalogue';

const catalogue = loadCatalogue();
const all = RESOURCES.flatMap((resource) =>
	Object.values(resource.operations).map((op) => ({ resource: resource.value, ...op.meta })),
);
/** Operations of the API: one operationId each. */
const implemented = all.filter((op) => op.composite === undefined);
/** The node's own operations that combine several API calls (documented exceptions). */
const composite = all.filter((op) => op.composite !== undefined);

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

	it('has exactly the documented operations of its own, each made of catalogue calls', () => {
		expect(composite.map((op) => `${op.resource}.${op.value}`)).toEqual([
			'signingRequest.sendAndWaitForCompletion',
			'signingRequest.catchUpAfterRestart',
		]);
		for (const op of composite) {
			expect(catalogue.some((c) => c.operationId === op.value)).toBe(false);
			expect(op.composite!.calls).toContain(`${op.method} ${op.path}`);
			for (const call of op.composite!.calls) {
				const [method, path] = call.split(' ');
				const known = catalogue.some((c) => c.method === method && samePath(path, c.path));
				expect({ call, known }).toEqual({ call, known: true });
			}
		}
	});

	it('uses each operation value once', () => {
		const values = all.map((op) => op.value);
		expect(new Set(values).size).toBe(values.length);
	});
});
