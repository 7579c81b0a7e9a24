/**
 * The package's build. `npm run build` = `gulp build`:
 *   1. clean     remove dist/
 *   2. compile   TypeScript of nodes/ and credentials/ into dist/ (tsc with tsconfig.json)
 *   3. assets, side by side:
 *      icons     nodes/** and credentials/** *.svg / *.png → dist/ (binary: encoding off)
 *      codex     nodes/<node>/<node>.node.json (n8n's codex files: categories, aliases, links)
 *      generate  files generated from the repository's data into dist/ (scripts/generate: the
 *                output schemas of the action node plug in there)
 * `npm run docs` = `gulp docs`: rewrites the generated parts of committed documents (the
 * operation lists of docs/operations.md and README.md; test/docs/generated.test.ts fails while
 * a committed copy differs from what this would write).
 *
 * Why tsc and not `n8n-node build`: that command is `rm -rf dist`, `tsc`, then a copy of every
 * *.png / *.svg / __schema__/*.json of the whole tree (test/ and docs/ included). Here gulp owns
 * those steps and copies only what the package ships, so the compile is the same tsc that
 * `n8n-node build` runs, called directly.
 */
const { execFileSync } = require('node:child_process');
const { mkdirSync, readFileSync, rmSync, writeFileSync } = require('node:fs');
const path = require('node:path');
const { dest, parallel, series, src } = require('gulp');

const { GENERATORS, replaceSection } = require('./scripts/generate');

const ROOT = __dirname;
const DIST = path.join(ROOT, 'dist');

function clean(done) {
	rmSync(DIST, { recursive: true, force: true });
	done();
}

function compile(done) {
	execFileSync(process.execPath, [require.resolve('typescript/bin/tsc'), '-p', 'tsconfig.json'], {
		cwd: ROOT,
		stdio: 'inherit',
	});
	done();
}

function icons() {
	return src(['nodes/**/*.{svg,png}', 'credentials/**/*.{svg,png}'], {
		base: '.',
		encoding: false,
	}).pipe(dest('dist'));
}

function codex() {
	return src('nodes/*/*.node.json', { base: '.' }).pipe(dest('dist'));
}

/** A compiled module of the package, by its source path without extension. */
function loadFromDist(sourcePath) {
	return require(path.join(DIST, `${sourcePath}.js`));
}

function generate(done) {
	for (const generator of GENERATORS) {
		for (const [file, contents] of Object.entries(generator.dist?.(loadFromDist) ?? {})) {
			const target = path.join(DIST, file);
			mkdirSync(path.dirname(target), { recursive: true });
			writeFileSync(target, contents);
		}
	}
	done();
}

function writeDocs(done) {
	for (const generator of GENERATORS) {
		for (const section of generator.docs?.(loadFromDist) ?? []) {
			const file = path.join(ROOT, section.file);
			const before = readFileSync(file, 'utf8');
			const after = replaceSection(before, section);
			if (after !== before) {
				writeFileSync(file, after);
				console.log(`${section.file}: ${section.marker} updated`);
			}
		}
	}
	done();
}

const build = series(clean, compile, parallel(icons, codex, generate));

exports.clean = clean;
exports.compile = compile;
exports.icons = icons;
exports.codex = codex;
exports.generate = generate;
exports.build = build;
exports.docs = series(compile, writeDocs);
exports.default = build;
