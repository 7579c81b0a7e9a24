import type {
	IDataObject,
	IExecuteFunctions,
	IHookFunctions,
	INodeExecutionData,
	INodeProperties,
	IWebhookFunctions,
	IWebhookDescription,
	IWebhookResponseData,
	JsonObject,
} from 'n8n-workflow';
import { NodeApiError, NodeOperationError } from 'n8n-workflow';

import { fail } from '../../helpers/errors';
import { getIdParameter } from '../../domain/ids';
import type { Explainer, TransportContext } from '../../../shared/transport';
import {
	callApi,
	callPages,
	downloadFile,
	credentialSecrets,
	getServiceCredentials,
	reserveInWindow,
	readsLeft,
	sentKeyId,
} from '../../../shared/transport';
import {
	attachSignedPdfOption,
	signedPdfFieldOption,
	documentFileName,
	looksLikePdf,
	notAttachedReason,
	readDownload,
	UnreadableDownloadError,
	unfinishedState,
} from '../../../shared/document';
import { normaliseEnvelope, parseBody, signingRequestIdOf } from '../../../shared/envelope';
import { checkDeliveryUrl } from '../../../shared/url';
import { clockToleranceOption, rawBodyOf, verifyDelivery } from '../../../shared/signature';
import { respond, retryLater } from '../../../shared/respond';
import { describeRefusal, type RefusalReason } from '../../../shared/refusal';
import { signingRequestLocator } from '../common.descriptions';
import type { OperationMeta } from '../types';
import { meta as deleteWebhookMeta } from '../webhook/deleteWebhook.operation';
import { meta as listWebhooks } from '../webhook/listWebhooks.operation';
import { meta as downloadSigningRequest } from './downloadSigningRequest.operation';
import { meta as getSigningRequest } from './getSigningRequest.operation';
import { normaliseSendResponse, SENT_FIELDS } from './sendSigningRequest.operation';
import {
	chooseWaitScope,
	companyWebhookRefused,
	createWaitWebhook,
	waitScopeFor,
} from './waitScope';
import {
	DEFAULT_REREAD_MINUTES,
	intervalOf,
	intervalOfUrl,
	MAX_REREAD_MINUTES,
	mayReadNow,
	MIN_REREAD_MINUTES,
	pokeWith,
	READ_RESERVE,
	REREAD_HEADER,
	REREAD_PARAM,
	reReads,
	waitKeyOf,
} from './reread';
import { meta as listWorkspaces } from '../workspace/listWorkspaces.operation';
import { redactText as redactSecretsIn } from '../../../shared/transport/secrets';
import { ID_OUTPUT, orNull, simplifyField } from '../../helpers/output';
import { statusOf, toSigningRequest } from '../../../shared/signingRequest';

/**
 * Send and Wait for Completion: n8n's send-and-wait pattern (`putExecutionToWait` + a resume
 * webhook) for a signing request. Not an operation of the API: it combines several calls, so it has
 * no operationId (`meta.composite` says which calls; the catalogue checks list it as such).
 *
 *  1. checks: one input item, a Webhook Signing Secret in the credential, a delivery URL the
 *     service accepts (https, or http on loopback);
 *  2. removes this n8n's Send-and-Wait webhooks of the workspace whose wait is over (left by waits
 *     that timed out, or executions stopped or deleted while waiting): at most once a minute per
 *     key and scope in this process (`sweepDue`), so a burst of starts pays for one listing;
 *  3. registers a webhook (completed, declined, cancelled, expired) pointing at this execution's
 *     resume URL (see `resumeUrlOf`), in the scope whose secret the credential holds
 *     (waitScope.ts): the request's workspace when it holds that workspace's secret, else
 *     company-level;
 *  4. sends the request (unless "Send First" is off), then reads it once: if it already ended, the
 *     webhook is removed and the node continues at once;
 *  5. otherwise puts the execution to wait until the time limit. The timed-out result replaces the
 *     node's input, which is what n8n passes on when a wait runs out; and hands the wait to this
 *     process's re-reads (reread.ts), which call the resume URL at the chosen interval.
 *
 * The service's delivery reaches `resume()` (the node's `webhook()`): verified like the trigger's
 * deliveries; deliveries about other requests (and test pings) are acknowledged and the execution
 * keeps waiting; the one about this request removes the webhook, reads the final state (and the
 * signed PDF when asked) and resumes the execution. A re-read call (reread.ts) reaches it too: the
 * node reads the request and does the same when it has ended. `ended_by` says which it was.
 */

/**
 * The node's resume webhook (a restart webhook, POST only: the service only POSTs). n8n
 * serves it only for waiting executions (`restartWebhook`), at
 * <waiting URL>/<execution id>/<node id>; the node registers nothing at activation for it, the
 * operation itself creates and removes the service's webhook.
 */
export const resumeWebhooks: IWebhookDescription[] = [
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
		// Not for deliveries: n8n registers it only when a published workflow with a Send and Wait
		// node is activated (not at n8n's start: Catch Up After Restart is for that), and calls its
		// `checkExists` then, which hands
		// that node's waits to this process's re-reads (`rearmWaits`). The method is empty, so
		// that nothing is registered, for every other operation and while the editor runs the
		// workflow (n8n's test webhooks build the workflow as inactive: test-webhooks.js
		// `toWorkflow`), so a manual run never waits for a call of it. docs/DESIGN.md explains.
		name: 'setup',
		httpMethod:
			'={{ $workflow.active && $parameter["operation"] === "sendAndWaitForCompletion" ? "POST" : "" }}',
		responseMode: 'onReceived',
		responseData: '',
		path: '={{ "document-signing-send-and-wait/" + $workflow.id + "/" + $nodeId }}',
		isFullPath: true,
		ndvHideUrl: true,
		ndvHideMethod: true,
	},
];

/**
 * Not n8n's SEND_AND_WAIT_OPERATION ('sendAndWait'): n8n 2.x offers every node with webhooks and an
 * operation of that value to AI agents as a "Human in the Loop" approval tool (hitl-tools.js), which
 * this operation is not: it waits for a signing request, not for a person's approval. With another
 * value n8n checks the resume call against the execution's resume token instead of a URL signature
 * (waiting-webhooks.js), see `resumeUrlOf`.
 */
export const SEND_AND_WAIT_FOR_COMPLETION = 'sendAndWaitForCompletion';

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
	description:
		"Send a draft signing request (or take one already sent), pause the workflow until it is completed, declined, cancelled or expired, and continue with its final state. The service must be able to reach n8n's webhook address.",
	toolDescription:
		'Do not use: this operation pauses a whole workflow until the document is signed (hours or days), which a tool call cannot do; called as a tool it only returns an error. To send a draft, use "Send a draft signing request"; to learn later whether it was signed, use "Get a signing request".',
	method: 'POST',
	path: '/signing-requests/{id}/send',
	composite: {
		calls: [
			'GET /workspaces/{id}',
			'GET /webhooks',
			'DELETE /webhooks/{id}',
			'POST /webhooks',
			'PUT /webhooks/{id}',
			'POST /signing-requests/{id}/send',
			'GET /signing-requests/{id}',
			'GET /signing-requests/{id}/download',
		],
		reason:
			"n8n's send-and-wait pattern: it sends, registers a webhook (of the request's workspace, or company-level: whichever the credential's secret verifies) and pauses the execution until the service reports the end",
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
			'signing_request?': { $ref: '#/definitions/SigningRequestDetail' },
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
			'webhook_id?': { $ref: '#/definitions/Webhook/properties/id' },
			'pdf_not_attached?': { type: 'string' },
		},
	},
};

/** Events that end a sent request (the request-level and the recipient-level decline). */
export const FINAL_EVENTS = [
	'signing_request.completed',
	'signing_request.declined',
	'signing_request.recipient.declined',
	'signing_request.cancelled',
	'signing_request.expired',
];

export const DESCRIPTION_PREFIX = 'n8n Send and Wait';
/** Query parameter of the resume URL naming the signing request. */
const REQUEST_PARAM = 'signing_request_id';
/** Query parameter of the resume URL naming the workspace (only for a workspace webhook). */
const WORKSPACE_PARAM = 'workspace_id';
/** What ended a wait, in the output's `ended_by`. */
export type EndedBy = 'event' | 're-read' | 'read' | 'time_limit';
/** A leftover webhook is removed this long after its wait ended (n8n resumes timed-out waits within a minute). */
const SWEEP_GRACE_MS = 60_000;
/** How often this process lists a key's Send-and-Wait webhooks of one scope, at most. */
export const SWEEP_EVERY_MS = 60_000;
/** Webhook requests a parked registration takes (create, then point at the resume URL). */
const PARKING_COST = 2;

const UNIT_MS: Record<string, number> = {
	minutes: 60_000,
	hours: 3_600_000,
	days: 86_400_000,
};

export const description: INodeProperties[] = [
	{
		displayName:
			"The service resumes this workflow through a webhook: it must reach n8n's webhook address (WEBHOOK_URL; HTTPS unless both run on one machine), and the credential's Webhook Signing Secret must be the company's (with the protected workspace's key) or the request's workspace's own. If a wait does not end with its request, check that webhooks are turned on in the service's settings; the node also notices the end at its next re-read (Options → Re-Read Every). Where the service cannot reach n8n, send with Send and use the Document Signing Poll Trigger in a second workflow.",
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
				description: `While waiting, read the signing request again this often (${MIN_REREAD_MINUTES} to ${MAX_REREAD_MINUTES} minutes), so that its end is noticed even if every delivery of the service is lost. The output's ended_by says whether the service's event or a re-read ended the wait. n8n must be able to reach its own webhook address.`,
			},
			clockToleranceOption(
				'How far the signature timestamp of a delivery may be from the clock of n8n, in either direction',
			),
		],
	},
	simplifyField,
];

interface WaitOptions {
	attachSignedPdf?: boolean;
	binaryPropertyName?: string;
	timestampTolerance?: number;
	rereadMinutes?: number;
}

const FINAL_STATUSES = ['completed', 'declined', 'cancelled', 'expired'] as const;
export type FinalStatus = (typeof FINAL_STATUSES)[number];

/**
 * The end state of a request (GET /signing-requests/{id}: its `status` flags; a status word is read
 * too), by the one rule of nodes/shared/signingRequest.ts `statusOf`; undefined while it is open.
 */
export function finalStatusOf(detail: IDataObject): FinalStatus | undefined {
	const status = statusOf(detail);
	return (FINAL_STATUSES as readonly string[]).includes(status ?? '')
		? (status as FinalStatus)
		: undefined;
}

/**
 * This node's resume URL in this execution, with `parameters` in its query: n8n's
 * `$execution.resumeUrl` (the waiting-webhook address of the execution, carrying its resume token
 * in `signature`) followed by the node's id, the path of `resumeWebhooks`. n8n refuses a call
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

function isNotFound(error: unknown): boolean {
	return error instanceof NodeApiError && String(error.httpCode) === '404';
}

/** `n8n Send and Wait: signing request <id>, until <ISO>` → the time the wait ends (ms). */
export function waitEndOf(description: unknown): number | undefined {
	if (typeof description !== 'string' || !description.startsWith(DESCRIPTION_PREFIX)) return;
	const match = / until (\S+)$/.exec(description);
	const ms = match ? Date.parse(match[1]) : NaN;
	return Number.isFinite(ms) ? ms : undefined;
}

async function deleteWebhook(context: TransportContext, id: string): Promise<void> {
	await callApi(context, deleteWebhookMeta, { params: { id } }).catch((error: unknown) => {
		if (!isNotFound(error)) throw error;
	});
}

/**
 * Webhooks of this workspace (null or '': company-level webhooks) whose URL contains `urlPart`
 * (the service filters by partial URL).
 */
async function webhooksLike(
	context: TransportContext,
	workspaceId: string | null,
	urlPart: string,
	explain?: Explainer,
): Promise<IDataObject[]> {
	const qs: IDataObject = { url: urlPart };
	if (workspaceId) qs.workspace_id = workspaceId;
	const { results } = await callPages(context, listWebhooks, { qs, returnAll: true, explain });
	return results.filter((webhook) => String(webhook.url ?? '').includes(urlPart));
}

/**
 * Removes this n8n's Send-and-Wait webhooks of the workspace (null: company-level ones) whose wait
 * ended over a minute ago. The waits still running are handed to `live` (for the re-reads).
 */
export async function sweepLeftovers(
	context: TransportContext,
	workspaceId: string | null,
	waitingBase: string,
	now: number,
	explain?: Explainer,
	live?: (webhook: IDataObject, until: number) => void,
): Promise<string[]> {
	const removed: string[] = [];
	for (const webhook of await webhooksLike(context, workspaceId, waitingBase, explain)) {
		const end = waitEndOf(webhook.description);
		if (end === undefined) continue;
		if (end > now) live?.(webhook, end);
		if (end + SWEEP_GRACE_MS > now) continue;
		await deleteWebhook(context, String(webhook.id));
		removed.push(String(webhook.id));
	}
	return removed;
}

/**
 * When this process last began listing the Send-and-Wait webhooks of a key, scope and n8n address
 * (`sweepLeftovers`); and the service webhook of each wait it knows (by `waitKeyOf` of its resume
 * URL), so that the end of a wait removes it without listing. Keys are held as a hash.
 */
const sweeps = new Map<string, number>();
const waitWebhooks = new Map<string, string>();
const MAX_REMEMBERED = 10_000;

function remember<T>(map: Map<string, T>, key: string, value: T): void {
	map.delete(key);
	map.set(key, value);
	while (map.size > MAX_REMEMBERED) map.delete(map.keys().next().value as string);
}

/**
 * Whether a Send and Wait run lists now: not when a run of this process began the same listing less
 * than a minute ago (the listing removes leftovers and hands running waits to the re-reads; once a
 * minute does both, whatever the number of starts). Notes the listing when it does.
 */
export function sweepDue(id: string, now: number): boolean {
	const last = sweeps.get(id);
	if (last !== undefined && now - last < SWEEP_EVERY_MS) return false;
	remember(sweeps, id, now);
	return true;
}

/** Forgets the listings and webhooks remembered (tests). */
export function forgetSweeps(): void {
	sweeps.clear();
	waitWebhooks.clear();
}

/**
 * Lists (when due) and removes the leftovers of one scope; a failed listing is not noted, so the
 * next run lists again.
 */
async function sweepWhenDue(
	context: IExecuteFunctions,
	id: string,
	workspaceId: string | null,
	waitingBase: string,
	explain: Explainer | undefined,
	live: (webhook: IDataObject, until: number) => void,
): Promise<void> {
	if (!sweepDue(id, Date.now())) return;
	let listed = false;
	try {
		await sweepLeftovers(context, workspaceId, waitingBase, Date.now(), explain, live);
		listed = true;
	} finally {
		if (!listed) sweeps.delete(id);
	}
}

/** The credential a node uses, as the key re-reads share their budget by. */
export function budgetKeyOf(context: { getNode(): { credentials?: IDataObject } }): string {
	const credential = context.getNode().credentials?.documentSigningApi as IDataObject | undefined;
	return String(credential?.id ?? credential?.name ?? 'credential');
}

/**
 * Hands a wait (its service webhook: the resume URL, and the time limit) to this process's
 * re-reads; `workflow`: the waiting execution's workflow, when known (for the warnings).
 */
export function reReadWait(
	context: TransportContext,
	url: string,
	until: number,
	firstAt?: number,
	workflow?: string,
): void {
	reReads.add({
		url,
		until,
		intervalMs: intervalOfUrl(url),
		budgetKey: budgetKeyOf(context),
		poke: pokeWith(context.helpers.httpRequest),
		firstAt,
		workflow,
	});
}

/**
 * At the activation of a published workflow with this Send and Wait node (the `setup` webhook's
 * checkExists; n8n 2.41.1 does not call it at its start): finds the node's waits at the service and hands them to the
 * re-reads of this process, due at once (a delivery may have been lost while n8n was away). The
 * service lists them: every waiting execution has a Send-and-Wait webhook whose URL is its resume
 * URL (with the node's id in its path) and whose description says until when it waits. They are
 * company-level webhooks, or webhooks of the workspaces whose secret the credential holds.
 */
export async function rearmWaits(this: IHookFunctions): Promise<number> {
	const nodeId = this.getNode().id;
	const credentials = await getServiceCredentials.call(this);
	const secret = String(credentials.webhookSigningSecret ?? '').trim();
	const scopes: Array<string | null> = [];
	if (secret) {
		// Company-level webhooks need the protected workspace's key; another key is refused (403).
		scopes.push(null);
		const workspaces = await callPages(this, listWorkspaces, { qs: {}, returnAll: true }).then(
			(result) => result.results,
			() => [] as IDataObject[],
		);
		const redacted = redactSecretsIn(secret, credentialSecrets(credentials));
		for (const workspace of workspaces) {
			const id = String(workspace.id ?? '');
			if (id && chooseWaitScope(workspace, id, secret, redacted).kind === 'workspace')
				scopes.push(id);
		}
	}
	const now = Date.now();
	let count = 0;
	for (const scope of scopes) {
		const found = await webhooksLike(this, scope, `/${nodeId}`).catch(() => [] as IDataObject[]);
		for (const webhook of found) {
			const url = String(webhook.url ?? '');
			const until = waitEndOf(webhook.description);
			if (until === undefined || until <= now || !url.includes(`/${nodeId}?`)) continue;
			reReadWait(this, url, until, now);
			count++;
		}
	}
	return count;
}

type BinaryContext = TransportContext & {
	helpers: Pick<IExecuteFunctions['helpers'], 'prepareBinaryData'>;
};

/** Simplify (on by default), read in the execution or in a call of the resume URL. */
function simplifyWait(context: IExecuteFunctions | IWebhookFunctions): boolean {
	const value =
		'getInputData' in context
			? context.getNodeParameter('simplify', 0, true)
			: context.getNodeParameter('simplify', true);
	return value !== false;
}

/**
 * The output of an ended wait. Simplify on: the request in the one shape (nodes/shared/
 * signingRequest.ts) with the final `status`, then how the wait ended (`extra` without `sent`,
 * whose date is `sent_at`). Off: `status`, `signing_request_id`, `extra` and the request as read.
 */
async function finalItem(
	context: BinaryContext & (IExecuteFunctions | IWebhookFunctions),
	id: string,
	detail: IDataObject,
	status: FinalStatus,
	extra: IDataObject,
	options: WaitOptions,
): Promise<INodeExecutionData> {
	const ended = { ...extra };
	delete ended.sent;
	const item: INodeExecutionData = {
		json: simplifyWait(context)
			? { ...toSigningRequest(detail, { id }), status, ...ended }
			: { status, signing_request_id: id, ...extra, signing_request: detail },
		pairedItem: { item: 0 },
	};
	if (options.attachSignedPdf) {
		if (status !== 'completed') {
			item.json.pdf_not_attached = `The signed PDF was not attached: the signing request ${unfinishedState({ status })}, so there is no signed document`;
			return item;
		}
		const answer = (await callApi(context, downloadSigningRequest, { params: { id } })).body;
		let download;
		try {
			download = readDownload(answer);
		} catch (error) {
			// readDownload throws only UnreadableDownloadError.
			throw new NodeOperationError(context.getNode(), (error as UnreadableDownloadError).message);
		}
		if (!download.final) {
			// Never the partial, watermarked copy in place of the signed one.
			item.json.pdf_not_attached = notAttachedReason(download);
			return item;
		}
		const file = await downloadFile.call(context, download.url);
		if (!looksLikePdf(file.data)) {
			throw new NodeOperationError(context.getNode(), 'The downloaded file is not a PDF', {
				description: `The download link returned ${file.data.length} bytes of ${file.contentType ?? 'unknown type'} instead of the signed PDF.`,
			});
		}
		const property = String(options.binaryPropertyName ?? 'data').trim() || 'data';
		item.binary = {
			[property]: await context.helpers.prepareBinaryData(
				file.data,
				documentFileName(detail.name, id),
				'application/pdf',
			),
		};
	}
	return item;
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
	// for the scope of its webhook: waitScope.ts.
	const before = (await callApi(this, getSigningRequest, { params: { id } })).body;
	const workspaceId = String(before?.companies_workspaces_id ?? '');
	if (!workspaceId) {
		throw new NodeOperationError(node, 'The service did not say which workspace the request is in');
	}
	const endedAlready = finalStatusOf(before);
	if (endedAlready) {
		return [
			await finalItem(this, id, before, endedAlready, { waited: false, ended_by: 'read' }, options),
		];
	}

	// The webhook whose deliveries the credential's secret verifies (waitScope.ts).
	const scope = await waitScopeFor(this, workspaceId, credentials);
	const waitTill = new Date(Date.now() + amount * UNIT_MS[unit]);
	const resumeUrl = resumeUrlOf(this, i, {
		[REQUEST_PARAM]: id,
		...(scope.kind === 'workspace' ? { [WORKSPACE_PARAM]: workspaceId } : {}),
		[REREAD_PARAM]: String(rereadMinutes),
	});
	checkDeliveryUrl(node, resumeUrl);
	const waitingBase = resumeUrl.slice(0, resumeUrl.lastIndexOf('/', resumeUrl.indexOf('?')));
	const base = waitingBase.slice(0, waitingBase.lastIndexOf('/'));
	// The other waits of this n8n that these lists show are handed to the re-reads of this process
	// too (after a restart nothing else of this process knew them).
	const alsoReRead = (webhook: IDataObject, until: number) => {
		const url = String(webhook.url ?? '');
		remember(waitWebhooks, waitKeyOf(url), String(webhook.id ?? ''));
		reReadWait(this, url, until);
	};
	const sweepId = `${sentKeyId(credentials)}\n${base}`;
	await sweepWhenDue(this, `${sweepId}\n${workspaceId}`, workspaceId, base, undefined, alsoReRead);
	if (scope.kind === 'company')
		await sweepWhenDue(this, sweepId, null, base, companyWebhookRefused, alsoReRead);

	// Parked first (waitScope.ts) unless that second webhook request would have to wait: in a burst,
	// when this key's webhook requests already wait for their turn, the webhook is created at the
	// resume URL in one request. The service's test event may then reach the execution before it
	// waits (n8n refuses it as "running already" and logs that); the wait is not affected. The two
	// requests are held in the window as the choice is made, so that starts choosing at the same
	// moment do not all count on the same requests left.
	const release = reserveInWindow(credentials, 'webhook', PARKING_COST);
	let created: IDataObject | undefined;
	try {
		created = await createWaitWebhook(
			this,
			scope,
			{
				url: resumeUrl,
				events: FINAL_EVENTS,
				description: `${DESCRIPTION_PREFIX}: signing request ${id}, until ${waitTill.toISOString()}`,
				enabled: true,
			},
			{ park: release !== undefined },
		);
	} finally {
		release?.();
	}
	const webhookId = String(created?.id ?? '');
	if (!webhookId) {
		throw new NodeOperationError(node, 'The service did not return the id of the new webhook');
	}
	remember(waitWebhooks, waitKeyOf(resumeUrl), webhookId);

	let sent: IDataObject | undefined;
	// The request as last read (the timed-out item shows it).
	let lastRead = before;
	try {
		if (sendFirst) {
			const response = await callApi(this, meta, { params: { id } });
			sent = normaliseSendResponse(response.body, id);
		}
		// It may have ended before the webhook existed or while it was being sent.
		const now = (await callApi(this, getSigningRequest, { params: { id } })).body;
		lastRead = now;
		const ended = finalStatusOf(now);
		if (ended) {
			await deleteWebhook(this, webhookId);
			return [
				await finalItem(
					this,
					id,
					now,
					ended,
					{ waited: false, sent: sent ?? null, ended_by: 'read' },
					options,
				),
			];
		}
	} catch (error) {
		// Nothing to wait for: the webhook goes again (a failed send is never retried).
		await deleteWebhook(this, webhookId).catch(() => undefined);
		// Both constructors hand back an error that already is of their kind unchanged.
		if (error instanceof NodeApiError) throw new NodeApiError(node, error as unknown as JsonObject);
		throw new NodeOperationError(node, error as Error);
	}

	// What the node outputs if the time limit runs out: n8n then passes the node's input on, so
	// the input is replaced with the timed-out result.
	// Simplify on: the request as read right after sending, in the one shape, ended_by time_limit.
	const timedOut: INodeExecutionData = {
		json: simplifyWait(this)
			? {
					...toSigningRequest(lastRead, { id }),
					waited: true,
					ended_by: 'time_limit',
					waited_until: waitTill.toISOString(),
					webhook_id: webhookId,
				}
			: {
					status: 'timed_out',
					signing_request_id: id,
					waited: true,
					waited_until: waitTill.toISOString(),
					sent: sent ?? null,
					webhook_id: webhookId,
					ended_by: 'time_limit',
				},
		pairedItem: { item: 0 },
	};
	const executeData = this.getExecuteData();
	if (executeData?.data?.main) executeData.data.main[0] = [timedOut];
	await this.putExecutionToWait(waitTill);
	// Re-reads at the interval, from this process, until the time limit or the end.
	reReadWait(this, resumeUrl, waitTill.getTime(), undefined, this.getWorkflow().name);
	return [timedOut];
}

/**
 * A delivery to the resume URL that failed verification: 401, logged with the reason and what to
 * change, and the execution keeps waiting (also in a manual run).
 *
 * Why a manual run does not show it as the trigger does: an error thrown from this webhook()
 * would end the wait wrongly in n8n 2.41.1. waiting-webhooks.js disables the waiting node before
 * calling it; webhook-helpers.js `executeWebhook` then replaces the execution's `resultData` (the
 * earlier nodes' output) with the error and resumes it with an empty item, which the disabled
 * node passes on (workflow-execute.js `handleDisabledNode` runs before `rethrowLastNodeError`):
 * the nodes after Send and Wait would run with a made-up item. Nothing else a webhook can do
 * reaches the editor while an execution waits, so the reason goes to n8n's log, and execute()
 * chooses the webhook whose deliveries the credential's secret verifies (waitScope.ts).
 */
function refuseResume(
	context: IWebhookFunctions,
	failure: { reason: RefusalReason; timestamp?: number; toleranceSeconds?: number },
	workspaceId: string,
): IWebhookResponseData {
	const node = context.getNode();
	const refusal = describeRefusal(failure, {
		receiver: 'Send and Wait',
		credentialName: node.credentials?.documentSigningApi?.name,
		scope: workspaceId ? 'workspace' : 'company',
		workspaceId: workspaceId || undefined,
		nowSeconds: Math.floor(Date.now() / 1000),
	});
	context.logger.warn(
		`Send and Wait refused a delivery: ${refusal.reason}. ${refusal.message}. ${refusal.description}`,
		{ node: node.name, execution: context.getExecutionId() },
	);
	return respond(context, 401, { error: 'Invalid signature', code: refusal.reason });
}

/** The service's delivery to the resume URL of a waiting execution. */
export async function resume(this: IWebhookFunctions): Promise<IWebhookResponseData> {
	const query = this.getQueryData() as IDataObject;
	const id = String(query[REQUEST_PARAM] ?? '');
	// None for a company-level webhook.
	const workspaceId = String(query[WORKSPACE_PARAM] ?? '');
	const options = this.getNodeParameter('waitOptions', {}) as WaitOptions;
	const headers = this.getHeaderData() as Record<string, unknown>;
	if (headers[REREAD_HEADER] !== undefined) return await reReadWhileWaiting.call(this, id, options);
	const rawBody = rawBodyOf(this);
	if (!rawBody) return refuseResume(this, { reason: 'raw_body_unavailable' }, workspaceId);

	const credentials = await getServiceCredentials.call(this);
	const verified = verifyDelivery(
		headers,
		rawBody,
		credentials.webhookSigningSecret,
		options.timestampTolerance,
	);
	if (!verified.valid) return refuseResume(this, verified, workspaceId);

	const envelope = normaliseEnvelope(parseBody(rawBody));
	if (!envelope.ok)
		return respond(this, 400, { error: 'Invalid payload', message: envelope.reason });
	const event = envelope.event;
	if (!FINAL_EVENTS.includes(event.type) || signingRequestIdOf(event) !== id) {
		// Test pings and other requests of the workspace: acknowledged, the execution keeps waiting.
		return respond(this, 200, { received: true, ignored: 'not_this_wait' });
	}

	// The wait is over once its final state is read: then answer, remove the webhook, output. A
	// read that fails is not taken on (a thrown error would end the wait wrongly, see refuseResume):
	// logged, answered 503 so that the service delivers again, and the wait stays as it was.
	let detail: IDataObject;
	try {
		detail = (await callApi(this, getSigningRequest, { params: { id } })).body;
	} catch (error) {
		warnUnread(this, `read signing request ${id} after its delivery`, error as Error);
		return retryLater(this, { received: false, event_id: event.id });
	}
	respond(this, 200, { received: true, event_id: event.id });
	await removeOwnWebhooks(this, workspaceId);
	const status: FinalStatus =
		finalStatusOf(detail) ??
		(event.type === 'signing_request.completed'
			? 'completed'
			: event.type.endsWith('declined')
				? 'declined'
				: event.type === 'signing_request.cancelled'
					? 'cancelled'
					: 'expired');
	const item = await endedItem(
		this,
		id,
		detail,
		status,
		{
			waited: true,
			ended_by: 'event',
			event: { id: event.id, type: event.type, created_at: event.created_at },
		},
		options,
	);
	return { noWebhookResponse: true, workflowData: [[item]] };
}

/**
 * A re-read whose read of the request failed (the service refused it or did not answer): the
 * warning names the workflow, the execution and the service's answer; the caller asks again at
 * the interval (reread.ts `unread`).
 */
function unreadWhileWaiting(
	context: IWebhookFunctions,
	id: string,
	error: Error,
): IWebhookResponseData {
	warnUnread(context, `re-read signing request ${id}`, error);
	return respond(context, 200, { re_read: 'unread' });
}

/** n8n's log: the read (`what`) of a waiting request failed, and the execution keeps waiting. */
function warnUnread(context: IWebhookFunctions, what: string, error: Error): void {
	const description = (error as { description?: unknown }).description;
	warnOfWait(
		context,
		` could not ${what}: ${error.message}${typeof description === 'string' && description ? `. ${description}` : ''}. The execution keeps waiting; the next re-read or the service's delivery ends it.`,
	);
}

/** n8n's log, naming the workflow and the execution of this wait. */
function warnOfWait(context: IWebhookFunctions, text: string): void {
	context.logger.warn(
		`Send and Wait of workflow "${context.getWorkflow().name ?? ''}" (execution ${context.getExecutionId() ?? ''})${text}`,
		{ node: context.getNode().name, execution: context.getExecutionId() },
	);
}

/** What finalItem takes besides its context. */
type FinalItemArgs = Parameters<typeof finalItem> extends [unknown, ...infer Rest] ? Rest : never;

/**
 * The output of a wait that ended in a webhook call, where a thrown error would resume the
 * execution with a made-up item (see refuseResume): a signed PDF that cannot be attached (its
 * download failed) is left out, and `pdf_not_attached` and n8n's log say why.
 */
async function endedItem(
	context: IWebhookFunctions,
	...args: FinalItemArgs
): Promise<INodeExecutionData> {
	try {
		return await finalItem(context, ...args);
	} catch (error) {
		const [id, detail, status, extra, options] = args;
		const item = await finalItem(context, id, detail, status, extra, {
			...options,
			attachSignedPdf: false,
		});
		const reason = `The signed PDF could not be attached: ${(error as Error).message}. Download it with Signing Request → Download.`;
		item.json.pdf_not_attached = reason;
		warnOfWait(context, `, signing request ${id}: ${reason}`);
		return item;
	}
}

/** The path of the resume URL this call came to (execution id and node id). */
function ownPathOf(context: IWebhookFunctions): string {
	const url = context.getRequestObject().url ?? '';
	return url.slice(0, url.indexOf('?') < 0 ? undefined : url.indexOf('?'));
}

/**
 * Removes the service webhooks that point at this resume URL, and forgets its re-reads: the one
 * this process registered or listed for the wait by its id, else those a listing finds.
 */
async function removeOwnWebhooks(context: IWebhookFunctions, workspaceId: string): Promise<void> {
	const ownPath = ownPathOf(context);
	reReads.remove(ownPath);
	const known = waitWebhooks.get(waitKeyOf(ownPath));
	if (known) {
		waitWebhooks.delete(waitKeyOf(ownPath));
		await deleteWebhook(context, known);
		return;
	}
	for (const webhook of await webhooksLike(context, workspaceId || null, ownPath)) {
		await deleteWebhook(context, String(webhook.id));
	}
}

/**
 * A re-read call (reread.ts): reads the request; when it has ended, resumes the execution exactly
 * as the service's event would (with `ended_by: "re-read"`), otherwise keeps waiting. The caller
 * decides nothing: the outcome is what the service answers. Answered without reading when this
 * wait was read less than half an interval ago, or when the read limit is nearly used up.
 */
async function reReadWhileWaiting(
	this: IWebhookFunctions,
	id: string,
	options: WaitOptions,
): Promise<IWebhookResponseData> {
	const query = this.getQueryData() as IDataObject;
	const workspaceId = String(query[WORKSPACE_PARAM] ?? '');
	const ownPath = ownPathOf(this);
	if (!id) return respond(this, 400, { error: 'The resume URL names no signing request' });
	const credentials = await getServiceCredentials.call(this);
	const left = readsLeft(credentials);
	if (left !== undefined && left < READ_RESERVE) return respond(this, 200, { re_read: 'deferred' });
	if (!mayReadNow(waitKeyOf(ownPath), intervalOf(query), Date.now()))
		return respond(this, 200, { re_read: 'waiting', read: false });
	let detail: IDataObject;
	try {
		detail = (await callApi(this, getSigningRequest, { params: { id } })).body;
	} catch (error) {
		// Thrown from here, the error would end the wait wrongly (see refuseResume): logged, and the
		// execution keeps waiting for the next re-read or the service's delivery.
		return unreadWhileWaiting(this, id, error as Error);
	}
	const status = finalStatusOf(detail);
	if (!status) return respond(this, 200, { re_read: 'waiting', read: true });

	respond(this, 200, { re_read: 'ended', status });
	await removeOwnWebhooks(this, workspaceId);
	const item = await endedItem(
		this,
		id,
		detail,
		status,
		{ waited: true, ended_by: 're-read', event: null },
		options,
	);
	return { noWebhookResponse: true, workflowData: [[item]] };
}
