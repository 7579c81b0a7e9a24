/** @type {import("jest").Config} */
// ts-jest only transpiles (test/tsconfig.jest.json sets isolatedModules): type checking of the
// whole tree, tests included, is `npm run typecheck`, which CI runs before the tests.
module.exports = {
	preset: 'ts-jest',
	testEnvironment: 'node',
	roots: ['test'],
	testMatch: ['**/*.test.ts'],
	transform: {
		'^.+\\.ts$': [
			'ts-jest',
			{
				tsconfig: 'test/tsconfig.jest.json',
			},
		],
	},
	testTimeout: 30000,
	reporters: ['default', '<rootDir>/test/summaryReporter.js'],
};
