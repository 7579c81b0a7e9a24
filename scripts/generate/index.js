// @ts-check
/**
 * The build's generators: modules that turn data of the repository into files. gulpfile.js runs
 * them; test/docs/generated.test.ts checks that the committed documents match them.
 *
 * A generator is `{ name, dist?, docs? }`:
 * - `dist(load)` answers `{ '<path under dist/>': contents }`: files every build writes into dist/
 *   (`npm run build`, task `generate`), after the TypeScript compile: the output schemas of the
 *   action node (`nodes/DocumentSigning/__schema__/v<x.y.z>/<resource>/<operation>.json`, n8n's
 *   schema preview; outputSchemas.js).
 * - `docs(load)` answers `[{ file, marker, text }]`: generated parts of committed documents, the
 *   text between `<!-- <marker>:start -->` and `<!-- <marker>:end -->` in `file` (a path from the
 *   repository root). `npm run docs` writes them; a test fails while a committed copy differs.
 * `load(sourcePath)` loads a module of the package by its source path without extension
 * (`'nodes/DocumentSigning/actions/operations'`): the build hands in the compiled module from
 * dist/, the tests the TypeScript source, so both generate from the same code.
 *
 * @typedef {(sourcePath: string) => any} Load
 * @typedef {{ file: string, marker: string, text: string }} DocSection
 * @typedef {{ name: string, dist?: (load: Load) => Record<string, string | Buffer>, docs?: (load: Load) => DocSection[] }} Generator
 */

/** @type {Generator[]} */
const GENERATORS = [require('./operations'), require('./outputSchemas')];

/**
 * `text` with the part between the marker comments replaced by `section` (markers kept).
 * @param {string} text
 * @param {DocSection} section
 */
function replaceSection(text, section) {
	const start = `<!-- ${section.marker}:start -->`;
	const end = `<!-- ${section.marker}:end -->`;
	const from = text.indexOf(start);
	const to = text.indexOf(end);
	if (from < 0 || to < from) {
		throw new Error(
			`${section.file} has no "${start}" … "${end}" for the generated ${section.marker}`,
		);
	}
	return `${text.slice(0, from)}${start}\n${section.text}\n${end}${text.slice(to + end.length)}`;
}

module.exports = { GENERATORS, replaceSection };
