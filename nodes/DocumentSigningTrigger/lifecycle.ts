import type { IDataObject, IHookFunctions, INode } from 'n8n-workflow';
import { NodeApiError, NodeOperationError } from 'n8n-workflow';

import { readEventNames } from '../shared/eventNames';
import { SEED_EVENT_TYPES } from '../shared/events';
import { apiRequest, getServiceCredentials, paginatePages } from '../DocumentSigning/transport';
import { checkDeliveryUrl } from '../shared/url';

/**
 * Registration of the node's webhook at the service (n8n webhookMethods), modelled on n8n's
 * Stripe trigger: the webhook id lives in the node's static data (`webhookId`).
 *
 * n8n calls `checkExists` on activation and `create` when it answered false; `delete` on
 * deactivation. "Listen for test event" runs the same with the test URL and throw-away static data.
 */

/** The "all events" choice of the event picker: the service's documented list (shared/events.ts). */
export const ALL_EVENTS = '*';
export const DESCRIPTION_PREFIX = 'n8n: ';
const DESCRIPTION_MAX = 500;

export interface WebhookRemote extends IDataObject {
	id: string;
	url: string;
	events: string[];
	enabled: boolean;
	workspace_id?: string | null;
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
			description: 'Pick the events that should start this workflow (or "All Documented Events").',
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
	const path = `/webhooks/${encodeURIComponent(id)}`;
	return (await apiRequest.call(this, 'GET', path).catch(unlessNotFound)) as
		| WebhookRemote
		| undefined;
}

/** Deleting a webhook that is already gone (elsewhere, or by an earlier attempt) counts as done. */
async function deleteRemote(this: IHookFunctions, id: string): Promise<void> {
	await apiRequest
		.call(this, 'DELETE', `/webhooks/${encodeURIComponent(id)}`)
		.catch(unlessNotFound);
}

/** Brings a webhook that is ours in line with the configuration (one PUT, only when needed). */
async function reconcile(
	this: IHookFunctions,
	remote: WebhookRemote,
	config: TriggerConfig,
): Promise<void> {
	const urlChanged = remote.url !== config.url;
	const eventsChanged = !sameEvents(remote.events ?? [], config.events);
	const disabled = remote.enabled === false;
	if (!urlChanged && !eventsChanged && !disabled) return;
	const body: IDataObject = { url: config.url, events: config.events };
	// Re-enabling (after the service disabled it for failures) also resets its failure count.
	if (disabled) body.enabled = true;
	await apiRequest.call(this, 'PUT', `/webhooks/${encodeURIComponent(remote.id)}`, { body });
}

/** Webhooks of the configured scope whose URL is exactly this node's URL. */
async function findByUrl(this: IHookFunctions, config: TriggerConfig): Promise<WebhookRemote[]> {
	const qs: IDataObject = { url: config.url };
	if (config.workspaceId) qs.workspace_id = config.workspaceId;
	const all = (await paginatePages.call(this, '/webhooks', {
		qs,
		returnAll: true,
	})) as WebhookRemote[];
	return all.filter(
		(webhook) =>
			webhook.url === config.url && (webhook.workspace_id ?? null) === (config.workspaceId ?? null),
	);
}

export async function checkExists(this: IHookFunctions): Promise<boolean> {
	const config = await triggerConfig.call(this);
	const staticData = this.getWorkflowStaticData('node');

	const storedId = typeof staticData.webhookId === 'string' ? staticData.webhookId : undefined;
	if (storedId) {
		const remote = await getRemote.call(this, storedId);
		if (remote && (remote.workspace_id ?? null) !== config.workspaceId) {
			// Our webhook, but for another scope: the scope of a webhook cannot change, so replace it.
			await deleteRemote.call(this, storedId);
			delete staticData.webhookId;
		} else if (remote) {
			await reconcile.call(this, remote, config);
			return true;
		} else {
			// Deleted elsewhere: forget it, it will be created again.
			delete staticData.webhookId;
		}
	}

	// A webhook left behind for exactly this URL (for instance when static data was lost) is
	// adopted instead of piling up a second one. Webhooks with any other URL are never touched.
	const leftovers = await findByUrl.call(this, config);
	if (leftovers.length === 0) return false;
	const [adopted, ...duplicates] = leftovers;
	await reconcile.call(this, adopted, config);
	for (const duplicate of duplicates) await deleteRemote.call(this, duplicate.id);
	staticData.webhookId = adopted.id;
	return true;
}

export async function create(this: IHookFunctions): Promise<boolean> {
	const config = await triggerConfig.call(this);
	const body: IDataObject = {
		url: config.url,
		events: config.events,
		description: config.description,
		enabled: true,
	};
	if (config.workspaceId) body.workspace_id = config.workspaceId;
	const created = (await apiRequest.call(this, 'POST', '/webhooks', { body })) as WebhookRemote;
	if (!created?.id) {
		throw new NodeOperationError(
			this.getNode(),
			'The service did not return the id of the new webhook',
		);
	}
	this.getWorkflowStaticData('node').webhookId = String(created.id);
	return true;
}

export async function remove(this: IHookFunctions): Promise<boolean> {
	const staticData = this.getWorkflowStaticData('node');
	const storedId = typeof staticData.webhookId === 'string' ? staticData.webhookId : undefined;
	if (storedId) await deleteRemote.call(this, storedId);
	delete staticData.webhookId;
	return true;
}
