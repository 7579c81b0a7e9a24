/** @type {import("jest").Config} */
// TypeScript is transpiled by test/helpers/ts-transform.js (sucrase: types removed, no type check);
// type checking of the whole tree, tests included, is `npm run typecheck`, which CI runs first.
module.exports = {
	// n8n-workflow and n8n-core loaded once per worker, not once per test file: about 1.5 s of CPU
	// per file. See test/helpers/README.md ("One n8n per jest worker").
	testEnvironment: '<rootDir>/test/helpers/single-realm-environment.ts',
	setupFilesAfterEnv: ['<rootDir>/test/helpers/native-modules.ts'],
	roots: ['test'],
	testMatch: ['**/*.test.ts'],
	transform: { '^.+\\.ts$': '<rootDir>/test/helpers/ts-transform.js' },
	testTimeout: 30000,
	// Jest's default is one worker less than the cores: on a 2-core machine that is a single
	// in-band process. The test files are independent (each starts its own sandbox on a free
	// port), so use every core; `npx jest -w 1` runs them one after another.
	maxWorkers: '100%',
	reporters: ['default', '<rootDir>/test/summaryReporter.js'],
};
