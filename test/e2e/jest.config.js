/** @type {import("jest").Config} */
// `npm run test:e2e`: the example workflows and the nodes in a real n8n 2.41.1 against the sandbox.
// Serial (one n8n user folder, one n8n at a time) with long timeouts; `npm test` does not run these
// (its testMatch is *.test.ts, these are *.e2e.ts).
module.exports = {
	rootDir: '../..',
	testEnvironment: 'node',
	roots: ['<rootDir>/test/e2e'],
	testMatch: ['**/*.e2e.ts'],
	transform: { '^.+\\.ts$': '<rootDir>/test/helpers/ts-transform.js' },
	globalSetup: '<rootDir>/test/e2e/globalSetup.ts',
	maxWorkers: 1,
	testTimeout: 180000,
	slowTestThreshold: 60,
	reporters: ['default', ['<rootDir>/test/e2e/summaryReporter.js', { label: 'E2E' }]],
};
