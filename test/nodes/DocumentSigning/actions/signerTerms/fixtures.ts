/** Set-up of the Signer Terms operation tests: the template kit's sandbox, runner and API helper. */
import type { Sandbox } from '../../../../sandbox';
import { SEED as SEED_DATA } from '../../../../sandbox';
import { api, run as runAny, type TestContext } from '../template/fixtures';

export {
	SALES,
	SEED,
	api,
	byId,
	byList,
	credentials,
	jsonOf,
	useSandbox,
} from '../template/fixtures';
export const LEGAL = SEED_DATA.workspaces[1];

export const run = async (
	ctx: TestContext,
	operation: string,
	parameters: Record<string, unknown>,
	extra: Parameters<typeof runAny>[4] = {},
) => await runAny(ctx, 'signerTerms', operation, parameters, extra);

/** Terms stored through the API (then the request log is cleared). */
export async function putTerms(
	sandbox: Sandbox,
	path: string,
	body: Record<string, unknown>,
	key?: string,
): Promise<void> {
	const res = await api(sandbox, 'PUT', path, body, key);
	if (res.status !== 200)
		throw new Error(`fixture terms ${res.status} ${JSON.stringify(res.body)}`);
	sandbox.clearRequests();
}
