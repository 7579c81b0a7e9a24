/**
 * A small stand-in for the parts of n8n that drive a webhook trigger, built on n8n-core's real
 * `HookContext` and `WebhookContext` (the harness in test/helpers has no hook or webhook context).
 *
 * - Activation / deactivation as n8n's WebhookService does it: `checkExists`, then `create` when it
 *   answered false; `delete`. Production runs with the persisted static data (saved back when it
 *   changed, like n8n's saveStaticData); "test" (Listen for test event) with throw-away static data
 *   and the test URL, like n8n's TestWebhooks.
 * - A real HTTP receiver on 127.0.0.1: each request becomes an n8n-style request object (`rawBody`
 *   Buffer, parsed `body`, lower-case `headers`) and the node's `webhook()` runs in a WebhookContext
 *   built from a Workflow loaded from the persisted static data (as n8n loads it from the database
 *   for every call). The answer follows n8n's executeWebhook for "onReceived" (see
 *   `handle`): `noWebhookResponse` → the node answered itself; no `workflowData` → 200
 *   `webhookResponse` or "Webhook call received"; otherwise the execution is created (recorded in
 *   `starts`; `failStarts` makes that fail → 500, as a locked database does), then the answer's
 *   body is read from the description's responseData or the node's `webhookResponse`, then the
 *   static data is saved if changed, then n8n answers 200. Building the execution clears the
 *   static data's "changed" mark first, as in n8n, so writes made inside webhook() are lost.
 * - Requests to the service go through n8n-core's real HTTP helpers and the harness's credentials
 *   helper, so they really hit the sandbox.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';

import { HookContext, WebhookContext } from 'n8n-core';
import type {
	IDataObject,
	INode,
	INodeExecutionData,
	INodeParameters,
	INodeType,
	INodeTypes,
	IWebhookData,
	IWorkflowExecuteAdditionalData,
	WorkflowExecuteMode,
} from 'n8n-workflow';
import { ApplicationError, deepCopy, Workflow } from 'n8n-workflow';

import { DocumentSigningApi } from '../../../credentials/DocumentSigningApi.credentials';
import { DocumentSigningTrigger } from '../../../nodes/DocumentSigningTrigger/DocumentSigningTrigger.node';
import {
	markCatchUpStarted,
	stopCatchUp,
	triggerScope,
} from '../../../nodes/DocumentSigningTrigger/catchUp';
import { HarnessCredentialsHelper, type CredentialsInput } from '../../helpers/credentials-helper';
import { ensureEnvironment } from '../../helpers/n8n-env';

export const TRIGGER_TYPE = 'n8n-nodes-document-signing.documentSigningTrigger';
export const NODE_NAME = 'Document Signing Trigger';
const NODE_ID = 'trigger-node';

export type RigMode = 'production' | 'test';

export interface RigOptions {
	parameters: INodeParameters;
	credentials: CredentialsInput;
	/**
	 * Base of n8n's webhook URLs (like WEBHOOK_URL + '/webhook'). 'receiver' (default) = this rig's
	 * own HTTP receiver, e.g. http://127.0.0.1:41234/webhook.
	 */
	webhookBaseUrl?: string | 'receiver';
	workflowName?: string;
	workflowId?: string;
	webhookId?: string;
	/** Persisted static data to start from (a "restart" of n8n with the same database). */
	staticData?: IDataObject;
	/**
	 * Let the catch-up that activation (or the first delivery in this process) starts run
	 * (catchUp.ts); by default the rig stops it at once after an activation and starts none at a
	 * delivery, so that it does not run in the background of tests about other things.
	 */
	catchUp?: boolean;
}

export interface Start {
	items: INodeExecutionData[];
	mode: WorkflowExecuteMode;
}

export interface RigResponse {
	status: number;
	body: unknown;
	text: string;
}

let rigCounter = 0;

export class TriggerRig {
	readonly nodeType = new DocumentSigningTrigger();
	readonly credentialsHelper: HarnessCredentialsHelper;
	/** Persisted static data (what n8n's database holds), plain JSON. */
	saved: IDataObject;
	/** Every workflow start, in order. */
	readonly starts: Start[] = [];
	/** Errors thrown by webhook() (n8n would answer 500). */
	readonly webhookErrors: Error[] = [];
	/** Runs before each request reaches the node (1-based count), e.g. to make n8n slow. */
	beforeWebhook?: (requestNumber: number) => Promise<void>;
	/**
	 * Runs after a request's static data was loaded and before the node gets the request (1-based
	 * count and the raw body), e.g. to hold a request while another one is handled and saved.
	 */
	afterLoad?: (requestNumber: number, rawBody: Buffer) => Promise<void>;
	/** Runs after the node handled a request and its static data was saved. */
	afterWebhook?: (requestNumber: number) => void;
	/** Runs before n8n creates an execution (1-based count of attempts). */
	beforeStart?: (attempt: number) => Promise<void>;
	/** The next N execution creations fail (n8n answers 500, nothing is saved). */
	failStarts = 0;
	/** The headers of the last answer post() received. */
	lastHeaders?: Headers;
	/** How many execution creations failed. */
	failedStarts = 0;
	private startAttempts = 0;
	private requestCount = 0;
	parameters: INodeParameters;
	private server?: http.Server;
	private receiverBase?: string;
	private readonly workflowId: string;
	private readonly webhookId: string;
	/** n8n's TestWebhooks keeps the test run's static data in memory only. */
	private testStaticData: IDataObject = {};
	/** The plain object each Workflow's static data wraps (n8n passes the same one to the execution). */
	private readonly rawStaticData = new WeakMap<Workflow, IDataObject>();

	constructor(private readonly options: RigOptions) {
		ensureEnvironment();
		rigCounter += 1;
		this.workflowId = options.workflowId ?? `rig-workflow-${rigCounter}`;
		this.webhookId =
			options.webhookId ?? `00000000-0000-4000-8000-${String(rigCounter).padStart(12, '0')}`;
		this.parameters = deepCopy(options.parameters);
		if (!options.catchUp) markCatchUpStarted(triggerScope(this.workflowId, NODE_ID));
		this.saved = deepCopy(options.staticData ?? {});
		this.credentialsHelper = new HarnessCredentialsHelper(
			[new DocumentSigningApi()],
			deepCopy(options.credentials),
		);
	}

	/** Starts the HTTP receiver (needed when webhookBaseUrl is 'receiver' or deliveries are sent). */
	async listen(): Promise<this> {
		if (this.server) return this;
		const server = http.createServer((req, res) => {
			this.handle(req, res).catch((error: Error) => {
				this.webhookErrors.push(error);
				if (!res.headersSent) {
					res.writeHead(500, { 'Content-Type': 'application/json' });
					res.end(JSON.stringify({ message: 'Error in workflow', error: error.message }));
				}
			});
		});
		await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
		this.server = server;
		this.receiverBase = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
		return this;
	}

	async close(): Promise<void> {
		const server = this.server;
		this.server = undefined;
		if (!server) return;
		server.closeAllConnections();
		await new Promise<void>((resolve) => server.close(() => resolve()));
	}

	get baseUrl(): string {
		const base = this.options.webhookBaseUrl ?? 'receiver';
		if (base !== 'receiver') return base.replace(/\/+$/, '');
		if (!this.receiverBase)
			throw new ApplicationError('Call listen() first: the webhook URL is the receiver');
		return `${this.receiverBase}/webhook`;
	}

	get testBaseUrl(): string {
		return `${this.baseUrl.replace(/\/webhook$/, '')}/webhook-test`;
	}

	/** The URL n8n registers for this node. */
	url(mode: RigMode = 'production'): string {
		return `${mode === 'test' ? this.testBaseUrl : this.baseUrl}/${this.webhookId}/webhook`;
	}

	/** Node static data as persisted. */
	get nodeStaticData(): IDataObject {
		return (this.saved[`node:${NODE_NAME}`] as IDataObject | undefined) ?? {};
	}

	// ---- lifecycle --------------------------------------------------------------------------

	/** n8n's createWebhookIfNotExists. Returns whether checkExists found one. */
	async activate(mode: RigMode = 'production'): Promise<{ existed: boolean }> {
		if (mode === 'test') this.testStaticData = {};
		const { workflow, node } = this.buildWorkflow(mode);
		const webhookData = this.webhookData(workflow, node, mode);
		const context = () =>
			new HookContext(
				workflow,
				node,
				this.additionalData(),
				mode === 'test' ? 'manual' : 'trigger',
				mode === 'test' ? 'manual' : 'activate',
				webhookData,
			);
		const methods = this.nodeType.webhookMethods.default;
		try {
			const existed = await methods.checkExists.call(context());
			if (!existed) await methods.create.call(context());
			this.persist(workflow, mode);
			return { existed };
		} finally {
			// Also when create() refused: checkExists() had planned the catch-up already.
			if (!this.options.catchUp) stopCatchUp(context());
		}
	}

	/** n8n's deleteWebhook on deactivation. */
	async deactivate(mode: RigMode = 'production'): Promise<void> {
		const { workflow, node } = this.buildWorkflow(mode);
		const webhookData = this.webhookData(workflow, node, mode);
		const context = new HookContext(
			workflow,
			node,
			this.additionalData(),
			mode === 'test' ? 'internal' : 'trigger',
			'update',
			webhookData,
		);
		await this.nodeType.webhookMethods.default.delete.call(context);
		this.persist(workflow, mode);
	}

	/** Runs only checkExists (nothing created). */
	async checkExists(mode: RigMode = 'production'): Promise<boolean> {
		const { workflow, node } = this.buildWorkflow(mode);
		const context = new HookContext(
			workflow,
			node,
			this.additionalData(),
			'trigger',
			'activate',
			this.webhookData(workflow, node, mode),
		);
		const result = await this.nodeType.webhookMethods.default.checkExists.call(context);
		if (!this.options.catchUp) stopCatchUp(context);
		this.persist(workflow, mode);
		return result;
	}

	// ---- deliveries -------------------------------------------------------------------------

	/** POSTs a raw body with headers to the node's URL (through the receiver). */
	async post(
		body: string | Buffer,
		headers: Record<string, string> | Array<[string, string]>,
		mode: RigMode = 'production',
	): Promise<RigResponse> {
		await this.listen();
		const target = `${this.receiverBase}${new URL(this.url(mode)).pathname}`;
		const sent = new Headers({ 'Content-Type': 'application/json' });
		for (const [name, value] of Array.isArray(headers) ? headers : Object.entries(headers))
			sent.append(name, value);
		const response = await fetch(target, {
			method: 'POST',
			headers: sent,
			body: typeof body === 'string' ? body : new Uint8Array(body),
		});
		this.lastHeaders = response.headers;
		const text = await response.text();
		let parsed: unknown = text;
		try {
			parsed = text === '' ? undefined : JSON.parse(text);
		} catch {
			// keep the text
		}
		return { status: response.status, body: parsed, text };
	}

	private async handle(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
		const chunks: Buffer[] = [];
		for await (const chunk of req) chunks.push(chunk as Buffer);
		const rawBody = Buffer.concat(chunks);
		this.requestCount += 1;
		const requestNumber = this.requestCount;
		if (this.beforeWebhook) await this.beforeWebhook(requestNumber);
		const mode: RigMode = (req.url ?? '').startsWith('/webhook-test/') ? 'test' : 'production';

		// What n8n's body parser leaves on the request: rawBody (Buffer) and the parsed JSON body.
		let body: unknown = {};
		if ((req.headers['content-type'] ?? '').includes('json') && rawBody.length > 0) {
			try {
				body = JSON.parse(rawBody.toString('utf8'));
			} catch {
				body = {};
			}
		}
		const request = Object.assign(req, {
			rawBody,
			body,
			query: {},
			params: {},
			contentType: req.headers['content-type'],
		});

		const { workflow, node } = this.buildWorkflow(mode);
		if (this.afterLoad) await this.afterLoad(requestNumber, rawBody);
		const additionalData = this.additionalData();
		additionalData.httpRequest =
			request as unknown as IWorkflowExecuteAdditionalData['httpRequest'];
		additionalData.httpResponse = res as unknown as IWorkflowExecuteAdditionalData['httpResponse'];
		const executionMode: WorkflowExecuteMode = mode === 'test' ? 'manual' : 'webhook';
		const context = new WebhookContext(
			workflow,
			node,
			additionalData,
			executionMode,
			this.webhookData(workflow, node, mode),
			[],
			null,
		);
		const result = await this.nodeType.webhook.call(context);

		// As n8n's webhook-helpers executeWebhook + live-webhooks do it, in this order:
		// - the node answered itself (noWebhookResponse): the response callback runs at once, which
		//   saves the static data (if changed); then, with workflow data, the execution is created;
		// - no workflow data: the callback answers 200 (webhookResponse or "Webhook call received");
		// - workflow data, "onReceived": WorkflowRunner.run first builds a Workflow over the SAME
		//   static-data object (clearing its "changed" mark), then creates the execution row; if that
		//   fails, n8n answers 500 and saves nothing. Otherwise it reads `webhookResponse` for the
		//   body, then saves the static data (if changed), then answers 200.
		if (result.noWebhookResponse === true || result.workflowData === undefined) {
			this.persist(workflow, mode);
			if (result.noWebhookResponse !== true && !res.headersSent) {
				res.writeHead(200, { 'Content-Type': 'application/json' });
				res.end(JSON.stringify(result.webhookResponse ?? { message: 'Webhook call received' }));
			}
			if (result.workflowData !== undefined) await this.createExecution(workflow, result, mode);
			this.afterWebhook?.(requestNumber);
			return;
		}
		this.startExecution(workflow);
		const created = await this.createExecution(workflow, result, mode);
		if (!created) {
			// sendErrorResponse: res.status(500).json(…) (the status goes out through writeHead).
			if (!res.headersSent) {
				res.statusCode = 500;
				res.setHeader('Content-Type', 'application/json');
				res.end(JSON.stringify({ code: 0, message: 'There was a problem executing the workflow' }));
			}
			this.afterWebhook?.(requestNumber);
			return;
		}
		// extractWebhookOnReceivedResponse: the description's responseData (default 'firstEntryJson'
		// when the description has none) wins over the node's webhookResponse.
		const responseData = this.nodeType.description.webhooks?.[0]?.responseData ?? 'firstEntryJson';
		const answer: unknown =
			responseData === 'noData'
				? undefined
				: responseData
					? responseData
					: (result.webhookResponse ?? { message: 'Workflow was started' });
		this.persist(workflow, mode);
		if (!res.headersSent) {
			res.writeHead(200, { 'Content-Type': 'application/json' });
			res.end(JSON.stringify(answer));
		}
		this.afterWebhook?.(requestNumber);
	}

	/**
	 * n8n's ActiveExecutions.add: the execution row. `beforeStart` runs first (e.g. to make the
	 * database slow); `failStarts` makes the next N creations fail, as a locked database does.
	 */
	private async createExecution(
		workflow: Workflow,
		result: { workflowData?: INodeExecutionData[][] },
		mode: RigMode,
	): Promise<boolean> {
		const attempt = ++this.startAttempts;
		if (this.beforeStart) await this.beforeStart(attempt);
		if (this.failStarts > 0) {
			this.failStarts -= 1;
			this.failedStarts += 1;
			return false;
		}
		this.starts.push({
			items: result.workflowData?.[0] ?? [],
			mode: mode === 'test' ? 'manual' : 'webhook',
		});
		return workflow !== undefined;
	}

	/** What n8n's WorkflowRunner does first: a new Workflow over the webhook's static-data object. */
	private startExecution(webhookWorkflow: Workflow): void {
		const raw = this.rawStaticData.get(webhookWorkflow);
		new Workflow({
			id: webhookWorkflow.id,
			name: webhookWorkflow.name,
			nodes: Object.values(webhookWorkflow.nodes),
			connections: {},
			active: webhookWorkflow.active,
			nodeTypes: webhookWorkflow.nodeTypes,
			staticData: raw,
			settings: { executionOrder: 'v1' },
		});
	}

	// ---- n8n plumbing -----------------------------------------------------------------------

	private buildWorkflow(mode: RigMode): { workflow: Workflow; node: INode } {
		const nodeType: INodeType = this.nodeType;
		const nodeTypes: INodeTypes = {
			getByName: (name) => {
				if (name !== TRIGGER_TYPE) throw new ApplicationError(`Unknown node type "${name}"`);
				return nodeType;
			},
			getByNameAndVersion: (name) => {
				if (name !== TRIGGER_TYPE) throw new ApplicationError(`Unknown node type "${name}"`);
				return nodeType;
			},
			getKnownTypes: () => ({}),
		};
		const node: INode = {
			id: NODE_ID,
			name: NODE_NAME,
			type: TRIGGER_TYPE,
			typeVersion: 1,
			position: [0, 0],
			webhookId: this.webhookId,
			parameters: deepCopy(this.parameters),
			credentials: { documentSigningApi: { id: 'rig-credential', name: 'Document Signing (rig)' } },
		};
		const staticData = deepCopy(mode === 'test' ? this.testStaticData : this.saved);
		const workflow = new Workflow({
			id: this.workflowId,
			name: this.options.workflowName ?? 'Signed contracts',
			nodes: [node],
			connections: {},
			active: mode === 'production',
			nodeTypes,
			staticData,
			settings: { executionOrder: 'v1' },
		});
		this.rawStaticData.set(workflow, staticData);
		return { workflow, node: workflow.nodes[NODE_NAME] };
	}

	/** n8n's saveStaticData: only when something changed. Test runs keep theirs in memory. */
	private persist(workflow: Workflow, mode: RigMode): void {
		const data = workflow.staticData as IDataObject & { __dataChanged?: boolean };
		if (data.__dataChanged !== true) return;
		const plain = JSON.parse(JSON.stringify(data)) as IDataObject;
		if (mode === 'test') this.testStaticData = plain;
		else this.saved = plain;
	}

	private webhookData(workflow: Workflow, node: INode, mode: RigMode): IWebhookData {
		const description = this.nodeType.description.webhooks![0];
		return {
			httpMethod: 'POST',
			node: node.name,
			path: `${this.webhookId}/webhook`,
			webhookDescription: description,
			workflowId: workflow.id,
			workflowExecuteAdditionalData: this.additionalData(),
			webhookId: this.webhookId,
			isTest: mode === 'test',
		};
	}

	private additionalData(): IWorkflowExecuteAdditionalData {
		const base = this.baseUrlOrPlaceholder();
		const instance = base.replace(/\/webhook$/, '');
		return {
			credentialsHelper: this.credentialsHelper,
			executionId: `rig-execution-${Date.now()}`,
			currentNodeExecutionIndex: 0,
			restApiUrl: `${instance}/rest`,
			instanceBaseUrl: `${instance}/`,
			formBaseUrl: `${instance}/form`,
			formWaitingBaseUrl: `${instance}/form-waiting`,
			formTestBaseUrl: `${instance}/form-test`,
			webhookBaseUrl: base,
			webhookWaitingBaseUrl: `${instance}/webhook-waiting`,
			webhookTestBaseUrl: `${instance}/webhook-test`,
			mcpBaseUrl: `${instance}/mcp`,
			mcpTestBaseUrl: `${instance}/mcp-test`,
			variables: {},
			userId: 'rig-user',
			workflowId: this.workflowId,
			getRunExecutionData: async () => undefined,
			getRuntimeCredential: async () => undefined,
			logAiEvent: () => undefined,
		} as unknown as IWorkflowExecuteAdditionalData;
	}

	private baseUrlOrPlaceholder(): string {
		const base = this.options.webhookBaseUrl ?? 'receiver';
		if (base !== 'receiver') return base.replace(/\/+$/, '');
		return this.receiverBase ? `${this.receiverBase}/webhook` : 'http://127.0.0.1:1/webhook';
	}
}
