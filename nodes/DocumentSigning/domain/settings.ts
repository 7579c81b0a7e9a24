import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { parseJsonParameter } from '../helpers/json';
import { fail } from './errors';
import { titleCase } from './text';

/**
 * The settings of signing requests and templates (booleans such as Allow Download, and the identity
 * fields signers may edit): the Settings collection or JSON, and its reader.
 */

/** Every settings key of signing requests and templates, with its meaning. */
export const SETTINGS: ReadonlyArray<{ key: string; name: string; description: string }> = [
	{
		key: 'allow_download',
		name: 'Allow Download',
		description: 'Whether signers may download the document',
	},
	{
		key: 'attach_pdf_on_finish',
		name: 'Attach PDF on Finish',
		description: 'Whether the signed PDF is attached to the completion email',
	},
	{
		key: 'allow_editing_before_sending',
		name: 'Allow Editing Before Sending',
		description: 'Whether the request can be edited before it is sent',
	},
	{
		key: 'use_signing_order',
		name: 'Use Signing Order',
		description: 'Whether recipients sign one after another (off: all at once)',
	},
	{
		key: 'hand_drawn_only',
		name: 'Hand-Drawn Signatures Only',
		description: 'Whether signatures must be drawn by hand',
	},
	{
		key: 'send_signing_email',
		name: 'Send Signing Email',
		description: 'Whether recipients get the invitation email',
	},
	{
		key: 'send_finish_email',
		name: 'Send Finish Email',
		description: 'Whether the completion email is sent',
	},
	{
		key: 'send_expiration_email',
		name: 'Send Expiration Email',
		description: 'Whether an email is sent when the request expires',
	},
	{
		key: 'send_cancellation_email',
		name: 'Send Cancellation Email',
		description: 'Whether an email is sent when the request is cancelled',
	},
	{
		key: 'require_otp_verification',
		name: 'Require One-Time Code',
		description: 'Whether signers confirm a code sent by email before the document opens',
	},
	{
		key: 'disable_guided_navigation',
		name: 'Disable Guided Navigation',
		description: 'Whether to turn off the step-by-step guide for signers',
	},
	{
		key: 'allow_presigning_download',
		name: 'Allow Download Before Signing',
		description: 'Whether signers may download the document before signing',
	},
	{
		key: 'show_qr_code',
		name: 'Show QR Code',
		description: 'Whether the certificate shows a QR code',
	},
	{
		key: 'notify_identity_change_email',
		name: 'Notify Identity Change by Email',
		description: 'Whether to email when a signer changes their identity details',
	},
];

/**
 * Which settings each endpoint takes (API reference), where it takes fewer than all of them:
 * signing-request create, PATCH and PUT take every key above plus identity_editable_fields.
 */
export const SETTING_KEYS_OF = {
	/** Create and send: its own list (see the API's create-and-send body). */
	createAndSend: [
		'use_signing_order',
		'allow_download',
		'attach_pdf_on_finish',
		'send_signing_email',
		'send_finish_email',
		'send_expiration_email',
		'send_cancellation_email',
		'hand_drawn_only',
		'identity_editable_fields',
		'notify_identity_change_email',
		'notify_identity_change_webhook',
	],
	/** Template creation (service-api.md). */
	templateCreate: [
		'allow_editing_before_sending',
		'attach_pdf_on_finish',
		'allow_download',
		'hand_drawn_only',
	],
	/** Template update (PATCH properties, PUT template_properties): T2's full list. */
	templateUpdate: [
		'allow_editing_before_sending',
		'attach_pdf_on_finish',
		'allow_download',
		'hand_drawn_only',
		'require_otp_verification',
		'disable_guided_navigation',
		'allow_presigning_download',
		'show_qr_code',
	],
} as const;

/** Settings as a collection (only what the user sets is sent), or JSON. Parameter name: settings. */
export function settingsInput(keys?: readonly string[]): INodeProperties[] {
	const chosen = keys ? SETTINGS.filter((s) => keys.includes(s.key)) : SETTINGS;
	const options: INodeProperties[] = chosen.map((s) => ({
		displayName: s.name,
		name: s.key,
		type: 'boolean',
		default: false,
		description: s.description,
	}));
	if (!keys || keys.includes('identity_editable_fields')) {
		options.push({
			displayName: 'Identity Fields Signers May Edit',
			name: 'identity_editable_fields',
			type: 'multiOptions',
			options: ['name', 'company', 'title', 'phone', 'address'].map((value) => ({
				name: titleCase(value),
				value,
			})),
			default: [],
		});
	}
	return [
		{
			displayName: 'Settings Input',
			name: 'settingsMode',
			type: 'options',
			options: [
				{ name: 'Using Fields Below', value: 'fields' },
				{ name: 'Using JSON', value: 'json' },
			],
			default: 'fields',
		},
		{
			displayName: 'Settings',
			name: 'settings',
			type: 'collection',
			placeholder: 'Add Setting',
			default: {},
			options,
			displayOptions: { show: { settingsMode: ['fields'] } },
		},
		{
			displayName: 'Settings (JSON)',
			name: 'settingsJson',
			type: 'json',
			default: '{}',
			description: 'Settings as a JSON object, e.g. {"use_signing_order": false}',
			displayOptions: { show: { settingsMode: ['json'] } },
		},
	];
}

const SETTING_KEYS = new Set([...SETTINGS.map((s) => s.key), 'identity_editable_fields']);

/** Settings (parameter "settings"), only what the user set. */
export function readSettings(
	context: IExecuteFunctions,
	itemIndex: number,
	allowed?: readonly string[],
): IDataObject | undefined {
	const mode = context.getNodeParameter('settingsMode', itemIndex, 'fields') as string;
	const settings =
		mode === 'json'
			? parseJsonParameter<IDataObject>(
					context,
					context.getNodeParameter('settingsJson', itemIndex, '{}'),
					'Settings (JSON)',
					'object',
				)
			: { ...(context.getNodeParameter('settings', itemIndex, {}) as IDataObject) };
	const permitted = allowed ? new Set(allowed) : SETTING_KEYS;
	for (const [key, value] of Object.entries(settings)) {
		if (!permitted.has(key)) {
			fail(
				context,
				`Settings: "${key}" is not a setting here`,
				`Allowed: ${[...permitted].join(', ')}`,
			);
		}
		if (key === 'identity_editable_fields') {
			if (value !== null && !Array.isArray(value))
				fail(context, 'Settings: identity_editable_fields must be a list');
			if (Array.isArray(value) && value.length === 0) delete settings[key];
		} else if (value !== null && typeof value !== 'boolean') {
			fail(context, `Settings: "${key}" must be true or false`);
		}
	}
	return Object.keys(settings).length ? settings : undefined;
}
