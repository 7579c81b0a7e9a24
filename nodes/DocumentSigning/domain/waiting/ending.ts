import type {
	IDataObject,
	IExecuteFunctions,
	INodeExecutionData,
	IWebhookFunctions,
	IWebhookResponseData,
} from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import {
	documentFileName,
	looksLikePdf,
	notAttachedReason,
	readDownload,
	unfinishedState,
	type UnreadableDownloadError,
} from '../../../shared/document';
import { ENDPOINTS } from '../../../shared/endpoints';
import { normaliseEnvelope, parseBody, signingRequestIdOf } from '../../../shared/envelope';
import { respond } from '../../../shared/respond';
import { rawBodyOf } from '../../../shared/signature';
import { verifyWithCredential } from '../../../shared/verifyWithCredential';
import {
	statusOf,
	statusOfEvent,
	toSigningRequest,
	type SigningRequestHints,
} from '../../../shared/signingRequest';
import { callApi, downloadFile, type TransportContext } from '../../../shared/transport';
import { RE_READ_EVENT, refuseUnverified } from './calls';
import { FINAL_EVENTS } from './router';
import { waitKeyOf } from './waits';

/**
 * The end of a wait, in the waiting execution: its resume URL's webhook() (`endWait`) gets the
 * service's delivery (forwarded by its router, hub.ts) or the end a re-read found, verifies it with
 * the credential's secret, and resumes the execution with the request as that told it. No read of
 * its own (Attach Signed PDF aside): what told it the request ended carries the request.
 */

/** Query parameter of the resume URL naming the signing request. */
export const REQUEST_PARAM = 'signing_request_id';
/** Query parameter of the resume URL: the re-read interval in minutes. */
export const REREAD_PARAM = 'reread';

export const FINAL_STATUSES = ['completed', 'declined', 'cancelled', 'expired'] as const;
export type FinalStatus = (typeof FINAL_STATUSES)[number];
/** What ended a wait, in the output's `ended_by`. */
export type EndedBy = 'event' | 're-read' | 'read' | 'time_limit';

export interface WaitOptions {
	attachSignedPdf?: boolean;
	binaryPropertyName?: string;
	timestampTolerance?: number;
	rereadMinutes?: number;
}

/** A final status of a request, or undefined while it is open. */
export function finalStatusOf(source: unknown): FinalStatus | undefined {
	const status = statusOf(source);
	return (FINAL_STATUSES as readonly string[]).includes(status ?? '')
		? (status as FinalStatus)
		: undefined;
}

/** Simplify (on by default), read in the execution or in a call of the resume URL. */
export function simplifyWait(context: IExecuteFunctions | IWebhookFunctions): boolean {
	const value =
		'getInputData' in context
			? context.getNodeParameter('simplify', 0, true)
			: context.getNodeParameter('simplify', true);
	return value !== false;
}

type BinaryContext = TransportContext & {
	helpers: Pick<IExecuteFunctions['helpers'], 'prepareBinaryData'>;
};

/** Where the request of an ended wait comes from, and what the source does not say itself. */
export interface EndSource {
	/** The request as the service showed it (Get's answer, a list item, an event's request). */
	request: IDataObject;
	hints?: SigningRequestHints;
}

/**
 * The output of an ended wait. Simplify on: the request in the one shape (nodes/shared/
 * signingRequest.ts) with the final `status`, then how the wait ended (`extra` without `sent`,
 * whose date is `sent_at`). Off: `status`, `signing_request_id`, `extra` and the request as the
 * service showed it.
 */
export async function finalItem(
	context: BinaryContext & (IExecuteFunctions | IWebhookFunctions),
	id: string,
	source: EndSource,
	status: FinalStatus,
	extra: IDataObject,
	options: WaitOptions,
): Promise<INodeExecutionData> {
	const ended = { ...extra };
	delete ended.sent;
	const item: INodeExecutionData = {
		json: simplifyWait(context)
			? { ...toSigningRequest(source.request, { id, ...source.hints }), status, ...ended }
			: { status, signing_request_id: id, ...extra, signing_request: source.request },
		pairedItem: { item: 0 },
	};
	if (options.attachSignedPdf) {
		if (status !== 'completed') {
			item.json.pdf_not_attached = `The signed PDF was not attached: the signing request ${unfinishedState({ status })}, so there is no signed document`;
			return item;
		}
		const answer = (await callApi(context, ENDPOINTS.downloadSigningRequest, { params: { id } }))
			.body;
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
		// The signed PDF's link, where the source did not carry it (an event, a list item).
		if (simplifyWait(context) && item.json.signed_document_url === null)
			item.json.signed_document_url = download.url;
		const property = String(options.binaryPropertyName ?? 'data').trim() || 'data';
		item.binary = {
			[property]: await context.helpers.prepareBinaryData(
				file.data,
				documentFileName(source.request.name, id),
				'application/pdf',
			),
		};
	}
	return item;
}

/** n8n's log, naming the workflow and the execution of this wait. */
/** How n8n's log names a wait: its workflow and execution. */
function waitLabel(context: IWebhookFunctions): string {
	return `Send and Wait of workflow "${context.getWorkflow().name ?? ''}" (execution ${context.getExecutionId() ?? ''})`;
}

export function warnOfWait(context: IWebhookFunctions, text: string): void {
	context.logger.warn(`${waitLabel(context)}${text}`, {
		node: context.getNode().name,
		execution: context.getExecutionId(),
	});
}

/**
 * The output of a wait that ended in a webhook call, where a thrown error would resume the
 * execution with a made-up item (see `endWait`): a signed PDF that cannot be attached (its
 * download failed) is left out, and `pdf_not_attached` and n8n's log say why.
 */
async function endedItem(
	context: IWebhookFunctions,
	...args: Parameters<typeof finalItem> extends [unknown, ...infer Rest] ? Rest : never
): Promise<INodeExecutionData> {
	try {
		return await finalItem(context, ...args);
	} catch (error) {
		const [id, source, status, extra, options] = args;
		const item = await finalItem(context, id, source, status, extra, {
			...options,
			attachSignedPdf: false,
		});
		const reason = `The signed PDF could not be attached: ${(error as Error).message}. Download it with Signing Request → Download.`;
		item.json.pdf_not_attached = reason;
		warnOfWait(context, `, signing request ${id}: ${reason}`);
		return item;
	}
}

/**
 * Waits this process ended, for a minute (until n8n has marked the execution running, after which it
 * refuses further calls itself): a second end arriving meanwhile is answered as gone, not taken.
 */
const endedHere = new Map<string, number>();
const ENDED_HERE_MS = 60_000;

/** Whether this process ends the wait `key` now (and notes it), or did a moment ago. */
function claimEnd(key: string, now: number): boolean {
	for (const [known, at] of endedHere) if (now - at >= ENDED_HERE_MS) endedHere.delete(known);
	if (endedHere.has(key)) return false;
	endedHere.set(key, now);
	return true;
}

/** The resume URL's webhook(): the end of this wait, or a call that is not (answered, no end). */
export async function endWait(this: IWebhookFunctions): Promise<IWebhookResponseData> {
	const query = this.getQueryData() as IDataObject;
	const id = String(query[REQUEST_PARAM] ?? '');
	const options = this.getNodeParameter('waitOptions', {}) as WaitOptions;
	const headers = this.getHeaderData() as Record<string, unknown>;
	const rawBody = rawBodyOf(this);
	// A call that fails verification is answered 401 and logged, and the execution keeps waiting
	// (also in a manual run).
	//
	// Why a manual run does not show it as the trigger does: an error thrown from this webhook()
	// would end the wait wrongly in n8n 2.41.1. waiting-webhooks.js disables the waiting node before
	// calling it; webhook-helpers.js `executeWebhook` then replaces the execution's `resultData` (the
	// earlier nodes' output) with the error and resumes it with an empty item, which the disabled
	// node passes on (workflow-execute.js `handleDisabledNode` runs before `rethrowLastNodeError`):
	// the nodes after Send and Wait would run with a made-up item. So nothing after the answer
	// throws, and the reason goes to n8n's log.
	if (!rawBody) return refuseUnverified(this, { reason: 'raw_body_unavailable' }, waitLabel(this));
	const verified = await verifyWithCredential(this, headers, rawBody, options.timestampTolerance);
	if (!verified.valid) return refuseUnverified(this, verified, waitLabel(this));

	const envelope = normaliseEnvelope(parseBody(rawBody));
	if (!envelope.ok)
		return respond(this, 400, { error: 'Invalid payload', message: envelope.reason });
	const event = envelope.event;
	const about = signingRequestIdOf(event);
	let status: FinalStatus | undefined;
	let source: EndSource | undefined;
	let extra: IDataObject;
	if (event.type === RE_READ_EVENT) {
		const request = event.data.signing_request as IDataObject | undefined;
		status = finalStatusOf(request);
		source = request ? { request } : undefined;
		extra = { waited: true, ended_by: 're-read', event: null };
	} else if (FINAL_EVENTS.includes(event.type)) {
		status = statusOfEvent(event.type) as FinalStatus | undefined;
		const data = event.data;
		const request =
			typeof data.signing_request === 'object' && data.signing_request !== null
				? (data.signing_request as IDataObject)
				: { id };
		source = {
			request,
			hints: {
				status,
				workspace_id: event.workspace_id,
				recipients: Array.isArray(data.recipients) ? data.recipients : undefined,
			},
		};
		extra = {
			waited: true,
			ended_by: 'event',
			event: { id: event.id, type: event.type, created_at: event.created_at },
		};
	} else {
		extra = {};
	}
	if (!status || !source || about !== id || !id) {
		// Test pings, other requests, events that end nothing: the execution keeps waiting.
		return respond(this, 200, { received: true, ignored: 'not_this_wait' });
	}
	if (!claimEnd(waitKeyOf(this.getRequestObject().url ?? ''), Date.now()))
		return respond(this, 200, { received: true, gone: true });
	respond(this, 200, { received: true, ended: status });
	const item = await endedItem(this, id, source, status, extra, options);
	return { noWebhookResponse: true, workflowData: [[item]] };
}
