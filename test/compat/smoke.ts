/**
 * `npm run test:compat`: an end-to-end smoke of the built package in every n8n version the README
 * names (./runtime.ts: the oldest supported, 1.123, on Node 20, and 2.41.1 on Node 24). For each:
 *   1. the package, installed as a community package, loads (`n8n export:nodes`: both nodes and the
 *      credential);
 *   2. the "send from a template and wait" example runs (`n8n execute`): create, send, signed by
 *      the sandbox, download gives a PDF;
 *   3. the "on completion" trigger example, activated, registers its webhook at the sandbox and a
 *      signed delivery starts one successful execution (`n8n start`).
 * `COMPAT_ONLY=1.123.81` runs one version. Prints "N passed, N failed"; exits 1 on a failure.
 */
import { mkdtempSync, readFileSync, rmSync } from 'fs';
import { tmpdir } from 'os';
import { join } from 'path';

import { SEED, startSandbox, type Sandbox } from '../sandbox';
import {
	CREDENTIAL_TYPE,
	cli,
	cliOk,
	freePort,
	installPackage,
	instance,
	login,
	NODE_TYPE,
	parseRawOutput,
	rest,
	setupOwner,
	startServer,
	TRIGGER_TYPE,
	type Instance,
	type Server,
	waiter,
} from '../e2e/n8n';
import {
	createDemoTemplate,
	importAll,
	loadExamples,
	sandboxCredential,
	withTemplate,
} from '../e2e/setup';
import { ensureTarget, TARGETS, type CompatTarget } from './runtime';

type Json = Record<string, any>;

const until = waiter({ timeoutMs: 120_000 });

function expect(condition: boolean, message: string): void {
	if (!condition) throw new Error(message);
}

function nodeOutput(run: Json, node: string): Json[] {
	const resultData = (run.data?.resultData ?? run.resultData) as Json | undefined;
	const runs = resultData?.runData?.[node] as Json[] | undefined;
	if (!runs || runs.length === 0) throw new Error(`Node "${node}" did not run`);
	return (runs[runs.length - 1].data?.main?.[0] ?? []) as Json[];
}

async function sandboxApi<T = Json>(
	sandbox: Sandbox,
	method: string,
	path: string,
	body?: unknown,
) {
	const response = await fetch(`${sandbox.url}${path}`, {
		method,
		headers: { Authorization: SEED.protectedWorkspace.testKey, 'Content-Type': 'application/json' },
		body: body === undefined ? undefined : JSON.stringify(body),
	});
	const text = await response.text();
	if (!response.ok) throw new Error(`${method} ${path} → ${response.status} ${text}`);
	return (text ? JSON.parse(text) : {}) as T;
}

async function smoke(
	target: CompatTarget,
	report: (name: string, error?: unknown) => void,
): Promise<void> {
	const label = `n8n ${target.n8n}`;
	const rt = ensureTarget(target, (line) => console.log(line));
	const sandbox = await startSandbox({ port: 0, autoSignAfterMs: 1000 });
	const userFolder = mkdtempSync(join(tmpdir(), `compat-n8n-${target.n8n}-`));
	let server: Server | undefined;
	try {
		const templateId = await createDemoTemplate(sandbox.url);
		installPackage(userFolder);
		const inst: Instance = instance(rt, {
			userFolder,
			port: await freePort(),
			brokerPort: await freePort(),
			env: target.env,
		});
		const examples = loadExamples();
		const sendAndWait = withTemplate(examples['send-from-template-and-wait'], templateId);
		const onCompleted = withTemplate(examples['on-completed-download-signed-pdf'], templateId);
		await importAll(inst, [sandboxCredential(sandbox.url)], [sendAndWait, onCompleted]);
		const version = await cliOk(inst, ['--version']);
		expect(version.stdout.includes(target.n8n), `n8n --version: ${version.stdout}`);

		try {
			const file = join(userFolder, 'nodes.json');
			await cliOk(inst, ['export:nodes', `--output=${file}`]);
			const nodes = JSON.parse(readFileSync(file, 'utf8')) as Json[];
			for (const type of [NODE_TYPE, TRIGGER_TYPE]) {
				const node = nodes.find((n) => n.name === type);
				expect(node !== undefined, `${type} is not loaded`);
				expect(
					JSON.stringify(node?.credentials ?? []).includes(CREDENTIAL_TYPE),
					`${type} has no ${CREDENTIAL_TYPE} credential`,
				);
			}
			report(`${label}: the package loads (both nodes, the credential)`);
		} catch (err) {
			report(`${label}: the package loads (both nodes, the credential)`, err);
		}

		try {
			const result = await cli(inst, ['execute', `--id=${sendAndWait.id}`, '--rawOutput'], 300_000);
			expect(result.code === 0, `n8n execute exited ${result.code}\n${result.stdout.slice(-2000)}`);
			const run = parseRawOutput(result.stdout);
			const downloaded = nodeOutput(run, 'Download signed PDF');
			expect(downloaded.length === 1, `${downloaded.length} items from Download signed PDF`);
			const binary = downloaded[0].binary?.data as Json | undefined;
			expect(binary?.mimeType === 'application/pdf', `binary: ${JSON.stringify(binary)}`);
			expect(downloaded[0].json.key_mode === 'test', 'the test key was not used');
			report(`${label}: create from template → send → signed → download (n8n execute)`);
		} catch (err) {
			report(`${label}: create from template → send → signed → download (n8n execute)`, err);
		}

		try {
			// 2.x publishes a workflow; 1.x activates it.
			const activate = target.n8n.startsWith('1.')
				? ['update:workflow', `--id=${onCompleted.id}`, '--active=true']
				: ['publish:workflow', `--id=${onCompleted.id}`];
			await cliOk(inst, activate);
			server = await startServer(inst);
			await setupOwner(inst);
			const cookie = await login(inst);
			const trigger = onCompleted.nodes.find((n) => n.type === TRIGGER_TYPE) as Json;
			const webhookUrl = `${inst.url}/webhook/${trigger.webhookId}/webhook`;
			await until('the webhook registration at the sandbox', () =>
				sandbox.requests.some(
					(r) => r.method === 'POST' && /\/webhooks$/.test(r.path) && r.status < 300,
				)
					? true
					: undefined,
			);
			const created = await sandboxApi(sandbox, 'POST', '/signing-requests', {
				template_id: templateId,
				name: `Compat ${target.n8n}`,
				recipients: [
					{ order: 1, first_name: 'Eve', last_name: 'Example', email: 'eve@example.com' },
				],
			});
			await sandboxApi(sandbox, 'POST', `/signing-requests/${created.id}/send`);
			const executions = await until(`an execution of ${onCompleted.id}`, async () => {
				await sandbox.webhooks.flush();
				const data = await rest<{ results: Json[] }>(
					inst,
					cookie,
					'GET',
					`/executions?filter=${encodeURIComponent(JSON.stringify({ workflowId: onCompleted.id }))}`,
				);
				const done = data.results.filter(
					(e) => String(e.workflowId) === onCompleted.id && !['running', 'new'].includes(e.status),
				);
				return done.length > 0 ? done : undefined;
			});
			expect(executions[0].status === 'success', `execution status ${executions[0].status}`);
			const delivered = sandbox.webhooks.deliveries.filter(
				(d) => d.eventType === 'signing_request.completed' && d.url === webhookUrl,
			);
			expect(
				delivered.length > 0 && delivered[0].status === 200,
				'the delivery was not answered 200',
			);
			report(`${label}: activated trigger receives a signed delivery and runs once (n8n start)`);
		} catch (err) {
			report(
				`${label}: activated trigger receives a signed delivery and runs once (n8n start)`,
				err,
			);
		}
	} finally {
		await server?.stop().catch(() => undefined);
		await sandbox.close().catch(() => undefined);
		rmSync(userFolder, { recursive: true, force: true });
	}
}

async function main(): Promise<void> {
	const only = process.env.COMPAT_ONLY;
	let passed = 0;
	let failed = 0;
	const report = (name: string, error?: unknown) => {
		if (error === undefined) {
			passed++;
			console.log(`  ✓ ${name}`);
		} else {
			failed++;
			console.log(`  ✗ ${name}\n      ${error instanceof Error ? error.message : error}`);
		}
	};
	for (const target of TARGETS.filter((t) => !only || t.n8n === only)) {
		console.log(
			`\n== n8n ${target.n8n} (Node ${target.node === 'system' ? process.version : '24'})`,
		);
		try {
			await smoke(target, report);
		} catch (err) {
			report(`n8n ${target.n8n}: set-up`, err);
		}
	}
	console.log(`${passed} passed, ${failed} failed`);
	process.exitCode = failed === 0 ? 0 : 1;
}

main().catch((err) => {
	console.error(err instanceof Error ? (err.stack ?? err.message) : err);
	process.exit(1);
});
