/**
 * `npm run bench:waits`: many Send and Wait executions waiting at once in one n8n (regular mode,
 * SQLite: n8n's default), in a real n8n 2.41.1 against the sandbox with the service's limits (200
 * reads, 120 writes, 60 webhook requests a minute per key; 429 with Retry-After) and its delivery
 * rules: every event goes to every webhook subscribed in its scope, 5 s to answer, 3 attempts.
 * n8n's public address (WEBHOOK_URL) is a counting proxy (../e2e/proxy.ts), so every call into n8n
 * is seen: the service's deliveries and n8n's own calls (hand-ons to waiting executions, a run's
 * hand-over of its wait).
 *
 * For each size N (BENCH_WAITS_SIZES, default "100,1000"), in a fresh n8n:
 *  (event) N executions (Webhook node → Send and Wait, Send First on, Re-Read Every 15 minutes →
 *          Report) start within 30 s; then every request is completed at a random moment within
 *          two minutes. Prints: the time from the first start until all wait, against its floor
 *          (what a start must send at the service's limits); deliveries per event into n8n (the
 *          service's and n8n's own hand-ons), answers by status, answers slower than 5 s; p50/p95
 *          from a request's end to its execution's end; n8n's CPU seconds per ended wait; error
 *          lines in n8n's log.
 *  (read)  every delivery lost (the service's master switches off); N executions wait for
 *          requests already sent (Send First off, Re-Read Every 1 minute); then every request is
 *          completed at once. Prints: the time to the last end against the interval (target:
 *          interval + 1 minute), reads in the busiest minute and on average while they wait and end.
 * Then the growth of each figure from the smallest size to the largest, so that 10,000 can be
 * reasoned about. Not a test: it prints figures and exits 1 when a target is missed.
 * BENCH_WAITS_PHASES=event (or read) runs that phase only. BENCH_KEEP=1 keeps the n8n user folders;
 * BENCH_PROFILE_DIR=<folder> has n8n write a CPU profile there when it stops.
 */
import { readdirSync, readFileSync } from 'fs';

import {
	DEFAULT_RATE_LIMITS,
	DEFAULT_RATE_WINDOW_MS,
	SEED,
	type RecordedRequest,
} from '../sandbox';
import {
	CREDENTIAL_TYPE,
	NODE_TYPE,
	rest,
	startWithOwner,
	waiter,
	type Instance,
	type Server,
} from '../e2e/n8n';
import { startProxy, type Proxy } from '../e2e/proxy';
import {
	CREDENTIAL_ID,
	CREDENTIAL_NAME,
	createDemoDraft,
	importAll,
	prepareN8n,
	reportNode,
	sandboxApi,
	sandboxCredential,
	tearDown,
	type E2eSetup,
	type Workflow,
} from '../e2e/setup';
import { Receiver } from '../sandbox/fixtures';

const SIZES = (process.env.BENCH_WAITS_SIZES ?? '100,1000')
	.split(',')
	.map((n) => Number(n.trim()))
	.filter((n) => Number.isInteger(n) && n > 0);
const MINUTE_MS = DEFAULT_RATE_WINDOW_MS;
/** Which phases run (BENCH_WAITS_PHASES, default "event,read"). */
const PHASES = (process.env.BENCH_WAITS_PHASES ?? 'event,read').split(',').map((p) => p.trim());
/** The requests of the event phase end within this long. */
const ENDING_MS = 120_000;
/** The starts of a phase are spread over this long. */
const ARRIVAL_MS = 30_000;
const READ_INTERVAL_MIN = 1;
const CRED = { [CREDENTIAL_TYPE]: { id: CREDENTIAL_ID, name: CREDENTIAL_NAME } };
const SEED_WORKSPACES = [SEED.protectedWorkspace.id, ...SEED.workspaces.map((w) => w.id)];
const EVENT_WF = 'dsBenchWaitsEvent';
const READ_WF = 'dsBenchWaitsRead';

type Json = Record<string, any>;

const began = Date.now();
const log = (line: string) =>
	console.log(`[${((Date.now() - began) / 1000).toFixed(0).padStart(5)} s] ${line}`);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

function quantile(values: number[], q: number): number {
	if (values.length === 0) return NaN;
	const sorted = [...values].sort((a, b) => a - b);
	return sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)];
}

/** CPU seconds (user + system) of every process in n8n's process group, task runners included. */
function groupCpuSeconds(pgid: number): number {
	let ticks = 0;
	for (const entry of readdirSync('/proc')) {
		if (!/^\d+$/.test(entry)) continue;
		try {
			const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
			// Fields after the command's closing parenthesis: state ppid pgrp … utime(14) stime(15).
			const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
			if (Number(fields[2]) !== pgid) continue;
			ticks += Number(fields[11]) + Number(fields[12]);
		} catch {
			// The process ended meanwhile.
		}
	}
	return ticks / 100;
}

/** Webhook node (POST at `path`) → Send and Wait → Report: one execution per call. */
function waitWorkflow(id: string, path: string, reportUrl: string, wait: Json): Workflow {
	const nodes = [
		{
			id: `${id}-start`,
			name: 'Start',
			type: 'n8n-nodes-base.webhook',
			typeVersion: 2,
			position: [0, 0],
			webhookId: `${id}-hook`,
			parameters: { httpMethod: 'POST', path, responseMode: 'onReceived', options: {} },
		},
		{
			id: `${id}-wait`,
			name: 'Send and wait',
			// As the editor gives every node with webhooks (n8n registers the router's path with it).
			webhookId: `${id}-router`,
			type: NODE_TYPE,
			typeVersion: 1,
			position: [240, 0],
			credentials: CRED,
			parameters: {
				resource: 'signingRequest',
				operation: 'sendAndWaitForCompletion',
				signingRequestId: { __rl: true, mode: 'id', value: '={{ $json.body.id }}' },
				timeLimitAmount: 1,
				timeLimitUnit: 'days',
				...wait,
			},
		},
		reportNode(
			reportUrl,
			`${id}-report`,
			[480, 0],
			'={{ JSON.stringify({ id: $json.id, status: $json.status, ended_by: $json.ended_by }) }}',
		),
	];
	return {
		id,
		name: `bench: waits (${path})`,
		nodes,
		connections: {
			Start: { main: [[{ node: 'Send and wait', type: 'main', index: 0 }]] },
			'Send and wait': { main: [[{ node: 'Report', type: 'main', index: 0 }]] },
		},
		settings: { executionOrder: 'v1' },
	} as unknown as Workflow;
}

/**
 * Drafts made through the API (sent too when `send`); the sandbox's counters are cleared after each
 * batch (100 writes).
 */
async function requests(setup: E2eSetup, count: number, prefix: string, send: boolean) {
	const ids: string[] = [];
	const size = send ? 50 : 100;
	for (let from = 0; from < count; from += size) {
		const batch = Array.from({ length: Math.min(size, count - from) }, (_, i) => from + i);
		const made = await Promise.all(
			batch.map(async (n) => {
				const draft = await createDemoDraft(setup.sandbox.url, setup.templateId, `${prefix} ${n}`);
				if (send) await sandboxApi(setup.sandbox.url, 'POST', `/signing-requests/${draft.id}/send`);
				return draft.id;
			}),
		);
		ids.push(...made);
		setup.sandbox.resetRateLimits();
	}
	return ids;
}

async function counts(inst: Instance, cookie: string, workflowId: string) {
	const result: Record<string, number> = {};
	for (const status of ['running', 'waiting', 'success', 'error', 'crashed', 'canceled']) {
		const filter = encodeURIComponent(JSON.stringify({ workflowId, status: [status] }));
		const data = await rest<{ count: number }>(
			inst,
			cookie,
			'GET',
			`/executions?limit=1&filter=${filter}`,
		);
		result[status] = Number(data?.count ?? 0);
	}
	return result;
}

/** Reads (answered, not refused; webhook requests aside) in the busiest 60 s, and on average. */
function readsPerMinute(requests: RecordedRequest[], from: number, to: number) {
	const at = requests
		.filter((r) => r.at >= from && r.at <= to && r.method === 'GET' && r.status !== 429)
		.filter((r) => !r.path.startsWith('/webhooks'))
		.map((r) => r.at)
		.sort((a, b) => a - b);
	let most = 0;
	for (let i = 0, j = 0; i < at.length; i++) {
		while (at[i] - at[j] >= MINUTE_MS) j++;
		most = Math.max(most, i - j + 1);
	}
	return { most, mean: (at.length * MINUTE_MS) / Math.max(MINUTE_MS, to - from) };
}

interface Figure {
	what: string;
	value: number;
	shown: string;
	target?: string;
	met?: boolean;
}

interface Run {
	size: number;
	figures: Figure[];
}

function figure(
	run: Run,
	what: string,
	value: number,
	shown: string,
	target?: string,
	met?: boolean,
) {
	run.figures.push({ what, value, shown, target, met });
	const mark = met === undefined ? '       ' : met ? 'MET    ' : 'NOT MET';
	log(`${mark} [N=${run.size}] ${what}: ${shown}${target ? ` (target ${target})` : ''}`);
}

/** Starts one execution per id at `path`, spread over ARRIVAL_MS. */
async function startAll(inst: Instance, path: string, ids: string[]): Promise<void> {
	const statuses = await Promise.all(
		ids.map(async (id, i) => {
			await sleep((i * ARRIVAL_MS) / ids.length);
			const response = await fetch(`${inst.url}/webhook/${path}`, {
				method: 'POST',
				headers: { 'Content-Type': 'application/json' },
				body: JSON.stringify({ id }),
			});
			await response.text();
			return response.status;
		}),
	);
	const refused = statuses.filter((s) => s !== 200);
	if (refused.length > 0) throw new Error(`Starting at ${path} answered ${refused.join(', ')}`);
}

async function allWaiting(inst: Instance, cookie: string, workflowId: string, n: number) {
	let seen: Record<string, number> = {};
	await waiter({ timeoutMs: 3_600_000, everyMs: 2000 })(
		`the ${n} executions to wait or fail`,
		async () => {
			seen = await counts(inst, cookie, workflowId);
			return seen.waiting + seen.error + seen.crashed + seen.success >= n ? true : undefined;
		},
		3_600_000,
		() => JSON.stringify(seen),
	);
	return seen;
}

/** Error lines n8n printed since `from` (offset in its output). */
function errorLines(server: Server, from: number): string[] {
	return server
		.output()
		.slice(from)
		.split('\n')
		.filter((line) => /error|not ready/i.test(line));
}

async function runSize(size: number): Promise<Run> {
	const run: Run = { size, figures: [] };
	const reports: Json[] = [];
	const receiver = await new Receiver(({ body }) => {
		try {
			reports.push({ ...(JSON.parse(body) as Json), receivedAt: Date.now() });
		} catch {
			reports.push({ unparsed: body, receivedAt: Date.now() });
		}
	}).start();
	let proxy: Proxy | undefined;
	let setup: E2eSetup | undefined;
	let server: Server | undefined;
	try {
		proxy = await startProxy('forward');
		const proxyUrl = proxy.url;
		setup = await prepareN8n(`bench-waits-${size}`, {
			templateName: 'Waits (bench)',
			env: () => ({
				WEBHOOK_URL: `${proxyUrl}/`,
				// BENCH_PROFILE_DIR: n8n writes a CPU profile there when it stops (node --cpu-prof).
				...(process.env.BENCH_PROFILE_DIR
					? { NODE_OPTIONS: `--cpu-prof --cpu-prof-dir=${process.env.BENCH_PROFILE_DIR}` }
					: {}),
			}),
		});
		proxy.target = setup.inst.url;
		const { sandbox, inst } = setup;
		log(`[N=${size}] making ${size} drafts and ${size} sent requests...`);
		const eventIds = await requests(setup, size, 'Waits event', false);
		const readIds = PHASES.includes('read') ? await requests(setup, size, 'Waits read', true) : [];
		await importAll(
			inst,
			[sandboxCredential(sandbox.url, 'test')],
			[
				waitWorkflow(EVENT_WF, 'waits-event', receiver.url, {
					sendFirst: true,
					waitOptions: { rereadMinutes: 15 },
				}),
				waitWorkflow(READ_WF, 'waits-read', receiver.url, {
					sendFirst: false,
					waitOptions: { rereadMinutes: READ_INTERVAL_MIN },
				}),
			],
			[EVENT_WF, READ_WF],
		);
		sandbox.resetRateLimits();
		const up = await startWithOwner(inst);
		server = up.server;
		const cookie = up.cookie;
		const pgid = server.child.pid ?? 0;
		for (const path of ['waits-event', 'waits-read']) {
			await waiter({ timeoutMs: 60_000, everyMs: 1000 })(`n8n to serve ${path}`, async () => {
				const response = await fetch(`${inst.url}/webhook/${path}`, {
					method: 'OPTIONS',
					headers: { Origin: inst.url, 'Access-Control-Request-Method': 'POST' },
				});
				await response.text();
				return response.status === 204 ? true : undefined;
			});
		}
		await sleep(5000);

		// ---- (event) ----------------------------------------------------------------------------
		if (PHASES.includes('event')) {
			const e0 = Date.now();
			await startAll(inst, 'waits-event', eventIds);
			const started = await allWaiting(inst, cookie, EVENT_WF, size);
			const startMs = Date.now() - e0;
			const startCalls = sandbox.requests.filter((r) => r.at >= e0);
			const sends = startCalls.filter((r) => r.method === 'POST' && r.path.endsWith('/send'));
			const reads = startCalls.filter((r) => r.method === 'GET' && !r.path.startsWith('/webhooks'));
			const webhookCalls = startCalls.filter((r) => r.path.startsWith('/webhooks'));
			// What a start must send: one send (a write) and one read of the request; the webhook and
			// the workspace are read once for all. The service counts each key's requests in windows of
			// a minute: the first window takes 120 sends at once, each later one 120 more, so the last
			// of N sends can go after (ceil(N / 120) - 1) minutes at the earliest (reads: 200 a window).
			// The starts arrive over ARRIVAL_MS, so that is the floor for small N.
			const windows = (limit: number) => Math.max(0, Math.ceil(size / limit) - 1) * MINUTE_MS;
			const floorMs = Math.max(
				windows(DEFAULT_RATE_LIMITS.write),
				windows(DEFAULT_RATE_LIMITS.read),
				ARRIVAL_MS,
			);
			figure(
				run,
				'(event) executions waiting / failed',
				started.waiting,
				`${started.waiting} / ${started.error + started.crashed}`,
				`${size} / 0`,
				started.waiting === size && started.error + started.crashed === 0,
			);
			figure(
				run,
				'(event) first start → all waiting',
				startMs / 1000,
				`${seconds(startMs)} = ${(startMs / floorMs).toFixed(2)} × the floor ${seconds(floorMs)} (${size} sends at ${DEFAULT_RATE_LIMITS.write} writes a minute, the starts over ${seconds(ARRIVAL_MS)}; calls: ${sends.length} sends, ${reads.length} reads, ${webhookCalls.length} webhook requests, ${startCalls.filter((r) => r.status === 429).length} × 429)`,
				'≤ 1.25 × the floor',
				startMs <= 1.25 * floorMs,
			);

			const cpu0 = groupCpuSeconds(pgid);
			const outputAt = server.output().length;
			const proxyFrom = proxy.requests.length;
			const deliveriesFrom = sandbox.webhooks.deliveries.length;
			const endedAt = new Map<string, number>();
			const s0 = Date.now();
			await Promise.all(
				eventIds.map(async (id) => {
					await sleep(Math.random() * ENDING_MS);
					endedAt.set(id, Date.now());
					sandbox.simulate.signAll(id);
				}),
			);
			const byId = () => new Set(reports.filter((r) => eventIds.includes(r.id)).map((r) => r.id));
			await waiter({ timeoutMs: 1_800_000, everyMs: 1000 })(
				`the ${size} waits to end`,
				() => (byId().size >= size ? true : undefined),
				1_800_000,
				() => `${byId().size} ended`,
			);
			// A moment for any second end; the CPU up to here (a retry of the service, 5 minutes after a
			// failed attempt, is not waited for: a failed attempt counts as an answer that was not 2xx).
			await sleep(10_000);
			const cpu = groupCpuSeconds(pgid) - cpu0;
			const eventReports = reports.filter((r) => eventIds.includes(r.id));
			const latencies = eventReports.map((r) => r.receivedAt - (endedAt.get(r.id) ?? r.receivedAt));
			const deliveries = sandbox.webhooks.deliveries.slice(deliveriesFrom).filter((d) => !d.test);
			const events = new Set(deliveries.map((d) => d.eventId));
			const calls = proxy.requests.slice(proxyFrom);
			const handOns = calls.filter((c) => c.path.startsWith('/webhook-waiting/'));
			const answers: Record<string, number> = {};
			for (const d of deliveries) {
				const key = d.status === null ? `none (${d.error ?? 'no answer'})` : String(d.status);
				answers[key] = (answers[key] ?? 0) + 1;
			}
			const slow = deliveries.filter((d) => d.durationMs > 5000).length;
			const perEvent = (deliveries.length + handOns.length) / Math.max(1, events.size);
			const errors = errorLines(server, outputAt);
			figure(
				run,
				"(event) deliveries into n8n per event (the service's + n8n's hand-ons)",
				perEvent,
				`${perEvent.toFixed(2)} (${deliveries.length} deliveries + ${handOns.length} hand-ons for ${events.size} events)`,
				'≤ 2',
				perEvent <= 2,
			);
			figure(
				run,
				'(event) answers to the service',
				deliveries.length,
				`${JSON.stringify(answers)}, ${slow} slower than 5 s`,
				'all 2xx, none slower than 5 s',
				deliveries.every((d) => d.ok) && slow === 0,
			);
			const once = eventReports.length === size && byId().size === size;
			const byEvent = eventReports.filter((r) => r.ended_by === 'event').length;
			figure(
				run,
				'(event) executions ended once, by event',
				byEvent,
				`${eventReports.length} ends of ${byId().size} executions, ${byEvent} by event`,
				`${size}, once each`,
				once,
			);
			const p50 = quantile(latencies, 0.5);
			const p95 = quantile(latencies, 0.95);
			figure(run, '(event) request end → execution end, p50', p50 / 1000, seconds(p50));
			figure(
				run,
				'(event) request end → execution end, p95',
				p95 / 1000,
				seconds(p95),
				'≤ 30 s',
				p95 <= 30_000,
			);
			figure(
				run,
				'(event) n8n CPU per ended wait',
				cpu / size,
				`${(cpu / size).toFixed(3)} s (${cpu.toFixed(1)} s in all)`,
			);
			figure(
				run,
				"(event) error lines in n8n's log",
				errors.length,
				errors.length === 0 ? '0' : `${errors.length}: ${errors.slice(0, 3).join(' | ')}`,
				'0',
				errors.length === 0,
			);
			log(`[N=${size}] event phase took ${seconds(Date.now() - s0)} after the first end`);
		}

		// ---- (read) -----------------------------------------------------------------------------
		if (!PHASES.includes('read')) return run;
		sandbox.webhooks.setCompanyMasterSwitch(false);
		for (const workspace of SEED_WORKSPACES)
			sandbox.webhooks.setWorkspaceMasterSwitch(workspace, false);
		const r0 = Date.now();
		await startAll(inst, 'waits-read', readIds);
		const readStarted = await allWaiting(inst, cookie, READ_WF, size);
		const waitingAt = Date.now();
		figure(
			run,
			'(read) executions waiting / failed',
			readStarted.waiting,
			`${readStarted.waiting} / ${readStarted.error + readStarted.crashed} (all waiting ${seconds(waitingAt - r0)} after the first start)`,
			`${size} / 0`,
			readStarted.waiting === size && readStarted.error + readStarted.crashed === 0,
		);
		// Waiting for a while first: the reads of waits that have not ended.
		await sleep(2 * MINUTE_MS);
		const signed = Date.now();
		for (const id of readIds) sandbox.simulate.signAll(id);
		const readEnded = () =>
			new Set(reports.filter((r) => readIds.includes(r.id)).map((r) => r.id)).size;
		await waiter({ timeoutMs: 1_800_000, everyMs: 1000 })(
			`the ${size} waits to end by re-read`,
			() => (readEnded() >= size ? true : undefined),
			1_800_000,
			() => `${readEnded()} ended`,
		);
		const endTimes = reports.filter((r) => readIds.includes(r.id)).map((r) => r.receivedAt);
		const last = Math.max(...endTimes);
		const first = Math.min(...endTimes);
		await sleep(10_000);
		const readReports = reports.filter((r) => readIds.includes(r.id));
		const toLast = last - signed;
		const limitMs = (READ_INTERVAL_MIN + 1) * MINUTE_MS;
		figure(
			run,
			'(read) requests ended → last execution ended',
			toLast / 1000,
			`${seconds(toLast)} with Re-Read Every ${READ_INTERVAL_MIN} minute`,
			`≤ ${seconds(limitMs)} (the interval + 1 minute)`,
			toLast <= limitMs,
		);
		// Apart: finding the ends (up to one interval, then the list read) and n8n resuming them all.
		figure(
			run,
			'(read) requests ended → first execution ended',
			(first - signed) / 1000,
			`${seconds(first - signed)}; the last ${seconds(last - first)} later`,
		);
		figure(
			run,
			'(read) executions ended once, by re-read',
			readReports.filter((r) => r.ended_by === 're-read').length,
			`${readReports.length} ends of ${readEnded()} executions, ${readReports.filter((r) => r.ended_by === 're-read').length} by re-read`,
			`${size}, once each`,
			readReports.length === size &&
				readReports.every((r) => r.ended_by === 're-read' && r.status === 'completed'),
		);
		const waitingReads = readsPerMinute(sandbox.requests, waitingAt, signed);
		const endingReads = readsPerMinute(sandbox.requests, signed, last);
		figure(
			run,
			'(read) reads a minute while waiting (mean)',
			waitingReads.mean,
			`${waitingReads.mean.toFixed(1)} (busiest minute ${waitingReads.most})`,
		);
		figure(
			run,
			'(read) reads in the busiest minute while they end',
			endingReads.most,
			`${endingReads.most}`,
			`≤ ${DEFAULT_RATE_LIMITS.read}`,
			endingReads.most <= DEFAULT_RATE_LIMITS.read,
		);
	} catch (error) {
		console.error(
			`[N=${size}] n8n's last output:\n${server?.output().slice(-6000) ?? '(not started)'}`,
		);
		throw error;
	} finally {
		await tearDown({
			server,
			sandbox: setup?.sandbox,
			userFolder: process.env.BENCH_KEEP === '1' ? undefined : setup?.userFolder,
		});
		await proxy?.close();
		await receiver.stop();
	}
	return run;
}

async function main(): Promise<void> {
	const runs: Run[] = [];
	for (const size of SIZES) runs.push(await runSize(size));
	console.log('');
	console.log('bench:waits');
	for (const run of runs) {
		console.log(`  N = ${run.size}`);
		for (const f of run.figures) {
			const mark = f.met === undefined ? '       ' : f.met ? 'MET    ' : 'NOT MET';
			console.log(`    ${mark} ${f.what}: ${f.shown}${f.target ? ` (target ${f.target})` : ''}`);
		}
	}
	if (runs.length > 1) {
		const [small, large] = [runs[0], runs[runs.length - 1]];
		console.log(
			`  growth from N = ${small.size} to N = ${large.size} (${large.size / small.size} × the waits)`,
		);
		for (const f of large.figures) {
			const before = small.figures.find((g) => g.what === f.what);
			if (!before || !Number.isFinite(before.value) || before.value === 0) continue;
			console.log(
				`    ${f.what}: ${before.value.toFixed(2)} → ${f.value.toFixed(2)} (${(f.value / before.value).toFixed(2)} ×)`,
			);
		}
	}
	process.exitCode = runs.every((r) => r.figures.every((f) => f.met !== false)) ? 0 : 1;
}

main().catch((error) => {
	console.error(error instanceof Error ? (error.stack ?? error.message) : error);
	process.exit(1);
});
