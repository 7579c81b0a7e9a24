/**
 * Public types of the local sandbox of the document-signing service.
 * Re-exported from `./index.ts`; import them from there.
 */

/** Rate-limit class of a request. Exactly one class applies to each request. */
export type RateClass =
	| 'read'
	| 'write'
	| 'webhook'
	| 'webhookTest'
	| 'keyRotation'
	| 'secretRotation'
	| 'signerAsset';

/** Lifecycle state of one API version (X-API-Version header value). */
export interface VersionInfo {
	status: 'active' | 'deprecated' | 'sunset';
	/** ISO date-time; sent as the `Deprecation` header (HTTP-date) while deprecated. */
	deprecatedAt?: string;
	/** ISO date-time; sent as the `Sunset` header (HTTP-date) while deprecated. */
	sunsetAt?: string;
	/** Sent as `X-Deprecated-Message` while deprecated, and used in the 410 message once sunset. */
	message?: string;
}

export interface SandboxOptions {
	/** Default 0 (random free port). */
	port?: number;
	/** Default '127.0.0.1'. */
	host?: string;
	/** Length of the fixed rate-limit window. Default 60_000. */
	rateLimitWindowMs?: number;
	/** Per-window limits. Defaults: read 200, write 120, webhook 60, webhookTest 10, keyRotation 1, secretRotation 1. */
	rateLimits?: Partial<Record<RateClass, number>>;
	/** Default `{ 1: { status: 'active' } }`. */
	versions?: Record<number, VersionInfo>;
	/** Version applied when the X-API-Version header is absent. Default 1. */
	currentVersion?: number;
	/** Company credits at start. Default 100. */
	startingCredits?: number;
	/**
	 * Simulated signers sign by themselves: this many ms (real time) after a signing request is
	 * sent, the recipients at the current order sign, then the next order after another delay.
	 * Default off. CLI: `--auto-sign <ms>` or SANDBOX_AUTO_SIGN_MS.
	 */
	autoSignAfterMs?: number;
	/**
	 * Multiplies the webhook retry delays (+5 min, +1 h). Default 1; tests use e.g. 0.00001
	 * (3 ms, 36 ms).
	 */
	webhookRetryScale?: number;
	/** How long a webhook delivery may take before it counts as failed. Default 5000 ms. */
	webhookTimeoutMs?: number;
	/** Send a `webhook.test` ping to a webhook when it is created, as the service does. Default true. */
	webhookTestOnCreate?: boolean;
}

export interface RecordedRequest {
	method: string;
	/** Path without the query string, e.g. `/workspaces/123`. */
	path: string;
	query: Record<string, string>;
	/** Header names in lower case. */
	headers: Record<string, string>;
	/** Parsed JSON body; `undefined` when the body is empty or not valid JSON. */
	body: unknown;
	rawBody: string;
	/** Status sent; 0 when no response was sent (a 'reset' fault, or still in flight). */
	status: number;
	/** JSON body answered; undefined when none was sent or a fault answered with a string. */
	responseBody?: unknown;
	/** True when an injected 'status' fault answered (not the service's behaviour). */
	injected?: boolean;
	/** Sandbox clock time (ms) at which the request arrived. */
	at: number;
	/** Value of the X-Request-Id response header. */
	requestId: string;
}

export interface Fault {
	/** Matches case-insensitively; omitted = any method. */
	method?: string;
	/** A string matches the path exactly (no query string); a RegExp is tested against the path. Omitted = any path. */
	path?: string | RegExp;
	/**
	 * 'status': answer with `status` (default 500), `body` and `headers` without processing the request.
	 * 'reset': destroy the socket without any response (request not processed).
	 * 'delay': wait `delayMs`, then process and answer normally.
	 */
	kind: 'status' | 'reset' | 'delay';
	status?: number;
	body?: unknown;
	headers?: Record<string, string>;
	delayMs?: number;
	/** How many matching requests the fault applies to. Default 1. */
	times?: number;
}

export interface SandboxClock {
	/** Sandbox time in ms: Date.now() + offset. */
	now(): number;
	/** Moves sandbox time forward (affects key expiry, timestamps and rate-limit windows). */
	advance(ms: number): void;
}
