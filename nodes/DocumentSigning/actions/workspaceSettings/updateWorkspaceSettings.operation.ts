import type {
	IDataObject,
	IExecuteFunctions,
	INodeExecutionData,
	INodeProperties,
} from 'n8n-workflow';

import { getIdParameter } from '../../domain/ids';
import { parseJsonParameter } from '../../helpers/json';
import { toItems } from '../../helpers/output';
import { callApi } from '../../../shared/transport';
import { LANGUAGES } from '../../domain/languages';
import { workspaceLocator } from '../common.descriptions';
import {
	COLOR_SETTINGS,
	applyReset,
	checkSharedSettings,
	colorOptions,
	languageOption,
	resetOption,
	settingsBody,
} from '../company/settings.inputs';
import { COMPLETION_SETTINGS, completionOptions } from '../../domain/completion';
import type { OperationMeta } from '../types';
import { TIME_ZONE, TIME_ZONE_HINT } from '../../domain/timeZones';
import { EMAIL } from '../../domain/recipients';
import { fail } from '../../domain/errors';

export const meta: OperationMeta = {
	value: 'updateWorkspaceSettings',
	name: 'Update',
	action: 'Update workspace settings',
	description: "Change a workspace's settings; only the settings you add are changed",
	method: 'PUT',
	path: '/workspace/{workspace_id}/settings',
};

/** Yes/no settings a workspace may leave to the company (null = inherit). */
const INHERITABLE: ReadonlyArray<{ key: string; label: string; description: string }> = [
	{
		key: 'allow_presigning_download',
		label: 'Allow Download Before Signing',
		description: 'Signers may download the document before signing',
	},
	{
		key: 'disable_guided_navigation',
		label: 'Disable Guided Navigation',
		description: 'Turn off the step-by-step guide signers follow',
	},
	{
		key: 'require_otp_verification',
		label: 'Require OTP Verification',
		description: 'Signers must confirm a one-time code before signing',
	},
	{
		key: 'require_terms_acceptance',
		label: 'Require Terms Acceptance',
		description: 'Signers must accept the signer terms first',
	},
	{
		key: 'show_partial_watermark',
		label: 'Show Partial Watermark',
		description: 'Documents show a partial watermark',
	},
	{
		key: 'show_qr_code',
		label: 'Show QR Code',
		description: 'Documents carry a verification QR code',
	},
	{
		key: 'show_signature_frame',
		label: 'Show Signature Frame',
		description: 'Signatures are drawn inside a frame',
	},
];

const RESETTABLE = [
	...COLOR_SETTINGS,
	...COMPLETION_SETTINGS,
	{ key: 'email_local_part', label: 'Email Local Part' },
	{ key: 'signing_button_label_overrides', label: 'Signing Button Labels' },
];

const EMAIL_LOCAL_PART = /^[a-z0-9]([a-z0-9._-]*[a-z0-9])?$/;

const options = (
	[
		...INHERITABLE.map(
			({ key, label, description }): INodeProperties => ({
				displayName: label,
				name: key,
				type: 'options',
				options: [
					{
						name: 'Inherit From Company',
						value: 'inherit',
						description: 'Use the company setting',
					},
					{ name: 'On', value: 'on' },
					{ name: 'Off', value: 'off' },
				],
				default: 'inherit',
				description: `${description}. "Inherit From Company" follows the company setting.`,
			}),
		),
		...colorOptions('the company colour applies'),
		...completionOptions('inherit the company value'),
		{
			displayName: 'Email Body',
			name: 'signing_request_email_body',
			type: 'string',
			typeOptions: { rows: 5 },
			default: '',
			description: 'Body of the signing invitation email (HTML allowed)',
		},
		{
			displayName: 'Email Header',
			name: 'signing_request_email_header',
			type: 'string',
			default: '',
			description: 'Heading of the signing invitation email',
		},
		{
			displayName: 'Email Local Part',
			name: 'email_local_part',
			type: 'string',
			default: '',
			placeholder: 'contracts',
			description:
				'The part before the @ of the sender address (1–64 lower-case letters, digits, ".", "_" or "-"; starts and ends with a letter or digit). Used only with a verified custom email domain.',
		},
		{
			...languageOption,
			description: 'Language of signer emails and the signing page for this workspace',
		},
		resetOption(
			RESETTABLE,
			'Settings to remove (sent as null), so the company value applies again',
		),
		{
			displayName: 'Show Credit Cost in Editor',
			name: 'show_credit_cost_in_editor',
			type: 'boolean',
			default: true,
			description: 'Whether the editor shows how many credits a request costs',
		},
		{
			displayName: 'Signing Button Labels (JSON)',
			name: 'signing_button_label_overrides',
			type: 'json',
			default: '{}',
			description:
				'Custom texts for signing-page buttons, by language then translation key, e.g. {"en": {"finish": "Approve"}}',
		},
		{
			displayName: 'Team Email',
			name: 'team_email',
			type: 'string',
			placeholder: 'name@email.com',
			default: '',
			description: 'Address of the team that handles this workspace',
		},
		{
			displayName: 'Time Zone',
			name: 'timezone',
			type: 'string',
			default: '',
			placeholder: 'Europe/Berlin',
			description: 'IANA time zone name used for dates in this workspace',
		},
	] as INodeProperties[]
).sort((a, b) => a.displayName.localeCompare(b.displayName));

export const description: INodeProperties[] = [
	workspaceLocator,
	{
		displayName: 'Settings',
		name: 'settings',
		type: 'collection',
		placeholder: 'Add Setting',
		default: {},
		options,
	},
];

export async function execute(this: IExecuteFunctions, i: number): Promise<INodeExecutionData[]> {
	const id = getIdParameter(this, 'workspaceId', i, 'Workspace');
	const raw = this.getNodeParameter('settings', i, {}) as IDataObject;
	const body = settingsBody(this, 'settings', i);
	for (const { key } of INHERITABLE) {
		if (body[key] === undefined) continue;
		const choice = body[key];
		body[key] =
			choice === 'on' ? true : choice === 'off' ? false : choice === 'inherit' ? null : choice;
		if (typeof body[key] !== 'boolean' && body[key] !== null) {
			fail(
				this,
				`"${INHERITABLE.find((s) => s.key === key)?.label}" must be Inherit From Company, On or Off`,
			);
		}
	}
	if (body.team_email !== undefined) {
		const email = String(body.team_email).trim();
		if (!EMAIL.test(email)) fail(this, `"Team Email" is not a valid email address: "${email}"`);
		body.team_email = email;
	}
	if (body.timezone !== undefined) {
		const zone = String(body.timezone).trim();
		if (!TIME_ZONE.test(zone)) {
			fail(this, `"Time Zone" is not a time zone name: "${zone}"`, TIME_ZONE_HINT);
		}
		body.timezone = zone;
	}
	if (body.email_local_part !== undefined) {
		const local = String(body.email_local_part).trim();
		if (local.length > 64 || !EMAIL_LOCAL_PART.test(local)) {
			fail(
				this,
				`"Email Local Part" is not valid: "${local.slice(0, 80)}"`,
				'Use 1–64 lower-case letters, digits, ".", "_" or "-", starting and ending with a letter or digit, e.g. "contracts".',
			);
		}
		body.email_local_part = local;
	}
	if (body.signing_button_label_overrides !== undefined) {
		const overrides = parseJsonParameter<IDataObject>(
			this,
			body.signing_button_label_overrides,
			'Signing Button Labels (JSON)',
			'object',
		);
		for (const [language, labels] of Object.entries(overrides)) {
			if (!LANGUAGES.some((l) => l.value === language)) {
				fail(
					this,
					`"Signing Button Labels (JSON)": "${language}" is not a language of the service`,
					`Use one of: ${LANGUAGES.map((l) => l.value).join(', ')}.`,
				);
			}
			if (
				!labels ||
				typeof labels !== 'object' ||
				Array.isArray(labels) ||
				Object.values(labels).some((t) => typeof t !== 'string')
			) {
				fail(
					this,
					`"Signing Button Labels (JSON)": "${language}" must be an object of texts, e.g. {"finish": "Approve"}`,
				);
			}
		}
		if (Object.keys(overrides).length === 0) delete body.signing_button_label_overrides;
		else body.signing_button_label_overrides = overrides;
	}
	checkSharedSettings(this, body);
	applyReset(this, body, raw.reset, RESETTABLE);
	if (Object.keys(body).length === 0)
		fail(this, 'Add at least one setting to change in "Settings"');
	const response = await callApi(this, meta, { params: { workspace_id: id }, body });
	return toItems(response.body, response.keyMode);
}
