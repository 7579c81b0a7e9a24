import type { IDataObject, INodeExecutionData, IPollFunctions } from 'n8n-workflow';

import { apiRequest, downloadFile } from '../DocumentSigning/transport';
import type { DocumentSigningEvent } from '../DocumentSigningTrigger/envelope';
import { pdfFileName } from '../DocumentSigningTrigger/envelope';
import type { Change } from './changes';
import { POLL_EVENTS } from './changes';

export interface PollOptions {
	fetchSigningRequest?: boolean;
	attachSignedPdf?: boolean;
	binaryPropertyName?: string;
}

/** What the poll trigger outputs: the webhook trigger's event shape, plus where it came from. */
export interface PolledEvent extends DocumentSigningEvent {
	source: 'poll';
}

/**
 * A change as the webhook trigger would output the matching event: `id` (stable for the change:
 * `poll_<kind>_<signing request id>`, so the same change polled twice has the same id), `type`,
 * `created_at` (when the change happened, by the service's clock), `company_id` (not in the list:
 * null), `workspace_id`, `data` (`signing_request`, `recipients`, `workspace`, as in the service's
 * signing-request events), `delivery_id` (null: nothing was delivered) and `source: "poll"`.
 */
export function toEvent(
	change: Change,
	workspaceId: string,
	workspaceName: string,
): INodeExecutionData {
	const { recipients, ...signingRequest } = change.item;
	const event: PolledEvent = {
		id: `poll_${change.kind}_${String(change.item.id)}`,
		type: POLL_EVENTS[change.kind],
		created_at: change.at || null,
		company_id: null,
		workspace_id: String(change.item.workspace_id ?? workspaceId),
		data: {
			signing_request: signingRequest,
			recipients: Array.isArray(recipients) ? (recipients as IDataObject[]) : [],
			workspace: { id: workspaceId, name: workspaceName },
		},
		delivery_id: null,
		source: 'poll',
	};
	return { json: event };
}

/**
 * Optional enrichment, as in the webhook trigger: a failure never loses the change; the workflow
 * starts with `enrichment_errors` naming what could not be fetched.
 */
export async function enrich(
	context: IPollFunctions,
	item: INodeExecutionData,
	options: PollOptions,
): Promise<void> {
	if (!options.fetchSigningRequest && !options.attachSignedPdf) return;
	const event = item.json as unknown as PolledEvent;
	const summary = (event.data.signing_request ?? {}) as IDataObject;
	const requestId = String(summary.id ?? '');
	if (!requestId) return;
	const path = `/signing-requests/${encodeURIComponent(requestId)}`;
	const errors: string[] = [];
	let name: unknown = summary.name;

	if (options.fetchSigningRequest) {
		try {
			const full = (await apiRequest.call(context, 'GET', path)) as IDataObject;
			item.json.signing_request = full;
			name = full?.name ?? name;
		} catch (error) {
			errors.push(`Fetching the signing request failed: ${(error as Error).message}`);
		}
	}

	if (options.attachSignedPdf && event.type === POLL_EVENTS.completed) {
		try {
			const download = (await apiRequest.call(context, 'GET', `${path}/download`)) as IDataObject;
			const url = typeof download?.download_url === 'string' ? download.download_url : '';
			if (!url) throw new Error('the service returned no download_url');
			const file = await downloadFile.call(context, url);
			const property = String(options.binaryPropertyName ?? 'data').trim() || 'data';
			item.binary = {
				[property]: await context.helpers.prepareBinaryData(
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
		for (const message of errors) context.logger.warn(`Document Signing Poll Trigger: ${message}`);
	}
}
