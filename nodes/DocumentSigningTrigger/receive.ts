import type {
	IDataObject,
	INodeExecutionData,
	IWebhookFunctions,
	IWebhookResponseData,
} from 'n8n-workflow';

import { TEST_EVENT_TYPE } from '../DocumentSigning/events';
import { apiRequest, downloadFile, getServiceCredentials } from '../DocumentSigning/transport';
import { acceptEvent } from './dedup';
import type { DocumentSigningEvent } from './envelope';
import { normaliseEnvelope, parseBody, pdfFileName, signingRequestIdOf } from './envelope';
import { resolveEvents } from './lifecycle';
import {
	DEFAULT_TOLERANCE_SECONDS,
	DELIVERY_HEADER,
	OLD_SIGNATURE_HEADER,
	SIGNATURE_HEADER,
	singleHeader,
	verifySignature,
} from './signature';

/**
 * What happens to each delivery, in this order (nothing before step 6 starts a workflow):
 *  1. signature (unless "Verify Signatures" is off): X-Service-Signature, then X-Service-Signature-Old,
 *     over the raw body bytes, within the timestamp tolerance → otherwise 401
 *  2. payload: a JSON object with an event id and type (either envelope shape) → otherwise 400
 *  3. test deliveries (`webhook.test`): dropped (200) unless the "Test Deliveries" option passes them
 *  4. event type not among the chosen events → 200, ignored
 *  5. event id already accepted (a retry or a replay) → 200, duplicate
 *  6. accepted: the id is remembered, the node answers 200, the workflow starts with the event
 * The node answers every delivery itself (`noWebhookResponse`); only accepted ones return workflow
 * data, so only they start the workflow.
 *
 * Why accepted deliveries are answered by the node and not by n8n after the start ("onReceived"):
 * n8n (checked in 2.41.1) saves the static data, and so the remembered event id, when the response
 * is handed over. With "onReceived" that happens after the execution was set up, and setting it up
 * wraps the same static-data object again, which clears its "changed" mark: the id would never be
 * saved and a retry after a restart would start the workflow twice. Answering first saves it before
 * the execution starts. Trade-off: if n8n then fails to start the execution (its database is down),
 * the service has already been told "delivered" and does not retry; n8n logs that failure.
 */

export interface TriggerOptions {
	timestampTolerance?: number;
	includeHeaders?: boolean;
	includeRawBody?: boolean;
	testDeliveries?: 'manualOnly' | 'always' | 'never';
	fetchSigningRequest?: boolean;
	attachSignedPdf?: boolean;
	binaryPropertyName?: string;
}

/** Request headers that never go into the output. */
const HIDDEN_HEADERS = new Set(['authorization', 'proxy-authorization', 'cookie']);

function respond(
	context: IWebhookFunctions,
	status: number,
	body: IDataObject,
): IWebhookResponseData {
	const res = context.getResponseObject();
	if (!res.headersSent) {
		res.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8' });
		res.end(JSON.stringify(body));
	}
	return { noWebhookResponse: true };
}

function rawBodyOf(context: IWebhookFunctions): Buffer | undefined {
	const raw = (context.getRequestObject() as { rawBody?: unknown }).rawBody;
	if (Buffer.isBuffer(raw)) return raw;
	if (typeof raw === 'string') return Buffer.from(raw, 'utf8');
	return undefined;
}

function shownHeaders(headers: Record<string, unknown>): IDataObject {
	const shown: IDataObject = {};
	for (const [name, value] of Object.entries(headers)) {
		if (HIDDEN_HEADERS.has(name.toLowerCase())) continue;
		shown[name.toLowerCase()] = Array.isArray(value) ? value.map(String) : String(value);
	}
	return shown;
}

export async function receive(this: IWebhookFunctions): Promise<IWebhookResponseData> {
	const options = this.getNodeParameter('options', {}) as TriggerOptions;
	const verify = this.getNodeParameter('verifySignatures', true) !== false;
	const headers = this.getHeaderData() as Record<string, unknown>;
	const rawBody = rawBodyOf(this);

	// 1. Signature.
	if (verify) {
		const credentials = await getServiceCredentials.call(this);
		const signature = singleHeader(headers, SIGNATURE_HEADER);
		const oldSignature = singleHeader(headers, OLD_SIGNATURE_HEADER);
		const tolerance = Number(options.timestampTolerance ?? DEFAULT_TOLERANCE_SECONDS);
		if (!rawBody) {
			// Without the exact bytes received nothing can be verified (re-serialised JSON never is).
			this.logger.warn(
				'Document Signing Trigger refused a delivery: the raw request body is not available',
			);
			return respond(this, 401, { error: 'Invalid signature', code: 'raw_body_unavailable' });
		}
		const result = verifySignature({
			rawBody,
			secret: credentials.webhookSigningSecret,
			signature: signature.value,
			oldSignature: oldSignature.value,
			repeatedHeader: signature.repeated || oldSignature.repeated,
			nowSeconds: Math.floor(Date.now() / 1000),
			toleranceSeconds:
				Number.isFinite(tolerance) && tolerance > 0 ? tolerance : DEFAULT_TOLERANCE_SECONDS,
		});
		if (!result.valid) {
			this.logger.warn(`Document Signing Trigger refused a delivery: ${result.reason}`, {
				node: this.getNode().name,
				delivery: singleHeader(headers, DELIVERY_HEADER).value,
			});
			return respond(this, 401, { error: 'Invalid signature', code: result.reason });
		}
	}

	// 2. Payload.
	const body = rawBody ? parseBody(rawBody) : (this.getBodyData() as IDataObject);
	const deliveryId = singleHeader(headers, DELIVERY_HEADER).value ?? null;
	const envelope = normaliseEnvelope(body, deliveryId);
	if (!envelope.ok)
		return respond(this, 400, { error: 'Invalid payload', message: envelope.reason });
	const event = envelope.event;

	// 3. and 4. Which events start the workflow.
	if (event.type === TEST_EVENT_TYPE) {
		const mode = options.testDeliveries ?? 'never';
		const pass = mode === 'always' || (mode === 'manualOnly' && this.getMode() === 'manual');
		if (!pass) return respond(this, 200, { received: true, ignored: 'test_delivery' });
	} else {
		const wanted = resolveEvents(
			this.getNode(),
			this.getNodeParameter('events', []),
			this.getNodeParameter('additionalEvents', ''),
		);
		if (!wanted.includes(event.type)) {
			return respond(this, 200, { received: true, ignored: 'event_not_selected' });
		}
	}

	// 5. Deduplication by event id (workflow static data, and this process's memory of it).
	const scope = `${this.getWorkflow().id ?? ''}|${this.getNode().id}|${this.getMode()}`;
	if (!acceptEvent(this.getWorkflowStaticData('node'), scope, event.id, { nowMs: Date.now() })) {
		return respond(this, 200, { received: true, duplicate: true });
	}

	// 6. Accepted.
	const json: IDataObject = { ...event };
	if (options.includeHeaders) json.headers = shownHeaders(headers);
	if (options.includeRawBody)
		json.raw_body = rawBody ? rawBody.toString('utf8') : JSON.stringify(body ?? {});
	const item: INodeExecutionData = { json };

	// The service waits at most 5 s for an answer: answer now, then enrich without time pressure.
	respond(this, 200, { received: true, event_id: event.id });
	if (options.fetchSigningRequest || options.attachSignedPdf)
		await enrich.call(this, event, item, options);
	return { noWebhookResponse: true, workflowData: [[item]] };
}

/**
 * Optional enrichment, after the delivery has been answered. A failure never loses the event:
 * the workflow still starts, with `enrichment_errors` listing what could not be fetched.
 * Trade-off: the service has already been told "delivered", so it does not retry.
 */
async function enrich(
	this: IWebhookFunctions,
	event: DocumentSigningEvent,
	item: INodeExecutionData,
	options: TriggerOptions,
): Promise<void> {
	const requestId = signingRequestIdOf(event);
	if (!requestId || !event.type.startsWith('signing_request.')) return;
	const errors: string[] = [];
	const path = `/signing-requests/${encodeURIComponent(requestId)}`;

	let name: unknown = (event.data.signing_request as IDataObject | undefined)?.name;
	if (options.fetchSigningRequest) {
		try {
			const full = (await apiRequest.call(this, 'GET', path)) as IDataObject;
			item.json.signing_request = full;
			name = full?.name ?? name;
		} catch (error) {
			errors.push(`Fetching the signing request failed: ${(error as Error).message}`);
		}
	}

	if (options.attachSignedPdf && event.type === 'signing_request.completed') {
		try {
			const download = (await apiRequest.call(this, 'GET', `${path}/download`)) as IDataObject;
			const url = typeof download?.download_url === 'string' ? download.download_url : '';
			if (!url) throw new Error('the service returned no download_url');
			const file = await downloadFile.call(this, url);
			const property = String(options.binaryPropertyName ?? 'data').trim() || 'data';
			item.binary = {
				[property]: await this.helpers.prepareBinaryData(
					file.data,
					pdfFileName(name, requestId),
					'application/pdf',
				),
			};
		} catch (error) {
			errors.push(`Attaching the signed PDF failed: ${(error as Error).message}`);
		}
	}

	if (errors.length) {
		item.json.enrichment_errors = errors;
		for (const message of errors) this.logger.warn(`Document Signing Trigger: ${message}`);
	}
}
