import type {
	IDataObject,
	INodeExecutionData,
	IPollFunctions,
	IWebhookFunctions,
} from 'n8n-workflow';

import { ENDPOINTS } from './endpoints';
import { callApi, downloadFile } from './transport';
import type { DocumentSigningEvent } from './envelope';
import type { EventExtras } from './signingRequest';
import { documentFileName, looksLikePdf, notAttachedReason, readDownload } from './document';
import { signingRequestIdOf } from './envelope';

/** The trigger options both triggers offer. */
export interface EnrichOptions {
	fetchSigningRequest?: boolean;
	attachSignedPdf?: boolean;
	binaryPropertyName?: string;
}

/**
 * Optional enrichment of a signing-request event (webhook and poll trigger alike). A failure never
 * loses the event: the workflow still starts, with `enrichment_errors` listing what could not be
 * fetched (also logged as warnings, prefixed with `label`). The PDF is attached only when it is
 * the signed document (finished, not partial); otherwise `enrichment_errors` says why.
 *
 * Fetch Full Signing Request reads the request as the action node's Get does: its detail and its
 * recipients (two reads, side by side), output as `signing_request` with the recipients under
 * `recipients` as the service lists them. Returns what the shape takes from the reads besides
 * (`signed_document_url`: the link of the signed PDF Attach Signed PDF downloaded).
 */
export async function enrich(
	context: IWebhookFunctions | IPollFunctions,
	event: DocumentSigningEvent,
	item: INodeExecutionData,
	options: EnrichOptions,
	label: string,
): Promise<EventExtras> {
	const extras: EventExtras = {};
	if (!options.fetchSigningRequest && !options.attachSignedPdf) return extras;
	const requestId = signingRequestIdOf(event);
	if (!requestId || !event.type.startsWith('signing_request.')) return extras;
	const errors: string[] = [];

	let name: unknown = (event.data.signing_request as IDataObject | undefined)?.name;
	if (options.fetchSigningRequest) {
		const params = { id: requestId };
		const [detail, users] = await Promise.allSettled([
			callApi(context, ENDPOINTS.getSigningRequest, { params }),
			callApi(context, ENDPOINTS.listSigningRequestUsers, { params }),
		]);
		if (detail.status === 'fulfilled') {
			const full = detail.value.body;
			const list = users.status === 'fulfilled' ? users.value.body?.results : undefined;
			item.json.signing_request =
				full && typeof full === 'object' && Array.isArray(list)
					? { ...full, recipients: list }
					: full;
			name = full?.name ?? name;
			if (users.status === 'rejected') {
				errors.push(
					`Reading the recipients of the signing request failed: ${(users.reason as Error).message}`,
				);
			}
		} else {
			errors.push(`Fetching the signing request failed: ${(detail.reason as Error).message}`);
		}
	}

	if (options.attachSignedPdf && event.type === 'signing_request.completed') {
		try {
			const download = readDownload(
				(await callApi(context, ENDPOINTS.downloadSigningRequest, { params: { id: requestId } }))
					.body,
			);
			if (!download.final) {
				// Only the signed document is attached; the event still starts the workflow.
				errors.push(notAttachedReason(download));
			} else {
				const file = await downloadFile.call(context, download.url);
				if (!looksLikePdf(file.data)) {
					throw new Error(
						`the download link returned ${file.data.length} bytes of ${file.contentType ?? 'unknown type'}, not a PDF`,
					);
				}
				extras.signed_document_url = download.url;
				const property = String(options.binaryPropertyName ?? 'data').trim() || 'data';
				item.binary = {
					[property]: await context.helpers.prepareBinaryData(
						file.data,
						documentFileName(name, requestId),
						'application/pdf',
					),
				};
			}
		} catch (error) {
			errors.push(`Attaching the signed PDF failed: ${(error as Error).message}`);
		}
	}

	if (errors.length) {
		item.json.enrichment_errors = errors;
		for (const message of errors) context.logger.warn(`${label}: ${message}`);
	}
	return extras;
}
