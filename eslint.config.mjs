// One ESLint config for the whole repository: `npx n8n-node lint` (= `npm run lint`) lints the
// package and test/ with it.
//
// The package (package.json, nodes/, credentials/) is linted by @n8n/node-cli's config exactly as
// published, the config n8n's verification scan applies: the blocks below add rules for test/
// only, and test/eslint.config.test.ts checks that every package file gets the same rules as with
// node-cli's unchanged default config. (node-cli's strict mode, package.json `n8n.strict`, would
// demand this file be byte-for-byte node-cli's default and so refuse any block for test/; that
// test takes its place.)
import { config } from '@n8n/node-cli/eslint';

// Test code runs outside n8n: the community-node rules (no process, timers, console, node:
// imports, child processes) and the node-description rules are for code that runs inside n8n.
const plugins = Object.assign({}, ...config.map((block) => block.plugins ?? {}));
const allOff = (prefix) =>
	Object.fromEntries(
		Object.keys(plugins[prefix].rules).map((name) => [`${prefix}/${name}`, 'off']),
	);

/** Focused or skipped tests must not be committed: a skipped test cannot fail. */
const FOCUS_AND_SKIP = ['describe', 'it', 'test'].flatMap((object) =>
	['only', 'skip'].map((property) => ({
		object,
		property,
		message: 'Do not commit focused or skipped tests.',
	})),
);

export default [
	...config,
	{ ignores: ['.build/', 'coverage/'] },
	{
		files: ['test/**/*.ts'],
		rules: {
			...allOff('@n8n/community-nodes'),
			...allOff('n8n-nodes-base'),
			// Mocks and fixtures of n8n's interfaces.
			'@typescript-eslint/no-explicit-any': 'off',
			// The sandbox CLI, `npm start` and the harnesses report on the console.
			'no-console': 'off',
			// `let x; const stop = () => x?.close(); x = await open();` is the pattern for clean-up.
			'prefer-const': ['error', { ignoreReadBeforeAssign: true }],
			// Same policy as test/tsconfig.json (noUnusedParameters: false); `_x` and rest siblings
			// are the usual way to leave a field out of an object.
			'@typescript-eslint/no-unused-vars': [
				'error',
				{ args: 'none', varsIgnorePattern: '^_', ignoreRestSiblings: true },
			],
			'no-restricted-properties': ['error', ...FOCUS_AND_SKIP],
			'no-restricted-globals': [
				'error',
				...['fit', 'fdescribe', 'xit', 'xdescribe', 'xtest'].map((name) => ({
					name,
					message: 'Do not commit focused or skipped tests.',
				})),
			],
		},
	},
];
