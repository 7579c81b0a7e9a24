import type {
	IDataObject,
	IExecuteFunctions,
	INodeExecutionData,
	INodeProperties,
} from 'n8n-workflow';

import { getIdParameter } from '../../domain/ids';
import { fillWorkspace, type NodeRun } from '../../domain/readBack';
import { orNull, simplifyField, simplifyItems, simplifyOn, toItems } from '../../helpers/output';
import { callApi } from '../../../shared/transport';
import { signingRequestLocator } from '../common.descriptions';
import type { JsonSchema } from '../../helpers/output';
import { callName, type OperationMeta } from '../types';
import { ENDPOINTS } from '../../../shared/endpoints';
import { sendNotice } from './common';

/** The two documented answers (see `normaliseSendResponse`). */
const ANSWER = '#/definitions/SendSigningRequestExampleResponse/properties';
const OLDER_ANSWER = '#/definitions/SendSigningRequestResponse/properties';

/** The fields of `normaliseSendResponse`'s output, each always there (null when not answered). */
export const SENT_FIELDS: Record<string, JsonSchema> = {
	success: { type: 'boolean' },
	message: orNull({ $ref: `${ANSWER}/message` }),
	signing_request_id: { $ref: `${ANSWER}/signing_request_id` },
	sent_date: orNull({ $ref: `${ANSWER}/sent_date` }, { $ref: `${OLDER_ANSWER}/sentAt` }),
	expires_at: { $ref: `${ANSWER}/expires_at` },
	recipients_notified: orNull(
		{ $ref: `${ANSWER}/recipients_notified` },
		{ $ref: `${OLDER_ANSWER}/sentTo` },
	),
};

export const meta: OperationMeta = {
	value: 'sendSigningRequest',
	name: 'Send',
	action: 'Send a draft signing request',
	description:
		'Send a draft (from Create, or Template → Create Draft Signing Request). With the live key this uses credits.',
	toolDescription:
		'Sends an existing draft signing request to its recipients now: they get their signing emails in signing order, and what they sign is legally binding. It cannot be taken back (only cancelled) and, with a live key, uses credits. Call it only after the user has approved sending this very draft (show them its name and recipients from "Get a signing request" and "Get the recipients of a signing request"); never send on your own initiative.\nNeeds: the draft\'s ID (a UUID from "Create a draft signing request", or from "Get many signing requests" with status draft).\nReturns the request: id, status "in_progress", sent_at, expires_at, key_mode (its name and recipients: "Get a signing request"). If a call fails or times out, check with "Get a signing request" whether it was sent before calling it again.',
	method: 'POST',
	path: '/signing-requests/{id}/send',
	// Simplify on: the credential's workspace, once per run (domain/readBack.ts).
	lookups: [callName(ENDPOINTS.getSigningRequest)],
	// Simplify on: the one signing-request shape (what the answer says: id, status, sent_at,
	// expires_at; the rest null). Off: the answer in one shape of its two (`normaliseSendResponse`).
	output: {
		answer: false,
		fields: SENT_FIELDS,
		simplify: 'signingRequest',
		// A warning when the workspace could not be read (domain/readBack.ts fillWorkspace).
		simplified: { 'warnings?': { type: 'array', items: { type: 'string' } } },
	},
};

export const description: INodeProperties[] = [sendNotice, signingRequestLocator, simplifyField];

function pick(body: IDataObject, ...keys: string[]): IDataObject[string] {
	for (const key of keys) if (body[key] !== undefined && body[key] !== null) return body[key];
	return null;
}

/**
 * The service documents two answers for this call: `{success, message, sentTo, sentAt}` and
 * `{message, signing_request_id, recipients_notified, sent_date, expires_at}`. Both become one
 * shape, so workflows don't depend on which one comes back.
 */
export function normaliseSendResponse(body: unknown, id: string): IDataObject {
	const data =
		body && typeof body === 'object' && !Array.isArray(body) ? (body as IDataObject) : {};
	return {
		success: typeof data.success === 'boolean' ? data.success : true,
		message: pick(data, 'message'),
		signing_request_id: pick(data, 'signing_request_id') ?? id,
		sent_date: pick(data, 'sent_date', 'sentAt'),
		expires_at: pick(data, 'expires_at'),
		recipients_notified: pick(data, 'recipients_notified', 'sentTo'),
	};
}

export async function execute(
	this: IExecuteFunctions,
	i: number,
	run: NodeRun,
): Promise<INodeExecutionData[]> {
	const id = getIdParameter(this, 'signingRequestId', i, 'Signing Request');
	const response = await callApi(this, meta, { params: { id } });
	// Sent now: in progress (api-reference §L.2).
	const items = simplifyItems(
		this,
		i,
		'signingRequest',
		toItems(normaliseSendResponse(response.body, id), response.keyMode),
		{ id, status: 'in_progress' },
	);
	return simplifyOn(this, i) ? await fillWorkspace(this, run, items) : items;
}
