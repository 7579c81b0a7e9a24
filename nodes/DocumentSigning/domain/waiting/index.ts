import type {
	IHookFunctions,
	IWebhookDescription,
	IWebhookFunctions,
	IWebhookResponseData,
} from 'n8n-workflow';

import { endWait } from './ending';
import { activateRouter, deactivateRouter, ROUTER_PATH_PREFIX, routerWebhook } from './router';

/**
 * Send and Wait for Completion's waiting machinery: how a run hands its wait over (start.ts), how
 * waits are known (waits.ts, hub.ts), routed (router.ts) and ended (ending.ts). DESIGN.md in this
 * folder says which n8n mechanisms it relies on, what it costs per wait and per event, and why.
 */

export * from './calls';
export * from './ending';
export * from './hub';
export * from './router';
export * from './scope';
export * from './start';
export * from './waits';

/** The operation's value (not n8n's SEND_AND_WAIT_OPERATION: docs/DESIGN.md, item 5). */
export const SEND_AND_WAIT_FOR_COMPLETION = 'sendAndWaitForCompletion';

/**
 * The action node's webhooks, both for Send and Wait only:
 *  - `default`: the resume webhook of a waiting execution (a restart webhook, POST only), at
 *    <waiting URL>/<execution id>/<node id>; n8n serves it only while the execution waits;
 *  - `setup`: the router of a published workflow's Send and Wait node (router.ts): n8n registers it
 *    when the workflow is published, and only then (the method is empty for every other operation
 *    and for the editor's runs, whose test webhooks build the workflow as inactive), at
 *    <WEBHOOK_URL>webhook/document-signing-send-and-wait/<workflow id>/<node id>.
 */
export const waitingWebhooks: IWebhookDescription[] = [
	{
		name: 'default',
		httpMethod: 'POST',
		responseMode: 'onReceived',
		responseData: '',
		path: '={{ $nodeId }}',
		restartWebhook: true,
		isFullPath: true,
	},
	{
		name: 'setup',
		httpMethod: `={{ $workflow.active && $parameter["operation"] === "${SEND_AND_WAIT_FOR_COMPLETION}" ? "POST" : "" }}`,
		responseMode: 'onReceived',
		responseData: '',
		path: `={{ "${ROUTER_PATH_PREFIX}/" + $workflow.id + "/" + $nodeId }}`,
		isFullPath: true,
		ndvHideUrl: true,
		ndvHideMethod: true,
	},
];

/** The action node's webhook(): the router of a published workflow, or a waiting execution's end. */
export async function waitingWebhook(this: IWebhookFunctions): Promise<IWebhookResponseData> {
	if (this.getWebhookName() === 'setup') return await routerWebhook.call(this);
	return await endWait.call(this);
}

/**
 * The `setup` webhook's methods: n8n calls `checkExists` when a published workflow with a Send and
 * Wait node is activated, and `delete` when it is unpublished. Nothing blocks the activation.
 */
export const setupWebhookMethods = {
	async checkExists(this: IHookFunctions): Promise<boolean> {
		activateRouter.call(this);
		return true;
	},
	async create(this: IHookFunctions): Promise<boolean> {
		return true;
	},
	async delete(this: IHookFunctions): Promise<boolean> {
		await deactivateRouter.call(this);
		return true;
	},
};
