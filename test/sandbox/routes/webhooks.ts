/**
 * Webhooks (api-reference §3.6 H1–H10, §W; service-api.md "Events", "Limits").
 *
 * - GET    /webhooks                 list; with `workspace_id` that workspace's webhooks, without it
 *                                    only company-level ones (protected key). Filters: enabled,
 *                                    url (partial), event, created_after/before; sort_by url, enabled,
 *                                    created_on, last_changed_on, consecutive_failures; paginated.
 * - POST   /webhooks                 {url, events, workspace_id?, description?, enabled?} → 201.
 *                                    HTTPS only; plain http only to loopback (127.0.0.0/8, localhost,
 *                                    ::1) so local tests work. events: non-empty, every name from
 *                                    SUBSCRIBABLE_EVENT_TYPES (eventTypes.ts). Company-level needs the
 *                                    protected key. Sends a `webhook.test` ping (sandbox option).
 * - GET    /webhooks/:id             get
 * - PUT    /webhooks/:id (and PATCH) any of url, events, description, enabled; re-enabling resets
 *                                    consecutive_failures. workspace_id cannot change.
 * - DELETE /webhooks/:id             soft delete → {message}; again → 404
 * - POST   /webhooks/:id/test        test delivery now (ignores master switches) →
 *                                    {success, status_code, webhook_event_id, message, headers_sent}
 * - POST   /webhooks/rotate-secret   company secret (protected key), 1/min →
 *                                    {message, new_secret, old_secret_expires_at, rotated_at} (service-api.md)
 * - GET    /webhooks/secret-status   {created_at, last_rotated_at, grace_period_active, grace_period_ends_at}
 * - POST   /workspaces/:id/webhooks/rotate-secret   workspace secret → {message, new_secret,
 *                                    grace_period_hours, warning} (response-shapes.md); a second
 *                                    rotation within a minute → 429 "cooldown active"
 * - GET    /workspaces/:id/webhooks/secret-status   404 when the workspace has no secret yet
 * - GET/PUT /_sandbox/webhooks/master-switch        sandbox-only (outside the API pipeline, key
 *                                    checked here): read / set the company master switch ({enabled};
 *                                    protected key, else 403) or a workspace's ({enabled, workspace_id})
 */
import { randomUUID } from 'node:crypto';

import { requireProtectedKey, requireWorkspace } from '../access';
import { ApiError, notFound, unauthorized, validationError } from '../errors';
import { isSubscribableEventType } from '../eventTypes';
import { createdWithin, paginate, parseListQuery, sortBy } from '../pagination';
import type {
	InternalRequest,
	InternalResponse,
	RequestContext,
	RouteResult,
	Router,
} from '../router';
import { Validator, objectBody, queryBool } from '../validation';
import { SECRET_GRACE_HOURS, webhooksOf } from '../webhooks';
import type { WebhookRecord } from '../webhooks';

const SORT_FIELDS = [
	'url',
	'enabled',
	'created_on',
	'last_changed_on',
	'consecutive_failures',
] as const;
const URL_MAX = 2048;
const DESCRIPTION_MAX = 500;
const COMPANY_KEY_MESSAGE = 'Company-level webhooks need the protected workspace API key';

export function registerWebhookRoutes(router: Router): void {
	// Literal paths before /webhooks/:id.
	router.post('/webhooks/rotate-secret', rotateCompanySecret);
	router.get('/webhooks/secret-status', companySecretStatus);
	router.get('/webhooks', listWebhooks);
	router.post('/webhooks', createWebhook);
	router.get('/webhooks/:id', (ctx) => ({
		body: webhooksOf(ctx.state).store.toJson(requireWebhook(ctx)),
	}));
	router.put('/webhooks/:id', updateWebhook);
	router.patch('/webhooks/:id', updateWebhook);
	router.delete('/webhooks/:id', deleteWebhook);
	router.post('/webhooks/:id/test', testWebhook);
	// The workspace rotation's 1/min is its own per-workspace cooldown ("cooldown active").
	router.post('/workspaces/:id/webhooks/rotate-secret', rotateWorkspaceSecret, 'write');
	router.get('/workspaces/:id/webhooks/secret-status', workspaceSecretStatus);
	router.internal('GET', '/_sandbox/webhooks/master-switch', withAuth(readMasterSwitches));
	router.internal('PUT', '/_sandbox/webhooks/master-switch', withAuth(setMasterSwitch));
}

/**
 * `/_sandbox/webhooks/master-switch` lives outside the API pipeline (router.ts), so it
 * authenticates the key itself: any valid key may read; the company switch needs the protected key.
 */
function withAuth(handler: (ctx: RequestContext) => RouteResult) {
	return (req: InternalRequest): InternalResponse => {
		const state = req.state;
		const raw = (req.headers.authorization ?? '').trim();
		const auth = state.authenticate((/^bearer\s+(.+)$/i.exec(raw)?.[1] ?? raw).trim());
		if (!auth) throw unauthorized();
		const ctx: RequestContext = {
			method: req.method,
			path: req.path,
			params: req.params,
			query: req.query,
			headers: req.headers,
			body: req.body,
			rawBody: '',
			version: 1,
			auth,
			state,
			requestId: 'internal',
		};
		const result = handler(ctx);
		return { status: result.status, body: result.body, headers: result.headers };
	};
}

// ---- validation -------------------------------------------------------------------------------

/** 127.0.0.0/8, localhost and ::1: the only hosts plain http is accepted for. */
export function isLoopbackHost(hostname: string): boolean {
	const host = hostname.toLowerCase().replace(/^\[|\]$/g, '');
	if (host === 'localhost' || host === '::1') return true;
	const parts = host.split('.');
	return (
		parts.length === 4 &&
		parts[0] === '127' &&
		parts.every((p) => /^\d{1,3}$/.test(p) && Number(p) <= 255)
	);
}

function readUrl(v: Validator, raw: unknown, required: boolean): string | undefined {
	if (raw === undefined || raw === null)
		return required ? v.fail('url', 'url is required') : undefined;
	if (typeof raw !== 'string' || raw.trim() === '')
		return v.fail('url', 'url must be a non-empty string');
	const value = raw.trim();
	if (value.length > URL_MAX) return v.fail('url', `url must be at most ${URL_MAX} characters`);
	let parsed: URL;
	try {
		parsed = new URL(value);
	} catch {
		return v.fail('url', 'url must be an absolute URL');
	}
	if (parsed.protocol === 'https:') return value;
	if (parsed.protocol === 'http:' && isLoopbackHost(parsed.hostname)) return value;
	return v.fail('url', 'url must use HTTPS: webhooks are only delivered to https:// addresses');
}

function readEvents(v: Validator, raw: unknown, required: boolean): string[] | undefined {
	if (raw === undefined || raw === null)
		return required ? v.fail('events', 'events is required') : undefined;
	if (!Array.isArray(raw) || raw.length === 0)
		return v.fail('events', 'events must be a non-empty array of event names');
	const unknown = raw.filter((e) => !isSubscribableEventType(e));
	if (unknown.length > 0) {
		return v.fail('events', `Unknown event type(s): ${unknown.map((e) => String(e)).join(', ')}`);
	}
	return [...new Set(raw as string[])];
}

function readDescription(v: Validator, raw: unknown): string | null | undefined {
	if (raw === undefined) return undefined;
	if (raw === null) return null;
	if (typeof raw !== 'string') return v.fail('description', 'description must be a string');
	if (raw.length > DESCRIPTION_MAX) {
		return v.fail('description', `description must be at most ${DESCRIPTION_MAX} characters`);
	}
	return raw;
}

function readEnabled(v: Validator, raw: unknown): boolean | undefined {
	if (raw === undefined) return undefined;
	if (typeof raw !== 'boolean') return v.fail('enabled', 'enabled must be true or false');
	return raw;
}

/** The webhook `:id` if it exists (not deleted) and the caller may reach its scope. */
function requireWebhook(ctx: RequestContext): WebhookRecord {
	const record = webhooksOf(ctx.state).store.get(ctx.params.id);
	if (!record) throw notFound('Webhook');
	if (record.workspace_id === null) requireProtectedKey(ctx, COMPANY_KEY_MESSAGE);
	else requireWorkspace(ctx, record.workspace_id);
	return record;
}

// ---- handlers ---------------------------------------------------------------------------------

function listWebhooks(ctx: RequestContext) {
	const v = new Validator();
	const list = parseListQuery(v, ctx.query, SORT_FIELDS);
	const enabled = queryBool(v, ctx.query, 'enabled');
	v.throwIfInvalid();

	const workspaceId = ctx.query.workspace_id;
	if (workspaceId !== undefined && workspaceId !== '') requireWorkspace(ctx, workspaceId);
	else requireProtectedKey(ctx, COMPANY_KEY_MESSAGE);
	const scope = workspaceId ? workspaceId : null;

	const { store } = webhooksOf(ctx.state);
	let items = store.live().filter((w) => w.workspace_id === scope);
	if (enabled !== undefined) items = items.filter((w) => w.enabled === enabled);
	const url = ctx.query.url;
	if (url) items = items.filter((w) => w.url.toLowerCase().includes(url.toLowerCase()));
	const event = ctx.query.event;
	if (event) items = items.filter((w) => w.events.includes(event));
	items = createdWithin(items, (w) => Date.parse(w.created_at), list);

	const key: (w: WebhookRecord) => string | number | boolean =
		list.sortField === 'url'
			? (w) => w.url
			: list.sortField === 'enabled'
				? (w) => w.enabled
				: list.sortField === 'consecutive_failures'
					? (w) => w.consecutive_failures
					: list.sortField === 'last_changed_on'
						? (w) => Date.parse(w.updated_at)
						: (w) => Date.parse(w.created_at);
	items = sortBy(items, key, list.sortOrder, (w) => w.created_at);
	const page = paginate(items, list.page);
	return {
		body: { results: page.results.map((w) => store.toJson(w)), pagination: page.pagination },
	};
}

function createWebhook(ctx: RequestContext) {
	const body = objectBody(ctx.body);
	const v = new Validator();
	const url = readUrl(v, body.url, true);
	const events = readEvents(v, body.events, true);
	const description = readDescription(v, body.description);
	const enabled = readEnabled(v, body.enabled);
	const rawWorkspace = body.workspace_id;
	if (
		rawWorkspace !== undefined &&
		rawWorkspace !== null &&
		(typeof rawWorkspace !== 'string' || rawWorkspace === '')
	) {
		v.fail('workspace_id', 'workspace_id must be a workspace id');
	}
	v.throwIfInvalid();

	const workspaceId = typeof rawWorkspace === 'string' ? rawWorkspace : null;
	if (workspaceId) requireWorkspace(ctx, workspaceId);
	else requireProtectedKey(ctx, COMPANY_KEY_MESSAGE);

	const area = webhooksOf(ctx.state);
	const record = area.store.create({
		url: url as string,
		events: events as string[],
		workspaceId,
		description: description ?? null,
		enabled: enabled ?? true,
	});
	if (area.options.testOnCreate) area.engine.ping(record);
	return { status: 201, body: area.store.toJson(record) };
}

function updateWebhook(ctx: RequestContext) {
	const record = requireWebhook(ctx);
	const body = objectBody(ctx.body);
	const v = new Validator();
	const url = readUrl(v, body.url, false);
	const events = readEvents(v, body.events, false);
	const description = readDescription(v, body.description);
	const enabled = readEnabled(v, body.enabled);
	if ('workspace_id' in body && (body.workspace_id ?? null) !== record.workspace_id) {
		v.fail(
			'workspace_id',
			'workspace_id cannot be changed: create a new webhook for another scope',
		);
	}
	if (
		v.ok &&
		url === undefined &&
		events === undefined &&
		description === undefined &&
		enabled === undefined
	) {
		v.fail('body', 'Provide at least one field to update (url, events, description, enabled)');
	}
	v.throwIfInvalid();
	const { store } = webhooksOf(ctx.state);
	store.update(record, { url, events, description, enabled });
	return { body: store.toJson(record) };
}

function deleteWebhook(ctx: RequestContext) {
	const record = requireWebhook(ctx);
	webhooksOf(ctx.state).store.softDelete(record);
	return { body: { message: 'Webhook deleted' } };
}

async function testWebhook(ctx: RequestContext) {
	const record = requireWebhook(ctx);
	const delivery = await webhooksOf(ctx.state).engine.sendTest(record);
	const headersSent: Record<string, string> = {
		'X-Service-Event': delivery.headers['X-Service-Event'],
		'X-Service-Signature': delivery.headers['X-Service-Signature'],
		'X-Service-Delivery': delivery.headers['X-Service-Delivery'],
	};
	if (delivery.headers['X-Service-Signature-Old']) {
		headersSent['X-Service-Signature-Old'] = delivery.headers['X-Service-Signature-Old'];
	}
	return {
		body: {
			success: delivery.ok,
			// 0 when the receiver did not answer (the documented key is an integer).
			status_code: delivery.status ?? 0,
			// The id of the service's record of this test event (a uuid); the delivered envelope
			// carries the event id (evt_…) as its `id`.
			webhook_event_id: randomUUID(),
			message: delivery.ok
				? `Test event delivered (HTTP ${delivery.status})`
				: `Test delivery failed: ${delivery.error ?? 'no answer'}`,
			headers_sent: headersSent,
		},
	};
}

/**
 * The rotation answer. The company secret answers as service-api.md documents it
 * ({message, new_secret, old_secret_expires_at, rotated_at}); the workspace secret, which
 * service-api.md does not cover, as response-shapes.md does ({message, new_secret,
 * grace_period_hours, warning}). Both shapes are documented for the company secret.
 */
function rotationBody(
	result: { newSecret: string; oldSecretExpiresAt: number | null; rotatedAt: number },
	shape: 'company' | 'workspace',
) {
	if (shape === 'company') {
		return {
			message: 'Webhook signing secret rotated',
			new_secret: result.newSecret,
			old_secret_expires_at:
				result.oldSecretExpiresAt === null
					? null
					: new Date(result.oldSecretExpiresAt).toISOString(),
			rotated_at: new Date(result.rotatedAt).toISOString(),
		};
	}
	return {
		message: 'Webhook signing secret rotated',
		new_secret: result.newSecret,
		grace_period_hours: SECRET_GRACE_HOURS,
		warning:
			'Store the new secret now: it is not shown again. Deliveries carry X-Service-Signature-Old with the previous secret for 7 days.',
	};
}

function rotateCompanySecret(ctx: RequestContext) {
	requireProtectedKey(
		ctx,
		'Rotating the company webhook secret needs the protected workspace API key',
	);
	const outcome = webhooksOf(ctx.state).store.rotate('company');
	if (!outcome.ok) {
		throw new ApiError(
			429,
			{
				error: 'Rate Limit Exceeded',
				code: 'RATE_LIMITED',
				message: `Secret rotation is limited to 1 request per minute. Retry after ${outcome.retryAfterSeconds} second(s).`,
				details: { retry_after: outcome.retryAfterSeconds },
			},
			{ 'Retry-After': String(outcome.retryAfterSeconds) },
		);
	}
	return { body: rotationBody(outcome.result, 'company') };
}

function companySecretStatus(ctx: RequestContext) {
	requireProtectedKey(
		ctx,
		'The company webhook secret status needs the protected workspace API key',
	);
	const status = webhooksOf(ctx.state).store.secretStatusJson('company');
	if (!status) throw notFound('Webhook configuration');
	return { body: status };
}

function rotateWorkspaceSecret(ctx: RequestContext) {
	const ws = requireWorkspace(ctx, ctx.params.id);
	const outcome = webhooksOf(ctx.state).store.rotate(ws.id);
	if (!outcome.ok) {
		throw new ApiError(
			429,
			{
				error: 'cooldown active',
				code: 'COOLDOWN_ACTIVE',
				message: `The workspace webhook secret was rotated less than a minute ago. Retry after ${outcome.retryAfterSeconds} second(s).`,
				details: { retry_after: outcome.retryAfterSeconds },
			},
			{ 'Retry-After': String(outcome.retryAfterSeconds) },
		);
	}
	return { body: rotationBody(outcome.result, 'workspace') };
}

function workspaceSecretStatus(ctx: RequestContext) {
	const ws = requireWorkspace(ctx, ctx.params.id);
	const status = webhooksOf(ctx.state).store.secretStatusJson(ws.id);
	if (!status) throw notFound('Webhook configuration');
	return { body: status };
}

function readMasterSwitches(ctx: RequestContext) {
	const { store } = webhooksOf(ctx.state);
	const workspaces: Record<string, boolean> = {};
	for (const ws of ctx.state.visibleWorkspaces(ctx.auth)) workspaces[ws.id] = ws.webhook_enabled;
	return { body: { company: store.companyMasterSwitch, workspaces } };
}

function setMasterSwitch(ctx: RequestContext) {
	const body = objectBody(ctx.body);
	if (typeof body.enabled !== 'boolean')
		throw validationError({ enabled: 'enabled must be true or false' });
	const { store } = webhooksOf(ctx.state);
	if (typeof body.workspace_id === 'string' && body.workspace_id !== '') {
		const ws = requireWorkspace(ctx, body.workspace_id);
		store.setWorkspaceMasterSwitch(ws.id, body.enabled);
		return { body: { workspace_id: ws.id, enabled: ws.webhook_enabled } };
	}
	requireProtectedKey(
		ctx,
		'Toggling the company webhook master switch needs owner or admin rights (the protected workspace API key)',
	);
	store.setCompanyMasterSwitch(body.enabled);
	return { body: { company: store.companyMasterSwitch } };
}
