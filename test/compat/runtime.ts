/**
 * The n8n versions the compatibility smoke runs against, each installed once into the same cache
 * folder as the e2e runtime (see ../e2e/runtime.ts):
 *
 *   <cache>/n8n-2.41.1/   the e2e tests' n8n, on Node 24 (installed by ensureRuntime())
 *   <cache>/n8n-1.123.x/  the oldest supported line, on the machine's Node 20 (n8n 1.x runs on 20)
 *
 * An n8n folder gets its `.installed` marker only after the install and the sqlite3 rebuild worked.
 */
import { spawnSync } from 'child_process';
import { closeSync, existsSync, mkdirSync, openSync, writeFileSync } from 'fs';
import { dirname, join } from 'path';

import {
	cacheRoot,
	ensureRuntime,
	InstallError,
	N8N_VERSION as E2E_N8N_VERSION,
	type Runtime,
} from '../e2e/runtime';

/** The oldest n8n the package supports: the last 1.x line. */
export const OLDEST_N8N = '1.123.81';

export interface CompatTarget {
	n8n: string;
	/** Which Node runs it: the machine's own (`system`) or the cached Node 24. */
	node: 'system' | '24';
	/** Extra environment for n8n. */
	env?: NodeJS.ProcessEnv;
}

export const TARGETS: CompatTarget[] = [
	// 1.123's late patches default to the `vm` expression engine, which needs isolated-vm's native
	// build; installs here skip install scripts, so the smoke runs n8n's `legacy` engine (the only
	// engine of earlier 1.x releases).
	{ n8n: OLDEST_N8N, node: 'system', env: { N8N_EXPRESSION_ENGINE: 'legacy' } },
	{ n8n: E2E_N8N_VERSION, node: '24' },
];

const MARKER = '.installed';

/**
 * Dependencies n8n pins to places this machine cannot reach, replaced by registry versions:
 * linkedom 0.18.15 needs a package the registry lacks; n8n 1.x's nodes-base takes xlsx from the
 * SheetJS CDN (the registry's last xlsx, 0.18.5, serves the Spreadsheet File node the same way).
 */
const OVERRIDES = { linkedom: '0.18.12', xlsx: '0.18.5' };

function run(
	cmd: string,
	args: string[],
	cwd: string,
	env: NodeJS.ProcessEnv,
	log: string,
): boolean {
	const fd = openSync(log, 'a');
	try {
		return spawnSync(cmd, args, { cwd, env, stdio: ['ignore', fd, fd] }).status === 0;
	} finally {
		closeSync(fd);
	}
}

/** The C headers of the running Node (Debian: /usr/include/node), for native rebuilds. */
function systemNodeDir(): string {
	const prefix = dirname(dirname(process.execPath));
	return existsSync(join(prefix, 'include', 'node', 'node_api.h')) ? prefix : '/usr';
}

function n8nScript(n8nDir: string): string {
	return join(n8nDir, 'node_modules', 'n8n', 'bin', 'n8n');
}

/** Installs (first run) or finds the target's n8n; returns a Runtime for ../e2e/n8n.ts. */
export function ensureTarget(target: CompatTarget, log: (line: string) => void): Runtime {
	if (target.node === '24') {
		const rt = ensureRuntime(log);
		if (target.n8n !== E2E_N8N_VERSION)
			throw new Error(`Only n8n ${E2E_N8N_VERSION} is installed for Node 24`);
		return rt;
	}
	const cache = cacheRoot();
	const n8nDir = join(cache, `n8n-${target.n8n}`);
	const nodeDir = systemNodeDir();
	const rt: Runtime = {
		cache,
		nodeDir,
		nodeBinDir: dirname(process.execPath),
		node: process.execPath,
		n8nDir,
		n8nScript: n8nScript(n8nDir),
	};
	if (existsSync(join(n8nDir, MARKER)) && existsSync(rt.n8nScript)) return rt;

	mkdirSync(n8nDir, { recursive: true });
	writeFileSync(
		join(n8nDir, 'package.json'),
		JSON.stringify({
			name: 'n8n-runtime',
			private: true,
			dependencies: { n8n: target.n8n },
			overrides: OVERRIDES,
		}),
	);
	const logFile = join(cache, `n8n-${target.n8n}-install.log`);
	log(
		`Installing n8n ${target.n8n} into ${n8nDir} (first run only, several minutes; log: ${logFile})...`,
	);
	const env: NodeJS.ProcessEnv = {
		...process.env,
		PATH: `${rt.nodeBinDir}:${process.env.PATH ?? ''}`,
		npm_config_nodedir: nodeDir,
	};
	if (!run('npm', ['install', '--ignore-scripts', '--no-audit', '--no-fund'], n8nDir, env, logFile))
		throw new InstallError(`npm install of n8n ${target.n8n} failed (see ${logFile})`);
	// Started through `npm run`, npm passes the project's ignore-scripts=true on as
	// npm_config_ignore_scripts, which would turn the rebuild into a no-op.
	const rebuildEnv = { ...env, npm_config_ignore_scripts: 'false' };
	if (!run('npm', ['rebuild', 'sqlite3'], n8nDir, rebuildEnv, logFile))
		throw new InstallError(`npm rebuild sqlite3 failed (see ${logFile})`);
	if (!existsSync(join(n8nDir, 'node_modules', 'sqlite3', 'build', 'Release', 'node_sqlite3.node')))
		throw new InstallError(`sqlite3 was not built for n8n ${target.n8n} (see ${logFile})`);
	const version = spawnSync(rt.node, [rt.n8nScript, '--version'], {
		encoding: 'utf8',
		env,
		timeout: 120_000,
	});
	if (version.status !== 0 || !version.stdout.includes(target.n8n))
		throw new InstallError(`n8n ${target.n8n} was installed but does not start (see ${logFile})`);
	writeFileSync(join(n8nDir, MARKER), `n8n@${target.n8n} installed ${new Date().toISOString()}\n`);
	log(`n8n ${target.n8n} installed.`);
	return rt;
}

if (require.main === module) {
	const wanted = process.argv[2];
	try {
		for (const target of TARGETS.filter((t) => !wanted || t.n8n === wanted))
			console.log(
				`ready: n8n ${target.n8n} → ${ensureTarget(target, (l) => console.log(l)).n8nDir}`,
			);
	} catch (err) {
		console.error(err instanceof Error ? err.message : err);
		process.exit(err instanceof InstallError ? 3 : 1);
	}
}
