/**
 * Local sandbox of the document-signing service: an in-memory HTTP server on 127.0.0.1.
 *
 *   const sandbox = await startSandbox({ rateLimitWindowMs: 2000 });
 *   await fetch(`${sandbox.url}/workspaces`, { headers: { Authorization: SEED.protectedWorkspace.liveKey } });
 *   await sandbox.close();
 *
 * Each `startSandbox` call has its own state, seeded from `SEED`.
 */
export { startSandbox, type Sandbox } from './server';
export { SEED, type SeedData, type SeedWorkspace } from './seed';
export { classifyRequest, DEFAULT_RATE_LIMITS, DEFAULT_RATE_WINDOW_MS } from './rateLimit';
export {
	SandboxState,
	KEY_GRACE_MS,
	maskKey,
	type AuthContext,
	type ApiKeyRecord,
	type CompanyRecord,
	type KeyType,
	type WorkspaceRecord,
} from './state';
export { ApiError, type ErrorBody } from './errors';
export { SandboxEvents, type SandboxEvent, type SandboxEventListener } from './events';
export type { RequestContext, RouteDef, RouteResult, Handler } from './router';
export type {
	Fault,
	RateClass,
	RecordedRequest,
	SandboxClock,
	SandboxOptions,
	VersionInfo,
} from './types';
