import { execFileSync } from 'child_process';
import { readdirSync } from 'fs';
import * as path from 'path';

/**
 * The root eslint.config.mjs adds rules for test/ to @n8n/node-cli's config. This checks what
 * node-cli's strict mode would have guaranteed: every file of the package (package.json, nodes/,
 * credentials/) is linted with exactly the rules and settings of node-cli's unchanged default
 * config, the one its `n8n-node new` template writes. And that test/ really gets its own rules.
 *
 * ESLint loads configs with import(), which jest's module sandbox does not offer: the comparison
 * runs in a child Node process.
 */
const ROOT = path.resolve(__dirname, '..');
const TEMPLATE = path.join(
	ROOT,
	'node_modules/@n8n/node-cli/dist/template/templates/shared/default/eslint.config.mjs',
);

function filesUnder(folder: string): string[] {
	return readdirSync(path.join(ROOT, folder), { recursive: true, withFileTypes: true })
		.filter((entry) => entry.isFile() && /\.(ts|json)$/.test(entry.name))
		.map((entry) => path.relative(ROOT, path.join(entry.parentPath, entry.name)));
}

interface Computed {
	file: string;
	ignored: boolean;
	rules: Record<string, unknown>;
	settings: Record<string, unknown>;
}

/** 0 off, 1 warn, 2 error (ESLint reports a rule's setting as [severity, ...options]). */
function severity(config: Computed | undefined, rule: string): unknown {
	const setting = config?.rules[rule];
	return Array.isArray(setting) ? setting[0] : setting;
}

const SCRIPT = `
import { ESLint } from 'eslint';
const [template, ...files] = JSON.parse(process.argv[1]);
const describe = async (eslint) => Promise.all(files.map(async (file) => {
	const ignored = await eslint.isPathIgnored(file);
	const config = ignored ? undefined : await eslint.calculateConfigForFile(file);
	return { file, ignored, rules: config?.rules ?? {}, settings: Object.keys(config?.settings ?? {}) };
}));
const root = await describe(new ESLint({ cwd: process.cwd() }));
const plain = await describe(new ESLint({ cwd: process.cwd(), overrideConfigFile: template }));
process.stdout.write(JSON.stringify({ root, plain }));
`;

function computeConfigs(files: string[]): { root: Computed[]; plain: Computed[] } {
	const out = execFileSync(
		process.execPath,
		['--input-type=module', '-e', SCRIPT, JSON.stringify([TEMPLATE, ...files])],
		{ cwd: ROOT, encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 },
	);
	return JSON.parse(out) as { root: Computed[]; plain: Computed[] };
}

describe('eslint.config.mjs', () => {
	const packageFiles = ['package.json', ...filesUnder('nodes'), ...filesUnder('credentials')];
	const testFiles = ['test/eslint.config.test.ts', 'test/sandbox/cli.ts'];
	let computed: { root: Computed[]; plain: Computed[] };
	beforeAll(() => {
		computed = computeConfigs([...packageFiles, ...testFiles]);
	}, 120_000);

	it('lints every package file exactly as node-cli’s default config does', () => {
		const packageCount = packageFiles.length;
		expect(packageCount).toBeGreaterThan(100);
		const root = computed.root.slice(0, packageCount);
		const plain = computed.plain.slice(0, packageCount);
		expect(root).toEqual(plain);
		// The comparison is about something: node-cli's community rules apply to node code.
		const nodeFile = root.find((c) => c.file.endsWith('DocumentSigning.node.ts'));
		expect(severity(nodeFile, '@n8n/community-nodes/no-restricted-globals')).toBe(2);
		expect(severity(nodeFile, 'no-console')).toBe(2);
	});

	it('gives test/ its own rules: no n8n-only rules, no focused or skipped tests', () => {
		for (const file of testFiles) {
			const root = computed.root.find((c) => c.file === file);
			expect(severity(root, '@n8n/community-nodes/no-restricted-globals')).toBe(0);
			expect(severity(root, 'no-console')).toBe(0);
			expect(root?.rules['no-restricted-properties']).toEqual(
				expect.arrayContaining([2, expect.objectContaining({ object: 'it', property: 'only' })]),
			);
			// With node-cli's config alone the same file would get the rules for node code.
			const plain = computed.plain.find((c) => c.file === file);
			expect(severity(plain, '@n8n/community-nodes/no-restricted-globals')).toBe(2);
		}
	});
});
