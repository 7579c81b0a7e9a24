/**
 * The service's webhook event types as the sandbox knows them, written from the spec and not taken
 * from the node, so that eventTypes.spec.ts can compare the two lists and catch a mistake in either.
 *
 * - `SERVICE_EVENT_GROUPS`: service-api.md, "Events" › "Event types" (authoritative), in its order.
 * - `REFERENCE_EVENT_TYPES`: further names in the API reference's `events` enum (api-reference.md §W.1).
 * - `PUBLISHED_EVENT_TYPES`: further names of other published lists (api-reference.md §W.1).
 * - `TEST_EVENT_TYPE`: the type of test deliveries; a webhook cannot subscribe to it.
 *
 * A webhook may subscribe to any name of the three lists; anything else is a 400.
 */

export const SERVICE_EVENT_GROUPS = {
	'Signing request': [
		'signing_request.created',
		'signing_request.sent',
		'signing_request.viewed',
		'signing_request.completed',
		'signing_request.expired',
		'signing_request.cancelled',
		'signing_request.updated',
		'signing_request.deleted',
		'signing_request.certificate.generated',
		'signing_request.reminder.sent',
	],
	Recipient: [
		'signing_request.recipient.signed',
		'signing_request.recipient.declined',
		'signing_request.recipient.identity_changed',
	],
	Template: ['template.updated', 'template.used'],
	'Organization seal': [
		'organization_seal.created',
		'organization_seal.updated',
		'organization_seal.deleted',
		'organization_seal.erased',
	],
	'Signing request seal': [
		'signing_request.seal.applied',
		'signing_request.seal.paused',
		'signing_request.seal.swapped',
	],
	Workspace: ['workspace.created', 'workspace.updated'],
	Domain: ['domain.verified', 'domain.verification.failed'],
} as const;

export type ServiceEventType =
	(typeof SERVICE_EVENT_GROUPS)[keyof typeof SERVICE_EVENT_GROUPS][number];

export const SERVICE_EVENT_TYPES: readonly ServiceEventType[] =
	Object.values(SERVICE_EVENT_GROUPS).flat();

export const REFERENCE_EVENT_TYPES = [
	'signing_request.declined',
	'signing_request.voided',
	'signing_request.field.completed',
	'signing_request.resent',
	'signing_request.credits.purchased',
	'template.created',
	'template.deleted',
	'template.field.added',
	'workspace.deleted',
] as const;

export const PUBLISHED_EVENT_TYPES = [
	'signing_request.field.filled',
	'signing_request.document.updated',
	'signing_request.recipient.added',
	'signing_request.recipient.updated',
] as const;

export const TEST_EVENT_TYPE = 'webhook.test';

/** Every name a webhook may subscribe to (POST/PUT /webhooks `events`). */
export type SubscribableEventType =
	| ServiceEventType
	| (typeof REFERENCE_EVENT_TYPES)[number]
	| (typeof PUBLISHED_EVENT_TYPES)[number];

export const SUBSCRIBABLE_EVENT_TYPES: readonly SubscribableEventType[] = [
	...SERVICE_EVENT_TYPES,
	...REFERENCE_EVENT_TYPES,
	...PUBLISHED_EVENT_TYPES,
];

const SUBSCRIBABLE = new Set<string>(SUBSCRIBABLE_EVENT_TYPES);

export function isSubscribableEventType(name: unknown): name is SubscribableEventType {
	return typeof name === 'string' && SUBSCRIBABLE.has(name);
}
