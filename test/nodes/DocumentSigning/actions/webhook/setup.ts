/**
 * Shared set-up of the Webhook operation tests: one sandbox per test file (no test ping on
 * create, fast retries), a runner for the real node, direct API calls for fixtures, and a local
 * HTTP receiver for test deliveries.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';

import type { IDataObject, INodeExecutionData } from 'n8n-workflow';

import { DocumentSigning } from '../../../../../nodes/DocumentSigning/DocumentSigning.node';
import { resetRateLimiters } from '../../../../../nodes/DocumentSigning/transport';
import type { RunNodeOptions } from '../../../../helpers/n8n';
import { runNode } from '../../../../helpers/n8n';
import type { Sandbox } from '../../../../sandbox';
import { SEED, startSandbox } from '../../../../sandbox';

export { SEED };
export const PROTECTED_KEY = SEED.protectedWorkspace.liveKey;
export const SALES = SEED.workspaces[0];
export const LEGAL = SEED.workspaces[1];
export const MISSING_UUID = '123e4567-e89b-42d3-a456-426614174000';

export interface TestContext {
	sandbox: Sandbox;
}

export function useSandbox(): TestContext {
	const ctx = {} as TestContext;
	beforeAll(async () => {
		ctx.sandbox = await startSandbox({
			webhookTestOnCreate: false,
			webhookRetryScale: 0.00001,
			webhookTimeoutMs: 500,
		});
	});
	beforeEach(() => {
		ctx.sandbox.clearRequests();
		resetRateLimiters();
	});
	afterAll(async () => await ctx.sandbox?.close());
	return ctx;
}

export function credentials(
	sandbox: Sandbox,
	opts: { keyToUse?: 'live' | 'test'; liveApiKey?: string } = {},
) {
	return {
		documentSigningApi: {
			baseUrl: sandbox.url,
			keyToUse: opts.keyToUse ?? 'live',
			liveApiKey: opts.liveApiKey ?? PROTECTED_KEY,
			testApiKey: SEED.protectedWorkspace.testKey,
			apiVersion: 1,
		},
	};
}

export async function run(
	ctx: TestContext,
	operation: string,
	parameters: Record<string, unknown>,
	extra: Partial<RunNodeOptions> & { liveApiKey?: string } = {},
) {
	const { liveApiKey, ...rest } = extra;
	return await runNode({
		node: new DocumentSigning(),
		parameters: { resource: 'webhook', operation, ...parameters } as RunNodeOptions['parameters'],
		credentials: credentials(ctx.sandbox, { liveApiKey }),
		...rest,
	});
}

export const byId = (value: string) => ({ __rl: true, mode: 'id', value });
export const byList = (value: string) => ({ __rl: true, mode: 'list', value });

export async function api<T = IDataObject>(
	sandbox: Sandbox,
	method: string,
	path: string,
	body?: unknown,
	key = PROTECTED_KEY,
): Promise<{ status: number; body: T }> {
	const response = await fetch(`${sandbox.url}${path}`, {
		method,
		headers: { Authorization: key, 'Content-Type': 'application/json', Accept: 'application/json' },
		body: body === undefined ? undefined : JSON.stringify(body),
	});
	const text = await response.text();
	return { status: response.status, body: (text ? JSON.parse(text) : {}) as T };
}

/** A webhook made through the API (then the request log is cleared). */
export async function createWebhookFixture(
	sandbox: Sandbox,
	body: IDataObject = {},
	key = PROTECTED_KEY,
): Promise<IDataObject> {
	const created = await api(
		sandbox,
		'POST',
		'/webhooks',
		{ url: 'https://hooks.example.com/fixture', events: ['signing_request.completed'], ...body },
		key,
	);
	if (created.status !== 201)
		throw new Error(`fixture: create webhook ${created.status} ${JSON.stringify(created.body)}`);
	sandbox.clearRequests();
	return created.body;
}

export function jsonOf(output: INodeExecutionData[][]): IDataObject[] {
	return (output[0] ?? []).map((item) => item.json);
}

/** A local HTTP endpoint that records deliveries and answers 200. */
export class Receiver {
	readonly received: Array<{ headers: http.IncomingHttpHeaders; body: string }> = [];
	status = 200;
	private server = http.createServer((req, res) => {
		const chunks: Buffer[] = [];
		req.on('data', (c: Buffer) => chunks.push(c));
		req.on('end', () => {
			this.received.push({ headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
			res.writeHead(this.status, { 'Content-Type': 'application/json' });
			res.end('{"ok":true}');
		});
	});
	url = '';
	async start(): Promise<this> {
		await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', () => resolve()));
		this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/hook`;
		return this;
	}
	async stop(): Promise<void> {
		this.server.closeAllConnections();
		await new Promise<void>((resolve) => this.server.close(() => resolve()));
	}
}
