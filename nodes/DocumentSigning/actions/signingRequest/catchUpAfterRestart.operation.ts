import type {
	IDataObject,
	IExecuteFunctions,
	INodeExecutionData,
	INodeProperties,
} from 'n8n-workflow';
import { NodeApiError, NodeOperationError } from 'n8n-workflow';

import { ENDPOINTS } from '../../../shared/endpoints';
import { toSigningRequest } from '../../../shared/signingRequest';
import { callApi, callPages, getServiceCredentials } from '../../../shared/transport';
import { TRIGGER_DESCRIPTION_PREFIX, wakeTrigger, type WakeOutcome } from '../../../shared/wake';
import {
	callN8n,
	credentialIdOf,
	FINAL_EVENTS,
	hub,
	instanceOf,
	REQUEST_PARAM,
	REREAD_PARAM,
	ROUTER_DESCRIPTION_PREFIX,
	ROUTER_PATH_PREFIX,
	routerCall,
	waitKeyOf,
	withoutQuery,
} from '../../domain/waiting';
import type { OperationMeta } from '../types';

/**
 * Catch Up After Restart: what a user adds so that the package's guarantees come back by themselves
 * after n8n restarted. Not an operation of the API (`meta.composite`).
 *
 * Why it exists: n8n 2.41.1 runs no code of this package when it starts (docs/DESIGN.md, item 10):
 * its publication reconciler re-activates only workflows whose in-memory triggers (a trigger() or
 * poll()) are missing, and activating those calls nothing of a webhook node or of the action node.
 * So after a restart
 *  - no process re-reads Send and Wait's waits (domain/waiting: their routers keep them in static
 *    data, but re-reads run only in a process a router call reached), so a wait whose delivery was
 *    lost while n8n was away would wait until its time limit;
 *  - the Document Signing Trigger catches up only at its next request (DocumentSigningTrigger/
 *    catchUp.ts), which may come days later.
 * n8n's Schedule Trigger is an in-memory trigger, so n8n starts it again by itself: run by it (the
 * example workflow catch-up-after-restart.json, every minute), this operation
 *  1. lists this n8n's webhooks at the service, company-level and of every workspace the key can
 *     list: the first run in a process and then at most every `LIST_EVERY_MS` per credential
 *     (other runs reuse what was found). Send and Wait's routers are found by this n8n's instance
 *     id in their description, wherever they point: one that n8n's public address no longer
 *     reaches (n8n came back under another WEBHOOK_URL) is moved to the current address, and one
 *     the service disabled is enabled again;
 *  2. wakes each router (a signed call of its URL): the process serving it reads its waits back
 *     and re-reads them at once; and each Document Signing Trigger (../../../shared/wake.ts),
 *     whose catch-up runs in the process that serves its URL, once per process;
 *  3. hands waits of versions before 0.3 (a webhook each, at their resume URL) to this process's
 *     re-reads and removes their webhooks once they are over.
 * It fails, so that the run shows as a failed execution, when n8n cannot reach its own webhook
 * address (a reverse proxy that does not forward n8n's own calls, a WEBHOOK_URL n8n cannot reach),
 * or when the service refuses the listing.
 */

export const meta: OperationMeta = {
	value: 'catchUpAfterRestart',
	name: 'Catch Up After Restart',
	action: 'Catch up after restart on missed signing events',
	subtitle: 'Catch up after an n8n restart',
	description:
		'After an n8n restart: re-read waiting Send and Wait executions and let triggers catch up. Run it every minute.',
	toolDescription:
		'Do not use: this is upkeep for n8n itself, run by a Schedule Trigger after n8n restarts; it neither reads nor changes any signing request for you. To learn whether a request was signed, use "Get a signing request".',
	method: 'GET',
	path: '/webhooks',
	composite: {
		calls: ['GET /webhooks', 'GET /workspaces', 'PUT /webhooks/{id}', 'DELETE /webhooks/{id}'],
		reason:
			"n8n 2.41.1 runs no code of the package when it starts: this lists this n8n's webhooks at the service, wakes Send and Wait's routers (moving them to n8n's current address) and each Document Signing Trigger so that it catches up",
	},
	output: {
		answer: false,
		keyMode: false,
		fields: {
			waiting_executions: { type: 'integer', minimum: 0 },
			send_and_wait: {
				type: 'array',
				items: {
					type: 'object',
					properties: {
						workflow: { type: 'string' },
						waiting_executions: { type: 'integer', minimum: 0 },
						moved_to_current_address: { type: 'boolean' },
					},
					required: ['workflow', 'waiting_executions', 'moved_to_current_address'],
				},
			},
			triggers: {
				type: 'array',
				items: {
					type: 'object',
					properties: {
						workflow: { type: 'string' },
						catch_up: {
							type: 'string',
							enum: ['started', 'running', 'done', 'failed', 'off', 'inactive'],
						},
					},
					required: ['workflow', 'catch_up'],
				},
			},
			listed_at: { type: 'string', format: 'date-time' },
			listed_now: { type: 'boolean' },
		},
	},
};

export const description: INodeProperties[] = [
	{
		displayName:
			'Put this node after a Schedule Trigger (every minute) in a workflow of its own and publish it. If you use Send and Wait or the Document Signing Trigger and n8n restarts (upgrades, crashes, container moves), n8n starts its schedules again by itself but nothing of this package: this picks up waiting Send and Wait executions again and lets each trigger catch up on the events it missed. It fails when n8n cannot reach its own webhook address. It lists the webhooks at the service at most every 10 minutes.',
		name: 'catchUpAfterRestartNotice',
		type: 'notice',
		default: '',
	},
];

/** How often a process lists the service's webhooks again for one credential (see the top). */
export const LIST_EVERY_MS = 10 * 60_000;
/** A webhook of a wait of an earlier version is removed this long after its time limit. */
const LEGACY_GRACE_MS = 60_000;
/** How earlier versions described a wait's own webhook: `… signing request <id>, until <ISO>`. */
const LEGACY_PREFIX = 'n8n Send and Wait: signing request ';

interface Router {
	/** Its webhook at the service, and the URL it should have now. */
	webhook: IDataObject;
	url: string;
	workflow: string;
	moved: boolean;
}

interface OwnTrigger {
	url: string;
	workflow: string;
}

interface LegacyWait {
	webhookId: string;
	url: string;
	until: number;
}

interface Listing {
	at: number;
	routers: Router[];
	triggers: OwnTrigger[];
	legacy: LegacyWait[];
}

/** The last listing per credential and webhook address, in this process. */
const listings = new Map<string, Listing>();

/** Forgets the listings of this process, as an n8n restart does (tests). */
export function forgetListings(): void {
	listings.clear();
}

/**
 * This n8n's addresses, from an execution's resume URL (`$execution.resumeUrl`:
 * <WEBHOOK_URL>webhook-waiting/<execution id>): its waiting-webhook base (…/webhook-waiting) and
 * its webhook address (WEBHOOK_URL itself).
 */
export function ownBases(resumeUrl: string): { waitingBase: string; urlBase: string } {
	const url = new URL(resumeUrl);
	url.search = '';
	url.hash = '';
	const path = url.pathname.replace(/\/+$/, '');
	url.pathname = path.slice(0, path.lastIndexOf('/'));
	const waitingBase = url.toString();
	url.pathname = `${url.pathname.slice(0, url.pathname.lastIndexOf('/'))}/`;
	return { waitingBase, urlBase: url.toString() };
}

/** A router's URL at this n8n's current address (its path below the address stays). */
export function routerUrlAt(url: string, urlBase: string): string | undefined {
	const marker = `/${ROUTER_PATH_PREFIX}/`;
	let parsed: URL;
	try {
		parsed = new URL(url);
	} catch {
		return undefined;
	}
	const at = parsed.pathname.indexOf(marker);
	if (at < 0) return undefined;
	// `<endpoint>/document-signing-send-and-wait/<workflow>/<node>`: the endpoint segment stays.
	const before = parsed.pathname.slice(0, at);
	const endpoint = before.slice(before.lastIndexOf('/') + 1);
	return `${urlBase}${endpoint}${parsed.pathname.slice(at)}`;
}

/** `… signing request <id>, until <ISO>` (versions before 0.3) → the time the wait ends (ms). */
export function legacyWaitEnd(description: unknown): number | undefined {
	if (typeof description !== 'string' || !description.startsWith(LEGACY_PREFIX)) return;
	const match = / until (\S+)$/.exec(description);
	const ms = match ? Date.parse(match[1]) : NaN;
	return Number.isFinite(ms) ? ms : undefined;
}

/** What a webhook of the service is to this n8n: a router, a trigger's, an earlier wait's, or none. */
export function classify(
	webhook: IDataObject,
	bases: { waitingBase: string; urlBase: string },
	instance: string,
): { router: Router } | { trigger: OwnTrigger } | { legacy: LegacyWait } | undefined {
	const url = String(webhook.url ?? '');
	const text = String(webhook.description ?? '');
	if (text.startsWith(ROUTER_DESCRIPTION_PREFIX) && text.endsWith(`; n8n ${instance}`)) {
		const current = routerUrlAt(url, bases.urlBase);
		if (!current) return undefined;
		const name = /^"(.*)" \([^)]*\), node /.exec(text.slice(ROUTER_DESCRIPTION_PREFIX.length));
		return {
			router: { webhook, url: current, workflow: name ? name[1] : '', moved: current !== url },
		};
	}
	if (url.startsWith(`${bases.waitingBase}/`)) {
		const until = legacyWaitEnd(text);
		return until === undefined
			? undefined
			: { legacy: { webhookId: String(webhook.id ?? ''), url, until } };
	}
	const path = url.slice(bases.urlBase.length).split(/[?#]/)[0];
	if (
		url.startsWith(bases.urlBase) &&
		text.startsWith(TRIGGER_DESCRIPTION_PREFIX) &&
		/^[^?#]+\/[^/]+\/webhook$/.test(path)
	)
		return { trigger: { url, workflow: text.slice(TRIGGER_DESCRIPTION_PREFIX.length) } };
	return undefined;
}

function httpCodeOf(error: unknown): string | undefined {
	return error instanceof NodeApiError ? String(error.httpCode) : undefined;
}

/**
 * This n8n's routers, triggers and earlier waits at the service: company-level webhooks (only the
 * protected workspace's key may list them; another key's 403 means none to see) and those of every
 * workspace the key lists (one read of each list: routers may point at any address).
 */
async function listOwn(
	context: IExecuteFunctions,
	bases: { waitingBase: string; urlBase: string },
	now: number,
): Promise<Listing> {
	// Every webhook of a scope: routers may point at an address n8n no longer has.
	const list = async (workspaceId: string | null) => {
		const qs: IDataObject = {};
		if (workspaceId) qs.workspace_id = workspaceId;
		return (await callPages(context, ENDPOINTS.listWebhooks, { qs, returnAll: true })).results;
	};
	const company = await list(null).catch((error: unknown) => {
		if (httpCodeOf(error) === '403') return [] as IDataObject[];
		throw error;
	});
	const workspaces = (
		await callPages(context, ENDPOINTS.listWorkspaces, { qs: {}, returnAll: true })
	).results;
	const webhooks = [...company];
	for (const workspace of workspaces) {
		const id = String(workspace.id ?? '');
		if (id) webhooks.push(...(await list(id)));
	}
	const listing: Listing = { at: now, routers: [], triggers: [], legacy: [] };
	const instance = instanceOf(context);
	const seen = new Set<string>();
	for (const webhook of webhooks) {
		const id = String(webhook.id ?? '');
		if (seen.has(id)) continue;
		seen.add(id);
		const found = classify(webhook, bases, instance);
		if (!found) continue;
		if ('router' in found) listing.routers.push(found.router);
		else if ('legacy' in found) listing.legacy.push(found.legacy);
		else if (!listing.triggers.some((t) => t.url === found.trigger.url))
			listing.triggers.push(found.trigger);
	}
	return listing;
}

/** A router the service disabled, or that points at an address n8n no longer has: set right. */
async function setRight(context: IExecuteFunctions, router: Router): Promise<void> {
	if (!router.moved && router.webhook.enabled === true) return;
	await callApi(context, ENDPOINTS.updateWebhook, {
		params: { id: String(router.webhook.id) },
		body: {
			url: router.url,
			events: FINAL_EVENTS,
			description: String(router.webhook.description ?? ''),
			enabled: true,
		},
	});
	router.webhook = { ...router.webhook, url: router.url, enabled: true };
	router.moved = false;
}

/**
 * A wait of an earlier version (its own webhook at its resume URL): handed to this process's
 * re-reads (once: its request read for its workspace); its webhook removed once it is over (true).
 */
async function takeOverLegacy(
	context: IExecuteFunctions,
	wait: LegacyWait,
	now: number,
): Promise<boolean> {
	const key = waitKeyOf(wait.url);
	const known = hub.waits.get(key);
	if (wait.until + LEGACY_GRACE_MS <= now || known?.ended !== undefined) {
		await callApi(context, ENDPOINTS.deleteWebhook, { params: { id: wait.webhookId } }).catch(
			(error: unknown) => {
				if (httpCodeOf(error) !== '404') throw error;
			},
		);
		return true;
	}
	if (known) return false;
	const query = new URL(wait.url).searchParams;
	const request = query.get(REQUEST_PARAM) ?? '';
	if (!request) return false;
	const detail = (await callApi(context, ENDPOINTS.getSigningRequest, { params: { id: request } }))
		.body;
	const sentAt = Date.parse(String(toSigningRequest(detail).sent_at ?? ''));
	hub.setActor(credentialIdOf(context), { context, httpRequest: context.helpers.httpRequest });
	hub.add(
		{
			key,
			request,
			url: wait.url,
			until: wait.until,
			interval: Math.max(1, Number(query.get(REREAD_PARAM) ?? 5) || 5) * 60_000,
			workspace: String(detail.companies_workspaces_id ?? ''),
			scope: query.get('workspace_id') ?? 'company',
			credential: credentialIdOf(context),
			since: Number.isFinite(sentAt) ? sentAt : now - 30 * 86_400_000,
			workflow: '',
		},
		{ due: true },
	);
	return false;
}

export async function execute(this: IExecuteFunctions, i: number): Promise<INodeExecutionData[]> {
	const node = this.getNode();
	// Checks that a credential is chosen and readable, before anything else.
	const credentials = await getServiceCredentials.call(this, i);
	const resumeUrl = this.getWorkflowDataProxy(i).$execution?.resumeUrl;
	if (typeof resumeUrl !== 'string' || resumeUrl === '')
		throw new NodeOperationError(node, 'n8n gave this execution no resume URL');
	const bases = ownBases(resumeUrl);
	const key = `${credentialIdOf(this)}|${bases.urlBase}`;
	const now = Date.now();
	let listing = listings.get(key);
	const listedNow = listing === undefined || now - listing.at >= LIST_EVERY_MS;
	if (listedNow) {
		listing = await listOwn(this, bases, now);
		listings.set(key, listing);
	}
	const { routers, triggers, legacy } = listing as Listing;

	const unreachable: string[] = [];
	// 1-2. Each Send and Wait router: set right at the service, then woken where it is served.
	const secret = String(credentials.webhookSigningSecret ?? '');
	const sendAndWait: IDataObject[] = [];
	let waiting = 0;
	for (const router of routers) {
		const moved = router.moved;
		await setRight(this, router);
		const call = routerCall(secret, 'wake', {});
		const result = await callN8n(this.helpers.httpRequest, router.url, call.rawBody, call.headers);
		if (result.outcome === 'failed') {
			unreachable.push(
				`the Send and Wait webhook of workflow "${router.workflow}" (${withoutQuery(router.url)}: ${result.detail ?? ''})`,
			);
			continue;
		}
		const waits = Number(((result.body ?? {}) as IDataObject).waits ?? 0) || 0;
		waiting += waits;
		sendAndWait.push({
			workflow: router.workflow,
			waiting_executions: waits,
			moved_to_current_address: moved,
		});
	}
	// 3. Waits of earlier versions (their webhooks go once they are over).
	for (const wait of [...legacy]) {
		if (await takeOverLegacy(this, wait, now)) legacy.splice(legacy.indexOf(wait), 1);
	}
	waiting += hub.waits.live().filter((wait) => !wait.router).length;

	// Each trigger of this n8n catches up in the process that serves it.
	const woken: Array<{ workflow: string; catch_up: string }> = [];
	for (const trigger of triggers) {
		const outcome: WakeOutcome = await wakeTrigger(this.helpers.httpRequest, trigger.url);
		if (!outcome.reached) {
			unreachable.push(
				`the webhook of workflow "${trigger.workflow}" (${trigger.url}: ${outcome.detail})`,
			);
			continue;
		}
		woken.push({ workflow: trigger.workflow, catch_up: outcome.state });
	}

	if (unreachable.length > 0) {
		throw new NodeOperationError(
			node,
			`n8n could not reach its own webhook address ${bases.urlBase}`,
			{
				description: `No answer from n8n for ${unreachable.join('; ')}. n8n calls its own public webhook address (WEBHOOK_URL) to pick up waiting Send and Wait executions and to let Document Signing Triggers catch up: that address must also be reachable from n8n itself, and a reverse proxy in front of n8n must forward n8n's own calls to it. Until then, waits whose delivery was lost end only at their time limit, and triggers do not catch up on what they missed while n8n was away.`,
			},
		);
	}

	return [
		{
			json: {
				waiting_executions: waiting,
				send_and_wait: sendAndWait,
				triggers: woken,
				listed_at: new Date((listing as Listing).at).toISOString(),
				listed_now: listedNow,
			},
		},
	];
}
