/** Set-up of the API-key rotation tests: a fresh sandbox per test file, rotation not rate limited. */
import type { TestContext } from '../../../../kit';
import { useSandbox } from '../../../../kit';
import type { Sandbox } from '../../../../sandbox';

export function useRotationSandbox(): TestContext {
	// The service allows 1 rotation call per minute per key; raise it so a file can rotate several times.
	return useSandbox({ rateLimits: { keyRotation: 100 } });
}

/** Status of GET /company with a given key: 200 while the key works, 401 once it does not. */
export async function keyStatus(sandbox: Sandbox, key: string): Promise<number> {
	return (await fetch(`${sandbox.url}/company`, { headers: { Authorization: key } })).status;
}
