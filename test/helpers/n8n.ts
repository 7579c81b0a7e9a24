/**
 * Run this package's nodes for real with n8n-core, without an n8n server: the one runner of the
 * tests.
 *
 * - `NodeTestHarness` (and `runNode`, its one call) builds a one-node workflow and executes it with
 *   n8n-core's `WorkflowExecute` (the engine n8n itself uses), the way n8n's own NodeTestHarness
 *   (packages/core/nodes-testing/node-test-harness.ts in the n8n repository; not published) runs
 *   its test workflows: the node's own `execute()` runs inside a real `ExecuteContext`,
 *   so `this.helpers.httpRequestWithAuthentication`, `getBinaryDataBuffer`, `prepareBinaryData`,
 *   `getCredentials`, `getNodeParameter` (expressions), `continueOnFail`, `addExecutionHints`,
 *   `this.logger` and pairedItem handling are n8n's own implementations.
 * - Credentials come from an in-memory ICredentialsHelper (./credentials-helper.ts) that applies
 *   any credential type's `authenticate` the way n8n's CLI CredentialsHelper does.
 * - HTTP goes out through n8n-core's real client, so point credentials at a local server.
 *
 * See ./n8n-env.ts for the DI singletons (logger, binary data service, ...) this relies on.
 */
import type { ExecuteContext, ExecutionLifecycleHooks } from 'n8n-core';
import type {
	ICredentialsDecrypted,
	ICredentialType,
	IDataObject,
	IExecuteData,
	IExecuteFunctions,
	IHttpRequestOptions,
	ILoadOptionsFunctions,
	IN8nHttpFullResponse,
	INode,
	INodeCredentials,
	INodeExecutionData,
	INodeParameters,
	INodeType,
	INodeTypeDescription,
	INodeTypes,
	IRun,
	IVersionedNodeType,
	IWorkflowBase,
	IWorkflowExecuteAdditionalData,
	NodeExecutionHint,
	NodeOutput,
	PostReceiveAction,
} from 'n8n-workflow';
import {
	ApplicationError,
	createRunExecutionData,
	deepCopy,
	isNodeClassInstance,
	NodeHelpers,
	Workflow,
} from 'n8n-workflow';

import { DocumentSigningApi } from '../../credentials/DocumentSigningApi.credentials';
import { core } from './core';
import { HarnessCredentialsHelper } from './credentials-helper';
import type { CredentialsInput, RecordedRequest } from './credentials-helper';
import {
	ensureEnvironment,
	getBinaryDataService,
	setBinaryMode,
	setBinaryModeSync,
} from './n8n-env';
import type { HarnessBinaryMode } from './n8n-env';

export type { CredentialsInput, RecordedRequest } from './credentials-helper';
export { HarnessCredentialsHelper } from './credentials-helper';
export type { HarnessBinaryMode, LogEntry } from './n8n-env';
export { cleanupEnvironment, clearLogs, getBinaryStoragePath, logs } from './n8n-env';

/** Node type names are prefixed with the package name, as n8n does for community packages. */
export const PACKAGE_NAME = 'n8n-nodes-document-signing';
export const HARNESS_WORKFLOW_ID = 'harness-workflow';

const DEFAULT_INSTANCE_BASE_URL = 'http://localhost:5678';

export function defaultVersion(description: INodeTypeDescription): number {
	if (description.defaultVersion !== undefined) return description.defaultVersion;
	const { version } = description;
	return Array.isArray(version) ? Math.max(...version) : (version ?? 1);
}

export function typeNameOf(description: INodeTypeDescription): string {
	return description.name.includes('.') ? description.name : `${PACKAGE_NAME}.${description.name}`;
}

/** Shallow copy of the items so the node can't mutate the test's fixtures. */
function prepareInput(input?: INodeExecutionData[]): INodeExecutionData[] {
	const items: INodeExecutionData[] = input ?? [{ json: {} }];
	return items.map((item) => ({
		...item,
		json: deepCopy(item.json),
		...(item.binary ? { binary: { ...item.binary } } : {}),
	}));
}

export interface RunNodeOptions {
	/** An instance, e.g. `new DocumentSigning()` (a versioned node type is accepted too). */
	node: INodeType | IVersionedNodeType;
	/** Node parameters; may contain n8n expressions like `'={{ $json.email }}'`. */
	parameters: INodeParameters;
	credentials?: CredentialsInput;
	/** Default: `[new DocumentSigningApi()]`. */
	credentialTypes?: ICredentialType[];
	/** Items fed into the node (default `[{ json: {} }]`); binary allowed (see `binaryItem`). */
	input?: INodeExecutionData[];
	/** Sets the node's `onError` to 'continueRegularOutput' (the "Continue" setting). */
	continueOnFail?: boolean;
	/** Default: the description's `defaultVersion`, else its highest `version`. */
	typeVersion?: number;
	/** Mode n8n-core's BinaryDataService uses for binaries created during the run. Default 'default'. */
	binaryMode?: HarnessBinaryMode;
	/**
	 * n8n's own address (WEBHOOK_URL and the editor's): the base of `$execution.resumeUrl` and of
	 * webhook URLs. Default http://localhost:5678, where nothing of the tests listens.
	 */
	instanceBaseUrl?: string;
	/**
	 * The workflow the node runs in (default: id `harness-workflow`, not published, no static
	 * data), e.g. a published one whose static data a node reads.
	 */
	workflow?: { id?: string; name?: string; active?: boolean; staticData?: IDataObject };
	/** The node's id (default `harness-node`). */
	nodeId?: string;
}

export interface RunNodeResult {
	/**
	 * The node's output as n8n recorded it (one array per output). `[]` when the node threw and
	 * does not continue on fail. When it threw WITH continueOnFail, n8n itself passes the input
	 * items through unchanged, so that is what you get (and `error` is set).
	 */
	output: INodeExecutionData[][];
	/** The error the node threw (the original NodeApiError / NodeOperationError instance). */
	error?: Error;
	/** Everything the node passed to `addExecutionHints`. */
	hints: NodeExecutionHint[];
	/** Every request that went through credential authentication, as sent (after auth). */
	requests: RecordedRequest[];
	/** The raw IRun from WorkflowExecute, for anything else (runData, pairedItem, ...). */
	run?: IRun;
	/** The id n8n gave the execution (part of `$execution.resumeUrl`). */
	executionId?: string;
}

let executionCounter = 0;
function nextExecutionId(): string {
	executionCounter += 1;
	return `harness-execution-${executionCounter}`;
}

function defaultCredentialTypes(): ICredentialType[] {
	return [new DocumentSigningApi()];
}

function unsupported(name: string) {
	return async () => {
		throw new ApplicationError(`additionalData.${name} is not available in the test harness`);
	};
}

/** A hand-made IWorkflowExecuteAdditionalData, the object n8n's CLI builds in getBase(). */
function createAdditionalData(
	credentialsHelper: HarnessCredentialsHelper,
	executionId: string,
	hooks?: ExecutionLifecycleHooks,
	currentNodeParameters?: INodeParameters,
	base = DEFAULT_INSTANCE_BASE_URL,
): IWorkflowExecuteAdditionalData {
	return {
		credentialsHelper,
		executionId,
		hooks,
		currentNodeParameters,
		currentNodeExecutionIndex: 0,
		restApiUrl: `${base}/rest`,
		instanceBaseUrl: `${base}/`,
		formBaseUrl: `${base}/form`,
		formWaitingBaseUrl: `${base}/form-waiting`,
		formTestBaseUrl: `${base}/form-test`,
		webhookBaseUrl: `${base}/webhook`,
		webhookWaitingBaseUrl: `${base}/webhook-waiting`,
		webhookTestBaseUrl: `${base}/webhook-test`,
		mcpBaseUrl: `${base}/mcp`,
		mcpTestBaseUrl: `${base}/mcp-test`,
		variables: {},
		userId: 'harness-user',
		workflowId: HARNESS_WORKFLOW_ID,
		executeWorkflow: unsupported('executeWorkflow'),
		startRunnerTask: unsupported('startRunnerTask'),
		getRunExecutionData: async () => undefined,
		getRuntimeCredential: async () => undefined,
		logAiEvent: () => undefined,
	} as unknown as IWorkflowExecuteAdditionalData;
}

interface BuildOptions {
	parameters?: INodeParameters;
	credentials?: CredentialsInput;
	continueOnFail?: boolean;
	typeVersion?: number;
	workflow?: RunNodeOptions['workflow'];
	nodeId?: string;
}

/**
 * A one-node workflow. Like in n8n, the `Workflow` constructor fills in parameter defaults from
 * the node type's properties (and drops parameters the type doesn't declare).
 */
function buildWorkflow(
	nodeType: INodeType,
	opts: BuildOptions,
): { workflow: Workflow; node: INode } {
	const { description } = nodeType;
	const credentials: INodeCredentials = {};
	for (const name of Object.keys(opts.credentials ?? {})) {
		credentials[name] = { id: `harness-${name}`, name: `${name} (harness)` };
	}
	const node: INode = {
		id: opts.nodeId ?? 'harness-node',
		name: description.defaults?.name ?? description.displayName,
		type: typeNameOf(description),
		typeVersion: opts.typeVersion ?? defaultVersion(description),
		position: [0, 0],
		parameters: deepCopy(opts.parameters ?? {}),
		credentials,
		...(opts.continueOnFail ? { onError: 'continueRegularOutput' as const } : {}),
	};
	const nodeTypes: INodeTypes = {
		getByName: (name) => {
			if (name !== node.type) throw new ApplicationError(`Unknown node type "${name}"`);
			return nodeType;
		},
		getByNameAndVersion: (name) => {
			if (name !== node.type) throw new ApplicationError(`Unknown node type "${name}"`);
			return nodeType;
		},
		getKnownTypes: () => ({}),
	};
	const workflow = new Workflow({
		id: opts.workflow?.id ?? HARNESS_WORKFLOW_ID,
		name: opts.workflow?.name ?? 'Harness workflow',
		nodes: [node],
		connections: {},
		active: opts.workflow?.active ?? false,
		nodeTypes,
		staticData: opts.workflow?.staticData ? deepCopy(opts.workflow.staticData) : undefined,
		settings: { executionOrder: 'v1' },
	});
	return { workflow, node: workflow.nodes[node.name] };
}

function workflowBase(workflow: Workflow): IWorkflowBase {
	return {
		id: workflow.id,
		name: workflow.name ?? 'Harness workflow',
		active: false,
		isArchived: false,
		activeVersionId: null,
		createdAt: new Date(),
		updatedAt: new Date(),
		nodes: Object.values(workflow.nodes),
		connections: workflow.connectionsBySourceNode,
		settings: workflow.settings,
	};
}

/**
 * Wraps `execute` to keep a handle on the ExecuteContext (for hints, even when the node throws)
 * and on the ORIGINAL error instance: WorkflowExecute stores only a plain-object copy of it.
 */
function instrumentExecute(
	nodeType: INodeType,
	onContext: (context: ExecuteContext) => void,
	onError: (error: Error) => void,
): INodeType {
	const execute = nodeType.execute as ((...args: unknown[]) => Promise<NodeOutput>) | undefined;
	if (!execute) return nodeType; // declarative node: WorkflowExecute runs it via RoutingNode
	const classInstance = isNodeClassInstance(nodeType);
	const instrumented = Object.create(nodeType) as INodeType;
	instrumented.execute = async function (this: IExecuteFunctions, ...args: unknown[]) {
		onContext((classInstance ? args[0] : this) as ExecuteContext);
		try {
			return await execute.apply(this, args);
		} catch (error) {
			onError(error as Error);
			throw error;
		}
	} as INodeType['execute'];
	return instrumented;
}

/**
 * The runner of every node test, shaped like n8n's NodeTestHarness: built once per node type (the
 * harness is kept per node instance, as n8n builds a node type once), it runs a workflow through
 * `new Workflow` (parameter defaults), ExecutionLifecycleHooks and WorkflowExecute's
 * `processRunExecutionData` (n8n's start check, the node's `execute()` in a real ExecuteContext,
 * Continue On Fail, pairedItem), with the credentials handed to a credentials helper. What differs
 * from n8n's: the workflow is the node alone, fed the input items directly (as a node right after
 * a trigger or pinned data); the API is a real local server (the sandbox) rather than nock; and
 * the result keeps what the tests assert besides the output: the original error instance, the
 * node's hints and every authenticated request.
 */
export class NodeTestHarness {
	/** The harness of a node instance (one per test file: jest gives each file its own modules). */
	static of(node: INodeType | IVersionedNodeType): NodeTestHarness {
		let harness = harnesses.get(node);
		if (!harness) {
			harness = new NodeTestHarness(node);
			harnesses.set(node, harness);
		}
		return harness;
	}

	constructor(readonly node: INodeType | IVersionedNodeType) {}

	/** Runs the node once. Never throws for node errors: they are in `error` (and `output`). */
	async execute(opts: Omit<RunNodeOptions, 'node'>): Promise<RunNodeResult> {
		ensureEnvironment();
		await setBinaryMode(opts.binaryMode ?? 'default');

		const realType = NodeHelpers.getVersionedNodeType(this.node, opts.typeVersion);
		const contexts: ExecuteContext[] = [];
		const thrown: { error?: Error } = {};
		const nodeType = instrumentExecute(
			realType,
			(context) => contexts.push(context),
			(error) => (thrown.error = error),
		);

		const credentialsHelper = new HarnessCredentialsHelper(
			opts.credentialTypes ?? defaultCredentialTypes(),
			deepCopy(opts.credentials ?? {}),
		);
		const { workflow, node } = buildWorkflow(nodeType, opts);
		const executionId = nextExecutionId();
		const hooks = new (core().ExecutionLifecycleHooks)(
			'manual',
			executionId,
			workflowBase(workflow),
		);
		const additionalData = createAdditionalData(
			credentialsHelper,
			executionId,
			hooks,
			undefined,
			opts.instanceBaseUrl,
		);

		// The node is the start node: it gets the input items directly, like a node right after a
		// trigger / pinned data.
		const runExecutionData = createRunExecutionData({
			executionData: {
				nodeExecutionStack: [{ node, data: { main: [prepareInput(opts.input)] }, source: null }],
			},
		});

		let run: IRun;
		try {
			run = await new (core().WorkflowExecute)(
				additionalData,
				'manual',
				runExecutionData,
			).processRunExecutionData(workflow);
		} catch (error) {
			// e.g. WorkflowHasIssuesError: a required parameter is missing, n8n refuses to start.
			return { output: [], error: error as Error, hints: [], requests: credentialsHelper.requests };
		}

		const task = run.data.resultData.runData[node.name]?.[0];
		const error =
			thrown.error ??
			(task?.error as Error | undefined) ??
			(run.data.resultData.error as Error | undefined);
		const output = (task?.data?.main ?? []).map((items) => items ?? []);
		const hints =
			contexts.length > 0 ? contexts.flatMap((context) => context.hints) : (task?.hints ?? []);

		return { output, error, hints, requests: credentialsHelper.requests, run, executionId };
	}
}

const harnesses = new WeakMap<INodeType | IVersionedNodeType, NodeTestHarness>();

/** Runs one node through n8n-core's WorkflowExecute (`NodeTestHarness`). Never throws for node errors. */
export async function runNode(opts: RunNodeOptions): Promise<RunNodeResult> {
	const { node, ...rest } = opts;
	return await NodeTestHarness.of(node).execute(rest);
}

/** A stand-in node type (for context factories) that allows every given credential type. */
function createStubNodeType(credentialNames: string[]): INodeType {
	return {
		description: {
			displayName: 'Harness Node',
			name: 'harnessNode',
			group: ['transform'],
			version: 1,
			description: 'Stand-in node type of the test harness',
			defaults: { name: 'Harness Node' },
			inputs: ['main'],
			outputs: ['main'],
			credentials: credentialNames.map((name) => ({ name, required: false })),
			properties: [],
		},
	};
}

function resolveContextNodeType(
	nodeType: INodeType | IVersionedNodeType | undefined,
	credentialTypes: ICredentialType[],
	credentials: CredentialsInput | undefined,
	typeVersion?: number,
): { type: INodeType; stub: boolean } {
	if (nodeType)
		return { type: NodeHelpers.getVersionedNodeType(nodeType, typeVersion), stub: false };
	const names = new Set([...credentialTypes.map((t) => t.name), ...Object.keys(credentials ?? {})]);
	return { type: createStubNodeType([...names]), stub: true };
}

/**
 * A real n8n-core ExecuteContext for unit-testing functions that take `this: IExecuteFunctions`
 * (e.g. transport helpers). Without `nodeType` a stub type is used and `parameters` are kept
 * exactly as given (no defaults); with `nodeType` defaults are applied as in a run.
 */
export function createExecuteContext(
	opts: Omit<RunNodeOptions, 'node'> & { nodeType?: INodeType | IVersionedNodeType },
): { context: IExecuteFunctions; hints: NodeExecutionHint[]; requests: RecordedRequest[] } {
	ensureEnvironment();
	setBinaryModeSync(opts.binaryMode ?? 'default');

	const credentialTypes = opts.credentialTypes ?? defaultCredentialTypes();
	const { type, stub } = resolveContextNodeType(
		opts.nodeType,
		credentialTypes,
		opts.credentials,
		opts.typeVersion,
	);
	const { workflow, node } = buildWorkflow(type, opts);
	if (stub) node.parameters = deepCopy(opts.parameters ?? {});

	const credentialsHelper = new HarnessCredentialsHelper(
		credentialTypes,
		deepCopy(opts.credentials ?? {}),
	);
	const additionalData = createAdditionalData(credentialsHelper, nextExecutionId());
	const items = prepareInput(opts.input);
	const inputData = { main: [items] };
	const executeData: IExecuteData = { node, data: inputData, source: null };
	const runExecutionData = createRunExecutionData({
		executionData: { nodeExecutionStack: [executeData] },
	});

	// Same arguments WorkflowExecute.executeNode passes (connectionInputData = first main input).
	const context = new (core().ExecuteContext)(
		workflow,
		node,
		additionalData,
		'manual',
		runExecutionData,
		0,
		items,
		inputData,
		executeData,
		[],
	);
	return { context, hints: context.hints, requests: credentialsHelper.requests };
}

/**
 * A real n8n-core LoadOptionsContext (for `methods.loadOptions` / `methods.listSearch`).
 * `parameters` are also exposed as the "current node parameters" the editor would send.
 */
export function createLoadOptionsContext(opts: {
	credentials?: CredentialsInput;
	parameters?: INodeParameters;
	credentialTypes?: ICredentialType[];
	/** Optional: the real node type (defaults applied to parameters). */
	nodeType?: INodeType | IVersionedNodeType;
	/** Path of the parameter being loaded, e.g. 'parameters.templateId'. */
	path?: string;
}): ILoadOptionsFunctions {
	ensureEnvironment();
	const credentialTypes = opts.credentialTypes ?? defaultCredentialTypes();
	const { type, stub } = resolveContextNodeType(opts.nodeType, credentialTypes, opts.credentials);
	const { workflow, node } = buildWorkflow(type, opts);
	if (stub) node.parameters = deepCopy(opts.parameters ?? {});

	const credentialsHelper = new HarnessCredentialsHelper(
		credentialTypes,
		deepCopy(opts.credentials ?? {}),
	);
	const additionalData = createAdditionalData(
		credentialsHelper,
		nextExecutionId(),
		undefined,
		node.parameters,
	);
	return new (core().LoadOptionsContext)(workflow, node, additionalData, opts.path ?? 'parameters');
}

/**
 * An input item whose binary is stored exactly as n8n stores it in `mode`, by n8n-core's
 * prepareBinaryData: 'default' keeps base64 inline in `data`; 'filesystem' writes the file to the
 * harness temp folder and sets `binary.id` ('filesystem-v2:...').
 */
export async function binaryItem(
	buffer: Buffer,
	fileName: string,
	mimeType: string,
	opts: { property?: string; mode?: HarnessBinaryMode; json?: IDataObject } = {},
): Promise<INodeExecutionData> {
	const property = opts.property ?? 'data';
	const { binaryDataConfig } = ensureEnvironment();
	const previousMode = binaryDataConfig.mode as HarnessBinaryMode;
	await setBinaryMode(opts.mode ?? 'default');
	try {
		const binary = await core().prepareBinaryData(
			buffer,
			nextExecutionId(),
			HARNESS_WORKFLOW_ID,
			fileName,
			mimeType,
		);
		return { json: opts.json ?? {}, binary: { [property]: binary } };
	} finally {
		await setBinaryMode(previousMode);
	}
}

/** Reads a binary of an (output) item back, whichever mode stored it (n8n-core's BinaryDataService). */
export async function readBinary(item: INodeExecutionData, property = 'data'): Promise<Buffer> {
	const binaryData = item.binary?.[property];
	if (!binaryData) {
		throw new ApplicationError(`Item has no binary property "${property}"`, {
			extra: { properties: Object.keys(item.binary ?? {}) },
		});
	}
	return await getBinaryDataService().getAsBuffer(binaryData);
}

export interface CredentialTestResult {
	/** HTTP status of the test request's response. */
	statusCode: number;
	body: unknown;
	/** The request as sent (after `authenticate`); `url` is baseURL + url as the client joins them. */
	request: {
		method: string;
		url: string;
		baseURL?: string;
		qs?: IDataObject;
		headers: Record<string, string>;
	};
	/** What n8n's credential tester would report ("Connection successful!" or the error). */
	status: 'OK' | 'Error';
	message: string;
}

function joinUrl(baseURL: string | undefined, url: string): string {
	if (!baseURL || /^[a-z][a-z\d+\-.]*:\/\//i.test(url)) return url;
	return `${baseURL.replace(/\/+$/, '')}/${url.replace(/^\/+/, '')}`;
}

/**
 * Performs a credential type's `test.request` like n8n's CredentialsTester: defaults applied to
 * the data, then the request runs through n8n-core's RoutingNode on a temporary
 * 'n8n-nodes-base.noOp' node whose only property routes `test.request`, so expressions
 * (`={{$credentials...}}`) in baseURL/url/qs are resolved by n8n and `authenticate` is applied by
 * the same credentials helper the nodes use. Unlike n8n, the status code and body are returned
 * whatever the outcome (rules are evaluated for `status`/`message` like the tester does).
 */
export async function runCredentialTest(
	credentialType: ICredentialType,
	data: IDataObject,
	opts: { credentialTypes?: ICredentialType[] } = {},
): Promise<CredentialTestResult> {
	ensureEnvironment();
	const testRequest = credentialType.test;
	if (!testRequest?.request) {
		throw new ApplicationError(`Credential type "${credentialType.name}" has no test.request`);
	}

	const credentialTypes = [credentialType, ...(opts.credentialTypes ?? [])];
	const credentialsHelper = new HarnessCredentialsHelper(credentialTypes, {
		[credentialType.name]: deepCopy(data),
	});
	const additionalData = createAdditionalData(credentialsHelper, nextExecutionId());

	const captured: { response?: IN8nHttpFullResponse } = {};
	const captureResponse: PostReceiveAction = async function (items, fullResponse) {
		captured.response = fullResponse;
		return items;
	};

	// The temporary node type n8n's CredentialsTester builds.
	const tempNodeType: INodeType = {
		description: {
			displayName: 'Temp',
			name: 'n8n-nodes-base.noOp',
			group: ['transform'],
			version: 1,
			description: '',
			defaults: { name: 'Temp-Node' },
			inputs: ['main'],
			outputs: ['main'],
			credentials: [{ name: credentialType.name, required: true }],
			properties: [
				{
					displayName: 'Temp',
					name: 'temp',
					type: 'string',
					routing: {
						request: testRequest.request,
						output: { postReceive: [captureResponse] },
					},
					default: '',
				},
			],
		},
	};
	const { workflow, node } = buildWorkflow(tempNodeType, {
		parameters: { temp: '' },
		credentials: { [credentialType.name]: data },
	});

	const credentialsDecrypted: ICredentialsDecrypted = {
		id: `harness-${credentialType.name}`,
		name: `${credentialType.name} (harness)`,
		type: credentialType.name,
		data: credentialsHelper.applyDefaults(
			additionalData,
			deepCopy(data) as never,
			credentialType.name,
			'internal',
		),
	};

	const inputData = { main: [[{ json: {} }]] };
	const executeData: IExecuteData = { node, data: {}, source: null };
	const context = new (core().ExecuteContext)(
		workflow,
		node,
		additionalData,
		'internal',
		createRunExecutionData(),
		0,
		[],
		inputData,
		executeData,
		[],
	);

	let statusCode: number;
	let body: unknown;
	let status: CredentialTestResult['status'] = 'OK';
	let message = 'Connection successful!';
	try {
		const items = await new (core().RoutingNode)(
			context,
			tempNodeType,
			credentialsDecrypted,
		).runNode();
		statusCode = captured.response?.statusCode ?? 0;
		body = captured.response?.body;
		for (const rule of testRequest.rules ?? []) {
			if (rule.type === 'responseSuccessBody') {
				const json = items?.[0]?.[0]?.json as IDataObject | undefined;
				const value = rule.properties.key
					.split('.')
					.reduce<unknown>((acc, key) => (acc as IDataObject | undefined)?.[key], json);
				if (value === rule.properties.value) {
					status = 'Error';
					message = rule.properties.message;
				}
			}
		}
	} catch (error) {
		// n8n's tester reads the status from the wrapped HTTP client error (error.cause.response).
		const cause = (
			error as { cause?: { response?: { status?: number; data?: unknown; statusText?: string } } }
		).cause;
		if (!cause?.response) throw error;
		statusCode = cause.response.status ?? 0;
		body = cause.response.data;
		status = 'Error';
		message = cause.response.statusText || `Received HTTP status code: ${statusCode}`;
		for (const rule of testRequest.rules ?? []) {
			if (rule.type === 'responseCode' && rule.properties.value === statusCode) {
				message = rule.properties.message;
			}
		}
	}

	const sent: IHttpRequestOptions | undefined = credentialsHelper.requests.at(-1);
	if (!sent) throw new ApplicationError('The credential test request was not sent');
	return {
		statusCode,
		body,
		request: {
			method: sent.method ?? 'GET',
			url: joinUrl(sent.baseURL, sent.url),
			baseURL: sent.baseURL,
			...(sent.qs ? { qs: sent.qs } : {}),
			headers: Object.fromEntries(
				Object.entries(sent.headers ?? {}).map(([key, value]) => [key, String(value)]),
			),
		},
		status,
		message,
	};
}
