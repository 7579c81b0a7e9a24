/**
 * Access checks shared by route files.
 */
import { forbidden, notFound } from './errors';
import type { RequestContext } from './router';
import type { WorkspaceRecord } from './state';

/**
 * The workspace `id` if the caller may act on it.
 * Unknown id (or another company's) → 404 "Workspace not found";
 * a non-protected key on another workspace of its company → 403.
 */
export function requireWorkspace(ctx: RequestContext, id: string): WorkspaceRecord {
	const ws = ctx.state.getWorkspace(id);
	if (!ws || ws.companyId !== ctx.auth.company.id) throw notFound('Workspace');
	if (!ctx.state.canAccessWorkspace(ctx.auth, id)) {
		throw forbidden('This API key can only access its own workspace');
	}
	return ws;
}

/** Only keys of the protected workspace (company-level access) may continue; others get 403. */
export function requireProtectedKey(
	ctx: RequestContext,
	message = 'This operation requires the protected workspace API key',
): void {
	if (!ctx.auth.isProtected) throw forbidden(message);
}

/** True when the request was made with a test key (no credits, test-flagged documents). */
export function isTestMode(ctx: RequestContext): boolean {
	return ctx.auth.testMode;
}
