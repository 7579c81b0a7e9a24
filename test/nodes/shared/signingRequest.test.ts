/**
 * One signing request, one shape (nodes/shared/signingRequest.ts): every documented answer and
 * event a signing request comes in is read into the same keys, with the same status word for the
 * same state.
 *
 * 1. The module against the documents (api/responses.json): every documented name of every
 *    answer that carries a signing request is read into its key of the shape, or listed here as
 *    left out (with why); the status of every documented vocabulary; which flag wins.
 * 2. Every source through the nodes on n8n's engine: each operation that outputs a signing request
 *    gets each documented form of its answer, in each state it can have (the sandbox answers with
 *    the documented body: an injected answer); both triggers get events (each envelope), the
 *    webhook trigger's catch-up and the Poll Trigger read the sandbox, Send and Wait ends (read
 *    right away, and by its time limit). Each output holds the one shape (SIGNING_REQUEST_SCHEMA,
 *    held strict), the same keys in the same order, the status word of its state and the dates of
 *    the one timeline the answers describe.
 */
import type { IDataObject, INodeExecutionData, INodeParameters } from 'n8n-workflow';

import {
	RECIPIENT_KEYS,
	RECIPIENT_SCHEMA,
	SIGNING_REQUEST_KEYS,
	SIGNING_REQUEST_SCHEMA,
	SIGNING_REQUEST_STATUSES,
	eventDataInShape,
	statusOf,
	toSigningRequest,
	type SigningRequestStatus,
} from '../../../nodes/shared/signingRequest';
import {
	CATCH_UP_KEY,
	catchUpTiming,
	forgetCatchUps,
	isPending,
	readState,
} from '../../../nodes/DocumentSigningTrigger/catchUp';
import { forgetProcessMemory } from '../../../nodes/DocumentSigningTrigger/dedup';
import { hub } from '../../../nodes/DocumentSigning/domain/waiting';
import { resetRateLimiters } from '../../../nodes/shared/transport';
import {
	answerChecker,
	loadResponses,
	schemaValidator,
	strictSchema,
	type JsonSchema,
} from '../../docs/responses';
import { byId, credentials as actionCredentials, runOperation } from '../../kit';
import { SEED, startSandbox, WEBHOOK_SECRETS, type Sandbox } from '../../sandbox';
import { createDraft, createSent, ok } from '../../sandbox/fixtures';
import { createTemplate } from '../DocumentSigning/actions/signingRequest/fixtures';
import { CONTACT_KEYS, defaultSettings } from '../../sandbox/signing/models';
import {
	baseParameters,
	credentials as triggerCredentials,
	sign,
} from '../DocumentSigningTrigger/support';
import { TriggerRig } from '../DocumentSigningTrigger/triggerRig';
import { PollRig, pollCredentials } from '../DocumentSigningPollTrigger/pollRig';

const doc = loadResponses();
const documented = answerChecker(doc, { strict: true });
const validateShape = schemaValidator().compile(strictSchema(SIGNING_REQUEST_SCHEMA));

const P = SEED.protectedWorkspace;
const ID = '5f0c6a7e-1111-4222-8333-444455556666';
const TEMPLATE = '7a0c6a7e-1111-4222-8333-444455556666';
const ADA = '8b0c6a7e-1111-4222-8333-444455556666';
const URL_ = 'https://files.example.com/nda.pdf';
const SIGNED_URL = 'https://files.example.com/nda-signed.pdf';
const SIGNING_LINK = 'https://app.example.com/signing/ada';

/** One timeline: every answer below describes the same request at some point of it. */
const T = {
	created: '2026-03-01T09:00:00.000Z',
	sent: '2026-03-01T10:00:00.000Z',
	ended: '2026-03-02T11:00:00.000Z',
	expires: '2026-03-08T10:00:00.000Z',
	changed: '2026-03-02T11:00:00.000Z',
};

type State = Exclude<SigningRequestStatus, 'deleted'>;
const STATES: State[] = ['draft', 'in_progress', 'completed', 'declined', 'cancelled', 'expired'];

/** The dates of the timeline a request in `state` has. */
function timeline(state: State) {
	const sent = state === 'draft' ? null : T.sent;
	return {
		sent,
		finished: state === 'completed' ? T.ended : null,
		declined: state === 'declined' ? T.ended : null,
		cancelled: state === 'cancelled' ? T.ended : null,
		expires: sent ? T.expires : null,
	};
}

/** The list's word for each state (SigningRequestListItem, and the sandbox's event payloads). */
const LIST_WORDS: Record<State, string> = {
	draft: 'not_sent',
	in_progress: 'in_progress',
	completed: 'finished',
	declined: 'declined',
	cancelled: 'cancelled',
	expired: 'expired',
};

/** The nine settings every answer with settings carries (service-api.md), at their defaults. */
const NINE_SETTINGS = Object.keys(
	(doc.definitions.SigningRequestSettings.properties as object) ?? {},
).filter((key) => (doc.definitions.SigningRequestSettings.required as string[]).includes(key));
const settings = (keys: string[]) =>
	Object.fromEntries(keys.map((key) => [key, defaultSettings()[key as 'allow_download']]));
const SETTINGS = settings(NINE_SETTINGS);

/** Ada as the create answers list her. */
const ADA_RECIPIENT = {
	id: ADA,
	first_name: 'Ada',
	last_name: 'Lovelace',
	name: 'Ada Lovelace',
	email: 'ada@example.com',
	designation: 'Signer',
	order: 1,
};

// ---------------------------------------------------------------------------------------------
// The documented answers (each checked against api/responses.json below)

const ANSWERS = {
	createSigningRequest: () => ({
		id: ID,
		name: 'NDA',
		description: 'Mutual NDA',
		status: 'draft',
		document_url: URL_,
		page_count: 2,
		expiration_hours: 168,
		template_id: TEMPLATE,
		created_date: T.created,
		updated_date: T.changed,
		sent_date: null,
		finished_date: null,
		cancelled_date: null,
		recipients: [{ ...ADA_RECIPIENT, finished_date: null }],
		fields: [],
		warnings: ['"Ada@Example.com" has an unusual format'],
	}),
	createAndSendSigningRequest: () => ({
		id: ID,
		name: 'NDA',
		description: 'Mutual NDA',
		status: 'sent',
		document_url: URL_,
		page_count: 2,
		expiration_hours: 168,
		created_date: T.created,
		sent_date: T.sent,
		template_id: TEMPLATE,
		first_signer: {
			id: ADA,
			name: 'Ada Lovelace',
			email: 'ada@example.com',
			signing_link: SIGNING_LINK,
		},
		recipients: [ADA_RECIPIENT],
		fields: [],
		credits_remaining: 9,
	}),
	getSigningRequest: (state: State) => {
		const t = timeline(state);
		return {
			id: ID,
			name: 'NDA',
			template_description: 'Mutual NDA',
			companies_workspaces_id: P.id,
			document_url: URL_,
			document_url_expires_at: T.expires,
			document_page_count: 2,
			expiration_hours: 168,
			expires_at: t.expires,
			credit_cost: 1,
			status: {
				sent: t.sent !== null,
				finished: state === 'completed',
				cancelled: state === 'cancelled',
				declined: state === 'declined',
				expired: state === 'expired',
			},
			timestamps: {
				created_on: T.created,
				sent_on: t.sent,
				finished_on: t.finished,
				cancelled_on: t.cancelled,
				declined_on: t.declined,
				last_changed_on: T.changed,
				last_signing_action_on: null,
			},
			settings: SETTINGS,
			certificate: null,
			final_document_download_url: state === 'completed' ? SIGNED_URL : null,
		};
	},
	listItem: (state: State) => {
		const t = timeline(state);
		return {
			id: ID,
			name: 'NDA',
			description: 'Mutual NDA',
			status: LIST_WORDS[state],
			document_url: URL_,
			page_count: 2,
			expiration_hours: 168,
			expires_at: t.expires,
			credit_cost: 1,
			template_id: TEMPLATE,
			created_date: T.created,
			updated_date: T.changed,
			sent_date: t.sent,
			finished_date: t.finished,
			cancelled_date: t.cancelled,
			declined_date: t.declined,
			recipients: [
				{
					id: ADA,
					name: 'Ada Lovelace',
					email: 'ada@example.com',
					designation: 'Signer',
					order: 1,
					finished_date: t.finished,
					signature_details: null,
				},
			],
		};
	},
	updateSigningRequest: (status: string) => ({
		id: ID,
		name: 'NDA',
		signing_request: {
			id: ID,
			name: 'NDA',
			description: 'Mutual NDA',
			document_url: URL_,
			document_page_count: 2,
			status,
			expiration_hours: 168,
			settings: SETTINGS,
			template_id: TEMPLATE,
			expires_at: null,
			created_date: T.created,
			sent_date: null,
			finished_date: null,
			cancelled_date: null,
		},
		recipients: [
			{
				id: ADA,
				first_name: 'Ada',
				last_name: 'Lovelace',
				email: 'ada@example.com',
				designation: 'Signer',
				order: 1,
			},
		],
		reminders: [],
		summary: { properties_updated: true, warnings: [] },
	}),
	patchSigningRequest: () => ({
		id: ID,
		name: 'NDA',
		template_description: 'Mutual NDA',
		document_url: URL_,
		expiration_hours: 168,
	}),
	/** The schema's answer and the example's (api-reference X.1). */
	sendSigningRequest: [
		() => ({ success: true, message: 'Sent', sentTo: 'ada@example.com', sentAt: T.sent }),
		() => ({
			message: 'Sent',
			signing_request_id: ID,
			recipients_notified: 1,
			sent_date: T.sent,
			expires_at: T.expires,
		}),
	],
	/** service-api.md's {message, signing_request} and response-shapes.md's flat answer. */
	duplicateTemplate: [
		() => ({
			message: 'Signing request created from template',
			signing_request: {
				id: ID,
				name: 'NDA',
				description: 'Mutual NDA',
				document_url: URL_,
				document_page_count: 2,
				expiration_hours: 168,
				credit_cost: 1,
				// The duplicate answer's seven (without use_signing_order and hand_drawn_only).
				settings: settings(doc.definitions.DuplicateSettings.required as string[]),
				template_id: TEMPLATE,
				date_created: T.created,
				date_sent: null,
				date_finished: null,
				date_cancelled: null,
				date_declined: null,
				expires_at: null,
				certificate: null,
				final_document_download_url: null,
			},
		}),
		() => ({
			id: ID,
			name: 'NDA',
			description: 'Mutual NDA',
			status: 'draft',
			workspace_id: P.id,
			created_date: T.created,
		}),
	],
	download: (state: State) => ({
		status: state === 'completed' ? 'finished' : state,
		is_partial: state !== 'completed',
		download_url: state === 'completed' ? SIGNED_URL : URL_,
		generated_at: T.changed,
		expires_at: '2026-03-02T12:00:00.000Z',
	}),
};

/** A webhook delivery (current envelope) whose `signing_request` is `request`. */
function currentEvent(type: string, request: IDataObject, recipients: IDataObject[] = []) {
	return {
		id: `evt_${Math.random().toString(16).slice(2)}`,
		type,
		created_at: T.changed,
		company_id: SEED.company.id,
		workspace_id: P.id,
		data: { signing_request: request, recipients, workspace: { id: P.id, name: P.name } },
	};
}

/** The event type that reports a state. */
const EVENT_OF: Record<State, string> = {
	draft: 'signing_request.created',
	in_progress: 'signing_request.sent',
	completed: 'signing_request.completed',
	declined: 'signing_request.recipient.declined',
	cancelled: 'signing_request.cancelled',
	expired: 'signing_request.expired',
};

/** An event's recipient ("recipient items carry at least" these, api-reference W.4). */
const eventRecipient = (state: State) => ({
	id: ADA,
	email: 'ada@example.com',
	name: 'Ada Lovelace',
	first_name: 'Ada',
	last_name: 'Lovelace',
	order: 1,
	designation: 'Signer',
	signed_at: state === 'completed' ? T.ended : null,
});

// ---------------------------------------------------------------------------------------------
// What an output must be

/** Problems of one signing request in the shape (empty when it holds). */
function shapeProblems(request: unknown, state: State | undefined, where: string): string[] {
	const problems: string[] = [];
	if (!validateShape(request)) {
		for (const e of validateShape.errors ?? [])
			problems.push(`${where}: ${e.instancePath} ${e.message} ${JSON.stringify(e.params)}`);
	}
	const json = (request ?? {}) as IDataObject;
	if (JSON.stringify(Object.keys(json)) !== JSON.stringify(SIGNING_REQUEST_KEYS))
		problems.push(`${where}: keys ${JSON.stringify(Object.keys(json))}`);
	if (state !== undefined && json.status !== state)
		problems.push(`${where}: status ${String(json.status)}, expected ${state}`);
	return problems;
}

/** The dates of an output hold to the timeline of its state: each is its value, or null. */
function timelineProblems(json: IDataObject, state: State, where: string): string[] {
	const t = timeline(state);
	const expected: Record<string, unknown> = {
		created_at: T.created,
		sent_at: t.sent,
		completed_at: t.finished,
		declined_at: t.declined,
		cancelled_at: t.cancelled,
		expires_at: t.expires,
		updated_at: T.changed,
	};
	return Object.entries(expected)
		.filter(([key, value]) => json[key] !== null && json[key] !== value)
		.map(([key, value]) => `${where}: ${key} ${String(json[key])}, expected ${String(value)}`);
}

// =============================================================================================
// 1. The module against the documents

/** The documented objects a signing request comes in, by definition (responses.json). */
const REQUEST_DEFINITIONS = [
	'SigningRequestCreateResponse',
	'CreateAndSendResponse',
	'SigningRequestDetail',
	'SigningRequestListItem',
	'SigningRequestPatchPropertiesResponse',
	'DuplicatedSigningRequest',
	'TemplateDuplicateResponse',
	'SendSigningRequestResponse',
	'SendSigningRequestExampleResponse',
];

/** Each documented name of a signing request and the key of the shape it is read into. */
const READS: Record<string, string> = {
	id: 'id',
	signing_request_id: 'id',
	name: 'name',
	description: 'description',
	template_description: 'description',
	companies_workspaces_id: 'workspace_id',
	workspace_id: 'workspace_id',
	template_id: 'template_id',
	created_date: 'created_at',
	'timestamps.created_on': 'created_at',
	date_created: 'created_at',
	sent_date: 'sent_at',
	'timestamps.sent_on': 'sent_at',
	date_sent: 'sent_at',
	sentAt: 'sent_at',
	finished_date: 'completed_at',
	'timestamps.finished_on': 'completed_at',
	date_finished: 'completed_at',
	declined_date: 'declined_at',
	'timestamps.declined_on': 'declined_at',
	date_declined: 'declined_at',
	cancelled_date: 'cancelled_at',
	'timestamps.cancelled_on': 'cancelled_at',
	date_cancelled: 'cancelled_at',
	expires_at: 'expires_at',
	updated_date: 'updated_at',
	'timestamps.last_changed_on': 'updated_at',
	date_changed: 'updated_at',
	expiration_hours: 'expiration_hours',
	page_count: 'page_count',
	document_page_count: 'page_count',
	document_url: 'document_url',
	final_document_download_url: 'signed_document_url',
};

/** Documented names the shape leaves out, and why (Simplify off keeps them all). */
const LEFT_OUT: Record<string, string> = {
	status: 'read by statusOf (tested below)',
	recipients: 'read into recipients (tested below)',
	'first_signer.id': 'matches the recipient who gets the link',
	'first_signer.name': 'the recipient has it',
	'first_signer.email': 'matches the recipient when no id is given',
	'first_signer.signing_link': "the first signer's recipients[].signing_link (tested below)",
	warnings: 'kept next to the shape by the action node (helpers/output.ts)',
	warning: 'kept next to the shape as warnings by the action node (helpers/output.ts)',
	fields: 'detail: Get Fields',
	settings: 'detail: Simplify off',
	seal_participants: 'detail: Simplify off',
	credits_remaining: 'about the company, not the request',
	credit_cost: 'detail: Simplify off',
	document_url_expires_at: 'the link expires within the hour; Simplify off has it',
	'timestamps.last_signing_action_on': 'who signed when: recipients[].signed_at',
	use_signing_order: 'deprecated copy of a setting',
	allow_download: 'deprecated copy of a setting',
	allow_editing_before_sending: 'deprecated copy of a setting',
	hand_drawn_only: 'deprecated copy of a setting',
	attach_pdf_on_finish: 'deprecated copy of a setting',
	certificate: 'detail: Simplify off',
	final_document_download_error: 'detail: Simplify off',
	document_only_download_url: 'detail: Simplify off',
	document_only_download_error: 'detail: Simplify off',
	certificate_only_download_url: 'detail: Simplify off',
	certificate_only_download_error: 'detail: Simplify off',
	success: "Send's answer: Simplify off",
	message: "the service's message: Simplify off",
	sentTo: "Send's answer: Simplify off",
	recipients_notified: "Send's answer: Simplify off",
};

/** Each documented name of a recipient and the key of the shape's recipient it is read into. */
const PERSON_READS: Record<string, string> = {
	id: 'id',
	name: 'name',
	first_name: 'first_name',
	last_name: 'last_name',
	email: 'email',
	designation: 'designation',
	order: 'order',
	finished_date: 'signed_at',
	signed_at: 'signed_at',
	declined_at: 'declined_at',
};
const PERSON_LEFT_OUT: string[] = [
	'_temp_id',
	'template_user_id',
	...CONTACT_KEYS,
	'custom_fields',
	'signature_details',
];

/** The documented names of an object schema, the dates and the first signer one level in. */
function namesOf(schema: JsonSchema, nested = true): string[] {
	const resolved = schema.$ref
		? (doc.definitions[String(schema.$ref).split('/').pop()!] as JsonSchema)
		: schema;
	const properties = (resolved.properties ?? {}) as Record<string, JsonSchema>;
	return Object.entries(properties).flatMap(([name, inner]) =>
		nested && (name === 'timestamps' || name === 'first_signer')
			? namesOf(inner, false).map((n) => `${name}.${n}`)
			: [name],
	);
}

/** An object with `path` (a.b) set to `value`. */
function withPath(path: string, value: string | number): IDataObject {
	const [head, tail] = path.split('.');
	return tail ? { [head]: { [tail]: value } } : { [head]: value };
}

describe('the one signing-request shape (nodes/shared/signingRequest.ts) against the documents', () => {
	it.each(REQUEST_DEFINITIONS)(
		'%s: every documented name is read into the shape, or left out on purpose',
		(definition) => {
			const names = namesOf(doc.definitions[definition]);
			expect(names.length).toBeGreaterThan(3);
			const unknown = names.filter((name) => !(name in READS) && !(name in LEFT_OUT));
			expect(unknown).toEqual([]);
			for (const name of names.filter((n) => n in READS)) {
				const value =
					name.endsWith('count') || name === 'expiration_hours' ? 7 : `value of ${name}`;
				const shape = toSigningRequest(withPath(name, value));
				expect([name, shape[READS[name]]]).toEqual([name, value]);
			}
		},
	);

	it('every documented recipient name is read into the shape, or left out on purpose', () => {
		const people = [
			doc.definitions.SigningRequestCreateRecipient,
			doc.definitions.SigningRequestListRecipient,
			doc.definitions.Recipient,
			(doc.definitions.CreateAndSendResponse.properties as Record<string, JsonSchema>).recipients
				.items as JsonSchema,
			(
				(doc.webhookDelivery.schema.anyOf as JsonSchema[])[0].properties as Record<
					string,
					JsonSchema
				>
			).data,
		].map((schema) =>
			schema.properties && 'recipients' in (schema.properties as object)
				? (((schema.properties as Record<string, JsonSchema>).recipients as JsonSchema)
						.items as JsonSchema)
				: schema,
		);
		for (const person of people) {
			const names = namesOf(person, false);
			expect(names.filter((n) => !(n in PERSON_READS) && !PERSON_LEFT_OUT.includes(n))).toEqual([]);
			for (const name of names.filter((n) => n in PERSON_READS)) {
				const value = name === 'order' ? 3 : `value of ${name}`;
				const [read] = toSigningRequest({ recipients: [{ [name]: value }] })
					.recipients as IDataObject[];
				expect([name, read[PERSON_READS[name]]]).toEqual([name, value]);
			}
		}
		// The users list's names too (Send and Wait and the triggers read no users list, but a
		// recipient object of that form is read the same).
		const [user] = toSigningRequest({
			recipients: [
				{ first_name: 'Ada', last_name: 'King', finished_on: T.ended, declined_on: null },
			],
		}).recipients as IDataObject[];
		expect(user).toMatchObject({ name: 'Ada King', signed_at: T.ended, declined_at: null });
	});

	it("Create and Send's first signer link goes to that recipient (by id, else by email)", () => {
		const shape = toSigningRequest(ANSWERS.createAndSendSigningRequest());
		expect((shape.recipients as IDataObject[])[0].signing_link).toBe(SIGNING_LINK);
		const byEmail = toSigningRequest({
			first_signer: { email: 'ada@example.com', signing_link: SIGNING_LINK },
			recipients: [{ email: 'bob@example.com' }, { email: 'ada@example.com' }],
		});
		expect((byEmail.recipients as IDataObject[]).map((r) => r.signing_link)).toEqual([
			null,
			SIGNING_LINK,
		]);
	});

	it('every status word of every vocabulary (create, create and send, list, download, events)', () => {
		const words: Record<string, SigningRequestStatus> = {
			draft: 'draft',
			not_sent: 'draft',
			sent: 'in_progress',
			in_progress: 'in_progress',
			finished: 'completed',
			completed: 'completed',
			declined: 'declined',
			cancelled: 'cancelled',
			expired: 'expired',
			deleted: 'deleted',
			voided: 'cancelled',
			' Finished ': 'completed',
		};
		for (const [word, status] of Object.entries(words)) {
			expect([word, statusOf({ status: word })]).toEqual([word, status]);
		}
		// The list's documented words and the download's all have one.
		const list = (doc.definitions.SigningRequestListItem.properties as Record<string, JsonSchema>)
			.status.enum as string[];
		const download = (
			doc.definitions.SigningRequestDownloadResponse.properties as Record<string, JsonSchema>
		).status.enum as string[];
		for (const word of [...list, ...download]) expect(statusOf({ status: word })).toBeDefined();
		expect([...SIGNING_REQUEST_STATUSES]).toEqual([
			'draft',
			'in_progress',
			'completed',
			'declined',
			'cancelled',
			'expired',
			'deleted',
		]);
	});

	it("the detail's flags: completed wins, then declined, cancelled, expired; sent alone is in progress", () => {
		const flags = (set: Record<string, boolean>) =>
			statusOf({
				status: {
					sent: false,
					finished: false,
					cancelled: false,
					declined: false,
					expired: false,
					...set,
				},
			});
		expect(flags({})).toBe('draft');
		expect(flags({ sent: true })).toBe('in_progress');
		expect(flags({ sent: true, expired: true })).toBe('expired');
		expect(flags({ sent: true, finished: true, expired: true })).toBe('completed');
		expect(flags({ sent: true, declined: true, expired: true })).toBe('declined');
		expect(flags({ sent: true, cancelled: true, expired: true })).toBe('cancelled');
		expect(flags({ sent: true, declined: true, cancelled: true })).toBe('declined');
		expect(flags({ sent: true, finished: true, declined: true, cancelled: true })).toBe(
			'completed',
		);
		expect(statusOf({ status: {} })).toBeUndefined();
		expect(statusOf({})).toBeUndefined();
	});

	it('a source that names no status: the hint, then its dates, else null', () => {
		expect(toSigningRequest({ id: ID }, { status: 'in_progress' }).status).toBe('in_progress');
		// The source's own status wins over the hint.
		expect(toSigningRequest({ status: 'finished' }, { status: 'in_progress' }).status).toBe(
			'completed',
		);
		expect(toSigningRequest({ date_sent: null }).status).toBe('draft');
		expect(toSigningRequest({ sent_date: T.sent }).status).toBe('in_progress');
		expect(toSigningRequest({ sent_date: T.sent, finished_date: T.ended }).status).toBe(
			'completed',
		);
		expect(toSigningRequest({ timestamps: { sent_on: T.sent, declined_on: T.ended } }).status).toBe(
			'declined',
		);
		expect(toSigningRequest({ cancelled_date: T.ended }).status).toBe('cancelled');
		expect(toSigningRequest({ status: 'paused' }).status).toBeNull();
		expect(toSigningRequest({ id: ID }).status).toBeNull();
	});

	it('every key is always there: null where the source does not say (never absent)', () => {
		const shape = toSigningRequest({ id: ID });
		expect(Object.keys(shape)).toEqual([...SIGNING_REQUEST_KEYS]);
		expect(Object.entries(shape).filter(([, value]) => value !== null)).toEqual([['id', ID]]);
		expect(shapeProblems(shape, undefined, 'id only')).toEqual([]);
		const [person] = toSigningRequest({ recipients: [{ email: 'a@example.com' }, 'x'] })
			.recipients as IDataObject[];
		expect(Object.keys(person)).toEqual([...RECIPIENT_KEYS]);
		expect(schemaValidator().compile(strictSchema(RECIPIENT_SCHEMA))(person)).toBe(true);
		// Counts only where the recipients are known.
		expect(toSigningRequest({}).recipient_count).toBeNull();
		expect(toSigningRequest({ recipients: [] })).toMatchObject({
			recipient_count: 0,
			signed_count: 0,
		});
	});

	it('an event: its recipients and workspace are read into the request; other events stay as they are', () => {
		const data = eventDataInShape('signing_request.completed', P.id, {
			signing_request: { id: ID, name: 'NDA', status: 'finished' },
			recipients: [eventRecipient('completed')],
			workspace: { id: P.id, name: P.name },
			recipient: { id: ADA },
		});
		expect(Object.keys(data)).toEqual(['signing_request', 'workspace', 'recipient']);
		expect(data.signing_request).toMatchObject({
			status: 'completed',
			workspace_id: P.id,
			signed_count: 1,
		});
		const template = { template: { id: TEMPLATE } };
		expect(eventDataInShape('template.updated', P.id, template)).toBe(template);
		const nothing = { note: 'no request named' };
		expect(eventDataInShape('signing_request.viewed', P.id, nothing)).toBe(nothing);
	});
});

// =============================================================================================
// 2. Every source through the nodes

/** The outputs of every source, by state: [where, json of the request in the shape]. */
const seen = new Map<State, Array<[string, IDataObject]>>(STATES.map((s) => [s, []]));

function record(state: State, where: string, json: IDataObject, onTimeline = true): void {
	const request = Object.fromEntries(SIGNING_REQUEST_KEYS.map((key) => [key, json[key]]));
	const problems = [
		...shapeProblems(request, state, where),
		...(onTimeline ? timelineProblems(request, state, where) : []),
	];
	expect(problems).toEqual([]);
	seen.get(state)!.push([where, request]);
}

let sandbox: Sandbox;
beforeAll(async () => {
	sandbox = await startSandbox({
		rateLimits: { read: 100_000, write: 100_000 },
		startingCredits: 10_000,
		webhookRetryScale: 0.0001,
		webhookTestOnCreate: false,
	});
});
afterAll(async () => {
	hub.stop();
	await sandbox.webhooks.flush();
	await sandbox.close();
});
beforeEach(() => {
	resetRateLimiters();
	sandbox.clearRequests();
});

/**
 * The sandbox's next answer to the operation's call (about `id`) is `body`, which is checked
 * against the operation's documented answer first.
 */
function answer(operationId: string, body: unknown, id = ID, status = 200) {
	expect([operationId, documented.check(operationId, body)]).toEqual([operationId, []]);
	const { method, path } = doc.operations[operationId];
	sandbox.injectFault({ method, path: path.replace('{id}', id), kind: 'status', status, body });
}

/**
 * The read-back of the one shape (nodes/DocumentSigning/domain/readBack.ts): the request's detail,
 * read once per run for the credential's workspace (or by Create and Send for its expiry date).
 */
function answerReadBack(state: State) {
	answer('getSigningRequest', ANSWERS.getSigningRequest(state));
}

/** Get's Include Recipients (on by default): the users list of the request, Ada. */
function answerUsers(state: State) {
	const t = timeline(state);
	answer('listSigningRequestUsers', {
		results: [
			{
				...ADA_RECIPIENT,
				finished_on: t.finished,
				declined_on: t.declined,
				decline_reason: state === 'declined' ? 'Wrong address' : null,
			},
		],
	});
}

/** Runs an operation of the action node; its output is checked against its schema (kit). */
async function run(resource: string, operation: string, parameters: IDataObject, options = {}) {
	const result = await runOperation(sandbox, resource, operation, parameters, options);
	expect(result.error).toBeUndefined();
	return result.output[0].map((item) => item.json);
}

/** Send and Wait for a request (1 hour at most), with the company's webhook secret. */
async function sendAndWait(id: string, parameters: IDataObject = {}) {
	const base = actionCredentials(sandbox);
	return await runOperation(
		sandbox,
		'signingRequest',
		'sendAndWaitForCompletion',
		{ signingRequestId: byId(id), timeLimitAmount: 1, timeLimitUnit: 'hours', ...parameters },
		{
			credentials: {
				documentSigningApi: {
					...base.documentSigningApi,
					webhookSigningSecret: WEBHOOK_SECRETS.company,
				},
			},
		},
	);
}

describe('every source of a signing request outputs the one shape (the nodes on n8n’s engine)', () => {
	it('Create: the documented answer (a draft)', async () => {
		answer('createSigningRequest', ANSWERS.createSigningRequest(), ID, 201);
		answerReadBack('draft');
		const [json] = await run('signingRequest', 'createSigningRequest', {
			source: 'template',
			templateId: byId(TEMPLATE),
		});
		record('draft', 'Create', json);
		expect(json.warnings).toEqual(['"Ada@Example.com" has an unusual format']);
	});

	it('Create and Send: the documented answer (in progress), the signing link on its recipient', async () => {
		answer('createAndSendSigningRequest', ANSWERS.createAndSendSigningRequest(), ID, 201);
		answerReadBack('in_progress');
		const [json] = await run('signingRequest', 'createAndSendSigningRequest', {
			source: 'template',
			templateId: byId(TEMPLATE),
			name: 'NDA',
		});
		record('in_progress', 'Create and Send', json);
		expect((json.recipients as IDataObject[])[0].signing_link).toBe(SIGNING_LINK);
	});

	it.each([0, 1])('Send: documented answer %s (in progress)', async (variant) => {
		answer('sendSigningRequest', ANSWERS.sendSigningRequest[variant]());
		answerReadBack('in_progress');
		const [json] = await run('signingRequest', 'sendSigningRequest', {
			signingRequestId: byId(ID),
		});
		record('in_progress', `Send (answer ${variant})`, json);
		expect(json).toMatchObject({ id: ID, sent_at: T.sent });
	});

	it.each(STATES)('Get: the detail of a request in state %s', async (state) => {
		answer('getSigningRequest', ANSWERS.getSigningRequest(state));
		answerUsers(state);
		const [json] = await run('signingRequest', 'getSigningRequest', { signingRequestId: byId(ID) });
		record(state, 'Get', json);
		expect(json).toMatchObject({ workspace_id: P.id, recipient_count: 1 });
	});

	it('Get Many: one list item per state', async () => {
		const results = STATES.map((state) => ANSWERS.listItem(state));
		answer('listSigningRequests', {
			results,
			pagination: { current_page: 1, page_size: 50, total_count: 6, total_pages: 1 },
		});
		answerReadBack('draft');
		const jsons = await run('signingRequest', 'listSigningRequests', {
			returnAll: false,
			limit: 50,
		});
		expect(jsons).toHaveLength(STATES.length);
		STATES.forEach((state, index) => record(state, 'Get Many', jsons[index]));
	});

	it.each(['not_sent', 'draft', 'edited'])(
		'Update: the documented answer, its free-text status "%s" (a draft: only drafts can be updated)',
		async (status) => {
			answer('updateSigningRequest', ANSWERS.updateSigningRequest(status));
			answerReadBack('draft');
			const [json] = await run('signingRequest', 'updateSigningRequest', {
				signingRequestId: byId(ID),
				properties: { name: 'NDA' },
			});
			record('draft', `Update (status "${status}")`, json);
			expect(json).toMatchObject({ recipient_count: 1, page_count: 2 });
		},
	);

	it('Update One Part (Properties): the documented answer (a draft)', async () => {
		answer('patchSigningRequest', ANSWERS.patchSigningRequest());
		answerReadBack('draft');
		const [json] = await run('signingRequest', 'patchSigningRequest', {
			signingRequestId: byId(ID),
			update: 'properties',
			properties: { name: 'NDA' },
		});
		record('draft', 'Update One Part', json);
	});

	it.each([0, 1])(
		'Template → Create Draft Signing Request: documented answer %s (a draft)',
		async (variant) => {
			answer('duplicateTemplate', ANSWERS.duplicateTemplate[variant](), TEMPLATE, 201);
			if (variant === 0) answerReadBack('draft');
			const [json] = await run('template', 'duplicateTemplate', { templateId: byId(TEMPLATE) });
			record('draft', `Template → Create Draft Signing Request (answer ${variant})`, json);
		},
	);

	it.each(STATES.filter((s) => s !== 'draft'))(
		'Download (its JSON): a request in state %s',
		async (state) => {
			answer('downloadSigningRequest', ANSWERS.download(state));
			answer('getSigningRequest', ANSWERS.getSigningRequest(state));
			const [json] = await run('signingRequest', 'downloadSigningRequest', {
				signingRequestId: byId(ID),
				options: { acceptUnfinished: true, returnUrlOnly: true },
			});
			record(state, 'Download', json);
			expect(json.is_partial).toBe(state !== 'completed');
		},
	);

	it.each(['completed', 'declined', 'cancelled', 'expired'] as State[])(
		'Send and Wait: a request that ended (%s) when it is read',
		async (state) => {
			answer('getSigningRequest', ANSWERS.getSigningRequest(state));
			const [json] = (await sendAndWait(ID, { sendFirst: false })).output[0].map((i) => i.json);
			record(state, 'Send and Wait (read)', json);
			expect(json).toMatchObject({ waited: false, ended_by: 'read' });
		},
	);

	describe('the webhook trigger', () => {
		let rig: TriggerRig;
		beforeAll(async () => {
			rig = await new TriggerRig({
				parameters: baseParameters({
					events: [...new Set(Object.values(EVENT_OF))],
				}),
				credentials: triggerCredentials(sandbox.url),
			}).listen();
		});
		afterAll(async () => await rig.close());

		async function deliver(body: IDataObject): Promise<INodeExecutionData> {
			const before = rig.starts.length;
			const raw = JSON.stringify(body);
			expect(documented.checkDelivery(body)).toEqual([]);
			const response = await rig.post(raw, {
				'X-Service-Signature': sign(raw),
				'X-Service-Delivery': `dlv_${Math.random().toString(16).slice(2)}`,
			});
			expect(response.status).toBe(200);
			expect(rig.starts).toHaveLength(before + 1);
			return rig.starts[before].items[0];
		}

		it.each(STATES)(
			'the current envelope, its request as the sandbox words it (list words, *_date): state %s',
			async (state) => {
				const { recipients, ...request } = ANSWERS.listItem(state);
				void recipients;
				const item = await deliver(currentEvent(EVENT_OF[state], request, [eventRecipient(state)]));
				const data = item.json.data as IDataObject;
				record(state, 'Trigger (current envelope)', data.signing_request as IDataObject);
				expect(data.signing_request).toMatchObject({ workspace_id: P.id, recipient_count: 1 });
			},
		);

		it.each(STATES)(
			'the current envelope, a request that names no status or dates: state %s from the event type',
			async (state) => {
				const item = await deliver(currentEvent(EVENT_OF[state], { id: ID, name: 'NDA' }));
				record(
					state,
					'Trigger (id and name only)',
					(item.json.data as IDataObject).signing_request as IDataObject,
				);
			},
		);

		it.each(STATES)('the older envelope (data.signing_request_id): state %s', async (state) => {
			const item = await deliver({
				event_id: `evt_old_${Math.random().toString(16).slice(2)}`,
				event_type: EVENT_OF[state],
				timestamp: T.changed,
				company_id: SEED.company.id,
				workspace_id: P.id,
				data: { signing_request_id: ID },
			});
			const data = item.json.data as IDataObject;
			record(state, 'Trigger (older envelope)', data.signing_request as IDataObject);
			expect(data).not.toHaveProperty('signing_request_id');
		});
	});

	describe('against the sandbox: the Poll Trigger, the catch-up and Send and Wait’s time limit', () => {
		it('the Poll Trigger: a sent, a completed, a declined and a cancelled request', async () => {
			const poll = new PollRig(
				{
					scope: 'workspace',
					workspace: { __rl: true, mode: 'id', value: P.id },
					events: ['sent', 'completed', 'declined', 'cancelled', 'expired'],
					options: {},
				},
				pollCredentials(sandbox.url, { keyToUse: 'test' }),
			);
			await poll.poll();
			const open = await createSent(sandbox, P.testKey, 'Poll sent');
			const done = await createSent(sandbox, P.testKey, 'Poll completed');
			const declined = await createSent(sandbox, P.testKey, 'Poll declined');
			const cancelled = await createSent(sandbox, P.testKey, 'Poll cancelled');
			await poll.poll();
			sandbox.simulate.signAll(done.id);
			sandbox.simulate.decline(declined.id, declined.ada, 'No');
			await ok(sandbox, 'POST', `/signing-requests/${cancelled.id}/cancel`, { key: P.testKey });
			const ends = await poll.poll();
			const of = (id: string, items: INodeExecutionData[]) =>
				items
					.map((i) => (i.json.data as IDataObject).signing_request as IDataObject)
					.find((r) => r.id === id)!;
			const sent = poll.emitted.filter((i) => i.json.type === 'signing_request.sent');
			record('in_progress', 'Poll Trigger (sent)', of(open.id, sent), false);
			record('completed', 'Poll Trigger (completed)', of(done.id, ends), false);
			record('declined', 'Poll Trigger (declined)', of(declined.id, ends), false);
			record('cancelled', 'Poll Trigger (cancelled)', of(cancelled.id, ends), false);
		});

		it('the webhook trigger’s catch-up: a request completed while n8n was away', async () => {
			const firstDelay = catchUpTiming.firstDelayMs;
			catchUpTiming.firstDelayMs = 100;
			forgetProcessMemory();
			forgetCatchUps();
			const missed = await createSent(sandbox, P.liveKey, 'Completed while away');
			sandbox.simulate.signAll(missed.id);
			const rig = await new TriggerRig({
				parameters: baseParameters(),
				credentials: triggerCredentials(sandbox.url, {
					webhookSigningSecret: WEBHOOK_SECRETS.company,
				}),
				staticData: {
					'node:Document Signing Trigger': {
						[CATCH_UP_KEY]: { doneThrough: Date.now() - 60_000, openSince: {} },
					},
				},
				catchUp: true,
			}).listen();
			try {
				await rig.activate();
				const deadline = Date.now() + 20_000;
				for (;;) {
					const state = readState(rig.nodeStaticData);
					if (state !== undefined && !isPending(state)) break;
					if (Date.now() > deadline) throw new Error('the catch-up did not finish');
					await new Promise((resolve) => setTimeout(resolve, 100));
				}
				const caughtUp = rig.starts
					.map((s) => s.items[0].json)
					.filter((json) => json.source === 'catch-up')
					.map((json) => (json.data as IDataObject).signing_request as IDataObject);
				const request = caughtUp.find((r) => r.id === missed.id)!;
				expect(request).toBeDefined();
				record('completed', 'Trigger (catch-up)', request, false);
			} finally {
				await rig.deactivate().catch(() => undefined);
				await rig.close();
				catchUpTiming.firstDelayMs = firstDelay;
			}
		});

		it('Send and Wait: the time limit runs out on a sent request (the request as read after sending)', async () => {
			const draft = await createDraft(sandbox, P.liveKey, 'Waited for');
			const result = await sendAndWait(draft.id);
			expect(result.error).toBeUndefined();
			expect(result.run?.waitTill).toBeDefined();
			const json = result.output[0][0].json;
			record('in_progress', 'Send and Wait (time limit)', json, false);
			expect(json).toMatchObject({ id: draft.id, waited: true, ended_by: 'time_limit' });
		});
	});

	it('the same state reads the same from every source: status, keys, dates and workspace', () => {
		const sources = new Set<string>();
		for (const [state, outputs] of seen) {
			expect([state, outputs.length]).not.toEqual([state, 0]);
			for (const [where, json] of outputs) {
				sources.add(where.replace(/ \(.*\)$/, ''));
				expect([where, json.status]).toEqual([where, state]);
				expect([where, Object.keys(json)]).toEqual([where, [...SIGNING_REQUEST_KEYS]]);
				// Every source names the workspace (read back once per run where the answer lacks it).
				expect([where, json.workspace_id]).toEqual([where, P.id]);
			}
		}
		expect([...sources].sort()).toEqual(
			[
				'Create',
				'Create and Send',
				'Send',
				'Get',
				'Get Many',
				'Update',
				'Update One Part',
				'Template → Create Draft Signing Request',
				'Download',
				'Send and Wait',
				'Trigger',
				'Poll Trigger',
			].sort(),
		);
	});
});

// =============================================================================================
// 3. One request, the same values (issue 36, point 2)

/**
 * The keys of the shape every source of a request gives the same value for, in the same state.
 * Left out: the links (`document_url`, `signed_document_url`: a fresh time-limited link on every
 * read, checked as present or not) and what some sources cannot know (`SOURCES_OF` in
 * nodes/shared/signingRequest.ts: `template_id` not in Get, `updated_at` not in Create and Send),
 * compared below source by source.
 */
const SAME_EVERYWHERE = [
	'id',
	'name',
	'description',
	'status',
	'workspace_id',
	'created_at',
	'sent_at',
	'completed_at',
	'declined_at',
	'cancelled_at',
	'expires_at',
	'expiration_hours',
	'page_count',
	'recipient_count',
	'signed_count',
] as const;

/** The keys of a recipient every source gives the same value for. */
const SAME_RECIPIENT = ['id', 'name', 'email', 'designation', 'order', 'signed_at'] as const;

/** Where `json` differs from `reference` on `keys` (empty when it agrees). */
function differences(
	where: string,
	reference: IDataObject,
	json: IDataObject,
	keys: readonly string[],
): string[] {
	return keys
		.filter((key) => JSON.stringify(json[key]) !== JSON.stringify(reference[key]))
		.map(
			(key) =>
				`${where}: ${key} ${JSON.stringify(json[key])}, Get says ${JSON.stringify(reference[key])}`,
		);
}

/** Where the recipients of `json` differ from those of `reference` (by id). */
function recipientDifferences(
	where: string,
	reference: IDataObject,
	json: IDataObject,
	names: boolean,
): string[] {
	const byId = new Map(
		((reference.recipients ?? []) as IDataObject[]).map((person) => [person.id, person]),
	);
	const people = (json.recipients ?? []) as IDataObject[];
	if (people.length !== byId.size)
		return [`${where}: ${people.length} recipients, Get has ${byId.size}`];
	return people.flatMap((person) => {
		const known = byId.get(person.id) ?? {};
		const keys = [...SAME_RECIPIENT, ...(names ? ['first_name', 'last_name'] : [])];
		const problems = differences(`${where}, recipient ${String(person.id)}`, known, person, keys);
		if (!names && (person.first_name !== null || person.last_name !== null))
			problems.push(`${where}: first_name/last_name from a source that has only the full name`);
		return problems;
	});
}

describe('one request, the same values from every source (issue 36, point 2)', () => {
	it('Create and Send, Get, Get Many, Get Recipients and both triggers agree on what each can know', async () => {
		const template = await createTemplate(sandbox, 'Same values');
		// The Poll Trigger watches from here on (its first poll only sets its place).
		const poll = (options: INodeParameters) =>
			new PollRig(
				{
					scope: 'workspace',
					workspace: { __rl: true, mode: 'id', value: P.id },
					events: ['sent', 'completed'],
					options,
				},
				pollCredentials(sandbox.url),
			);
		const plainPoll = poll({});
		const fullPoll = poll({ fetchSigningRequest: true, attachSignedPdf: true });
		await plainPoll.poll();
		await fullPoll.poll();

		// 1. Create and Send (Read Expiry Date on by default).
		const [sent] = await run('signingRequest', 'createAndSendSigningRequest', {
			source: 'template',
			templateId: byId(template.id),
			name: 'Same values',
			recipientsMode: 'json',
			recipientsJson: JSON.stringify([
				{
					template_user_id: template.userIds[0],
					first_name: 'Ada',
					last_name: 'Lovelace',
					email: 'ada@example.com',
				},
				{
					template_user_id: template.userIds[1],
					first_name: 'Grace',
					last_name: 'Hopper',
					email: 'grace@example.com',
				},
			]),
		});
		const id = String(sent.id);

		// 2. The other sources, in the same state (sent, nobody signed yet).
		const [get] = await run('signingRequest', 'getSigningRequest', { signingRequestId: byId(id) });
		const many = (
			await run('signingRequest', 'listSigningRequests', {
				returnAll: true,
				filters: { name: 'Same values' },
			})
		).find((json) => json.id === id)!;
		const users = await run('signingRequest', 'listSigningRequestUsers', {
			signingRequestId: byId(id),
			returnAll: true,
		});
		const polled = (await plainPoll.poll()).map(
			(item) => (item.json.data as IDataObject).signing_request as IDataObject,
		);
		const polledFull = (await fullPoll.poll()).map(
			(item) => (item.json.data as IDataObject).signing_request as IDataObject,
		);
		const record = sandbox.signing.getSigningRequest(id)!;
		const deliver = async (rig: TriggerRig, type: string) => {
			const raw = JSON.stringify({
				id: `evt_${Math.random().toString(16).slice(2)}`,
				type,
				created_at: new Date().toISOString(),
				company_id: SEED.company.id,
				workspace_id: P.id,
				// The sandbox's own payload of the event for this request (test/sandbox/signing/models.ts).
				data: sandbox.signing.signingRequestEventData(record),
			});
			const before = rig.starts.length;
			const response = await rig.post(raw, {
				'X-Service-Signature': sign(raw),
				'X-Service-Delivery': `dlv_${Math.random().toString(16).slice(2)}`,
			});
			expect(response.status).toBe(200);
			return (rig.starts[before].items[0].json.data as IDataObject).signing_request as IDataObject;
		};
		const events = ['signing_request.sent', 'signing_request.completed'];
		const webhook = await new TriggerRig({
			parameters: baseParameters({ events }),
			credentials: triggerCredentials(sandbox.url),
		}).listen();
		const webhookFull = await new TriggerRig({
			parameters: baseParameters({
				events,
				options: { fetchSigningRequest: true, attachSignedPdf: true },
			}),
			credentials: triggerCredentials(sandbox.url),
		}).listen();
		try {
			const event = await deliver(webhook, 'signing_request.sent');
			const eventFull = await deliver(webhookFull, 'signing_request.sent');

			// Get reads what the detail lacks: the recipients (one more read).
			expect(get).toMatchObject({
				status: 'in_progress',
				workspace_id: P.id,
				recipient_count: 2,
				signed_count: 0,
				template_id: null,
			});
			expect(get.expires_at).toEqual(expect.any(String));

			const problems = [
				...differences('Create and Send', get, sent, SAME_EVERYWHERE),
				...differences('Get Many', get, many, [...SAME_EVERYWHERE, 'updated_at']),
				...differences('Poll Trigger', get, polled[0] ?? {}, [...SAME_EVERYWHERE, 'updated_at']),
				...differences('Poll Trigger (Fetch Full)', get, polledFull[0] ?? {}, [
					...SAME_EVERYWHERE,
					'updated_at',
				]),
				...differences('Trigger', get, event, [...SAME_EVERYWHERE, 'updated_at']),
				...differences('Trigger (Fetch Full)', get, eventFull, [...SAME_EVERYWHERE, 'updated_at']),
				// The template: every source but Get (the detail does not name it) has it.
				...[
					['Create and Send', sent],
					['Get Many', many],
					['Poll Trigger', polled[0] ?? {}],
					['Poll Trigger (Fetch Full)', polledFull[0] ?? {}],
					['Trigger', event],
					['Trigger (Fetch Full)', eventFull],
				].flatMap(([where, json]) =>
					differences(where as string, { template_id: template.id }, json as IDataObject, [
						'template_id',
					]),
				),
				// Recipients: one shape everywhere; first and last names where the source has them.
				...recipientDifferences('Create and Send', get, sent, true),
				...recipientDifferences('Get Many', get, many, false),
				...recipientDifferences('Poll Trigger', get, polled[0] ?? {}, false),
				...recipientDifferences('Poll Trigger (Fetch Full)', get, polledFull[0] ?? {}, true),
				...recipientDifferences('Trigger', get, event, true),
				...recipientDifferences('Trigger (Fetch Full)', get, eventFull, true),
				...recipientDifferences('Get Recipients', get, { recipients: users }, true),
			];
			expect(problems).toEqual([]);
			for (const person of users) {
				expect(Object.keys(person)).toEqual([...RECIPIENT_KEYS, 'key_mode']);
			}

			// 3. Completed: the signed PDF's link from Get, and from the triggers that read it.
			sandbox.simulate.signAll(id);
			const [done] = await run('signingRequest', 'getSigningRequest', {
				signingRequestId: byId(id),
			});
			expect(done).toMatchObject({ status: 'completed', signed_count: 2 });
			expect(done.signed_document_url).toEqual(expect.stringMatching(/^http/));
			const completedFull = (await fullPoll.poll()).map(
				(item) => (item.json.data as IDataObject).signing_request as IDataObject,
			);
			const completedEvent = await deliver(webhook, 'signing_request.completed');
			const completedEventFull = await deliver(webhookFull, 'signing_request.completed');
			const links = {
				'Poll Trigger (Fetch Full)': completedFull[0]?.signed_document_url,
				'Trigger (Fetch Full)': completedEventFull.signed_document_url,
				// The event alone carries no link: null (the schema says where it comes from).
				Trigger: completedEvent.signed_document_url,
			};
			expect(links).toEqual({
				'Poll Trigger (Fetch Full)': expect.stringMatching(/^http/),
				'Trigger (Fetch Full)': expect.stringMatching(/^http/),
				Trigger: null,
			});
			const completedProblems = [
				...differences('Poll Trigger (Fetch Full), completed', done, completedFull[0] ?? {}, [
					...SAME_EVERYWHERE,
				]),
				...differences('Trigger, completed', done, completedEvent, [...SAME_EVERYWHERE]),
				...differences('Trigger (Fetch Full), completed', done, completedEventFull, [
					...SAME_EVERYWHERE,
				]),
			];
			expect(completedProblems).toEqual([]);
		} finally {
			await webhook.close();
			await webhookFull.close();
		}
	});

	it('Attach Signed PDF alone gives the signed PDF’s link too (the download’s)', async () => {
		const request = await createSent(sandbox, P.liveKey, 'Signed link from the download');
		sandbox.simulate.signAll(request.id);
		const rig = await new TriggerRig({
			parameters: baseParameters({
				events: ['signing_request.completed'],
				options: { attachSignedPdf: true },
			}),
			credentials: triggerCredentials(sandbox.url),
		}).listen();
		try {
			const raw = JSON.stringify({
				id: `evt_${Math.random().toString(16).slice(2)}`,
				type: 'signing_request.completed',
				created_at: new Date().toISOString(),
				company_id: SEED.company.id,
				workspace_id: P.id,
				data: sandbox.signing.signingRequestEventData(
					sandbox.signing.getSigningRequest(request.id)!,
				),
			});
			const response = await rig.post(raw, {
				'X-Service-Signature': sign(raw),
				'X-Service-Delivery': `dlv_${Math.random().toString(16).slice(2)}`,
			});
			expect(response.status).toBe(200);
			const item = rig.starts[0].items[0];
			expect(item.binary?.data).toBeDefined();
			expect(item.json.enrichment_errors).toBeUndefined();
			const download = sandbox.requests.find(
				(r) => r.path === `/signing-requests/${request.id}/download`,
			);
			expect(download).toBeDefined();
			expect(
				((item.json.data as IDataObject).signing_request as IDataObject).signed_document_url,
			).toEqual(expect.stringMatching(/\/_files\//));
		} finally {
			await rig.close();
		}
	});
});
