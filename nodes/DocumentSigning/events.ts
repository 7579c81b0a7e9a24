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
	value: string;
	group: string;
	description: string;
	source: EventSource;
}

export const EVENT_TYPES: readonly EventType[] = [
	// Signing request
	{
		value: 'signing_request.created',
		group: 'Signing Request',
		source: 'seed',
		description: 'A signing request was created',
	},
	{
		value: 'signing_request.sent',
		group: 'Signing Request',
		source: 'seed',
		description: 'A signing request was sent to its recipients',
	},
	{
		value: 'signing_request.viewed',
		group: 'Signing Request',
		source: 'seed',
		description: 'A recipient opened the document',
	},
	{
		value: 'signing_request.completed',
		group: 'Signing Request',
		source: 'seed',
		description: 'Every signer has signed: the signed PDF is ready',
	},
	{
		value: 'signing_request.expired',
		group: 'Signing Request',
		source: 'seed',
		description: 'A sent signing request expired before it was completed',
	},
	{
		value: 'signing_request.cancelled',
		group: 'Signing Request',
		source: 'seed',
		description: 'The sender cancelled a signing request',
	},
	{
		value: 'signing_request.updated',
		group: 'Signing Request',
		source: 'seed',
		description: 'A signing request was changed',
	},
	{
		value: 'signing_request.deleted',
		group: 'Signing Request',
		source: 'seed',
		description: 'A draft signing request was deleted (only before sending)',
	},
	{
		value: 'signing_request.certificate.generated',
		group: 'Signing Request',
		source: 'seed',
		description: 'The completion certificate was generated',
	},
	{
		value: 'signing_request.reminder.sent',
		group: 'Signing Request',
		source: 'seed',
		description: 'A reminder email went out',
	},
	// Recipient
	{
		value: 'signing_request.recipient.signed',
		group: 'Recipient',
		source: 'seed',
		description: 'A recipient signed',
	},
	{
		value: 'signing_request.recipient.declined',
		group: 'Recipient',
		source: 'seed',
		description: 'A recipient declined to sign',
	},
	{
		value: 'signing_request.recipient.identity_changed',
		group: 'Recipient',
		source: 'seed',
		description: 'A recipient changed their identity details',
	},
	// Template
	{
		value: 'template.updated',
		group: 'Template',
		source: 'seed',
		description: 'A template was changed',
	},
	{
		value: 'template.used',
		group: 'Template',
		source: 'seed',
		description: 'A signing request was created from a template',
	},
	// Organization seal
	{
		value: 'organization_seal.created',
		group: 'Organization Seal',
		source: 'seed',
		description: 'An organization seal was created',
	},
	{
		value: 'organization_seal.updated',
		group: 'Organization Seal',
		source: 'seed',
		description: 'A seal image was replaced, or the seal renamed or made default',
	},
	{
		value: 'organization_seal.deleted',
		group: 'Organization Seal',
		source: 'seed',
		description: 'A seal was revoked',
	},
	{
		value: 'organization_seal.erased',
		group: 'Organization Seal',
		source: 'seed',
		description: "A revoked seal's lineage was permanently erased",
	},
	// Signing request seal
	{
		value: 'signing_request.seal.applied',
		group: 'Signing Request Seal',
		source: 'seed',
		description: 'A seal was applied to a signing request',
	},
	{
		value: 'signing_request.seal.paused',
		group: 'Signing Request Seal',
		source: 'seed',
		description: 'Applying a seal was paused',
	},
	{
		value: 'signing_request.seal.swapped',
		group: 'Signing Request Seal',
		source: 'seed',
		description: 'The seal of a seal participant was swapped',
	},
	// Workspace
	{
		value: 'workspace.created',
		group: 'Workspace',
		source: 'seed',
		description: 'A workspace was created',
	},
	{
		value: 'workspace.updated',
		group: 'Workspace',
		source: 'seed',
		description: 'A workspace was changed',
	},
	// Domain
	{
		value: 'domain.verified',
		group: 'Domain',
		source: 'seed',
		description: 'An email domain passed DNS verification',
	},
	{
		value: 'domain.verification.failed',
		group: 'Domain',
		source: 'seed',
		description: 'An email domain failed DNS verification',
	},
	// API reference `events` enum
	{
		value: 'signing_request.declined',
		group: 'Signing Request',
		source: 'reference',
		description: 'A signing request was declined',
	},
	{
		value: 'signing_request.voided',
		group: 'Signing Request',
		source: 'reference',
		description: 'A signing request was voided',
	},
	{
		value: 'signing_request.field.completed',
		group: 'Signing Request',
		source: 'reference',
		description: 'A field was completed',
	},
	{
		value: 'signing_request.resent',
		group: 'Signing Request',
		source: 'reference',
		description: 'A signing request was sent again to recipients',
	},
	{
		value: 'signing_request.credits.purchased',
		group: 'Signing Request',
		source: 'reference',
		description: 'Credits were purchased',
	},
	{
		value: 'template.created',
		group: 'Template',
		source: 'reference',
		description: 'A template was created',
	},
	{
		value: 'template.deleted',
		group: 'Template',
		source: 'reference',
		description: 'A template was deleted',
	},
	{
		value: 'template.field.added',
		group: 'Template',
		source: 'reference',
		description: 'A field was added to a template',
	},
	{
		value: 'workspace.deleted',
		group: 'Workspace',
		source: 'reference',
		description: 'A workspace was deleted',
	},
	// Other published lists
	{
		value: 'signing_request.field.filled',
		group: 'Signing Request',
		source: 'published',
		description: 'A field was filled in',
	},
	{
		value: 'signing_request.document.updated',
		group: 'Signing Request',
		source: 'published',
		description: 'The document of a signing request was replaced',
	},
	{
		value: 'signing_request.recipient.added',
		group: 'Recipient',
		source: 'published',
		description: 'A recipient was added',
	},
	{
		value: 'signing_request.recipient.updated',
		group: 'Recipient',
		source: 'published',
		description: 'A recipient was changed',
	},
];

/** The event type of test deliveries (`POST /webhooks/{id}/test`). */
export const TEST_EVENT_TYPE = 'webhook.test';

/** The types of the service's interface document (its table lists 26). */
export const SEED_EVENT_TYPES: readonly string[] = EVENT_TYPES.filter(
	(e) => e.source === 'seed',
).map((e) => e.value);

/**
 * Options for an event multi-select: the interface document's types first, grouped as there,
 * then the further names, each labelled with its group.
 */
export function eventTypeOptions(): INodePropertyOptions[] {
	const ordered = [
		...EVENT_TYPES.filter((e) => e.source === 'seed'),
		...EVENT_TYPES.filter((e) => e.source !== 'seed'),
	];
	return ordered.map((e) => ({
		name: `${e.group}: ${e.value}${e.source === 'seed' ? '' : ' (extra)'}`,
		value: e.value,
		description: e.description,
	}));
}
