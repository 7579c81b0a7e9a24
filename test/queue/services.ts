/**
 * PostgreSQL and Redis for `npm run test:queue`: private, throw-away servers on free loopback ports,
 * started from the installed binaries (Debian packages `postgresql` and `redis-server`, installed
 * with apt-get when missing and the script runs as root) and removed again by `stop()`.
 *
 * PostgreSQL runs as the `postgres` user when the script runs as root (it refuses to run as root),
 * with its data folder in a temp folder; durability is off (fsync, synchronous_commit) because the
 * data is thrown away. Redis runs without persistence (no RDB snapshots, no AOF).
 */
import { spawn, spawnSync, type ChildProcess } from 'child_process';
import {
	chownSync,
	closeSync,
	existsSync,
	mkdirSync,
	mkdtempSync,
	openSync,
	readdirSync,
	readFileSync,
	rmSync,
	unlinkSync,
	writeFileSync,
} from 'fs';
import { connect } from 'net';
import { tmpdir } from 'os';
import { delimiter, join } from 'path';

import { freePort } from '../e2e/n8n';

export interface Service {
	host: string;
	port: number;
	/** Stops the server and removes its temp folder; safe to call twice. */
	stop(): Promise<void>;
}

export interface Postgres extends Service {
	user: string;
	database: string;
}

export type Log = (line: string) => void;

const isRoot = () => typeof process.getuid === 'function' && process.getuid() === 0;

function onPath(name: string): string | undefined {
	for (const dir of (process.env.PATH ?? '').split(delimiter)) {
		if (dir && existsSync(join(dir, name))) return join(dir, name);
	}
	return undefined;
}

/** The folder holding initdb/postgres/createdb: the newest /usr/lib/postgresql/<v>/bin, or PATH. */
function postgresBinDir(): string | undefined {
	const base = '/usr/lib/postgresql';
	if (existsSync(base)) {
		const versions = readdirSync(base)
			.filter((v) => existsSync(join(base, v, 'bin', 'postgres')))
			.sort((a, b) => Number(b) - Number(a));
		if (versions.length) return join(base, versions[0], 'bin');
	}
	const initdb = onPath('initdb');
	return initdb && existsSync(join(initdb, '..', 'postgres')) ? join(initdb, '..') : undefined;
}

function redisServerPath(): string | undefined {
	return (
		onPath('redis-server') ??
		(existsSync('/usr/bin/redis-server') ? '/usr/bin/redis-server' : undefined)
	);
}

/**
 * `apt-get update` then `apt-get install` of Debian packages (root only). Services the packages
 * would start are kept from starting (a temporary policy-rc.d, unless one exists), so nothing is
 * left running on the system's default ports.
 */
function aptInstall(packages: string[], log: Log, logFile: string): void {
	const missing = `${packages.join(' and ')} ${packages.length > 1 ? 'are' : 'is'} not installed`;
	if (!existsSync('/usr/bin/apt-get')) {
		throw new Error(`${missing} and there is no apt-get here: install ${packages.join(', ')}`);
	}
	if (!isRoot()) {
		throw new Error(`${missing}: run "sudo apt-get install -y ${packages.join(' ')}" first`);
	}
	const policy = '/usr/sbin/policy-rc.d';
	const ownPolicy = !existsSync(policy);
	if (ownPolicy) writeFileSync(policy, '#!/bin/sh\nexit 101\n', { mode: 0o755 });
	const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
	const fd = openSync(logFile, 'a');
	try {
		log(`Installing ${packages.join(', ')} with apt-get (log: ${logFile})...`);
		for (const args of [
			['update', '-q'],
			['install', '-y', '-q', '--no-install-recommends', ...packages],
		]) {
			const result = spawnSync('apt-get', args, { env, stdio: ['ignore', fd, fd] });
			if (result.status !== 0) {
				throw new Error(`apt-get ${args[0]} failed (exit ${result.status}); see ${logFile}`);
			}
		}
	} finally {
		closeSync(fd);
		if (ownPolicy) unlinkSync(policy);
	}
}

/** The Debian packages' binaries, installed first when missing. */
export function ensureServices(log: Log, logDir: string): { pgBin: string; redisServer: string } {
	const wanted: string[] = [];
	if (!postgresBinDir()) wanted.push('postgresql');
	if (!redisServerPath()) wanted.push('redis-server');
	if (wanted.length) aptInstall(wanted, log, join(logDir, 'apt-get.log'));
	const pgBin = postgresBinDir();
	const redisServer = redisServerPath();
	if (!pgBin) throw new Error('PostgreSQL binaries (initdb, postgres) not found after installing');
	if (!redisServer) throw new Error('redis-server not found after installing');
	return { pgBin, redisServer };
}

function userIds(name: string): { uid: number; gid: number } {
	const uid = spawnSync('id', ['-u', name], { encoding: 'utf8' });
	const gid = spawnSync('id', ['-g', name], { encoding: 'utf8' });
	if (uid.status !== 0 || gid.status !== 0) {
		throw new Error(`There is no "${name}" user to run PostgreSQL as (root may not run it)`);
	}
	return { uid: Number(uid.stdout.trim()), gid: Number(gid.stdout.trim()) };
}

async function waitFor(what: string, check: () => Promise<boolean> | boolean, ms: number) {
	const deadline = Date.now() + ms;
	while (!(await check())) {
		if (Date.now() > deadline) throw new Error(`${what} did not come up within ${ms / 1000} s`);
		await new Promise((r) => setTimeout(r, 250));
	}
}

/** Sends `signal`, waits for the exit, then SIGKILL after `graceMs`. */
async function stopChild(child: ChildProcess, signal: NodeJS.Signals, graceMs: number) {
	if (child.exitCode !== null || child.signalCode !== null) return;
	const exited = new Promise<void>((r) => child.once('exit', () => r()));
	child.kill(signal);
	const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
	await exited;
	clearTimeout(timer);
}

function tail(file: string): string {
	try {
		return readFileSync(file, 'utf8').slice(-3000);
	} catch {
		return '';
	}
}

/** A fresh PostgreSQL cluster in a temp folder, database `n8n`, trust authentication on 127.0.0.1. */
export async function startPostgres(pgBin: string, log: Log): Promise<Postgres> {
	const dir = mkdtempSync(join(tmpdir(), 'ds-queue-pg-'));
	const owner = isRoot() ? userIds('postgres') : undefined;
	if (owner) chownSync(dir, owner.uid, owner.gid);
	const asOwner = owner ? { uid: owner.uid, gid: owner.gid } : {};
	const env = { ...process.env, LC_ALL: 'C', LANG: 'C', HOME: dir, PGTZ: 'UTC' };
	const data = join(dir, 'data');
	const logFile = join(dir, 'postgres.log');
	let child: ChildProcess | undefined;
	let stopped = false;
	const stop = async () => {
		if (stopped) return;
		stopped = true;
		// SIGINT = PostgreSQL's "fast" shutdown.
		if (child) await stopChild(child, 'SIGINT', 15_000);
		rmSync(dir, { recursive: true, force: true });
	};
	try {
		const init = spawnSync(
			join(pgBin, 'initdb'),
			['-D', data, '-U', 'postgres', '-A', 'trust', '-E', 'UTF8', '--no-sync'],
			{ ...asOwner, env, cwd: dir, encoding: 'utf8' },
		);
		if (init.status !== 0) throw new Error(`initdb failed:\n${init.stdout}\n${init.stderr}`);
		const port = await freePort();
		const out = openSync(logFile, 'a');
		child = spawn(
			join(pgBin, 'postgres'),
			[
				'-D',
				data,
				'-p',
				String(port),
				'-k',
				dir,
				'-c',
				'listen_addresses=127.0.0.1',
				'-c',
				'fsync=off',
				'-c',
				'synchronous_commit=off',
				'-c',
				'full_page_writes=off',
				'-c',
				'max_connections=100',
			],
			{ ...asOwner, env, cwd: dir, stdio: ['ignore', out, out] },
		);
		closeSync(out);
		const started = child;
		await waitFor(
			'PostgreSQL',
			() => {
				if (started.exitCode !== null) {
					throw new Error(`postgres exited (${started.exitCode}):\n${tail(logFile)}`);
				}
				return (
					spawnSync(
						join(pgBin, 'createdb'),
						['-h', '127.0.0.1', '-p', String(port), '-U', 'postgres', 'n8n'],
						{ env, cwd: dir, stdio: 'ignore' },
					).status === 0
				);
			},
			60_000,
		);
		log(`PostgreSQL (${pgBin}) on 127.0.0.1:${port}, data in ${data}`);
		return { host: '127.0.0.1', port, user: 'postgres', database: 'n8n', stop };
	} catch (error) {
		await stop();
		throw error;
	}
}

async function redisPing(port: number): Promise<boolean> {
	return await new Promise((resolve) => {
		const socket = connect(port, '127.0.0.1');
		let answer = '';
		const done = (ok: boolean) => {
			socket.destroy();
			resolve(ok);
		};
		socket.setTimeout(1000, () => done(false));
		socket.on('error', () => done(false));
		socket.on('connect', () => socket.write('PING\r\n'));
		socket.on('data', (d) => {
			answer += d.toString('utf8');
			if (answer.includes('\r\n')) done(answer.startsWith('+PONG'));
		});
	});
}

/** A Redis server on a free port, nothing persisted. */
export async function startRedis(redisServer: string, log: Log): Promise<Service> {
	const dir = mkdtempSync(join(tmpdir(), 'ds-queue-redis-'));
	mkdirSync(join(dir, 'data'));
	const logFile = join(dir, 'redis.log');
	let child: ChildProcess | undefined;
	let stopped = false;
	const stop = async () => {
		if (stopped) return;
		stopped = true;
		if (child) await stopChild(child, 'SIGTERM', 10_000);
		rmSync(dir, { recursive: true, force: true });
	};
	try {
		const port = await freePort();
		const out = openSync(logFile, 'a');
		child = spawn(
			redisServer,
			[
				'--port',
				String(port),
				'--bind',
				'127.0.0.1',
				'--save',
				'',
				'--appendonly',
				'no',
				'--dir',
				join(dir, 'data'),
				'--daemonize',
				'no',
			],
			{ cwd: dir, stdio: ['ignore', out, out] },
		);
		closeSync(out);
		const started = child;
		await waitFor(
			'Redis',
			async () => {
				if (started.exitCode !== null) {
					throw new Error(`redis-server exited (${started.exitCode}):\n${tail(logFile)}`);
				}
				return await redisPing(port);
			},
			30_000,
		);
		log(`Redis (${redisServer}) on 127.0.0.1:${port}, no persistence`);
		return { host: '127.0.0.1', port, stop };
	} catch (error) {
		await stop();
		throw error;
	}
}
