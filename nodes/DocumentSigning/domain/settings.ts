import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { parseJsonParameter } from '../helpers/json';
import { fail } from '../helpers/errors';
import { inputModeOption } from './lists';
import { LANGUAGES } from './languages';
import { titleCase } from './text';

/**
 * THE settings of the service, each declared once and keyed by its API name: its label, its
 * description, its type and values, what the form starts with, and where the service accepts it.
 * Every form that offers a setting takes it from here (the Settings collection of signing
 * requests and templates below, the company and workspace settings in
 * actions/company/settings.inputs.ts, the completion page and language of a signing request in
 * completion.ts), so a setting has the same label wherever it appears.
 */

/**
 * Where the service accepts a setting (API reference):
 * - `request`: the `settings` of a signing request: Create (B.1), Update One Part's properties
 *   (B.3), Update's signing_request_properties (B.4); all of SigningRequestSettings (B.9);
 * - `createAndSend`: the `settings` of Create and Send (B.2), a list of its own;
 * - `templateCreate`: the `settings` of template Create (service-api.md names four);
 * - `templateUpdate`: the `settings` of template Update One Part and Update (T2's list, T4, T5);
 * - `requestProperties`: a property of a signing request outside `settings` (language, the
 *   completion page: B.1–B.4), set under "Additional Options" / "Properties";
 * - `company`: PUT /company/settings (C5);
 * - `workspace`: PUT /workspace/{workspace_id}/settings (WS2).
 */
export type SettingOwner =
	| 'request'
	| 'createAndSend'
	| 'templateCreate'
	| 'templateUpdate'
	| 'requestProperties'
	| 'company'
	| 'workspace';

/** The owners whose settings are the `settings` object of a signing request or template. */
export type SettingsObjectOwner = 'request' | 'createAndSend' | 'templateCreate' | 'templateUpdate';

export interface Setting {
	/** The one label of the setting, wherever it appears. */
	label: string;
	description: string;
	type: 'boolean' | 'number' | 'string' | 'color' | 'options' | 'multiOptions' | 'json';
	/** What the form starts with when the setting is added (n8n's `default`). */
	default: string | number | boolean | string[];
	/** Where the service accepts it. */
	owners: readonly SettingOwner[];
	/**
	 * Where null is accepted: it removes the value, so the next level applies (for a workspace:
	 * the company; for a signing request: its template, then the workspace, then the company).
	 * A yes/no setting of a workspace offers "Inherit From Company" for it; the other ones are
	 * removed with "Reset" (company, workspace) or "Clear Completion Settings" (signing request).
	 */
	nullable?: readonly SettingOwner[];
	/** The longest text the service takes. */
	maxLength?: number;
	/** The rest of the n8n property: options, placeholder, typeOptions. */
	ui?: Partial<INodeProperties>;
}

const SETTINGS_OBJECT: readonly SettingOwner[] = [
	'request',
	'createAndSend',
	'templateCreate',
	'templateUpdate',
];
const REQUEST_ONLY: readonly SettingOwner[] = ['request', 'createAndSend'];
/** The yes/no settings a request or template update, the company and a workspace share. */
const SIGNER_EXPERIENCE: readonly SettingOwner[] = [
	'request',
	'templateUpdate',
	'company',
	'workspace',
];
const COMPANY_AND_WORKSPACE: readonly SettingOwner[] = ['company', 'workspace'];
const PAGE_AND_LANGUAGE: readonly SettingOwner[] = ['requestProperties', 'company', 'workspace'];

const yesNo = (
	label: string,
	description: string,
	owners: readonly SettingOwner[],
	nullable?: readonly SettingOwner[],
): Setting => ({ label, description, type: 'boolean', default: false, owners, nullable });

/** The 11 colours of company and workspace settings: key and label. */
const COLOURS = {
	color_accent: 'Accent Colour',
	color_accent_fg: 'Accent Text Colour',
	color_background: 'Background Colour',
	color_border: 'Border Colour',
	color_canvas: 'Canvas Colour',
	color_card: 'Card Colour',
	color_foreground: 'Text Colour',
	color_muted: 'Muted Colour',
	color_muted_fg: 'Muted Text Colour',
	color_primary: 'Primary Colour',
	color_primary_fg: 'Primary Text Colour',
} as const;

const colourSettings = Object.fromEntries(
	Object.entries(COLOURS).map(([key, label]): [string, Setting] => [
		key,
		{
			label,
			description: 'As #RRGGBB',
			type: 'color',
			default: '',
			owners: COMPANY_AND_WORKSPACE,
			nullable: COMPANY_AND_WORKSPACE,
			ui: { placeholder: '#1A2B3C' },
		},
	]),
) as Record<keyof typeof COLOURS, Setting>;

/** The redirect delay of the completion page, in whole seconds. */
export const REDIRECT_DELAY = { min: 0, max: 30 } as const;

export const SETTINGS = {
	// The settings object of signing requests and templates (B.2, B.9, T2)
	allow_download: yesNo(
		'Allow Download',
		'Whether signers may download the document',
		SETTINGS_OBJECT,
	),
	attach_pdf_on_finish: yesNo(
		'Attach PDF on Finish',
		'Whether the signed PDF is attached to the completion email',
		SETTINGS_OBJECT,
	),
	allow_editing_before_sending: yesNo(
		'Allow Editing Before Sending',
		'Whether the request can be edited before it is sent',
		['request', 'templateCreate', 'templateUpdate'],
	),
	use_signing_order: yesNo(
		'Use Signing Order',
		'Whether recipients sign one after another (off: all at once)',
		REQUEST_ONLY,
	),
	hand_drawn_only: yesNo(
		'Hand-Drawn Signatures Only',
		'Whether signatures must be drawn by hand',
		SETTINGS_OBJECT,
	),
	send_signing_email: yesNo(
		'Send Signing Email',
		'Whether recipients get the invitation email',
		REQUEST_ONLY,
	),
	send_finish_email: yesNo(
		'Send Finish Email',
		'Whether the completion email is sent',
		REQUEST_ONLY,
	),
	send_expiration_email: yesNo(
		'Send Expiration Email',
		'Whether an email is sent when the request expires',
		REQUEST_ONLY,
	),
	send_cancellation_email: yesNo(
		'Send Cancellation Email',
		'Whether an email is sent when the request is cancelled',
		REQUEST_ONLY,
	),
	require_otp_verification: yesNo(
		'Require One-Time Code',
		'Whether signers must enter a one-time code (OTP) sent by email before the document opens',
		SIGNER_EXPERIENCE,
		['request', 'templateUpdate', 'workspace'],
	),
	disable_guided_navigation: yesNo(
		'Disable Guided Navigation',
		'Whether to turn off the step-by-step guide signers follow',
		SIGNER_EXPERIENCE,
		['request', 'templateUpdate', 'workspace'],
	),
	allow_presigning_download: yesNo(
		'Download Before Signing',
		'Whether signers may download the document before signing',
		SIGNER_EXPERIENCE,
		['request', 'templateUpdate', 'workspace'],
	),
	show_qr_code: yesNo(
		'Show QR Code',
		'Whether documents carry a verification QR code',
		SIGNER_EXPERIENCE,
		SIGNER_EXPERIENCE,
	),
	notify_identity_change_email: yesNo(
		'Email on Identity Change',
		'Whether to email when a signer changes their identity details',
		REQUEST_ONLY,
	),
	notify_identity_change_webhook: yesNo(
		'Webhook on Identity Change',
		'Whether to send a webhook event when a signer changes their identity details',
		['createAndSend'],
	),
	identity_editable_fields: {
		label: 'Editable Identity Fields',
		description: 'The identity details signers may change while signing',
		type: 'multiOptions',
		default: [],
		owners: REQUEST_ONLY,
		nullable: REQUEST_ONLY,
		ui: {
			options: ['name', 'company', 'title', 'phone', 'address'].map((value) => ({
				name: titleCase(value),
				value,
			})),
		},
	},

	// Company and workspace (C5, WS2); the yes/no ones a workspace leaves to the company with null
	require_terms_acceptance: yesNo(
		'Require Terms Acceptance',
		'Whether signers must accept the signer terms first',
		COMPANY_AND_WORKSPACE,
		['workspace'],
	),
	show_partial_watermark: yesNo(
		'Show Partial Watermark',
		'Whether documents show a partial watermark',
		COMPANY_AND_WORKSPACE,
		['workspace'],
	),
	show_signature_frame: yesNo(
		'Show Signature Frame',
		'Whether signatures are drawn inside a frame',
		COMPANY_AND_WORKSPACE,
		['workspace'],
	),
	show_custom_branding_only: yesNo(
		'Show Custom Branding Only',
		"Whether to hide the service's branding and show only yours",
		['company'],
	),
	default_expiration_hours: {
		label: 'Default Expiration Hours',
		description: 'How long recipients have to sign new requests, in hours (168 = 7 days)',
		type: 'number',
		default: 168,
		owners: ['company'],
		ui: { typeOptions: { minValue: 1, numberPrecision: 0 } },
	},
	default_timezone: {
		label: 'Default Time Zone',
		description: 'IANA time zone name used for dates. Reset it to go back to UTC.',
		type: 'string',
		default: '',
		owners: ['company'],
		nullable: ['company'],
		ui: { placeholder: 'Europe/Berlin' },
	},
	timezone: {
		label: 'Time Zone',
		description: 'IANA time zone name used for dates in this workspace',
		type: 'string',
		default: '',
		owners: ['workspace'],
		ui: { placeholder: 'Europe/Berlin' },
	},
	email_local_part: {
		label: 'Email Local Part',
		description:
			'The part before the @ of the sender address (1–64 lower-case letters, digits, ".", "_" or "-"; starts and ends with a letter or digit). Used only with a verified custom email domain.',
		type: 'string',
		default: '',
		owners: COMPANY_AND_WORKSPACE,
		nullable: ['workspace'],
		ui: { placeholder: 'contracts' },
	},
	team_email: {
		label: 'Team Email',
		description: 'Address of the team that handles this workspace',
		type: 'string',
		default: '',
		owners: ['workspace'],
		ui: { placeholder: 'name@email.com' },
	},
	signing_request_email_header: {
		label: 'Email Header',
		description: 'Heading of the signing invitation email',
		type: 'string',
		default: '',
		owners: ['workspace'],
	},
	signing_request_email_body: {
		label: 'Email Body',
		description: 'Body of the signing invitation email (HTML allowed)',
		type: 'string',
		default: '',
		owners: ['workspace'],
		ui: { typeOptions: { rows: 5 } },
	},
	show_credit_cost_in_editor: {
		label: 'Show Credit Cost in Editor',
		description: 'Whether the editor shows how many credits a request costs',
		type: 'boolean',
		default: true,
		owners: ['workspace'],
	},
	signing_button_label_overrides: {
		label: 'Button Labels (JSON)',
		description:
			'Custom texts for signing-page buttons, by language then translation key, e.g. {"en": {"finish": "Approve"}}',
		type: 'json',
		default: '{}',
		owners: ['workspace'],
		nullable: ['workspace'],
	},
	...colourSettings,

	// The completion page and the language: company, workspace, and each signing request
	completion_title: {
		label: 'Completion Title',
		description: 'Title of the page signers see after finishing (at most 200 characters)',
		type: 'string',
		default: '',
		owners: PAGE_AND_LANGUAGE,
		nullable: PAGE_AND_LANGUAGE,
		maxLength: 200,
	},
	completion_message: {
		label: 'Completion Message',
		description: 'Text on the page signers see after finishing (at most 1000 characters)',
		type: 'string',
		default: '',
		owners: PAGE_AND_LANGUAGE,
		nullable: PAGE_AND_LANGUAGE,
		maxLength: 1000,
		ui: { typeOptions: { rows: 3 } },
	},
	completion_redirect_url: {
		label: 'Completion Redirect URL',
		description:
			'Where signers are sent after finishing: an https:// address (at most 2000 characters)',
		type: 'string',
		default: '',
		owners: PAGE_AND_LANGUAGE,
		nullable: PAGE_AND_LANGUAGE,
		maxLength: 2000,
		ui: { placeholder: 'https://example.com/thanks' },
	},
	completion_redirect_delay: {
		label: 'Redirect Delay (Seconds)',
		description: `How long the completion page shows before redirecting (${REDIRECT_DELAY.min}–${REDIRECT_DELAY.max} seconds)`,
		type: 'number',
		default: 5,
		owners: PAGE_AND_LANGUAGE,
		nullable: PAGE_AND_LANGUAGE,
		ui: {
			typeOptions: {
				minValue: REDIRECT_DELAY.min,
				maxValue: REDIRECT_DELAY.max,
				numberPrecision: 0,
			},
		},
	},
	language: {
		label: 'Language',
		description: 'Language of signer emails and the signing page',
		type: 'options',
		default: 'en',
		owners: PAGE_AND_LANGUAGE,
		ui: { options: [...LANGUAGES] },
	},
} satisfies Record<string, Setting>;

export type SettingKey = keyof typeof SETTINGS;

/** The setting of an API name (undefined for a name that is not a setting). */
export function settingOf(key: string): Setting | undefined {
	return (SETTINGS as Record<string, Setting>)[key];
}

/** The label of a setting, by its API name. */
export const settingLabel = (key: SettingKey): string => SETTINGS[key].label;

/** The API names of the settings an owner takes, in catalogue order. */
export function settingKeysOf(owner: SettingOwner): SettingKey[] {
	return (Object.keys(SETTINGS) as SettingKey[]).filter((key) =>
		(SETTINGS[key].owners as readonly SettingOwner[]).includes(owner),
	);
}

/** Whether an owner accepts null for a setting (see `Setting.nullable`). */
export function isNullable(key: SettingKey, owner: SettingOwner): boolean {
	const nullable: readonly SettingOwner[] | undefined = (SETTINGS[key] as Setting).nullable;
	return nullable?.includes(owner) ?? false;
}

/** The colour settings (company and workspace): API name and label. */
export const COLOR_SETTINGS: ReadonlyArray<{ key: SettingKey; label: string }> = (
	Object.keys(COLOURS) as SettingKey[]
).map((key) => ({ key, label: settingLabel(key) }));

/**
 * A setting as an n8n option of a collection, as the catalogue declares it; `description`
 * replaces the catalogue's (e.g. with what removing it falls back to, for one owner).
 */
export function settingOption(key: SettingKey, description?: string): INodeProperties {
	const setting: Setting = SETTINGS[key];
	return {
		displayName: setting.label,
		name: key,
		type: setting.type,
		default: setting.default,
		...setting.ui,
		description: description ?? setting.description,
	} as INodeProperties;
}

// ---------------------------------------------------------------------------------------------
// The settings object of signing requests and templates: a collection or JSON, and its reader

/** Settings as a collection (only what the user sets is sent), or JSON. Parameter name: settings. */
export function settingsInput(owner: SettingsObjectOwner = 'request'): INodeProperties[] {
	return [
		inputModeOption('Settings', 'settings'),
		{
			displayName: 'Settings',
			name: 'settings',
			type: 'collection',
			placeholder: 'Add Setting',
			default: {},
			options: settingKeysOf(owner).map((key) => settingOption(key)),
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

/** Settings (parameter "settings") of an owner, only what the user set. */
export function readSettings(
	context: IExecuteFunctions,
	itemIndex: number,
	owner: SettingsObjectOwner = 'request',
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
	const permitted: string[] = settingKeysOf(owner);
	for (const [key, value] of Object.entries(settings)) {
		if (!permitted.includes(key)) {
			fail(context, `Settings: "${key}" is not a setting here`, `Allowed: ${permitted.join(', ')}`);
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
