/**
 * Jest's transform for TypeScript (jest.config.js and test/e2e/jest.config.js): sucrase removes the
 * types and turns `import`/`export` into CommonJS, file by file, about six times faster than
 * TypeScript's own `transpileModule` (what ts-jest ran), which was most of a first `npm test`'s
 * extra CPU (jest caches transformed files, so later runs transform nothing). Types are not checked
 * here: `npm run typecheck` checks the whole tree, tests included, and CI runs it before the tests.
 */
const { createHash } = require('crypto');
const { readFileSync } = require('fs');
const { transform } = require('sucrase');

const version = require('sucrase/package.json').version;
const selfHash = createHash('sha256')
	.update(version)
	.update(readFileSync(__filename))
	.digest('hex');

module.exports = {
	getCacheKey(source, path) {
		return createHash('sha256').update(selfHash).update(path).update(source).digest('hex');
	},
	process(source, path) {
		const { code, sourceMap } = transform(source, {
			// 'jest' hoists jest.mock() calls above the imports, as ts-jest did.
			transforms: ['typescript', 'imports', 'jest'],
			filePath: path,
			sourceMapOptions: { compiledFilename: path },
			// Keep class fields and other modern syntax as written (Node 20 runs them natively).
			disableESTransforms: true,
		});
		return { code, map: sourceMap };
	},
};
