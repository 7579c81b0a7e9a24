/** The workflows `npm run test:queue` imports. */
import { CREDENTIAL_TYPE, NODE_TYPE, TRIGGER_TYPE } from '../e2e/n8n';
import {
	catchUpEveryTenSeconds,
	CREDENTIAL_ID,
	CREDENTIAL_NAME,
	loadExamples,
	type Workflow,
} from '../e2e/setup';

export const TRIGGER_WORKFLOW_ID = 'dsQueueTrigger01';
export const TRIGGER_WEBHOOK_ID = 'c0000000-0000-4000-8000-0000000000aa';
export const BATCH_WORKFLOW_ID = 'dsQueueBatch0001';
export const BATCH_PATH = 'ds-queue-write-batch';
export const TRIGGERED_EVENT = 'signing_request.completed';
export const WAIT_WORKFLOW_ID = 'dsQueueSendWait1';
export const WAIT_PATH = 'ds-queue-send-and-wait';
/** The Send and Wait node's id: its router's path ends with it. */
export const WAIT_NODE_ID = 'c0000000-0000-4000-8000-000000000022';

const credentials = { [CREDENTIAL_TYPE]: { id: CREDENTIAL_ID, name: CREDENTIAL_NAME } };

/** Document Signing Trigger (completions, company webhook) → No Operation. */
export function triggerWorkflow(): Workflow {
	return {
		id: TRIGGER_WORKFLOW_ID,
		name: 'Queue test: on completion',
		active: false,
		nodes: [
			{
				id: 'c0000000-0000-4000-8000-000000000001',
				name: 'On completed',
				type: TRIGGER_TYPE,
				typeVersion: 2,
				position: [0, 0],
				webhookId: TRIGGER_WEBHOOK_ID,
				credentials,
				parameters: { scope: 'company', events: [TRIGGERED_EVENT], options: {} },
			},
			{
				id: 'c0000000-0000-4000-8000-000000000002',
				name: 'Done',
				type: 'n8n-nodes-base.noOp',
				typeVersion: 1,
				position: [240, 0],
				parameters: {},
			},
		],
		connections: { 'On completed': { main: [[{ node: 'Done', type: 'main', index: 0 }]] } },
		settings: { executionOrder: 'v1' },
		pinData: {},
	};
}

/**
 * n8n's Webhook node (POST {items: [{label}]}) → Split Out → Document Signing "Create for
 * Template" custom field, one write per item, all with the same credential (one API key).
 */
export function batchWorkflow(templateId: string): Workflow {
	return {
		id: BATCH_WORKFLOW_ID,
		name: 'Queue test: write batch',
		active: false,
		nodes: [
			{
				id: 'c0000000-0000-4000-8000-000000000011',
				name: 'Batch',
				type: 'n8n-nodes-base.webhook',
				typeVersion: 2,
				position: [0, 300],
				webhookId: 'c0000000-0000-4000-8000-0000000000bb',
				parameters: {
					httpMethod: 'POST',
					path: BATCH_PATH,
					responseMode: 'onReceived',
					options: {},
				},
			},
			{
				id: 'c0000000-0000-4000-8000-000000000012',
				name: 'One item per label',
				type: 'n8n-nodes-base.splitOut',
				typeVersion: 1,
				position: [240, 300],
				parameters: { fieldToSplitOut: 'body.items', options: {} },
			},
			{
				id: 'c0000000-0000-4000-8000-000000000013',
				name: 'Create custom field',
				type: NODE_TYPE,
				typeVersion: 1,
				position: [480, 300],
				credentials,
				parameters: {
					resource: 'customField',
					operation: 'createTemplateCustomField',
					templateId: { __rl: true, mode: 'id', value: templateId },
					fieldLabel: '={{ $json.label }}',
				},
			},
		],
		connections: {
			Batch: { main: [[{ node: 'One item per label', type: 'main', index: 0 }]] },
			'One item per label': {
				main: [[{ node: 'Create custom field', type: 'main', index: 0 }]],
			},
		},
		settings: { executionOrder: 'v1' },
		pinData: {},
	};
}

/**
 * n8n's Webhook node (POST {id}) → Send and Wait for Completion of that request, already sent
 * (re-read every minute) → No Operation.
 */
export function sendAndWaitWorkflow(): Workflow {
	return {
		id: WAIT_WORKFLOW_ID,
		name: 'Queue test: send and wait',
		active: false,
		nodes: [
			{
				id: 'c0000000-0000-4000-8000-000000000021',
				name: 'Start',
				type: 'n8n-nodes-base.webhook',
				typeVersion: 2,
				position: [0, 600],
				webhookId: 'c0000000-0000-4000-8000-0000000000cc',
				parameters: {
					httpMethod: 'POST',
					path: WAIT_PATH,
					responseMode: 'onReceived',
					options: {},
				},
			},
			{
				id: WAIT_NODE_ID,
				name: 'Wait for completion',
				// As the editor gives every node with webhooks (n8n registers the router's path with it).
				webhookId: 'c0000000-0000-4000-8000-0000000000cd',
				type: NODE_TYPE,
				typeVersion: 1,
				position: [240, 600],
				credentials,
				parameters: {
					resource: 'signingRequest',
					operation: 'sendAndWaitForCompletion',
					signingRequestId: { __rl: true, mode: 'id', value: '={{ $json.body.id }}' },
					sendFirst: false,
					timeLimitAmount: 1,
					timeLimitUnit: 'days',
					waitOptions: { rereadMinutes: 1 },
				},
			},
			{
				id: 'c0000000-0000-4000-8000-000000000023',
				name: 'Ended',
				type: 'n8n-nodes-base.noOp',
				typeVersion: 1,
				position: [480, 600],
				parameters: {},
			},
		],
		connections: {
			Start: { main: [[{ node: 'Wait for completion', type: 'main', index: 0 }]] },
			'Wait for completion': { main: [[{ node: 'Ended', type: 'main', index: 0 }]] },
		},
		settings: { executionOrder: 'v1' },
		pinData: {},
	};
}

/** The example "catch up after an n8n restart", every 10 seconds. */
export function catchUpWorkflow(): Workflow {
	return catchUpEveryTenSeconds(loadExamples()['catch-up-after-restart']);
}
