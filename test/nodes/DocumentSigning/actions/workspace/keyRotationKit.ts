/** Set-up of the API-key rotation tests: a fresh sandbox per test file, rotation not rate limited. */
import { resetRateLimiters } from '../../../../../nodes/DocumentSigning/transport';
import type { Sandbox } from '../../../../sandbox';
import { startSandbox } from '../../../../sandbox';
import type { TestContext } from '../company/companyKit';

export function useRotationSandbox(): TestContext {
	const ctx = {} as TestContext;
	beforeAll(async () => {
		// The service allows 1 rotation call per minute per key; raise it so a file can rotate several times.
		ctx.sandbox = await startSandbox({ rateLimits: { keyRotation: 100 } });
	});
	beforeEach(() => {
		ctx.sandbox.clearRequests();
		resetRateLimiters();
	});
	afterAll(async () => await (ctx.sandbox as Sandbox | undefined)?.close());
	return ctx;
}

/** Status of GET /company with a given key: 200 while the key works, 401 once it does not. */
export async function keyStatus(sandbox: Sandbox, key: string): Promise<number> {
	return (await fetch(`${sandbox.url}/company`, { headers: { Authorization: key } })).status;
}
