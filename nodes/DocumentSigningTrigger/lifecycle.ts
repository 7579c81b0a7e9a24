import type { IDataObject, IHookFunctions, INode } from 'n8n-workflow';
import { NodeApiError, NodeOperationError } from 'n8n-workflow';

import { SEED_EVENT_TYPES, TEST_EVENT_TYPE } from '../DocumentSigning/events';
import { meta as createWebhook } from '../DocumentSigning/actions/webhook/createWebhook.operation';
import { meta as deleteWebhook } from '../DocumentSigning/actions/webhook/deleteWebhook.operation';
import { meta as getWebhook } from '../DocumentSigning/actions/webhook/getWebhook.operation';
import { meta as listWebhooks } from '../DocumentSigning/actions/webhook/listWebhooks.operation';
import { meta as updateWebhook } from '../DocumentSigning/actions/webhook/updateWebhook.operation';
import { callApi, callPages, getServiceCredentials } from '../DocumentSigning/transport';

/**
 * Registration of the node's webhook at the service (n8n webhookMethods), modelled on n8n's
 * Stripe trigger: the webhook id lives in the node's static data (`webhookId`).
 *
 * n8n calls `checkExists` on activation and `create` when it answered false; `delete` on
 * deactivation. "Listen for test event" runs the same with the test URL and throw-away static data.
 */

/** The "all events" choice of the event picker: the service's documented list (events.ts). */
export const ALL_EVENTS = '*';
export const DESCRIPTION_PREFIX = 'n8n: ';
const DESCRIPTION_MAX = 500;
const EVENT_NAME = /^[a-z0-9_]+(\.[a-z0-9_]+)+$/;

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

function hostIsLoopback(hostname: string): boolean {
	const host = hostname.toLowerCase().replace(/^\[|\]$/g, '');
	if (host === 'localhost' || host === '::1') return true;
	const parts = host.split('.');
	return (
		parts.length === 4 &&
		parts[0] === '127' &&
		parts.every((p) => /^\d{1,3}$/.test(p) && Number(p) <= 255)
	);
}

/**
 * The service delivers only to HTTPS. Plain http is accepted only toward loopback addresses
 * (127.0.0.0/8, localhost, ::1), which is what a local sandbox needs.
 */
export function checkDeliveryUrl(node: INode, url: string | undefined): string {
	let parsed: URL | undefined;
	try {
		parsed = url ? new URL(url) : undefined;
	} catch {
		parsed = undefined;
	}
	if (!url || !parsed) {
		throw new NodeOperationError(node, 'n8n could not work out the webhook URL of this node', {
			description:
				"Set n8n's WEBHOOK_URL environment variable to the public https address of this n8n.",
		});
	}
	if (parsed.protocol === 'https:') return url;
	if (parsed.protocol === 'http:' && hostIsLoopback(parsed.hostname)) return url;
	throw new NodeOperationError(
		node,
		`The document-signing service only delivers webhooks to HTTPS addresses, but this workflow's webhook URL is ${url}`,
		{
			description:
				"Set n8n's WEBHOOK_URL environment variable to the public https:// address of this n8n (for example WEBHOOK_URL=https://n8n.example.com/), restart n8n and activate the workflow again. Plain http is only accepted for loopback addresses (localhost, 127.0.0.1, ::1), for local testing.",
		},
	);
}

/** Selected events plus the free-text names, with "*" expanded to the documented list; no duplicates. */
export function resolveEvents(node: INode, selected: unknown, additional: unknown): string[] {
	const picked = Array.isArray(selected) ? selected.map(String) : [];
	const extra = String(additional ?? '')
		.split(/[\s,]+/)
		.map((name) => name.trim())
		.filter((name) => name !== '');
	for (const name of extra) {
		if (!EVENT_NAME.test(name)) {
			throw new NodeOperationError(node, `"${name}" is not an event name`, {
				description:
					'Additional Event Names takes event names such as signing_request.completed, separated by commas.',
			});
		}
		if (name === TEST_EVENT_TYPE) {
			throw new NodeOperationError(node, `${TEST_EVENT_TYPE} cannot be subscribed to`, {
				description:
					'Test deliveries reach every webhook anyway; the "Test Deliveries" option decides whether they start the workflow.',
			});
		}
	}
	const expanded = picked.flatMap((name) => (name === ALL_EVENTS ? [...SEED_EVENT_TYPES] : [name]));
	return [...new Set([...expanded, ...extra])];
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
	return await callApi<WebhookRemote>(this, getWebhook, { params: { id } }).then(
		(response) => response.body,
		unlessNotFound,
	);
}

/** Deleting a webhook that is already gone (elsewhere, or by an earlier attempt) counts as done. */
async function deleteRemote(this: IHookFunctions, id: string): Promise<void> {
	await callApi(this, deleteWebhook, { params: { id } }).catch(unlessNotFound);
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
	await callApi(this, updateWebhook, { params: { id: remote.id }, body });
}

/** Webhooks of the configured scope whose URL is exactly this node's URL. */
async function findByUrl(this: IHookFunctions, config: TriggerConfig): Promise<WebhookRemote[]> {
	const qs: IDataObject = { url: config.url };
	if (config.workspaceId) qs.workspace_id = config.workspaceId;
	const all = (await callPages(this, listWebhooks, { qs, returnAll: true }))
		.results as WebhookRemote[];
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
	const created = (await callApi<WebhookRemote>(this, createWebhook, { body })).body;
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
