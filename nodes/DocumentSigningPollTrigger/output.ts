import type { IDataObject, INodeExecutionData } from 'n8n-workflow';

import type { EnrichOptions } from '../shared/enrich';
import type { DocumentSigningEvent } from '../shared/envelope';
import type { Change } from './changes';
import { POLL_EVENTS } from './changes';

/** The poll trigger's options: the webhook trigger's enrichment options. */
export type PollOptions = EnrichOptions;

/** What the poll trigger outputs: the webhook trigger's event shape, plus where it came from. */
export interface PolledEvent extends DocumentSigningEvent {
	source: 'poll';
}

/**
 * A change as the webhook trigger would output the matching event: `id` (stable for the change:
 * `poll_<kind>_<signing request id>`, so the same change polled twice has the same id), `type`,
 * `created_at` (when the change happened, by the service's clock), `company_id` (not in the list:
 * null), `workspace_id` (the polled workspace: list items do not name theirs), `data`
 * (`signing_request`, `recipients`, `workspace`, as in the service's signing-request events),
 * `delivery_id` (null: nothing was delivered) and `source: "poll"`.
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
		workspace_id: workspaceId,
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
