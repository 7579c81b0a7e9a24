/**
 * `npm run bench:burst`: many executions at once against the service's per-key limits, in a real
 * n8n 2.41.1 (regular mode, default SQLite) and the sandbox with the service's own limits (200
 * reads, 120 writes, 60 webhook requests a minute per key; 429 with Retry-After and X-RateLimit-*
 * headers). Everything goes through one credential (one API key), as when a form, a CRM or a
 * spreadsheet starts one execution per row.
 *
 * BENCH_SENDS (600) executions of Send, started at once. Targets: all succeed, within 1.1 × the
 * write limit's time (sends ÷ 120 a minute), 429s under 5 % of calls. (Many Send and Wait
 * executions at once: `npm run bench:waits`.)
 *
 * Not a test: it prints figures and exits 1 when a target is missed (about 6 minutes).
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
	sandboxCredential,
	tearDown,
	type E2eSetup,
	type Workflow,
} from '../e2e/setup';

const SENDS = Number(process.env.BENCH_SENDS ?? 600);
const MINUTE_MS = DEFAULT_RATE_WINDOW_MS;
const CRED = { [CREDENTIAL_TYPE]: { id: CREDENTIAL_ID, name: CREDENTIAL_NAME } };
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
	let setup: E2eSetup | undefined;
	let server: Server | undefined;
	try {
		// The service's own limits (no option: the sandbox's defaults are service-api.md's).
		setup = await prepareN8n('bench-burst', { templateName: 'Burst (bench)' });
		const { sandbox, inst } = setup;
		log(`Sandbox with the service's limits: ${JSON.stringify(DEFAULT_RATE_LIMITS)} per minute`);
		log(`Making ${SENDS} drafts...`);
		const sendIds = await drafts(setup, SENDS, 'Burst send');

		const sendWorkflow = workflow(SEND_WF, 'bench: burst of Send', 'burst-send', [
			documentSigning('Send', { operation: 'sendSigningRequest' }),
		]);
		await importAll(inst, [sandboxCredential(sandbox.url, 'test')], [sendWorkflow], [SEND_WF]);
		sandbox.resetRateLimits();
		log('Starting n8n...');
		const up = await startWithOwner(inst);
		server = up.server;
		const cookie = up.cookie;
		const until = waiter({ timeoutMs: 60_000, everyMs: 1000 });
		// n8n activates published workflows in the background once it is up: a CORS preflight
		// answers 204 once a path is registered (404 before).
		for (const path of ['burst-send']) {
			await until(`n8n to serve POST /webhook/${path}`, async () => {
				const response = await fetch(`${inst.url}/webhook/${path}`, {
					method: 'OPTIONS',
					headers: { Origin: inst.url, 'Access-Control-Request-Method': 'POST' },
				});
				await response.text();
				return response.status === 204 ? true : undefined;
			});
		}
		await sleep(5000);

		// ---- (b) Send, all at once ---------------------------------------------------------------
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
