/**
 * `npm run bench:test`: what `npm test` costs, against its target (issue 20 §3): under 60 s wall
 * and 100 s CPU on a quiet 2-core machine, all tests on n8n's engine.
 *
 * Runs `npm test` (jest, its own reporters) as a child and prints one line with the wall time, the
 * CPU time of jest and its workers (user + system, from the kernel's accounting of waited-for
 * children), the number of tests, the machine's cores and its load average before and after: on a
 * shared machine the load says how far the figures are from a quiet one. Not a test: exits with
 * jest's status (a failing test fails it), prints whether the target was met and never fails on
 * time alone. Extra arguments go to jest (`npm run bench:test -- test/nodes`).
 */
import { spawn } from 'child_process';
import { readFileSync } from 'fs';
import { cpus, loadavg } from 'os';

const TARGET_WALL_S = 60;
const TARGET_CPU_S = 100;

const load = () =>
	loadavg()
		.map((l) => l.toFixed(2))
		.join(' ');

const loadBefore = load();
const began = process.hrtime.bigint();
const args = process.argv.slice(2);
const child = spawn('npm', ['test', '--', ...args], { stdio: ['ignore', 'pipe', 'inherit'] });
let out = '';
child.stdout.on('data', (chunk: Buffer) => {
	out += chunk.toString();
	process.stdout.write(chunk);
});
child.on('close', (status) => report(status ?? 1, Number(process.hrtime.bigint() - began) / 1e9));

// The CPU of the waited-for children (npm, jest and its workers), as `time` reports it: Node does
// not expose getrusage(RUSAGE_CHILDREN), so read /proc/self/stat (cutime, cstime: fields 16 and
// 17, in clock ticks).
function childrenCpuSeconds(): { user: number; system: number } | undefined {
	try {
		const stat = readFileSync('/proc/self/stat', 'utf8');
		const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
		const ticks = 100; // USER_HZ on Linux
		return { user: Number(fields[13]) / ticks, system: Number(fields[14]) / ticks };
	} catch {
		return undefined;
	}
}

function report(status: number, wall: number): never {
	const children = childrenCpuSeconds();
	const cpu = children ? children.user + children.system : Infinity;
	const tests = /Tests: (\d+) passed, (\d+) failed, (\d+) skipped/.exec(out);
	const busy =
		loadavg()[0] > cpus().length / 2 || Number(loadBefore.split(' ')[0]) > cpus().length / 2;
	const lines = [
		'',
		`== bench:test (npm test${args.length ? ` ${args.join(' ')}` : ''})`,
		`wall ${wall.toFixed(1)} s (target < ${TARGET_WALL_S} s)`,
		children
			? `CPU ${cpu.toFixed(1)} s = ${children.user.toFixed(1)} s user + ${children.system.toFixed(1)} s system (target < ${TARGET_CPU_S} s)`
			: 'CPU: unknown (no /proc on this system)',
		`tests: ${tests ? `${tests[1]} passed, ${tests[2]} failed, ${tests[3]} skipped` : 'unknown'}`,
		`machine: ${cpus().length} cores, load average ${loadBefore} before, ${load()} after (1, 5, 15 min)`,
		args.length
			? 'target: not judged (a part of the suite; the target is for the whole of npm test)'
			: `target ${wall < TARGET_WALL_S && cpu < TARGET_CPU_S ? 'met' : 'missed'}${busy ? ' (the machine was busy: a quiet run is faster)' : ''}`,
	];
	process.stdout.write(`${lines.join('\n')}\n`);
	process.exit(status);
}
