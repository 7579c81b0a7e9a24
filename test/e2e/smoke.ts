/**
 * The smoke test of `npm start` that CI runs (.ci/run), the way a user runs it: `npm start` in a
 * process group of its own (as a terminal runs it), no stdin. It waits for the banner, checks
 * /healthz, logs in through n8n's REST API, finds the examples and the sandbox credential, runs
 * the "send from a template" example against the sandbox and checks it succeeded with the signed
 * PDF, then sends SIGINT to the process group (Ctrl+C) and checks that nothing is left running.
 *
 *   node .build/e2e/test/e2e/smoke.js [data folder]
 *
 * The data folder (default: a new temporary folder, removed afterwards) is passed to npm start as
 * N8N_START_DATA. SMOKE_STOP=sigterm-npm sends SIGTERM to the npm process instead, SMOKE_STOP=sighup
 * sends SIGHUP to the group (a closed terminal).
 * Exit codes: 0 passed; 1 failed; 4 the npm registry cannot be reached (n8n cannot be installed).
 */
import { spawn } from 'child_process';
import { closeSync, mkdtempSync, openSync, readdirSync, readFileSync, rmSync } from 'fs';
import { tmpdir } from 'os';
import { join } from 'path';

import { OWNER, REPO_ROOT, unflatten } from './n8n';
import { CATCH_UP_EXAMPLE_ID, CREDENTIAL_ID, loadExamples } from './setup';

const sleep = async (ms: number) => await new Promise((r) => setTimeout(r, ms));

class SmokeFailure extends Error {}

function fail(message: string): never {
	throw new SmokeFailure(message);
}

function groupAlive(pgid: number): boolean {
	try {
		process.kill(-pgid, 0);
		return true;
	} catch {
		return false;
	}
}

/** Processes still running with this run's token in their environment (npm start, n8n). */
function processesOf(token: string): string[] {
	const found: string[] = [];
	for (const pid of readdirSync('/proc').filter((p) => /^\d+$/.test(p))) {
		try {
			const environ = readFileSync(`/proc/${pid}/environ`, 'utf8');
			if (!environ.split('\0').includes(`DS_SMOKE_RUN=${token}`)) continue;
			found.push(
				`${pid} ${readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').join(' ').slice(0, 120)}`,
			);
		} catch {
			/* gone or not ours */
		}
	}
	return found;
}

async function main(): Promise<number> {
	const given = process.argv[2];
	const data = given ?? mkdtempSync(join(tmpdir(), 'ds-smoke-'));
	const logFile = join(data, '..', `${data.split('/').pop()}-npm-start.log`);
	const started = Date.now();
	const token = `${process.pid}-${started}`;
	const out = openSync(logFile, 'w');
	const npm = spawn('npm', ['start'], {
		cwd: REPO_ROOT,
		env: {
			...process.env,
			N8N_START_DATA: data,
			CI: process.env.CI ?? 'true',
			DS_SMOKE_RUN: token,
		},
		stdio: ['ignore', out, out],
		detached: true,
	});
	closeSync(out);
	const pgid = npm.pid!;
	const log = () => readFileSync(logFile, 'utf8');
	const step = (line: string) =>
		console.log(`  [${Math.round((Date.now() - started) / 1000)} s] ${line}`);
	console.log(`npm start (process group ${pgid}, data folder ${data}, output ${logFile})`);

	let n8nPid: number | undefined;
	try {
		// 1. The banner (the first run installs n8n: up to 30 minutes).
		let base = '';
		let sandboxUrl = '';
		let lastProgress = '';
		for (const deadline = Date.now() + 30 * 60_000; ; ) {
			const text = log();
			const open = /Open the workflows:\s+(http:\/\/\S+)\/home\/workflows/.exec(text);
			const sandbox = /Sandbox \(fake API\):\s+(http:\/\/\S+)/.exec(text);
			if (open && sandbox) {
				base = open[1];
				sandboxUrl = sandbox[1];
				break;
			}
			if (npm.exitCode !== null || npm.signalCode !== null) {
				const tail = text.split('\n').slice(-25).join('\n');
				if (/npm registry cannot be reached/.test(text)) {
					console.error(tail);
					return 4;
				}
				fail(`npm start exited (${npm.exitCode ?? npm.signalCode}) before its banner:\n${tail}`);
			}
			if (Date.now() > deadline) fail(`no banner within 30 minutes:\n${text.slice(-3000)}`);
			const progress = text
				.split('\n')
				.filter((l) => /^\s*(\[\d\/\d\]|install \d\/\d)/.test(l))
				.pop();
			if (progress && progress !== lastProgress) {
				step(progress.trim());
				lastProgress = progress;
			}
			await sleep(1000);
		}
		step(`banner: ${base}/home/workflows, sandbox ${sandboxUrl}`);
		n8nPid = (JSON.parse(readFileSync(join(data, 'start.lock'), 'utf8')) as { n8nPid?: number })
			.n8nPid;

		// 2. Health, login, the examples and the credential.
		const health = await fetch(`${base}/healthz`);
		if (health.status !== 200) fail(`GET /healthz → ${health.status}`);
		const loginResponse = await fetch(`${base}/rest/login`, {
			method: 'POST',
			headers: { 'Content-Type': 'application/json' },
			body: JSON.stringify({ emailOrLdapLoginId: OWNER.email, password: OWNER.password }),
		});
		if (!loginResponse.ok)
			fail(`login as ${OWNER.email} → ${loginResponse.status} ${await loginResponse.text()}`);
		const cookie = loginResponse.headers
			.getSetCookie()
			.map((c) => c.split(';')[0])
			.join('; ');
		const rest = async <T>(method: string, path: string, body?: unknown): Promise<T> => {
			const response = await fetch(`${base}/rest${path}`, {
				method,
				headers: { Cookie: cookie, 'Content-Type': 'application/json', 'browser-id': 'smoke' },
				body: body === undefined ? undefined : JSON.stringify(body),
			});
			const text = await response.text();
			if (!response.ok) fail(`${method} /rest${path} → ${response.status} ${text.slice(0, 500)}`);
			return (JSON.parse(text) as { data: T }).data;
		};
		step('GET /healthz 200, logged in through the REST API');
		const workflows = await rest<Array<{ id: string; name: string; active?: boolean }>>(
			'GET',
			'/workflows',
		);
		const examples = Object.values(loadExamples());
		const missing = examples.filter((e) => !workflows.some((w) => w.id === e.id));
		if (missing.length > 0)
			fail(`examples missing in n8n: ${missing.map((e) => e.name).join(', ')}`);
		const credentials = await rest<Array<{ id: string; name: string; type?: string }>>(
			'GET',
			'/credentials',
		);
		if (!credentials.some((c) => c.id === CREDENTIAL_ID))
			fail(`the sandbox credential ${CREDENTIAL_ID} is missing`);
		// One credential serves every node and example, so it is the one every new node gets.
		const ours = credentials.filter((c) => c.type === undefined || c.type === 'documentSigningApi');
		if (!given && ours.length !== 1)
			fail(
				`a fresh npm start should set up exactly one Document Signing credential, found: ${ours.map((c) => c.name).join(', ')}`,
			);
		// "Catch up after an n8n restart" is published, so that Send and Wait and the triggers pick up
		// again after every restart.
		const catchUp = workflows.find((w) => w.id === CATCH_UP_EXAMPLE_ID);
		if (!given && catchUp?.active !== true)
			fail(
				`the example "catch up after an n8n restart" is not published (${JSON.stringify(catchUp)})`,
			);
		step(
			`${examples.length} examples and the sandbox credential are there; the catch-up workflow is published`,
		);

		// 3. Run "send from a template" against the sandbox.
		const example = examples.find((e) => /send from a template/i.test(e.name));
		if (!example) fail('no example named "… send from a template …"');
		const trigger = example.nodes.find((n) => n.type === 'n8n-nodes-base.manualTrigger');
		if (!trigger) fail(`${example.name} has no manual trigger`);
		const { executionId } = await rest<{ executionId: string }>(
			'POST',
			`/workflows/${example.id}/run`,
			{ triggerToStartFrom: { name: trigger.name } },
		);
		let execution: { status: string; data: string } | undefined;
		for (const deadline = Date.now() + 180_000; Date.now() < deadline; await sleep(1000)) {
			execution = await rest<{ status: string; data: string }>('GET', `/executions/${executionId}`);
			if (!['new', 'running', 'waiting', 'unknown'].includes(execution.status)) break;
		}
		if (execution?.status !== 'success')
			fail(`"${example.name}" ended ${execution?.status ?? 'not in time'}`);
		const run = unflatten(execution.data) as {
			resultData: {
				error?: unknown;
				runData: Record<string, Array<{ data?: { main?: Array<Array<{ binary?: object }>> } }>>;
			};
		};
		const withPdf = Object.entries(run.resultData.runData).filter(([, runs]) =>
			runs.some((r) => r.data?.main?.some((items) => items?.some((item) => item.binary))),
		);
		if (withPdf.length === 0) fail(`"${example.name}" succeeded but no node output a file`);
		step(
			`"${example.name}" succeeded against the sandbox (file from: ${withPdf.map(([n]) => n).join(', ')})`,
		);

		// 4. Stop as a user does; nothing may be left.
		const how = process.env.SMOKE_STOP ?? 'sigint';
		const stopAt = Date.now();
		if (how === 'sigterm-npm') process.kill(pgid, 'SIGTERM');
		else process.kill(-pgid, how === 'sighup' ? 'SIGHUP' : 'SIGINT');
		while (
			Date.now() - stopAt < 20_000 &&
			(groupAlive(pgid) || (n8nPid !== undefined && groupAlive(n8nPid)))
		)
			await sleep(200);
		const tookMs = Date.now() - stopAt;
		const left = [
			...(groupAlive(pgid) ? [`npm start's process group ${pgid}`] : []),
			...(n8nPid !== undefined && groupAlive(n8nPid) ? [`n8n's process group ${n8nPid}`] : []),
			...processesOf(token),
		];
		if (left.length > 0) fail(`still running ${tookMs} ms after ${how}: ${left.join('; ')}`);
		if (tookMs > 15_000) fail(`stopping took ${tookMs} ms (more than 15 s)`);
		step(`${how}: npm start, n8n, its task runner and the sandbox stopped in ${tookMs} ms`);
		console.log(`Smoke of npm start passed in ${Math.round((Date.now() - started) / 1000)} s.`);
		return 0;
	} catch (err) {
		console.error(err instanceof SmokeFailure ? `SMOKE FAILED: ${err.message}` : err);
		console.error(`npm start's output: ${logFile}`);
		return 1;
	} finally {
		for (const group of [pgid, n8nPid])
			if (group !== undefined && groupAlive(group)) {
				try {
					process.kill(-group, 'SIGKILL');
				} catch {
					/* gone */
				}
			}
		if (!given) rmSync(data, { recursive: true, force: true });
	}
}

if (require.main === module) {
	main().then(
		(code) => process.exit(code),
		(err) => {
			console.error(err);
			process.exit(1);
		},
	);
}
