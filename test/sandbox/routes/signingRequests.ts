/**
 * Signing requests (api-reference §3.4, S1–S19, S21; bodies §B; lifecycle §L).
 * A key sees the signing requests of its own workspace only (the protected key too); others → 404.
 *
 * - GET    /signing-requests                        list (filters: name, status (comma list), created_after/before,
 *                                                   signer_email (exact, case-insensitive), signer_name (partial), sort_by, sort_order)
 * - POST   /signing-requests                        create: document-based (temp ids) or template-based → 201 draft
 * - POST   /signing-requests/create-and-send        create and send at once → 201 status "sent"
 * - GET    /signing-requests/:id                    SigningRequestDetail
 * - PATCH  /signing-requests/:id                    exactly one of properties | recipient | field | seal_participant
 *                                                   (field types: those of the template PATCH, T4 (c); aliases initials, textarea)
 * - PUT    /signing-requests/:id                    §B.4 with summary
 * - DELETE /signing-requests/:id                    drafts only (409 ALREADY_SENT)
 * - GET    /signing-requests/:id/users|fields|reminders|audit
 * - POST   /signing-requests/:id/send|cancel|resend
 * - GET    /signing-requests/:id/download
 * - GET    /signing-requests/:id/signers/:signer_id/signature|initials|stamps/:field_id|files/:field_id
 * - DELETE /signing-requests/:id/seal-participants/:participant_id
 *
 * Seal participants (create: `seal_participants[].seal_id`; PATCH: `seal_participant.swap_to_seal_id`)
 * must name an organization seal the request's workspace may use: company scope or that workspace,
 * not revoked, the current version (seals/store.ts `usableIn`). Otherwise create → 400 naming
 * `seal_participants[i].seal_id`, swap → 404 NOT_FOUND.
 *
 * `warnings[]` (create responses, only when non-empty; create-and-send always has the array) and
 * `warning` (PATCH recipient): an email with upper-case letters, a `+` sub-address, or a domain
 * that looks like a typo of a common provider (gmial.com …). The address is stored as given.
 */
import { randomUUID } from 'node:crypto';

import { ApiError, badRequest, notFound, validationError } from '../errors';
import { createdWithin, paginate, parseListQuery, sortBy } from '../pagination';
import type { RequestContext, Router } from '../router';
import { Validator, objectBody, queryBool } from '../validation';
import {
	adminActor,
	readSealSwap,
	requireSigningRequest,
	simulatorOf,
	storeOf,
} from '../signing/context';
import { EditSession } from '../signing/edit';
import { blankSigningRequest, signingRequestFromTemplate } from '../signing/factory';
import {
	LIST_STATUSES,
	TEMPLATE_FIELD_TYPE_ALIASES,
	TEMPLATE_PATCH_FIELD_TYPES,
	cloneEntity,
	defaultSettings,
	fullName,
	isSignerLike,
	type ListStatus,
	type ParticipantRecord,
	type SigningRequestRecord,
	type SigningStore,
	type TemplateRecord,
} from '../signing/models';
import { MAX_CREATE_PAYLOAD_BYTES, decodePdfDocument } from '../signing/pdf';
import { markPng, pngDataUri } from '../signing/png';
import { renderSigningRequestPdf } from '../signing/render';
import {
	auditJson,
	createAndSendJson,
	fieldJson,
	iso,
	participantAttribute,
	recipientJson,
	reminderJson,
	sealParticipantJson,
	signingRequestCreateJson,
	signingRequestDetailJson,
	signingRequestFieldJson,
	signingRequestListItemJson,
	signingRequestUpdateSummaryJson,
	signingRequestUserJson,
	sortedParticipants,
} from '../signing/serialize';
import { scheduleAutoSign } from '../signing/simulate';
import { sealStoreOf } from '../seals/store';
import {
	type Obj,
	emailWarnings,
	isObject,
	join,
	readArray,
	readBool,
	readCompletion,
	readField,
	readInt,
	readParticipant,
	readReminder,
	readSealParticipant,
	readSettings,
	readStr,
	readUuid,
	RECIPIENT_ATTRIBUTES,
	UUID_RE,
	onePatchPart,
} from '../signing/validation';

const SORT_FIELDS = ['name', 'created_on', 'expiration_hours', 'sent_on', 'finished_on'] as const;
const PROPERTY_KEYS = [
	'name',
	'description',
	'document',
	'expiration_hours',
	'settings',
	'language',
	'completion_title',
	'completion_message',
	'completion_redirect_url',
	'completion_redirect_delay',
];
/** PATCH `field` types (§B.3: "the same enum as the template PATCH field", T4 (c)); create and PUT keep the wider list. */
const PATCH_FIELD_TYPES = {
	allowed: TEMPLATE_PATCH_FIELD_TYPES,
	aliases: TEMPLATE_FIELD_TYPE_ALIASES,
};
const SIGNER_URL_TTL_S = 300;
const HOUR_MS = 3600_000;

export function registerSigningRequestRoutes(router: Router): void {
	router.get('/signing-requests', listSigningRequests);
	router.post('/signing-requests/create-and-send', createAndSend);
	router.post('/signing-requests', createSigningRequest);
	router.get('/signing-requests/:id', (ctx) => ({
		body: signingRequestDetailJson(storeOf(ctx), requireSigningRequest(ctx, ctx.params.id)),
	}));
	router.patch('/signing-requests/:id', patchSigningRequest);
	router.put('/signing-requests/:id', putSigningRequest);
	router.delete('/signing-requests/:id', deleteSigningRequest);
	router.get('/signing-requests/:id/users', (ctx) => {
		const sr = requireSigningRequest(ctx, ctx.params.id);
		return { body: { results: sortedParticipants(sr).map((p) => signingRequestUserJson(sr, p)) } };
	});
	router.get('/signing-requests/:id/fields', (ctx) => {
		const sr = requireSigningRequest(ctx, ctx.params.id);
		return { body: { results: sr.fields.map((f) => signingRequestFieldJson(sr, f)) } };
	});
	router.get('/signing-requests/:id/reminders', (ctx) => ({
		body: requireSigningRequest(ctx, ctx.params.id).reminders.map((r) =>
			reminderJson(r, 'signing_request'),
		),
	}));
	router.get('/signing-requests/:id/audit', (ctx) => {
		const sr = requireSigningRequest(ctx, ctx.params.id);
		const entries = sr.audit
			.map((a, i) => ({ a, i }))
			.sort((x, y) => x.a.timestamp - y.a.timestamp || x.i - y.i);
		return { body: { results: entries.map(({ a }) => auditJson(a)) } };
	});
	router.post('/signing-requests/:id/send', sendRoute);
	router.post('/signing-requests/:id/cancel', cancelSigningRequest);
	router.post('/signing-requests/:id/resend', resendSigningRequest);
	router.get('/signing-requests/:id/download', downloadSigningRequest);
	router.get('/signing-requests/:id/signers/:signer_id/signature', (ctx) =>
		signerMark(ctx, 'signature'),
	);
	router.get('/signing-requests/:id/signers/:signer_id/initials', (ctx) =>
		signerMark(ctx, 'initials'),
	);
	router.get('/signing-requests/:id/signers/:signer_id/stamps/:field_id', (ctx) =>
		signerMark(ctx, 'stamp'),
	);
	router.get('/signing-requests/:id/signers/:signer_id/files/:field_id', signerFile);
	router.delete('/signing-requests/:id/seal-participants/:participant_id', deleteSealParticipant);
}

// ---- list ----------------------------------------------------------------------------------

function listSigningRequests(ctx: RequestContext) {
	const v = new Validator();
	const list = parseListQuery(v, ctx.query, SORT_FIELDS);
	let statuses: ListStatus[] | undefined;
	if (ctx.query.status !== undefined) {
		const parts = ctx.query.status
			.split(',')
			.map((s) => s.trim())
			.filter(Boolean);
		const bad = parts.filter((s) => !(LIST_STATUSES as readonly string[]).includes(s));
		if (parts.length === 0 || bad.length > 0) {
			v.fail(
				'status',
				`status must be one or more (comma-separated) of: ${LIST_STATUSES.join(', ')}${bad.length ? ` (got ${bad.join(', ')})` : ''}`,
			);
		} else statuses = parts as ListStatus[];
	}
	v.throwIfInvalid();
	const store = storeOf(ctx);
	const wantDeleted = statuses?.includes('deleted') ?? false;
	let items = store.listSigningRequests(ctx.auth.workspace.id, { includeDeleted: wantDeleted });
	if (statuses) items = items.filter((sr) => statuses!.includes(store.statusOf(sr)));
	const name = ctx.query.name;
	if (name) items = items.filter((sr) => sr.name.toLowerCase().includes(name.toLowerCase()));
	items = createdWithin(items, (sr) => sr.created_at, list);
	const email = ctx.query.signer_email?.trim().toLowerCase();
	if (email)
		items = items.filter((sr) => sr.recipients.some((r) => r.email.toLowerCase() === email));
	const signerName = ctx.query.signer_name?.trim().toLowerCase();
	if (signerName)
		items = items.filter((sr) =>
			sr.recipients.some((r) => fullName(r).toLowerCase().includes(signerName)),
		);
	const key = (sr: SigningRequestRecord): string | number => {
		switch (list.sortField) {
			case 'name':
				return sr.name;
			case 'expiration_hours':
				return sr.expiration_hours;
			case 'sent_on':
				return sr.sent_on ?? 0;
			case 'finished_on':
				return sr.finished_on ?? 0;
			default:
				return sr.created_at;
		}
	};
	items = sortBy(items, key, list.sortOrder, (sr) => String(sr.created_at).padStart(15, '0'));
	const page = paginate(items, list.page);
	return {
		body: {
			results: page.results.map((sr) => signingRequestListItemJson(store, sr)),
			pagination: page.pagination,
		},
	};
}

// ---- create --------------------------------------------------------------------------------

type CreateMode = 'create' | 'create_and_send';

interface Built {
	sr: SigningRequestRecord;
	template: TemplateRecord | null;
	warnings: string[];
}

function readTopLevel(v: Validator, body: Obj, ctx: RequestContext, mode: CreateMode) {
	const name = readStr(v, body, 'name', 'name', { required: mode === 'create_and_send', max: 255 });
	if (name === '') v.fail('name', 'name must not be empty');
	const description = readStr(v, body, 'description', 'description', { nullable: true, max: 5000 });
	const hours = readInt(v, body, 'expiration_hours', 'expiration_hours', { min: 1 });
	const settings = readSettings(v, body.settings, 'settings', 'signing_request');
	const completion = readCompletion(v, body, '', ctx.auth.testMode);
	return { name: name || undefined, description, hours: hours ?? undefined, settings, completion };
}

/** Validates the body and builds the draft (not stored). Throws 400/404 with details. */
function buildFromBody(
	ctx: RequestContext,
	store: SigningStore,
	body: Obj,
	mode: CreateMode,
): Built {
	const v = new Validator();
	const payload = ctx.rawBytes?.length ?? Buffer.byteLength(ctx.rawBody ?? '');
	if (payload >= MAX_CREATE_PAYLOAD_BYTES) {
		throw validationError(
			{
				document: `the request payload must stay under 6 MB (about 4.5 MB of PDF); this one is ${payload} bytes`,
			},
			'Request payload too large',
		);
	}
	const hasDoc = body.document !== undefined && body.document !== null;
	const hasTemplate = body.template_id !== undefined && body.template_id !== null;
	const hasDocId = body.document_id !== undefined && body.document_id !== null;
	const sources = [hasDoc, hasTemplate, hasDocId].filter(Boolean).length;
	if (sources !== 1) {
		const msg =
			mode === 'create_and_send'
				? 'send exactly one of document, template_id or document_id'
				: 'send exactly one of document or template_id';
		throw validationError(
			{ document: msg, template_id: msg },
			sources === 0 ? 'No document source given' : 'Both document and template_id given',
		);
	}
	if (hasDocId)
		throw validationError({
			document_id:
				'document_id uploads are not supported by the sandbox; send document (base64 PDF)',
		});
	const top = readTopLevel(v, body, ctx, mode);
	const now = store.now();
	let sr: SigningRequestRecord;
	let template: TemplateRecord | null = null;
	let session: EditSession<SigningRequestRecord>;

	if (hasTemplate) {
		const templateId = readUuid(v, body, 'template_id', 'template_id', { required: true });
		v.throwIfInvalid();
		const t = store.getTemplate(templateId as string);
		if (!t || t.deleted_on !== null || t.workspaceId !== ctx.auth.workspace.id)
			throw notFound('Template');
		template = t;
		sr = signingRequestFromTemplate(store, t, {
			workspaceId: ctx.auth.workspace.id,
			testMode: ctx.auth.testMode,
			name: top.name,
		});
		session = new EditSession(sr, v, now);
		applyTemplateOverrides(session, body, mode);
	} else {
		const decoded = decodePdfDocument(body.document);
		if (!decoded.ok) {
			v.fail('document', `document ${decoded.error}`);
			v.throwIfInvalid();
			throw new Error('unreachable');
		}
		sr = blankSigningRequest(store, {
			workspaceId: ctx.auth.workspace.id,
			name: top.name ?? 'Untitled signing request',
			document: decoded.bytes,
			pageCount: decoded.pageCount,
			testMode: ctx.auth.testMode,
		});
		sr.settings = { ...defaultSettings(), allow_editing_before_sending: true };
		session = new EditSession(sr, v, now);
		readSealParticipants(ctx, session, body);
		const recipients = (
			readArray(
				v,
				body,
				'recipients',
				'recipients',
				mode === 'create_and_send' ? { required: true, minItems: 1 } : {},
			) ?? []
		).map((raw, i) => readParticipant(v, raw, `recipients[${i}]`, { refKey: 'id' }));
		session.registerTempIds(recipients, 'id');
		for (const r of recipients) if (r) session.applyParticipant(r);
		(readArray(v, body, 'fields', 'fields') ?? []).forEach((raw, i) => {
			const input = readField(v, raw, `fields[${i}]`, {
				coords: mode === 'create_and_send' ? 'points' : 'percent',
				idKey: 'none',
			});
			if (input) session.applyField(input);
		});
		readReminders(session, body, mode);
		const anchors = readArray(v, body, 'anchor_tags', 'anchor_tags');
		if (anchors && anchors.length > 100) v.fail('anchor_tags', 'at most 100 anchor tags');
		if (anchors && anchors.length > 0)
			session.warnings.push('anchor_tags are accepted but not placed by the sandbox');
	}
	if (top.description !== undefined) sr.description = top.description;
	if (top.hours !== undefined) sr.expiration_hours = top.hours;
	if (top.settings) sr.settings = { ...sr.settings, ...top.settings };
	Object.assign(sr, top.completion);
	if (hasTemplate) {
		readSealParticipants(ctx, session, body);
		if (mode === 'create' && body.reminders !== undefined) {
			// B.1 variant B (template-based) has no reminders: the template's are copied.
			v.fail(
				'reminders',
				"reminders cannot be set when creating from a template: the template's reminders are copied; change them on the template or with PUT /signing-requests/{id}",
			);
		} else readReminders(session, body, mode);
	}
	v.throwIfInvalid();
	return { sr, template, warnings: session.warnings };
}

/**
 * `seal_participants[]` {seal_id, order, temp_id}: every seal_id must be an organization seal the
 * request's workspace may use (company scope or this workspace, not revoked, current version);
 * otherwise 400 naming `seal_participants[i].seal_id`.
 */
function readSealParticipants(
	ctx: RequestContext,
	session: EditSession<SigningRequestRecord>,
	body: Obj,
): void {
	const { v } = session;
	const seals = sealStoreOf(ctx.state);
	const inputs = (readArray(v, body, 'seal_participants', 'seal_participants') ?? []).map(
		(raw, i) => readSealParticipant(v, raw, `seal_participants[${i}]`),
	);
	for (const input of inputs) {
		if (!input) continue;
		const use = seals.usableIn(input.seal_id, ctx.auth.company.id, session.entity.workspaceId);
		if (!use.ok)
			v.fail(join(input.path, 'seal_id'), `organization seal "${input.seal_id}" ${use.reason}`);
	}
	session.registerSealTempIds(inputs);
	for (const input of inputs) if (input) session.addSealParticipant(input);
}

function readReminders(
	session: EditSession<SigningRequestRecord>,
	body: Obj,
	mode: CreateMode,
): void {
	const { v } = session;
	const list = readArray(v, body, 'reminders', 'reminders') ?? [];
	list.forEach((raw, i) => {
		const path = `reminders[${i}]`;
		if (mode === 'create_and_send') {
			// create-and-send reminders: {hours_before_expiration}
			if (!isObject(raw)) {
				v.fail(path, 'must be an object {hours_before_expiration}');
				return;
			}
			const hours = readInt(
				v,
				raw,
				'hours_before_expiration',
				join(path, 'hours_before_expiration'),
				{ required: true, min: 1 },
			);
			if (typeof hours !== 'number') return;
			session.entity.reminders.push({
				id: randomUUID(),
				hours,
				subject: 'Reminder: a document is waiting for your signature',
				message: `This signing request expires in ${hours} hour(s).`,
				all_users: true,
				recipient_id: null,
				sent_on: null,
				created_at: session.now,
				updated_at: session.now,
			});
			session.counts.reminders_created += 1;
			return;
		}
		const input = readReminder(v, raw, path);
		if (input) {
			if (input.id !== undefined) v.fail(join(path, 'id'), 'new reminders have no id');
			else session.applyReminder(input);
		}
	});
}

const OVERRIDE_FIELD_KEYS = [
	'type',
	'required',
	'x',
	'y',
	'width',
	'height',
	'read_only',
	'read_only_value',
	'format_rules',
	'validation_rules',
	'dropdown_options',
	'date_default',
	'date_signing_default',
	'multi_group_id',
] as const;

/** Template-based create (§B.1 variant B): recipient and field overrides. */
function applyTemplateOverrides(
	session: EditSession<SigningRequestRecord>,
	body: Obj,
	mode: CreateMode,
): void {
	const { v, entity: sr } = session;
	const matched = new Set<string>();
	(readArray(v, body, 'recipients', 'recipients') ?? []).forEach((raw, i) => {
		const path = `recipients[${i}]`;
		const input = readParticipant(v, raw, path, {
			refKey: 'none',
			requireIdentity: false,
			allowTemplateUserId: true,
		});
		if (!input) return;
		if (input.id !== undefined) {
			v.fail(
				join(path, 'id'),
				'template-based recipients are matched by template_user_id or order, not id',
			);
			return;
		}
		if (input.values.email) session.warnings.push(...emailWarnings(input.values.email));
		if (input.values.designation === 'CC') {
			// CCs are never matched; added unless the same email is already a CC.
			const email = input.values.email;
			if (!input.values.first_name || !email) {
				if (!input.values.first_name)
					v.fail(join(path, 'first_name'), 'first_name is required for a CC recipient');
				if (!email) v.fail(join(path, 'email'), 'email is required for a CC recipient');
				return;
			}
			if (
				sr.recipients.some(
					(r) => r.designation === 'CC' && r.email.toLowerCase() === email.toLowerCase(),
				)
			)
				return;
			session.applyParticipant({ path, values: { ...input.values, order: undefined } });
			return;
		}
		let target: ParticipantRecord | undefined;
		if (input.template_user_id) {
			target = sr.recipients.find(
				(r) => r.template_user_id === input.template_user_id && r.designation !== 'CC',
			);
			if (!target) {
				v.fail(
					join(path, 'template_user_id'),
					`template user "${input.template_user_id}" not found in the template`,
				);
				return;
			}
		} else if (input.values.order !== undefined) {
			target = sr.recipients.find(
				(r) => r.order === input.values.order && r.designation !== 'CC' && !matched.has(r.id),
			);
			if (!target) {
				v.fail(
					join(path, 'order'),
					`no template user (Signer/Approver) has order ${input.values.order}`,
				);
				return;
			}
		} else {
			v.fail(path, 'match a template user with template_user_id (preferred) or order');
			return;
		}
		if (matched.has(target.id)) {
			v.fail(path, 'this template user is already overridden by an earlier entry');
			return;
		}
		matched.add(target.id);
		const { order: _order, designation: _designation, ...identity } = input.values;
		Object.assign(target, identity, { updated_at: session.now });
	});
	(readArray(v, body, 'fields', 'fields') ?? []).forEach((raw, i) => {
		const path = `fields[${i}]`;
		const input = readField(v, raw, path, { coords: 'percent', override: true });
		if (!input || !isObject(raw)) return;
		const field =
			(input.template_field_id &&
				sr.fields.find((f) => f.template_field_id === input.template_field_id)) ||
			(typeof raw.variable_name === 'string' &&
				sr.fields.find((f) => f.variable_name === raw.variable_name)) ||
			(typeof raw.variable_defined_name === 'string' &&
				sr.fields.find((f) => f.variable_defined_name === raw.variable_defined_name)) ||
			undefined;
		if (!field) return; // unmatched entries are ignored (§B.1)
		for (const key of OVERRIDE_FIELD_KEYS) {
			const value = (input.values as Record<string, unknown>)[key];
			if (value !== undefined) (field as unknown as Record<string, unknown>)[key] = value;
		}
		session.checkField(field, path);
	});
}

function recordCreation(ctx: RequestContext, store: SigningStore, built: Built, via: string): void {
	const { sr, template } = built;
	store.signingRequests.push(sr);
	store.audit(sr, {
		source: 'admin',
		event: 'created',
		description: template
			? `Signing request created from template "${template.name}"`
			: `Signing request created (${via})`,
		actor: adminActor(ctx),
		details: template ? { template_id: template.id } : null,
	});
	store.emitSigningRequest('signing_request.created', sr);
	if (template)
		store.emitTemplate('template.used', template, {
			signing_request: { id: sr.id, name: sr.name, test_mode: sr.test_mode },
		});
}

function createSigningRequest(ctx: RequestContext) {
	const store = storeOf(ctx);
	const built = buildFromBody(ctx, store, objectBody(ctx.body), 'create');
	recordCreation(ctx, store, built, 'document upload');
	return { status: 201, body: signingRequestCreateJson(store, built.sr, built.warnings) };
}

/** Problems that stop a request from being sent (create-and-send "send_validation"). */
function sendProblems(
	sr: SigningRequestRecord,
): Array<{ recipient_index: number; recipient_email: string; missing_fields: string[] }> {
	const out: Array<{ recipient_index: number; recipient_email: string; missing_fields: string[] }> =
		[];
	sortedParticipants(sr).forEach((p, index) => {
		const missing: string[] = [];
		if (!p.first_name.trim()) missing.push('first_name');
		for (const f of sr.fields.filter((field) => field.recipient_id === p.id)) {
			if (
				f.required &&
				f.read_only &&
				!f.read_only_value &&
				!f.value &&
				!(f.prefilled_data && participantAttribute(p, f.prefilled_data))
			) {
				missing.push(`final_value of field ${f.id}`);
			}
			if (
				f.variable_name &&
				!['custom'].includes(f.variable_name) &&
				isAttributeName(f.variable_name) &&
				!participantAttribute(p, f.variable_name)
			) {
				missing.push(f.variable_name);
			}
		}
		if (missing.length > 0)
			out.push({ recipient_index: index + 1, recipient_email: p.email, missing_fields: missing });
	});
	return out;
}

function isAttributeName(name: string): boolean {
	return RECIPIENT_ATTRIBUTES.includes(name);
}

function createAndSend(ctx: RequestContext) {
	const store = storeOf(ctx);
	let built: Built;
	try {
		built = buildFromBody(ctx, store, objectBody(ctx.body), 'create_and_send');
	} catch (err) {
		if (err instanceof ApiError && err.status === 400) throw withPhase(err, 'create_validation');
		throw err;
	}
	const { sr } = built;
	const problems = sendProblems(sr);
	const details: Record<string, string> = {};
	if (!sr.recipients.some((r) => r.designation === 'Signer'))
		details.recipients = 'at least one recipient must be a Signer';
	problems.forEach((p) => {
		details[`recipients[${p.recipient_index - 1}]`] = `missing: ${p.missing_fields.join(', ')}`;
	});
	if (Object.keys(details).length > 0) {
		throw withPhase(
			validationError(details, 'The signing request cannot be sent'),
			'send_validation',
			problems,
		);
	}
	// Atomic: credits are checked before anything is stored (402, nothing created).
	ctx.state.consumeCredits(ctx, sr.test_mode ? 0 : sr.credit_cost);
	recordCreation(ctx, store, built, 'create-and-send');
	markSent(ctx, store, sr);
	return {
		status: 201,
		body: createAndSendJson(store, sr, built.warnings, ctx.state.company.credits),
	};
}

function withPhase(err: ApiError, phase: string, validationErrors: unknown[] = []): ApiError {
	const details = (err.body.details ?? {}) as Record<string, string>;
	return new ApiError(err.status, {
		...err.body,
		phase,
		validation_errors: validationErrors,
		errors: Object.entries(details).map(([field, message]) => ({
			message: `${field}: ${message}`,
		})),
	});
}

// ---- PATCH / PUT / DELETE ------------------------------------------------------------------

function requireDraft(sr: SigningRequestRecord): void {
	if (sr.sent_on !== null) {
		throw badRequest(
			'Signing request has already been sent',
			'ALREADY_SENT',
			'Signing requests cannot be edited after sending',
		);
	}
}

function markUpdated(
	ctx: RequestContext,
	store: SigningStore,
	sr: SigningRequestRecord,
	what: string,
): void {
	sr.updated_at = store.now();
	store.audit(sr, {
		source: 'admin',
		event: 'edited',
		description: `Signing request edited (${what})`,
		actor: adminActor(ctx),
	});
	store.emitSigningRequest('signing_request.updated', sr);
}

function readSrProperties(
	v: Validator,
	body: Obj,
	prefix: string,
	sr: SigningRequestRecord,
	testMode: boolean,
) {
	const values: Partial<SigningRequestRecord> = {};
	const updated: string[] = [];
	const name = readStr(v, body, 'name', join(prefix, 'name'), { max: 255 });
	if (name === '') v.fail(join(prefix, 'name'), 'name must not be empty');
	else if (typeof name === 'string') values.name = name;
	const description = readStr(v, body, 'description', join(prefix, 'description'), {
		nullable: true,
		max: 5000,
	});
	if (description !== undefined) values.description = description;
	const hours = readInt(v, body, 'expiration_hours', join(prefix, 'expiration_hours'), { min: 1 });
	if (typeof hours === 'number') values.expiration_hours = hours;
	const settings = readSettings(v, body.settings, join(prefix, 'settings'), 'signing_request');
	Object.assign(values, readCompletion(v, body, prefix, testMode));
	if (body.document !== undefined && body.document !== null) {
		const decoded = decodePdfDocument(body.document);
		if (!decoded.ok) v.fail(join(prefix, 'document'), `document ${decoded.error}`);
		else {
			const maxPage = sr.fields.reduce((m, f) => Math.max(m, f.page_number), 0);
			if (decoded.pageCount < maxPage) {
				v.fail(
					join(prefix, 'document'),
					`the new document has ${decoded.pageCount} page(s) but fields are placed up to page ${maxPage}`,
				);
			}
			values.document = decoded.bytes;
			values.pageCount = decoded.pageCount;
		}
	}
	for (const key of Object.keys(values)) updated.push(key === 'pageCount' ? 'page_count' : key);
	if (settings) updated.push('settings');
	return { values, settings, updated };
}

function patchSigningRequest(ctx: RequestContext) {
	const sr = requireSigningRequest(ctx, ctx.params.id);
	const store = storeOf(ctx);
	const body = objectBody(ctx.body);
	const shape = onePatchPart(
		body,
		PROPERTY_KEYS,
		'recipient',
		'name, description, document, expiration_hours, settings, language, completion_*',
		'Cannot update both',
	);
	const v = new Validator();
	if (shape === 'seal_participant') {
		// The one edit allowed after sending (§B.3).
		const { participant, sealId } = readSealSwap(ctx, body, sr.sealParticipants, sr.workspaceId);
		const previous = participant.organization_seals_id;
		participant.organization_seals_id = sealId;
		participant.updated_at = store.now();
		sr.updated_at = store.now();
		store.audit(sr, {
			source: 'admin',
			event: 'seal_swapped',
			description: 'Seal participant swapped',
			actor: adminActor(ctx),
			details: { participant_id: participant.id, from: previous, to: sealId },
		});
		store.emitSigningRequest('signing_request.seal.swapped', sr, {
			seal_participant: sealParticipantJson(participant),
			previous_seal_id: previous,
		});
		// The documents give no answer of its own for the swap: the properties variant's.
		return { body: patchPropertiesJson(store, sr) };
	}
	requireDraft(sr);
	const edited = cloneEntity(sr);
	const session = new EditSession(edited, v, store.now());
	if (shape === 'properties') {
		const props = readSrProperties(v, body, '', sr, ctx.auth.testMode);
		v.throwIfInvalid();
		Object.assign(edited, props.values);
		if (props.settings) edited.settings = { ...edited.settings, ...props.settings };
		Object.assign(sr, edited);
		markUpdated(ctx, store, sr, props.updated.join(', '));
		return { body: patchPropertiesJson(store, sr) };
	}
	if (shape === 'recipient') {
		const input = readParticipant(v, body.recipient, 'recipient', { refKey: 'none' });
		v.throwIfInvalid();
		const record = session.applyParticipant(input!);
		session.finalCheck();
		v.throwIfInvalid();
		Object.assign(sr, edited);
		markUpdated(ctx, store, sr, input!.id ? 'recipient updated' : 'recipient added');
		const warning = session.warnings[0];
		return { body: { ...recipientJson(record!), ...(warning ? { warning } : {}) } };
	}
	const input = readField(v, body.field, 'field', { coords: 'percent', types: PATCH_FIELD_TYPES });
	v.throwIfInvalid();
	const record = session.applyField(input!);
	v.throwIfInvalid();
	Object.assign(sr, edited);
	markUpdated(ctx, store, sr, input!.id ? 'field updated' : 'field added');
	return { body: fieldJson(record!) };
}

/** The properties variant of the PATCH answer (response-shapes.md, api-reference S5). */
function patchPropertiesJson(
	store: SigningStore,
	sr: SigningRequestRecord,
): Record<string, unknown> {
	return {
		id: sr.id,
		name: sr.name,
		template_description: sr.description,
		document_url: store.documentUrl(sr).url,
		expiration_hours: sr.expiration_hours,
	};
}

function putSigningRequest(ctx: RequestContext) {
	const sr = requireSigningRequest(ctx, ctx.params.id);
	const store = storeOf(ctx);
	const body = objectBody(ctx.body);
	const sectionKeys = [
		'signing_request_properties',
		'recipients',
		'deleted_recipients',
		'fields',
		'reminders',
		'language',
	];
	if (!sectionKeys.some((k) => body[k] !== undefined && body[k] !== null)) {
		throw validationError({ body: `Send at least one of: ${sectionKeys.join(', ')}` });
	}
	requireDraft(sr);
	const v = new Validator();
	const edited = cloneEntity(sr);
	const session = new EditSession(edited, v, store.now());
	const force = readBool(v, body, 'force_remove_conditions', 'force_remove_conditions') ?? false;
	let propertiesUpdated = false;
	if (body.signing_request_properties !== undefined && body.signing_request_properties !== null) {
		if (!isObject(body.signing_request_properties))
			v.fail('signing_request_properties', 'must be an object');
		else {
			const props = readSrProperties(
				v,
				body.signing_request_properties,
				'signing_request_properties',
				sr,
				ctx.auth.testMode,
			);
			Object.assign(edited, props.values);
			if (props.settings) edited.settings = { ...edited.settings, ...props.settings };
			propertiesUpdated = props.updated.length > 0;
		}
	}
	if (body.language !== undefined) {
		const completion = readCompletion(v, { language: body.language }, '', ctx.auth.testMode);
		if (completion.language !== undefined) {
			edited.language = completion.language;
			propertiesUpdated = true;
		}
	}
	const recipients = (readArray(v, body, 'recipients', 'recipients') ?? []).map((raw, i) =>
		readParticipant(v, raw, `recipients[${i}]`, { refKey: '_temp_id' }),
	);
	session.registerTempIds(recipients, '_temp_id');
	for (const r of recipients) if (r) session.applyParticipant(r);
	const deleted = new Set<string>();
	(readArray(v, body, 'deleted_recipients', 'deleted_recipients') ?? []).forEach((raw, i) =>
		session.applyDeletion(
			raw,
			`deleted_recipients[${i}]`,
			{
				idKey: 'recipient_id',
				reassignKey: 'reassign_to_recipient_id',
				existingTargetOnly: true,
			},
			deleted,
			force,
		),
	);
	(readArray(v, body, 'fields', 'fields') ?? []).forEach((raw, i) => {
		const input = readField(v, raw, `fields[${i}]`, { coords: 'percent' });
		if (input) session.applyField(input);
	});
	(readArray(v, body, 'reminders', 'reminders') ?? []).forEach((raw, i) => {
		const input = readReminder(v, raw, `reminders[${i}]`);
		if (input) session.applyReminder(input);
	});
	edited.fields.forEach((f, i) => {
		if (f.page_number > edited.pageCount)
			v.fail(`fields[${i}].page_number`, `page_number must be at most ${edited.pageCount}`);
	});
	session.finalCheck();
	if (!v.ok) {
		const sections: Record<string, string[]> = {
			signing_request_properties: [],
			recipients: [],
			deleted_recipients: [],
			fields: [],
			reminders: [],
		};
		for (const [path, message] of Object.entries(v.errors)) {
			const section = path.split(/[.[]/)[0];
			(sections[section] ?? (sections[section] = [])).push(`${path}: ${message}`);
		}
		throw new ApiError(400, {
			error: 'Validation Error',
			code: 'VALIDATION_ERROR',
			message: 'Signing request update failed; nothing was changed',
			details: v.errors,
			section_errors: sections,
		});
	}
	Object.assign(sr, edited);
	markUpdated(ctx, store, sr, 'comprehensive update');
	/** Recipients created from a temporary id: real id → the `_temp_id` they came with. */
	const createdFrom = new Map([...session.tempIds].map(([temp, real]) => [real, temp]));
	return {
		body: {
			id: sr.id,
			name: sr.name,
			signing_request: signingRequestUpdateSummaryJson(store, sr),
			recipients: sortedParticipants(sr).map((p) => recipientJson(p, createdFrom.get(p.id))),
			reminders: sr.reminders.map((r) => reminderJson(r, 'signing_request')),
			summary: {
				properties_updated: propertiesUpdated,
				...session.counts,
				warnings: session.warnings,
			},
		},
	};
}

function deleteSigningRequest(ctx: RequestContext) {
	const sr = requireSigningRequest(ctx, ctx.params.id);
	const store = storeOf(ctx);
	if (sr.sent_on !== null) {
		throw new ApiError(409, {
			error: 'Signing request has already been sent',
			code: 'ALREADY_SENT',
			message: 'Only drafts can be deleted; cancel a sent signing request instead',
		});
	}
	sr.deleted_on = store.now();
	store.audit(sr, {
		source: 'admin',
		event: 'deleted',
		description: 'Draft deleted',
		actor: adminActor(ctx),
	});
	store.emitSigningRequest('signing_request.deleted', sr);
	return {
		body: {
			message: 'Signing request deleted',
			signing_request_id: sr.id,
			deleted_on: iso(sr.deleted_on),
		},
	};
}

// ---- send / cancel / resend ----------------------------------------------------------------

/** Recipients who get the signing email now (the first order group, or all without signing order). */
function notifiedAtSend(store: SigningStore, sr: SigningRequestRecord): ParticipantRecord[] {
	return sr.settings.send_signing_email ? store.actionableRecipients(sr) : [];
}

function markSent(
	ctx: RequestContext,
	store: SigningStore,
	sr: SigningRequestRecord,
): ParticipantRecord[] {
	sr.sent_on = store.now();
	sr.updated_at = sr.sent_on;
	const notified = notifiedAtSend(store, sr);
	store.audit(sr, {
		source: 'admin',
		event: 'sent',
		description: `Signing request sent; ${notified.length} recipient(s) notified`,
		actor: adminActor(ctx),
		details: {
			recipients_notified: notified.map((p) => p.email),
			credits_charged: sr.test_mode ? 0 : sr.credit_cost,
		},
	});
	store.emitSigningRequest('signing_request.sent', sr);
	scheduleAutoSign(store, sr, simulatorOf(store));
	return notified;
}

function sendRoute(ctx: RequestContext) {
	const sr = requireSigningRequest(ctx, ctx.params.id);
	const store = storeOf(ctx);
	const status = store.statusOf(sr);
	if (status === 'expired') throw badRequest('Signing request has expired', 'EXPIRED');
	if (sr.sent_on !== null)
		throw badRequest('Signing request has already been sent', 'ALREADY_SENT');
	if (!sr.recipients.some((r) => r.designation === 'Signer')) {
		throw validationError(
			{ recipients: 'at least one recipient must be a Signer' },
			'The signing request has no Signer',
		);
	}
	const problems = sendProblems(sr);
	if (problems.length > 0) {
		const details: Record<string, string> = {};
		for (const p of problems)
			details[`recipients[${p.recipient_index - 1}]`] = `missing: ${p.missing_fields.join(', ')}`;
		throw validationError(details, 'The signing request is not ready to send');
	}
	ctx.state.consumeCredits(ctx, sr.test_mode ? 0 : sr.credit_cost);
	const notified = markSent(ctx, store, sr);
	return {
		body: {
			message: 'Signing request sent',
			signing_request_id: sr.id,
			recipients_notified: notified.length,
			sent_date: iso(sr.sent_on),
			expires_at: iso(store.expiresAt(sr)),
		},
	};
}

function conflict(code: string, message: string, details?: Record<string, unknown>): ApiError {
	return new ApiError(409, { error: message, code, message, ...(details ? { details } : {}) });
}

function cancelSigningRequest(ctx: RequestContext) {
	const sr = requireSigningRequest(ctx, ctx.params.id);
	const store = storeOf(ctx);
	const body = objectBody(ctx.body);
	const v = new Validator();
	const reason = readStr(v, body, 'reason', 'reason', { nullable: true, max: 500 });
	const notify = readBool(v, body, 'notify_signers', 'notify_signers') ?? true;
	v.throwIfInvalid();
	const status = store.statusOf(sr);
	if (status !== 'in_progress') {
		throw conflict(
			'INVALID_STATUS',
			`Only sent signing requests that are still in progress can be cancelled (status: ${status})`,
			{ status },
		);
	}
	const now = store.now();
	sr.cancelled_on = now;
	sr.cancel_reason = reason || null;
	sr.updated_at = now;
	const notified =
		notify && sr.settings.send_cancellation_email
			? sr.recipients.filter((r) => r.declined_on === null)
			: [];
	store.audit(sr, {
		source: 'admin',
		event: 'cancelled',
		description: `Signing request cancelled${sr.cancel_reason ? `: ${sr.cancel_reason}` : ''}`,
		actor: adminActor(ctx),
		details: { reason: sr.cancel_reason, notify_signers: notify, emails_sent: notified.length },
	});
	store.emitSigningRequest('signing_request.cancelled', sr, { cancel_reason: sr.cancel_reason });
	return {
		body: {
			message: 'Signing request cancelled',
			signing_request_id: sr.id,
			cancelled_on: iso(now),
			notify_signers: notify,
			emails_sent: notified.length,
		},
	};
}

function resendSigningRequest(ctx: RequestContext) {
	const sr = requireSigningRequest(ctx, ctx.params.id);
	const store = storeOf(ctx);
	const body = objectBody(ctx.body);
	const v = new Validator();
	const ids =
		readArray(v, body, 'recipient_ids', 'recipient_ids', { required: true, minItems: 1 }) ?? [];
	ids.forEach((id, i) => {
		if (typeof id !== 'string' || !UUID_RE.test(id))
			v.fail(`recipient_ids[${i}]`, 'must be a recipient id (UUID)');
		else if (!sr.recipients.some((r) => r.id === id))
			v.fail(`recipient_ids[${i}]`, `recipient "${id}" not found in this signing request`);
	});
	const message = readStr(v, body, 'custom_message', 'custom_message', {
		nullable: true,
		max: 1000,
	});
	v.throwIfInvalid();
	const status = store.statusOf(sr);
	const open = status === 'in_progress';
	const current = open ? store.currentOrder(sr) : null;
	const actionable = new Set(open ? store.actionableRecipients(sr).map((r) => r.id) : []);
	const targets = (ids as string[]).map(
		(id) => sr.recipients.find((r) => r.id === id) as ParticipantRecord,
	);
	const invalid = targets.filter((r) => !actionable.has(r.id));
	if (invalid.length > 0) {
		const why = !open
			? `the signing request is not in progress (status: ${status})`
			: 'recipients must be Signers/Approvers at the current signing order who have not signed yet';
		throw new ApiError(409, {
			error: `Cannot resend: ${why}`,
			code: 'RESEND_CONFLICT',
			message: `Cannot resend: ${why}`,
			details: {
				current_order: current,
				status,
				invalid_recipients: invalid.map((r) => ({ id: r.id, email: r.email, order: r.order })),
			},
		});
	}
	store.audit(sr, {
		source: 'admin',
		event: 'resent',
		description: `Signing email sent again to ${targets.length} recipient(s)`,
		actor: adminActor(ctx),
		details: { recipients: targets.map((r) => r.email), custom_message: message ?? null },
	});
	return {
		body: {
			message: 'Signing request resent',
			signing_request_id: sr.id,
			recipients_notified: targets.length,
			recipients_failed: 0,
			recipients: targets.map((r) => ({ id: r.id, email: r.email, name: fullName(r) })),
		},
	};
}

// ---- download and signer marks -------------------------------------------------------------

function downloadSigningRequest(ctx: RequestContext) {
	const store = storeOf(ctx);
	const sr = store.getSigningRequest(ctx.params.id);
	if (!sr || sr.deleted_on !== null || sr.workspaceId !== ctx.auth.workspace.id) {
		throw new ApiError(404, {
			error: 'not_found',
			code: 'NOT_FOUND',
			message: 'Signing request not found',
		});
	}
	const status = store.statusOf(sr);
	if (sr.sent_on === null) {
		throw new ApiError(409, {
			error: 'no_document_available',
			code: 'NO_DOCUMENT_AVAILABLE',
			message: 'The signing request has not been sent yet; there is no document to download',
		});
	}
	let bytes: Buffer;
	let generatedAt: number;
	const partial = sr.finished_on === null;
	if (!partial && sr.finalPdf) {
		bytes = sr.finalPdf.bytes;
		generatedAt = sr.finalPdf.generatedAt;
	} else {
		if (!sr.settings.allow_download) {
			throw new ApiError(409, {
				error: 'no_document_available',
				code: 'NO_DOCUMENT_AVAILABLE',
				message:
					'Partial downloads are off for this signing request (settings.allow_download is false)',
			});
		}
		bytes = renderSigningRequestPdf(store, sr, { partial: true });
		generatedAt = store.now();
	}
	const issued = store.files.issue(bytes, {
		contentType: 'application/pdf',
		fileName: `${
			sr.name
				.replace(/[^A-Za-z0-9 ._-]+/g, '')
				.trim()
				.replace(/\s+/g, '_') || 'document'
		}${partial ? '_partial' : '_signed'}.pdf`,
		ttlMs: HOUR_MS,
	});
	store.audit(sr, {
		source: 'admin',
		event: 'downloaded',
		description: partial ? 'Partial document downloaded' : 'Signed document downloaded',
		actor: adminActor(ctx),
	});
	return {
		body: {
			status: status === 'deleted' || status === 'not_sent' ? 'in_progress' : status,
			is_partial: partial,
			download_url: issued.url,
			generated_at: iso(generatedAt),
			expires_at: iso(issued.expiresAt),
		},
	};
}

function loadSigner(ctx: RequestContext): { sr: SigningRequestRecord; signer: ParticipantRecord } {
	const sr = requireSigningRequest(ctx, ctx.params.id);
	const signer = sr.recipients.find((r) => r.id === ctx.params.signer_id);
	if (!signer) throw notFound('Signer');
	return { sr, signer };
}

function notAvailable(what: string): ApiError {
	return new ApiError(404, {
		error: 'Not Found',
		code: 'SIGNATURE_NOT_AVAILABLE',
		message: `No ${what} has been captured for this signer yet`,
	});
}

function invalidFieldType(expected: string, actual: string): ApiError {
	return new ApiError(400, {
		error: 'Invalid field type',
		code: 'INVALID_FIELD_TYPE',
		message: `Field is of type ${actual}; this endpoint needs a ${expected} field`,
	});
}

function signerMark(ctx: RequestContext, kind: 'signature' | 'initials' | 'stamp') {
	const { sr, signer } = loadSigner(ctx);
	const store = storeOf(ctx);
	const v = new Validator();
	const framed = queryBool(v, ctx.query, 'include_frame') ?? true;
	v.throwIfInvalid();
	let seed = `${signer.id}:${fullName(signer)}`;
	if (kind === 'stamp') {
		const field = sr.fields.find(
			(f) => f.id === ctx.params.field_id && f.recipient_id === signer.id,
		);
		if (!field) throw notFound('Field');
		if (field.type !== 'stamp') throw invalidFieldType('stamp', field.type);
		if (signer.finished_on === null || field.value === null) throw notAvailable('stamp');
		seed = `${seed}:${field.id}`;
	} else if (kind === 'signature' ? !signer.marks.signature : !signer.marks.initials) {
		throw notAvailable(kind);
	}
	store.audit(sr, {
		source: 'admin',
		event: `${kind}_retrieved`,
		description: `${kind} image of ${fullName(signer)} retrieved`,
		actor: adminActor(ctx),
	});
	return {
		body: {
			signer_id: signer.id,
			kind,
			format: 'png',
			framed,
			image: pngDataUri(markPng(seed, kind, framed)),
		},
	};
}

function signerFile(ctx: RequestContext) {
	const { sr, signer } = loadSigner(ctx);
	const store = storeOf(ctx);
	const field = sr.fields.find((f) => f.id === ctx.params.field_id && f.recipient_id === signer.id);
	if (!field) throw notFound('Field');
	if (field.type !== 'file') throw invalidFieldType('file', field.type);
	if (!field.file) throw notAvailable('file');
	const issued = store.files.issue(field.file.content, {
		contentType: field.file.file_type,
		fileName: field.file.file_name,
		ttlMs: SIGNER_URL_TTL_S * 1000,
	});
	store.audit(sr, {
		source: 'admin',
		event: 'file_retrieved',
		description: `File "${field.file.file_name}" of ${fullName(signer)} retrieved`,
		actor: adminActor(ctx),
	});
	return {
		body: {
			signer_id: signer.id,
			kind: 'file',
			file_name: field.file.file_name,
			file_type: field.file.file_type,
			file_size: field.file.content.length,
			url: issued.url,
			expires_in: SIGNER_URL_TTL_S,
		},
	};
}

// ---- seal participants ---------------------------------------------------------------------

function deleteSealParticipant(ctx: RequestContext) {
	const sr = requireSigningRequest(ctx, ctx.params.id);
	const store = storeOf(ctx);
	const participant = sr.sealParticipants.find(
		(s) => s.id === ctx.params.participant_id && !s.deleted,
	);
	if (!participant) throw notFound('Seal participant');
	if (sr.sent_on !== null) {
		throw conflict(
			'SIGNING_ORDER_LOCKED_SENT',
			'The signing order is locked once the signing request has been sent',
		);
	}
	participant.deleted = true;
	participant.updated_at = store.now();
	sr.fields = sr.fields.filter((f) => f.seal_participant_id !== participant.id);
	markUpdated(ctx, store, sr, 'seal participant removed');
	return { body: { success: true } };
}

export { isSignerLike };
