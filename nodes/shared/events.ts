import type { INodePropertyOptions } from 'n8n-workflow';

/**
 * THE list of webhook event types, used by the trigger's event picker and by the action node's
 * webhook operations.
 *
 * - `seed`: the service's interface document (service-api.md, "Events"): the primary list.
 * - `reference`: further names in the API reference's webhook `events` enum.
 * - `published`: further names seen in other published lists.
 * A user can also type an event name that is in no list (new names are a non-breaking change).
 */
export type EventSource = 'seed' | 'reference' | 'published' | 'test';

export interface EventType {
	/** The API's event name, e.g. signing_request.completed. */
	value: string;
	/**
	 * The event in words, the group's name first, e.g. "Recipient declined". In title case
	 * ("Recipient Declined") it names the option of the event pickers and the trigger's entry in
	 * n8n's node panel, so both read the same.
	 */
	label: string;
	/** The service's group (service-api.md, "Event types"). */
	group: string;
	description: string;
	source: EventSource;
	/**
	 * For an event outside the service's event list (it may never be sent): the listed event to
	 * choose instead, or as well, to be sure to hear about the same thing.
	 */
	listedAlternative?: string;
}

export const EVENT_TYPES: readonly EventType[] = [
	// Signing request
	{
		value: 'signing_request.created',
		label: 'Signing request created',
		group: 'Signing Request',
		source: 'seed',
		description: 'A signing request was created',
	},
	{
		value: 'signing_request.sent',
		label: 'Signing request sent',
		group: 'Signing Request',
		source: 'seed',
		description: 'A signing request was sent to its recipients',
	},
	{
		value: 'signing_request.viewed',
		label: 'Signing request viewed',
		group: 'Signing Request',
		source: 'seed',
		description: 'A recipient opened the document',
	},
	{
		value: 'signing_request.completed',
		label: 'Signing request completed',
		group: 'Signing Request',
		source: 'seed',
		description: 'Every signer has signed: the signed PDF is ready',
	},
	{
		value: 'signing_request.expired',
		label: 'Signing request expired',
		group: 'Signing Request',
		source: 'seed',
		description: 'A sent signing request expired before it was completed',
	},
	{
		value: 'signing_request.cancelled',
		label: 'Signing request cancelled',
		group: 'Signing Request',
		source: 'seed',
		description: 'The sender cancelled a signing request',
	},
	{
		value: 'signing_request.updated',
		label: 'Signing request updated',
		group: 'Signing Request',
		source: 'seed',
		description: 'A signing request was changed',
	},
	{
		value: 'signing_request.deleted',
		label: 'Signing request deleted',
		group: 'Signing Request',
		source: 'seed',
		description: 'A draft signing request was deleted (only before sending)',
	},
	{
		value: 'signing_request.certificate.generated',
		label: 'Signing request certificate generated',
		group: 'Signing Request',
		source: 'seed',
		description: 'The completion certificate was generated',
	},
	{
		value: 'signing_request.reminder.sent',
		label: 'Signing request reminder sent',
		group: 'Signing Request',
		source: 'seed',
		description: 'A reminder email went out',
	},
	// Recipient
	{
		value: 'signing_request.recipient.signed',
		label: 'Recipient signed',
		group: 'Recipient',
		source: 'seed',
		description: 'A recipient signed',
	},
	{
		value: 'signing_request.recipient.declined',
		label: 'Recipient declined',
		group: 'Recipient',
		source: 'seed',
		description: 'A recipient declined to sign',
	},
	{
		value: 'signing_request.recipient.identity_changed',
		label: 'Recipient identity changed',
		group: 'Recipient',
		source: 'seed',
		description: 'A recipient changed their identity details',
	},
	// Template
	{
		value: 'template.updated',
		label: 'Template updated',
		group: 'Template',
		source: 'seed',
		description: 'A template was changed',
	},
	{
		value: 'template.used',
		label: 'Template used',
		group: 'Template',
		source: 'seed',
		description: 'A signing request was created from a template',
	},
	// Organization seal
	{
		value: 'organization_seal.created',
		label: 'Organization seal created',
		group: 'Organization Seal',
		source: 'seed',
		description: 'An organization seal was created',
	},
	{
		value: 'organization_seal.updated',
		label: 'Organization seal updated',
		group: 'Organization Seal',
		source: 'seed',
		description: 'A seal image was replaced, or the seal renamed or made default',
	},
	{
		value: 'organization_seal.deleted',
		label: 'Organization seal revoked',
		group: 'Organization Seal',
		source: 'seed',
		description: 'A seal was revoked',
	},
	{
		value: 'organization_seal.erased',
		label: 'Organization seal erased',
		group: 'Organization Seal',
		source: 'seed',
		description: "A revoked seal's lineage was permanently erased",
	},
	// Signing request seal
	{
		value: 'signing_request.seal.applied',
		label: 'Signing request seal applied',
		group: 'Signing Request Seal',
		source: 'seed',
		description: 'A seal was applied to a signing request',
	},
	{
		value: 'signing_request.seal.paused',
		label: 'Signing request seal paused',
		group: 'Signing Request Seal',
		source: 'seed',
		description: 'Applying a seal was paused',
	},
	{
		value: 'signing_request.seal.swapped',
		label: 'Signing request seal swapped',
		group: 'Signing Request Seal',
		source: 'seed',
		description: 'The seal of a seal participant was swapped',
	},
	// Workspace
	{
		value: 'workspace.created',
		label: 'Workspace created',
		group: 'Workspace',
		source: 'seed',
		description: 'A workspace was created',
	},
	{
		value: 'workspace.updated',
		label: 'Workspace updated',
		group: 'Workspace',
		source: 'seed',
		description: 'A workspace was changed',
	},
	// Domain
	{
		value: 'domain.verified',
		label: 'Domain verified',
		group: 'Domain',
		source: 'seed',
		description: 'An email domain passed DNS verification',
	},
	{
		value: 'domain.verification.failed',
		label: 'Domain verification failed',
		group: 'Domain',
		source: 'seed',
		description: 'An email domain failed DNS verification',
	},
	// API reference `events` enum
	{
		value: 'signing_request.declined',
		label: 'Signing request declined',
		group: 'Signing Request',
		source: 'reference',
		description: 'A recipient declined, which ends the signing request',
		listedAlternative: 'signing_request.recipient.declined',
	},
	{
		value: 'signing_request.voided',
		label: 'Signing request voided',
		group: 'Signing Request',
		source: 'reference',
		description: 'A signing request was voided',
		listedAlternative: 'signing_request.cancelled',
	},
	{
		value: 'signing_request.field.completed',
		label: 'Signing request field completed',
		group: 'Signing Request',
		source: 'reference',
		description: 'A field was completed',
		listedAlternative: 'signing_request.recipient.signed',
	},
	{
		value: 'signing_request.resent',
		label: 'Signing request resent',
		group: 'Signing Request',
		source: 'reference',
		description: 'A signing request was sent again to recipients',
	},
	{
		value: 'signing_request.credits.purchased',
		label: 'Credits purchased',
		group: 'Signing Request',
		source: 'reference',
		description: 'Credits were purchased',
	},
	{
		value: 'template.created',
		label: 'Template created',
		group: 'Template',
		source: 'reference',
		description: 'A template was created',
	},
	{
		value: 'template.deleted',
		label: 'Template deleted',
		group: 'Template',
		source: 'reference',
		description: 'A template was deleted',
	},
	{
		value: 'template.field.added',
		label: 'Template field added',
		group: 'Template',
		source: 'reference',
		description: 'A field was added to a template',
		listedAlternative: 'template.updated',
	},
	{
		value: 'workspace.deleted',
		label: 'Workspace deleted',
		group: 'Workspace',
		source: 'reference',
		description: 'A workspace was deleted',
	},
	// Other published lists
	{
		value: 'signing_request.field.filled',
		label: 'Signing request field filled',
		group: 'Signing Request',
		source: 'published',
		description: 'A field was filled in',
		listedAlternative: 'signing_request.recipient.signed',
	},
	{
		value: 'signing_request.document.updated',
		label: 'Signing request document replaced',
		group: 'Signing Request',
		source: 'published',
		description: 'The document of a signing request was replaced',
		listedAlternative: 'signing_request.updated',
	},
	{
		value: 'signing_request.recipient.added',
		label: 'Recipient added',
		group: 'Recipient',
		source: 'published',
		description: 'A recipient was added',
		listedAlternative: 'signing_request.updated',
	},
	{
		value: 'signing_request.recipient.updated',
		label: 'Recipient updated',
		group: 'Recipient',
		source: 'published',
		description: 'A recipient was changed',
		listedAlternative: 'signing_request.updated',
	},
];

/** The event type of test deliveries (`POST /webhooks/{id}/test`). */
export const TEST_EVENT_TYPE = 'webhook.test';

/** The types of the service's interface document (its table lists 26). */
export const SEED_EVENT_TYPES: readonly string[] = EVENT_TYPES.filter(
	(e) => e.source === 'seed',
).map((e) => e.value);

/** The service's groups of event types, in its order (service-api.md, "Event types"). */
export const EVENT_GROUPS: readonly string[] = [
	'Signing Request',
	'Recipient',
	'Template',
	'Organization Seal',
	'Signing Request Seal',
	'Workspace',
	'Domain',
];

/** "Recipient declined" → "Recipient Declined": the name of an event in pickers and panel. */
export const eventName = (label: string) => label.replace(/\b[a-z]/g, (c) => c.toUpperCase());

/** The picker's choice of every listed event (the trigger's "*"). */
export const ALL_LISTED_EVENTS_NAME = 'All Listed Events';

/**
 * What an event outside the service's event list means for the user who picks it: it may never
 * arrive, and which listed event to choose as well. Two lines of a dropdown in a collection.
 */
function unlistedNote(event: EventType): string {
	if (event.source === 'test') return 'test deliveries only';
	const alternative = EVENT_TYPES.find((e) => e.value === event.listedAlternative);
	return alternative
		? `may never arrive. Choose ${eventName(alternative.label)} too.`
		: "may never arrive (not in the service's list)";
}

/**
 * Options for an event multi-select (and the trigger's entries in the node panel, via `action`,
 * named the same): readable names, grouped as the service groups them (its listed types first in
 * each group), the API name in the description.
 */
export function eventTypeOptions(): INodePropertyOptions[] {
	const ordered = EVENT_GROUPS.flatMap((group) => [
		...EVENT_TYPES.filter((e) => e.group === group && e.source === 'seed'),
		...EVENT_TYPES.filter((e) => e.group === group && e.source !== 'seed'),
	]);
	return ordered.map((e) => ({
		name: eventName(e.label),
		value: e.value,
		action: eventName(e.label),
		// In a dropdown n8n shows two lines of a description: an unlisted event's name says what it
		// is, its description what matters (the API name, that it may never arrive, what instead).
		description:
			e.source === 'seed' ? `${e.description} (${e.value})` : `${e.value}: ${unlistedNote(e)}`,
	}));
}
