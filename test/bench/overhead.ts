/**
 * `npm run bench:overhead`: what the Document Signing node costs per item compared with n8n's own
 * HTTP Request node doing the same call with the same credential, in one run of a real n8n 2.41.1.
 *
 * 500 × Get Template against the local sandbox on loopback (its rate limits set far above what the
 * run needs, so no wait is involved). Each workflow feeds the same 500 items to four nodes: a
 * warm-up of each kind, then the two measured nodes; two workflows swap the measured order, and
 * each is executed ROUNDS times. The figure per node is n8n's own `executionTime` of that node
 * divided by the items. Target: Document Signing ≤ 0.8 × HTTP Request per item.
 *
 * Not a test: it prints figures and exits 1 when the target is missed. Environment: BENCH_ITEMS
 * (default 500), BENCH_ROUNDS (default 3), BENCH_KEEP=1 keeps the n8n user folder.
 */
import { spawn } from 'child_process';
import { closeSync, mkdtempSync, openSync, readFileSync, rmSync } from 'fs';
import { tmpdir } from 'os';
import { join } from 'path';

import { startSandbox, type Sandbox } from '../sandbox';
import {
	CREDENTIAL_TYPE,
	NODE_TYPE,
	freePort,
	installPackage,
	instance,
	parseRawOutput,
	type Instance,
} from '../e2e/n8n';
import { ensureRuntime } from '../e2e/runtime';
import {
	CREDENTIAL_ID,
	CREDENTIAL_NAME,
	createDemoTemplate,
	importAll,
	sandboxCredential,
} from '../e2e/setup';

const ITEMS = Number(process.env.BENCH_ITEMS ?? 500);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const TARGET = 0.8;
const CRED = { [CREDENTIAL_TYPE]: { id: CREDENTIAL_ID, name: CREDENTIAL_NAME } };

type Json = Record<string, any>;

function node(
	name: string,
	type: string,
	typeVersion: number,
	y: number,
	parameters: Json,
	credentials?: Json,
): Json {
	return {
		id: name.replace(/\W/g, '').toLowerCase(),
		name,
		type,
		typeVersion,
		position: [600, y],
		parameters,
		...(credentials ? { credentials } : {}),
	};
}

function documentSigning(name: string, y: number, templateId: string): Json {
	return node(
		name,
		NODE_TYPE,
		1,
		y,
		{
			resource: 'template',
			operation: 'getTemplate',
			templateId: { __rl: true, mode: 'id', value: templateId },
		},
		CRED,
	);
}

function httpRequest(name: string, y: number, url: string): Json {
	return node(
		name,
		'n8n-nodes-base.httpRequest',
		4.2,
		y,
		{
			method: 'GET',
			url,
			authentication: 'predefinedCredentialType',
			nodeCredentialType: CREDENTIAL_TYPE,
			options: {},
		},
		CRED,
	);
}

/** Start → 500 items → four nodes run one after the other (n8n's v1 order: top to bottom). */
function workflow(
	id: string,
	measuredFirst: 'ds' | 'http',
	baseUrl: string,
	templateId: string,
): Json {
	const url = `${baseUrl}/templates/${templateId}`;
	const measured =
		measuredFirst === 'ds'
			? [
					documentSigning('Document Signing', 200, templateId),
					httpRequest('HTTP Request', 300, url),
				]
			: [
					httpRequest('HTTP Request', 200, url),
					documentSigning('Document Signing', 300, templateId),
				];
	const nodes = [
		node('Start', 'n8n-nodes-base.manualTrigger', 1, 0, {}),
		node('Items', 'n8n-nodes-base.set', 3.4, 0, {
			mode: 'raw',
			jsonOutput: JSON.stringify({ n: Array.from({ length: ITEMS }, (_, i) => i) }),
			options: {},
		}),
		node('Split', 'n8n-nodes-base.splitOut', 1, 0, { fieldToSplitOut: 'n', options: {} }),
		documentSigning('Warm-up Document Signing', 0, templateId),
		httpRequest('Warm-up HTTP Request', 100, url),
		...measured,
	];
	nodes[0].position = [0, 0];
	nodes[1].position = [200, 0];
	nodes[2].position = [400, 0];
	const targets = nodes.slice(3).map((n) => ({ node: n.name, type: 'main', index: 0 }));
	return {
		id,
		name: `bench: overhead (${measuredFirst === 'ds' ? 'Document Signing' : 'HTTP Request'} first)`,
		nodes,
		connections: {
			Start: { main: [[{ node: 'Items', type: 'main', index: 0 }]] },
			Items: { main: [[{ node: 'Split', type: 'main', index: 0 }]] },
			Split: { main: [targets] },
		},
		settings: { executionOrder: 'v1' },
	};
}

function taskOf(run: Json, name: string): Json {
	const resultData = (run.data?.resultData ?? run.resultData) as Json;
	const task = resultData?.runData?.[name]?.[0] as Json | undefined;
	if (!task) throw new Error(`Node "${name}" did not run`);
	if (task.error)
		throw new Error(`Node "${name}" failed: ${JSON.stringify(task.error).slice(0, 500)}`);
	const items = (task.data?.main?.[0] ?? []) as Json[];
	if (items.length !== ITEMS)
		throw new Error(`Node "${name}" output ${items.length} items, expected ${ITEMS}`);
	return task;
}

/**
 * `n8n execute --id <id> --rawOutput`, its output written to a file: the run's JSON is several
 * megabytes, and n8n exits before a pipe would have taken all of it.
 */
async function execute(inst: Instance, workflowId: string, outFile: string): Promise<Json> {
	const fd = openSync(outFile, 'w');
	const code = await new Promise<number | null>((resolveRun, reject) => {
		const child = spawn(
			inst.rt.node,
			[inst.rt.n8nScript, 'execute', `--id=${workflowId}`, '--rawOutput'],
			{ env: inst.env, cwd: inst.options.userFolder, stdio: ['ignore', fd, fd] },
		);
		child.on('error', reject);
		child.on('close', resolveRun);
	});
	closeSync(fd);
	const output = readFileSync(outFile, 'utf8');
	try {
		return parseRawOutput(output);
	} catch {
		throw new Error(`n8n execute printed no JSON (exit ${code}):\n${output.slice(-3000)}`);
	}
}

const median = (values: number[]) => {
	const sorted = [...values].sort((a, b) => a - b);
	const mid = Math.floor(sorted.length / 2);
	return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

async function main(): Promise<void> {
	const rt = ensureRuntime((line) => console.log(line));
	let sandbox: Sandbox | undefined;
	let userFolder: string | undefined;
	try {
		sandbox = await startSandbox({
			rateLimits: { read: 10_000_000, write: 10_000_000 },
		});
		const templateId = await createDemoTemplate(sandbox.url);
		userFolder = mkdtempSync(join(tmpdir(), 'ds-bench-overhead-'));
		installPackage(userFolder);
		const inst = instance(rt, {
			userFolder,
			port: await freePort(),
			brokerPort: await freePort(),
		});
		const workflows = [
			workflow('dsBenchOverheadA', 'ds', sandbox.url, templateId),
			workflow('dsBenchOverheadB', 'http', sandbox.url, templateId),
		];
		await importAll(inst, [sandboxCredential(sandbox.url, 'test')], workflows as never);

		const ds: number[] = [];
		const http: number[] = [];
		console.log(
			`${ITEMS} × Get Template, ${ROUNDS} rounds × 2 orders, n8n ${'2.41.1'} (Node ${rt.node})`,
		);
		for (let round = 1; round <= ROUNDS; round++) {
			for (const wf of workflows) {
				sandbox.clearRequests();
				const run = await execute(inst, wf.id, join(userFolder, 'run.json'));
				const dsTask = taskOf(run, 'Document Signing');
				const httpTask = taskOf(run, 'HTTP Request');
				const sent = sandbox.requests.length;
				const refused = sandbox.requests.filter((r) => r.status !== 200).length;
				if (sent !== 4 * ITEMS || refused > 0) {
					throw new Error(
						`The sandbox saw ${sent} requests (${refused} not 200), expected ${4 * ITEMS} answered 200`,
					);
				}
				const dsMs = Number(dsTask.executionTime) / ITEMS;
				const httpMs = Number(httpTask.executionTime) / ITEMS;
				ds.push(dsMs);
				http.push(httpMs);
				console.log(
					`  round ${round}, ${wf.id.endsWith('A') ? 'Document Signing first' : 'HTTP Request first'}: ` +
						`Document Signing ${dsMs.toFixed(3)} ms/item, HTTP Request ${httpMs.toFixed(3)} ms/item, ratio ${(dsMs / httpMs).toFixed(2)}`,
				);
			}
		}
		const dsMedian = median(ds);
		const httpMedian = median(http);
		const ratio = dsMedian / httpMedian;
		console.log('');
		console.log(
			`Document Signing node: ${dsMedian.toFixed(3)} ms per item (median of ${ds.length})`,
		);
		console.log(
			`HTTP Request node:     ${httpMedian.toFixed(3)} ms per item (median of ${http.length})`,
		);
		console.log(
			`Ratio: ${ratio.toFixed(2)} (target ≤ ${TARGET}) → ${ratio <= TARGET ? 'MET' : 'NOT MET'}`,
		);
		process.exitCode = ratio <= TARGET ? 0 : 1;
	} finally {
		await sandbox?.close();
		if (userFolder && process.env.BENCH_KEEP !== '1')
			rmSync(userFolder, { recursive: true, force: true });
	}
}

main().catch((error) => {
	console.error(error instanceof Error ? error.message : error);
	process.exit(1);
});
