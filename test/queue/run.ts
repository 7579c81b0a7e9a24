/**
 * `npm run test:queue`: this package in n8n 2.41.1's queue mode, end to end.
 *
 * Starts (and removes again) PostgreSQL, Redis, the sandbox of the service and four n8n processes
 * sharing one database, one Redis and one encryption key: main (`n8n start`, serves no production
 * webhooks), webhook (`n8n webhook`, the address the service delivers to) and two workers
 * (`n8n worker --concurrency=1`). Then checks, on outcomes:
 *  1. publishing the trigger workflow on main (REST, as the editor does) registers its webhook,
 *     pointing at the webhook process, at the sandbox, and the service's test delivery is answered;
 *  2. deliveries from the service each start exactly one execution, run by a worker;
 *  3. duplicates (a replay of a delivery, concurrent copies of an event) are answered 2xx and start
 *     nothing more;
 *  4. after restarting the webhook process and both workers, old events are still duplicates and a
 *     new one still runs once;
 *  5. a write batch run by both workers at once with one credential (one API key) against the
 *     service's rate limits (write: 120 per minute) ends with every write done once and no failure;
 *  6. a Send and Wait whose every delivery is lost ends by its re-read (the webhook process, which
 *     serves its workflow's webhook, reads the list and calls the resume URL), once;
 *  7. with the example "catch up after an n8n restart" published: while the webhook process is down
 *     it fails (n8n cannot reach its webhook address), and once the webhook process is back it
 *     wakes the trigger, whose catch-up starts each completion missed meanwhile once, on the
 *     workers.
 *  8. QUEUE_TEST_WAITS (200) Send and Wait starts within 30 s, run by both workers with one API key
 *     against the service's limits: every execution waits, none fails, no webhook request per
 *     wait; half end by their event (one delivery each), half by re-read with every delivery lost;
 *     each execution ends once.
 *
 * Environment: QUEUE_TEST_TIMEOUT_S (default 900: everything is stopped after that),
 * QUEUE_TEST_VERBOSE=1 (echo n8n's output), QUEUE_TEST_BATCH (writes per worker, default 80),
 * QUEUE_TEST_WAITS (Send and Wait starts of check 8, default 200),
 * QUEUE_TEST_DELIVERY_TIMEOUT_MS (how long the sandbox waits for a delivery's answer, default
 * 20000), QUEUE_TEST_LOG_LEVEL (n8n's N8N_LOG_LEVEL; default info, debug for the webhook
 * process). The n8n logs of the run are written to .build/queue-logs/.
 */
import { randomBytes, randomUUID } from 'crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'fs';
import { tmpdir } from 'os';
import { join } from 'path';

import {
	DEFAULT_RATE_LIMITS,
	DEFAULT_RATE_WINDOW_MS,
	SEED,
	WEBHOOK_SECRETS,
	signatureHeader,
	startSandbox,
	type Sandbox,
	type SandboxEvent,
} from '../sandbox';
import {
	REPO_ROOT,
	freePort,
	executionsOf,
	installPackage,
	instance,
	login,
	rest,
	setupOwner,
	startServer,
	type Instance,
	type Server,
} from '../e2e/n8n';
import { ensureRuntime, type Runtime } from '../e2e/runtime';
import {
	createDemoTemplate,
	importAll,
	sandboxApi,
	sandboxCredential,
	sendDemoRequest,
} from '../e2e/setup';
import { ensureServices, startPostgres, startRedis } from './services';
import {
	BATCH_PATH,
	BATCH_WORKFLOW_ID,
	TRIGGERED_EVENT,
	TRIGGER_WEBHOOK_ID,
	TRIGGER_WORKFLOW_ID,
	WAIT_NODE_ID,
	WAIT_PATH,
	WAIT_WORKFLOW_ID,
	batchWorkflow,
	catchUpWorkflow,
	sendAndWaitWorkflow,
	triggerWorkflow,
} from './workflows';

type Json = Record<string, any>;

const started = Date.now();
const elapsed = () => `${((Date.now() - started) / 1000).toFixed(0).padStart(4)} s`;
const log = (line: string) => console.log(`[${elapsed()}] ${line}`);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

const TIMEOUT_S = Number(process.env.QUEUE_TEST_TIMEOUT_S ?? 900);
const VERBOSE = process.env.QUEUE_TEST_VERBOSE === '1';
const BATCH_SIZE = Number(process.env.QUEUE_TEST_BATCH ?? 80);
const WAIT_BURST = Number(process.env.QUEUE_TEST_WAITS ?? 200);
/**
 * How long the sandbox waits for an answer to a delivery. The service waits 5 s; on a busy
 * machine four n8n processes answering a burst can take longer, and this test is about outcomes
 * (speed is `npm run bench:trigger`'s).
 */
const DELIVERY_TIMEOUT_MS = Number(process.env.QUEUE_TEST_DELIVERY_TIMEOUT_MS ?? 20_000);
const LOG_DIR = join(REPO_ROOT, '.build', 'queue-logs');
const SIGNING_SECRET = WEBHOOK_SECRETS.company;
/** Event ids are kept per workflow; this one marks deliveries crafted by the test itself. */
const OWN_EVENT_PREFIX = `evt_queue_${randomBytes(3).toString('hex')}`;

class CheckFailed extends Error {}

const passed: string[] = [];
const failed: string[] = [];

/** Runs one check; a failed one is reported and the following checks still run. */
async function check(number: number, run: () => Promise<string>): Promise<void> {
	try {
		const line = `${number}. ${await run()}`;
		passed.push(line);
		log(`PASS ${line}`);
	} catch (error) {
		if (!(error instanceof CheckFailed)) throw error;
		const line = `${number}. ${error.message}`;
		failed.push(line);
		log(`FAIL ${line}`);
		if (number === 1) throw new CheckFailed('Without the webhook the other checks cannot run');
	}
}

function expect(condition: boolean, message: string): void {
	if (!condition) throw new CheckFailed(message);
}

async function until<T>(
	what: string,
	probe: () => Promise<T | undefined> | T | undefined,
	timeoutMs: number,
	detail?: () => string,
): Promise<T> {
	const deadline = Date.now() + timeoutMs;
	for (;;) {
		const value = await probe();
		if (value !== undefined) return value;
		if (Date.now() > deadline) {
			throw new CheckFailed(
				`Timed out after ${timeoutMs / 1000} s waiting for ${what}${detail ? `\n${detail()}` : ''}`,
			);
		}
		await sleep(500);
	}
}

/** Everything started, stopped in reverse order (also on Ctrl+C and on the time limit). */
const cleanups: Array<{ name: string; run: () => Promise<void> }> = [];
let cleaning: Promise<void> | undefined;
/** Set once stopping has begun: nothing new may start, and what comes up is stopped. */
let cancelled = false;

async function runCleanup(step: { name: string; run: () => Promise<void> }): Promise<void> {
	try {
		await step.run();
	} catch (error) {
		console.error(`Cleanup of ${step.name} failed: ${(error as Error).message}`);
	}
}

/** Registers what to stop; when stopping has already begun, stops it right away. */
async function onCleanup(name: string, run: () => Promise<void>): Promise<void> {
	if (cancelled) {
		await runCleanup({ name, run });
		throw new Error('Stopped');
	}
	cleanups.push({ name, run });
}

function cleanup(): Promise<void> {
	cancelled = true;
	cleaning ??= (async () => {
		for (const step of cleanups.reverse()) await runCleanup(step);
	})();
	return cleaning;
}

/** One long-lived n8n process (main, webhook or worker), restartable, with all its output kept. */
class N8nProcess {
	server?: Server;
	private previous = '';
	private starting?: Promise<void>;

	constructor(
		readonly name: string,
		readonly inst: Instance,
		private readonly args: string[] | undefined,
		private readonly ready: () => Promise<boolean>,
	) {}

	async start(): Promise<void> {
		if (cancelled) throw new Error('Stopped');
		this.starting = (async () => {
			this.server = await startServer(this.inst, {
				args: this.args,
				// Once stopping has begun, a process still coming up counts as up, and is stopped.
				ready: async () => cancelled || (await this.ready()),
				timeoutMs: 240_000,
				echo: VERBOSE
					? (chunk) => process.stdout.write(chunk.replace(/^/gm, `  ${this.name} | `))
					: undefined,
			});
			if (cancelled) {
				await this.halt();
				throw new Error('Stopped');
			}
		})();
		try {
			await this.starting;
		} finally {
			this.starting = undefined;
		}
	}

	async stop(): Promise<void> {
		await this.starting?.catch(() => undefined);
		await this.halt();
	}

	private async halt(): Promise<void> {
		const server = this.server;
		this.server = undefined;
		if (!server) return;
		await server.stop();
		this.previous += server.output();
	}

	output(): string {
		return this.previous + (this.server?.output() ?? '');
	}
}

async function httpOk(url: string): Promise<boolean> {
	try {
		const response = await fetch(url, { signal: AbortSignal.timeout(5000) });
		await response.text();
		return response.status === 200;
	} catch {
		return false;
	}
}

/**
 * Main's REST API is up: GET /rest/settings answers n8n's JSON. (While n8n is still starting, the
 * editor's page may answer any GET with 200, before the REST routes exist.)
 */
async function restUp(baseUrl: string): Promise<boolean> {
	try {
		const response = await fetch(`${baseUrl}/rest/settings`, { signal: AbortSignal.timeout(5000) });
		const text = await response.text();
		return response.status === 200 && typeof JSON.parse(text)?.data === 'object';
	} catch {
		return false;
	}
}

/** Starts several processes at once; on any failure the started ones are stopped too. */
async function startAll(processes: N8nProcess[]): Promise<void> {
	const results = await Promise.allSettled(processes.map((p) => p.start()));
	const failed = results.find((r): r is PromiseRejectedResult => r.status === 'rejected');
	if (failed) throw failed.reason;
}

interface Delivery {
	statuses: number[];
}

/**
 * Delivers a body to the trigger as the service does: signed, retried after a non-2xx answer
 * (waiting Retry-After, at most 5 s here) up to 6 attempts; a 4xx other than 408/429 ends it.
 */
async function deliver(url: string, body: string, headers?: Record<string, string>) {
	const result: Delivery = { statuses: [] };
	for (let attempt = 1; attempt <= 6; attempt++) {
		const now = Math.floor(Date.now() / 1000);
		let status = 0;
		let wait = 1;
		try {
			const response = await fetch(url, {
				method: 'POST',
				headers: headers ?? {
					'Content-Type': 'application/json',
					'X-Service-Signature': signatureHeader(SIGNING_SECRET, now, body),
					'X-Service-Event': TRIGGERED_EVENT,
					'X-Service-Delivery': `dlv_${randomUUID()}`,
				},
				body,
				signal: AbortSignal.timeout(30_000),
			});
			status = response.status;
			await response.text();
			wait = Number(response.headers.get('retry-after')) || 1;
		} catch {
			status = 0;
		}
		result.statuses.push(status);
		if (status >= 200 && status < 300) break;
		if (status >= 400 && status < 500 && status !== 408 && status !== 429) break;
		headers = undefined; // a retry is signed afresh, as the service does
		await sleep(Math.min(Math.max(wait, 1), 5) * 1000);
	}
	return result;
}

const delivered = (d: Delivery) => d.statuses.some((s) => s >= 200 && s < 300);

async function main(): Promise<void> {
	log(`Queue-mode test (n8n main + webhook + 2 workers, PostgreSQL, Redis); limit ${TIMEOUT_S} s`);
	const rt: Runtime = ensureRuntime(log);
	const root = mkdtempSync(join(tmpdir(), 'ds-queue-'));
	await onCleanup('the temp folder', async () => rmSync(root, { recursive: true, force: true }));
	mkdirSync(LOG_DIR, { recursive: true });

	// ---- PostgreSQL, Redis, the sandbox ------------------------------------------------------
	const { pgBin, redisServer } = ensureServices(log, LOG_DIR);
	const [pgStart, redisStart] = await Promise.allSettled([
		startPostgres(pgBin, log),
		startRedis(redisServer, log),
	]);
	if (pgStart.status === 'fulfilled') await onCleanup('PostgreSQL', () => pgStart.value.stop());
	if (redisStart.status === 'fulfilled') await onCleanup('Redis', () => redisStart.value.stop());
	if (pgStart.status === 'rejected') throw pgStart.reason;
	if (redisStart.status === 'rejected') throw redisStart.reason;
	const [pg, redis] = [pgStart.value, redisStart.value];
	// The service's own rate limits; webhook retries (5 min, 1 h) shortened to 0.3 s and 3.6 s.
	const sandbox: Sandbox = await startSandbox({
		webhookRetryScale: 0.001,
		webhookTimeoutMs: DELIVERY_TIMEOUT_MS,
	});
	await onCleanup('the sandbox', () => sandbox.close());
	log(`Sandbox of the service on ${sandbox.url}`);
	const templateId = await createDemoTemplate(sandbox.url, 'Queue test template');

	// ---- n8n: four processes, one database, one queue ----------------------------------------
	const ports = {
		main: await freePort(),
		webhook: await freePort(),
	};
	const webhookBase = `http://127.0.0.1:${ports.webhook}`;
	const shared: NodeJS.ProcessEnv = {
		DB_TYPE: 'postgresdb',
		DB_POSTGRESDB_HOST: pg.host,
		DB_POSTGRESDB_PORT: String(pg.port),
		DB_POSTGRESDB_USER: pg.user,
		DB_POSTGRESDB_PASSWORD: '',
		DB_POSTGRESDB_DATABASE: pg.database,
		EXECUTIONS_MODE: 'queue',
		N8N_LOG_LEVEL: process.env.QUEUE_TEST_LOG_LEVEL ?? 'info',
		QUEUE_BULL_REDIS_HOST: redis.host,
		QUEUE_BULL_REDIS_PORT: String(redis.port),
		QUEUE_BULL_REDIS_DB: '0',
		QUEUE_BULL_PREFIX: 'ds-queue-test',
		N8N_ENCRYPTION_KEY: randomBytes(24).toString('hex'),
		// Production webhooks are served by the webhook process only.
		WEBHOOK_URL: `${webhookBase}/`,
		N8N_GRACEFUL_SHUTDOWN_TIMEOUT: '15',
	};
	const folder = (name: string) => {
		const dir = join(root, name);
		mkdirSync(dir);
		installPackage(dir);
		return dir;
	};
	const mainInst = instance(rt, {
		userFolder: folder('main'),
		port: ports.main,
		brokerPort: await freePort(),
		env: { ...shared, N8N_DISABLE_PRODUCTION_MAIN_PROCESS: 'true' },
	});
	const webhookInst = instance(rt, {
		userFolder: folder('webhook'),
		port: ports.webhook,
		brokerPort: await freePort(),
		// Debug: the hub's line for each delivery and each end that did not take (check 8 says them).
		env: { ...shared, N8N_LOG_LEVEL: process.env.QUEUE_TEST_LOG_LEVEL ?? 'debug' },
	});
	const main = new N8nProcess(
		'main',
		mainInst,
		undefined,
		async () => (await httpOk(`${mainInst.url}/healthz`)) && (await restUp(mainInst.url)),
	);
	const webhook = new N8nProcess('webhook', webhookInst, ['webhook'], () =>
		httpOk(`${webhookBase}/healthz/readiness`),
	);
	const workers: N8nProcess[] = [];
	for (const name of ['worker-1', 'worker-2']) {
		const health = await freePort();
		const inst = instance(rt, {
			userFolder: folder(name),
			port: await freePort(),
			brokerPort: await freePort(),
			env: {
				...shared,
				QUEUE_HEALTH_CHECK_ACTIVE: 'true',
				QUEUE_HEALTH_CHECK_PORT: String(health),
				N8N_WORKER_SERVER_ADDRESS: '127.0.0.1',
			},
		});
		workers.push(
			new N8nProcess(name, inst, ['worker', '--concurrency=1'], () =>
				httpOk(`http://127.0.0.1:${health}/healthz/readiness`),
			),
		);
	}
	const all = [main, webhook, ...workers];
	await onCleanup('n8n', async () => {
		await Promise.all(all.map((p) => p.stop()));
		for (const p of all) writeFileSync(join(LOG_DIR, `${p.name}.log`), p.output());
	});

	log('Importing the credential and the workflows (creates n8n’s tables in PostgreSQL)...');
	const catchUp = catchUpWorkflow();
	await importAll(
		mainInst,
		[sandboxCredential(sandbox.url, 'test')],
		[triggerWorkflow(), batchWorkflow(templateId), sendAndWaitWorkflow(), catchUp],
	);

	log('Starting n8n main, webhook and two workers...');
	await startAll(all);
	// The owner sign-up route can appear a moment after the rest of the REST API.
	await until(
		'the owner sign-up',
		() =>
			setupOwner(mainInst).then(
				() => true,
				() => undefined,
			),
		60_000,
	);
	let cookie = await login(mainInst);
	log('All four n8n processes are up');

	const triggerUrl = `${webhookBase}/webhook/${TRIGGER_WEBHOOK_ID}/webhook`;
	const batchUrl = `${webhookBase}/webhook/${BATCH_PATH}`;

	/** Every execution of the workflow (n8n pages them by 100). */
	const executions = async (workflowId: string): Promise<Json[]> =>
		await executionsOf(mainInst, cookie, workflowId);

	const finished = (e: Json) =>
		!['new', 'running', 'waiting', 'unknown'].includes(String(e.status));

	/** Waits until `count` executions exist and are finished, then a moment for any extra one. */
	async function settledExecutions(workflowId: string, count: number, timeoutMs = 120_000) {
		let last: Json[] = [];
		await until(
			`${count} finished executions of ${workflowId}`,
			async () => {
				last = await executions(workflowId);
				return last.length >= count && last.every(finished) ? last : undefined;
			},
			timeoutMs,
			() => `executions: ${JSON.stringify(last.map((e) => [e.id, e.status, e.mode]))}`,
		);
		await sleep(3000);
		return await executions(workflowId);
	}

	/** Which of the given event ids the execution's data holds. */
	async function eventIdsOf(executionId: string, known: string[]): Promise<string[]> {
		const detail = await rest<Json>(mainInst, cookie, 'GET', `/executions/${executionId}`);
		const data = String(detail.data ?? '');
		return known.filter((id) => data.includes(`"${id}"`));
	}

	/** The worker(s) whose log says it started this execution. */
	const ranOn = (executionId: string) =>
		workers
			.filter((w) => new RegExp(`Worker started execution ${executionId} \\(`).test(w.output()))
			.map((w) => w.name);

	/** Every event id ran in exactly one successful execution, each on exactly one worker. */
	async function expectOncePerEvent(eventIds: string[]): Promise<Record<string, number>> {
		const list = await settledExecutions(TRIGGER_WORKFLOW_ID, eventIds.length);
		expect(
			list.length === eventIds.length,
			`${eventIds.length} events, but ${list.length} executions`,
		);
		const seen = new Map<string, string[]>();
		const perWorker: Record<string, number> = {};
		for (const execution of list) {
			const id = String(execution.id);
			expect(execution.status === 'success', `execution ${id} ended ${execution.status}`);
			expect(execution.mode === 'webhook', `execution ${id} has mode ${execution.mode}`);
			const ids = await eventIdsOf(id, eventIds);
			expect(ids.length === 1, `execution ${id} holds events ${JSON.stringify(ids)}`);
			seen.set(ids[0], [...(seen.get(ids[0]) ?? []), id]);
			const on = ranOn(id);
			expect(
				on.length === 1,
				`execution ${id} was started by ${JSON.stringify(on)} (want one worker)`,
			);
			perWorker[on[0]] = (perWorker[on[0]] ?? 0) + 1;
		}
		for (const eventId of eventIds) {
			const runs = seen.get(eventId) ?? [];
			expect(runs.length === 1, `event ${eventId} ran ${runs.length} times (${runs.join(', ')})`);
		}
		return perWorker;
	}

	/** Every event id sent so far, and the bodies of those the test crafted itself. */
	const eventIds: string[] = [];
	const ownBodies = new Map<string, string>();
	let emitted: SandboxEvent[] = [];

	/** Publishes a workflow on main, as a user does in the editor. */
	async function publish(id: string): Promise<void> {
		const workflow = await rest<Json>(mainInst, cookie, 'GET', `/workflows/${id}`);
		await rest(mainInst, cookie, 'POST', `/workflows/${id}/activate`, {
			versionId: workflow.versionId,
		});
	}

	// ---- 1. Activation ------------------------------------------------------------------------
	await check(1, async () => {
		// Published as a user does in the editor, once every process is up.
		for (const id of [TRIGGER_WORKFLOW_ID, BATCH_WORKFLOW_ID]) await publish(id);
		const record = await until(
			'the trigger’s webhook at the sandbox',
			() =>
				sandbox.webhooks.records.find((r) => r.url === triggerUrl && r.deleted_at === null) ??
				undefined,
			90_000,
			() =>
				`webhooks: ${JSON.stringify(sandbox.webhooks.records.map((r) => [r.url, r.deleted_at]))}`,
		);
		expect(
			JSON.stringify(record.events) === JSON.stringify([TRIGGERED_EVENT]) && record.enabled,
			`webhook registered with ${JSON.stringify(record.events)}, enabled=${record.enabled}`,
		);
		expect(
			sandbox.webhooks.records.filter((r) => r.deleted_at === null).length === 1,
			`more than one live webhook: ${JSON.stringify(sandbox.webhooks.records.map((r) => r.url))}`,
		);
		// The service's test delivery (sent when a webhook is created, and on demand) reaches the
		// webhook process and is answered 2xx; this also has it load the workflow before the burst.
		await until(
			'a 2xx answer to the service’s test delivery',
			async () => {
				const pings = sandbox.webhooks.deliveries.filter((d) => d.webhookId === record.id);
				if (pings.some((d) => d.ok)) return true;
				if (pings.every((d) => d.status !== null || d.error))
					await sandbox.webhooks.sendTest(record.id);
				return undefined;
			},
			120_000,
			() =>
				JSON.stringify(
					sandbox.webhooks.deliveries.map((d) => [d.eventType, d.status, d.error, d.durationMs]),
				),
		);
		return `activation on main registered one webhook at the sandbox (${triggerUrl}); the webhook process answers its test delivery`;
	});

	// ---- 2. Deliveries run on the workers, once each -------------------------------------------
	await check(2, async () => {
		emitted = [];
		for (let i = 1; i <= 12; i++) {
			emitted.push(
				sandbox.state.events.emit(TRIGGERED_EVENT, SEED.protectedWorkspace.id, {
					signing_request: { id: `sr_queue_${i}`, name: `Queue test ${i}`, status: 'completed' },
				}),
			);
		}
		eventIds.push(...emitted.map((e) => e.id));
		await sandbox.webhooks.flush();
		for (const event of emitted) {
			const attempts = sandbox.webhooks.deliveries.filter((d) => d.eventId === event.id);
			expect(
				attempts.some((d) => d.ok),
				`event ${event.id} was never answered 2xx: ${JSON.stringify(attempts.map((d) => [d.status, d.error, d.responseBody.slice(0, 200)]))}`,
			);
		}
		const perWorker = await expectOncePerEvent(eventIds);
		return `${emitted.length} deliveries from the service: ${emitted.length} executions, one per event, run by workers ${JSON.stringify(perWorker)}`;
	});

	// ---- 3. Duplicates -----------------------------------------------------------------------
	await check(3, async () => {
		// The service's own deliveries again, byte for byte (same signature, same delivery id).
		for (const event of emitted) {
			const original = sandbox.webhooks.deliveries.find((d) => d.eventId === event.id && d.ok);
			if (!original) throw new CheckFailed(`no delivery of ${event.id}`);
			const replay = await deliver(triggerUrl, original.body, original.headers);
			expect(
				replay.statuses.length === 1 && delivered(replay),
				`replay of ${event.id} answered ${replay.statuses.join(', ')} (want one 2xx)`,
			);
		}
		// New events, each sent as three copies at the same moment (with retries as the service would).
		const copies: string[] = [];
		const copyStatuses: number[] = [];
		for (let i = 1; i <= 4; i++) {
			const id = `${OWN_EVENT_PREFIX}_copies_${i}`;
			copies.push(id);
			const body = JSON.stringify({
				id,
				type: TRIGGERED_EVENT,
				created_at: new Date().toISOString(),
				company_id: SEED.company.id,
				workspace_id: SEED.protectedWorkspace.id,
				data: {
					signing_request: { id: `sr_${id}`, name: 'Concurrent copies', status: 'completed' },
				},
			});
			ownBodies.set(id, body);
			const answers = await Promise.all([1, 2, 3].map(() => deliver(triggerUrl, body)));
			for (const answer of answers) {
				copyStatuses.push(...answer.statuses);
				expect(
					delivered(answer),
					`a copy of ${id} was never answered 2xx: ${answer.statuses.join(', ')}`,
				);
			}
		}
		eventIds.push(...copies);
		await expectOncePerEvent(eventIds);
		return `${emitted.length} replays answered 2xx with no new execution; 4 events sent as 3 concurrent copies each → 4 executions (answers: ${summarise(copyStatuses)})`;
	});

	// ---- 4. Restart of the webhook process and the workers -----------------------------------
	await check(4, async () => {
		log('Restarting the webhook process and both workers...');
		await Promise.all([webhook, ...workers].map((p) => p.stop()));
		await startAll([webhook, ...workers]);
		cookie = await login(mainInst);
		const replayStatuses: number[] = [];
		for (const id of eventIds) {
			const body =
				ownBodies.get(id) ?? sandbox.webhooks.deliveries.find((d) => d.eventId === id)?.body;
			if (body === undefined) throw new CheckFailed(`no body of ${id} to send again`);
			const replay = await deliver(triggerUrl, body);
			replayStatuses.push(...replay.statuses);
			expect(delivered(replay), `after the restart, ${id} answered ${replay.statuses.join(', ')}`);
		}
		const fresh = sandbox.state.events.emit(TRIGGERED_EVENT, SEED.protectedWorkspace.id, {
			signing_request: { id: 'sr_queue_after_restart', name: 'After restart', status: 'completed' },
		});
		await sandbox.webhooks.flush();
		eventIds.push(fresh.id);
		await expectOncePerEvent(eventIds);
		return `after restarting webhook + workers: ${eventIds.length - 1} old events re-sent → 2xx, no new execution (answers: ${summarise(replayStatuses)}); a new event ran once`;
	});

	// ---- 5. A write batch from both workers, one API key -------------------------------------
	await check(5, async () => {
		sandbox.resetRateLimits();
		sandbox.clearRequests();
		const limit = DEFAULT_RATE_LIMITS.write;
		expect(
			2 * BATCH_SIZE > limit,
			`a batch of ${2 * BATCH_SIZE} writes does not reach the write limit (${limit} per minute)`,
		);
		// Besides the two workers' race for the key's window, the service answers the first three
		// writes 429 (Retry-After 2 s, as when another client of the same key used up the window):
		// every run goes through waiting and sending again.
		const forced429 = 3;
		sandbox.injectFault({
			method: 'POST',
			path: `/templates/${templateId}/custom-fields`,
			kind: 'status',
			status: 429,
			headers: { 'Retry-After': '2' },
			body: {
				error: 'Rate Limit Exceeded',
				code: 'RATE_LIMITED',
				message: 'Too many requests. Retry after 2 second(s).',
				details: { retry_after: 2 },
			},
			times: forced429,
		});
		const labels = (batch: string) =>
			Array.from({ length: BATCH_SIZE }, (_, i) => ({
				label: `Batch ${batch} ${String(i + 1).padStart(3, '0')}`,
			}));
		const batchStarted = Date.now();
		const posted = await Promise.all(
			['A', 'B'].map(async (batch) => {
				const response = await fetch(batchUrl, {
					method: 'POST',
					headers: { 'Content-Type': 'application/json' },
					body: JSON.stringify({ items: labels(batch) }),
				});
				await response.text();
				return response.status;
			}),
		);
		expect(
			posted.every((s) => s === 200),
			`the batch webhook answered ${posted.join(', ')}`,
		);
		const batchRuns = await settledExecutions(BATCH_WORKFLOW_ID, 2, 300_000);
		const batchSeconds = (Date.now() - batchStarted) / 1000;
		expect(batchRuns.length === 2, `${batchRuns.length} batch executions (want 2)`);
		for (const run of batchRuns) {
			expect(run.status === 'success', `batch execution ${run.id} ended ${run.status}`);
		}
		const batchWorkers = batchRuns.map((r) => ranOn(String(r.id)));
		expect(
			batchWorkers.every((w) => w.length === 1) && batchWorkers[0][0] !== batchWorkers[1][0],
			`the two batches ran on ${JSON.stringify(batchWorkers)} (want one each on two workers)`,
		);
		const writes = sandbox.requests.filter(
			(r) => r.method === 'POST' && r.path === `/templates/${templateId}/custom-fields`,
		);
		const byStatus: Record<number, number> = {};
		for (const w of writes) byStatus[w.status] = (byStatus[w.status] ?? 0) + 1;
		const keys = new Set(writes.map((w) => w.headers.authorization));
		expect(keys.size === 1, `the batch used ${keys.size} API keys (want one)`);
		expect(
			(byStatus[201] ?? 0) === 2 * BATCH_SIZE &&
				(byStatus[429] ?? 0) >= forced429 &&
				Object.keys(byStatus).every((s) => s === '201' || s === '429'),
			`writes answered ${JSON.stringify(byStatus)} (want ${2 * BATCH_SIZE} × 201 and at least ${forced429} × 429)`,
		);
		const created = writes.filter((w) => w.status === 201).map((w) => w.at);
		const firstWindow = created.filter((at) => at < created[0] + DEFAULT_RATE_WINDOW_MS).length;
		const fields = (await (
			await fetch(`${sandbox.url}/templates/${templateId}/custom-fields`, {
				headers: { Authorization: SEED.protectedWorkspace.liveKey },
			})
		).json()) as { custom_fields: Array<{ field_label: string }> };
		const expected = [...labels('A'), ...labels('B')].map((l) => l.label).sort();
		const got = fields.custom_fields.map((f) => f.field_label).sort();
		expect(
			JSON.stringify(got) === JSON.stringify(expected),
			`the template has ${got.length} custom fields; want each of the ${expected.length} labels once`,
		);
		return `write batch of 2 × ${BATCH_SIZE} on ${batchWorkers.map((w) => w[0]).join(' + ')} with one key: every write done once, ${firstWindow} in the first minute (limit ${limit}), answers ${JSON.stringify(byStatus)} (${forced429} × 429 forced), no failure (${batchSeconds.toFixed(0)} s)`;
	});

	// ---- 6. Send and Wait: every delivery lost, the re-read ends the wait ----------------------
	await check(6, async () => {
		await publish(WAIT_WORKFLOW_ID);
		const request = await sendDemoRequest(sandbox.url, templateId, 'Queue test: send and wait');
		await until(
			'the Send and Wait workflow to start',
			async () => {
				const response = await fetch(`${webhookBase}/webhook/${WAIT_PATH}`, {
					method: 'POST',
					headers: { 'Content-Type': 'application/json' },
					body: JSON.stringify({ id: request.id }),
				});
				await response.text();
				return response.status === 200 ? true : undefined;
			},
			90_000,
		);
		// One webhook for the published workflow's Send and Wait (its router, served by the webhook
		// process); every delivery to it is lost: it points at a closed port.
		const waitHook = await until(
			'the Send and Wait workflow’s webhook at the sandbox',
			() =>
				sandbox.webhooks.records.find(
					(r) =>
						!r.deleted_at &&
						r.url ===
							`${webhookBase}/webhook/document-signing-send-and-wait/${WAIT_WORKFLOW_ID}/${WAIT_NODE_ID}`,
				),
			120_000,
		);
		const routerUrl = waitHook.url;
		const closed = new URL(waitHook.url);
		closed.host = '127.0.0.1:9';
		await sandboxApi(sandbox.url, 'PUT', `/webhooks/${waitHook.id}`, {
			url: closed.toString(),
			events: waitHook.events,
		});
		await until(
			'the execution to wait',
			async () => (await executions(WAIT_WORKFLOW_ID)).find((e) => e.status === 'waiting'),
			120_000,
		);
		sandbox.simulate.signAll(request.id);
		await sandbox.webhooks.flush();
		const lost = sandbox.webhooks.deliveries.filter(
			(d) => d.webhookId === waitHook.id && !d.test && d.body.includes(`"${request.id}"`),
		);
		expect(
			lost.length === 3 && lost.every((d) => !d.ok),
			`deliveries to the Send and Wait webhook: ${JSON.stringify(lost.map((d) => d.status))}`,
		);
		// The trigger (company-wide, completions) gets this completion as usual.
		const toTrigger = sandbox.webhooks.deliveries.find(
			(d) => d.url === triggerUrl && d.ok && d.body.includes(`"${request.id}"`),
		);
		expect(toTrigger !== undefined, 'the trigger did not get the completion');
		eventIds.push(toTrigger!.eventId);
		const ended = await until(
			'the re-read to end the wait',
			async () => {
				const list = await executions(WAIT_WORKFLOW_ID);
				return list.length === 1 && list[0].status === 'success' ? list[0] : undefined;
			},
			180_000,
		);
		const detail = await rest<Json>(mainInst, cookie, 'GET', `/executions/${ended.id}`);
		expect(
			String(detail.data).includes('"re-read"'),
			`execution ${ended.id} did not end by a re-read`,
		);
		await sleep(3000);
		const runs = await executions(WAIT_WORKFLOW_ID);
		expect(runs.length === 1, `${runs.length} Send and Wait executions (want 1)`);
		await expectOncePerEvent(eventIds);
		// The webhook is the published workflow's: pointed back at n8n for check 8.
		await sandboxApi(sandbox.url, 'PUT', `/webhooks/${waitHook.id}`, {
			url: routerUrl,
			events: waitHook.events,
		});
		return `a Send and Wait whose 3 deliveries were all lost ended by its re-read (execution ${ended.id}, on ${ranOn(String(ended.id)).join(' then ')}), once; the trigger ran its completion once`;
	});

	// ---- 7. The trigger catches up after the webhook process was down -------------------------
	await check(7, async () => {
		// The example, published once as a user does; n8n's Schedule Trigger runs it on the workers.
		await publish(catchUp.id);
		await sleep(15_000);
		const failedBefore = (await executions(catchUp.id)).filter((e) => e.status === 'error').length;
		log('Stopping the webhook process; two requests are completed meanwhile...');
		await webhook.stop();
		const missed = [
			await sendDemoRequest(sandbox.url, templateId, 'Queue test: completed while away 1'),
			await sendDemoRequest(sandbox.url, templateId, 'Queue test: completed while away 2'),
		];
		for (const request of missed) sandbox.simulate.signAll(request.id);
		await sandbox.webhooks.flush();
		for (const request of missed) {
			const attempts = sandbox.webhooks.deliveries.filter(
				(d) => d.url === triggerUrl && d.body.includes(`"${request.id}"`),
			);
			expect(
				attempts.length === 3 && attempts.every((d) => !d.ok),
				`deliveries of ${request.id} while the webhook process was down: ${JSON.stringify(attempts.map((d) => d.status))}`,
			);
		}
		// Meanwhile the catch-up workflow fails: n8n cannot reach its webhook address.
		const failedRun = await until(
			'a failed run of the catch-up workflow',
			async () => {
				const errors = (await executions(catchUp.id)).filter((e) => e.status === 'error');
				return errors.length > failedBefore ? errors[0] : undefined;
			},
			60_000,
		);
		const failure = await rest<Json>(mainInst, cookie, 'GET', `/executions/${failedRun.id}`);
		expect(
			String(failure.data).includes(`n8n could not reach its own webhook address ${webhookBase}/`),
			`the failed run (${failedRun.id}) does not name the address`,
		);
		log('Starting the webhook process again...');
		await webhook.start();
		// No delivery and no user action: the next run wakes the trigger in the new webhook process.
		eventIds.push(...missed.map((request) => `catchup_completed_${request.id}`));
		const perWorker = await expectOncePerEvent(eventIds);
		await rest(mainInst, cookie, 'POST', `/workflows/${catchUp.id}/deactivate`, {});
		return `webhook process down while 2 requests completed (3 attempts each lost; the catch-up workflow failed naming ${webhookBase}/); back up, its next run woke the trigger: each missed completion ran once (executions by worker ${JSON.stringify(perWorker)}), nothing twice`;
	});

	// ---- 8. Many Send and Wait starts over both workers, ending by event and by re-read ------
	await check(8, async () => {
		// The workflow of check 6 (Send First off): requests sent beforehand, its run there not counted.
		const earlier = new Set((await executions(WAIT_WORKFLOW_ID)).map((e) => String(e.id)));
		const ids: string[] = [];
		for (let i = 1; i <= WAIT_BURST; i++) {
			if (i % 50 === 1) sandbox.resetRateLimits();
			ids.push((await sendDemoRequest(sandbox.url, templateId, `Queue wait ${i}`)).id);
		}
		// Their writes do not count: the burst starts with the service's windows fresh.
		sandbox.resetRateLimits();
		sandbox.clearRequests();
		const deliveredBefore = sandbox.webhooks.deliveries.length;
		const waitUrl = `${webhookBase}/webhook/${WAIT_PATH}`;
		const burstStarted = Date.now();
		const posted = await Promise.all(
			ids.map(async (id, i) => {
				await sleep((i * 30_000) / WAIT_BURST);
				const response = await fetch(waitUrl, {
					method: 'POST',
					headers: { 'Content-Type': 'application/json' },
					body: JSON.stringify({ id }),
				});
				await response.text();
				return response.status;
			}),
		);
		expect(
			posted.every((s) => s === 200),
			`the Send and Wait webhook answered ${summarise(posted)}`,
		);
		const mine = async () =>
			(await executions(WAIT_WORKFLOW_ID)).filter((e) => !earlier.has(String(e.id)));
		let runs: Json[] = [];
		await until(
			`${WAIT_BURST} Send and Wait executions to wait (or fail)`,
			async () => {
				runs = await mine();
				return runs.length >= WAIT_BURST &&
					runs.every((e) => !['new', 'running', 'unknown'].includes(String(e.status)))
					? true
					: undefined;
			},
			600_000,
			() => `executions: ${JSON.stringify(runs.map((e) => [e.id, e.status]))}`,
		);
		const waitedIn = (Date.now() - burstStarted) / 1000;
		const byStatus: Record<string, number> = {};
		for (const run of runs) byStatus[run.status] = (byStatus[run.status] ?? 0) + 1;
		const perWorker: Record<string, number> = {};
		for (const run of runs)
			for (const w of ranOn(String(run.id))) perWorker[w] = (perWorker[w] ?? 0) + 1;
		const calls = sandbox.requests;
		const refused = calls.filter((r) => r.status === 429).length;
		const webhookCalls = calls.filter((r) => r.path.startsWith('/webhooks')).length;
		expect(
			runs.length === WAIT_BURST && byStatus.waiting === WAIT_BURST,
			`${runs.length} executions: ${JSON.stringify(byStatus)} (want ${WAIT_BURST} waiting, none failed)`,
		);
		expect(
			Object.keys(perWorker).length === 2,
			`the starts ran on ${JSON.stringify(perWorker)} (want both workers)`,
		);
		// One webhook for all of them (the workflow's, from check 6): no webhook request per wait.
		expect(
			webhookCalls <= 2,
			`${webhookCalls} webhook requests for ${WAIT_BURST} waits (want ≤ 2)`,
		);

		/** What the service's deliveries to the router got (status: answer → count), for a failure. */
		const routerDeliveries = () => {
			const seen: Record<string, number> = {};
			for (const d of sandbox.webhooks.deliveries.slice(deliveredBefore)) {
				if (d.test || !d.url.includes('/document-signing-send-and-wait/')) continue;
				const key =
					`${d.eventType} ${d.status ?? d.error}: ${d.responseBody.slice(0, 120)}`.replace(
						/"event_id":"[^"]*"/,
						'…',
					);
				seen[key] = (seen[key] ?? 0) + 1;
			}
			const hubLines: Record<string, number> = {};
			for (const line of webhook.output().split('\n')) {
				if (!/Send and Wait|Database ping|Database connection/.test(line)) continue;
				const text = line
					.replace(/^\S+ \| /, '')
					.replace(/\{"file".*$/, '')
					.replace(/[0-9a-f]{8}-[0-9a-f-]{27}/g, '…')
					.replace(/\d+/g, 'N')
					.slice(0, 240);
				hubLines[text] = (hubLines[text] ?? 0) + 1;
			}
			return `${JSON.stringify(seen, null, 1)}\nthe webhook process said: ${JSON.stringify(hubLines, null, 1)}`;
		};
		// Half end by their event (one delivery each), half by re-read (every delivery lost).
		const byEvent = ids.slice(0, WAIT_BURST / 2);
		const byReRead = ids.slice(WAIT_BURST / 2);
		// A re-read that comes between a request's end and its delivery ends that wait first (both
		// are right ends, once). To see the events end theirs, the list reads fail (503) until they
		// have: the re-reads are put off, then end the other half.
		sandbox.injectFault({
			method: 'GET',
			path: '/signing-requests',
			kind: 'status',
			status: 503,
			body: { error: 'Service Unavailable' },
			times: 100_000,
		});
		try {
			for (const id of byEvent) sandbox.simulate.signAll(id);
			await sandbox.webhooks.flush();
			await until(
				`the ${byEvent.length} executions whose event was delivered to end`,
				async () => {
					runs = await mine();
					return runs.filter((e) => e.status === 'success').length >= byEvent.length
						? true
						: undefined;
				},
				300_000,
				() =>
					`${JSON.stringify(runs.map((e) => [e.id, e.status]))}\ndeliveries to the router: ${routerDeliveries()}`,
			);
		} finally {
			sandbox.clearFaults();
		}
		sandbox.webhooks.setCompanyMasterSwitch(false);
		try {
			for (const id of byReRead) sandbox.simulate.signAll(id);
			await until(
				`all ${WAIT_BURST} executions to end`,
				async () => {
					runs = await mine();
					return runs.filter((e) => e.status === 'success').length >= WAIT_BURST ? true : undefined;
				},
				600_000,
				() => JSON.stringify(runs.map((e) => [e.id, e.status])),
			);
		} finally {
			sandbox.webhooks.setCompanyMasterSwitch(true);
		}
		await sleep(5000);
		runs = await mine();
		expect(
			runs.length === WAIT_BURST && runs.every((e) => e.status === 'success'),
			`${runs.length} executions after the ends (want ${WAIT_BURST}, each once): ${JSON.stringify(byStatus)}`,
		);
		const endedBy: Record<string, number> = {};
		for (const run of runs) {
			const detail = await rest<Json>(mainInst, cookie, 'GET', `/executions/${run.id}`);
			const data = String(detail.data ?? '');
			const how = data.includes('"re-read"') ? 're-read' : data.includes('"event"') ? 'event' : '?';
			endedBy[how] = (endedBy[how] ?? 0) + 1;
		}
		expect(
			endedBy.event === byEvent.length && endedBy['re-read'] === byReRead.length,
			`ended by ${JSON.stringify(endedBy)} (want ${byEvent.length} by event, ${byReRead.length} by re-read)`,
		);
		const deliveries = sandbox.webhooks.deliveries
			.slice(deliveredBefore)
			.filter((d) => !d.test && d.eventType === 'signing_request.completed');
		const toWaits = deliveries.filter((d) => d.url.includes('/document-signing-send-and-wait/'));
		expect(
			toWaits.length === byEvent.length && toWaits.every((d) => d.ok),
			`${toWaits.length} deliveries to the Send and Wait webhook for ${byEvent.length} completions (want one each, all answered 2xx)`,
		);
		return `${WAIT_BURST} Send and Wait starts within 30 s on ${JSON.stringify(perWorker)}, one key: all waiting in ${waitedIn.toFixed(0)} s, none failed; ${calls.length} calls to the service (${refused} × 429), ${webhookCalls} webhook requests; ${byEvent.length} ended by their event (one delivery each), ${byReRead.length} by re-read with every delivery lost; each execution once`;
	});

	if (failed.length) {
		throw new CheckFailed(`${failed.length} of 8 checks failed:\n  ${failed.join('\n  ')}`);
	}
	console.log(`\nQueue mode: all ${passed.length} checks passed in ${elapsed().trim()}.`);
}

function summarise(statuses: number[]): string {
	const counts: Record<string, number> = {};
	for (const s of statuses)
		counts[String(s || 'no answer')] = (counts[String(s || 'no answer')] ?? 0) + 1;
	return Object.entries(counts)
		.map(([s, n]) => `${n} × ${s}`)
		.join(', ');
}

let exitCode = 0;
const watchdog = setTimeout(() => {
	console.error(`\nQueue-mode test: time limit of ${TIMEOUT_S} s reached; stopping everything.`);
	exitCode = 1;
	void cleanup().then(() => process.exit(1));
}, TIMEOUT_S * 1000);
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
	process.on(signal, () => {
		console.error(`\n${signal}: stopping everything...`);
		void cleanup().then(() => process.exit(130));
	});
}

main()
	.catch((error: unknown) => {
		exitCode = 1;
		const message = error instanceof Error ? error.message : String(error);
		console.error(`\nFAIL ${error instanceof CheckFailed ? '' : '(setup) '}${message}`);
		console.error(`n8n's logs of this run: ${LOG_DIR}`);
	})
	.finally(async () => {
		log('Stopping n8n, the sandbox, Redis and PostgreSQL...');
		await cleanup();
		clearTimeout(watchdog);
		log(exitCode === 0 ? 'Done.' : 'Done (failed).');
		process.exit(exitCode);
	});
