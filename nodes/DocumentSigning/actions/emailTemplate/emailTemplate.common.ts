import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';

import { normaliseWarnings, toItems } from '../../helpers/output';
import type { ApiEndpoint, PathParams } from '../../../shared/transport';
import { callApi } from '../../../shared/transport';
import { fail } from '../../helpers/errors';
import type { JsonSchema, OperationOutput } from '../../helpers/output';

/**
 * Shared pieces of the Email Template operations. Workspace templates override the company's,
 * which override the built-in defaults (per language); deleting one falls back along that chain.
 */

/** The `{email_type}` path enum (api-reference §1.6: 9 values). */
export const EMAIL_TYPES: ReadonlyArray<{ name: string; value: string; description: string }> = [
	{
		name: 'Next Signer',
		value: 'next_signer',
		description: 'Sent to the next signer when it is their turn',
	},
	{
		name: 'Resend Notification',
		value: 'resend_notification',
		description: 'Sent when a signing request is resent',
	},
	{
		name: 'Signer Identity Changed',
		value: 'signer_identity_changed',
		description: 'Sent when a signer changed their identity details',
	},
	{
		name: 'Signing Cancelled',
		value: 'signing_cancelled',
		description: 'Sent when the sender cancels a signing request',
	},
	{
		name: 'Signing Completed',
		value: 'signing_completed',
		description: 'Sent when every signer has signed',
	},
	{
		name: 'Signing Declined',
		value: 'signing_declined',
		description: 'Sent to a recipient who declined',
	},
	{
		name: 'Signing Declined (Admin)',
		value: 'signing_declined_admin',
		description: 'Sent to the sender when a recipient declined',
	},
	{
		name: 'Signing Expired',
		value: 'signing_expired',
		description: 'Sent when a signing request expired',
	},
	{ name: 'Signing Invite', value: 'signing_invite', description: 'The invitation to sign' },
];

export const SUBJECT_MAX = 500;
export const BODY_MAX = 50_000;

export const emailTypeField: INodeProperties = {
	displayName: 'Email Type',
	name: 'emailType',
	type: 'options',
	options: [...EMAIL_TYPES],
	default: 'signing_invite',
	required: true,
	description: 'Which email the template is for',
};

export const templateContentFields: INodeProperties[] = [
	{
		displayName: 'Subject',
		name: 'subject',
		type: 'string',
		default: '',
		required: true,
		placeholder: 'Please sign {{document_name}}',
		description: `Subject line (at most ${SUBJECT_MAX} characters); placeholders such as {{document_name}} are filled in`,
	},
	{
		displayName: 'Body (HTML)',
		name: 'body',
		type: 'string',
		typeOptions: { rows: 8 },
		default: '',
		required: true,
		placeholder:
			'<p>Hello {{recipient_first_name}},</p><p><a href="{{signing_link}}">Sign the document</a></p>',
		description: `HTML body (at most ${BODY_MAX.toLocaleString('en-US')} characters). Include {{signing_link}} so recipients can open the document; the service warns when it is missing.`,
	},
];

export function emailTypeOf(context: IExecuteFunctions, i: number): string {
	const type = String(context.getNodeParameter('emailType', i, '') ?? '').trim();
	if (!EMAIL_TYPES.some((t) => t.value === type)) {
		fail(
			context,
			`"Email Type" is not a known email type: "${type.slice(0, 60)}"`,
			`Use one of: ${EMAIL_TYPES.map((t) => t.value).join(', ')}.`,
		);
	}
	return type;
}

/** Subject and body, checked against the service's limits before sending. */
export function templateContent(
	context: IExecuteFunctions,
	i: number,
): { subject: string; body: string } {
	const subject = String(context.getNodeParameter('subject', i, '') ?? '');
	const body = String(context.getNodeParameter('body', i, '') ?? '');
	if (subject.trim() === '') fail(context, '"Subject" is empty');
	if (subject.length > SUBJECT_MAX)
		fail(context, `"Subject" is too long: ${subject.length} characters (at most ${SUBJECT_MAX})`);
	if (body.trim() === '') fail(context, '"Body (HTML)" is empty');
	if (body.length > BODY_MAX) {
		fail(
			context,
			`"Body (HTML)" is too long: ${body.length} characters (at most ${BODY_MAX})`,
			'Move images to hosted URLs and drop inline styles you do not need.',
		);
	}
	return { subject, body };
}

/** The output of the upserts (`upsertTemplate`). */
export const UPSERT_OUTPUT: OperationOutput = {
	warnings: true,
	require: ['warnings'],
	fields: { created: { type: 'boolean' } },
};

/** An email type in the output schemas (the deletes output it as their id). */
export const EMAIL_TYPE_OUTPUT: JsonSchema = {
	$ref: '#/definitions/EmailTemplate/properties/email_type',
};

/** PUT upsert: the template plus `created` (201) and `warnings` (always an array). */
export async function upsertTemplate(
	this: IExecuteFunctions,
	endpoint: ApiEndpoint,
	params: PathParams,
	i: number,
): Promise<INodeExecutionData[]> {
	const content = templateContent(this, i);
	const response = await callApi(this, endpoint, { params, body: content });
	const out = normaliseWarnings(response.body);
	return toItems(
		{ ...out, warnings: out.warnings ?? [], created: response.statusCode === 201 },
		response.keyMode,
	);
}
