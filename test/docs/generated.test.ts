import { readFileSync } from 'fs';
import * as path from 'path';

import { RESOURCES } from '../../nodes/DocumentSigning/actions/operations';
import { GENERATORS, replaceSection } from '../../scripts/generate';

/**
 * The generated parts of committed documents (the operation lists of docs/operations.md and
 * README.md, scripts/generate) match what `npm run docs` writes from the node's code, so they can
 * never drift. After changing operations: `npm run docs`, then commit the documents.
 */
const ROOT = path.resolve(__dirname, '../..');
/** The generators read the TypeScript source here; the build hands them the compiled dist/. */
const loadSource = (sourcePath: string): unknown => jest.requireActual(path.join(ROOT, sourcePath));

const sections = GENERATORS.flatMap((generator) =>
	(generator.docs?.(loadSource) ?? []).map((section) => ({ generator: generator.name, section })),
);

describe('generated documentation', () => {
	it('has sections to check', () => {
		expect(sections.map(({ section }) => `${section.file}#${section.marker}`)).toEqual(
			expect.arrayContaining(['docs/operations.md#operations', 'README.md#operations-overview']),
		);
	});

	it.each(
		sections.map(({ generator, section }) => [section.file, section.marker, generator, section]),
	)('%s: %s is what `npm run docs` writes (%s)', (file, _marker, _generator, section) => {
		const committed = readFileSync(path.join(ROOT, file), 'utf8');
		expect(committed).toBe(replaceSection(committed, section));
	});

	it('lists every operation of the node in docs/operations.md', () => {
		const table = readFileSync(path.join(ROOT, 'docs/operations.md'), 'utf8');
		const operations = RESOURCES.flatMap((resource) => Object.values(resource.operations));
		expect(operations.length).toBeGreaterThan(100);
		for (const op of operations) {
			const id = op.meta.composite
				? `none (node operation \`${op.meta.value}\`)`
				: `\`${op.meta.value}\``;
			expect(table).toContain(`| ${op.meta.name} | `);
			expect(table).toContain(` | ${id} |`);
		}
	});
});

describe('what the build reads', () => {
	// The package is built from the repository's own folders: nodes/, credentials/ and the service's
	// documents as data in api/; the build (gulpfile.js and scripts/generate) reads nothing from test/.
	const buildFiles = [
		'gulpfile.js',
		...['index.js', 'operations.js', 'outputSchemas.js'].map((f) => `scripts/generate/${f}`),
	];

	it.each(buildFiles)('%s reads no file under test/', (file) => {
		const code = readFileSync(path.join(ROOT, file), 'utf8')
			// comments may name tests (which check what the build writes)
			.replace(/\/\*[\s\S]*?\*\//g, '')
			.replace(/^\s*\/\/.*$/gm, '');
		expect(code).not.toMatch(/['"`][^'"`\n]*\btest\//);
		expect(code).toMatch(/\S/);
	});

	it('the generators read the documents from api/', () => {
		const code = ['operations.js', 'outputSchemas.js']
			.map((f) => readFileSync(path.join(ROOT, 'scripts/generate', f), 'utf8'))
			.join('\n');
		expect(code).toContain("'../../api/catalogue.json'");
		expect(code).toContain("'../../api/responses.json'");
	});
});
