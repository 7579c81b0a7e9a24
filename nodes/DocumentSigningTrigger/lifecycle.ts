import type { IDataObject, IHookFunctions, INode } from 'n8n-workflow';
import { NodeApiError, NodeOperationError } from 'n8n-workflow';

import { readEventNames } from '../shared/eventNames';
import { ALL_LISTED_EVENTS_NAME, SEED_EVENT_TYPES } from '../shared/events';
import { ENDPOINTS } from '../shared/endpoints';
import { callApi, callPages, getServiceCredentials } from '../shared/transport';
import { checkDeliveryUrl } from '../shared/url';
import { TRIGGER_DESCRIPTION_PREFIX } from '../shared/wake';

/**
 * Registration of the node's webhook at the service (n8n webhookMethods), modelled on n8n's
 * Stripe trigger: the webhook id lives in the node's static data (`webhookId`).
 *
 * n8n (WebhookService.createWebhookIfNotExists) calls `checkExists` on every activation
 * (activating, restart, leadership change, "Listen for test event") and `create` only when it
 * answered false; `delete` on deactivation. "Listen for test event" runs the same with the test URL
 * and throw-away static data.
 *
 * The service's Webhook answer does not say whose it is (company or a workspace): the list does,
 * `GET /webhooks?workspace_id=…` listing a workspace's webhooks and `GET /webhooks` the company's.
 * So the scope the webhook was made for is kept beside its id (`webhookScope`), and a stored id
 * without it (kept by an older version) is looked up in the configured scope's list.
 *
 * `checkExists` only reads: it answers true when our webhook is there exactly as configured
 * (adopting a leftover with this URL into the static data), and changes nothing at the service.
 * Everything that changes the service happens in `create`: updating our webhook in place (events,
 * URL, re-enabling), replacing it when the scope changed, removing duplicates, or creating it.
 */

/** The "All Listed Events" choice of the event picker: the service's event list (shared/events.ts). */
export const ALL_EVENTS = '*';
/** "n8n: <workflow name>": how Catch Up After Restart finds the triggers' webhooks (../shared/wake.ts). */
export const DESCRIPTION_PREFIX = TRIGGER_DESCRIPTION_PREFIX;
const DESCRIPTION_MAX = 500;

/** The documented keys of a Webhook answer this node reads. */
export interface WebhookRemote extends IDataObject {
	id: string;
	url: string;
	events: string[];
	enabled: boolean;
}

export interface TriggerConfig {
	url: string;
	events: string[];
	workspaceId: string | null;
	description: string;
}

/** Selected events plus the free-text names, with "*" expanded to the documented list; no duplicates. */
export function resolveEvents(node: INode, selected: unknown, additional: unknown): string[] {
	const picked = Array.isArray(selected) ? selected.map(String) : [];
	const expanded = picked.flatMap((name) => (name === ALL_EVENTS ? [...SEED_EVENT_TYPES] : [name]));
	return readEventNames(node, expanded, additional, {
		testEventHint:
			'Test deliveries reach every webhook anyway; the "Test Deliveries" option decides whether they start the workflow.',
	});
}

export function sameEvents(a: readonly string[], b: readonly string[]): boolean {
	const left = new Set(a);
	const right = new Set(b);
	return left.size === right.size && [...left].every((event) => right.has(event));
}

function isNotFound(error: unknown): boolean {
	return error instanceof NodeApiError && String(error.httpCode) === '404';
}

/** Everything activation needs, checked before anything is sent to the service. */
export async function triggerConfig(this: IHookFunctions): Promise<TriggerConfig> {
	const node = this.getNode();
	const url = checkDeliveryUrl(node, this.getNodeWebhookUrl('default'));

	const events = resolveEvents(
		node,
		this.getNodeParameter('events', []),
		this.getNodeParameter('additionalEvents', ''),
	);
	if (events.length === 0) {
		throw new NodeOperationError(node, 'Choose at least one event', {
			description: `Pick the events that should start this workflow (or "${ALL_LISTED_EVENTS_NAME}").`,
		});
	}

	let workspaceId: string | null = null;
	if (this.getNodeParameter('scope', 'company') === 'workspace') {
		workspaceId = String(
			this.getNodeParameter('workspace', '', { extractValue: true }) ?? '',
		).trim();
		if (!workspaceId) {
			throw new NodeOperationError(
				node,
				'Choose the workspace whose events should start this workflow',
			);
		}
	}

	if (this.getNodeParameter('verifySignatures', true) !== false) {
		const credentials = await getServiceCredentials.call(this);
		if (!String(credentials.webhookSigningSecret ?? '').trim()) {
			throw new NodeOperationError(
				node,
				'No Webhook Signing Secret in the Document Signing API credential',
				{
					description:
						'This trigger verifies every delivery with the webhook signing secret (of the company for company-wide webhooks, of the workspace for workspace webhooks). Copy it from the service dashboard (or from the new_secret of Rotate Secret) into "Webhook Signing Secret" in the credential. Only if you accept unverified deliveries, turn off "Verify Signatures".',
				},
			);
		}
	}

	const workflowName = this.getWorkflow().name ?? 'workflow';
	return {
		url,
		events,
		workspaceId,
		description: `${DESCRIPTION_PREFIX}${workflowName}`.slice(0, DESCRIPTION_MAX),
	};
}

/** Passes a 404 on as `undefined`; every other failure (already a NodeApiError) goes on. */
function unlessNotFound(error: unknown): undefined {
	if (isNotFound(error)) return undefined;
	throw error;
}

async function getRemote(this: IHookFunctions, id: string): Promise<WebhookRemote | undefined> {
	return await callApi<WebhookRemote>(this, ENDPOINTS.getWebhook, { params: { id } }).then(
		(response) => response.body,
		unlessNotFound,
	);
}

/** Deleting a webhook that is already gone (elsewhere, or by an earlier attempt) counts as done. */
async function deleteRemote(this: IHookFunctions, id: string): Promise<void> {
	await callApi(this, ENDPOINTS.deleteWebhook, { params: { id } }).catch(unlessNotFound);
}

/** Whether a webhook that is ours delivers exactly as configured (URL, events, enabled). */
function inSync(remote: WebhookRemote, config: TriggerConfig): boolean {
	return (
		remote.url === config.url &&
		sameEvents(remote.events ?? [], config.events) &&
		remote.enabled !== false
	);
}

/** Brings a webhook that is ours in line with the configuration (one PUT, only when needed). */
async function reconcile(
	this: IHookFunctions,
	remote: WebhookRemote,
	config: TriggerConfig,
): Promise<void> {
	if (inSync(remote, config)) return;
	const body: IDataObject = { url: config.url, events: config.events };
	// Re-enabling (after the service disabled it for failures) also resets its failure count.
	if (remote.enabled === false) body.enabled = true;
	await callApi(this, ENDPOINTS.updateWebhook, { params: { id: remote.id }, body });
}

/**
 * Webhooks of the configured scope whose URL is exactly `url` (this node's URL unless given): the
 * list of a workspace (`workspace_id` query) or of the company (without it) holds only its own.
 */
async function findByUrl(
	this: IHookFunctions,
	config: TriggerConfig,
	url = config.url,
): Promise<WebhookRemote[]> {
	const qs: IDataObject = { url };
	if (config.workspaceId) qs.workspace_id = config.workspaceId;
	const all = (await callPages(this, ENDPOINTS.listWebhooks, { qs, returnAll: true }))
		.results as WebhookRemote[];
	return all.filter((webhook) => webhook.url === url);
}

/** The scope a webhook is made for, as kept in the static data: a workspace id or "company". */
export function scopeOf(config: Pick<TriggerConfig, 'workspaceId'>): string {
	return config.workspaceId ?? 'company';
}

/** Whether the stored webhook belongs to the configured scope (its list holds it). */
async function inConfiguredScope(
	this: IHookFunctions,
	config: TriggerConfig,
	remote: WebhookRemote,
	storedScope: string | undefined,
): Promise<boolean> {
	if (storedScope !== undefined) return storedScope === scopeOf(config);
	const listed = await findByUrl.call(this, config, remote.url);
	return listed.some((webhook) => webhook.id === remote.id);
}

/** What the service holds for this node, found by reading only. */
interface Found {
	/** Our webhook of the configured scope: the stored one, else a leftover with exactly this URL. */
	ours?: WebhookRemote;
	/** The stored webhook when it belongs to another scope (a scope cannot change: it is replaced). */
	otherScope?: WebhookRemote;
	/** Further webhooks of the configured scope with exactly this URL (they would deliver twice). */
	duplicates: WebhookRemote[];
	/** The stored webhook was deleted elsewhere (404). */
	storedGone: boolean;
}

function storedWebhookId(staticData: IDataObject): string | undefined {
	return typeof staticData.webhookId === 'string' ? staticData.webhookId : undefined;
}

function storedScope(staticData: IDataObject): string | undefined {
	return typeof staticData.webhookScope === 'string' ? staticData.webhookScope : undefined;
}

/** Keeps our webhook's id and the scope it was made for. */
function store(staticData: IDataObject, id: string, config: TriggerConfig): void {
	staticData.webhookId = id;
	staticData.webhookScope = scopeOf(config);
}

function forget(staticData: IDataObject): void {
	delete staticData.webhookId;
	delete staticData.webhookScope;
}

/** Reads what the service holds for this node; sends nothing but GETs. */
async function find(
	this: IHookFunctions,
	config: TriggerConfig,
	staticData: IDataObject,
): Promise<Found> {
	const storedId = storedWebhookId(staticData);
	let otherScope: WebhookRemote | undefined;
	let storedGone = false;
	if (storedId) {
		const remote = await getRemote.call(this, storedId);
		if (!remote) storedGone = true;
		else if (!(await inConfiguredScope.call(this, config, remote, storedScope(staticData))))
			otherScope = remote;
		else return { ours: remote, duplicates: [], storedGone };
	}
	// A webhook left behind for exactly this URL (for instance when static data was lost) is
	// adopted instead of piling up a second one. Webhooks with any other URL are never touched.
	const [ours, ...duplicates] = await findByUrl.call(this, config);
	return { ours, otherScope, duplicates, storedGone };
}

/**
 * True when our webhook is at the service exactly as configured; then its id is in the static data
 * (a leftover with this URL is adopted). Sends nothing but GETs: anything to change is left to
 * `create`, which n8n calls when this answers false.
 */
export async function checkExists(this: IHookFunctions): Promise<boolean> {
	const config = await triggerConfig.call(this);
	const staticData = this.getWorkflowStaticData('node');
	const found = await find.call(this, config, staticData);
	// Deleted elsewhere: forget it (create adopts a leftover or makes a new one).
	if (found.storedGone) forget(staticData);
	if (!found.ours || found.otherScope || found.duplicates.length > 0) return false;
	if (!inSync(found.ours, config)) return false;
	store(staticData, found.ours.id, config);
	return true;
}

/**
 * Makes the service hold exactly one webhook for this node, as configured: the one of another
 * scope is replaced, ours (stored or adopted) is updated in place, duplicates go, and only when
 * there is none a new one is created.
 */
export async function create(this: IHookFunctions): Promise<boolean> {
	const config = await triggerConfig.call(this);
	const staticData = this.getWorkflowStaticData('node');
	const found = await find.call(this, config, staticData);

	if (found.otherScope) {
		await deleteRemote.call(this, found.otherScope.id);
		forget(staticData);
	}

	if (found.ours) {
		await reconcile.call(this, found.ours, config);
		for (const duplicate of found.duplicates) await deleteRemote.call(this, duplicate.id);
		store(staticData, found.ours.id, config);
		return true;
	}

	const body: IDataObject = {
		url: config.url,
		events: config.events,
		description: config.description,
		enabled: true,
	};
	if (config.workspaceId) body.workspace_id = config.workspaceId;
	const created = (await callApi<WebhookRemote>(this, ENDPOINTS.createWebhook, { body })).body;
	if (!created?.id) {
		throw new NodeOperationError(
			this.getNode(),
			'The service did not return the id of the new webhook',
		);
	}
	store(staticData, String(created.id), config);
	return true;
}

export async function remove(this: IHookFunctions): Promise<boolean> {
	const staticData = this.getWorkflowStaticData('node');
	const storedId = storedWebhookId(staticData);
	if (storedId) await deleteRemote.call(this, storedId);
	forget(staticData);
	return true;
}
