/**
 * `npm run bench:trigger`: a burst of signed deliveries against a real n8n 2.41.1 (default SQLite),
 * to the Document Signing Trigger and, in the same run, to n8n's own Webhook node.
 *
 * Per node: BENCH_EVENTS (1200) events, every tenth delivered twice (the copy right behind the
 * original, so two senders usually carry them at the same moment), BENCH_SENDERS (8) senders at
 * once. The events go out in BENCH_ROUNDS (6) rounds that alternate between the two nodes (the
 * first node of a round alternates too), so that a change in the machine's load during the run
 * hits both nodes alike; a node's time is the sum of its rounds, each from its first delivery to
 * its last execution. Each workflow is the node followed by an HTTP Request node that reports the
 * event id to a collector in this process, so "executions" counts workflows that really ran with
 * the event. The senders behave like the service: an answer within 5 s that is 2xx counts as
 * delivered; otherwise the delivery is attempted again (3 attempts per event, here a moment apart
 * instead of 5 minutes and 1 hour).
 *
 * Printed per node: deliveries by answer, events acknowledged, executions, lost (acknowledged, never
 * ran), duplicated (ran more than once), executions/s, distinct events/s, and the CPU time n8n's
 * process used per distinct event (read from /proc on Linux: on a shared machine it depends far
 * less on the other processes' load than wall time does). Target for the trigger:
 * 0 lost, 0 duplicated, executions/s ≥ 0.9 × the Webhook node's. Exit code 1 when the trigger
 * misses a target.
 *
 * What is compared: the trigger runs as users run it by default: it verifies every signature
 * (HMAC over the raw body, with the credential's secret, which it reads again at most every 10 s),
 * checks the event type, deduplicates by event id in the workflow's static data, and fetches
 * nothing (Fetch Full Signing Request and Attach Signed PDF are off, so no request goes to the
 * service). The Webhook node ("Respond: Immediately", no authentication) checks nothing and does
 * no deduplication: its 120 copies run twice and count as executions, so "distinct events/s" is
 * the like-for-like rate of useful work. The trigger runs twice in the same run, as version 2 (a
 * new node; the targets are its) and as version 1 (workflows built before version 2), for which
 * n8n evaluates an expression on every webhook call (docs/DESIGN.md, workaround 1): the line
 * "version 2 ÷ version 1" is the gain of version 2, measured in one run. One cost is n8n's and no
 * node can avoid it: n8n 2.41.1 builds an expression isolate for the webhook call of every node
 * other than its own Webhook node (live-webhooks.js `webhookPhaseNeedsIsolate` checks the node
 * type), so version 1's expression costs little more with n8n's default settings; with
 * N8N_EXPRESSION_ENGINE_LAZY_ACQUIRE=true (BENCH_N8N_ENV can set it for all three nodes) the
 * isolate is built only when an expression needs it, and the gain shows.
 */
import { randomUUID } from 'crypto';
import { mkdtempSync, readFileSync, rmSync } from 'fs';
import http from 'http';
import type { AddressInfo } from 'net';
import { tmpdir } from 'os';
import { join } from 'path';

import { WEBHOOK_SECRETS, signatureHeader, startSandbox, type Sandbox } from '../sandbox';
import {
	TRIGGER_TYPE,
	cliOk,
	freePort,
	installPackage,
	instance,
	startServer,
	type Server,
} from '../e2e/n8n';
import { ensureRuntime } from '../e2e/runtime';
import { CREDENTIAL_ID, CREDENTIAL_NAME, importAll, sandboxCredential } from '../e2e/setup';

const EVENTS = Number(process.env.BENCH_EVENTS ?? 1200);
const SENDERS = Number(process.env.BENCH_SENDERS ?? 8);
/** The events are sent in this many rounds, alternating between the two nodes. */
const ROUNDS = Math.max(1, Number(process.env.BENCH_ROUNDS ?? 6));
const COPY_EVERY = 10;
const ATTEMPTS = 3;
const ANSWER_TIMEOUT_MS = 5000;
/** Pause before a further attempt (the service waits 5 minutes, then 1 hour). */
const RETRY_PAUSE_MS = 1000;
/** Executions are counted once no new one arrived for this long. */
const SETTLE_MS = 15_000;
const SETTLE_MAX_MS = 180_000;

/** The trigger as version 2 (a new node), as version 1 (older workflows), n8n's Webhook node. */
type Kind = 'trigger' | 'triggerV1' | 'webhook';

interface Delivery {
	eventId: string;
	copy: boolean;
}

interface PhaseResult {
	kind: Kind;
	label: string;
	deliveries: number;
	byStatus: Record<string, number>;
	acknowledged: Set<string>;
	executions: Map<string, number>;
	lost: string[];
	duplicated: number;
	seconds: number;
	perSecond: number;
	/** CPU time n8n's process used during the node's rounds, in seconds (undefined: unknown). */
	cpuSeconds?: number;
}

/**
 * CPU time (user + system, all threads, so the expression isolates too) that a process has used,
 * in seconds, from Linux's /proc; undefined elsewhere.
 */
function cpuSecondsOf(pid: number | undefined): number | undefined {
	if (pid === undefined) return undefined;
	try {
		const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
		const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
		// utime and stime are fields 14 and 15 of the whole line, in clock ticks (100 per second).
		return (Number(fields[11]) + Number(fields[12])) / 100;
	} catch {
		return undefined;
	}
}

/** Collects the event ids the workflows report: kind → event id → times. */
class Collector {
	readonly runs: Record<Kind, Map<string, number>> = {
		trigger: new Map(),
		triggerV1: new Map(),
		webhook: new Map(),
	};
	lastHitAt = 0;
	private server?: http.Server;
	url = '';

	async start(): Promise<void> {
		this.server = http.createServer((req, res) => {
			const chunks: Buffer[] = [];
			req.on('data', (c: Buffer) => chunks.push(c));
			req.on('end', () => {
				try {
					const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as {
						kind: Kind;
						id: string;
					};
					const runs = this.runs[body.kind];
					runs.set(body.id, (runs.get(body.id) ?? 0) + 1);
					this.lastHitAt = Date.now();
				} catch {
					// a malformed report is a bench bug: it shows up as lost
				}
				res.writeHead(200, { 'Content-Type': 'application/json' });
				res.end('{"ok":true}');
			});
		});
		await new Promise<void>((r) => this.server!.listen(0, '127.0.0.1', () => r()));
		this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/collect`;
	}

	async stop(): Promise<void> {
		this.server?.closeAllConnections();
		await new Promise<void>((r) => (this.server ? this.server.close(() => r()) : r()));
	}
}

function reportNode(collectorUrl: string, kind: Kind, idExpression: string) {
	return {
		id: randomUUID(),
		name: 'Report',
		type: 'n8n-nodes-base.httpRequest',
		typeVersion: 4.2,
		position: [240, 0],
		parameters: {
			method: 'POST',
			url: collectorUrl,
			sendBody: true,
			specifyBody: 'json',
			jsonBody: `={{ JSON.stringify({ kind: '${kind}', id: ${idExpression} }) }}`,
			options: {},
		},
	};
}

const TRIGGER_WEBHOOK_ID = 'c0000000-0000-4000-8000-00000000be01';
const TRIGGER_V1_WEBHOOK_ID = 'c0000000-0000-4000-8000-00000000be03';
const WEBHOOK_PATH = 'bench-webhook-node';

function triggerWorkflow(collectorUrl: string, kind: Kind, version: number, webhookId: string) {
	return {
		id: `dsBenchTriggerV${version}`,
		name: `bench: Document Signing Trigger, version ${version}`,
		nodes: [
			{
				id: randomUUID(),
				name: 'On completed',
				type: TRIGGER_TYPE,
				typeVersion: version,
				position: [0, 0],
				webhookId,
				credentials: { documentSigningApi: { id: CREDENTIAL_ID, name: CREDENTIAL_NAME } },
				parameters: { scope: 'company', events: ['signing_request.completed'], options: {} },
			},
			reportNode(collectorUrl, kind, '$json.id'),
		],
		connections: { 'On completed': { main: [[{ node: 'Report', type: 'main', index: 0 }]] } },
		settings: { executionOrder: 'v1' },
	};
}

function workflows(collectorUrl: string) {
	const trigger = triggerWorkflow(collectorUrl, 'trigger', 2, TRIGGER_WEBHOOK_ID);
	const triggerV1 = triggerWorkflow(collectorUrl, 'triggerV1', 1, TRIGGER_V1_WEBHOOK_ID);
	const webhook = {
		id: 'dsBenchWebhook01',
		name: "bench: n8n's Webhook node",
		nodes: [
			{
				id: randomUUID(),
				name: 'Webhook',
				type: 'n8n-nodes-base.webhook',
				typeVersion: 2,
				position: [0, 0],
				webhookId: 'c0000000-0000-4000-8000-00000000be02',
				parameters: {
					httpMethod: 'POST',
					path: WEBHOOK_PATH,
					responseMode: 'onReceived',
					options: {},
				},
			},
			reportNode(collectorUrl, 'webhook', '$json.body.id'),
		],
		connections: { Webhook: { main: [[{ node: 'Report', type: 'main', index: 0 }]] } },
		settings: { executionOrder: 'v1' },
	};
	return { trigger, triggerV1, webhook };
}

function eventBody(eventId: string, n: number): string {
	return JSON.stringify({
		id: eventId,
		type: 'signing_request.completed',
		created_at: new Date().toISOString(),
		company_id: '10000000-0000-4000-8000-000000000001',
		workspace_id: null,
		data: { signing_request: { id: `5${String(n).padStart(7, '0')}-0000-4000-8000-000000000000` } },
	});
}

interface Answer {
	status: number;
	retryAfter: number;
}

const agent = new http.Agent({ keepAlive: true, maxSockets: SENDERS * 2 });

/** One POST with a hard deadline (node:http, so nothing can outlive the deadline). */
async function post(
	url: string,
	body: string,
	headers: Record<string, string>,
	timeoutMs: number,
): Promise<Answer | 'timeout' | 'connection error'> {
	return await new Promise((resolve) => {
		let done = false;
		const finish = (result: Answer | 'timeout' | 'connection error') => {
			if (done) return;
			done = true;
			clearTimeout(timer);
			resolve(result);
		};
		const req = http.request(
			url,
			{
				method: 'POST',
				agent,
				headers: { ...headers, 'Content-Length': String(Buffer.byteLength(body)) },
			},
			(res) => {
				res.resume();
				res.on('end', () =>
					finish({
						status: res.statusCode ?? 0,
						retryAfter: Number(res.headers['retry-after'] ?? 0) || 0,
					}),
				);
				res.on('error', () => finish('connection error'));
			},
		);
		const timer = setTimeout(() => {
			finish('timeout');
			req.destroy();
		}, timeoutMs);
		req.on('error', () => finish('connection error'));
		req.end(body);
	});
}

/** Sends one delivery like the service: up to 3 attempts, each answered within 5 s or it failed. */
async function deliver(
	url: string,
	delivery: Delivery,
	n: number,
	byStatus: Record<string, number>,
): Promise<boolean> {
	const body = eventBody(delivery.eventId, n);
	for (let attempt = 1; attempt <= ATTEMPTS; attempt++) {
		const now = Math.floor(Date.now() / 1000);
		const answer = await post(
			url,
			body,
			{
				'Content-Type': 'application/json',
				'X-Service-Signature': signatureHeader(WEBHOOK_SECRETS.company, now, body),
				'X-Service-Event': 'signing_request.completed',
				'X-Service-Delivery': `dlv_${randomUUID()}`,
			},
			ANSWER_TIMEOUT_MS,
		);
		const label =
			answer === 'timeout'
				? 'no answer in 5 s'
				: answer === 'connection error'
					? 'connection error'
					: String(answer.status);
		byStatus[label] = (byStatus[label] ?? 0) + 1;
		if (typeof answer === 'object' && answer.status >= 200 && answer.status < 300) return true;
		if (attempt < ATTEMPTS) {
			const retryAfter = typeof answer === 'object' ? answer.retryAfter : 0;
			const pause = Math.min(Math.max(retryAfter * 1000, RETRY_PAUSE_MS), 3000);
			await new Promise((r) => setTimeout(r, pause));
		}
	}
	return false;
}

/** One round of one node: events [from, to), every tenth twice, SENDERS senders. */
async function round(
	kind: Kind,
	url: string,
	collector: Collector,
	from: number,
	to: number,
	result: PhaseResult,
	n8nPid: number | undefined,
): Promise<void> {
	const cpuBefore = cpuSecondsOf(n8nPid);
	const queue: Array<Delivery & { n: number }> = [];
	for (let i = from; i < to; i++) {
		const eventId = `evt_bench_${kind}_${String(i).padStart(5, '0')}`;
		queue.push({ eventId, copy: false, n: i });
		if (i % COPY_EVERY === COPY_EVERY - 1) queue.push({ eventId, copy: true, n: i });
	}
	result.deliveries += queue.length;
	const started = Date.now();
	let next = 0;
	await Promise.all(
		Array.from({ length: SENDERS }, async () => {
			while (next < queue.length) {
				const item = queue[next++];
				if (await deliver(url, item, item.n, result.byStatus))
					result.acknowledged.add(item.eventId);
			}
		}),
	);
	const sent = Date.now();
	const runs = collector.runs[kind];
	const expected = queue.filter((d) => !d.copy).map((d) => d.eventId);
	for (;;) {
		await new Promise((r) => setTimeout(r, 1000));
		const quietFor = Date.now() - Math.max(collector.lastHitAt, sent);
		if (expected.every((id) => runs.has(id)) && quietFor >= 3000) break;
		if (quietFor >= SETTLE_MS || Date.now() - sent > SETTLE_MAX_MS) break;
	}
	const lastRun = Math.max(collector.lastHitAt, sent);
	result.seconds += (lastRun - started) / 1000;
	const cpuAfter = cpuSecondsOf(n8nPid);
	if (cpuBefore !== undefined && cpuAfter !== undefined)
		result.cpuSeconds = (result.cpuSeconds ?? 0) + (cpuAfter - cpuBefore);
	process.stdout.write(
		`  ${result.label}: events ${from}–${to - 1}, ${queue.length} deliveries sent in ${((sent - started) / 1000).toFixed(1)} s, last execution after ${((lastRun - started) / 1000).toFixed(1)} s\n`,
	);
}

function emptyResult(kind: Kind, label: string): PhaseResult {
	return {
		kind,
		label,
		deliveries: 0,
		byStatus: {},
		acknowledged: new Set(),
		executions: new Map(),
		lost: [],
		duplicated: 0,
		seconds: 0,
		perSecond: 0,
	};
}

function finish(result: PhaseResult, collector: Collector): PhaseResult {
	const executions = new Map(collector.runs[result.kind]);
	let duplicated = 0;
	for (const count of executions.values()) duplicated += Math.max(0, count - 1);
	const total = [...executions.values()].reduce((a, b) => a + b, 0);
	return {
		...result,
		executions,
		lost: [...result.acknowledged].filter((id) => !executions.has(id)),
		duplicated,
		perSecond: total / result.seconds,
	};
}

function print(result: PhaseResult): void {
	const statuses = Object.entries(result.byStatus)
		.sort(([a], [b]) => a.localeCompare(b))
		.map(([status, count]) => `${status}: ${count}`)
		.join(', ');
	const total = [...result.executions.values()].reduce((a, b) => a + b, 0);
	process.stdout.write(
		[
			`${result.label}`,
			`  deliveries sent:        ${result.deliveries} (${EVENTS} events, every ${COPY_EVERY}th twice)`,
			`  answers (all attempts): ${statuses}`,
			`  events acknowledged:    ${result.acknowledged.size} of ${EVENTS}`,
			`  executions:             ${total} (${result.executions.size} distinct events)`,
			`  lost:                   ${result.lost.length}${result.lost.length ? ` (e.g. ${result.lost.slice(0, 3).join(', ')})` : ''}`,
			`  duplicated:             ${result.duplicated}`,
			`  executions/s:           ${result.perSecond.toFixed(2)} (${result.seconds.toFixed(1)} s: the sum of its rounds, first delivery to last execution)`,
			`  distinct events/s:      ${(result.executions.size / result.seconds).toFixed(2)}`,
			`  n8n CPU per event:      ${result.cpuSeconds === undefined ? 'unknown' : `${((result.cpuSeconds * 1000) / result.executions.size).toFixed(1)} ms (${result.cpuSeconds.toFixed(1)} s for ${result.executions.size} distinct events)`}`,
			'',
		].join('\n'),
	);
}

async function main(): Promise<void> {
	const t0 = Date.now();
	const rt = ensureRuntime((line) => process.stdout.write(`${line}\n`));
	const sandbox: Sandbox = await startSandbox({
		rateLimits: {
			read: 100_000,
			write: 100_000,
			webhook: 100_000,
			webhookTest: 100_000,
			secretRotation: 100_000,
		},
	});
	const collector = new Collector();
	await collector.start();
	const userFolder = mkdtempSync(join(tmpdir(), 'ds-bench-trigger-'));
	let server: Server | undefined;
	let failed = false;
	try {
		installPackage(userFolder);
		const inst = instance(rt, {
			userFolder,
			port: await freePort(),
			brokerPort: await freePort(),
			env: {
				N8N_LOG_LEVEL: process.env.BENCH_N8N_LOG_LEVEL ?? 'warn',
				// Extra n8n settings for both nodes, e.g. BENCH_N8N_ENV="N8N_EXPRESSION_ENGINE=legacy".
				...Object.fromEntries(
					(process.env.BENCH_N8N_ENV ?? '')
						.split(',')
						.map((pair) => pair.trim().split('='))
						.filter(([key, value]) => key && value !== undefined),
				),
			},
		});
		const { trigger, triggerV1, webhook } = workflows(collector.url);
		process.stdout.write(`n8n 2.41.1 (SQLite) in ${userFolder}: importing and publishing...\n`);
		await importAll(inst, [sandboxCredential(sandbox.url, 'test')], [trigger, triggerV1, webhook]);
		for (const workflow of [trigger, triggerV1, webhook])
			await cliOk(inst, ['publish:workflow', `--id=${workflow.id}`]);
		server = await startServer(inst);
		// Both triggers registered their webhooks at the sandbox on activation.
		const deadline = Date.now() + 60_000;
		while (sandbox.webhooks.records.filter((r) => !r.deleted_at).length < 2) {
			if (Date.now() > deadline) throw new Error('The triggers did not register their webhooks');
			await new Promise((r) => setTimeout(r, 250));
		}
		process.stdout.write(
			`Burst: ${EVENTS} events per node in ${ROUNDS} rounds rotating between the nodes, every ${COPY_EVERY}th delivered twice, ${SENDERS} senders\n`,
		);
		const nodes: Array<[PhaseResult, string]> = [
			[
				emptyResult('webhook', "n8n's Webhook node (respond: immediately)"),
				`${inst.url}/webhook/${WEBHOOK_PATH}`,
			],
			[
				emptyResult('trigger', 'Document Signing Trigger, version 2 (a new node)'),
				`${inst.url}/webhook/${TRIGGER_WEBHOOK_ID}/webhook`,
			],
			[
				emptyResult('triggerV1', 'Document Signing Trigger, version 1 (older workflows)'),
				`${inst.url}/webhook/${TRIGGER_V1_WEBHOOK_ID}/webhook`,
			],
		];
		for (let r = 0; r < ROUNDS; r++) {
			const from = Math.floor((EVENTS * r) / ROUNDS);
			const to = Math.floor((EVENTS * (r + 1)) / ROUNDS);
			// Rotate which node goes first, so that none gets the quieter moments.
			const order = nodes.map((_, i) => nodes[(i + r) % nodes.length]);
			for (const [result, url] of order)
				await round(result.kind, url, collector, from, to, result, server.child.pid);
		}
		const webhookResult = finish(nodes[0][0], collector);
		const triggerResult = finish(nodes[1][0], collector);
		const v1Result = finish(nodes[2][0], collector);
		process.stdout.write('\n');
		print(webhookResult);
		print(triggerResult);
		print(v1Result);
		const ratio = triggerResult.perSecond / webhookResult.perSecond;
		const checks = [
			[`trigger lost = ${triggerResult.lost.length}`, triggerResult.lost.length === 0],
			[`trigger duplicated = ${triggerResult.duplicated}`, triggerResult.duplicated === 0],
			[
				`trigger version 1 lost = ${v1Result.lost.length}, duplicated = ${v1Result.duplicated}`,
				v1Result.lost.length === 0 && v1Result.duplicated === 0,
			],
			[
				`trigger executions/s = ${ratio.toFixed(2)} × the Webhook node's (target ≥ 0.90)`,
				ratio >= 0.9,
			],
		] as const;
		for (const [text, ok] of checks) process.stdout.write(`${ok ? 'PASS' : 'FAIL'}  ${text}\n`);
		failed = checks.some(([, ok]) => !ok);
		const distinct = (r: PhaseResult) => r.executions.size / r.seconds;
		process.stdout.write(
			`info  trigger distinct events/s = ${(distinct(triggerResult) / distinct(webhookResult)).toFixed(2)} × the Webhook node's\n`,
		);
		process.stdout.write(
			`info  version 2 ÷ version 1: executions/s ${(triggerResult.perSecond / v1Result.perSecond).toFixed(2)} ×, distinct events/s ${(distinct(triggerResult) / distinct(v1Result)).toFixed(2)} ×\n`,
		);
		if (
			triggerResult.cpuSeconds !== undefined &&
			v1Result.cpuSeconds !== undefined &&
			webhookResult.cpuSeconds !== undefined
		) {
			const perEvent = (r: PhaseResult) => (r.cpuSeconds ?? 0) / r.executions.size;
			process.stdout.write(
				[
					`info  n8n CPU per distinct event (less load-dependent than wall time), ÷ the Webhook node's:`,
					`      trigger version 2 ${(perEvent(triggerResult) / perEvent(webhookResult)).toFixed(2)} ×, version 1 ${(perEvent(v1Result) / perEvent(webhookResult)).toFixed(2)} ×; version 2 ÷ version 1 = ${(perEvent(triggerResult) / perEvent(v1Result)).toFixed(2)} ×`,
					'',
				].join('\n'),
			);
		}
		if (process.env.BENCH_SHOW_N8N_ERRORS === '1') {
			const lines = server
				.output()
				.split('\n')
				.filter((l) => /error|SQLITE|fail/i.test(l));
			process.stdout.write(
				`\nn8n error lines (${lines.length}):\n${lines.slice(0, 20).join('\n')}\n`,
			);
		}
	} finally {
		await server?.stop();
		agent.destroy();
		await collector.stop();
		await sandbox.close();
		if (process.env.BENCH_KEEP !== '1') rmSync(userFolder, { recursive: true, force: true });
	}
	process.stdout.write(`\nWall time ${((Date.now() - t0) / 1000).toFixed(0)} s\n`);
	process.exitCode = failed ? 1 : 0;
}

main().catch((error: Error) => {
	process.stderr.write(`${error.stack ?? error.message}\n`);
	process.exitCode = 2;
});
