import type {
	IDataObject,
	IExecuteFunctions,
	INodeExecutionData,
	INodeProperties,
	JsonObject,
} from 'n8n-workflow';
import { NodeApiError, NodeOperationError } from 'n8n-workflow';

import { attachSignedPdfOption, signedPdfFieldOption } from '../../../shared/document';
import { clockToleranceOption } from '../../../shared/signature';
import { toSigningRequest } from '../../../shared/signingRequest';
import { callApi, getServiceCredentials } from '../../../shared/transport';
import { checkDeliveryUrl } from '../../../shared/url';
import { getIdParameter } from '../../domain/ids';
import {
	finalItem,
	finalStatusOf,
	handOver,
	REQUEST_PARAM,
	REREAD_PARAM,
	SEND_AND_WAIT_FOR_COMPLETION,
	simplifyWait,
	waitScopeFor,
	type WaitOptions,
} from '../../domain/waiting';
import { fail } from '../../helpers/errors';
import { CATCH_UP_EXAMPLE_URL } from '../../../shared/links';
import { ID_OUTPUT, orNull, simplifyField } from '../../helpers/output';
import { signingRequestLocator } from '../common.descriptions';
import type { OperationMeta } from '../types';
import { meta as getSigningRequest } from './getSigningRequest.operation';
import { normaliseSendResponse, SENT_FIELDS } from './sendSigningRequest.operation';

/**
 * Send and Wait for Completion: n8n's send-and-wait pattern (`putExecutionToWait` + a resume
 * webhook) for a signing request. Not an operation of the API: it combines several calls, so it has
 * no operationId (`meta.composite` says which calls; the catalogue checks list it as such).
 *
 *  1. checks: one input item, a Webhook Signing Secret in the credential, a webhook address the
 *     service accepts (https, or http on loopback);
 *  2. reads the request (its workspace; an end already there ends at once, `ended_by: "read"`) and
 *     chooses the scope whose deliveries the credential's secret verifies (domain/waiting/scope.ts);
 *  3. hands the wait over (domain/waiting/start.ts): to its published workflow's router, which
 *     gets the service's events through one webhook per scope, or, in a run of a workflow that is
 *     not published, to this process's re-reads;
 *  4. sends the request (unless "Send First" is off; never retried), and puts the execution to wait
 *     until the time limit. The timed-out result replaces the node's input, which is what n8n passes
 *     on when a wait runs out.
 * The wait ends in its resume URL's webhook (domain/waiting/ending.ts), called with the service's
 * delivery (`ended_by: "event"`) or the end a re-read of the list found (`"re-read"`).
 * domain/waiting/DESIGN.md says what this costs per wait and per event.
 */

export { SEND_AND_WAIT_FOR_COMPLETION };

/** Re-read intervals (minutes) users may choose. */
export const DEFAULT_REREAD_MINUTES = 5;
export const MIN_REREAD_MINUTES = 1;
export const MAX_REREAD_MINUTES = 15;

/** The event that ended the wait, in the output; null when a re-read did. */
const WAIT_EVENT = orNull({
	type: 'object',
	properties: {
		id: { type: 'string' },
		type: { type: 'string' },
		created_at: { type: ['string', 'null'] },
	},
	required: ['id', 'type', 'created_at'],
});

export const meta: OperationMeta = {
	value: SEND_AND_WAIT_FOR_COMPLETION,
	name: 'Send and Wait for Completion',
	action: 'Send and wait for completion of a signing request',
	subtitle: 'Send and wait for completion',
	description:
		'Send a draft and pause until it is completed, declined, cancelled or expired (the service must reach n8n)',
	toolDescription:
		'Do not use: this operation pauses a whole workflow until the document is signed (hours or days), which a tool call cannot do; called as a tool it only returns an error. To send a draft, use "Send a draft signing request"; to learn later whether it was signed, use "Get a signing request".',
	method: 'POST',
	path: '/signing-requests/{id}/send',
	composite: {
		calls: [
			'GET /signing-requests/{id}',
			'GET /workspaces/{id}',
			'GET /webhooks',
			'POST /webhooks',
			'PUT /webhooks/{id}',
			'DELETE /webhooks/{id}',
			'POST /signing-requests/{id}/send',
			'GET /signing-requests',
			'GET /signing-requests/{id}/download',
		],
		reason:
			"n8n's send-and-wait pattern: it sends and pauses the execution until the service reports the end, through one webhook per published workflow and scope (of the request's workspace, or company-level: whichever the credential's secret verifies), or a re-read of the signing-request list finds it",
	},
	output: {
		// Not made from one answer: the final state (`finalItem`) or, when the time limit runs out,
		// the timed-out item (`execute`). No key_mode. Simplify on: the request in the one shape
		// (its status the final one; as read when the wait began if the time limit ran out), with
		// how the wait ended. Off: `fields`.
		answer: false,
		keyMode: false,
		simplify: 'signingRequest',
		simplified: {
			waited: { type: 'boolean' },
			ended_by: { type: 'string', enum: ['event', 're-read', 'read', 'time_limit'] },
			'event?': WAIT_EVENT,
			'waited_until?': { type: 'string', format: 'date-time' },
			// Outputs of versions before 0.3 only (a webhook per wait).
			'webhook_id?': { $ref: '#/definitions/Webhook/properties/id' },
			'pdf_not_attached?': { type: 'string' },
		},
		fields: {
			status: {
				type: 'string',
				enum: ['completed', 'declined', 'cancelled', 'expired', 'timed_out'],
			},
			signing_request_id: ID_OUTPUT,
			waited: { type: 'boolean' },
			// The request as the service showed it at the end: Get's answer (ended before the wait),
			// the list item a re-read found, or the event's signing_request.
			'signing_request?': {
				anyOf: [
					{ $ref: '#/definitions/SigningRequestDetail' },
					{ $ref: '#/definitions/SigningRequestListItem' },
					{ type: 'object' },
				],
			},
			'sent?': orNull({
				type: 'object',
				properties: SENT_FIELDS,
				required: Object.keys(SENT_FIELDS),
			}),
			// What ended the wait: the service's event, a re-read while waiting, the read right after
			// sending (it had ended already), or the time limit. Always there from 0.2 on (optional
			// here so that outputs saved by earlier versions still match).
			'ended_by?': { type: 'string', enum: ['event', 're-read', 'read', 'time_limit'] },
			// The event that ended the wait; null when a re-read did.
			'event?': WAIT_EVENT,
			'waited_until?': { type: 'string', format: 'date-time' },
			// Outputs of versions before 0.3 only (a webhook per wait).
			'webhook_id?': { $ref: '#/definitions/Webhook/properties/id' },
			'pdf_not_attached?': { type: 'string' },
		},
	},
};

export const description: INodeProperties[] = [
	{
		displayName: `The service tells n8n that the request ended through one webhook of this published workflow, however many executions wait: it must reach n8n's webhook address (WEBHOOK_URL; HTTPS unless both run on one machine), and the credential's Webhook Signing Secret must be the company's (with the protected workspace's key) or the request's workspace's own. A test run of a workflow that is not published has no webhook: it reads the request every 15 seconds. If a wait does not end with its request, check that webhooks are turned on in the service's settings; the node also notices the end at its next re-read. If n8n restarts (upgrades, crashes, container moves), publish the example workflow <a href="${CATCH_UP_EXAMPLE_URL}" target="_blank">Catch up after an n8n restart</a> once, so that waiting executions are picked up again.`,
		name: 'sendAndWaitNotice',
		type: 'notice',
		default: '',
	},
	signingRequestLocator,
	{
		displayName: 'Send First',
		name: 'sendFirst',
		type: 'boolean',
		default: true,
		description:
			'Whether to send the draft before waiting. Turn off to wait for a request that was already sent, for example by Create and Send. With the live key sending uses credits; it is never retried automatically.',
	},
	{
		displayName: 'Time Limit',
		name: 'timeLimitAmount',
		type: 'number',
		typeOptions: { minValue: 1, numberPrecision: 0 },
		default: 8,
		description:
			'How long to wait at most. When it runs out the node continues with status "timed_out" (the signing request itself is not changed).',
	},
	{
		displayName: 'Time Limit Unit',
		name: 'timeLimitUnit',
		type: 'options',
		options: [
			{ name: 'Minutes', value: 'minutes' },
			{ name: 'Hours', value: 'hours' },
			{ name: 'Days', value: 'days' },
		],
		default: 'days',
	},
	{
		displayName: 'Options',
		name: 'waitOptions',
		type: 'collection',
		placeholder: 'Add Option',
		default: {},
		options: [
			attachSignedPdfOption(
				'when the request is completed',
				'When there is none (declined, cancelled, expired, or not completed yet), the output says why in pdf_not_attached.',
			),
			signedPdfFieldOption,
			{
				displayName: 'Re-Read Every (Minutes)',
				name: 'rereadMinutes',
				type: 'number',
				typeOptions: {
					minValue: MIN_REREAD_MINUTES,
					maxValue: MAX_REREAD_MINUTES,
					numberPrecision: 0,
				},
				default: DEFAULT_REREAD_MINUTES,
				description: `How soon an end whose delivery was lost is noticed (${MIN_REREAD_MINUTES} to ${MAX_REREAD_MINUTES} minutes): n8n reads the list of signing requests twice per interval while waiting; one read serves every waiting execution of the workspace. The output's ended_by says whether the service's event or a re-read ended the wait. n8n must be able to reach its own webhook address.`,
			},
			clockToleranceOption(
				'How far the signature timestamp of a delivery may be from the clock of n8n, in either direction',
			),
		],
	},
	simplifyField,
];

const UNIT_MS: Record<string, number> = {
	minutes: 60_000,
	hours: 3_600_000,
	days: 86_400_000,
};

/**
 * This node's resume URL in this execution, with `parameters` in its query: n8n's
 * `$execution.resumeUrl` (the waiting-webhook address of the execution, carrying its resume token
 * in `signature`) followed by the node's id, the path of the `default` webhook. n8n refuses a call
 * whose token is not the waiting execution's (401) before the node sees it; the node then accepts
 * only a delivery signed with the credential's Webhook Signing Secret about this signing request.
 */
export function resumeUrlOf(
	context: IExecuteFunctions,
	itemIndex: number,
	parameters: Record<string, string> = {},
): string {
	const base = context.getWorkflowDataProxy(itemIndex).$execution?.resumeUrl;
	if (typeof base !== 'string' || base === '') {
		throw new NodeOperationError(context.getNode(), 'n8n gave this execution no resume URL');
	}
	const url = new URL(base);
	url.pathname = `${url.pathname.replace(/\/$/, '')}/${encodeURIComponent(context.getNode().id)}`;
	for (const [key, value] of Object.entries(parameters)) url.searchParams.set(key, value);
	return url.toString();
}

function timeOf(value: unknown): number | undefined {
	const ms = typeof value === 'string' ? Date.parse(value) : NaN;
	return Number.isFinite(ms) ? ms : undefined;
}

export async function execute(this: IExecuteFunctions, i: number): Promise<INodeExecutionData[]> {
	const node = this.getNode();
	// As an AI tool ("Document Signing Tool", n8n's type name ends in Tool) a wait would stop the
	// agent's whole execution on a webhook of a sub-node: refused before anything is registered or sent.
	if (/Tool$/.test(node.type)) {
		throw new NodeOperationError(node, 'Send and Wait for Completion cannot run as an AI tool', {
			description:
				'Nothing was sent. It pauses a workflow until the document is signed, which a tool call cannot do. Give the agent "Send" (Send a draft signing request) and "Get" to check later, or put Send and Wait for Completion in the workflow after the agent.',
		});
	}
	if (this.getInputData().length > 1) {
		fail(
			this,
			`Send and Wait for Completion handles one signing request per execution, but it got ${this.getInputData().length} items`,
			'Use "Loop Over Items" with an Execute Workflow node (one execution per request), or send them with Send and react with the Document Signing Trigger or Poll Trigger.',
		);
	}
	const id = getIdParameter(this, 'signingRequestId', i, 'Signing Request');
	const sendFirst = this.getNodeParameter('sendFirst', i, true) as boolean;
	const amount = Number(this.getNodeParameter('timeLimitAmount', i, 8));
	const unit = String(this.getNodeParameter('timeLimitUnit', i, 'days'));
	if (!Number.isInteger(amount) || amount < 1 || !UNIT_MS[unit]) {
		fail(this, '"Time Limit" must be a whole number of 1 or more');
	}
	const options = this.getNodeParameter('waitOptions', i, {}) as WaitOptions;
	const rereadMinutes = Number(options.rereadMinutes ?? DEFAULT_REREAD_MINUTES);
	if (
		!Number.isInteger(rereadMinutes) ||
		rereadMinutes < MIN_REREAD_MINUTES ||
		rereadMinutes > MAX_REREAD_MINUTES
	) {
		throw new NodeOperationError(
			node,
			`"Re-Read Every (Minutes)" must be a whole number from ${MIN_REREAD_MINUTES} to ${MAX_REREAD_MINUTES}, not ${String(options.rereadMinutes)}`,
		);
	}
	const credentials = await getServiceCredentials.call(this, i);
	if (!String(credentials.webhookSigningSecret ?? '').trim()) {
		fail(
			this,
			'No Webhook Signing Secret in the Document Signing API credential',
			"Send and Wait verifies the service's delivery with the credential's webhook signing secret: the company's (from the service dashboard), or the request's workspace's own (Workspace → Get shows it as webhook_secret). Copy it into \"Webhook Signing Secret\" in the credential.",
		);
	}

	// The service must be able to reach this n8n (checked before anything is sent).
	checkDeliveryUrl(node, resumeUrlOf(this, i));

	// Which workspace the request belongs to (the detail answer names it companies_workspaces_id),
	// for the scope of its webhook (domain/waiting/scope.ts) and the list its end shows in.
	const before = (await callApi(this, getSigningRequest, { params: { id } })).body;
	const workspaceId = String(before?.companies_workspaces_id ?? '');
	if (!workspaceId) {
		throw new NodeOperationError(node, 'The service did not say which workspace the request is in');
	}
	const endedAlready = finalStatusOf(before);
	if (endedAlready) {
		return [
			await finalItem(
				this,
				id,
				{ request: before },
				endedAlready,
				{ waited: false, ended_by: 'read' },
				options,
			),
		];
	}

	const scope = await waitScopeFor(this, workspaceId, credentials);
	const waitTill = new Date(Date.now() + amount * UNIT_MS[unit]);
	const resumeUrl = resumeUrlOf(this, i, {
		[REQUEST_PARAM]: id,
		[REREAD_PARAM]: String(rereadMinutes),
	});
	const shaped = toSigningRequest(before, { id });
	// A list read looks back to the sending for the request's end.
	const since = sendFirst ? Date.now() : (timeOf(shaped.sent_at) ?? Date.now());
	const handover = await handOver(this, credentials, {
		request: id,
		url: resumeUrl,
		until: waitTill.getTime(),
		interval: rereadMinutes * 60_000,
		workspace: workspaceId,
		since,
		scope,
	});

	let sent: IDataObject | undefined;
	if (sendFirst) {
		try {
			sent = normaliseSendResponse((await callApi(this, meta, { params: { id } })).body, id);
		} catch (error) {
			// Nothing to wait for: the wait is taken back (a failed send is never retried).
			await handover.withdraw().catch(() => undefined);
			// Both constructors hand back an error that already is of their kind unchanged.
			if (error instanceof NodeApiError)
				throw new NodeApiError(node, error as unknown as JsonObject);
			throw new NodeOperationError(node, error as Error);
		}
	}

	// What the node outputs if the time limit runs out: n8n then passes the node's input on, so
	// the input is replaced with the timed-out result. Simplify on: the request in the one shape as
	// read before sending, sent now if it was, ended_by time_limit.
	const timedOut: INodeExecutionData = {
		json: simplifyWait(this)
			? {
					...shaped,
					...(sent
						? {
								status: 'in_progress',
								sent_at: sent.sent_date ?? new Date().toISOString(),
								expires_at: sent.expires_at ?? shaped.expires_at,
							}
						: {}),
					waited: true,
					ended_by: 'time_limit',
					waited_until: waitTill.toISOString(),
				}
			: {
					status: 'timed_out',
					signing_request_id: id,
					waited: true,
					waited_until: waitTill.toISOString(),
					sent: sent ?? null,
					ended_by: 'time_limit',
				},
		pairedItem: { item: 0 },
	};
	const executeData = this.getExecuteData();
	if (executeData?.data?.main) executeData.data.main[0] = [timedOut];
	await this.putExecutionToWait(waitTill);
	return [timedOut];
}
