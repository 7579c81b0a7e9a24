import type { IDataObject, INodeExecutionData } from 'n8n-workflow';

import type { DocumentSigningEvent } from './envelope';
import type { Change } from './changes';
import { POLL_EVENTS } from './changes';

/** What the poll trigger outputs: the webhook trigger's event shape, plus where it came from. */
export interface PolledEvent extends DocumentSigningEvent {
	source: 'poll' | 'catch-up';
}

/**
 * A change as the webhook trigger would output the matching event: `id` (stable for the change:
 * `poll_<kind>_<signing request id>`, so the same change polled twice has the same id), `type`,
 * `created_at` (when the change happened, by the service's clock), `company_id` (not in the list:
 * null), `workspace_id` (the polled workspace: list items do not name theirs), `data`
 * (`signing_request`, `recipients`, `workspace`, as in the service's signing-request events),
 * `delivery_id` (null: nothing was delivered) and `source: "poll"`.
 *
 * The webhook trigger's catch-up (`source: "catch-up"`) reports the same, with the event type the
 * trigger listens for (a decline as `signing_request.recipient.declined` when that is the one
 * chosen; the list does not say which recipient declined, so there is no `data.recipient`) and an
 * id made of that type:
 * `catchup_<type without "signing_request.", dots as _>_<signing request id>`.
 */
export function toEvent(
	change: Change,
	workspaceId: string,
	workspaceName: string,
	source: PolledEvent['source'] = 'poll',
	type: string = POLL_EVENTS[change.kind],
): INodeExecutionData {
	const { recipients, ...signingRequest } = change.item;
	const data: IDataObject = {
		signing_request: signingRequest,
		recipients: Array.isArray(recipients) ? (recipients as IDataObject[]) : [],
		workspace: { id: workspaceId, name: workspaceName },
	};
	const event: PolledEvent = {
		id:
			source === 'poll'
				? `poll_${change.kind}_${String(change.item.id)}`
				: catchUpEventId(type, String(change.item.id)),
		type,
		created_at: change.at || null,
		company_id: null,
		workspace_id: workspaceId,
		data,
		delivery_id: null,
		source,
	};
	return { json: event };
}

/** The id of a caught-up event: the same for the same change of the same type. */
export function catchUpEventId(type: string, signingRequestId: string): string {
	return `catchup_${type.replace(/^signing_request\./, '').replace(/\./g, '_')}_${signingRequestId}`;
}
