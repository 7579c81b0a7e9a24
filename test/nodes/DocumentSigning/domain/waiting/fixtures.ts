/**
 * The fixtures of the waiting machinery's specs (nodes/DocumentSigning/domain/waiting): `WaitRig`, a
 * small stand-in for the parts of n8n around Send and Wait for Completion, built on the harness's
 * real run (n8n-core's WorkflowExecute: `putExecutionToWait`, the resume token) and n8n-core's real
 * `WebhookContext`, with a real HTTP server on 127.0.0.1 as n8n's public address:
 *  - runs of the node (`start`) in a workflow that is published or not, with the static data n8n
 *    would load for it (the harness's run never saves it: n8n saves a run's static data only when
 *    it changed, and the operation only reads it);
 *  - the router (`POST /webhook/document-signing-send-and-wait/<workflow>/<node>`, only while the
 *    workflow is published): a WebhookContext of the `setup` webhook over the saved static data,
 *    loaded for each call and saved after it when it changed, before n8n answers, as
 *    live-webhooks.js does;
 *  - the resume URLs (`POST /webhook-waiting/<execution>/<node>`): the token checked (401), 404 for
 *    an unknown execution, 409 "running already" before the run ended, 409 "finished" after an end,
 *    as waiting-webhooks.js; a WebhookContext of the `default` webhook, and an end recorded once the
 *    node returns workflow data; 503 "Database is not ready!" while `unavailableCalls` says so.
 * Every call into this "n8n" is recorded (`calls`), so a spec counts what one event costs.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';

import { HookContext, WebhookContext } from 'n8n-core';
import type {
	IDataObject,
	INode,
	INodeExecutionData,
	INodeParameters,
	INodeTypes,
	IWebhookData,
	IWorkflowExecuteAdditionalData,
} from 'n8n-workflow';
import { deepCopy, Workflow } from 'n8n-workflow';

import { DocumentSigningApi } from '../../../../../credentials/DocumentSigningApi.credentials';
import { DocumentSigning } from '../../../../../nodes/DocumentSigning/DocumentSigning.node';
import {
	forgetRouters,
	forgetWorkspaceReads,
	hub,
} from '../../../../../nodes/DocumentSigning/domain/waiting';
import { resetRateLimiters } from '../../../../../nodes/shared/transport';
import { forgetSecrets } from '../../../../../nodes/shared/verifyWithCredential';
import {
	HarnessCredentialsHelper,
	type CredentialsInput,
} from '../../../../helpers/credentials-helper';
import { runNode, type RunNodeResult } from '../../../../helpers/n8n';
import { ensureEnvironment } from '../../../../helpers/n8n-env';
import { checkOutput } from '../../../../kit/outputs';
import { SEED, WEBHOOK_SECRETS, startSandbox, type Sandbox } from '../../../../sandbox';
import { createDraft, ok } from '../../../../sandbox/fixtures';

export { SEED, WEBHOOK_SECRETS, ok, createDraft };

export const NODE_TYPE = 'n8n-nodes-document-signing.documentSigning';
export const NODE_NAME = 'Send and wait';
export const NODE_ID = 'saw-node';
export const P = SEED.protectedWorkspace;
export const SALES = SEED.workspaces[0];

/** One node type for the file, as n8n builds a node type once. */
export const documentSigning = new DocumentSigning();

/** The credential with the company's secret and the protected workspace's key (company webhooks). */
export function companyCredentials(
	sandbox: Sandbox,
	overrides: IDataObject = {},
): CredentialsInput {
	return {
		documentSigningApi: {
			baseUrl: sandbox.url,
			keyToUse: 'test',
			testApiKey: P.testKey,
			liveApiKey: P.liveKey,
			apiVersion: 1,
			webhookSigningSecret: WEBHOOK_SECRETS.company,
			...overrides,
		},
	};
}

/** The credential with the Sales workspace's key and its own secret (workspace webhooks). */
export function salesCredentials(sandbox: Sandbox, overrides: IDataObject = {}): CredentialsInput {
	return {
		documentSigningApi: {
			baseUrl: sandbox.url,
			keyToUse: 'test',
			testApiKey: SALES.testKey,
			liveApiKey: SALES.liveKey,
			apiVersion: 1,
			webhookSigningSecret: WEBHOOK_SECRETS.workspaces[SALES.id],
			...overrides,
		},
	};
}

export function parameters(id: string, extra: IDataObject = {}): INodeParameters {
	return {
		resource: 'signingRequest',
		operation: 'sendAndWaitForCompletion',
		signingRequestId: { __rl: true, mode: 'id', value: id },
		timeLimitAmount: 2,
		timeLimitUnit: 'hours',
		...extra,
	} as INodeParameters;
}

export interface Execution {
	id: string;
	token: string;
	request: string;
	status: 'waiting' | 'running' | 'finished';
	/** What the node output when it ended (one per end: more than one is a bug). */
	ends: INodeExecutionData[][];
	result: RunNodeResult;
}

export interface Call {
	kind: 'router' | 'waiting' | 'other';
	path: string;
	status: number;
	body: unknown;
}

export class WaitRig {
	readonly executions = new Map<string, Execution>();
	readonly calls: Call[] = [];
	/** What the node wrote to n8n's log in webhook calls (warnings). */
	readonly warnings: string[] = [];
	/** The workflow's static data as n8n's database holds it. */
	saved: IDataObject = {};
	published: boolean;
	/**
	 * The next this many calls of resume URLs are answered 503 "Database is not ready!", as n8n
	 * answers every call for a moment when its database ping times out.
	 */
	unavailableCalls = 0;
	url = '';
	private server?: http.Server;

	constructor(
		private readonly sandbox: Sandbox,
		private readonly credentials: CredentialsInput,
		options: { published?: boolean; workflowId?: string; parameters?: IDataObject } = {},
	) {
		this.published = options.published ?? true;
		this.workflowId = options.workflowId ?? 'wf-waits';
		this.extra = options.parameters ?? {};
	}

	readonly workflowId: string;
	private readonly extra: IDataObject;

	async listen(): Promise<this> {
		ensureEnvironment();
		const server = http.createServer((req, res) => {
			this.handle(req, res).catch((error: Error) => {
				if (!res.headersSent) {
					res.writeHead(500, { 'Content-Type': 'application/json' });
					res.end(JSON.stringify({ message: error.message }));
				}
			});
		});
		await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
		this.server = server;
		this.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
		return this;
	}

	async close(): Promise<void> {
		const server = this.server;
		this.server = undefined;
		if (!server) return;
		server.closeAllConnections();
		await new Promise<void>((resolve) => server.close(() => resolve()));
	}

	/** The router's URL (n8n's production webhook of the node's `setup` webhook). */
	get routerUrl(): string {
		return `${this.url}/webhook/document-signing-send-and-wait/${this.workflowId}/${NODE_ID}`;
	}

	/** The node's static data as saved. */
	get routerData(): IDataObject {
		return (this.saved[`node:${NODE_NAME}`] as IDataObject | undefined) ?? {};
	}

	/** A run of Send and Wait for `request`; a wait is recorded as a waiting execution. */
	async start(request: string, extra: IDataObject = {}): Promise<RunNodeResult> {
		const result = await runNode({
			node: documentSigning,
			parameters: parameters(request, { ...this.extra, ...extra }),
			credentials: this.credentials,
			instanceBaseUrl: this.url,
			nodeId: NODE_ID,
			workflow: {
				id: this.workflowId,
				name: 'Contracts to sign',
				active: this.published,
				staticData: deepCopy(this.saved),
			},
		});
		if (!result.error)
			checkOutput(
				'signingRequest',
				'sendAndWaitForCompletion',
				result.output,
				extra.simplify !== false,
			);
		const token = String(result.run?.data.resumeToken ?? '');
		const id = result.executionId ?? '';
		if (result.run?.waitTill && id)
			this.executions.set(id, { id, token, request, status: 'waiting', ends: [], result });
		return result;
	}

	/** The executions waiting for `request`. */
	waitingFor(request: string): Execution[] {
		return [...this.executions.values()].filter((e) => e.request === request);
	}

	/** Calls into this n8n from `from` on (an index into `calls`). */
	callsSince(from: number): Call[] {
		return this.calls.slice(from);
	}

	/** What n8n's restart does to the package: every process memory gone, the database kept. */
	restart(): void {
		hub.stop();
		hub.setAutoRun(false);
		forgetRouters();
		forgetWorkspaceReads();
		forgetSecrets();
		resetRateLimiters();
	}

	/** POSTs to the router as n8n's own process or the service would. */
	async postRouter(
		body: string,
		headers: Record<string, string>,
	): Promise<{ status: number; body: unknown }> {
		const response = await fetch(this.routerUrl, {
			method: 'POST',
			headers: { 'Content-Type': 'application/json', ...headers },
			body,
		});
		const text = await response.text();
		let parsed: unknown = text;
		try {
			parsed = JSON.parse(text);
		} catch {
			// as it came
		}
		return { status: response.status, body: parsed };
	}

	private async handle(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
		const chunks: Buffer[] = [];
		for await (const chunk of req) chunks.push(chunk as Buffer);
		const rawBody = Buffer.concat(chunks);
		const url = new URL(req.url ?? '/', this.url);
		const answer = (status: number, body: unknown, kind: Call['kind']) => {
			this.calls.push({ kind, path: url.pathname, status, body });
			if (!res.headersSent) {
				res.writeHead(status, { 'Content-Type': 'application/json' });
				res.end(JSON.stringify(body));
			}
		};
		// What the node answered itself (its `respond`), for the calls it answered.
		let answered: unknown;
		const end = res.end.bind(res) as (chunk?: unknown) => http.ServerResponse;
		res.end = ((chunk?: unknown) => {
			try {
				answered = JSON.parse(String(chunk));
			} catch {
				answered = chunk;
			}
			return end(chunk);
		}) as typeof res.end;
		const record = (kind: Call['kind']) => {
			this.calls.push({ kind, path: url.pathname, status: res.statusCode, body: answered });
		};
		let body: unknown = {};
		try {
			body = rawBody.length > 0 ? JSON.parse(rawBody.toString('utf8')) : {};
		} catch {
			body = {};
		}
		const request = Object.assign(req, {
			rawBody,
			body,
			query: Object.fromEntries(url.searchParams.entries()),
			params: {},
		});
		const parts = url.pathname.split('/').filter(Boolean);
		if (parts[0] === 'webhook' && parts[1] === 'document-signing-send-and-wait') {
			if (!this.published || parts[2] !== this.workflowId || parts[3] !== NODE_ID)
				return answer(404, { message: 'The requested webhook is not registered.' }, 'router');
			const staticData = deepCopy(this.saved);
			const workflow = this.workflow(true, staticData);
			const context = this.context(workflow, 'setup', request, res);
			const result = await documentSigning.webhook.call(context);
			const changed = (workflow.staticData as { __dataChanged?: boolean }).__dataChanged === true;
			if (changed) this.saved = JSON.parse(JSON.stringify(workflow.staticData)) as IDataObject;
			if (result.noWebhookResponse === true) return record('router');
			return answer(200, result.webhookResponse ?? { message: 'Webhook call received' }, 'router');
		}
		if (parts[0] === 'webhook-waiting' && this.unavailableCalls > 0) {
			this.unavailableCalls -= 1;
			return answer(503, { code: 503, message: 'Database is not ready!' }, 'waiting');
		}
		if (parts[0] === 'webhook-waiting' && parts.length === 3) {
			const execution = this.executions.get(parts[1]);
			if (!execution)
				return answer(404, { message: `The execution "${parts[1]}" does not exist.` }, 'waiting');
			if (url.searchParams.get('signature') !== execution.token)
				return answer(401, { error: 'Invalid token' }, 'waiting');
			if (execution.status === 'running')
				return answer(
					409,
					{ message: `The execution "${execution.id}" is running already.` },
					'waiting',
				);
			if (execution.status === 'finished')
				return answer(
					409,
					{ message: `The execution "${execution.id} has finished already.` },
					'waiting',
				);
			const workflow = this.workflow(false, {});
			const context = this.context(workflow, 'default', request, res);
			const result = await documentSigning.webhook.call(context);
			if (result.workflowData) {
				execution.status = 'finished';
				execution.ends.push(result.workflowData[0]);
				checkOutput('signingRequest', 'sendAndWaitForCompletion', result.workflowData, true);
			}
			if (result.noWebhookResponse === true) return record('waiting');
			return answer(200, result.webhookResponse ?? {}, 'waiting');
		}
		return answer(404, { message: 'Not found' }, 'other');
	}

	private workflow(active: boolean, staticData: IDataObject): Workflow {
		const nodeTypes: INodeTypes = {
			getByName: () => documentSigning,
			getByNameAndVersion: () => documentSigning,
			getKnownTypes: () => ({}),
		} as unknown as INodeTypes;
		const node: INode = {
			id: NODE_ID,
			name: NODE_NAME,
			type: NODE_TYPE,
			typeVersion: 1,
			position: [0, 0],
			// n8n gives every node with webhooks an id when the workflow is saved.
			webhookId: 'saw-webhook-id',
			parameters: parameters('ignored', this.extra),
			credentials: {
				documentSigningApi: { id: 'harness-documentSigningApi', name: 'Signing (test)' },
			},
		};
		return new Workflow({
			id: this.workflowId,
			name: 'Contracts to sign',
			nodes: [node],
			connections: {},
			active,
			nodeTypes: nodeTypes as never,
			staticData,
			settings: { executionOrder: 'v1' },
		});
	}

	private additionalData(request: unknown, response: unknown): IWorkflowExecuteAdditionalData {
		const base = this.url;
		return {
			credentialsHelper: new HarnessCredentialsHelper(
				[new DocumentSigningApi()],
				deepCopy(this.credentials),
			),
			httpRequest: request,
			httpResponse: response,
			variables: {},
			executionId: 'rig',
			instanceBaseUrl: `${base}/`,
			webhookBaseUrl: `${base}/webhook`,
			webhookWaitingBaseUrl: `${base}/webhook-waiting`,
			webhookTestBaseUrl: `${base}/webhook-test`,
			getRunExecutionData: async () => undefined,
			getRuntimeCredential: async () => undefined,
		} as unknown as IWorkflowExecuteAdditionalData;
	}

	/**
	 * n8n's activation hooks of the router (`setup` webhook): `checkExists` when the workflow is
	 * published, `delete` when it is unpublished, over the saved static data, saved back as n8n does.
	 */
	async activation(method: 'checkExists' | 'delete'): Promise<{ result: boolean }> {
		const staticData = deepCopy(this.saved);
		const workflow = this.workflow(true, staticData);
		const additionalData = this.additionalData(undefined, undefined);
		const description = documentSigning.description.webhooks!.find((w) => w.name === 'setup')!;
		const context = new HookContext(
			workflow,
			workflow.nodes[NODE_NAME],
			additionalData,
			'trigger',
			method === 'delete' ? 'update' : 'activate',
			{
				httpMethod: 'POST',
				node: NODE_NAME,
				path: `document-signing-send-and-wait/${this.workflowId}/${NODE_ID}`,
				webhookDescription: description,
				workflowId: this.workflowId,
				workflowExecuteAdditionalData: additionalData,
			},
		);
		const result = await documentSigning.webhookMethods!.setup[method].call(context);
		if ((workflow.staticData as { __dataChanged?: boolean }).__dataChanged === true)
			this.saved = JSON.parse(JSON.stringify(workflow.staticData)) as IDataObject;
		return { result };
	}

	private context(
		workflow: Workflow,
		name: 'setup' | 'default',
		request: unknown,
		response: http.ServerResponse,
	): WebhookContext {
		const additionalData = this.additionalData(request, response);
		const description = documentSigning.description.webhooks!.find((w) => w.name === name)!;
		const webhookData: IWebhookData = {
			httpMethod: 'POST',
			node: NODE_NAME,
			path:
				name === 'setup' ? `document-signing-send-and-wait/${this.workflowId}/${NODE_ID}` : NODE_ID,
			webhookDescription: description,
			workflowId: this.workflowId,
			workflowExecuteAdditionalData: additionalData,
		};
		const context = new WebhookContext(
			workflow,
			workflow.nodes[NODE_NAME],
			additionalData,
			'webhook',
			webhookData,
			[],
			null,
		);
		context.logger.warn = (message: string) => void this.warnings.push(message);
		return context;
	}
}

/** A sandbox for a spec, with tiny delivery retries and no test pings unless asked. */
export async function waitSandbox(): Promise<Sandbox> {
	return await startSandbox({ webhookRetryScale: 0.00001 });
}

/** Waits (real time, short) until `check` holds. */
export async function until(what: string, check: () => boolean, ms = 15_000): Promise<void> {
	const deadline = Date.now() + ms;
	while (!check()) {
		if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
		await new Promise((resolve) => setTimeout(resolve, 50));
	}
}
