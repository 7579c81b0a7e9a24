/**
 * Shared set-up of the Webhook operation tests: one sandbox per test file (no test ping on
 * create, fast retries), a runner for the real node, direct API calls for fixtures, and a local
 * HTTP receiver for test deliveries.
 */
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
export { Receiver } from '../../../../sandbox/fixtures';

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
