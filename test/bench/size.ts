/**
 * `npm run size`: how large the nodes' descriptions are as n8n serves them to the editor.
 *
 * Runs the real `n8n export:nodes` (n8n 2.41.1 from the runtime cache, see test/e2e/runtime.ts)
 * with the built package installed in a temporary user folder, and prints the size of each of
 * the package's node types (the JSON line export:nodes writes for it) next to the largest node
 * n8n itself ships. Without the runtime, or with `--fast`, it serialises the built nodes'
 * descriptions the same way (JSON.stringify) instead: the same figure for the description, but
 * without what n8n's loader adds (the AI-tool variant, icon URLs).
 *
 * Target (issue 12): the action node ≤ 150 KB.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'fs';
import { tmpdir } from 'os';
import { join } from 'path';

import { cliOk, freePort, installPackage, instance, PACKAGE_NAME, REPO_ROOT } from '../e2e/n8n';
import { runtimePaths } from '../e2e/runtime';

const TARGET_KB = 150;

interface Entry {
	name: string;
	kb: number;
}

/** KB as the issue counts them: 1000 bytes of UTF-8 JSON. */
const kb = (json: string): number => Buffer.byteLength(json, 'utf8') / 1000;

function fromBuild(): Entry[] {
	const nodes = [
		['DocumentSigning', 'DocumentSigning'],
		['DocumentSigningTrigger', 'DocumentSigningTrigger'],
	];
	return nodes.map(([folder, cls]) => {
		const file = join(REPO_ROOT, 'dist', 'nodes', folder, `${folder}.node.js`);
		// eslint-disable-next-line @typescript-eslint/no-require-imports
		const mod = require(file) as Record<string, new () => { description: { name: string } }>;
		const description = new mod[cls]().description;
		return { name: `${PACKAGE_NAME}.${description.name}`, kb: kb(JSON.stringify(description)) };
	});
}

async function fromN8n(): Promise<{ ours: Entry[]; largestBase: Entry | undefined }> {
	const rt = runtimePaths();
	const userFolder = mkdtempSync(join(tmpdir(), 'ds-size-'));
	try {
		installPackage(userFolder);
		const inst = instance(rt, {
			userFolder,
			port: await freePort(),
			brokerPort: await freePort(),
			env: { N8N_LOG_LEVEL: 'warn' },
		});
		const output = join(userFolder, 'nodes.json');
		await cliOk(inst, ['export:nodes', `--output=${output}`], 300_000);
		const lines = readFileSync(output, 'utf8')
			.split('\n')
			.map((l) => l.replace(/,$/, ''))
			.filter((l) => l.startsWith('{'));
		const entries = lines.map((line) => {
			const parsed = JSON.parse(line) as { name: string; version: number | number[] };
			return { name: `${parsed.name} v${String(parsed.version)}`, kb: kb(line) };
		});
		const ours = entries.filter((e) => e.name.startsWith(`${PACKAGE_NAME}.`));
		const largestBase = entries
			.filter((e) => e.name.startsWith('n8n-nodes-base.'))
			.sort((a, b) => b.kb - a.kb)[0];
		return { ours, largestBase };
	} finally {
		rmSync(userFolder, { recursive: true, force: true });
	}
}

async function main(): Promise<void> {
	const fast = process.argv.includes('--fast') || !existsSync(runtimePaths().n8nScript);
	const line = (e: Entry) => `  ${e.kb.toFixed(1).padStart(7)} KB  ${e.name}`;
	let ours: Entry[];
	if (fast) {
		console.log(
			'Node descriptions (JSON.stringify of the built nodes, as export:nodes writes them):',
		);
		ours = fromBuild();
		ours.forEach((e) => console.log(line(e)));
	} else {
		console.log('Node descriptions as `n8n export:nodes` (n8n 2.41.1) writes them:');
		const result = await fromN8n();
		ours = result.ours;
		ours.forEach((e) => console.log(line(e)));
		if (result.largestBase) console.log(`${line(result.largestBase)}  (largest n8n node)`);
	}
	const action = ours.find((e) => /\.documentSigning( |$)/.test(e.name));
	if (!action) throw new Error('The action node is missing from the export');
	const ok = action.kb <= TARGET_KB;
	console.log(
		`Action node: ${action.kb.toFixed(1)} KB (target ≤ ${TARGET_KB} KB): ${ok ? 'met' : 'NOT met'}`,
	);
}

main().catch((error: unknown) => {
	console.error(error);
	process.exitCode = 1;
});
