/**
 * `npm start`: the sandbox plus a real n8n 2.41.1 with this package loaded, a credential pointing
 * at the sandbox and the example workflows imported. Ctrl+C (or SIGINT/SIGTERM/SIGHUP) stops all.
 *
 * Restarts keep the user's world. Everything lives in one data folder
 * (<cache>/start-user-folder, or N8N_START_DATA):
 *   .n8n/                 n8n's database, settings and encryption key, the package under .n8n/nodes
 *   start-state.json      the ports and the demo template's id, reused on the next start
 *   start.lock            while running: who runs, where (one instance per data folder)
 *   n8n.log               what n8n printed
 * Ports: n8n 5678, its task broker 5679, the sandbox 5800 by default; when one is busy the next
 * free one is taken, printed and remembered. The sandbox's keys are fixed and the demo template
 * keeps its id, so the credential and the examples keep working; the credential and the examples
 * are imported only when they are missing (never overwritten, never unpublished).
 *
 * One credential, "Document Signing (sandbox)" (the protected workspace's keys and the company's
 * webhook secret), serves every node with its defaults and every example: the trigger's default
 * scope is company-wide, and Send and Wait's webhook is company-level when the credential holds the
 * company secret (domain/waiting/scope.ts). Data folders of earlier versions also have "Document
 * Signing (sandbox, workspace webhooks)", which n8n gave every new node (the most recent one) and
 * which a company-wide trigger cannot use: it is removed when npm start made it and only the
 * examples use it (they are pointed at the one credential), else kept and explained once.
 *
 * Environment: N8N_START_PORT, N8N_START_BROKER_PORT, SANDBOX_PORT (fixed ports, not remembered),
 * N8N_START_DATA (data folder), SANDBOX_AUTO_SIGN_MS (default 5000: simulated signers sign 5 s after
 * a request is sent; 0 = off), N8N_START_FRESH=1 (start from an empty data folder).
 */
import { spawn, type ChildProcess } from 'child_process';
import {
	closeSync,
	existsSync,
	mkdirSync,
	openSync,
	readFileSync,
	rmSync,
	unlinkSync,
	writeFileSync,
} from 'fs';
import { createServer } from 'net';
import { join } from 'path';

import { SEED, startSandbox, type Sandbox } from '../sandbox';
import { installPackage, instance, login, OWNER, rest, setupOwner, type Instance } from './n8n';
import {
	InstallError,
	N8N_VERSION,
	cacheRoot,
	ensureRuntimeAsync,
	logTail,
	type Runtime,
} from './runtime';
import {
	CREDENTIAL_ID,
	CREDENTIAL_NAME,
	createDemoTemplate,
	CATCH_UP_EXAMPLE_ID,
	importAll,
	loadExamples,
	sandboxCredential,
	TEMPLATE_PLACEHOLDER,
	WORKSPACE_CREDENTIAL_ID,
	WORKSPACE_CREDENTIAL_NAME,
	withTemplate,
	type Workflow,
} from './setup';

export const DEFAULT_PORTS = { n8n: 5678, broker: 5679, sandbox: 5800 } as const;

export interface StartState {
	n8nPort?: number;
	brokerPort?: number;
	sandboxPort?: number;
	/** The sandbox address the credential was last pointed at. */
	sandboxUrl?: string;
	/** The demo template's id (the examples refer to it). */
	templateId?: string;
	/** Why the earlier second credential was kept, once said (so it is said only once). */
	workspaceCredentialKept?: string;
}

export interface StartLock {
	pid: number;
	n8nPid?: number;
	url?: string;
	startedAt: string;
}

export function dataFolder(env: NodeJS.ProcessEnv = process.env): string {
	return env.N8N_START_DATA && env.N8N_START_DATA.trim() !== ''
		? env.N8N_START_DATA
		: join(cacheRoot(env), 'start-user-folder');
}

/** The address of the workflow list (where the editor should open). */
export function workflowListUrl(baseUrl: string): string {
	return `${baseUrl}/home/workflows`;
}

function readJson<T>(file: string): T | undefined {
	try {
		return JSON.parse(readFileSync(file, 'utf8')) as T;
	} catch {
		return undefined;
	}
}

/** Is the process alive and (where /proc tells) a node process running the given script? */
function alive(pid: number | undefined, needle?: string): boolean {
	if (!pid || pid <= 0) return false;
	try {
		process.kill(pid, 0);
	} catch (err) {
		return (err as NodeJS.ErrnoException).code === 'EPERM';
	}
	if (!needle) return true;
	try {
		return readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes(needle);
	} catch {
		return true;
	}
}

async function portFree(port: number): Promise<boolean> {
	return await new Promise((resolvePort) => {
		const server = createServer();
		server.unref();
		server.once('error', () => resolvePort(false));
		server.listen(port, '127.0.0.1', () => server.close(() => resolvePort(true)));
	});
}

/** `wanted` when it is free, else the next free port above it (skipping `taken`). */
export async function nextFreePort(wanted: number, taken: number[] = []): Promise<number> {
	for (let port = wanted; port < wanted + 200 && port < 65536; port++) {
		if (taken.includes(port)) continue;
		if (await portFree(port)) return port;
	}
	throw new Error(`No free port between ${wanted} and ${wanted + 199} on 127.0.0.1`);
}

const sleep = async (ms: number) => await new Promise((r) => setTimeout(r, ms));

export function elapsed(ms: number): string {
	const s = Math.round(ms / 1000);
	return s < 60 ? `${s} s` : `${Math.floor(s / 60)} min ${s % 60} s`;
}

/**
 * How long `npm start` took, for the banner. The npm script sets DS_START_BEGAN (ms) before it
 * builds the package, so the build is counted too; run without it (node start.js), only this
 * script's own time is known, and the banner says so.
 */
/**
 * The banner's lines on signing as a recipient: the sandbox's page of the requests waiting for
 * signatures (each recipient's signing_link opens their signing page), and the action URL for
 * scripts.
 */
export function signingHelp(sandboxUrl: string, autoSignMs: number): string[] {
	return [
		`     Sign or decline as a recipient: open ${sandboxUrl}/_sandbox/signing in your browser (or a`,
		"     recipient's signing_link from the output): the document, Sign, and Decline with a reason.",
		...(autoSignMs > 0
			? [
					`     (The sandbox signs by itself after ${autoSignMs / 1000} s; start with SANDBOX_AUTO_SIGN_MS=0 to sign by hand.)`,
				]
			: []),
		`     Scripts: POST ${sandboxUrl}/_sandbox/signing-requests/<id>/sign-all (docs/sandbox.md).`,
	];
}

export function readyIn(
	times: { now: number; started: number; installMs: number },
	began: string | undefined,
): string {
	const since = Number(began);
	const own = times.now - times.started;
	const install =
		times.installMs >= 5000 ? `, including ${elapsed(times.installMs)} to install n8n` : '';
	if (
		!Number.isFinite(since) ||
		since <= 0 ||
		since > times.started ||
		times.started - since > 3_600_000
	)
		return `ready in ${elapsed(own)}${install}, not counting the build`;
	return `ready ${elapsed(times.now - since)} after npm start: ${elapsed(times.started - since)} to build the package, then ${elapsed(own)} to start the sandbox and n8n${install}`;
}

/** Output that survives a closed terminal (SIGHUP): a write error must not stop the clean-up. */
function say(line: string, stream: NodeJS.WriteStream = process.stdout): void {
	try {
		stream.write(`${line}\n`);
	} catch {
		/* terminal gone */
	}
}
process.stdout.on('error', () => undefined);
process.stderr.on('error', () => undefined);

function signalGroup(pid: number | undefined, signal: NodeJS.Signals): boolean {
	if (!pid) return false;
	try {
		process.kill(-pid, signal);
		return true;
	} catch {
		return false;
	}
}

function groupAlive(pid: number | undefined): boolean {
	return signalGroup(pid, 0 as unknown as NodeJS.Signals);
}

/** Stops a process group (n8n and its task runners): SIGTERM, then SIGKILL after `graceMs`. */
async function stopGroup(pid: number | undefined, graceMs: number): Promise<void> {
	if (!signalGroup(pid, 'SIGTERM')) return;
	const deadline = Date.now() + graceMs;
	while (Date.now() < deadline && groupAlive(pid)) await sleep(100);
	if (groupAlive(pid)) {
		signalGroup(pid, 'SIGKILL');
		const killDeadline = Date.now() + 2000;
		while (Date.now() < killDeadline && groupAlive(pid)) await sleep(50);
	}
}

interface N8nData {
	workflows: string[];
	credentials: string[];
	/** The `nodes` JSON of the workflows asked for, by id. */
	nodes: Record<string, string>;
	/** For each credential id, the workflows whose nodes refer to it. */
	users?: Record<string, string[]>;
}

/** What n8n's database holds (read with n8n's own sqlite3, read-only; n8n is not running). */
async function readN8nData(rt: Runtime, userFolder: string, nodesOf: string[]): Promise<N8nData> {
	const db = join(userFolder, '.n8n', 'database.sqlite');
	if (!existsSync(db)) return { workflows: [], credentials: [], nodes: {} };
	const script = [
		`const sqlite3 = require(${JSON.stringify(join(rt.n8nDir, 'node_modules', 'sqlite3'))});`,
		`const db = new sqlite3.Database(${JSON.stringify(db)}, sqlite3.OPEN_READONLY);`,
		`const wanted = ${JSON.stringify(nodesOf)};`,
		"db.all('SELECT id, nodes FROM workflow_entity', (e1, w) => {",
		"  db.all('SELECT id FROM credentials_entity', (e2, c) => {",
		'    if (e1 || e2) { console.error(String(e1 || e2)); process.exit(1); }',
		'    const nodes = {};',
		'    const users = {};',
		'    for (const r of w) {',
		'      if (wanted.includes(r.id)) nodes[r.id] = String(r.nodes);',
		'      let list = [];',
		'      try { list = JSON.parse(String(r.nodes)); } catch {}',
		'      for (const n of Array.isArray(list) ? list : [])',
		'        for (const ref of Object.values((n && n.credentials) || {}))',
		'          if (ref && ref.id && !(users[ref.id] || []).includes(r.id)) (users[ref.id] = users[ref.id] || []).push(r.id);',
		'    }',
		'    console.log(JSON.stringify({ workflows: w.map((r) => r.id), credentials: c.map((r) => r.id), nodes, users }));',
		'    db.close();',
		'  });',
		'});',
	].join('\n');
	return await new Promise((resolveData, reject) => {
		const child = spawn(rt.node, ['-e', script], { stdio: ['ignore', 'pipe', 'pipe'] });
		let out = '';
		let err = '';
		child.stdout.on('data', (d: Buffer) => (out += d.toString('utf8')));
		child.stderr.on('data', (d: Buffer) => (err += d.toString('utf8')));
		child.on('error', reject);
		child.on('close', (code) => {
			if (code === 0) resolveData(JSON.parse(out) as N8nData);
			else reject(new Error(`Could not read n8n's database ${db}: ${err.trim()}`));
		});
	});
}

/**
 * The demo template id the imported examples refer to, found where the example files hold the
 * placeholder (for a data folder whose start-state.json has none: an earlier version of npm start).
 */
function templateIdInUse(
	examples: Workflow[],
	nodesById: Record<string, string>,
): string | undefined {
	const find = (template: unknown, stored: unknown): string | undefined => {
		if (template === TEMPLATE_PLACEHOLDER)
			return typeof stored === 'string' && /^[0-9a-f-]{36}$/i.test(stored) ? stored : undefined;
		if (!template || typeof template !== 'object' || !stored || typeof stored !== 'object')
			return undefined;
		for (const [key, value] of Object.entries(template as Record<string, unknown>)) {
			const hit = find(value, (stored as Record<string, unknown>)[key]);
			if (hit) return hit;
		}
		return undefined;
	};
	for (const example of examples) {
		const stored = nodesById[example.id];
		if (!stored) continue;
		let nodes: Array<{ name: string }>;
		try {
			nodes = JSON.parse(stored) as Array<{ name: string }>;
		} catch {
			continue;
		}
		for (const node of example.nodes) {
			const hit = find(
				node,
				nodes.find((n) => n.name === node.name),
			);
			if (hit) return hit;
		}
	}
	return undefined;
}

interface N8nProcess {
	child: ChildProcess;
	exited: Promise<void>;
}

/** `n8n start` in a process group of its own, output to the log file; resolves once it answers. */
async function startN8n(
	inst: Instance,
	logFile: string,
	isStopping: () => boolean,
	onSpawn: (proc: N8nProcess) => void,
): Promise<N8nProcess> {
	const out = openSync(logFile, 'a');
	const child = spawn(inst.rt.node, [inst.rt.n8nScript, 'start'], {
		env: inst.env,
		cwd: inst.options.userFolder,
		stdio: ['ignore', out, out],
		detached: true,
	});
	closeSync(out);
	const exited = new Promise<void>((resolveExit) => child.on('exit', () => resolveExit()));
	onSpawn({ child, exited });
	const deadline = Date.now() + 240_000;
	for (;;) {
		if (isStopping()) return { child, exited };
		if (child.exitCode !== null || child.signalCode !== null) {
			throw new Error(
				`n8n exited (${child.exitCode ?? child.signalCode}) before it was up. The end of ${logFile}:\n${logTail(logFile, 30)}`,
			);
		}
		if (Date.now() > deadline) {
			await stopGroup(child.pid, 8000);
			throw new Error(`n8n did not answer ${inst.url}/healthz within 4 minutes. See ${logFile}`);
		}
		try {
			// Not /healthz: n8n answers that, and every other path with 200 "n8n is starting up",
			// before its database migrations ran and its REST API exists.
			const ready = await fetch(`${inst.url}/healthz/readiness`);
			if (ready.status === 200) return { child, exited };
		} catch {
			/* not listening yet */
		}
		await sleep(500);
	}
}

/**
 * Whether a credential's Base URL is (still) the sandbox's address as npm start set it: the
 * current one, or the previous one (unknown for a data folder of an earlier version of npm start:
 * then any http://127.0.0.1:<port>).
 */
export function pointsAtSandbox(
	baseUrl: unknown,
	previousUrl: string | undefined,
	currentUrl: string,
): boolean {
	if (typeof baseUrl !== 'string') return false;
	if (baseUrl === currentUrl) return true;
	return previousUrl === undefined
		? /^http:\/\/127\.0\.0\.1:\d+\/?$/.test(baseUrl)
		: baseUrl === previousUrl;
}

/**
 * What to do with the earlier second credential ("… workspace webhooks"): remove it, pointing the
 * examples that use it at the one credential, only when npm start made it as it is (its name, a
 * sandbox Base URL) and nothing but unpublished examples uses it; otherwise keep it and say why.
 */
export function workspaceCredentialPlan(facts: {
	name: unknown;
	baseUrl: unknown;
	previousUrl: string | undefined;
	currentUrl: string;
	/** Workflows whose nodes refer to it. */
	users: string[];
	/** The example workflows' ids. */
	examples: string[];
	/** Workflows that are published (active). */
	active: string[];
}): { remove: true; repoint: string[] } | { remove: false; why: string } {
	if (facts.name !== WORKSPACE_CREDENTIAL_NAME) return { remove: false, why: 'it was renamed' };
	if (!pointsAtSandbox(facts.baseUrl, facts.previousUrl, facts.currentUrl))
		return { remove: false, why: 'its Base URL was changed' };
	const others = facts.users.filter((id) => !facts.examples.includes(id));
	if (others.length > 0)
		return { remove: false, why: `workflows of yours use it (${others.join(', ')})` };
	const published = facts.users.filter((id) => facts.active.includes(id));
	if (published.length > 0)
		return { remove: false, why: `published workflows use it (${published.join(', ')})` };
	return { remove: true, repoint: facts.users };
}

/** Points the nodes of a workflow from one credential to another (through the editor's API). */
async function repointWorkflow(
	inst: Instance,
	cookie: string,
	workflowId: string,
	from: string,
	to: { id: string; name: string },
): Promise<void> {
	const workflow = await rest<{
		nodes: Array<{ credentials?: Record<string, { id?: string; name?: string }> }>;
		versionId?: string;
	}>(inst, cookie, 'GET', `/workflows/${workflowId}`);
	const nodes = workflow.nodes.map((node) => {
		if (!node.credentials) return node;
		const credentials = Object.fromEntries(
			Object.entries(node.credentials).map(([type, ref]) => [
				type,
				ref?.id === from ? { id: to.id, name: to.name } : ref,
			]),
		);
		return { ...node, credentials };
	});
	await rest(inst, cookie, 'PATCH', `/workflows/${workflowId}`, {
		nodes,
		versionId: workflow.versionId,
	});
}

/**
 * Data folders of earlier versions of npm start: retires the second credential when that is safe
 * (see workspaceCredentialPlan). Returns what to tell the user ('' when nothing happened).
 */
async function retireWorkspaceCredential(
	inst: Instance,
	cookie: string,
	state: StartState,
	facts: { users: string[]; examples: string[]; currentUrl: string },
): Promise<{ note: string; kept?: string }> {
	const cred = await rest<{ name?: string; data?: Record<string, unknown> }>(
		inst,
		cookie,
		'GET',
		`/credentials/${WORKSPACE_CREDENTIAL_ID}?includeData=true`,
	);
	const workflows = await rest<Array<{ id: string; active?: boolean; activeVersionId?: unknown }>>(
		inst,
		cookie,
		'GET',
		'/workflows',
	);
	const plan = workspaceCredentialPlan({
		name: cred?.name,
		baseUrl: cred?.data?.baseUrl,
		previousUrl: state.sandboxUrl,
		currentUrl: facts.currentUrl,
		users: facts.users,
		examples: facts.examples,
		active: workflows
			.filter((w) => w.active === true || (w.activeVersionId ?? null) !== null)
			.map((w) => w.id),
	});
	const name = `"${WORKSPACE_CREDENTIAL_NAME}"`;
	if (!plan.remove) {
		if (state.workspaceCredentialKept === plan.why) return { note: '', kept: plan.why };
		return {
			note: `Credential ${name} is no longer needed ("${CREDENTIAL_NAME}" now serves Send and Wait too), but it was kept because ${plan.why}. n8n gives new nodes the most recently changed credential: pick "${CREDENTIAL_NAME}" in them (a company-wide trigger needs its company secret), or delete ${name}`,
			kept: plan.why,
		};
	}
	for (const id of plan.repoint)
		await repointWorkflow(inst, cookie, id, WORKSPACE_CREDENTIAL_ID, {
			id: CREDENTIAL_ID,
			name: CREDENTIAL_NAME,
		});
	await rest(inst, cookie, 'DELETE', `/credentials/${WORKSPACE_CREDENTIAL_ID}`);
	return {
		note: `Credential ${name} was removed: "${CREDENTIAL_NAME}" now serves every node and example${plan.repoint.length ? ` (the examples that used it now use "${CREDENTIAL_NAME}")` : ''}`,
	};
}

/**
 * The credential follows the sandbox when its port changed, but only while it still points at the
 * sandbox's previous address (a credential the user pointed elsewhere is left alone).
 */
async function followSandbox(
	inst: Instance,
	cookie: string,
	previousUrl: string | undefined,
	url: string,
	credentialId: string,
): Promise<string> {
	const cred = await rest<{ name: string; type: string; data?: Record<string, unknown> }>(
		inst,
		cookie,
		'GET',
		`/credentials/${credentialId}?includeData=true`,
	);
	const baseUrl = cred?.data?.baseUrl;
	if (baseUrl === url) return '';
	if (!cred?.data || !pointsAtSandbox(baseUrl, previousUrl, url)) return '';
	await rest(inst, cookie, 'PATCH', `/credentials/${credentialId}`, {
		name: cred.name,
		type: cred.type,
		data: { ...cred.data, baseUrl: url },
	});
	return `Credential "${cred.name}": Base URL changed from ${baseUrl} to ${url} (the sandbox's port changed)`;
}

async function main(): Promise<void> {
	const started = Date.now();
	const userFolder = dataFolder();
	const lockFile = join(userFolder, 'start.lock');
	const stateFile = join(userFolder, 'start-state.json');
	const logFile = join(userFolder, 'n8n.log');

	let sandbox: Sandbox | undefined;
	let n8n: N8nProcess | undefined;
	let ownLock = false;
	let stopping = false;
	const installChildren = new Set<ChildProcess>();

	const releaseLock = () => {
		if (!ownLock) return;
		ownLock = false;
		try {
			if (readJson<StartLock>(lockFile)?.pid === process.pid) unlinkSync(lockFile);
		} catch {
			/* already gone */
		}
	};
	const stop = async (reason: string, code: number) => {
		if (stopping) return;
		stopping = true;
		say(`\nStopping n8n and the sandbox (${reason})...`);
		for (const child of installChildren) child.kill('SIGTERM');
		await stopGroup(n8n?.child.pid, 8000);
		await Promise.race([sandbox?.close().catch(() => undefined), sleep(2000)]);
		releaseLock();
		say('Stopped.');
		process.exit(code);
	};
	for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const)
		process.on(signal, () => void stop(signal, 0));
	// Last resort when the starter ends any other way: n8n goes with it (the watchdog inside n8n
	// covers a starter killed with SIGKILL).
	process.on('exit', () => {
		signalGroup(n8n?.child.pid, 'SIGKILL');
		releaseLock();
	});

	// One instance per data folder.
	mkdirSync(userFolder, { recursive: true });
	const previous = readJson<StartLock>(lockFile);
	if (previous && previous.pid !== process.pid && alive(previous.pid, 'start')) {
		say(
			[
				`npm start is already running for this data folder (${userFolder}), process ${previous.pid}.`,
				previous.url
					? `Its n8n: ${workflowListUrl(previous.url)}  (log in with ${OWNER.email} / ${OWNER.password})`
					: 'It is still starting.',
				'Stop it first (Ctrl+C in its terminal), or use another data folder: N8N_START_DATA=/some/folder npm start',
			].join('\n'),
			process.stderr,
		);
		process.exit(1);
	}
	if (previous?.n8nPid && alive(previous.n8nPid, 'n8n')) {
		say(`Stopping an n8n left running by an earlier start (process ${previous.n8nPid})...`);
		await stopGroup(previous.n8nPid, 8000);
	}
	if (previous) rmSync(lockFile, { force: true });
	try {
		writeFileSync(
			lockFile,
			JSON.stringify({ pid: process.pid, startedAt: new Date().toISOString() } satisfies StartLock),
			{ flag: 'wx' },
		);
		ownLock = true;
	} catch {
		say(`Another npm start took ${userFolder} at the same moment; stop it first.`, process.stderr);
		process.exit(1);
	}
	const writeLock = (extra: Partial<StartLock>) =>
		writeFileSync(
			lockFile,
			JSON.stringify({
				...(readJson<StartLock>(lockFile) ?? {
					pid: process.pid,
					startedAt: new Date().toISOString(),
				}),
				...extra,
			}),
		);

	say(`[1/4] n8n ${N8N_VERSION} runtime (${cacheRoot()})`);
	const installStarted = Date.now();
	let rt: Runtime;
	try {
		rt = await ensureRuntimeAsync({
			log: (line) => say(`      ${line}`),
			tty: process.stdout.isTTY === true,
			onChild: (child) => {
				installChildren.add(child);
				child.on('close', () => installChildren.delete(child));
			},
		});
	} catch (err) {
		if (err instanceof InstallError) {
			say(`\nCould not install n8n ${N8N_VERSION}.\n${err.message}`, process.stderr);
			releaseLock();
			process.exit(1);
		}
		throw err;
	}
	const installMs = Date.now() - installStarted;
	if (stopping) return;

	// Ports: fixed defaults, remembered per data folder, the next free one when busy.
	if (process.env.N8N_START_FRESH === '1') {
		for (const entry of ['.n8n', 'import', 'start-state.json', 'n8n.log'])
			rmSync(join(userFolder, entry), { recursive: true, force: true });
	}
	const state: StartState = readJson<StartState>(stateFile) ?? {};
	const fixed = (name: string) =>
		Number(process.env[name]) > 0 ? Number(process.env[name]) : undefined;
	const choose = async (
		label: string,
		envName: string,
		remembered: number | undefined,
		def: number,
		taken: number[],
	) => {
		const pinned = fixed(envName);
		if (pinned) {
			if (!(await portFree(pinned)))
				throw new Error(`${envName}=${pinned}: that port is busy on 127.0.0.1`);
			return pinned;
		}
		const wanted = remembered ?? def;
		const port = await nextFreePort(wanted, taken);
		if (port !== wanted)
			say(
				`      Port ${wanted} (${label}) is busy: using ${port}, remembered for this data folder.`,
			);
		return port;
	};
	say('[2/4] The sandbox of the service');
	const sandboxPort = await choose(
		'sandbox',
		'SANDBOX_PORT',
		state.sandboxPort,
		DEFAULT_PORTS.sandbox,
		[],
	);
	const n8nPort = await choose('n8n', 'N8N_START_PORT', state.n8nPort, DEFAULT_PORTS.n8n, [
		sandboxPort,
	]);
	const brokerPort = await choose(
		'n8n task broker',
		'N8N_START_BROKER_PORT',
		state.brokerPort,
		DEFAULT_PORTS.broker,
		[sandboxPort, n8nPort],
	);

	const autoSign = Number(process.env.SANDBOX_AUTO_SIGN_MS ?? 5000);
	sandbox = await startSandbox({
		port: sandboxPort,
		autoSignAfterMs: autoSign > 0 ? autoSign : undefined,
	});
	// Send and Wait registers a webhook of the protected workspace: its master switch must be on.
	sandbox.webhooks.setWorkspaceMasterSwitch(SEED.protectedWorkspace.id, true);
	// The sandbox keeps its data in memory: the demo template is made again on every start and
	// given the id it had before, so the examples that refer to it keep working.
	const allExamples = Object.values(loadExamples());
	const existing = await readN8nData(
		rt,
		userFolder,
		allExamples.map((wf) => wf.id),
	);
	const keepId = state.templateId ?? templateIdInUse(allExamples, existing.nodes);
	const createdId = await createDemoTemplate(sandbox.url);
	let templateId = createdId;
	if (keepId && keepId !== createdId) {
		const template = sandbox.signing.getTemplate(createdId) as { id: string } | undefined;
		if (template) {
			template.id = keepId;
			templateId = keepId;
		}
	}
	const newState: StartState = {
		...state,
		n8nPort: fixed('N8N_START_PORT') ? state.n8nPort : n8nPort,
		brokerPort: fixed('N8N_START_BROKER_PORT') ? state.brokerPort : brokerPort,
		sandboxPort: fixed('SANDBOX_PORT') ? state.sandboxPort : sandboxPort,
		templateId,
	};
	writeFileSync(stateFile, `${JSON.stringify(newState, null, 2)}\n`);

	say('[3/4] n8n data: the package, the credential and the examples');
	installPackage(userFolder);
	const inst = instance(rt, {
		userFolder,
		port: n8nPort,
		brokerPort,
		env: {
			// n8n's start page would be its AI assistant ("instance-ai"); without it, the editor
			// opens on the workflow list after login.
			N8N_DISABLED_MODULES: 'instance-ai',
			N8N_GRACEFUL_SHUTDOWN_TIMEOUT: '5',
			NODE_OPTIONS: [
				process.env.NODE_OPTIONS ?? '',
				`--require ${JSON.stringify(join(__dirname, 'watchdog.js'))}`,
			]
				.join(' ')
				.trim(),
			DS_START_PARENT_PID: String(process.pid),
		},
	});
	const examples = allExamples
		.map((wf) => withTemplate(wf, templateId))
		.filter((wf) => !existing.workflows.includes(wf.id));
	// One credential serves every node and example (see the top of this file).
	const credentials = existing.credentials.includes(CREDENTIAL_ID)
		? []
		: [sandboxCredential(sandbox.url)];
	const hadWorkspaceCredential = existing.credentials.includes(WORKSPACE_CREDENTIAL_ID);
	if (credentials.length > 0 || examples.length > 0) {
		say(
			`      Importing ${[
				credentials.length ? `${credentials.length} sandbox credential(s)` : '',
				examples.length ? `${examples.length} example workflow(s)` : '',
			]
				.filter(Boolean)
				.join(' and ')} (only what is missing; about 20 s)...`,
		);
		// "Catch up after an n8n restart" is published when it is imported: if you use Send and Wait
		// or the webhook trigger and n8n restarts, it picks their waits and catch-up up again.
		await importAll(
			inst,
			credentials,
			examples,
			examples.filter((wf) => wf.id === CATCH_UP_EXAMPLE_ID).map((wf) => wf.id),
		);
		if (credentials.length > 0) newState.sandboxUrl = sandbox.url;
		writeFileSync(stateFile, `${JSON.stringify(newState, null, 2)}\n`);
	} else say('      Credential and examples already there (kept as they are).');
	if (stopping) return;

	say(`[4/4] Starting n8n (about 30 s; its log: ${logFile})`);
	n8n = await startN8n(
		inst,
		logFile,
		() => stopping,
		(proc) => {
			n8n = proc;
		},
	);
	writeLock({ n8nPid: n8n.child.pid, url: inst.url });
	if (stopping) return;
	n8n.child.on('exit', (code, signal) => {
		if (stopping) return;
		say(
			`\nn8n exited unexpectedly (${code ?? signal}). The end of ${logFile}:\n${logTail(logFile, 30)}`,
			process.stderr,
		);
		void stop('n8n exited', 1);
	});
	const created = await setupOwner(inst);
	const notes: string[] = [];
	let workspaceCredentialLeft = hadWorkspaceCredential;
	if (hadWorkspaceCredential) {
		try {
			const cookie = await login(inst);
			const retired = await retireWorkspaceCredential(inst, cookie, newState, {
				users: existing.users?.[WORKSPACE_CREDENTIAL_ID] ?? [],
				examples: allExamples.map((wf) => wf.id),
				currentUrl: sandbox.url,
			});
			if (retired.note) notes.push(retired.note);
			workspaceCredentialLeft = retired.kept !== undefined;
			newState.workspaceCredentialKept = retired.kept;
			writeFileSync(stateFile, `${JSON.stringify(newState, null, 2)}\n`);
		} catch (err) {
			notes.push(
				`Credential "${WORKSPACE_CREDENTIAL_NAME}" could not be checked (${err instanceof Error ? err.message : String(err)}): new nodes may get it by default; pick "${CREDENTIAL_NAME}" in them`,
			);
		}
	}
	if (newState.sandboxUrl !== sandbox.url) {
		try {
			const cookie = await login(inst);
			for (const id of workspaceCredentialLeft
				? [CREDENTIAL_ID, WORKSPACE_CREDENTIAL_ID]
				: [CREDENTIAL_ID])
				notes.push(await followSandbox(inst, cookie, newState.sandboxUrl, sandbox.url, id));
			newState.sandboxUrl = sandbox.url;
			writeFileSync(stateFile, `${JSON.stringify(newState, null, 2)}\n`);
		} catch (err) {
			notes.push(
				`Credential "${CREDENTIAL_NAME}" could not be updated (${err instanceof Error ? err.message : String(err)}): set its Base URL to ${sandbox.url}`,
			);
		}
	}
	const credentialNote = notes.filter(Boolean).join('.\n');

	say(
		[
			'',
			'==========================================================================',
			` n8n ${N8N_VERSION} with the Document Signing nodes is running (${readyIn({ now: Date.now(), started, installMs }, process.env.DS_START_BEGAN)}).`,
			` Open the workflows:  ${workflowListUrl(inst.url)}`,
			` Log in with:         ${OWNER.email}  /  ${OWNER.password}${created ? '  (owner just created)' : ''}`,
			` Sandbox (fake API):  ${sandbox.url}   test key ${SEED.protectedWorkspace.testKey}`,
			` Data folder:         ${userFolder}`,
			'==========================================================================',
			...(credentialNote ? [`${credentialNote}.`] : []),
			'',
			'What to try:',
			'  1. Open "Document Signing: send from a template and wait for completion" and click',
			`     "Execute workflow": it creates a request from the demo template (${templateId}),`,
			`     sends it, and ${autoSign > 0 ? `the sandbox signs it after ${autoSign / 1000} s` : 'waits until you sign it'}; the last node holds the signed PDF.`,
			'  1b. "Document Signing: send and wait for completion (one node)" does the same with one node:',
			'     the execution waits (Executions list: "Waiting"); as a test run of a workflow that is not',
			'     published it has no webhook, so it notices the signature within 15 s.',
			'  2. "Document Signing: bulk send ..." sends the template to the three people of its Recipients list.',
			'  3. The trigger workflows ("on completion ...", "on decline ...") run once you publish (activate)',
			'     them: that registers their webhooks at the sandbox, which then delivers signed events here.',
			'     Or open "on completion ..." and click "Execute workflow" (it listens for a test event), then run',
			'     workflow 1 in another tab: the completion shows up in the listening editor.',
			'  4. "Document Signing: poll for completed or declined requests" needs no webhook: publish it and',
			'     it asks the sandbox every minute; or open it and click "Fetch Test Event" for the latest one.',
			...signingHelp(sandbox.url, autoSign),
			'  5. "Document Signing: an agent prepares, a person approves" needs a chat model: pick your',
			'     credential in its Model node (OpenAI, or swap in another chat model), then execute it.',
			'  6. "Document Signing: catch up after an n8n restart" is published: after every start of n8n it',
			'     picks up waiting Send and Wait executions and lets the triggers catch up on what they missed.',
			'  Credentials → "Document Signing (sandbox)" points at the sandbox; for a real account set',
			'  Base URL and the live/test keys of your workspace there.',
			'',
			'Press Ctrl+C to stop n8n and the sandbox.',
		].join('\n'),
	);
}

if (require.main === module) {
	main().catch((err) => {
		say(err instanceof Error ? err.message : String(err), process.stderr);
		process.exit(1);
	});
}
