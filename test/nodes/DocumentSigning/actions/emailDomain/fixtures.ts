/**
 * Set-up of the Email Domain tests: one sandbox per test file, the two scopes (company = the
 * protected key on /company/domains; workspace = the Sales Team key on its own
 * /workspace/{id}/domains), a runner for the node, and fixtures that bring a domain to a stage
 * of the setup flow through the sandbox's API and DNS controls.
 */
import { byId, runOperation, SALES, SEED } from '../../../../kit';
import type { Sandbox } from '../../../../sandbox';
import { emailDomainsOf } from '../../../../sandbox/emailDomains/store';
import { call } from '../../../../sandbox/support/client';

export { SALES, SEED, onlyRequest, useSandbox } from '../../../../kit';
export { emailDomainsOf };

export interface ScopeCase {
	scope: 'company' | 'workspace';
	suffix: 'Company' | 'Workspace';
	key: string;
	testKey: string;
	base: string;
	/** Node parameters the scope needs (the workspace picker). */
	params: Record<string, unknown>;
}

export const COMPANY: ScopeCase = {
	scope: 'company',
	suffix: 'Company',
	key: SEED.protectedWorkspace.liveKey,
	testKey: SEED.protectedWorkspace.testKey,
	base: '/company/domains',
	params: {},
};

export const WORKSPACE: ScopeCase = {
	scope: 'workspace',
	suffix: 'Workspace',
	key: SALES.liveKey,
	testKey: SALES.testKey,
	base: `/workspace/${SALES.id}/domains`,
	params: { workspaceId: { __rl: true, mode: 'id', value: SALES.id } },
};

export const locatorId = byId;

export function runDomainOp(
	sandbox: Sandbox,
	sc: ScopeCase,
	operation: string,
	params: Record<string, unknown> = {},
	opts: { key?: string; keyToUse?: 'live' | 'test' } = {},
) {
	return runOperation(
		sandbox,
		'emailDomain',
		operation,
		{ ...sc.params, ...params },
		{ keyToUse: opts.keyToUse, liveApiKey: opts.key ?? sc.key, testApiKey: sc.testKey },
	);
}

export type Stage = 'added' | 'owned' | 'finalized' | 'ready' | 'primary';

let counter = 0;
export const uniqueDomain = (prefix = 'mail') =>
	`${prefix}${++counter}-${Date.now().toString(36)}.example.com`;

/** Adds a domain in the scope and walks it to `stage` (API calls + published DNS), then forgets those requests. */
export async function addDomain(
	sandbox: Sandbox,
	sc: ScopeCase,
	stage: Stage = 'added',
	domain = uniqueDomain(),
): Promise<{ id: string; domain: string }> {
	const store = emailDomainsOf(sandbox.state);
	const post = async (path: string, body?: unknown) => {
		const res = await call(sandbox, 'POST', path, { auth: sc.key, body });
		if (res.status >= 300)
			throw new Error(`fixture: POST ${path} → ${res.status} ${JSON.stringify(res.body)}`);
		return res.body;
	};
	const created = await post(sc.base, { domain });
	const id = created.domain.id as string;
	if (stage !== 'added') {
		store.publishOwnershipRecord(id);
		await post(`${sc.base}/${id}/verify-ownership`);
	}
	if (stage === 'finalized' || stage === 'ready' || stage === 'primary')
		await post(`${sc.base}/${id}/finalize`);
	if (stage === 'ready' || stage === 'primary') {
		store.publishDnsRecords(id);
		await post(`${sc.base}/${id}/verify-dns`);
	}
	if (stage === 'primary') await post(`${sc.base}/${id}/set-primary`);
	sandbox.clearRequests();
	return { id, domain };
}
