/**
 * What `npm start` and the e2e tests set up around a sandbox: a demo template, the credential
 * pointing at the sandbox, and the example workflows, imported into an n8n user folder; for the e2e
 * suites also the start (prepareN8n) and the end (tearDown) they share.
 */
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'fs';
import { tmpdir } from 'os';
import { join } from 'path';

import { SEED, WEBHOOK_SECRETS, startSandbox, type Sandbox, type SandboxOptions } from '../sandbox';
import { Receiver, TEMPLATE_PEOPLE } from '../sandbox/fixtures';
import { simplePdf } from '../sandbox/signing/pdf';
import {
	cliOk,
	freePort,
	installPackage,
	instance,
	REPO_ROOT,
	TRIGGER_TYPE,
	type Instance,
	type Server,
} from './n8n';
import { ensureRuntime, type Runtime } from './runtime';

export const EXAMPLES_DIR = join(REPO_ROOT, 'examples');
/** The credential id the example workflows refer to. */
export const CREDENTIAL_ID = 'dsSandboxCred001';
export const CREDENTIAL_NAME = 'Document Signing (sandbox)';
export const TEMPLATE_PLACEHOLDER = 'REPLACE_WITH_TEMPLATE_ID';
/** The example "catch up after an n8n restart" (examples/catch-up-after-restart.json). */
export const CATCH_UP_EXAMPLE_ID = 'dsExCatchUpAfter';

export type Workflow = {
	id: string;
	name: string;
	nodes: Array<
		Record<string, unknown> & { name: string; type: string; parameters: Record<string, unknown> }
	>;
	connections: Record<string, unknown>;
	[key: string]: unknown;
};

/** The example workflows, by file name (without .json). */
export function loadExamples(): Record<string, Workflow> {
	const result: Record<string, Workflow> = {};
	for (const file of readdirSync(EXAMPLES_DIR)
		.filter((f) => f.endsWith('.json'))
		.sort()) {
		result[file.replace(/\.json$/, '')] = JSON.parse(
			readFileSync(join(EXAMPLES_DIR, file), 'utf8'),
		) as Workflow;
	}
	return result;
}

/** A call of the sandbox API with the protected workspace's key; the answer's JSON. */
export async function sandboxApi<T = Record<string, any>>(
	baseUrl: string,
	method: string,
	path: string,
	body?: unknown,
	key = SEED.protectedWorkspace.testKey,
): Promise<T> {
	const response = await fetch(`${baseUrl}${path}`, {
		method,
		headers: { Authorization: key, 'Content-Type': 'application/json' },
		body: body === undefined ? undefined : JSON.stringify(body),
	});
	const text = await response.text();
	if (!response.ok) throw new Error(`${method} ${path} → ${response.status} ${text}`);
	return (text ? JSON.parse(text) : {}) as T;
}

/** A one-page template with one signer role (order 1) and a signature field for it. */
export async function createDemoTemplate(
	baseUrl: string,
	name = 'Service agreement (demo)',
): Promise<string> {
	const template = await sandboxApi<{ id: string }>(baseUrl, 'POST', '/templates', {
		name,
		document: simplePdf(name, 1, ['This agreement is signed in the local sandbox.']).toString(
			'base64',
		),
	});
	await sandboxApi(baseUrl, 'PUT', `/templates/${template.id}`, {
		users: [TEMPLATE_PEOPLE.signer],
	});
	const users = (
		await sandboxApi<{ results: Array<{ id: string }> }>(
			baseUrl,
			'GET',
			`/templates/${template.id}/users`,
		)
	).results;
	await sandboxApi(baseUrl, 'PUT', `/templates/${template.id}`, {
		fields: [
			{
				type: 'signature',
				x: 10,
				y: 70,
				width: 30,
				height: 5,
				page: 1,
				required: true,
				assigned_to_user_id: users[0].id,
			},
		],
	});
	return template.id;
}

/**
 * The credential (n8n import format, data in plain text: n8n encrypts it on import): the protected
 * workspace's keys and the company's webhook secret, which serve the trigger's default scope
 * (company-wide), Send and Wait (a company-level webhook) and every example.
 */
export function sandboxCredential(
	baseUrl: string,
	keyToUse: 'live' | 'test' = 'test',
	id = CREDENTIAL_ID,
	name = CREDENTIAL_NAME,
) {
	return {
		id,
		name,
		type: 'documentSigningApi',
		data: {
			baseUrl,
			keyToUse,
			liveApiKey: SEED.protectedWorkspace.liveKey,
			testApiKey: SEED.protectedWorkspace.testKey,
			apiVersion: 1,
			webhookSigningSecret: WEBHOOK_SECRETS.company,
		},
	};
}

/**
 * The same sandbox account with the protected workspace's own webhook signing secret: with it,
 * Send and Wait registers a webhook of the request's workspace (signed with that workspace's
 * secret), and a company-wide trigger refuses every delivery (signed with the company secret).
 * Earlier versions of npm start imported it (for Send and Wait, which always used a workspace
 * webhook then); now one credential serves everything and npm start retires this one (start.ts). The tests use it
 * for the workspace path and for a credential whose secret does not fit the trigger's scope.
 */
export const WORKSPACE_CREDENTIAL_ID = 'dsSandboxCredWs1';
export const WORKSPACE_CREDENTIAL_NAME = 'Document Signing (sandbox, workspace webhooks)';
export function sandboxWorkspaceCredential(baseUrl: string, keyToUse: 'live' | 'test' = 'test') {
	const credential = sandboxCredential(
		baseUrl,
		keyToUse,
		WORKSPACE_CREDENTIAL_ID,
		WORKSPACE_CREDENTIAL_NAME,
	);
	credential.data.webhookSigningSecret = WEBHOOK_SECRETS.workspaces[SEED.protectedWorkspace.id];
	return credential;
}

/** Example workflows with the demo template filled in. */
export function withTemplate(workflow: Workflow, templateId: string): Workflow {
	return JSON.parse(
		JSON.stringify(workflow).split(TEMPLATE_PLACEHOLDER).join(templateId),
	) as Workflow;
}

/**
 * Imports credentials and workflows in (at most) two CLI calls (each n8n CLI start costs seconds):
 * files are written to <userFolder>/import/. The workflows of `publish` (ids) are then published,
 * so that n8n activates them when it starts.
 */
export async function importAll(
	inst: Instance,
	credentials: ReturnType<typeof sandboxCredential>[],
	workflows: Workflow[],
	publish: string[] = [],
): Promise<void> {
	const dir = join(inst.options.userFolder, 'import');
	mkdirSync(dir, { recursive: true });
	if (credentials.length > 0) {
		const credFile = join(dir, 'credentials.json');
		writeFileSync(credFile, JSON.stringify(credentials, null, 2));
		await cliOk(inst, ['import:credentials', `--input=${credFile}`]);
	}
	if (workflows.length === 0) return;
	// One call for all of them: --separate imports every .json file of the folder.
	const fresh = join(dir, `batch-${Date.now()}`);
	mkdirSync(fresh);
	for (const wf of workflows)
		writeFileSync(join(fresh, `${wf.id}.json`), JSON.stringify(wf, null, 2));
	await cliOk(inst, ['import:workflow', '--separate', `--input=${fresh}`]);
	for (const id of publish) await cliOk(inst, ['publish:workflow', `--id=${id}`]);
}

/** A draft signing request from the demo template (one signer): its id and its recipient's id. */
export async function createDemoDraft(
	baseUrl: string,
	templateId: string,
	name: string,
): Promise<{ id: string; recipientId: string }> {
	const created = await sandboxApi<{ id: string; recipients: Array<{ id: string }> }>(
		baseUrl,
		'POST',
		'/signing-requests',
		{
			template_id: templateId,
			name,
			recipients: [{ order: 1, first_name: 'Eve', last_name: 'Example', email: 'eve@example.com' }],
		},
	);
	return { id: String(created.id), recipientId: String(created.recipients[0].id) };
}

/** A sent signing request from the demo template (one signer): its id and its recipient's id. */
export async function sendDemoRequest(
	baseUrl: string,
	templateId: string,
	name: string,
): Promise<{ id: string; recipientId: string }> {
	const draft = await createDemoDraft(baseUrl, templateId, name);
	await sandboxApi(baseUrl, 'POST', `/signing-requests/${draft.id}/send`);
	return draft;
}

/** Sandbox limits no e2e suite reaches (a suite that tests a limit sets its own). */
export const UNTHROTTLED = {
	read: 100_000,
	write: 100_000,
	webhook: 100_000,
	webhookTest: 100_000,
};

/** What an e2e suite starts from (prepareN8n); n8n is not started yet. */
export interface E2eSetup {
	rt: Runtime;
	sandbox: Sandbox;
	/** The demo template (createDemoTemplate) in the sandbox. */
	templateId: string;
	userFolder: string;
	inst: Instance;
}

/**
 * The start of every e2e suite: n8n and its Node from the cache folder (runtime.ts), a sandbox
 * with the demo template, and a fresh n8n user folder (ds-e2e-<name>-…) with the built package
 * installed, on free ports. `env(userFolder)`: more environment for n8n. The suite then imports its
 * credentials and workflows (importAll) and starts n8n (startServer, or startWithOwner for REST
 * calls); at its end, tearDown.
 */
export async function prepareN8n(
	name: string,
	options: {
		sandbox?: SandboxOptions;
		templateName?: string;
		env?: (userFolder: string) => NodeJS.ProcessEnv;
	} = {},
): Promise<E2eSetup> {
	const rt = ensureRuntime((line) => process.stdout.write(`${line}\n`));
	const sandbox = await startSandbox(options.sandbox);
	try {
		const templateId = await createDemoTemplate(sandbox.url, options.templateName);
		const userFolder = mkdtempSync(join(tmpdir(), `ds-e2e-${name}-`));
		installPackage(userFolder);
		const inst = instance(rt, {
			userFolder,
			port: await freePort(),
			brokerPort: await freePort(),
			env: options.env?.(userFolder),
		});
		return { rt, sandbox, templateId, userFolder, inst };
	} catch (error) {
		await sandbox.close();
		throw error;
	}
}

/**
 * The end of an e2e suite: n8n stopped, the sandbox closed, the user folder removed (E2E_KEEP=1
 * keeps it).
 */
export async function tearDown(parts: {
	server?: Server;
	sandbox?: Sandbox;
	userFolder?: string;
}): Promise<void> {
	await parts.server?.stop();
	await parts.sandbox?.close();
	if (parts.userFolder && process.env.E2E_KEEP !== '1')
		rmSync(parts.userFolder, { recursive: true, force: true });
}

/** Where the "Report" nodes of e2e workflows post. */
export interface ReportReceiver {
	url: string;
	close: () => Promise<void>;
}

/** A receiver (the sandbox fixtures' Receiver) pushing each JSON body posted to it onto `reports`. */
export async function startReportReceiver(
	reports: Array<Record<string, any>>,
): Promise<ReportReceiver> {
	const receiver = await new Receiver(({ body }) => {
		try {
			reports.push(JSON.parse(body) as Record<string, any>);
		} catch {
			reports.push({ unparsed: body });
		}
	}).start();
	return { url: receiver.url, close: () => receiver.stop() };
}

/** A "Report" node (HTTP Request) posting the JSON `body` (an n8n expression) to `url`. */
export function reportNode(url: string, id: string, position: [number, number], body: string) {
	return {
		id,
		name: 'Report',
		type: 'n8n-nodes-base.httpRequest',
		typeVersion: 4.2,
		position,
		parameters: {
			method: 'POST',
			url,
			sendBody: true,
			specifyBody: 'json',
			jsonBody: body,
			options: {},
		},
	};
}

/**
 * The Send-and-Wait example made for a headless run: its manual start becomes a Webhook node (POST
 * at `path`), the request's name comes from the call's body (so each run can be found at the
 * sandbox), `sendAndWait` changes the Send-and-Wait node, and a "Report" node posting `report` (an
 * expression) to `reportUrl` runs first after it (before "Stop: not signed" can end the run).
 */
export function sendAndWaitForE2e(
	example: Workflow,
	options: {
		id: string;
		name: string;
		path: string;
		webhookId: string;
		reportUrl: string;
		report: string;
		sendAndWait: (node: Workflow['nodes'][number]) => Workflow['nodes'][number];
	},
): Workflow {
	const wf = JSON.parse(JSON.stringify(example)) as Workflow;
	wf.id = options.id;
	wf.name = options.name;
	wf.nodes = wf.nodes.map((node) => {
		if (node.name === 'Start') {
			return {
				id: node.id,
				name: 'Start',
				type: 'n8n-nodes-base.webhook',
				typeVersion: 2,
				position: node.position,
				webhookId: options.webhookId,
				parameters: {
					httpMethod: 'POST',
					path: options.path,
					responseMode: 'onReceived',
					options: {},
				},
			};
		}
		if (node.name === 'Document to send') {
			const set = JSON.parse(JSON.stringify(node)) as Record<string, any>;
			for (const a of set.parameters.assignments.assignments as Array<Record<string, unknown>>)
				if (a.name === 'name') a.value = '={{ $json.body.name }}';
			return set as typeof node;
		}
		if (node.name === 'Send and wait for completion') return options.sendAndWait(node);
		return node;
	});
	wf.nodes.push(
		reportNode(
			options.reportUrl,
			'e2e00000-0000-4000-8000-0000000000ff',
			[880, 100],
			options.report,
		) as Workflow['nodes'][number],
	);
	// First in the branch (v1 order runs branches top to bottom).
	(wf.connections as Record<string, any>)['Send and wait for completion'].main[0].unshift({
		node: 'Report',
		type: 'main',
		index: 0,
	});
	return wf;
}

/**
 * The example "catch up after an n8n restart" with its Schedule Trigger every 10 seconds instead of
 * every minute (the only change), so that the tests need not wait a minute after each start.
 */
export function catchUpEveryTenSeconds(example: Workflow): Workflow {
	const wf = JSON.parse(JSON.stringify(example)) as Workflow;
	const schedule = wf.nodes.find((n) => n.type === 'n8n-nodes-base.scheduleTrigger');
	if (!schedule) throw new Error(`${wf.name} has no Schedule Trigger`);
	schedule.parameters.rule = { interval: [{ field: 'seconds', secondsInterval: 10 }] };
	return wf;
}

/**
 * A company-wide Document Signing Trigger (version 2, the credential of the examples) for `events`
 * → a "Report" node posting each event it starts to `reportUrl`: `{kind: "trigger", id, type,
 * source, request}` (request: the signing request's id).
 */
export function reportingTriggerWorkflow(options: {
	id: string;
	name: string;
	triggerName: string;
	webhookId: string;
	/** The node ids of the trigger and the Report node. */
	nodeIds: [string, string];
	events: string[];
	reportUrl: string;
}): Workflow {
	return {
		id: options.id,
		name: options.name,
		nodes: [
			{
				id: options.nodeIds[0],
				name: options.triggerName,
				type: TRIGGER_TYPE,
				typeVersion: 2,
				position: [0, 0],
				webhookId: options.webhookId,
				credentials: { documentSigningApi: { id: CREDENTIAL_ID, name: CREDENTIAL_NAME } },
				parameters: { scope: 'company', events: options.events, options: {} },
			},
			reportNode(
				options.reportUrl,
				options.nodeIds[1],
				[220, 0],
				'={{ JSON.stringify({ kind: "trigger", id: $json.id, type: $json.type, source: $json.source, request: $json.data.signing_request ? $json.data.signing_request.id : $json.data.signing_request_id }) }}',
			) as Workflow['nodes'][number],
		],
		connections: {
			[options.triggerName]: { main: [[{ node: 'Report', type: 'main', index: 0 }]] },
		},
		settings: { executionOrder: 'v1' },
	};
}

/** What reportingTriggerWorkflow's Report node posts for an event the trigger's catch-up started. */
export function caughtUpReport(type: string, id: string, request: string) {
	return { kind: 'trigger', id, type, source: 'catch-up', request };
}
