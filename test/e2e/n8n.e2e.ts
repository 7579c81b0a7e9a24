/**
 * End to end: this package inside a real n8n 2.41.1 (installed once into the cache folder, see
 * runtime.ts), driven through n8n's CLI and REST API, against an in-process sandbox.
 *
 * One n8n user folder for the whole file; imports are batched; the tests run in order (the trigger
 * part starts n8n once, restarts it once).
 */
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'fs';
import { join } from 'path';

import { SEED, WEBHOOK_SECRETS, signatureHeader, type Sandbox } from '../sandbox';
import { simplePdf } from '../sandbox/signing/pdf';
import {
	CREDENTIAL_TYPE,
	NODE_TYPE,
	PACKAGE_NAME,
	TRIGGER_TYPE,
	cli,
	cliOk,
	freePort,
	login,
	parseRawOutput,
	rest,
	startServer,
	startWithOwner,
	unflatten,
	waiter,
	type Instance,
	type Server,
} from './n8n';
import { editorFields, isValidSchemaPreview } from '../kit/editorSchema';
import {
	CREDENTIAL_ID,
	importAll,
	loadExamples,
	prepareN8n,
	sandboxApi,
	sandboxCredential,
	sandboxWorkspaceCredential,
	sendDemoRequest,
	tearDown,
	UNTHROTTLED,
	WORKSPACE_CREDENTIAL_ID,
	WORKSPACE_CREDENTIAL_NAME,
	withTemplate,
	type Workflow,
} from './setup';

const NO_SUCH_ID = '123e4567-e89b-42d3-a456-426614174000';
const CRED = { documentSigningApi: { id: CREDENTIAL_ID, name: 'Document Signing (sandbox)' } };
const byId = (value: string) => ({ __rl: true, mode: 'id', value });

type Json = Record<string, any>;

let sandbox: Sandbox;
let userFolder: string;
let inst: Instance;
let server: Server | undefined;
let templateId: string;
let filesDir: string;
const uploadedPdf = simplePdf('Lease 2026', 2, ['Uploaded from disk by n8n.']);
let examples: Record<string, Workflow>;

/** Workflows made for the tests (the examples are imported as they are, plus the template id). */
const errorPathWorkflow: Workflow = {
	id: 'dsE2eErrorPath01',
	name: 'e2e: error path with continue on fail',
	nodes: [
		{
			id: 'e1',
			name: 'Start',
			type: 'n8n-nodes-base.manualTrigger',
			typeVersion: 1,
			position: [0, 0],
			parameters: {},
		},
		{
			id: 'e2',
			name: 'Get missing request',
			type: NODE_TYPE,
			typeVersion: 1,
			position: [200, 0],
			credentials: CRED,
			onError: 'continueRegularOutput',
			parameters: {
				resource: 'signingRequest',
				operation: 'getSigningRequest',
				signingRequestId: byId(NO_SUCH_ID),
			},
		},
	],
	connections: { Start: { main: [[{ node: 'Get missing request', type: 'main', index: 0 }]] } },
	settings: { executionOrder: 'v1' },
};

/**
 * The same call through n8n's HTTP Request node with the credential and through the node: both
 * get `Authorization` and `X-API-Version` from the credential's `authenticate`, applied by n8n's
 * authenticated request.
 */
function authHeadersWorkflow(baseUrl: string): Workflow {
	return {
		id: 'dsE2eAuthHeads01',
		name: "e2e: the node sends the headers of the credential's authenticate block",
		nodes: [
			{
				id: 'h1',
				name: 'Start',
				type: 'n8n-nodes-base.manualTrigger',
				typeVersion: 1,
				position: [0, 0],
				parameters: {},
			},
			{
				id: 'h2',
				name: 'By n8n',
				type: 'n8n-nodes-base.httpRequest',
				typeVersion: 4.2,
				position: [200, 0],
				credentials: CRED,
				parameters: {
					method: 'GET',
					url: `${baseUrl}/company`,
					authentication: 'predefinedCredentialType',
					nodeCredentialType: CREDENTIAL_TYPE,
					options: {},
				},
			},
			{
				id: 'h3',
				name: 'By the node',
				type: NODE_TYPE,
				typeVersion: 1,
				position: [400, 0],
				credentials: CRED,
				executeOnce: true,
				parameters: { resource: 'company', operation: 'getCompany' },
			},
		],
		connections: {
			Start: { main: [[{ node: 'By n8n', type: 'main', index: 0 }]] },
			'By n8n': { main: [[{ node: 'By the node', type: 'main', index: 0 }]] },
		},
		settings: { executionOrder: 'v1' },
	};
}

const listWorkflow: Workflow = {
	id: 'dsE2eListAll0001',
	name: 'e2e: Return All and Limit',
	nodes: [
		{
			id: 'l1',
			name: 'Start',
			type: 'n8n-nodes-base.manualTrigger',
			typeVersion: 1,
			position: [0, 0],
			parameters: {},
		},
		{
			id: 'l2',
			name: 'All templates',
			type: NODE_TYPE,
			typeVersion: 1,
			position: [200, 0],
			credentials: CRED,
			parameters: { resource: 'template', operation: 'listTemplates', returnAll: true },
		},
		{
			id: 'l3',
			name: 'First three',
			type: NODE_TYPE,
			typeVersion: 1,
			position: [400, 0],
			credentials: CRED,
			executeOnce: true,
			parameters: { resource: 'template', operation: 'listTemplates', returnAll: false, limit: 3 },
		},
	],
	connections: {
		Start: { main: [[{ node: 'All templates', type: 'main', index: 0 }]] },
		'All templates': { main: [[{ node: 'First three', type: 'main', index: 0 }]] },
	},
	settings: { executionOrder: 'v1' },
};

/** A PDF read from disk by n8n's own file node, then uploaded to create a signing request. */
const PDF_FILE_NAME = 'Lease 2026.pdf';
const pdfWorkflow = (filesDir: string): Workflow => ({
	id: 'dsE2ePdfUpload01',
	name: 'e2e: create a signing request from a PDF on disk',
	nodes: [
		{
			id: 'p1',
			name: 'Start',
			type: 'n8n-nodes-base.manualTrigger',
			typeVersion: 1,
			position: [0, 0],
			parameters: {},
		},
		{
			id: 'p2',
			name: 'Read PDF',
			type: 'n8n-nodes-base.readWriteFile',
			typeVersion: 1.1,
			position: [200, 0],
			parameters: { operation: 'read', fileSelector: join(filesDir, PDF_FILE_NAME), options: {} },
		},
		{
			id: 'p3',
			name: 'Create from PDF',
			type: NODE_TYPE,
			typeVersion: 1,
			position: [400, 0],
			credentials: CRED,
			parameters: {
				resource: 'signingRequest',
				operation: 'createSigningRequest',
				source: 'pdf',
				binaryPropertyName: 'data',
				recipientsMode: 'fields',
				recipients: {
					recipient: [
						{
							ref: 'temp_1',
							first_name: 'Ada',
							last_name: 'Lovelace',
							email: 'ada@example.com',
							designation: 'Signer',
							order: 1,
						},
					],
				},
				fieldsMode: 'fields',
				fields: {
					field: [
						{
							type: 'signature',
							recipient_id: 'temp_1',
							page_number: 2,
							x: 10,
							y: 80,
							width: 25,
							height: 5,
							required: true,
						},
					],
				},
			},
		},
	],
	connections: {
		Start: { main: [[{ node: 'Read PDF', type: 'main', index: 0 }]] },
		'Read PDF': { main: [[{ node: 'Create from PDF', type: 'main', index: 0 }]] },
	},
	settings: { executionOrder: 'v1' },
});

/**
 * A trigger built as a new user builds it (default scope: company-wide) but with the credential
 * of earlier data folders of npm start: the protected workspace's own secret, which does not
 * verify company-level deliveries. Listening with it, the editor must show why nothing arrives.
 */
const WRONG_SECRET_WEBHOOK_ID = 'a0000000-0000-4000-8000-00000000beef';
const wrongSecretListener: Workflow = {
	id: 'dsE2eWrongSecret',
	name: 'e2e: listening with a secret that does not fit the scope',
	nodes: [
		{
			id: 'w1',
			name: 'Document Signing Trigger',
			type: TRIGGER_TYPE,
			typeVersion: 2,
			position: [0, 0],
			webhookId: WRONG_SECRET_WEBHOOK_ID,
			credentials: {
				documentSigningApi: { id: WORKSPACE_CREDENTIAL_ID, name: WORKSPACE_CREDENTIAL_NAME },
			},
			parameters: { events: ['signing_request.completed'] },
		},
		{
			id: 'w2',
			name: 'After the trigger',
			type: 'n8n-nodes-base.noOp',
			typeVersion: 1,
			position: [200, 0],
			parameters: {},
		},
	],
	connections: {
		'Document Signing Trigger': {
			main: [[{ node: 'After the trigger', type: 'main', index: 0 }]],
		},
	},
	settings: { executionOrder: 'v1' },
};

/** The items a node output in an `n8n execute --rawOutput` run. */
function nodeOutput(run: Json, node: string): Json[] {
	const resultData = (run.data?.resultData ?? run.resultData) as Json | undefined;
	const runs = resultData?.runData?.[node] as Json[] | undefined;
	if (!runs || runs.length === 0)
		throw new Error(
			`Node "${node}" did not run: ${JSON.stringify(Object.keys(resultData?.runData ?? {}))}`,
		);
	return (runs[runs.length - 1].data?.main?.[0] ?? []) as Json[];
}

/** The bytes of a binary in a run's output: inline (base64), or in n8n's file store (filesystem mode). */
function binaryBytes(binary: Json): Buffer {
	const id = String(binary.id ?? '');
	if (id.startsWith('filesystem-v2:')) {
		// n8n 2.x keeps binary files under <user folder>/.n8n/storage (N8N_STORAGE_PATH not set here).
		return readFileSync(join(userFolder, '.n8n', 'storage', id.slice('filesystem-v2:'.length)));
	}
	return Buffer.from(String(binary.data), 'base64');
}

async function execute(
	workflowId: string,
): Promise<{ code: number | null; run: Json; stdout: string }> {
	const result = await cli(inst, ['execute', `--id=${workflowId}`, '--rawOutput']);
	let run: Json = {};
	try {
		run = parseRawOutput(result.stdout);
	} catch {
		throw new Error(
			`n8n execute --id=${workflowId} printed no JSON (exit ${result.code}):\n${result.stdout}\n${result.stderr}`,
		);
	}
	// `n8n execute` prints the run's JSON only when the run succeeded. Under load, its process is
	// now and then ended by a signal afterwards, while it closes its database and expression engine
	// on the way out: that exit says nothing about the run, so the printed run decides.
	const resultData = (run.data as Json | undefined)?.resultData as Json | undefined;
	const endedAfterSuccess =
		result.code === null && result.signal != null && resultData !== undefined && !resultData.error;
	return { code: endedAfterSuccess ? 0 : result.code, run, stdout: result.stdout };
}

const until = waiter({ timeoutMs: 60_000, everyMs: 250 });
const api = <T = Json>(method: string, path: string, body?: unknown) =>
	sandboxApi<T>(sandbox.url, method, path, body);
/** A sent signing request from the demo template (one signer); returns its id and recipient id. */
const sentRequest = (name: string) => sendDemoRequest(sandbox.url, templateId, name);

beforeAll(async () => {
	({ sandbox, templateId, userFolder, inst } = await prepareN8n('n8n', {
		sandbox: { rateLimits: { ...UNTHROTTLED, secretRotation: 100_000 }, webhookRetryScale: 0.001 },
		env: (folder) => {
			filesDir = join(folder, 'files');
			mkdirSync(filesDir);
			writeFileSync(join(filesDir, PDF_FILE_NAME), uploadedPdf);
			return {
				N8N_RESTRICT_FILE_ACCESS_TO: filesDir,
				EXTERNAL_HOOK_FILES: writeStartRefusalHook(folder),
			};
		},
	}));
	// More than one page of templates for Return All (the node asks for 200 a page).
	for (let batch = 0; batch < 11; batch++) {
		await Promise.all(
			Array.from({ length: 20 }, (_, i) =>
				api('POST', '/templates', {
					name: `Bulk template ${batch * 20 + i + 1}`,
					document: Buffer.from(minimalPdf).toString('base64'),
				}),
			),
		);
	}
	examples = loadExamples();
	const workflows = [
		...Object.values(examples).map((wf) => withTemplate(wf, templateId)),
		errorPathWorkflow,
		listWorkflow,
		pdfWorkflow(filesDir),
		wrongSecretListener,
		authHeadersWorkflow(sandbox.url),
	];
	await importAll(
		inst,
		[sandboxCredential(sandbox.url, 'test'), sandboxWorkspaceCredential(sandbox.url, 'test')],
		workflows,
	);
}, 900_000);

afterAll(() => tearDown({ server, sandbox, userFolder }));

/**
 * An n8n external hook (EXTERNAL_HOOK_FILES) that makes n8n fail to create executions of the
 * workflows listed in <userFolder>/hooks/refuse-start (one id a line) — as a locked or unreachable
 * database does. `workflow.preExecute` runs before n8n creates the execution row; a throw there
 * means no execution. Without the file nothing is refused.
 */
function writeStartRefusalHook(folder: string): string {
	const dir = join(folder, 'hooks');
	mkdirSync(dir, { recursive: true });
	const file = join(dir, 'refuse-start.js');
	writeFileSync(
		file,
		[
			"const { existsSync, readFileSync } = require('fs');",
			"const list = require('path').join(__dirname, 'refuse-start');",
			'module.exports = {',
			'\tworkflow: {',
			'\t\tpreExecute: [',
			'\t\t\tasync function (workflow) {',
			'\t\t\t\tif (!existsSync(list)) return;',
			"\t\t\t\tif (readFileSync(list, 'utf8').split('\\n').includes(String(workflow.id)))",
			"\t\t\t\t\tthrow new Error('e2e: n8n could not create the execution');",
			'\t\t\t},',
			'\t\t],',
			'\t},',
			'};',
			'',
		].join('\n'),
	);
	return file;
}

/** Makes n8n fail to create executions of these workflows (none: back to normal). */
function refuseStarts(workflowIds: string[]): void {
	const list = join(userFolder, 'hooks', 'refuse-start');
	if (workflowIds.length === 0) rmSync(list, { force: true });
	else writeFileSync(list, workflowIds.join('\n'));
}

/** A tiny valid one-page PDF for bulk templates. */
const minimalPdf =
	'%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 612 792]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n';

describe('the package in n8n', () => {
	it('n8n export:nodes lists both nodes and the derived AI tool (no approval tool), with the credential', async () => {
		const file = join(userFolder, 'nodes.json');
		await cliOk(inst, ['export:nodes', `--output=${file}`]);
		const nodes = JSON.parse(readFileSync(file, 'utf8')) as Json[];
		const action = nodes.find((n) => n.name === NODE_TYPE);
		const trigger = nodes.find((n) => n.name === TRIGGER_TYPE);
		expect(action).toBeDefined();
		expect(trigger).toBeDefined();
		expect(action?.credentials).toEqual([expect.objectContaining({ name: CREDENTIAL_TYPE })]);
		expect(trigger?.credentials).toEqual([expect.objectContaining({ name: CREDENTIAL_TYPE })]);
		// usableAsTool: n8n derives an AI-agent tool from the action node.
		const tool = nodes.find((n) => n.name === `${NODE_TYPE}Tool`);
		expect(tool?.credentials).toEqual([expect.objectContaining({ name: CREDENTIAL_TYPE })]);
		// But no "Human in the Loop" approval tool (n8n makes one of a node with webhooks and an
		// operation named as its own send-and-wait ones): Send and Wait for Completion is not one.
		expect(nodes.filter((n) => String(n.name).startsWith(NODE_TYPE)).map((n) => n.name)).toEqual(
			expect.not.arrayContaining([`${NODE_TYPE}HitlTool`]),
		);
		expect(nodes.some((n) => /HitlTool$/.test(String(n.name)))).toBe(true);
		// The imported credential is there and decrypts to the sandbox settings.
		const exported = await cliOk(inst, [
			'export:credentials',
			`--id=${CREDENTIAL_ID}`,
			'--decrypted',
			`--output=${join(userFolder, 'cred.json')}`,
		]);
		expect(exported.code).toBe(0);
		const creds = JSON.parse(readFileSync(join(userFolder, 'cred.json'), 'utf8')) as Json[];
		expect(creds[0]).toMatchObject({
			id: CREDENTIAL_ID,
			type: CREDENTIAL_TYPE,
			data: { baseUrl: sandbox.url, keyToUse: 'test' },
		});
	});
});

describe('action workflows (n8n execute)', () => {
	it('example: create from template → send → signed by the sandbox → download gives a PDF (test key)', async () => {
		const wf = examples['send-from-template-and-wait'];
		sandbox.clearRequests();
		const running = execute(wf.id);
		// Sign it as soon as the node has sent it (the workflow polls with Wait → Get).
		const sentId = await until('the send call', () => {
			const send = sandbox.requests.find(
				(r) =>
					r.method === 'POST' && /\/signing-requests\/[^/]+\/send$/.test(r.path) && r.status < 300,
			);
			return send ? send.path.split('/')[2] : undefined;
		});
		sandbox.simulate.signAll(sentId);
		const { code, run } = await running;
		expect(code).toBe(0);

		const created = nodeOutput(run, 'Create from template')[0].json as Json;
		expect(created).toMatchObject({ id: sentId, key_mode: 'test', status: 'draft' });
		const downloaded = nodeOutput(run, 'Download signed PDF');
		expect(downloaded).toHaveLength(1);
		expect(downloaded[0].json).toMatchObject({
			status: 'completed',
			id: sentId,
			key_mode: 'test',
		});
		const binary = downloaded[0].binary.data as Json;
		expect(binary.mimeType).toBe('application/pdf');
		const bytes = binaryBytes(binary);
		expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
		expect(bytes.length).toBeGreaterThan(500);
		// Every API call went out with the test key.
		const keys = new Set(
			sandbox.requests.filter((r) => !r.path.startsWith('/_')).map((r) => r.headers.authorization),
		);
		expect([...keys]).toEqual([SEED.protectedWorkspace.testKey]);
	});

	it('example: bulk send creates and sends one request per listed recipient', async () => {
		const { code, run } = await execute(examples['bulk-send-from-list'].id);
		expect(code).toBe(0);
		const items = nodeOutput(run, 'Create and send').map((i) => i.json as Json);
		expect(items).toHaveLength(3);
		for (const item of items)
			expect(item).toMatchObject({ key_mode: 'test', status: 'in_progress' });
		const ids = items.map((i) => String(i.id));
		for (const id of ids) {
			const detail = await api<Json>('GET', `/signing-requests/${id}`);
			expect(detail.status).toMatchObject({ sent: true });
		}
		const emails = await Promise.all(
			ids.map(
				async (id) => (await api<Json>('GET', `/signing-requests/${id}/users`)).results[0].email,
			),
		);
		expect(emails.sort()).toEqual(['ada@example.com', 'alan@example.com', 'grace@example.com']);
	});

	it('error path: a 404 with "continue on fail" becomes an error item and the run succeeds', async () => {
		const { code, run } = await execute(errorPathWorkflow.id);
		expect(code).toBe(0);
		const items = nodeOutput(run, 'Get missing request');
		expect(items).toHaveLength(1);
		expect(JSON.stringify(items[0].json.error)).toMatch(/not found|404/i);
	});

	for (const mode of ['filesystem', 'database'] as const) {
		it(`a PDF read from disk is uploaded byte for byte (binary data mode "${mode}")`, async () => {
			sandbox.clearRequests();
			const result = await cli(
				{ ...inst, env: { ...inst.env, N8N_DEFAULT_BINARY_DATA_MODE: mode } },
				['execute', `--id=${pdfWorkflow(filesDir).id}`, '--rawOutput'],
			);
			const run = parseRawOutput(result.stdout);
			expect(result.code).toBe(0);
			const created = nodeOutput(run, 'Create from PDF');
			expect(created).toHaveLength(1);
			expect(created[0].json).toMatchObject({
				status: 'draft',
				name: 'Lease 2026',
				page_count: 2,
				key_mode: 'test',
			});
			const upload = sandbox.requests.filter(
				(r) => r.method === 'POST' && r.path === '/signing-requests',
			);
			expect(upload).toHaveLength(1);
			expect(
				Buffer.from(String((upload[0].body as Json).document), 'base64').equals(uploadedPdf),
			).toBe(true);
		});
	}

	it("the node sends the same Authorization and X-API-Version as n8n's own authenticate", async () => {
		sandbox.clearRequests();
		const { code } = await execute(authHeadersWorkflow(sandbox.url).id);
		expect(code).toBe(0);
		const calls = sandbox.requests.filter((r) => r.method === 'GET' && r.path === '/company');
		expect(calls).toHaveLength(2);
		const [byN8n, byNode] = calls.map((r) => r.headers);
		expect(byN8n.authorization).toBe(SEED.protectedWorkspace.testKey);
		expect(byNode.authorization).toBe(byN8n.authorization);
		expect(byNode['x-api-version']).toBe(byN8n['x-api-version']);
		expect(byN8n['x-api-version']).toBe('1');
	});

	it('Return All pages through more than 200 templates; Limit stops at 3', async () => {
		sandbox.clearRequests();
		const { code, run } = await execute(listWorkflow.id);
		expect(code).toBe(0);
		const all = nodeOutput(run, 'All templates');
		expect(all.length).toBe(221);
		expect(new Set(all.map((i) => i.json.id)).size).toBe(221);
		const pages = sandbox.requests.filter((r) => r.method === 'GET' && r.path === '/templates');
		expect(pages.length).toBeGreaterThanOrEqual(3); // two for Return All, one for Limit
		expect(pages[0].query.page_size).toBe('200');
		expect(
			pages.filter((r) => r.query.page_size === '200').map((r) => r.query.page ?? '1'),
		).toEqual(['1', '2']);
		expect(nodeOutput(run, 'First three')).toHaveLength(3);
	});
});

describe('trigger workflows (n8n start, webhooks from the sandbox)', () => {
	let cookie: string;
	const completedWf = () => examples['on-completed-download-signed-pdf'];
	const declinedWf = () => examples['on-declined-collect-reason'];

	async function executions(workflowId: string): Promise<Json[]> {
		const data = await rest<{ results: Json[] }>(
			inst,
			cookie,
			'GET',
			`/executions?filter=${encodeURIComponent(JSON.stringify({ workflowId }))}`,
		);
		return data.results.filter((e) => String(e.workflowId) === workflowId);
	}

	async function expectExecutions(workflowId: string, count: number): Promise<Json[]> {
		await sandbox.webhooks.flush();
		// Executions are saved a moment after the delivery was answered: wait for them, then a bit more
		// so that an extra (unwanted) one would show up too.
		let last: Json[] = [];
		const found = await until(
			`${count} executions of ${workflowId}`,
			async () => {
				last = await executions(workflowId);
				return last.length >= count &&
					last.every((e) => e.status !== 'running' && e.status !== 'new')
					? last
					: undefined;
			},
			120_000,
			() =>
				`executions: ${JSON.stringify(last)}\ndeliveries: ${JSON.stringify(sandbox.webhooks.deliveries.map((d) => [d.eventType, d.url, d.status, d.responseBody.slice(0, 200)]))}\nskipped: ${JSON.stringify(sandbox.webhooks.skipped)}`,
		);
		await new Promise((r) => setTimeout(r, 1500));
		const again = await executions(workflowId);
		expect(again).toHaveLength(count);
		return found;
	}

	function webhookUrl(wf: Workflow): string {
		const trigger = wf.nodes.find((n) => n.type === TRIGGER_TYPE) as Json;
		return `${inst.url}/webhook/${trigger.webhookId}/webhook`;
	}

	async function post(url: string, body: string, headers: Record<string, string>): Promise<number> {
		const response = await fetch(url, {
			method: 'POST',
			headers: { 'Content-Type': 'application/json', ...headers },
			body,
		});
		await response.text();
		return response.status;
	}

	/** The last delivery of an event type to a webhook URL. */
	function delivery(eventType: string, url: string) {
		const found = sandbox.webhooks.deliveries.filter(
			(d) => d.eventType === eventType && d.url === url,
		);
		if (found.length === 0) throw new Error(`No ${eventType} delivery to ${url}`);
		return found[found.length - 1];
	}

	beforeAll(async () => {
		await cliOk(inst, ['publish:workflow', `--id=${completedWf().id}`]);
		await cliOk(inst, ['publish:workflow', `--id=${declinedWf().id}`]);
		({ server, cookie } = await startWithOwner(inst));
	}, 300_000);

	it('activation registers one webhook per trigger at the sandbox (loopback http)', async () => {
		// The credential type is loaded: the editor's list of credential types has it.
		const typesResponse = await fetch(`${inst.url}/types/credentials.json`, {
			headers: { Cookie: cookie },
		});
		const types = (await typesResponse.json()) as Json[] | Json;
		const names = (Array.isArray(types) ? types : Object.values(types)).map((t: Json) => t.name);
		expect(names).toContain(CREDENTIAL_TYPE);
		const active = await until('two webhooks', () => {
			const live = sandbox.webhooks.records.filter((r) => !r.deleted_at);
			return live.length >= 2 ? live : undefined;
		});
		expect(active.map((r) => r.url).sort()).toEqual(
			[webhookUrl(completedWf()), webhookUrl(declinedWf())].sort(),
		);
		const byUrl = (wf: Workflow) => active.find((r) => r.url === webhookUrl(wf)) as Json;
		expect(byUrl(completedWf()).events).toEqual(['signing_request.completed']);
		expect(byUrl(declinedWf()).events).toEqual(['signing_request.recipient.declined']);
	});

	it("the editor's pickers: template list search (with a filter, and page 2 of 221) and a template's users", async () => {
		const picker = (path: string, body: Json) =>
			rest<Json>(inst, cookie, 'POST', `/dynamic-node-parameters/${path}`, {
				nodeTypeAndVersion: { name: NODE_TYPE, version: 1 },
				credentials: CRED,
				...body,
			});
		const templateParameters = (value: string, mode = 'id') => ({
			resource: 'template',
			operation: 'getTemplate',
			templateId: { __rl: true, mode, value },
		});
		const found = await picker('resource-locator-results', {
			path: 'parameters.templateId',
			methodName: 'searchTemplates',
			currentNodeParameters: templateParameters('', 'list'),
			filter: 'Service agreement',
		});
		expect(found.results).toEqual([{ name: 'Service agreement (demo)', value: templateId }]);
		const first = await picker('resource-locator-results', {
			path: 'parameters.templateId',
			methodName: 'searchTemplates',
			currentNodeParameters: templateParameters('', 'list'),
		});
		expect(first.results.length).toBeGreaterThan(1);
		expect(first.paginationToken).toBe('2');
		const second = await picker('resource-locator-results', {
			path: 'parameters.templateId',
			methodName: 'searchTemplates',
			currentNodeParameters: templateParameters('', 'list'),
			paginationToken: first.paginationToken,
		});
		const ids = new Set([...first.results, ...second.results].map((r: Json) => r.value));
		expect(ids.size).toBe(first.results.length + second.results.length);

		const users = await rest<Json[]>(inst, cookie, 'POST', '/dynamic-node-parameters/options', {
			nodeTypeAndVersion: { name: NODE_TYPE, version: 1 },
			credentials: CRED,
			path: 'parameters.fieldDetails.assigned_to_user_id',
			methodName: 'getTemplateUsers',
			currentNodeParameters: templateParameters(templateId),
		});
		expect(users).toEqual([
			expect.objectContaining({
				name: 'Signer One <signer@example.com> (Signer, order 1)',
				description: 'signer@example.com',
			}),
		]);
	});

	it("the editor's errors: an unknown template in the Template User picker, and the credential's Test with a Base URL where nothing answers", async () => {
		// The picker: n8n answers an error; the editor shows its message in the parameter's issues.
		const response = await fetch(`${inst.url}/rest/dynamic-node-parameters/options`, {
			method: 'POST',
			headers: { Cookie: cookie, 'Content-Type': 'application/json', 'browser-id': 'e2e' },
			body: JSON.stringify({
				nodeTypeAndVersion: { name: NODE_TYPE, version: 1 },
				credentials: CRED,
				path: 'parameters.recipients.recipient[0].template_user_id',
				methodName: 'getTemplateUsersOrOrder',
				currentNodeParameters: {
					resource: 'signingRequest',
					operation: 'createAndSendSigningRequest',
					source: 'template',
					templateId: byId(NO_SUCH_ID),
				},
			}),
		});
		expect(response.ok).toBe(false);
		expect(((await response.json()) as Json).message).toBe(
			`Template ${NO_SUCH_ID} was not found: check "Template" (it may have been deleted, or belong to a workspace this key cannot reach) [NOT_FOUND]`,
		);

		// The credential's Test button, with the values being edited (as the editor sends them).
		const test = async (baseUrl: string) =>
			await rest<Json>(inst, cookie, 'POST', '/credentials/test', {
				credentials: {
					id: CREDENTIAL_ID,
					name: 'Document Signing (sandbox)',
					type: CREDENTIAL_TYPE,
					data: sandboxCredential(baseUrl, 'test').data,
				},
			});
		const closed = await freePort();
		expect(await test(`http://127.0.0.1:${closed}`)).toEqual({
			status: 'Error',
			message: `Could not reach the service at http://127.0.0.1:${closed}: nothing answers at that address (connection refused) (ECONNREFUSED). Check "Base URL" in this credential: the API address of the service, with https:// (for the local sandbox, the http://127.0.0.1:… address that npm start or npm run sandbox printed). Also check that the machine running n8n can reach it (network, proxy, firewall).`,
		});
		expect(await test(sandbox.url)).toEqual({ status: 'OK', message: 'Connection successful' });
	});

	it("the schema preview: n8n serves every operation's output schema where the editor asks, with the fields a workflow maps", async () => {
		// The node description as the editor gets it: its resource and operation values are what
		// the editor puts in the URL (the node's parameters), with the version padded to x.y.z
		// (n8n-editor-ui 2.41.1: GET /schemas/<node type>/<x.y.z>/<resource>/<operation>.json,
		// without credentials).
		const typesResponse = await fetch(`${inst.url}/types/nodes.json`, {
			headers: { Cookie: cookie },
		});
		const node = ((await typesResponse.json()) as Json[]).find((t) => t.name === NODE_TYPE) as Json;
		expect(node.version).toBe(1);
		const properties = node.properties as Json[];
		const pairs = properties
			.filter((p) => p.name === 'operation')
			.flatMap((p) =>
				(p.displayOptions.show.resource as string[]).flatMap((resource) =>
					(p.options as Json[])
						.filter((o) => o.value !== '__CUSTOM_API_CALL__')
						.map((o) => ({ resource, operation: String(o.value) })),
				),
			);
		expect(pairs).toHaveLength(117);
		expect(pairs).toContainEqual({
			resource: 'signingRequest',
			operation: 'sendAndWaitForCompletion',
		});
		const installed = join(userFolder, '.n8n', 'nodes', 'node_modules', PACKAGE_NAME, 'dist');
		const served = new Map<string, Json>();
		const problems: string[] = [];
		for (const { resource, operation } of pairs) {
			const url = `${inst.url}/schemas/${NODE_TYPE}/1.0.0/${resource}/${operation}.json`;
			const response = await fetch(url);
			const text = await response.text();
			if (response.status !== 200 || !/json/.test(response.headers.get('content-type') ?? '')) {
				problems.push(`${resource}/${operation}: ${response.status} ${text.slice(0, 80)}`);
				continue;
			}
			const schema = JSON.parse(text) as Json;
			// What the editor accepts as a preview, and the file of the installed package.
			if (!isValidSchemaPreview(schema)) problems.push(`${resource}/${operation}: no preview`);
			const file = join(installed, 'nodes/DocumentSigning/__schema__/v1.0.0', resource);
			expect(schema).toEqual(JSON.parse(readFileSync(join(file, `${operation}.json`), 'utf8')));
			served.set(`${resource}/${operation}`, schema);
		}
		expect(problems).toEqual([]);

		// The fields the next node's input panel lists before the node has run.
		const fields = (key: string) => editorFields(served.get(key));
		const createAndSend = fields('signingRequest/createAndSendSigningRequest');
		expect(createAndSend.get('.id')).toBe('string');
		expect(createAndSend.get('.recipients[0].signing_link')).toBe('string');
		expect(createAndSend.get('.recipients[0].email')).toBe('string');
		const get = fields('signingRequest/getSigningRequest');
		expect(get.get('.status')).toBe('string');
		expect(get.get('.signed_document_url')).toBe('string');
		expect(fields('signingRequest/downloadSigningRequest').get('.download_url')).toBe('string');
		const list = fields('signingRequest/listSigningRequests');
		expect(list.get('.id')).toBe('string');
		expect(list.get('.recipients[0].email')).toBe('string');
		expect(fields('template/listTemplates').get('.name')).toBe('string');
		expect(fields('signingRequest/sendAndWaitForCompletion').get('.status')).toBe('string');

		// Nothing for an operation the node does not have, nor for the triggers (no __schema__).
		const missing = await fetch(
			`${inst.url}/schemas/${NODE_TYPE}/1.0.0/signingRequest/noSuchOperation.json`,
		);
		expect(missing.status).toBe(404);
		const trigger = await fetch(
			`${inst.url}/schemas/${TRIGGER_TYPE}/1.0.0/webhook/listWebhooks.json`,
		);
		expect(trigger.status).toBe(404);
	});

	it('a valid delivery starts exactly one execution, which downloads the signed PDF', async () => {
		const sr = await sentRequest('Completed via webhook');
		sandbox.simulate.signAll(sr.id);
		const [execution] = await expectExecutions(completedWf().id, 1);
		expect(execution.status).toBe('success');
		const detail = await rest<Json>(inst, cookie, 'GET', `/executions/${execution.id}`);
		expect(String(detail.data)).toContain(sr.id);
		expect(String(detail.data)).toContain('application/pdf');
		const sent = delivery('signing_request.completed', webhookUrl(completedWf()));
		expect(sent.status).toBe(200);
	});

	it('forged and replayed deliveries start nothing', async () => {
		const url = webhookUrl(completedWf());
		const sent = delivery('signing_request.completed', url);
		const now = Math.floor(Date.now() / 1000);
		// Forged: signed with a wrong secret, a new event id.
		const forgedBody = sent.body.replace(sent.eventId, 'evt_forged_0001');
		expect(
			await post(url, forgedBody, {
				'X-Service-Signature': signatureHeader('not-the-secret', now, forgedBody),
				'X-Service-Event': sent.eventType,
			}),
		).toBe(401);
		// Altered: the real signature over a changed body.
		expect(
			await post(url, forgedBody, {
				'X-Service-Signature':
					sent.headers['X-Service-Signature'] ?? sent.headers['x-service-signature'],
			}),
		).toBe(401);
		// Replayed: the exact delivery again (same event id, valid signature) → acknowledged, no execution.
		expect(await post(url, sent.body, sent.headers)).toBe(200);
		// Stale: a correct signature from 10 minutes ago.
		const stale = sent.body.replace(sent.eventId, 'evt_stale_0001');
		expect(
			await post(url, stale, {
				'X-Service-Signature': signatureHeader(WEBHOOK_SECRETS.company, now - 600, stale),
			}),
		).toBe(401);
		await expectExecutions(completedWf().id, 1);
	});

	it('a decline starts the decline workflow, which collects the reason', async () => {
		const sr = await sentRequest('Declined via webhook');
		sandbox.simulate.decline(sr.id, sr.recipientId, 'The amount is wrong');
		const [execution] = await expectExecutions(declinedWf().id, 1);
		expect(execution.status).toBe('success');
		const detail = await rest<Json>(inst, cookie, 'GET', `/executions/${execution.id}`);
		expect(String(detail.data)).toContain('The amount is wrong');
		// The completion workflow did not run for it.
		await expectExecutions(completedWf().id, 1);
	});

	it('after a secret rotation, deliveries verified by X-Service-Signature-Old still start the workflow', async () => {
		sandbox.webhooks.rotateSecret('company', { ignoreCooldown: true });
		const sr = await sentRequest('Completed after rotation');
		sandbox.simulate.signAll(sr.id);
		await expectExecutions(completedWf().id, 2);
		const sent = delivery('signing_request.completed', webhookUrl(completedWf()));
		const names = Object.keys(sent.headers).map((h) => h.toLowerCase());
		expect(names).toContain('x-service-signature-old');
		expect(sent.status).toBe(200);
	});

	// The trigger records an event id once n8n created the execution, just before n8n saves the
	// static data and answers (see receive.ts); the id is in the database when the answer arrives.
	it('deduplication holds across an n8n restart', async () => {
		const url = webhookUrl(completedWf());
		const sent = delivery('signing_request.completed', url);
		// The accepted event ids are kept in the workflow's static data (saved in n8n's database).
		const saved = await rest<Json>(inst, cookie, 'GET', `/workflows/${completedWf().id}`);
		expect(JSON.stringify(saved.staticData ?? {})).toContain(sent.eventId);
		await server?.stop();
		server = await startServer(inst);
		cookie = await login(inst);
		// The same event again, freshly signed with the credential's secret (as a retry would be).
		const now = Math.floor(Date.now() / 1000);
		const status = await post(url, sent.body, {
			'X-Service-Signature': signatureHeader(WEBHOOK_SECRETS.company, now, sent.body),
			'X-Service-Event': sent.eventType,
			'X-Service-Delivery': 'dlv_after_restart',
		});
		expect(status).toBe(200);
		await expectExecutions(completedWf().id, 2);
		// A new event is still accepted after the restart.
		const fresh = sent.body.split(sent.eventId).join('evt_after_restart_0001');
		expect(
			await post(url, fresh, {
				'X-Service-Signature': signatureHeader(WEBHOOK_SECRETS.company, now, fresh),
			}),
		).toBe(200);
		await expectExecutions(completedWf().id, 3);
	});

	it('n8n cannot create the execution: 503 with Retry-After, nothing remembered, the retry runs once', async () => {
		const url = webhookUrl(completedWf());
		const sent = delivery('signing_request.completed', url);
		const before = (await executions(completedWf().id)).length;
		const body = sent.body.split(sent.eventId).join('evt_refused_start_0001');
		const signed = () => ({
			'X-Service-Signature': signatureHeader(
				WEBHOOK_SECRETS.company,
				Math.floor(Date.now() / 1000),
				body,
			),
			'X-Service-Event': sent.eventType,
		});
		refuseStarts([completedWf().id]);
		let refused: Response;
		try {
			refused = await fetch(url, {
				method: 'POST',
				headers: { 'Content-Type': 'application/json', ...signed() },
				body,
			});
			await refused.text();
		} finally {
			refuseStarts([]);
		}
		expect(refused.status).toBe(503);
		expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
		await expectExecutions(completedWf().id, before);
		const saved = await rest<Json>(inst, cookie, 'GET', `/workflows/${completedWf().id}`);
		expect(JSON.stringify(saved.staticData ?? {})).not.toContain('evt_refused_start_0001');

		// The service's retry: started now, answered 200 once the execution exists.
		const retry = await fetch(url, {
			method: 'POST',
			headers: { 'Content-Type': 'application/json', ...signed() },
			body,
		});
		expect(retry.status).toBe(200);
		expect(await retry.json()).toEqual({ received: true, event_id: 'evt_refused_start_0001' });
		await expectExecutions(completedWf().id, before + 1);
		const after = await rest<Json>(inst, cookie, 'GET', `/workflows/${completedWf().id}`);
		expect(JSON.stringify(after.staticData ?? {})).toContain('evt_refused_start_0001');
		// A further copy is a duplicate.
		expect(await post(url, body, signed())).toBe(200);
		await expectExecutions(completedWf().id, before + 1);
	});

	it('deactivating a workflow removes its webhook at the sandbox', async () => {
		await rest(inst, cookie, 'POST', `/workflows/${declinedWf().id}/deactivate`, {});
		await until('the webhook to be deleted', () => {
			const record = sandbox.webhooks.records.find((r) => r.url === webhookUrl(declinedWf()));
			return record?.deleted_at ? record : undefined;
		});
		const live = sandbox.webhooks.records.filter((r) => !r.deleted_at).map((r) => r.url);
		expect(live).toEqual([webhookUrl(completedWf())]);
	});

	it('listening with a secret that does not fit the scope: the delivery is refused (401) and the editor shows why', async () => {
		const trigger = wrongSecretListener.nodes[0];
		const testUrl = `${inst.url}/webhook-test/${WRONG_SECRET_WEBHOOK_ID}/webhook`;
		const started = await rest<Json>(
			inst,
			cookie,
			'POST',
			`/workflows/${wrongSecretListener.id}/run`,
			{ triggerToStartFrom: { name: trigger.name } },
		);
		expect(started).toMatchObject({ waitingForWebhook: true });
		// The service pings a new webhook at once, signed with the company secret: refused.
		const ping = await until('the creation ping', () =>
			sandbox.webhooks.deliveries.find(
				(d) => d.url === testUrl && d.eventType === 'webhook.test' && d.status !== null,
			),
		);
		expect(ping.status).toBe(401);
		expect(JSON.parse(ping.responseBody)).toEqual({
			error: 'Invalid signature',
			code: 'signature_mismatch',
		});

		// What the editor shows: the listening run, failed on the trigger with the reason.
		const [run] = await until('the editor run', async () => {
			const found = await executions(wrongSecretListener.id);
			return found.length > 0 && found.every((e) => e.status !== 'running' && e.status !== 'new')
				? found
				: undefined;
		});
		expect(run).toMatchObject({ mode: 'manual', status: 'error' });
		const detail = await rest<Json>(inst, cookie, 'GET', `/executions/${run.id}`);
		const data = unflatten(String(detail.data)) as Json;
		const message = `Document Signing Trigger refused a delivery: its signature does not match the "Webhook Signing Secret" of credential "${WORKSPACE_CREDENTIAL_NAME}"`;
		expect(data.resultData.error).toMatchObject({ message, name: 'NodeOperationError' });
		expect(data.resultData.error.description).toContain(
			'This trigger has a company-level webhook (Scope "Company (All Workspaces)"): the service signs its deliveries with the company\'s webhook secret.',
		);
		expect(data.resultData.lastNodeExecuted).toBe(trigger.name);
		// The node view: the trigger failed with that error; nothing after it ran.
		expect(Object.keys(data.resultData.runData)).toEqual([trigger.name]);
		expect(data.resultData.runData[trigger.name][0]).toMatchObject({
			executionStatus: 'error',
			error: { message },
		});
		// n8n stopped listening, and the trigger removed the test webhook at the service.
		await until('the test webhook to be deleted', () => {
			const record = sandbox.webhooks.records.find((r) => r.url === testUrl);
			return record?.deleted_at ? record : undefined;
		});
		// The 401 was the only answer: n8n's own answer to the thrown error was dropped (Express
		// would otherwise throw ERR_HTTP_HEADERS_SENT and destroy the socket).
		expect(server?.output() ?? '').not.toContain('ERR_HTTP_HEADERS_SENT');
		// Another delivery to the test URL now finds nothing listening.
		const late = await fetch(testUrl, { method: 'POST', body: '{}' });
		expect(late.status).toBe(404);
		expect(await executions(wrongSecretListener.id)).toHaveLength(1);
	});

	// Last: a real event here also reaches the active workflow, which would change the counts above.
	it('"Listen for test event": the test URL is registered, the creation ping does not end it, a real event does', async () => {
		const trigger = completedWf().nodes.find((n) => n.type === TRIGGER_TYPE) as Json;
		const testUrl = `${inst.url}/webhook-test/${trigger.webhookId}/webhook`;
		const started = await rest<Json>(inst, cookie, 'POST', `/workflows/${completedWf().id}/run`, {
			triggerToStartFrom: { name: trigger.name },
		});
		expect(started).toMatchObject({ waitingForWebhook: true });
		const record = await until('the test webhook at the sandbox', () =>
			sandbox.webhooks.records.find((r) => r.url === testUrl && !r.deleted_at),
		);
		expect(record.events).toEqual(['signing_request.completed']);
		// The service's creation ping is acknowledged without ending the listening.
		const ping = await until('the creation ping', () =>
			sandbox.webhooks.deliveries.find(
				(d) => d.url === testUrl && d.eventType === 'webhook.test' && d.status !== null,
			),
		);
		expect(ping.status).toBe(200);
		expect(ping.responseBody).toContain('test_delivery');
		await new Promise((r) => setTimeout(r, 1000));
		expect((await executions(completedWf().id)).filter((e) => e.mode === 'manual')).toHaveLength(0);
		expect(sandbox.webhooks.records.find((r) => r.id === record.id)?.deleted_at ?? null).toBeNull();

		// A real completion reaches the listening editor run (and the active workflow).
		const sr = await sentRequest('Completed while listening');
		sandbox.simulate.signAll(sr.id);
		const manual = await until('a manual execution', async () => {
			const found = (await executions(completedWf().id)).filter((e) => e.mode === 'manual');
			return found.length > 0 && found.every((e) => e.status !== 'running' && e.status !== 'new')
				? found
				: undefined;
		});
		expect(manual).toHaveLength(1);
		expect(manual[0].status).toBe('success');
		const detail = await rest<Json>(inst, cookie, 'GET', `/executions/${manual[0].id}`);
		expect(String(detail.data)).toContain(sr.id);
		// n8n stops listening after that run, and the trigger removes the test webhook at the service.
		await until(
			'the test webhook to be deleted',
			() => sandbox.webhooks.records.find((r) => r.id === record.id)?.deleted_at ?? undefined,
		);
	});
});
