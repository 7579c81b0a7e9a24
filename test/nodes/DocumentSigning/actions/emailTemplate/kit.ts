/**
 * Set-up of the Email Template tests: one sandbox per test file, a runner for the node (protected
 * key by default), and fixtures that store templates straight in the sandbox.
 */
import { DocumentSigning } from '../../../../../nodes/DocumentSigning/DocumentSigning.node';
import { resetRateLimiters } from '../../../../../nodes/DocumentSigning/transport';
import { runNode } from '../../../../helpers/n8n';
import type { Sandbox } from '../../../../sandbox';
import { SEED, startSandbox } from '../../../../sandbox';
import { emailTemplatesOf, type EmailType } from '../../../../sandbox/emailTemplates/store';

export { SEED, emailTemplatesOf };

export const PROTECTED = SEED.protectedWorkspace;
export const SALES = SEED.workspaces[0];
export const LEGAL = SEED.workspaces[1];

export const locatorId = (value: string) => ({ __rl: true, mode: 'id', value });
export const salesWorkspace = { workspaceId: locatorId(SALES.id) };

export function useSandbox(): { readonly sandbox: Sandbox } {
	const holder = {} as { sandbox: Sandbox };
	beforeAll(async () => {
		holder.sandbox = await startSandbox();
	});
	beforeEach(() => {
		holder.sandbox.clearRequests();
		resetRateLimiters();
	});
	afterAll(async () => await holder.sandbox.close());
	return holder;
}

export function runTemplateOp(
	sandbox: Sandbox,
	operation: string,
	params: Record<string, unknown> = {},
	opts: { key?: string; keyToUse?: 'live' | 'test' } = {},
) {
	return runNode({
		node: new DocumentSigning(),
		parameters: { resource: 'emailTemplate', operation, ...params },
		credentials: {
			documentSigningApi: {
				baseUrl: sandbox.url,
				keyToUse: opts.keyToUse ?? 'live',
				liveApiKey: opts.key ?? PROTECTED.liveKey,
				testApiKey: PROTECTED.testKey,
				apiVersion: 1,
			},
		},
	});
}

/** Stores a template directly (company when workspaceId is null). */
export function storeTemplate(
	sandbox: Sandbox,
	workspaceId: string | null,
	type: EmailType,
	subject = `Subject of ${type}`,
	body = '<p>{{signing_link}}</p>',
) {
	const store = emailTemplatesOf(sandbox.state);
	const map = workspaceId === null ? store.company : store.workspaceTemplates(workspaceId);
	return store.upsert(map, type, subject, body).record;
}

/** Forgets every stored template (tests of one file share a sandbox). */
export function clearTemplates(sandbox: Sandbox): void {
	const store = emailTemplatesOf(sandbox.state);
	store.company.clear();
	store.workspace.clear();
}

export function onlyRequest(sandbox: Sandbox) {
	expect(sandbox.requests).toHaveLength(1);
	return sandbox.requests[0];
}
