import type {
	IDataObject,
	IExecuteFunctions,
	INodeExecutionData,
	INodeProperties,
} from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { ENDPOINTS } from '../../../shared/endpoints';
import { binaryItem } from '../../helpers/binary';
import { EVENT_TYPES, eventName } from '../../../shared/events';
import { getIdParameter } from '../../domain/ids';
import type { DocumentDownload } from '../../../shared/document';
import {
	canStillFinish,
	documentFileName,
	listOf,
	looksLikePdf,
	readDownload,
	recipientProgress,
	UnreadableDownloadError,
	unfinishedState,
} from '../../../shared/document';
import { callApi, downloadFile } from '../../../shared/transport';
import { outputBinaryProperty, signingRequestLocator } from '../common.descriptions';
import type { JsonSchema } from '../../helpers/output';
import { callName, type OperationMeta } from '../types';
import { meta as getSigningRequest } from './getSigningRequest.operation';
import { meta as listSigningRequestUsers } from './listSigningRequestUsers.operation';
import {
	ID_OUTPUT,
	orNull,
	signingRequestJson,
	simplifyField,
	simplifyOn,
} from '../../helpers/output';

/** The completion event as the trigger's event list names it. */
const COMPLETED_EVENT = eventName(
	EVENT_TYPES.find((e) => e.value === 'signing_request.completed')?.label ?? '',
);

/** The download answer's fields (api/responses.json). */
const ANSWER = '#/definitions/SigningRequestDownloadResponse/properties';

/** What Download adds to the request in the one shape (Simplify on). */
const DOWNLOAD_FIELDS: Record<string, JsonSchema> = {
	is_partial: { $ref: `${ANSWER}/is_partial` },
	download_url: { $ref: `${ANSWER}/download_url` },
	// The link's expiry (the answer's `expires_at`; the request's own is `expires_at`).
	download_expires_at: orNull({ $ref: `${ANSWER}/expires_at` }),
	file_name: { type: 'string' },
	'file_size?': { type: 'integer' },
};

export const meta: OperationMeta = {
	value: 'downloadSigningRequest',
	name: 'Download',
	action: 'Download the signed PDF of a signing request',
	subtitle: 'Download the signed PDF',
	description:
		'Get the signed PDF of a finished signing request; an unfinished one only with "Accept Unfinished Document"',
	toolDescription:
		'Gets the signed PDF of a finished signing request (everyone has signed). Returns the request (id, name, status "completed", completed_at, …) with download_url, a link to the signed PDF valid until download_expires_at (give it to the user or pass it on; the file itself is not shown to you), file_name, file_size, is_partial false, key_mode.\nNeeds: the signing request\'s ID (a UUID).\nA request that is not finished (still out for signature, declined, cancelled or expired) has no signed PDF: the tool refuses it with an error saying who has not signed yet. Report that; do not retry until "Get a signing request" shows it completed.',
	...ENDPOINTS.downloadSigningRequest,
	lookups: [callName(getSigningRequest), callName(listSigningRequestUsers)],
	output: {
		// The PDF is the item's binary; `file_size` is its size (not with Return URL Only).
		fields: {
			signing_request_id: ID_OUTPUT,
			file_name: { type: 'string' },
			'file_size?': { type: 'integer' },
		},
		// Simplify on: the request (as Get reads it) in the one shape, with the download's link.
		simplify: 'signingRequest',
		simplified: DOWNLOAD_FIELDS,
	},
};

const ACCEPT_UNFINISHED = 'Accept Unfinished Document';

export const description: INodeProperties[] = [
	signingRequestLocator,
	outputBinaryProperty,
	simplifyField,
	{
		displayName: 'Options',
		name: 'options',
		type: 'collection',
		placeholder: 'Add Option',
		default: {},
		options: [
			{
				displayName: ACCEPT_UNFINISHED,
				name: 'acceptUnfinished',
				type: 'boolean',
				default: false,
				description:
					'Whether to also download the document of a request that is not finished (in progress, declined, cancelled or expired): the pages signed so far, watermarked "PARTIAL DOCUMENT". Its file name then says "partial" and the output has is_partial true. Off: such a request is refused with an error saying who has still to sign.',
			},
			{
				displayName: 'Return URL Only',
				name: 'returnUrlOnly',
				type: 'boolean',
				default: false,
				description:
					'Whether to output only the download link and its details, without downloading the file. The link is short-lived (see expires_at).',
			},
		],
	},
];

/**
 * Who the document waits for (or who declined it), from GET /signing-requests/{id}/users. A
 * failed read leaves the names out; the refusal stands either way.
 */
async function whoIsMissing(
	context: IExecuteFunctions,
	id: string,
	download: DocumentDownload,
): Promise<string> {
	let progress;
	try {
		progress = recipientProgress(
			(await callApi(context, listSigningRequestUsers, { params: { id } })).body,
		);
	} catch (error) {
		return `(Who has still to sign could not be read: ${(error as Error).message}.)`;
	}
	if (download.status === 'declined') {
		return progress.declined.length ? `Declined by ${listOf(progress.declined)}.` : '';
	}
	if (progress.pending.length === 0) {
		return download.status === 'in_progress' || download.status === 'finished'
			? 'Every signer and approver has finished; the service is still completing the document.'
			: '';
	}
	return `${download.status === 'in_progress' ? 'Still to sign' : 'Not signed by'}: ${listOf(progress.pending)}.`;
}

/** The refusal of an unfinished document: its state, who is missing, what to do. */
async function refusal(
	context: IExecuteFunctions,
	id: string,
	download: DocumentDownload,
): Promise<NodeOperationError> {
	const who = await whoIsMissing(context, id, download);
	const anyway = `To download the document signed so far anyway (a partial copy watermarked "PARTIAL DOCUMENT"), turn on "${ACCEPT_UNFINISHED}" under Options.`;
	let todo: string;
	if (download.status === 'finished') {
		todo = `Try again in a moment (for example with "Retry On Fail" in the node settings). ${anyway}`;
	} else if (canStillFinish(download)) {
		todo = `Download gives the signed PDF once everyone has signed. To continue when that happens, use the Document Signing Trigger with the "${COMPLETED_EVENT}" event, the Document Signing Poll Trigger, or "Send and Wait for Completion" instead of downloading now. ${anyway}`;
	} else {
		todo = `A ${download.status} request is never completed, so there will be no signed PDF: send a new signing request if the document still needs signatures. ${anyway}`;
	}
	return new NodeOperationError(
		context.getNode(),
		`Not downloaded: signing request ${id} ${unfinishedState(download)}, so there is no signed document`,
		{ description: who ? `${who} ${todo}` : todo },
	);
}

/** The node hint on the output when an unfinished document was accepted (one per item). */
function unfinishedHint(
	context: IExecuteFunctions,
	i: number,
	id: string,
	fileName: string,
	download: DocumentDownload,
): void {
	context.addExecutionHints({
		message: `"${fileName}" (item ${i}) is not the signed document: signing request ${id} ${unfinishedState(download)}. It is the document signed so far, watermarked "PARTIAL DOCUMENT" (is_partial is true), output because "${ACCEPT_UNFINISHED}" is on.`,
		type: 'warning',
		location: 'outputPane',
		group: {
			key: 'documentSigning.unfinishedDocument',
			summary: '{count} unfinished, watermarked documents (not the signed ones)',
			label: fileName,
		},
	});
}

export async function execute(this: IExecuteFunctions, i: number): Promise<INodeExecutionData[]> {
	const id = getIdParameter(this, 'signingRequestId', i, 'Signing Request');
	const options = this.getNodeParameter('options', i, {}) as IDataObject;
	const returnUrlOnly = options.returnUrlOnly === true;
	const acceptUnfinished = options.acceptUnfinished === true;

	const response = await callApi(this, meta, {
		params: { id },
		explain: ({ status, error, message }) => {
			if (status === 409) {
				const said = message ?? error;
				return {
					message: 'The document of this signing request is not available yet',
					description: `There is a document to download once the request has been sent. Send the signing request first.${said ? ` The service said: "${said}".` : ''}`,
				};
			}
			if (status === 503) {
				return {
					message: `The service is still preparing the document${error ? ` (${error})` : ''}`,
					description:
						'The signed PDF is being generated. Try again in a few seconds (for example with "Retry On Fail" in the node settings).',
				};
			}
			return undefined;
		},
	});
	const metadata = response.body;
	let download: DocumentDownload;
	try {
		download = readDownload(metadata);
	} catch (error) {
		// readDownload throws only UnreadableDownloadError.
		throw new NodeOperationError(this.getNode(), (error as UnreadableDownloadError).message, {
			description: `Nothing was downloaded. The answer was: ${JSON.stringify(metadata).slice(0, 300)}`,
		});
	}
	// Before anything is fetched: an unfinished document is never passed on as the signed one.
	if (!download.final && !acceptUnfinished) throw await refusal(this, id, download);

	// The download answer does not carry the request's name; the file is named after it.
	const detail = (await callApi(this, getSigningRequest, { params: { id } })).body;
	const fileName = documentFileName(detail?.name, id, download);

	const json: IDataObject = simplifyOn(this, i)
		? {
				...signingRequestJson(detail),
				is_partial: !download.final,
				download_url: download.url,
				download_expires_at: metadata?.expires_at ?? null,
				file_name: fileName,
				key_mode: response.keyMode,
			}
		: {
				...metadata,
				status: download.status,
				is_partial: !download.final,
				signing_request_id: id,
				file_name: fileName,
				key_mode: response.keyMode,
			};
	if (returnUrlOnly) {
		if (!download.final) unfinishedHint(this, i, id, fileName, download);
		return [{ json }];
	}

	const file = await downloadFile.call(this, download.url);
	if (!looksLikePdf(file.data)) {
		throw new NodeOperationError(this.getNode(), 'The downloaded file is not a PDF', {
			description: `The download link returned ${file.data.length} bytes of ${file.contentType ?? 'unknown type'} instead of a PDF document. Run the node again to get a fresh link; if it keeps happening the service may have a problem with this document.`,
		});
	}
	json.file_size = file.data.length;
	const property =
		String(this.getNodeParameter('outputBinaryPropertyName', i, 'data') ?? '').trim() || 'data';
	const item = await binaryItem.call(this, json, file.data, fileName, 'application/pdf', property);
	if (!download.final) unfinishedHint(this, i, id, fileName, download);
	return [item];
}
