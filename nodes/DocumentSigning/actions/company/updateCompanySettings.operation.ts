import type {
	IDataObject,
	IExecuteFunctions,
	INodeExecutionData,
	INodeProperties,
} from 'n8n-workflow';

import { toItems } from '../../helpers/output';
import { callApi } from '../../../shared/transport';
import type { OperationMeta } from '../types';
import {
	COLOR_SETTINGS,
	applyReset,
	checkSharedSettings,
	colorOptions,
	languageOption,
	resetOption,
	settingsBody,
} from './settings.inputs';
import { COMPLETION_SETTINGS, completionOptions } from '../../domain/completion';
import { TIME_ZONE, TIME_ZONE_HINT } from '../../domain/timeZones';
import { fail } from '../../domain/errors';

export const meta: OperationMeta = {
	value: 'updateCompanySettings',
	name: 'Update Settings',
	action: 'Update the company settings',
	description:
		'Change company-wide defaults; only the settings you add are changed (needs the protected key)',
	method: 'PUT',
	path: '/company/settings',
};

const RESETTABLE = [
	...COLOR_SETTINGS,
	...COMPLETION_SETTINGS,
	{ key: 'default_timezone', label: 'Default Time Zone (Back to UTC)' },
	{ key: 'show_qr_code', label: 'Show QR Code' },
];

const booleanOption = (
	displayName: string,
	name: string,
	description: string,
): INodeProperties => ({
	displayName,
	name,
	type: 'boolean',
	default: false,
	description,
});

const options = (
	[
		booleanOption(
			'Allow Download Before Signing',
			'allow_presigning_download',
			'Whether signers may download the document before signing',
		),
		...colorOptions('no colour'),
		...completionOptions('no company default'),
		{
			displayName: 'Default Expiration Hours',
			name: 'default_expiration_hours',
			type: 'number',
			typeOptions: { minValue: 1, numberPrecision: 0 },
			default: 168,
			description: 'How long recipients have to sign new requests, in hours (168 = 7 days)',
		},
		{
			displayName: 'Default Time Zone',
			name: 'default_timezone',
			type: 'string',
			default: '',
			placeholder: 'Europe/Berlin',
			description: 'IANA time zone name used for dates. Reset it to go back to UTC.',
		},
		booleanOption(
			'Disable Guided Navigation',
			'disable_guided_navigation',
			'Whether to turn off the step-by-step guide signers follow',
		),
		{
			displayName: 'Email Local Part',
			name: 'email_local_part',
			type: 'string',
			default: '',
			placeholder: 'signing',
			description:
				'The part before the @ of the sender address, used with a verified custom email domain',
		},
		languageOption,
		booleanOption(
			'Require OTP Verification',
			'require_otp_verification',
			'Whether signers must confirm a one-time code before signing',
		),
		booleanOption(
			'Require Terms Acceptance',
			'require_terms_acceptance',
			'Whether signers must accept the signer terms first',
		),
		resetOption(
			RESETTABLE,
			'Settings to remove (sent as null): colours and the QR code option go back to unset, completion settings to no company default, the time zone to UTC',
		),
		booleanOption(
			'Show Custom Branding Only',
			'show_custom_branding_only',
			"Whether to hide the service's branding and show only yours",
		),
		booleanOption(
			'Show Partial Watermark',
			'show_partial_watermark',
			'Whether documents show a partial watermark',
		),
		booleanOption('Show QR Code', 'show_qr_code', 'Whether documents carry a verification QR code'),
		booleanOption(
			'Show Signature Frame',
			'show_signature_frame',
			'Whether signatures are drawn inside a frame',
		),
	] as INodeProperties[]
).sort((a, b) => a.displayName.localeCompare(b.displayName));

export const description: INodeProperties[] = [
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
	const raw = this.getNodeParameter('settings', i, {}) as IDataObject;
	const body = settingsBody(this, 'settings', i);
	if (body.default_timezone !== undefined) {
		const zone = String(body.default_timezone).trim();
		if (!TIME_ZONE.test(zone)) {
			fail(this, `"Default Time Zone" is not a time zone name: "${zone}"`, TIME_ZONE_HINT);
		}
		body.default_timezone = zone;
	}
	if (body.default_expiration_hours !== undefined) {
		const hours = Number(body.default_expiration_hours);
		if (!Number.isInteger(hours) || hours < 1) {
			fail(this, '"Default Expiration Hours" must be a whole number of at least 1');
		}
		body.default_expiration_hours = hours;
	}
	checkSharedSettings(this, body);
	applyReset(this, body, raw.reset, RESETTABLE);
	if (Object.keys(body).length === 0) {
		fail(this, 'Add at least one setting to change in "Settings"');
	}
	const response = await callApi(this, meta, { body });
	return toItems(response.body, response.keyMode);
}
