/**
 * The fixture kit of the operation tests: one sandbox per spec, credentials for it, a runner for
 * the real node, resource-locator values, direct API calls for fixtures and readers of what the
 * node sent and returned. The fixtures module of each resource folder (`<folder>/fixtures.ts`)
 * builds its fixtures and its resource's runner on these; it does not copy them.
 */
import type { IDataObject, INodeExecutionData, INodeParameters } from 'n8n-workflow';

import { DocumentSigning } from '../../nodes/DocumentSigning/DocumentSigning.node';
import { resetRateLimiters } from '../../nodes/shared/transport';
import type { RunNodeOptions, RunNodeResult } from '../helpers/n8n';
import { runNode } from '../helpers/n8n';
import type { RecordedRequest, Sandbox } from '../sandbox';
import { SEED, startSandbox } from '../sandbox';
import { checkOutput } from './outputs';
import { undocumentedAnswers } from './shapes';

export { describeSpecs } from './specs';
export { SEED };
export type { RecordedRequest, Sandbox };

/** The seed's protected workspace (the company's own keys). */
export const PROTECTED = SEED.protectedWorkspace;
export const PROTECTED_KEY = PROTECTED.liveKey;
/** Two ordinary workspaces of the seed. */
export const SALES = SEED.workspaces[0];
export const LEGAL = SEED.workspaces[1];

/** A well-formed ID the sandbox does not know. */
export const MISSING_UUID = '123e4567-e89b-42d3-a456-426614174000';
export const NOT_A_UUID = 'not-a-uuid';

export interface TestContext {
	sandbox: Sandbox;
}

/**
 * Starts a sandbox for the spec (beforeAll), clears its request log and the node's rate limiters
 * before each test, closes it after the spec.
 */
export function useSandbox(options?: Parameters<typeof startSandbox>[0]): TestContext {
	const ctx = {} as TestContext;
	beforeAll(async () => {
		ctx.sandbox = await startSandbox(options);
	});
	beforeEach(() => {
		ctx.sandbox.clearRequests();
		resetRateLimiters();
	});
	// Whatever a test did, the sandbox answered it with the documented shapes (see shapes.ts).
	afterEach(() => {
		expect(undocumentedAnswers(ctx.sandbox?.requests ?? [])).toEqual([]);
	});
	afterAll(async () => await (ctx.sandbox as Sandbox | undefined)?.close());
	return ctx;
}

export type KeyMode = 'live' | 'test';

export interface KeyChoice {
	/** Default 'live'. */
	keyToUse?: KeyMode;
	/** Default: the protected workspace's live key. */
	liveApiKey?: string;
	/** Default: the protected workspace's test key. */
	testApiKey?: string;
}

/** The node's credentials for the sandbox. */
export function credentials(sandbox: Sandbox, keys: KeyChoice = {}) {
	return {
		documentSigningApi: {
			baseUrl: sandbox.url,
			keyToUse: keys.keyToUse ?? 'live',
			liveApiKey: keys.liveApiKey ?? PROTECTED.liveKey,
			testApiKey: keys.testApiKey ?? PROTECTED.testKey,
			apiVersion: 1,
		},
	};
}

/** What a run may change besides resource, operation and parameters (see `runOperation`). */
export type RunOptions = Partial<RunNodeOptions> & KeyChoice;

let nodeInstance: DocumentSigning | undefined;

/**
 * The node type, built once per test file as n8n builds it once per process: its description
 * (115 operations' forms) takes about 10 ms of CPU to build, more than most runs.
 */
export function documentSigning(): DocumentSigning {
	nodeInstance ??= new DocumentSigning();
	return nodeInstance;
}

/**
 * Runs the node with resource, operation and parameters against the sandbox: a one-node workflow
 * through n8n-core's WorkflowExecute (`runNode`, test/helpers/n8n.ts), with the sandbox's
 * credentials. `options` may override anything of `runNode` (credentials, input, continueOnFail,
 * binaryMode) or only the keys.
 */
export async function runOperation(
	sandbox: Sandbox,
	resource: string,
	operation: string,
	parameters: Record<string, unknown> = {},
	options: RunOptions = {},
): Promise<RunNodeResult> {
	const { keyToUse, liveApiKey, testApiKey, ...rest } = options;
	const result = await runNode({
		node: documentSigning(),
		parameters: { resource, operation, ...parameters } as INodeParameters,
		credentials: credentials(sandbox, { keyToUse, liveApiKey, testApiKey }),
		...rest,
	});
	// What the node output holds to its operation's output schema (outputs.ts), unless the sandbox
	// was made to answer with something undocumented (an injected fault standing for a misbehaving
	// service): the node passes on what it got then.
	if (!result.error && undocumentedAnswers(sandbox.requests, { injected: true }).length === 0) {
		checkOutput(resource, operation, result.output, parameters.simplify !== false);
	}
	return result;
}

/**
 * The `run` of a resource folder's fixtures module: runs one of the resource's operations against
 * the spec's sandbox, with the folder's defaults (its key) under the call's own options.
 */
export function runnerOf(resource: string, defaults: RunOptions = {}) {
	return async (
		ctx: TestContext,
		operation: string,
		parameters: Record<string, unknown> = {},
		options: RunOptions = {},
	): Promise<RunNodeResult> =>
		await runOperation(ctx.sandbox, resource, operation, parameters, { ...defaults, ...options });
}

/** A picker (resource locator) value in "By ID" mode. */
export const byId = (value: string) => ({ __rl: true, mode: 'id', value });
/**
 * A picker value in "From List" mode: n8n does not check its format (the "By ID" mode's regex
 * makes n8n refuse a malformed ID itself), so the node's own check is what answers.
 */
export const byList = (value: string) => ({ __rl: true, mode: 'list', value });

/** A key: the protected workspace's by mode ('live', 'test'), or any key itself. */
export type Key = KeyMode | string;

export function keyOf(key: Key): string {
	if (key === 'live') return PROTECTED.liveKey;
	if (key === 'test') return PROTECTED.testKey;
	return key;
}

/**
 * A direct call of the sandbox's API for fixtures and checks, with the given key (default the
 * protected live key; 'test' for its test key). The sandbox records it too: call before `clearRequests`.
 *
 * `Connection: close`: fetch would otherwise reuse a pooled socket, and after a long test on a busy
 * machine the sandbox (same process) may already have closed it for idleness, which fails the call
 * with ECONNRESET. A new loopback connection per call costs nothing noticeable.
 */
export async function api<T = IDataObject>(
	sandbox: Sandbox,
	method: string,
	path: string,
	body?: unknown,
	key: Key = 'live',
): Promise<{ status: number; body: T }> {
	const response = await fetch(`${sandbox.url}${path}`, {
		method,
		headers: {
			Authorization: keyOf(key),
			'Content-Type': 'application/json',
			Accept: 'application/json',
			Connection: 'close',
		},
		body: body === undefined ? undefined : JSON.stringify(body),
	});
	const text = await response.text();
	return { status: response.status, body: (text ? JSON.parse(text) : {}) as T };
}

/** `api`, failing the set-up when the answer is not a 2xx; returns the body. */
export async function ok<T = IDataObject>(
	sandbox: Sandbox,
	method: string,
	path: string,
	body?: unknown,
	key: Key = 'live',
): Promise<T> {
	const response = await api<T>(sandbox, method, path, body, key);
	if (response.status >= 300) {
		throw new Error(
			`set-up: ${method} ${path} → ${response.status} ${JSON.stringify(response.body)}`,
		);
	}
	return response.body;
}

/** The requests the sandbox received since the last `clearRequests` (the node's, in tests). */
export function sent(ctx: TestContext): RecordedRequest[] {
	return ctx.sandbox.requests;
}

/** The one request the node sent (fails the test when it sent another number of requests). */
export function onlyRequest(sandbox: Sandbox): RecordedRequest {
	expect(sandbox.requests.map((r) => `${r.method} ${r.path}`)).toHaveLength(1);
	return sandbox.requests[0];
}

/**
 * Whether a request is a read-back of the one signing-request shape after a write: the request's
 * detail, read for the credential's workspace once per run or for Create and Send's expiry date
 * (nodes/DocumentSigning/domain/readBack.ts; tested on their own in readBack.spec.ts).
 */
export function isReadBack(request: RecordedRequest, index: number): boolean {
	return (
		index > 0 &&
		request.method === 'GET' &&
		/^\/signing-requests\/[0-9a-f-]{36}$/.test(request.path)
	);
}

/** The requests the node sent, without the read-backs of the one shape (`isReadBack`). */
export function withoutReadBacks(sandbox: Sandbox): RecordedRequest[] {
	return sandbox.requests.filter((request, index) => !isReadBack(request, index));
}

/**
 * The one request a write sent, besides the read-backs of the one shape (`isReadBack`): fails the
 * test when it sent another number of requests.
 */
export function onlyWrite(sandbox: Sandbox): RecordedRequest {
	const requests = withoutReadBacks(sandbox);
	expect(requests.map((r) => `${r.method} ${r.path}`)).toHaveLength(1);
	return requests[0];
}

/** The JSON of every item of the main output. */
export function jsonOf(output: INodeExecutionData[][]): IDataObject[] {
	return (output[0] ?? []).map((item) => item.json);
}

/** The JSON of the only output item (fails the test when there is not exactly one). */
export function only(output: INodeExecutionData[][]): Record<string, unknown> {
	expect(output[0]).toHaveLength(1);
	return output[0][0].json as Record<string, unknown>;
}
