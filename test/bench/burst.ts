/**
 * `npm run bench:burst`: many executions at once against the service's per-key limits, in a real
 * n8n 2.41.1 (regular mode, default SQLite) and the sandbox with the service's own limits (200
 * reads, 120 writes, 60 webhook requests a minute per key; 429 with Retry-After and X-RateLimit-*
 * headers). Everything goes through one credential (one API key), as when a form, a CRM or a
 * spreadsheet starts one execution per row.
 *
 * (a) BENCH_WAITS (240) executions reach Send and Wait for Completion within 25 s (Send First on,
 *     Re-Read Every 1 minute, one execution per draft, started by n8n's Webhook node). Targets:
 *     all waiting, none failed; set-up (first start → all waiting) within 1.25 × the time that
 *     many webhook registrations take at 60 a minute; 429s under 5 % of calls. Then every request
 *     is signed while the service delivers nothing (its master switch off): each execution must
 *     end once, by a re-read, with reads never above 200 in any minute.
 * (b) BENCH_SENDS (600) executions of Send, started at once. Targets: all succeed, within 1.1 ×
 *     the write limit's time (sends ÷ 120 a minute), 429s under 5 % of calls.
 *
 * Not a test: it prints figures and exits 1 when a target is missed (about 15 minutes).
 * BENCH_KEEP=1 keeps the n8n user folder.
 */
import { DEFAULT_RATE_LIMITS, DEFAULT_RATE_WINDOW_MS, type RecordedRequest } from '../sandbox';
import {
	CREDENTIAL_TYPE,
	NODE_TYPE,
	rest,
	startWithOwner,
	waiter,
	type Instance,
	type Server,
} from '../e2e/n8n';
import {
	CREDENTIAL_ID,
	CREDENTIAL_NAME,
	createDemoDraft,
	importAll,
	prepareN8n,
	reportNode,
	sandboxCredential,
	startReportReceiver,
	tearDown,
	type E2eSetup,
	type ReportReceiver,
	type Workflow,
} from '../e2e/setup';

const WAITS = Number(process.env.BENCH_WAITS ?? 240);
const SENDS = Number(process.env.BENCH_SENDS ?? 600);
/** The starts of (a) are spread over this long. */
const ARRIVAL_MS = 25_000;
const MINUTE_MS = DEFAULT_RATE_WINDOW_MS;
const CRED = { [CREDENTIAL_TYPE]: { id: CREDENTIAL_ID, name: CREDENTIAL_NAME } };
const WAIT_WF = 'dsBenchBurstWait';
const SEND_WF = 'dsBenchBurstSend';

type Json = Record<string, any>;

const started = Date.now();
const log = (line: string) =>
	console.log(`[${((Date.now() - started) / 1000).toFixed(0).padStart(4)} s] ${line}`);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
const percent = (part: number, whole: number) =>
	whole === 0 ? '0.0 %' : `${((100 * part) / whole).toFixed(1)} %`;

/** Webhook node (POST at `path`) → `next`, one execution per call. */
function workflow(id: string, name: string, path: string, nodes: Json[]): Workflow {
	const all = [
		{
			id: `${id}-start`,
			name: 'Start',
			type: 'n8n-nodes-base.webhook',
			typeVersion: 2,
			position: [0, 0],
			webhookId: `${id}-hook`,
			parameters: { httpMethod: 'POST', path, responseMode: 'onReceived', options: {} },
		},
		...nodes,
	];
	const connections: Json = {};
	for (let i = 0; i + 1 < all.length; i++)
		connections[all[i].name] = { main: [[{ node: all[i + 1].name, type: 'main', index: 0 }]] };
	return {
		id,
		name,
		nodes: all,
		connections,
		settings: { executionOrder: 'v1' },
	} as unknown as Workflow;
}

function documentSigning(name: string, parameters: Json): Json {
	return {
		id: `${name.replace(/\W/g, '').toLowerCase()}-node`,
		name,
		type: NODE_TYPE,
		typeVersion: 1,
		position: [240, 0],
		credentials: CRED,
		parameters: {
			resource: 'signingRequest',
			signingRequestId: { __rl: true, mode: 'id', value: '={{ $json.body.id }}' },
			...parameters,
		},
	};
}

/** Drafts made through the API; the sandbox's counters are cleared every 100 so none is refused. */
async function drafts(setup: E2eSetup, count: number, prefix: string): Promise<string[]> {
	const ids: string[] = [];
	for (let from = 0; from < count; from += 100) {
		const batch = Array.from({ length: Math.min(100, count - from) }, (_, i) => from + i);
		const made = await Promise.all(
			batch.map((n) => createDemoDraft(setup.sandbox.url, setup.templateId, `${prefix} ${n}`)),
		);
		ids.push(...made.map((d) => d.id));
		setup.sandbox.resetRateLimits();
	}
	return ids;
}

/** Starts an execution of the workflow at `path`; resolves with the answer's status. */
async function start(inst: Instance, path: string, id: string): Promise<number> {
	const response = await fetch(`${inst.url}/webhook/${path}`, {
		method: 'POST',
		headers: { 'Content-Type': 'application/json' },
		body: JSON.stringify({ id }),
	});
	await response.text();
	return response.status;
}

/** Executions of a workflow by status, as n8n's REST API counts them. */
async function counts(inst: Instance, cookie: string, workflowId: string) {
	const result: Record<string, number> = {};
	for (const status of ['new', 'running', 'waiting', 'success', 'error', 'crashed', 'canceled']) {
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

/** API requests of a phase (the sandbox records every one, 429s included). */
function calls(requests: RecordedRequest[], from: number, to = Infinity) {
	const list = requests.filter((r) => r.at >= from && r.at <= to);
	const refused = list.filter((r) => r.status === 429).length;
	return { list, refused };
}

/** Most reads the service counted (answered, not refused) in any 60 s. */
function mostReadsPerMinute(requests: RecordedRequest[]): number {
	const at = requests
		.filter((r) => (r.method === 'GET' || r.method === 'HEAD') && r.status !== 429)
		.filter((r) => !r.path.startsWith('/webhooks'))
		.map((r) => r.at)
		.sort((a, b) => a - b);
	let most = 0;
	for (let i = 0, j = 0; i < at.length; i++) {
		while (at[i] - at[j] >= MINUTE_MS) j++;
		most = Math.max(most, i - j + 1);
	}
	return most;
}

const results: Array<{ what: string; value: string; target: string; met: boolean }> = [];
function figure(what: string, value: string, target: string, met: boolean): void {
	results.push({ what, value, target, met });
	log(`${met ? 'MET    ' : 'NOT MET'} ${what}: ${value} (target ${target})`);
}

/** The share of a phase's calls the service refused: under 5 %. */
function refusals(what: string, phase: ReturnType<typeof calls>): void {
	const { refused, list } = phase;
	figure(
		what,
		`${refused} of ${list.length} calls (${percent(refused, list.length)})`,
		'< 5 %',
		refused < 0.05 * list.length,
	);
}

async function main(): Promise<void> {
	const reports: Json[] = [];
	let receiver: ReportReceiver | undefined;
	let setup: E2eSetup | undefined;
	let server: Server | undefined;
	try {
		receiver = await startReportReceiver(reports);
		// The service's own limits (no option: the sandbox's defaults are service-api.md's).
		setup = await prepareN8n('bench-burst', { templateName: 'Burst (bench)' });
		const { sandbox, inst } = setup;
		log(`Sandbox with the service's limits: ${JSON.stringify(DEFAULT_RATE_LIMITS)} per minute`);
		log(`Making ${WAITS} + ${SENDS} drafts...`);
		const waitIds = await drafts(setup, WAITS, 'Burst wait');
		const sendIds = await drafts(setup, SENDS, 'Burst send');

		const waitWorkflow = workflow(WAIT_WF, 'bench: burst of Send and Wait', 'burst-wait', [
			documentSigning('Send and wait', {
				operation: 'sendAndWaitForCompletion',
				sendFirst: true,
				timeLimitAmount: 1,
				timeLimitUnit: 'days',
				waitOptions: { rereadMinutes: 1 },
			}),
			reportNode(
				receiver.url,
				'burst-report',
				[480, 0],
				'={{ JSON.stringify({ id: $json.id, status: $json.status, ended_by: $json.ended_by }) }}',
			),
		]);
		const sendWorkflow = workflow(SEND_WF, 'bench: burst of Send', 'burst-send', [
			documentSigning('Send', { operation: 'sendSigningRequest' }),
		]);
		await importAll(
			inst,
			[sandboxCredential(sandbox.url, 'test')],
			[waitWorkflow, sendWorkflow],
			[WAIT_WF, SEND_WF],
		);
		sandbox.resetRateLimits();
		log('Starting n8n...');
		const up = await startWithOwner(inst);
		server = up.server;
		const cookie = up.cookie;
		const until = waiter({ timeoutMs: 60_000, everyMs: 1000 });
		// n8n activates published workflows in the background once it is up: a CORS preflight
		// answers 204 once a path is registered (404 before).
		for (const path of ['burst-wait', 'burst-send']) {
			await until(`n8n to serve POST /webhook/${path}`, async () => {
				const response = await fetch(`${inst.url}/webhook/${path}`, {
					method: 'OPTIONS',
					headers: { Origin: inst.url, 'Access-Control-Request-Method': 'POST' },
				});
				await response.text();
				return response.status === 204 ? true : undefined;
			});
		}
		// The activation's own calls (the re-reads' listing of waits) are part of the run.
		await sleep(5000);

		// ---- (a) Send and Wait, set-up -------------------------------------------------------------
		log(`(a) ${WAITS} executions reach Send and Wait within ${ARRIVAL_MS / 1000} s`);
		const a0 = Date.now();
		const startStatuses = await Promise.all(
			waitIds.map(async (id, i) => {
				await sleep((i * ARRIVAL_MS) / WAITS);
				return await start(inst, 'burst-wait', id);
			}),
		);
		const arrived = Date.now() - a0;
		if (startStatuses.some((s) => s !== 200))
			throw new Error(`Starting (a) answered ${JSON.stringify(startStatuses)}`);
		let waiting: Record<string, number> = {};
		let aEnd = 0;
		await waiter({ timeoutMs: 900_000, everyMs: 1000 })(
			`the ${WAITS} executions to wait or fail`,
			async () => {
				waiting = await counts(inst, cookie, WAIT_WF);
				const settled = waiting.waiting + waiting.error + waiting.crashed + waiting.success;
				if (settled < WAITS) return undefined;
				aEnd = Date.now();
				return true;
			},
			900_000,
			() => JSON.stringify(waiting),
		);
		const setupMs = aEnd - a0;
		const aCalls = calls(sandbox.requests, a0, aEnd);
		const registrations = aCalls.list.filter(
			(r) => r.method === 'POST' && r.path === '/webhooks' && r.status === 201,
		).length;
		const webhookCalls = aCalls.list.filter((r) => r.path.startsWith('/webhooks')).length;
		const registrationTime = (WAITS / DEFAULT_RATE_LIMITS.webhook) * MINUTE_MS;
		log(
			`(a) started in ${seconds(arrived)}; executions: ${JSON.stringify(waiting)}; ${aCalls.list.length} calls (${aCalls.refused} × 429), ${webhookCalls} webhook-class calls for ${registrations} registrations (${(webhookCalls / Math.max(1, registrations)).toFixed(2)} each)`,
		);
		figure(
			`(a) executions waiting / failed`,
			`${waiting.waiting} / ${waiting.error + waiting.crashed}`,
			`${WAITS} / 0`,
			waiting.waiting === WAITS && waiting.error + waiting.crashed === 0,
		);
		figure(
			'(a) set-up, first start → all waiting',
			`${seconds(setupMs)} (${(setupMs / registrationTime).toFixed(2)} × ${seconds(registrationTime)})`,
			`≤ 1.25 × ${seconds(registrationTime)}, the time of ${WAITS} registrations at ${DEFAULT_RATE_LIMITS.webhook} a minute`,
			setupMs <= 1.25 * registrationTime,
		);
		refusals('(a) 429 answers during set-up', aCalls);

		// ---- (a) the requests finish, no delivery: re-reads end every wait -------------------------
		log('(a) every request signed, the service delivers nothing (company master switch off)');
		sandbox.webhooks.setCompanyMasterSwitch(false);
		const deliveriesBefore = sandbox.webhooks.deliveries.filter((d) => !d.test).length;
		const signedAt = Date.now();
		for (const id of waitIds) sandbox.simulate.signAll(id);
		const ended = () => new Set(reports.map((r) => r.id)).size;
		await waiter({ timeoutMs: 1_800_000, everyMs: 2000 })(
			`all ${WAITS} waits to end`,
			() => (ended() >= WAITS ? true : undefined),
			1_800_000,
			() => `${ended()} ended`,
		);
		const endMs = Date.now() - signedAt;
		// Time for any second end of the same execution to show.
		await sleep(10_000);
		const final = await counts(inst, cookie, WAIT_WF);
		const perId = new Map<string, Json[]>();
		for (const report of reports) perId.set(report.id, [...(perId.get(report.id) ?? []), report]);
		const once = [...perId.values()].filter((r) => r.length === 1).length;
		const byReRead = reports.filter((r) => r.ended_by === 're-read' && r.status === 'completed');
		const endCalls = calls(sandbox.requests, signedAt);
		const delivered = sandbox.webhooks.deliveries.filter((d) => !d.test).length - deliveriesBefore;
		const reads = mostReadsPerMinute(endCalls.list);
		log(
			`(a) ended ${seconds(endMs)} after signing; executions: ${JSON.stringify(final)}; ${endCalls.list.length} calls (${endCalls.refused} × 429); deliveries ${delivered}`,
		);
		figure(
			'(a) each execution ended once, by re-read',
			`${once} once, ${byReRead.length} by re-read, ${final.success} succeeded, ${reports.length} reports`,
			`${WAITS}`,
			once === WAITS &&
				reports.length === WAITS &&
				byReRead.length === WAITS &&
				final.success === WAITS &&
				delivered === 0,
		);
		figure(
			'(a) most reads in any minute while the waits end',
			`${reads}`,
			`≤ ${DEFAULT_RATE_LIMITS.read}`,
			reads <= DEFAULT_RATE_LIMITS.read,
		);
		sandbox.webhooks.setCompanyMasterSwitch(true);

		// ---- (b) Send, all at once ---------------------------------------------------------------
		// The write windows of (a) are long over (its sends were in its set-up).
		log(`(b) ${SENDS} executions of Send at once`);
		const b0 = Date.now();
		const sendStatuses = await Promise.all(sendIds.map((id) => start(inst, 'burst-send', id)));
		if (sendStatuses.some((s) => s !== 200))
			throw new Error(`Starting (b) answered ${JSON.stringify(sendStatuses)}`);
		let sent: Record<string, number> = {};
		await waiter({ timeoutMs: 900_000, everyMs: 1000 })(
			`the ${SENDS} executions to end`,
			async () => {
				sent = await counts(inst, cookie, SEND_WF);
				return sent.success + sent.error + sent.crashed >= SENDS ? true : undefined;
			},
			900_000,
			() => JSON.stringify(sent),
		);
		const bCalls = calls(sandbox.requests, b0);
		const sends = bCalls.list.filter(
			(r) => r.method === 'POST' && r.path.endsWith('/send') && r.status === 200,
		);
		const bMs = Math.max(...sends.map((r) => r.at)) - b0;
		const writeTime = (SENDS / DEFAULT_RATE_LIMITS.write) * MINUTE_MS;
		log(
			`(b) executions: ${JSON.stringify(sent)}; ${bCalls.list.length} calls (${bCalls.refused} × 429); last send ${seconds(bMs)} after the first start`,
		);
		figure(
			'(b) executions succeeded / failed',
			`${sent.success} / ${sent.error + sent.crashed}`,
			`${SENDS} / 0`,
			sent.success === SENDS && sent.error + sent.crashed === 0 && sends.length === SENDS,
		);
		figure(
			'(b) first start → last send',
			`${seconds(bMs)} (${(bMs / writeTime).toFixed(2)} × ${seconds(writeTime)})`,
			`≤ 1.1 × ${seconds(writeTime)}, ${SENDS} writes at ${DEFAULT_RATE_LIMITS.write} a minute`,
			bMs <= 1.1 * writeTime,
		);
		refusals('(b) 429 answers', bCalls);
	} finally {
		await tearDown({
			server,
			sandbox: setup?.sandbox,
			userFolder: process.env.BENCH_KEEP === '1' ? undefined : setup?.userFolder,
		});
		await receiver?.close();
	}
	console.log('');
	console.log('bench:burst');
	for (const r of results)
		console.log(`  ${r.met ? 'MET    ' : 'NOT MET'} ${r.what}: ${r.value} (target ${r.target})`);
	process.exitCode = results.every((r) => r.met) ? 0 : 1;
}

main().catch((error) => {
	console.error(error instanceof Error ? (error.stack ?? error.message) : error);
	process.exit(1);
});
