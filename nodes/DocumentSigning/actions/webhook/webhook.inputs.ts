import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { additionalEventsField, readEventNames } from '../../../shared/eventNames';
import { checkId } from '../../domain/ids';
import { isHttpsOrLoopback } from '../../../shared/url';
import { scopeOption } from '../../../shared/scope';
import { workspaceLocator } from '../common.descriptions';
import { fail } from '../../helpers/errors';

/**
 * UI fragments and input readers shared by the webhook operations (api-reference §3.6, §W).
 */

export const DESCRIPTION_MAX = 500;
const URL_MAX = 2048;

export const urlField: INodeProperties = {
	displayName: 'URL',
	name: 'url',
	type: 'string',
	default: '',
	required: true,
	placeholder: 'https://example.com/hooks/signing',
	description:
		'The HTTPS address the service delivers events to (plain http only for localhost / 127.0.0.1, for local tests)',
};

/**
 * The event multi-select plus free-text names. Its choices (THE list of shared/events.ts) come from
 * the `getEventTypes` method, so the node's description does not carry the list.
 */
export function eventsFields(required: boolean): INodeProperties[] {
	return [
		{
			displayName: 'Event Names or IDs',
			name: 'events',
			type: 'multiOptions',
			required,
			default: [],
			typeOptions: { loadOptionsMethod: 'getEventTypes' },
			description:
				'The events delivered to this webhook, grouped as the service groups them. An event whose description says it "may never arrive" is not in the service\'s event list but in other published lists: the service may never send it. Choose from the list, or specify IDs using an <a href="https://docs.n8n.io/code/expressions/">expression</a>.',
		},
		additionalEventsField,
	];
}

export const descriptionField: INodeProperties = {
	displayName: 'Description',
	name: 'description',
	type: 'string',
	default: '',
	typeOptions: { rows: 2 },
	description: `What the webhook is for (at most ${DESCRIPTION_MAX} characters)`,
};

export const enabledField: INodeProperties = {
	displayName: 'Enabled',
	name: 'enabled',
	type: 'boolean',
	default: true,
	description: 'Whether the service delivers events to this webhook',
};

/** The Scope switch plus the workspace picker shown for one workspace. */
export function scopeFields(purpose: 'list' | 'create'): INodeProperties[] {
	return [
		{
			displayName: 'Scope',
			name: 'scope',
			type: 'options',
			options: [
				scopeOption(
					'company',
					purpose === 'list'
						? 'Only the company-level webhooks (needs the protected workspace API key)'
						: 'Receives the events of every workspace (needs the protected workspace API key)',
				),
				scopeOption(
					'workspace',
					purpose === 'list'
						? "Only one workspace's webhooks"
						: 'Receives the events of one workspace',
				),
			],
			default: 'company',
			description:
				purpose === 'list'
					? 'Without a workspace the service lists ONLY company-level webhooks, never the workspace ones'
					: 'Whether the webhook belongs to the company or to one workspace',
		},
		{ ...workspaceLocator, displayOptions: { show: { scope: ['workspace'] } } },
	];
}

/** The workspace id of the Scope switch, or undefined for company-level. */
export function readScopeWorkspace(context: IExecuteFunctions, i: number): string | undefined {
	const scope = context.getNodeParameter('scope', i, 'company') as string;
	if (scope !== 'workspace') return undefined;
	const value = context.getNodeParameter('workspaceId', i, '', { extractValue: true });
	return checkId(context, value, 'Workspace');
}

export function checkWebhookUrl(context: IExecuteFunctions, raw: unknown): string {
	const value = String(raw ?? '').trim();
	if (value === '') fail(context, '"URL" is empty');
	if (value.length > URL_MAX) fail(context, `"URL" is longer than ${URL_MAX} characters`);
	let parsed: URL | undefined;
	try {
		parsed = new URL(value);
	} catch {
		fail(
			context,
			`"URL" is not a valid URL: "${value.slice(0, 80)}"`,
			'Use an absolute address such as https://example.com/hooks.',
		);
	}
	if (!isHttpsOrLoopback(parsed as URL)) {
		fail(
			context,
			`"URL" must use HTTPS: ${value.slice(0, 80)}`,
			'The service only delivers webhooks to https:// addresses (plain http only to localhost / 127.0.0.1 / ::1).',
		);
	}
	return value;
}

/** Selected plus additional event names, checked, without duplicates (undefined when none and not required). */
export function readEvents(
	context: IExecuteFunctions,
	selected: unknown,
	additional: unknown,
	required: boolean,
): string[] | undefined {
	const picked = Array.isArray(selected) ? selected.map(String) : [];
	const events = readEventNames(context.getNode(), picked, additional, {
		testEventHint: 'Test deliveries (Send Test operation) reach a webhook whatever its events.',
	});
	if (events.length === 0) {
		if (required) {
			fail(context, '"Event Names or IDs" is empty: choose at least one event');
		}
		return undefined;
	}
	return events;
}

export function checkDescription(context: IExecuteFunctions, raw: unknown): string {
	const value = String(raw ?? '');
	if (value.length > DESCRIPTION_MAX) {
		fail(
			context,
			`"Description" is ${value.length} characters long; at most ${DESCRIPTION_MAX} are allowed`,
		);
	}
	return value;
}

/** Notice shown under the secret rotation operations. */
export function rotationNotice(name: string): INodeProperties {
	return {
		displayName:
			'Copy new_secret from the output into the "Webhook Signing Secret" of your Document Signing credential: it is shown only once, and the trigger refuses deliveries once the old secret expires (7 days). At most 1 rotation per minute.',
		name,
		type: 'notice',
		default: '',
	};
}

export function withId(body: IDataObject, id: string): IDataObject {
	return body.id === undefined ? { id, ...body } : body;
}
