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
export {
	WEBHOOK_SECRETS,
	signatureHeader,
	type DeliveryRecord,
	type SandboxWebhooks,
	type SkippedDelivery,
	type WebhookRecord,
} from './webhooks';
export type { RequestContext, RouteDef, RouteResult, Handler } from './router';
export {
	SigningStore,
	type SigningRequestRecord,
	type TemplateRecord,
	type ParticipantRecord,
	type FieldRecord,
	type ListStatus,
} from './signing/models';
export type {
	SigningSimulator,
	SignOptions,
	SimulationResult,
	UploadedFile,
} from './signing/simulate';
export {
	buildPdf,
	simplePdf,
	countPdfPages,
	inspectPdf,
	pdfTextStrings,
	type PdfPageSpec,
} from './signing/pdf';
export { TEST_WATERMARK } from './signing/render';
export type {
	Fault,
	RateClass,
	RecordedRequest,
	SandboxClock,
	SandboxOptions,
	VersionInfo,
} from './types';
