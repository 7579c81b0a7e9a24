/**
 * Running a real n8n (see runtime.ts) against a user folder of its own: the package copied into
 * the community-package layout, CLI commands, the server, the owner account and its REST API.
 */
import { spawn, type ChildProcess } from 'child_process';
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'fs';
import { createServer } from 'net';
import { join, resolve } from 'path';

import { runtimeEnv, type Runtime } from './runtime';

export const PACKAGE_NAME = 'n8n-nodes-document-signing';
/** Node types as n8n names them when the package is installed as a community package. */
export const NODE_TYPE = `${PACKAGE_NAME}.documentSigning`;
export const TRIGGER_TYPE = `${PACKAGE_NAME}.documentSigningTrigger`;
export const CREDENTIAL_TYPE = 'documentSigningApi';

/** The repository root: the nearest folder above this file whose package.json is this package's. */
export const REPO_ROOT = findRepoRoot(__dirname);

function findRepoRoot(start: string): string {
	let dir = start;
	for (;;) {
		const manifest = join(dir, 'package.json');
		if (
			existsSync(manifest) &&
			(JSON.parse(readFileSync(manifest, 'utf8')) as { name?: string }).name === PACKAGE_NAME
		) {
			return dir;
		}
		const parent = resolve(dir, '..');
		if (parent === dir) throw new Error(`No ${PACKAGE_NAME} package.json above ${start}`);
		dir = parent;
	}
}

/** The login `npm start` and the e2e tests create (local, loopback-only n8n). */
export const OWNER = {
	email: 'owner@example.com',
	firstName: 'Local',
	lastName: 'Owner',
	password: 'Sandbox-Owner-1',
};

/** A free TCP port on 127.0.0.1. */
export async function freePort(): Promise<number> {
	return await new Promise((resolvePort, reject) => {
		const server = createServer();
		server.unref();
		server.on('error', reject);
		server.listen(0, '127.0.0.1', () => {
			const address = server.address();
			const port = typeof address === 'object' && address ? address.port : 0;
			server.close(() => resolvePort(port));
		});
	});
}

/**
 * Puts the built package (dist/ + package.json) where n8n looks for installed community packages:
 * <userFolder>/.n8n/nodes/node_modules/n8n-nodes-document-signing. Needs `npm run build` first.
 */
export function installPackage(userFolder: string): string {
	const dist = join(REPO_ROOT, 'dist');
	if (!existsSync(join(dist, 'nodes', 'DocumentSigning', 'DocumentSigning.node.js'))) {
		throw new Error('dist/ has no built nodes: run "npm run build" first');
	}
	const nodesDir = join(userFolder, '.n8n', 'nodes');
	const target = join(nodesDir, 'node_modules', PACKAGE_NAME);
	rmSync(target, { recursive: true, force: true });
	mkdirSync(target, { recursive: true });
	cpSync(dist, join(target, 'dist'), { recursive: true });
	cpSync(join(REPO_ROOT, 'package.json'), join(target, 'package.json'));
	if (!existsSync(join(nodesDir, 'package.json'))) {
		writeFileSync(
			join(nodesDir, 'package.json'),
			JSON.stringify(
				{ name: 'installed-nodes', private: true, dependencies: { [PACKAGE_NAME]: 'file:' } },
				null,
				2,
			),
		);
	}
	return target;
}

export interface InstanceOptions {
	userFolder: string;
	port: number;
	brokerPort: number;
	/** Extra environment (overrides). */
	env?: NodeJS.ProcessEnv;
}

export interface Instance {
	rt: Runtime;
	options: InstanceOptions;
	env: NodeJS.ProcessEnv;
	url: string;
}

export function instance(rt: Runtime, options: InstanceOptions): Instance {
	const url = `http://127.0.0.1:${options.port}`;
	const base: NodeJS.ProcessEnv = { ...process.env };
	// Settings of the caller's own n8n must not leak in.
	for (const key of Object.keys(base))
		if (key.startsWith('N8N_') || key === 'WEBHOOK_URL') delete base[key];
	const env: NodeJS.ProcessEnv = {
		...runtimeEnv(rt, base),
		N8N_USER_FOLDER: options.userFolder,
		N8N_PORT: String(options.port),
		N8N_LISTEN_ADDRESS: '127.0.0.1',
		N8N_HOST: '127.0.0.1',
		N8N_PROTOCOL: 'http',
		N8N_EDITOR_BASE_URL: `${url}/`,
		WEBHOOK_URL: `${url}/`,
		N8N_RUNNERS_BROKER_PORT: String(options.brokerPort),
		N8N_RUNNERS_BROKER_LISTEN_ADDRESS: '127.0.0.1',
		N8N_DIAGNOSTICS_ENABLED: 'false',
		N8N_PERSONALIZATION_ENABLED: 'false',
		N8N_VERSION_NOTIFICATIONS_ENABLED: 'false',
		N8N_TEMPLATES_ENABLED: 'false',
		N8N_HIRING_BANNER_ENABLED: 'false',
		N8N_SECURE_COOKIE: 'false',
		N8N_ENFORCE_SETTINGS_FILE_PERMISSIONS: 'false',
		N8N_COMMUNITY_PACKAGES_ENABLED: 'true',
		N8N_REINSTALL_MISSING_PACKAGES: 'false',
		N8N_LOG_LEVEL: 'info',
		N8N_BLOCK_ENV_ACCESS_IN_NODE: 'false',
		NODE_ENV: 'production',
		...options.env,
	};
	return { rt, options, env, url };
}

export interface CliResult {
	code: number | null;
	/** The signal that ended the process, when one did. */
	signal?: NodeJS.Signals | null;
	stdout: string;
	stderr: string;
}

/** `n8n <args>` of the instance, in a process group of its own (killGroup ends it and its children). */
function spawnN8n(inst: Instance, args: string[]) {
	return spawn(inst.rt.node, [inst.rt.n8nScript, ...args], {
		env: inst.env,
		cwd: inst.options.userFolder,
		stdio: ['ignore', 'pipe', 'pipe'],
		detached: true,
	});
}

/** Runs `n8n <args>` to the end. */
export async function cli(inst: Instance, args: string[], timeoutMs = 180_000): Promise<CliResult> {
	return await new Promise((resolveRun, reject) => {
		const child = spawnN8n(inst, args);
		let stdout = '';
		let stderr = '';
		child.stdout.on('data', (d: Buffer) => (stdout += d.toString('utf8')));
		child.stderr.on('data', (d: Buffer) => (stderr += d.toString('utf8')));
		const timer = setTimeout(() => {
			killGroup(child);
			reject(
				new Error(`n8n ${args.join(' ')} timed out after ${timeoutMs} ms\n${stdout}\n${stderr}`),
			);
		}, timeoutMs);
		child.on('error', (err) => {
			clearTimeout(timer);
			reject(err);
		});
		child.on('close', (code, signal) => {
			clearTimeout(timer);
			resolveRun({ code, signal, stdout, stderr });
		});
	});
}

/** Like cli(), but fails unless the command exits 0. */
export async function cliOk(
	inst: Instance,
	args: string[],
	timeoutMs?: number,
): Promise<CliResult> {
	const result = await cli(inst, args, timeoutMs);
	if (result.code !== 0) {
		throw new Error(
			`n8n ${args.join(' ')} exited ${result.code}\n${result.stdout}\n${result.stderr}`,
		);
	}
	return result;
}

/** The JSON `n8n execute --rawOutput` prints, mixed with log lines: parsed from the first `{`. */
export function parseRawOutput(stdout: string): Record<string, unknown> {
	const start = stdout.indexOf('{');
	if (start < 0) throw new Error(`No JSON in the output of n8n execute:\n${stdout}`);
	const end = stdout.lastIndexOf('}');
	return JSON.parse(stdout.slice(start, end + 1)) as Record<string, unknown>;
}

function killGroup(child: ChildProcess, signal: NodeJS.Signals = 'SIGTERM'): void {
	if (child.pid === undefined || child.exitCode !== null || child.signalCode !== null) return;
	try {
		process.kill(-child.pid, signal);
	} catch {
		try {
			child.kill(signal);
		} catch {
			/* already gone */
		}
	}
}

export interface Server {
	child: ChildProcess;
	/** Everything n8n printed so far. */
	output: () => string;
	/** SIGTERM to n8n's process group (a graceful stop); SIGKILL if it is not gone after 20 s. */
	stop: () => Promise<void>;
	/** SIGKILL to n8n's process group, task runners included (a crash). */
	crash: () => Promise<void>;
}

/**
 * `n8n start`; resolves once GET /healthz/readiness answers 200 (and the REST API is up). `args` runs another
 * long-lived command instead (`['worker']`, `['webhook']`), with `ready` telling when it is up.
 */
export async function startServer(
	inst: Instance,
	opts: {
		timeoutMs?: number;
		echo?: (chunk: string) => void;
		args?: string[];
		ready?: () => Promise<boolean>;
	} = {},
): Promise<Server> {
	const args = opts.args ?? ['start'];
	const child = spawnN8n(inst, args);
	let output = '';
	const onData = (d: Buffer) => {
		const text = d.toString('utf8');
		output += text;
		opts.echo?.(text);
	};
	child.stdout?.on('data', onData);
	child.stderr?.on('data', onData);
	const exited = new Promise<void>((resolveExit) => child.on('exit', () => resolveExit()));

	const stop = async () => {
		if (child.exitCode !== null || child.signalCode !== null) return;
		killGroup(child, 'SIGTERM');
		const timer = setTimeout(() => killGroup(child, 'SIGKILL'), 20_000);
		await exited;
		clearTimeout(timer);
	};
	const crash = async () => {
		if (child.exitCode !== null || child.signalCode !== null) return;
		killGroup(child, 'SIGKILL');
		await exited;
	};

	const deadline = Date.now() + (opts.timeoutMs ?? 180_000);
	for (;;) {
		if (child.exitCode !== null || child.signalCode !== null) {
			throw new Error(
				`n8n ${args.join(' ')} exited (${child.exitCode ?? child.signalCode}) before it was up:\n${output}`,
			);
		}
		if (Date.now() > deadline) {
			await stop();
			throw new Error(`n8n ${args.join(' ')} was not up in time:\n${output}`);
		}
		if (opts.ready) {
			if (await opts.ready().catch(() => false)) break;
			await new Promise((r) => setTimeout(r, 500));
			continue;
		}
		try {
			// /healthz/readiness: n8n answers /healthz, and while migrating any path with 200
			// "n8n is starting up" (HTML), before its REST API exists.
			const ready = await fetch(`${inst.url}/healthz/readiness`);
			const settings = ready.status === 200 ? await fetch(`${inst.url}/rest/settings`) : undefined;
			const json = /json/.test(settings?.headers.get('content-type') ?? '');
			if (settings && settings.status === 200 && json) break;
		} catch {
			/* not listening yet */
		}
		await new Promise((r) => setTimeout(r, 500));
	}
	return { child, output: () => output, stop, crash };
}

/**
 * Creates the owner account through the REST API (the sign-up form of a fresh n8n). Returns
 * false when an owner already exists.
 */
export async function setupOwner(inst: Instance, owner = OWNER): Promise<boolean> {
	const response = await fetch(`${inst.url}/rest/owner/setup`, {
		method: 'POST',
		headers: { 'Content-Type': 'application/json' },
		body: JSON.stringify(owner),
	});
	const text = await response.text();
	if (response.ok) {
		// n8n still starting answers any path with 200 "n8n is starting up": that created nothing.
		if (!text.trimStart().startsWith('{'))
			throw new Error(`POST /rest/owner/setup → ${response.status} ${text.slice(0, 200)}`);
		return true;
	}
	if (response.status === 400 && /already/i.test(text)) return false;
	throw new Error(`POST /rest/owner/setup → ${response.status} ${text}`);
}

/** Logs in as the owner; returns the cookie header for REST calls. */
export async function login(inst: Instance, owner = OWNER): Promise<string> {
	const response = await fetch(`${inst.url}/rest/login`, {
		method: 'POST',
		headers: { 'Content-Type': 'application/json' },
		body: JSON.stringify({
			emailOrLdapLoginId: owner.email,
			email: owner.email,
			password: owner.password,
		}),
	});
	if (!response.ok)
		throw new Error(`POST /rest/login → ${response.status} ${await response.text()}`);
	const cookies = response.headers.getSetCookie().map((c) => c.split(';')[0]);
	return cookies.join('; ');
}

/**
 * `n8n start` on a fresh user folder, then its owner account and the owner's login: the server and
 * the cookie for REST calls. When the owner cannot be set up, n8n is stopped again.
 */
export async function startWithOwner(
	inst: Instance,
	owner = OWNER,
): Promise<{ server: Server; cookie: string }> {
	const server = await startServer(inst);
	try {
		await setupOwner(inst, owner);
		return { server, cookie: await login(inst, owner) };
	} catch (error) {
		await server.stop();
		throw error;
	}
}

/** A REST call as the logged-in owner; returns the `data` of the answer. */
export async function rest<T = unknown>(
	inst: Instance,
	cookie: string,
	method: string,
	path: string,
	body?: unknown,
): Promise<T> {
	const response = await fetch(`${inst.url}/rest${path}`, {
		method,
		headers: { Cookie: cookie, 'Content-Type': 'application/json', 'browser-id': 'e2e' },
		body: body === undefined ? undefined : JSON.stringify(body),
	});
	const text = await response.text();
	if (!response.ok) throw new Error(`${method} /rest${path} → ${response.status} ${text}`);
	const parsed = text ? (JSON.parse(text) as { data?: T }) : {};
	return parsed.data as T;
}

/** The executions of a workflow, newest first, as n8n's REST API lists them (status, mode, …). */
export async function executionsOf(
	inst: Instance,
	cookie: string,
	workflowId: string,
): Promise<Array<Record<string, any>>> {
	// n8n answers at most 100 a page (its limit), newest start first; the first page also lists
	// the executions still running. Its `nextCursor` asks for ids below the page's last row, which
	// skips an execution that started out of id order (queue mode: a worker picks up 127 after 128;
	// CI missed one of 200 so). So the next page is those started at or before the page's last row
	// (n8n's startedBefore is inclusive): pages overlap by that row and nothing falls between them.
	const byId = new Map<string, Record<string, any>>();
	let startedBefore: string | undefined;
	for (;;) {
		const filter = encodeURIComponent(
			JSON.stringify(startedBefore ? { workflowId, startedBefore } : { workflowId }),
		);
		const data: { results: Array<Record<string, any>>; nextCursor?: string | null } = await rest(
			inst,
			cookie,
			'GET',
			`/executions?limit=100&filter=${filter}`,
		);
		let added = 0;
		for (const e of data.results)
			if (!byId.has(String(e.id))) {
				byId.set(String(e.id), e);
				added++;
			}
		const last = data.results[data.results.length - 1];
		if (!data.nextCursor || !last) break;
		if (added === 0)
			throw new Error(
				`n8n lists more than 100 executions of ${workflowId} started at ${startedBefore}: cannot page them`,
			);
		startedBefore = new Date(last.startedAt ?? last.createdAt).toISOString();
	}
	return [...byId.values()].filter((e) => String(e.workflowId) === workflowId);
}

/** n8n stores executions in the "flatted" format (strings and objects by index). */
export function unflatten(text: string): unknown {
	const table = JSON.parse(text) as unknown[];
	const done = new Map<number, unknown>();
	const revive = (index: number): unknown => {
		if (done.has(index)) return done.get(index);
		const value = table[index];
		if (value === null || typeof value !== 'object') {
			done.set(index, value);
			return value;
		}
		const copy: Record<string, unknown> | unknown[] = Array.isArray(value) ? [] : {};
		done.set(index, copy);
		for (const [key, inner] of Object.entries(value as Record<string, unknown>)) {
			(copy as Record<string, unknown>)[key] =
				typeof inner === 'string' ? revive(Number(inner)) : inner;
		}
		return copy;
	};
	return revive(0);
}

/** Waits until `check` returns a value (not undefined); `explain` adds to the timeout's message. */
export type Until = <T>(
	what: string,
	check: () => T | undefined | Promise<T | undefined>,
	timeoutMs?: number,
	explain?: () => string,
) => Promise<T>;

/** An `until` checking every `everyMs`, giving up after `timeoutMs` unless a call says otherwise. */
export function waiter({ timeoutMs = 60_000, everyMs = 500 } = {}): Until {
	return async <T>(
		what: string,
		check: () => T | undefined | Promise<T | undefined>,
		ms = timeoutMs,
		explain?: () => string,
	): Promise<T> => {
		const deadline = Date.now() + ms;
		for (;;) {
			const value = await check();
			if (value !== undefined) return value;
			if (Date.now() > deadline)
				throw new Error(`Timed out waiting for ${what}${explain ? `\n${explain()}` : ''}`);
			await new Promise((r) => setTimeout(r, everyMs));
		}
	};
}

/**
 * POSTs the JSON `body` to the production webhook `path` of a published workflow, again while n8n
 * answers 404 (it activates published workflows in the background once it is up); any other
 * answer than 200 is an error. `server`: its output is shown when n8n never takes it.
 */
export async function postToWebhook(
	inst: Instance,
	path: string,
	body: unknown,
	server?: Server,
	timeoutMs = 90_000,
): Promise<void> {
	let last = '';
	await waiter()(
		`n8n to accept POST /webhook/${path}`,
		async () => {
			const response = await fetch(`${inst.url}/webhook/${path}`, {
				method: 'POST',
				headers: { 'Content-Type': 'application/json' },
				body: JSON.stringify(body),
			});
			last = `${response.status} ${await response.text()}`;
			if (response.status === 404) return undefined;
			if (response.status !== 200) throw new Error(`POST /webhook/${path} → ${last}`);
			return true;
		},
		timeoutMs,
		() => `${last}\n${server?.output().slice(-3000) ?? ''}`,
	);
}
