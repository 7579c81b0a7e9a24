import type { IDataObject, INodeProperties } from 'n8n-workflow';

/**
 * One signing request, one shape: what every node that outputs a signing request outputs with
 * Simplify on (the default), whichever answer or event it comes from. The service describes one
 * request in several ways (response-shapes.md, api-reference.md §L.1 and §W.4):
 *
 * | Source                          | status                          | dates                          | pages                 |
 * |---------------------------------|---------------------------------|--------------------------------|-----------------------|
 * | Create, Update's signing_request| "draft" (free text on Update)   | `created_date`, `sent_date`, … | `page_count`, `document_page_count` |
 * | Create and Send                 | "sent"                          | `created_date`, `sent_date`    | `page_count`          |
 * | Get (detail)                    | flags `{sent, finished, …}`     | `timestamps.created_on`, …     | `document_page_count` |
 * | Get Many, Poll Trigger, events  | list words (`not_sent`, `finished`, …) | `*_date`                | `page_count`          |
 * | Template → Create Draft Signing Request | none, or "draft"              | `date_created`, `date_sent`, … | `document_page_count` |
 * | Send                            | none                            | `sent_date` or `sentAt`        | none                  |
 *
 * `toSigningRequest` reads all of them into `SIGNING_REQUEST_KEYS`, every key always present: a
 * value the source does not carry is `null` (never absent), so every source has the same keys.
 * `SIGNING_REQUEST_SCHEMA` is its JSON Schema (the output schemas and the tests use it).
 */

/** The status words, in lifecycle order. */
export const SIGNING_REQUEST_STATUSES = [
	'draft',
	'in_progress',
	'completed',
	'declined',
	'cancelled',
	'expired',
	'deleted',
] as const;
export type SigningRequestStatus = (typeof SIGNING_REQUEST_STATUSES)[number];

/** What each status means, for the docs and the panel. */
export const STATUS_MEANINGS: Record<SigningRequestStatus, string> = {
	draft: 'created, not sent yet',
	in_progress: 'sent, waiting for signatures',
	completed: 'everyone has signed: the signed PDF exists',
	declined: 'a recipient declined; the request stopped',
	cancelled: 'the sender cancelled it',
	expired: 'it expired before everyone signed',
	deleted: 'a deleted draft: only Get Many with the Deleted status filter lists them',
};

/**
 * The service's status words, whatever the source (create "draft", create-and-send "sent", the
 * list's and the download's words, event payloads), lower case. "voided" is an event name of the
 * API reference's list (§W.1) for a request stopped by the sender.
 */
const STATUS_WORDS: Record<string, SigningRequestStatus> = {
	draft: 'draft',
	not_sent: 'draft',
	sent: 'in_progress',
	in_progress: 'in_progress',
	finished: 'completed',
	completed: 'completed',
	declined: 'declined',
	cancelled: 'cancelled',
	canceled: 'cancelled',
	voided: 'cancelled',
	expired: 'expired',
	deleted: 'deleted',
};

/**
 * The state an event type says a request is in, for an event whose payload does not say (the
 * older envelope carries only `signing_request_id`). Only the types that name a state: a recipient
 * who signed may have been the last one, so `signing_request.recipient.signed` says nothing.
 */
const EVENT_STATUSES: Record<string, SigningRequestStatus> = {
	'signing_request.created': 'draft',
	'signing_request.sent': 'in_progress',
	'signing_request.completed': 'completed',
	'signing_request.declined': 'declined',
	'signing_request.recipient.declined': 'declined',
	'signing_request.cancelled': 'cancelled',
	'signing_request.voided': 'cancelled',
	'signing_request.expired': 'expired',
	'signing_request.deleted': 'deleted',
};

/** The keys of the shape, in the order they are output. */
export const SIGNING_REQUEST_KEYS = [
	'id',
	'name',
	'description',
	'status',
	'workspace_id',
	'template_id',
	'created_at',
	'sent_at',
	'completed_at',
	'declined_at',
	'cancelled_at',
	'expires_at',
	'updated_at',
	'expiration_hours',
	'page_count',
	'recipient_count',
	'signed_count',
	'document_url',
	'signed_document_url',
	'recipients',
] as const;

/** The keys of a recipient in the shape, in order. */
export const RECIPIENT_KEYS = [
	'id',
	'name',
	'first_name',
	'last_name',
	'email',
	'designation',
	'order',
	'signed_at',
	'declined_at',
	'decline_reason',
	'signing_link',
] as const;

/** A JSON Schema (draft-07) node. */
type JsonSchema = { [keyword: string]: unknown };

const text = (description: string): JsonSchema => ({ type: ['string', 'null'], description });
const date = (description: string): JsonSchema => ({
	type: ['string', 'null'],
	format: 'date-time',
	description,
});
const count = (description: string): JsonSchema => ({ type: ['integer', 'null'], description });

/**
 * Which sources give what (for the schema's descriptions, the README and docs/operations.md).
 * A source that cannot know a value outputs null; these say which operation gives it.
 */
export const SOURCES_OF = {
	template_id:
		"Get Many, Create, Create and Send, Update, Template → Create Draft Signing Request, the triggers' events and the Poll Trigger give it; Get, Send, Update One Part and Download give null (the service's detail does not name it)",
	workspace_id:
		"Every source: the detail and the events name it; Create, Create and Send, Update, Update One Part, Send, Get Many and Template → Create Draft Signing Request read it once per execution (one more read, with Simplify on; the credential's key belongs to one workspace)",
	expires_at:
		'Get, Get Many, Download, Update, Send (its newer answer), the triggers and Create and Send (Read Expiry Date, on by default) give it; Create gives null (a draft does not expire)',
	signed_document_url:
		'Get, Download, Send and Wait (when it read the request), and the triggers with Fetch Full Signing Request or Attach Signed PDF give it; null elsewhere (use Download)',
	recipients:
		"Get (Include Recipients, on by default), Get Many, Create, Create and Send, Update, the triggers' events and the Poll Trigger list them; Send, Update One Part, Download and Template → Create Draft Signing Request give null (use Get Recipients)",
	first_name:
		"Get, Get Recipients, Create, Create and Send, Update, the webhook trigger's events and the triggers with Fetch Full Signing Request give it; Get Many and the Poll Trigger give null (the list names only the full name)",
	declined_at:
		"Get, Get Recipients, the webhook trigger's events and the triggers with Fetch Full Signing Request give it; null where the source does not say (Get Many, the Poll Trigger, the create answers)",
	decline_reason:
		'Get, Get Recipients and the triggers with Fetch Full Signing Request give it; null where the source does not say',
} as const;

/** A recipient in the shape. */
export const RECIPIENT_SCHEMA: JsonSchema = {
	type: 'object',
	properties: {
		id: text("The recipient's ID (recipient_id elsewhere)"),
		name: text('Full name'),
		first_name: text(`First name. ${SOURCES_OF.first_name}`),
		last_name: text('Last name, from the same sources as first_name'),
		email: text('Email address'),
		designation: text('Signer, Approver or CC'),
		order: count('Place in the signing order'),
		signed_at: date('When they signed (or approved); null while they have not'),
		declined_at: date(`When they declined; null unless they did. ${SOURCES_OF.declined_at}`),
		decline_reason: text(`Why they declined. ${SOURCES_OF.decline_reason}`),
		signing_link: text(
			"Their signing page: Create and Send gives the first signer's; null everywhere else",
		),
	},
	required: [...RECIPIENT_KEYS],
};

/** The shape's JSON Schema: every key is there, `null` where the source does not say. */
export const SIGNING_REQUEST_SCHEMA: JsonSchema = {
	type: 'object',
	properties: {
		id: { type: 'string', description: "The signing request's ID" },
		name: text('Its name'),
		description: text("Its description (a template-based request: the template's)"),
		status: {
			type: ['string', 'null'],
			enum: [...SIGNING_REQUEST_STATUSES, null],
			description: `One of: ${SIGNING_REQUEST_STATUSES.map((s) => `${s} (${STATUS_MEANINGS[s]})`).join(', ')}. Null only for an event that names no state and carries no request`,
		},
		workspace_id: text(`The workspace it belongs to. ${SOURCES_OF.workspace_id}`),
		template_id: text(
			`The template it was made from; null for one made from a PDF. ${SOURCES_OF.template_id}`,
		),
		created_at: date('When it was created'),
		sent_at: date('When it was sent'),
		completed_at: date('When the last signature made it complete'),
		declined_at: date('When a recipient declined it'),
		cancelled_at: date('When the sender cancelled it'),
		expires_at: date(`When it expires (sent requests). ${SOURCES_OF.expires_at}`),
		updated_at: date('When it last changed'),
		expiration_hours: count('Hours from sending until it expires'),
		page_count: count('Pages of its document'),
		recipient_count: count('How many recipients it has (CC included)'),
		signed_count: count('How many recipients have signed or approved'),
		document_url: text('Time-limited link to the document as it was sent'),
		signed_document_url: text(
			`Time-limited link to the signed PDF once it is completed. ${SOURCES_OF.signed_document_url}`,
		),
		recipients: {
			type: ['array', 'null'],
			items: RECIPIENT_SCHEMA,
			description: `The recipients. ${SOURCES_OF.recipients}`,
		},
	},
	required: [...SIGNING_REQUEST_KEYS],
};

const isObject = (value: unknown): value is IDataObject =>
	typeof value === 'object' && value !== null && !Array.isArray(value);

/** The first value that is neither undefined nor null, or null. */
function first(...values: unknown[]): IDataObject[string] {
	for (const value of values) if (value !== undefined && value !== null) return value as never;
	return null;
}

/** Whether any of the keys is there (even null): the source says something about it. */
const says = (source: IDataObject, ...keys: string[]) => keys.some((key) => key in source);

/**
 * The status of a request from its own `status`: the detail's flags (several can be set in the
 * end states: completed wins over declined, cancelled and expired, as only a completed request has
 * a signed document; then declined and cancelled, which stop it; expired last, as that flag may stay
 * set on any sent request past its date), or a status word. Undefined when it says none.
 */
export function statusOf(source: unknown): SigningRequestStatus | undefined {
	const status = isObject(source) ? source.status : undefined;
	if (typeof status === 'string') return STATUS_WORDS[status.trim().toLowerCase()];
	if (!isObject(status)) return undefined;
	if (status.finished === true) return 'completed';
	if (status.declined === true) return 'declined';
	if (status.cancelled === true) return 'cancelled';
	if (status.expired === true) return 'expired';
	if (status.sent === true) return 'in_progress';
	return says(status, 'sent', 'finished', 'cancelled', 'declined', 'expired') ? 'draft' : undefined;
}

/** The state an event type names (see EVENT_STATUSES), if any. */
export function statusOfEvent(type: string): SigningRequestStatus | undefined {
	return EVENT_STATUSES[type];
}

/** What else a source knows about the request, used where its answer is silent. */
export interface SigningRequestHints {
	/** Its id (Send's older answer names none). */
	id?: string;
	/** The state the operation or event implies (Send: in_progress; an edit: draft). */
	status?: SigningRequestStatus;
	/** Its workspace (an event's, a polled workspace). */
	workspace_id?: string | null;
	/** Its recipients, listed beside it (an event's `data.recipients`). */
	recipients?: unknown;
	/** The signed PDF's link, read elsewhere (a trigger's Attach Signed PDF download). */
	signed_document_url?: string | null;
}

/**
 * A recipient in the shape (`RECIPIENT_KEYS`), from any of the service's recipient objects: the
 * create answers', the list's, the users list's (`finished_on`, `declined_on`, `decline_reason`),
 * an event's. Every recipient the nodes output with Simplify on is made here (inside a request,
 * and Get Recipients' items). `firstSigner`: Create and Send's `first_signer`, whose link goes to
 * that recipient.
 */
export function toRecipient(person: IDataObject, firstSigner?: IDataObject): IDataObject {
	const joined = [person.first_name, person.last_name]
		.filter((part) => typeof part === 'string' && part.trim() !== '')
		.join(' ');
	const link =
		firstSigner &&
		((firstSigner.id !== undefined && firstSigner.id === person.id) ||
			(firstSigner.id === undefined && firstSigner.email === person.email))
			? firstSigner.signing_link
			: undefined;
	return {
		id: first(person.id),
		name: first(person.name, joined === '' ? null : joined),
		first_name: first(person.first_name),
		last_name: first(person.last_name),
		email: first(person.email),
		designation: first(person.designation),
		order: first(person.order),
		signed_at: first(person.signed_at, person.finished_date, person.finished_on),
		declined_at: first(person.declined_at, person.declined_date, person.declined_on),
		decline_reason: first(person.decline_reason),
		signing_link: first(person.signing_link, link),
	};
}

/**
 * A signing request in the shape, from any documented answer or event payload (`source`), with
 * `hints` for what the source does not say. The status is, in this order: the source's own
 * (`statusOf`); the hint; what its dates show (a completion, decline or cancellation date, else a
 * sent date: in_progress, else a sent date the source gives as null: draft); otherwise null.
 */
export function toSigningRequest(source: unknown, hints: SigningRequestHints = {}): IDataObject {
	const answer = isObject(source) ? source : {};
	const times = isObject(answer.timestamps) ? answer.timestamps : {};
	const firstSigner = isObject(answer.first_signer) ? answer.first_signer : undefined;
	const listed = Array.isArray(answer.recipients) ? answer.recipients : hints.recipients;
	const recipients = Array.isArray(listed)
		? listed.filter(isObject).map((person) => toRecipient(person, firstSigner))
		: null;

	const completedAt = first(answer.finished_date, times.finished_on, answer.date_finished);
	const declinedAt = first(answer.declined_date, times.declined_on, answer.date_declined);
	const cancelledAt = first(answer.cancelled_date, times.cancelled_on, answer.date_cancelled);
	const sentAt = first(answer.sent_date, times.sent_on, answer.date_sent, answer.sentAt);
	const byDates: SigningRequestStatus | undefined =
		completedAt !== null
			? 'completed'
			: declinedAt !== null
				? 'declined'
				: cancelledAt !== null
					? 'cancelled'
					: sentAt !== null
						? 'in_progress'
						: says(answer, 'sent_date', 'date_sent') || says(times, 'sent_on')
							? 'draft'
							: undefined;

	return {
		id: first(answer.id, answer.signing_request_id, hints.id),
		name: first(answer.name),
		description: first(answer.description, answer.template_description),
		status: statusOf(answer) ?? hints.status ?? byDates ?? null,
		workspace_id: first(answer.workspace_id, answer.companies_workspaces_id, hints.workspace_id),
		template_id: first(answer.template_id),
		created_at: first(answer.created_date, times.created_on, answer.date_created),
		sent_at: sentAt,
		completed_at: completedAt,
		declined_at: declinedAt,
		cancelled_at: cancelledAt,
		expires_at: first(answer.expires_at),
		updated_at: first(answer.updated_date, times.last_changed_on, answer.date_changed),
		expiration_hours: first(answer.expiration_hours),
		page_count: first(answer.page_count, answer.document_page_count),
		recipient_count: recipients ? recipients.length : null,
		signed_count: recipients
			? recipients.filter((person) => person.signed_at !== null).length
			: null,
		document_url: first(answer.document_url),
		signed_document_url: first(answer.final_document_download_url, hints.signed_document_url),
		recipients,
	};
}

/** What a trigger read besides the event, for the shape (shared/enrich.ts). */
export interface EventExtras {
	/** The signed PDF's link of the download Attach Signed PDF made. */
	signed_document_url?: string;
}

/**
 * `data` of a signing-request event with its request in the shape (`data.signing_request`), the
 * event's recipients and workspace read into it (so `data.recipients` and the older envelope's
 * `data.signing_request_id` go); the other keys of `data` (the recipient of a recipient event,
 * the workspace, …) stay. `fetched`: the request as read from the service (Fetch Full Signing
 * Request: the detail with its recipients, as Get outputs it), which then stands for it (its state
 * now); what the detail never names (`template_id`), and the recipients if they could not be read,
 * come from the event. `extras`: what else the trigger read (the signed PDF's link). Other events'
 * `data`, and a signing-request event that names no request, are returned as they are.
 */
export function eventDataInShape(
	type: string,
	workspaceId: string | null,
	data: IDataObject,
	fetched?: IDataObject,
	extras: EventExtras = {},
): IDataObject {
	if (!type.startsWith('signing_request.')) return data;
	const { signing_request: request, recipients, signing_request_id: requestId, ...rest } = data;
	if (!fetched && !isObject(request) && (typeof requestId !== 'string' || requestId === ''))
		return data;
	const workspace = isObject(rest.workspace) ? rest.workspace : {};
	const hints: SigningRequestHints = {
		id: typeof requestId === 'string' ? requestId : undefined,
		status: statusOfEvent(type),
		workspace_id: first(workspaceId, workspace.id) as string | null,
		recipients: Array.isArray(recipients) ? recipients : undefined,
		signed_document_url: extras.signed_document_url,
	};
	const shaped = toSigningRequest(fetched ?? request, hints);
	if (fetched && isObject(request) && shaped.template_id === null)
		shaped.template_id = first(request.template_id);
	return { signing_request: shaped, ...rest };
}

/**
 * A trigger's output item (an event: `type`, `workspace_id`, `data`, and `signing_request` when
 * Fetch Full Signing Request read it) with Simplify on: `data` as `eventDataInShape` makes it, the
 * fetched request inside it, with `extras` (what enrich.ts read besides).
 */
export function eventInShape(json: IDataObject, extras: EventExtras = {}): IDataObject {
	if (!String(json.type ?? '').startsWith('signing_request.')) return json;
	const { signing_request: fetched, ...event } = json;
	return {
		...event,
		data: eventDataInShape(
			String(event.type ?? ''),
			typeof event.workspace_id === 'string' ? event.workspace_id : null,
			isObject(event.data) ? event.data : {},
			isObject(fetched) ? fetched : undefined,
			extras,
		),
	};
}

/** The triggers' Simplify (on by default): `data` of signing-request events in the one shape. */
export const simplifyEventField: INodeProperties = {
	displayName: 'Simplify',
	name: 'simplify',
	type: 'boolean',
	default: true,
	description:
		"Whether to output the signing request of signing-request events as data.signing_request in the same shape as the Document Signing node's (one status word, the same date, recipient and link names), with the event's recipients in it. Off: data as the service delivered it.",
};
