/**
 * Set-up of the Email Template tests: one sandbox per test file, a runner for the node (protected
 * key by default), and fixtures that store templates straight in the sandbox.
 */
import { byId, runOperation, SALES } from '../../../../kit';
import type { Sandbox } from '../../../../sandbox';
import { emailTemplatesOf, type EmailType } from '../../../../sandbox/emailTemplates/store';

export { LEGAL, PROTECTED, SALES, SEED, onlyRequest, useSandbox } from '../../../../kit';
export { emailTemplatesOf };

export const locatorId = byId;
export const salesWorkspace = { workspaceId: locatorId(SALES.id) };

/** Runs an Email Template operation (the protected live key unless `opts` says otherwise). */
export function runTemplateOp(
	sandbox: Sandbox,
	operation: string,
	params: Record<string, unknown> = {},
	opts: { key?: string; keyToUse?: 'live' | 'test' } = {},
) {
	return runOperation(sandbox, 'emailTemplate', operation, params, {
		keyToUse: opts.keyToUse,
		liveApiKey: opts.key,
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
