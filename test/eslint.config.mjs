// ESLint config for test/ (tests, the sandbox service, the e2e and browser harnesses).
//
// The root eslint.config.mjs must stay @n8n/node-cli's default (package.json sets n8n.strict), and
// its community-node rules are written for code that runs inside n8n: no process, timers, console,
// node: imports, child processes or literal keys. Test code needs all of those, so test/ gets this
// config instead, found through ESLint's config lookup from the linted file (`npm run lint` turns
// it on with ESLINT_FLAGS=unstable_config_lookup_from_file; ESLint 10 does it by default).
//
// It keeps node-cli's base (eslint and typescript-eslint recommended, import-x with the TypeScript
// resolver) and turns off the rules for code inside n8n (@n8n/community-nodes, n8n-nodes-base,
// no-console) and `no-explicit-any` (mocks).
import { config } from '@n8n/node-cli/eslint';

// The plugins are taken from node-cli's config rather than imported here: ESLint loads this file
// and the root config at the same time, and a second import of the (ESM) community plugin races
// with node-cli's require() of it.
const plugins = Object.assign({}, ...config.map((block) => block.plugins ?? {}));
const allOff = (prefix) =>
	Object.fromEntries(
		Object.keys(plugins[prefix].rules).map((name) => [`${prefix}/${name}`, 'off']),
	);

export default [
	...config,
	{
		files: ['**/*.ts'],
		rules: {
			...allOff('@n8n/community-nodes'),
			// node-cli's `./nodes/**` block would match test/nodes here: its node-description rules
			// are for real nodes, not for the stub nodes and parameters that tests build.
			...allOff('n8n-nodes-base'),
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
		},
	},
];
