/**
 * Shared set-up of the Webhook operation tests: one sandbox per test file (no test ping on
 * create, fast retries), a runner for the real node, direct API calls for fixtures, and a local
 * HTTP receiver for test deliveries.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';

import type { IDataObject } from 'n8n-workflow';

import type { RunOptions, TestContext } from '../../../../kit';
import { api, PROTECTED_KEY, runOperation, useSandbox as useKitSandbox } from '../../../../kit';
import type { Sandbox } from '../../../../sandbox';

export {
	LEGAL,
	MISSING_UUID,
	PROTECTED_KEY,
	SALES,
	SEED,
	api,
	byId,
	byList,
	credentials,
	jsonOf,
} from '../../../../kit';
export type { TestContext } from '../../../../kit';

/** The kit's sandbox, without the test ping on create and with fast delivery retries. */
export function useSandbox(): TestContext {
	return useKitSandbox({
		webhookTestOnCreate: false,
		webhookRetryScale: 0.00001,
		webhookTimeoutMs: 500,
	});
}

export async function run(
	ctx: TestContext,
	operation: string,
	parameters: Record<string, unknown>,
	extra: RunOptions = {},
) {
	return await runOperation(ctx.sandbox, 'webhook', operation, parameters, extra);
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
