/**
 * Set-up of the JWT operation tests: the template kit's sandbox and runner, fixtures (a template,
 * a draft signing request, tokens made through the API) and RS256 verification against the
 * sandbox's public key.
 */
import type { IDataObject } from 'n8n-workflow';

import type { Sandbox } from '../../../../sandbox';
import { jwtAreaOf, verifyJwt } from '../../../../sandbox/jwt';
import { createDraft } from '../signingRequest/fixtures';
import { api, createTemplateFixture, run as runAny, type TestContext } from '../template/fixtures';

export {
	MISSING_UUID,
	NOT_A_UUID,
	SALES,
	api,
	byId,
	byList,
	jsonOf,
	useSandbox,
} from '../template/fixtures';

export const run = async (
	ctx: TestContext,
	operation: string,
	parameters: Record<string, unknown>,
) => await runAny(ctx, 'jwt', operation, parameters);

export async function templateId(sandbox: Sandbox, key?: string): Promise<string> {
	return (await createTemplateFixture(sandbox, { users: false, key })).id;
}

export async function signingRequestId(sandbox: Sandbox): Promise<string> {
	const draft = await createDraft(sandbox, 'Embedded draft', 'live');
	sandbox.clearRequests();
	return draft.id;
}

/** A token made through the API (then the request log is cleared). */
export async function tokenFor(
	sandbox: Sandbox,
	kind: 'template' | 'signingRequest',
	id: string,
): Promise<IDataObject> {
	const response =
		kind === 'template'
			? await api(sandbox, 'POST', '/generate-template-token', {
					companies_workspaces_templates_id: id,
				})
			: await api(sandbox, 'POST', '/jwt/generate-signing-request', {
					companies_workspaces_signing_requests_id: id,
				});
	if (response.status >= 300)
		throw new Error(`fixture token ${response.status} ${JSON.stringify(response.body)}`);
	sandbox.clearRequests();
	return response.body;
}

/** The payload of a JWT if its RS256 signature verifies with the sandbox's key. */
export function verified(sandbox: Sandbox, token: unknown): Record<string, unknown> | undefined {
	return verifyJwt(String(token), jwtAreaOf(sandbox.state).publicKey);
}
