import { randomBytes } from 'crypto';
import type {
	IDataObject,
	IHookFunctions,
	IWebhookFunctions,
	IWebhookResponseData,
} from 'n8n-workflow';
import { LoggerProxy, NodeApiError, sleep } from 'n8n-workflow';

import { ENDPOINTS } from '../../../shared/endpoints';
import { normaliseEnvelope, parseBody, signingRequestIdOf } from '../../../shared/envelope';
import { respond } from '../../../shared/respond';
import {
	EVENT_HEADER,
	OLD_SIGNATURE_HEADER,
	rawBodyOf,
	SIGNATURE_HEADER,
	singleHeader,
} from '../../../shared/signature';
import { verifyWithCredential } from '../../../shared/verifyWithCredential';
import {
	callApi,
	callPages,
	getServiceCredentials,
	type Explainer,
	type TransportContext,
} from '../../../shared/transport';
import {
	callN8n,
	OP_HEADER,
	refuseUnverified,
	routerCall,
	ROUTER_OPS,
	type RouterOp,
} from './calls';
import { hub } from './hub';
import { companyWebhookRefused } from './scope';
import { fromStored, toStored, waitKeyOf, type Wait } from './waits';

/**
 * The router of a published workflow's Send and Wait node: its `setup` webhook (a production
 * webhook n8n registers when the workflow is published, at
 * `<WEBHOOK_URL>webhook/document-signing-send-and-wait/<workflow id>/<node id>`). DESIGN.md (this
 * folder) says why.
 *
 *  - The service delivers to it: one webhook per scope (company-level, or one workspace) whose
 *    deliveries the credential's secret verifies, subscribed to the final events. A delivery about
 *    a request one of its waits waits for is handed to that execution's resume URL as it came
 *    (hub.ts); any other is answered 200 at once. So an event costs one delivery into n8n, and one
 *    more for each wait it ends, whatever the number of waits.
 *  - Its static data keeps its waits (waits.ts `toStored`): n8n loads it from the database for
 *    every call and saves it after the call, before answering, so it is shared by every n8n
 *    process serving webhooks and survives restarts. Every call merges it into the hub of the
 *    process that serves it, and every call that changes it writes the hub's copy merged with what
 *    it loaded (n8n's saves are whole-object: a copy another call saved meanwhile is merged back by
 *    the next call; an ended wait stays ended).
 *  - Operations, signed with the credential's secret (calls.ts): a Send and Wait run registers its
 *    wait (`register`) before sending, or withdraws it (`unregister`) when sending failed; Catch Up
 *    After Restart and the node's activation `wake` it; the hub asks it to `flush` ends no call
 *    saved yet.
 */

/** The events that end a sent request (the request-level and the recipient-level decline). */
export const FINAL_EVENTS = [
	'signing_request.completed',
	'signing_request.declined',
	'signing_request.recipient.declined',
	'signing_request.cancelled',
	'signing_request.expired',
];

/** The router's path (below n8n's production webhook path), as the node's webhook names it. */
export const ROUTER_PATH_PREFIX = 'document-signing-send-and-wait';
/** How the router's webhooks are described at the service. */
export const ROUTER_DESCRIPTION_PREFIX = 'n8n Send and Wait: workflow ';
/** The scope key of company-level webhooks (others are keyed by their workspace id). */
export const COMPANY_SCOPE = 'company';
/** A router's webhook at the service is looked at again at most this often (a register call). */
const SUBSCRIPTION_CHECK_MS = 10 * 60_000;
/** Timings (tests lower them). */
export const routerTiming = {
	/** Ends not written into the router's static data yet wait this long for a write. */
	flushAfterMs: 20_000,
	/** A registration waits this long for its write to gather others (a burst: one write). */
	gatherMs: 100,
};
/**
 * n8n writes a workflow's static data whole: the router writes at most every this many
 * milliseconds per kilobyte its waits take there (about 0.3 KB each), so the bytes written stay
 * under about 100 KB a second however many waits there are (1,000 waits: a write every 3 s at
 * most); within 0.1 to 30 s. A registration waits for the next write.
 */
const WRITE_MS_PER_KB = 10;
const WRITE_EVERY_MIN_MS = 100;
const WRITE_EVERY_MAX_MS = 30_000;
/** A registration waits this long at most for its write; the start then goes on (logged). */
const WRITE_WAIT_MAX_MS = 60_000;
/** A failed write is tried again after this long. */
const WRITE_RETRY_MS = 5_000;
const DESCRIPTION_MAX = 500;

/** The router's part of the node's static data. */
export interface RouterData extends IDataObject {
	/** The router's URL as n8n gave it at activation. */
	routerUrl?: string;
	/** Its waits (waits.ts `toStored`), by wait key. */
	waits?: IDataObject;
	/** Changed at every write: a process that wrote it last need not merge it again. */
	stamp?: string;
	/** Its webhook at the service per scope: `company` or a workspace id → webhook id. */
	subscriptions?: IDataObject;
}

/** `<workflow id>/<node id>`. */
export function routerIdOf(context: {
	getWorkflow(): { id?: string };
	getNode(): { id: string };
}): string {
	return `${context.getWorkflow().id ?? ''}/${context.getNode().id}`;
}

interface RouterState {
	url: string;
	credential: string;
	/** The stamp of the static data this process last merged or wrote. */
	stamp?: string;
	/** Changes of this process not written into the static data yet (waits, ends). */
	dirty: boolean;
	/** When this process's last write was saved (ms). */
	wroteAt: number;
	/** A write call is scheduled or on its way. */
	writing: boolean;
	/** Registrations waiting for the next write to be saved. */
	waiters: Array<(saved: boolean) => void>;
}

const routers = new Map<string, RouterState>();
/** Ends the waits of pending flushes and wakes when this process forgets its routers. */
let forgetting = new AbortController();
const subscriptionChecks = new Map<string, number>();
const ensuring = new Map<string, Promise<string>>();

hub.onEnded((wait) => {
	if (!wait.router) return;
	const router = routers.get(wait.router);
	if (!router) return;
	router.dirty = true;
	scheduleWrite(wait.router, router);
});

/** The credential a node uses (its id), as the hub groups waits by. */
export function credentialIdOf(context: { getNode(): { credentials?: IDataObject } }): string {
	const credential = context.getNode().credentials?.documentSigningApi as IDataObject | undefined;
	return String(credential?.id ?? credential?.name ?? 'credential');
}

/**
 * A resume URL moved to the public address a router URL has now (n8n came back under another
 * WEBHOOK_URL): the waiting path (`<endpoint>/<execution id>/<node id>`) and query stay.
 */
export function rebase(resumeUrl: string, routerUrl: string): string {
	try {
		const resume = new URL(resumeUrl);
		const router = new URL(routerUrl);
		const routerParts = router.pathname.split('/');
		const at = routerParts.indexOf(ROUTER_PATH_PREFIX);
		if (at < 1) return resumeUrl;
		const waitingPath = resume.pathname.split('/').slice(-3);
		const pathname = [...routerParts.slice(0, at - 1), ...waitingPath].join('/');
		if (resume.origin === router.origin && resume.pathname === pathname) return resumeUrl;
		return `${router.origin}${pathname}${resume.search}`;
	} catch {
		return resumeUrl;
	}
}

/** Merges the router's static data into this process's hub (unless this process wrote it last). */
function absorb(context: IWebhookFunctions, data: RouterData, routerId: string): RouterState {
	const credential = credentialIdOf(context);
	let state = routers.get(routerId);
	if (!state) {
		// Its URL (n8n's address for it) is the same for every call this process gets.
		state = {
			url: context.getNodeWebhookUrl('setup') ?? '',
			credential,
			dirty: false,
			wroteAt: 0,
			writing: false,
			waiters: [],
		};
		routers.set(routerId, state);
	}
	state.credential = credential;
	hub.setActor(credential, { context, httpRequest: context.helpers.httpRequest });
	if (data.stamp !== undefined && data.stamp === state.stamp) return state;
	const stored = data.waits ?? {};
	for (const [key, value] of Object.entries(stored)) {
		const wait = fromStored(key, value, routerId);
		if (!wait) continue;
		hub.add({ ...wait, url: rebase(wait.url, state.url) }, { due: true });
	}
	// Another save (an older copy of the static data, saved whole by an execution or another
	// process) lost waits this process knows: they are written again.
	if (hub.waits.all((wait) => wait.router === routerId).some((wait) => !(wait.key in stored))) {
		state.dirty = true;
		scheduleWrite(routerId, state);
	}
	state.stamp = data.stamp;
	return state;
}

/** Writes the hub's copy of the router's waits (merged with what was loaded) into its static data. */
function persist(data: RouterData, routerId: string, state: RouterState): void {
	hub.waits.prune();
	const waits = hub.waits.all((wait) => wait.router === routerId);
	data.waits = Object.fromEntries(waits.map((wait) => [wait.key, toStored(wait)]));
	const stamp = randomBytes(8).toString('hex');
	data.stamp = stamp;
	state.stamp = stamp;
}

/** How long after its last write the router writes again (see WRITE_MS_PER_KB). */
function writeEvery(routerId: string): number {
	const kilobytes = (hub.waits.all((wait) => wait.router === routerId).length * 300) / 1024;
	return Math.min(WRITE_EVERY_MAX_MS, Math.max(WRITE_EVERY_MIN_MS, kilobytes * WRITE_MS_PER_KB));
}

/**
 * Writes this process's changes into the router's static data, by a `flush` call of the router's
 * URL: n8n saves a webhook's static data after the call, before answering a node's
 * `webhookResponse`, so the answer says it is saved. One write serves every change made before
 * it; at most one per `writeEvery`. Registrations wait for it (`waitForWrite`), ends do not.
 */
function scheduleWrite(routerId: string, state: RouterState, soon = false): void {
	if (state.writing) return;
	state.writing = true;
	const signal = forgetting.signal;
	void (async () => {
		try {
			for (let attempt = 1; ; attempt++) {
				const gather =
					soon || state.waiters.length > 0 ? routerTiming.gatherMs : routerTiming.flushAfterMs;
				const due = Math.max(gather, state.wroteAt + writeEvery(routerId) - Date.now());
				await sleep(due, signal).catch(() => undefined);
				if (signal.aborted) return;
				if (!state.dirty && state.waiters.length === 0) return;
				const waiters = state.waiters.splice(0);
				state.dirty = false;
				const waits = hub.waits.all((wait) => wait.router === routerId);
				try {
					// The changes go with the call: another process serving the router may take it.
					await callRouter(routerId, state, 'flush', {
						waits: Object.fromEntries(waits.map((wait) => [wait.key, toStored(wait)])),
					});
					state.wroteAt = Date.now();
					for (const saved of waiters) saved(true);
				} catch (error) {
					state.dirty = true;
					state.waiters.unshift(...waiters);
					if (attempt === 1 || attempt % 10 === 0)
						LoggerProxy.warn(
							`Send and Wait could not save its waits for workflow ${routerId.split('/')[0]} (${attempt} time(s)): ${(error as Error).message}. It tries again; meanwhile this process keeps them.`,
						);
					await sleep(WRITE_RETRY_MS, signal).catch(() => undefined);
				}
				if (!state.dirty && state.waiters.length === 0) return;
			}
		} finally {
			state.writing = false;
		}
	})();
}

/** Resolves once this process's changes so far are saved (true), or after WRITE_WAIT_MAX_MS (false). */
async function waitForWrite(routerId: string, state: RouterState): Promise<boolean> {
	state.dirty = true;
	const saved = new Promise<boolean>((resolve) => state.waiters.push(resolve));
	scheduleWrite(routerId, state, true);
	const signal = forgetting.signal;
	const late = sleep(WRITE_WAIT_MAX_MS, signal).then(
		() => false,
		() => false,
	);
	return await Promise.race([saved, late]);
}

async function callRouter(
	routerId: string,
	state: RouterState,
	op: RouterOp,
	body: IDataObject,
): Promise<void> {
	const actor = hub.actorFor(state.credential);
	if (!actor) return;
	const credentials = await getServiceCredentials.call(actor.context);
	const call = routerCall(String(credentials.webhookSigningSecret ?? ''), op, body);
	const result = await callN8n(actor.httpRequest, state.url, call.rawBody, call.headers);
	if (result.outcome !== 'done')
		throw new Error(`${op} of router ${routerId} answered ${result.status || result.detail}`);
}

/**
 * Makes sure the router has its webhook at the service in `scope`: adopts one with exactly its URL
 * (re-enabled and with the final events if needed; any duplicates removed), else creates it. Its
 * id goes into the static data. At most once per ten minutes and scope in a process; concurrent
 * callers share one check.
 */
export async function ensureSubscription(
	context: TransportContext,
	data: RouterData,
	routerId: string,
	routerUrl: string,
	scope: string,
): Promise<string> {
	const key = `${routerId}\n${scope}\n${routerUrl}`;
	const known = String((data.subscriptions ?? {})[scope] ?? '');
	const checkedAt = subscriptionChecks.get(key);
	if (known && checkedAt !== undefined && Date.now() - checkedAt < SUBSCRIPTION_CHECK_MS)
		return known;
	let pending = ensuring.get(key);
	if (!pending) {
		const explain = scope === COMPANY_SCOPE ? companyWebhookRefused : undefined;
		pending = subscribe(context, routerUrl, scope, explain).finally(() => ensuring.delete(key));
		ensuring.set(key, pending);
	}
	const id = await pending;
	subscriptionChecks.set(key, Date.now());
	// Written only when it changed: a call that changes the static data has n8n save it whole.
	if (known !== id) data.subscriptions = { ...(data.subscriptions ?? {}), [scope]: id };
	return id;
}

function descriptionOf(context: TransportContext): string {
	const workflow = context.getWorkflow();
	const instance = instanceOf(context);
	return `${ROUTER_DESCRIPTION_PREFIX}"${workflow.name ?? ''}" (${workflow.id ?? ''}), node "${context.getNode().name}"; n8n ${instance}`.slice(
		-DESCRIPTION_MAX,
	);
}

/** This n8n's instance id, short (the same for every process sharing its encryption key). */
export function instanceOf(context: { getInstanceId(): string }): string {
	return context.getInstanceId().slice(0, 12);
}

async function subscribe(
	context: TransportContext,
	routerUrl: string,
	scope: string,
	explain?: Explainer,
): Promise<string> {
	const scoped: IDataObject = scope === COMPANY_SCOPE ? {} : { workspace_id: scope };
	const listed = await callPages(context, ENDPOINTS.listWebhooks, {
		qs: { url: routerUrl, ...scoped },
		returnAll: true,
		explain,
	});
	const mine = listed.results.filter((webhook) => String(webhook.url ?? '') === routerUrl);
	const body = {
		url: routerUrl,
		events: FINAL_EVENTS,
		description: descriptionOf(context),
		enabled: true,
	};
	if (mine.length === 0) {
		const created = (
			await callApi(context, ENDPOINTS.createWebhook, { body: { ...body, ...scoped }, explain })
		).body;
		const id = String(created?.id ?? '');
		if (!id) throw new Error('The service did not return the id of the new webhook');
		return id;
	}
	const keep = mine.find((webhook) => webhook.enabled === true) ?? mine[0];
	const events = Array.isArray(keep.events) ? keep.events.map(String) : [];
	if (keep.enabled !== true || FINAL_EVENTS.some((event) => !events.includes(event))) {
		await callApi(context, ENDPOINTS.updateWebhook, {
			params: { id: String(keep.id) },
			body,
			explain,
		});
	}
	for (const extra of mine.filter((webhook) => webhook !== keep)) {
		await callApi(context, ENDPOINTS.deleteWebhook, { params: { id: String(extra.id) } }).catch(
			() => undefined,
		);
	}
	return String(keep.id);
}

/**
 * The headers that hand a delivery on as it came: its signatures and event type (not its delivery
 * id: the hand-on is n8n's own call, not the service's attempt).
 */
function deliveryHeaders(headers: Record<string, unknown>): Record<string, string> {
	const out: Record<string, string> = {};
	for (const name of [SIGNATURE_HEADER, OLD_SIGNATURE_HEADER, EVENT_HEADER]) {
		const value = singleHeader(headers, name).value;
		if (value !== undefined) out[name] = value;
	}
	return out;
}

/** The answer to a delivery: 200 at once (the service waits 5 s at most). */
function answer(context: IWebhookFunctions, body: IDataObject): IWebhookResponseData {
	return respond(context, 200, body);
}

/** The router's webhook(): a delivery of the service, or an operation of the package. */
export async function routerWebhook(this: IWebhookFunctions): Promise<IWebhookResponseData> {
	const routerId = routerIdOf(this);
	const data = this.getWorkflowStaticData('node') as RouterData;
	const state = absorb(this, data, routerId);
	const headers = this.getHeaderData() as Record<string, unknown>;
	const rawBody = rawBodyOf(this);
	const who = `Send and Wait of workflow "${this.getWorkflow().name ?? ''}"`;
	if (!rawBody) return refuseUnverified(this, { reason: 'raw_body_unavailable' }, who);
	const options = this.getNodeParameter('waitOptions', {}) as IDataObject;
	const verified = await verifyWithCredential(this, headers, rawBody, options.timestampTolerance);
	if (!verified.valid) return refuseUnverified(this, verified, who);
	const op = singleHeader(headers, OP_HEADER).value;
	if (op !== undefined) return await operation.call(this, op, rawBody, data, routerId, state);

	const envelope = normaliseEnvelope(parseBody(rawBody));
	if (!envelope.ok)
		return respond(this, 400, { error: 'Invalid payload', message: envelope.reason });
	const event = envelope.event;
	if (!FINAL_EVENTS.includes(event.type))
		return answer(this, { received: true, event_id: event.id, waits: 0 });
	const request = signingRequestIdOf(event);
	const waits = request ? hub.forward(routerId, request, rawBody, deliveryHeaders(headers)) : 0;
	return answer(this, { received: true, event_id: event.id, waits });
}

async function operation(
	this: IWebhookFunctions,
	op: string,
	rawBody: Buffer,
	data: RouterData,
	routerId: string,
	state: RouterState,
): Promise<IWebhookResponseData> {
	const body = parseBody(rawBody) ?? {};
	if (!(ROUTER_OPS as readonly string[]).includes(op) || body.op !== op)
		return respond(this, 400, { error: 'Unknown operation' });
	switch (op as RouterOp) {
		case 'register': {
			const key = String(body.key ?? '');
			const wait = fromStored(key, body.wait, routerId);
			if (!wait || waitKeyOf(wait.url) !== key) return respond(this, 400, { error: 'Not a wait' });
			const scope = String(body.scope ?? COMPANY_SCOPE);
			const subscribed = data.subscriptions?.[scope];
			try {
				await ensureSubscription(this, data, routerId, state.url, scope);
			} catch (error) {
				const description = (error as { description?: unknown }).description;
				return respond(this, error instanceof NodeApiError ? 502 : 500, {
					error: 'webhook',
					message: (error as Error).message,
					description: typeof description === 'string' ? description : '',
				});
			}
			hub.add({ ...wait, url: rebase(wait.url, state.url) });
			// Saved before the run sends: it is back after a restart or a crash. A call that changed
			// the static data (a new webhook's id) has n8n save it whole as the call ends, before
			// its answer: written here, with every wait; otherwise by the next write, awaited.
			if (data.subscriptions?.[scope] !== subscribed) {
				persist(data, routerId, state);
				return respond(this, 200, { registered: true, saved: true, router: routerId });
			}
			const saved = await waitForWrite(routerId, state);
			if (!saved)
				this.logger.warn(
					`Send and Wait of workflow "${this.getWorkflow().name ?? ''}": the wait for signing request ${wait.request} is not saved yet (its write is late); this process keeps it and writes it as soon as it can.`,
				);
			return respond(this, 200, { registered: true, saved, router: routerId });
		}
		case 'unregister': {
			hub.forget(String(body.key ?? ''));
			state.dirty = true;
			scheduleWrite(routerId, state, true);
			return respond(this, 200, { unregistered: true });
		}
		case 'wake': {
			const live = hub.waits.live().filter((wait) => wait.router === routerId);
			const scopes = [...new Set(live.map((wait) => wait.scope))];
			const failed: string[] = [];
			for (const scope of scopes) {
				await ensureSubscription(this, data, routerId, state.url, scope).catch((error: unknown) =>
					failed.push(`${scope}: ${(error as Error).message}`),
				);
			}
			if (failed.length > 0)
				this.logger.warn(
					`Send and Wait of workflow "${this.getWorkflow().name ?? ''}" could not check its webhook at the service (${failed.join('; ')}). Its waits are re-read meanwhile.`,
				);
			persist(data, routerId, state);
			return { webhookResponse: { waits: live.length, scopes: scopes.length } };
		}
		case 'flush': {
			// The waits of the process that asked (maybe another one), merged, then written: n8n
			// saves the static data before it answers this.
			for (const [key, value] of Object.entries((body.waits as IDataObject | undefined) ?? {})) {
				const wait = fromStored(key, value, routerId);
				if (wait) hub.add({ ...wait, url: rebase(wait.url, state.url) });
			}
			persist(data, routerId, state);
			return { webhookResponse: { flushed: true } };
		}
	}
	return respond(this, 400, { error: 'Unknown operation' });
}

/**
 * At activation (the `setup` webhook's checkExists): keeps the router's URL in the static data for
 * the node's runs, and when waits of an earlier publication are still there, wakes the router (in
 * the process that serves it) once it is served, so that their webhook at the service is there
 * again and they are re-read.
 */
export function activateRouter(this: IHookFunctions): void {
	const data = this.getWorkflowStaticData('node') as RouterData;
	const url = this.getNodeWebhookUrl('setup');
	if (url) data.routerUrl = url;
	const now = Date.now();
	const waiting = Object.values(data.waits ?? {}).some(
		(value) =>
			typeof value === 'object' &&
			value !== null &&
			(value as IDataObject).e === undefined &&
			Number((value as IDataObject).t) > now,
	);
	if (!url || !waiting) return;
	const node = this.getNode().name;
	const httpRequest = this.helpers.httpRequest;
	const credentials = getServiceCredentials.call(this);
	const signal = forgetting.signal;
	void (async () => {
		for (let attempt = 1; attempt <= 5; attempt++) {
			await sleep(attempt * 3_000, signal).catch(() => undefined);
			if (signal.aborted) return;
			const secret = String((await credentials).webhookSigningSecret ?? '');
			const call = routerCall(secret, 'wake', {});
			const result = await callN8n(httpRequest, url, call.rawBody, call.headers);
			if (result.outcome === 'done') return;
		}
		LoggerProxy.warn(
			`Send and Wait "${node}" could not wake its webhook at ${url} after its workflow was published: its earlier waits are re-read once Catch Up After Restart or the service's next delivery reaches it.`,
		);
	})().catch(() => undefined);
}

/**
 * At deactivation (the `setup` webhook's delete): removes the router's webhooks at the service.
 * Waits still running are re-read by the process that knows them until it stops.
 */
export async function deactivateRouter(this: IHookFunctions): Promise<void> {
	const data = this.getWorkflowStaticData('node') as RouterData;
	for (const id of Object.values(data.subscriptions ?? {})) {
		await callApi(this, ENDPOINTS.deleteWebhook, { params: { id: String(id) } }).catch(
			(error: unknown) => {
				if (!(error instanceof NodeApiError && String(error.httpCode) === '404'))
					LoggerProxy.warn(
						`Send and Wait "${this.getNode().name}" could not remove its webhook ${String(id)} at the service: ${(error as Error).message}`,
					);
			},
		);
	}
	delete data.subscriptions;
	delete data.routerUrl;
	subscriptionChecks.clear();
}

/** Forgets what this process knows of routers (tests; an n8n restart does the same). */
export function forgetRouters(): void {
	forgetting.abort();
	forgetting = new AbortController();
	routers.clear();
	subscriptionChecks.clear();
	ensuring.clear();
}

export type { Wait };
