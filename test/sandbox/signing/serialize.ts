/**
 * API JSON of templates, signing requests and their parts. Times are ISO strings (null when
 * unset). Every function that includes a `document_url` issues a fresh pre-signed URL.
 */
import { HOUR_MS } from './files';
import {
	BOOLEAN_SETTINGS,
	CONTACT_KEYS,
	NULLABLE_SETTINGS,
	SigningStore,
	fullName,
	isSignerLike,
	type AuditEntry,
	type CustomFieldRecord,
	type DocumentEntity,
	type FieldRecord,
	type ParticipantRecord,
	type ReminderRecord,
	type SealParticipantRecord,
	type SigningRequestRecord,
	type SigningSettings,
	type TemplateRecord,
} from './models';
import { EMAIL_RE } from './validation';

export function iso(ms: number | null | undefined): string | null {
	return ms === null || ms === undefined ? null : new Date(ms).toISOString();
}

// The answers below carry exactly the keys the service documents for them (api/responses.json,
// checked strictly by test/docs/responses.test.ts): a key of the sandbox's own is never added to an
// answer, so nothing can come to rely on a name the service does not give. Optional keys whose
// documented type is not nullable are left out when the sandbox has no value for them.

/** `out[key] = value` unless the value is null or undefined (optional, non-nullable keys). */
function putIfSet(out: Record<string, unknown>, key: string, value: unknown): void {
	if (value !== null && value !== undefined) out[key] = value;
}

// ---- settings ----------------------------------------------------------------------------------

/**
 * SigningRequestSettings: the nine booleans (always, service-api.md), the four inheriting ones, and
 * on signing requests the identity settings (`identity_editable_fields` only when set). The
 * duplicate response has the seven booleans without use_signing_order and hand_drawn_only.
 */
export function settingsJson(
	s: SigningSettings,
	kind: 'template' | 'signing_request' | 'duplicate',
): Record<string, unknown> {
	const out: Record<string, unknown> = {};
	for (const key of BOOLEAN_SETTINGS) {
		if (kind === 'duplicate' && (key === 'use_signing_order' || key === 'hand_drawn_only'))
			continue;
		out[key] = s[key];
	}
	if (kind === 'duplicate') return out;
	for (const key of NULLABLE_SETTINGS) out[key] = s[key];
	if (kind === 'signing_request') {
		if (s.identity_editable_fields !== null)
			out.identity_editable_fields = [...s.identity_editable_fields];
		out.notify_identity_change_email = s.notify_identity_change_email;
	}
	return out;
}

// ---- participants ------------------------------------------------------------------------------

/** Who a participant is and their role: the recipients of the create-and-send answer. */
function participantIdentityJson(p: ParticipantRecord): Record<string, unknown> {
	return {
		id: p.id,
		first_name: p.first_name,
		last_name: p.last_name,
		name: fullName(p),
		email: p.email,
		designation: p.designation,
		order: p.order,
	};
}

/** The keys every participant answer shares: identity, role and contact data. */
export function participantJson(p: ParticipantRecord): Record<string, unknown> {
	const out = participantIdentityJson(p);
	for (const key of CONTACT_KEYS) out[key] = p[key];
	return out;
}

/** Value of a recipient attribute named by `variable_name` / `prefilled_data`. */
export function participantAttribute(p: ParticipantRecord, name: string): string | null {
	if (name === 'full_name') return fullName(p) || null;
	if (name === 'first_name' || name === 'last_name' || name === 'email') return p[name] || null;
	if ((CONTACT_KEYS as readonly string[]).includes(name))
		return p[name as (typeof CONTACT_KEYS)[number]];
	const custom = p.custom_fields[name];
	return custom === undefined || custom === null || custom === '' ? null : String(custom);
}

const ATTRIBUTE_NAMES = new Set(['first_name', 'last_name', 'full_name', 'email', ...CONTACT_KEYS]);

/** Whether a required read-only field has a value (read_only_value, a final value or prefill). */
function readOnlyHasValue(p: ParticipantRecord, f: FieldRecord): boolean {
	const prefilled = f.prefilled_data ? participantAttribute(p, f.prefilled_data) : null;
	return Boolean(f.read_only_value || f.value || prefilled);
}

/**
 * Readiness of one participant (template users and signing-request users), in the documented
 * shape (string lists):
 * - required_fields: the recipient data the participant must have: first_name and email, plus
 *   each recipient attribute named by the variable_name of one of their required fields;
 * - missing_fields: what of that is missing, and `final_value of field <id>` for each required
 *   read-only field without a value (as create-and-send's validation_errors name them);
 * - required_read_only_fields: their required read-only fields (`has_value` on signing requests);
 * - ready_to_send: a first name, a valid email and nothing missing (CCs: first name and email).
 */
export function readiness(
	entity: DocumentEntity,
	p: ParticipantRecord,
	kind: 'template' | 'signing_request',
): Record<string, unknown> {
	const required = entity.fields.filter((f) => f.recipient_id === p.id && f.required);
	const requiredData = ['first_name', 'email'];
	for (const f of required) {
		if (f.variable_name && ATTRIBUTE_NAMES.has(f.variable_name))
			if (!requiredData.includes(f.variable_name)) requiredData.push(f.variable_name);
	}
	const missing = requiredData.filter((name) =>
		name === 'email' ? !EMAIL_RE.test(p.email) : !participantAttribute(p, name),
	);
	for (const f of required) {
		if (f.read_only && !readOnlyHasValue(p, f)) missing.push(`final_value of field ${f.id}`);
	}
	const identityOk = p.first_name.trim() !== '' && EMAIL_RE.test(p.email);
	return {
		required_fields: requiredData,
		missing_fields:
			p.designation === 'CC' ? missing.filter((m) => !m.startsWith('final_value')) : missing,
		required_read_only_fields: required
			.filter((f) => f.read_only)
			.map((f) => ({
				variable_name: f.variable_name,
				variable_defined_name: f.variable_defined_name,
				field_type: f.type,
				...(kind === 'signing_request' ? { has_value: readOnlyHasValue(p, f) } : {}),
			})),
		ready_to_send: p.designation === 'CC' ? identityOk : identityOk && missing.length === 0,
	};
}

/** A recipient's progress in words (the sandbox's own /_sandbox/ answers; not a service key). */
export function recipientStatus(p: ParticipantRecord): string {
	if (p.declined_on !== null) return 'declined';
	if (p.finished_on !== null) return 'signed';
	if (p.viewed_on !== null) return 'viewed';
	return 'pending';
}

// ---- fields ------------------------------------------------------------------------------------

export function fieldValue(f: FieldRecord): string | null {
	if (f.value !== null) return f.value;
	if (f.read_only && f.read_only_value !== null) return f.read_only_value;
	return null;
}

/** SigningRequestCreateField: the flat form of create responses. */
export function fieldFlatJson(f: FieldRecord): Record<string, unknown> {
	const out: Record<string, unknown> = {
		id: f.id,
		type: f.type,
		recipient_id: f.recipient_id,
		page_number: f.page_number,
		x_position: f.x,
		y_position: f.y,
		width: f.width,
		height: f.height,
		required: f.required,
		read_only: f.read_only,
		read_only_value: f.read_only_value,
		variable_name: f.variable_name,
		variable_defined_name: f.variable_defined_name,
	};
	putIfSet(out, 'dropdown_options', f.dropdown_options);
	out.format_rules = f.format_rules;
	out.validation_rules = f.validation_rules;
	out.date_signing_default = f.date_signing_default;
	out.final_value = fieldValue(f);
	return out;
}

const position = (f: FieldRecord) => ({ x: f.x, y: f.y, width: f.width, height: f.height });

/** TemplateField (template answers and GET /templates/{id}/fields). */
export function fieldNestedJson(f: FieldRecord): Record<string, unknown> {
	const out: Record<string, unknown> = {
		id: f.id,
		type: f.type,
		required: f.required,
		recipient_id: f.recipient_id,
		variable_name: f.variable_name,
		variable_defined_name: f.variable_defined_name,
		position: position(f),
		page_number: f.page_number,
	};
	putIfSet(out, 'dropdown_options', f.dropdown_options);
	out.multi_group_id = f.multi_group_id;
	out.date_default = f.date_default;
	out.date_signing_default = f.date_signing_default;
	putIfSet(out, 'format_rules', f.format_rules);
	putIfSet(out, 'validation_rules', f.validation_rules);
	out.read_only = f.read_only;
	out.read_only_value = f.read_only_value;
	return out;
}

/**
 * Field (create-and-send answers and the field variant of PATCH /signing-requests/{id}): the keys
 * of TemplateField (recipient_id only when set), its template field's id, and the field's prefill,
 * conditions and colour.
 */
export function fieldJson(f: FieldRecord): Record<string, unknown> {
	const { recipient_id: recipientId, ...templateField } = fieldNestedJson(f);
	const out: Record<string, unknown> = { id: f.id };
	putIfSet(out, 'template_field_id', f.template_field_id);
	putIfSet(out, 'recipient_id', recipientId);
	Object.assign(out, templateField);
	out.prefilled_data = f.prefilled_data;
	putIfSet(out, 'required_conditions', f.required_conditions);
	putIfSet(out, 'visibility_conditions', f.visibility_conditions);
	out.background_color = f.background_color;
	return out;
}

/** SigningRequestField (GET /signing-requests/{id}/fields), with the deprecated duplicate keys. */
export function signingRequestFieldJson(
	sr: SigningRequestRecord,
	f: FieldRecord,
): Record<string, unknown> {
	const value = f.type === 'file' ? (f.file ? f.file.file_name : null) : fieldValue(f);
	const out: Record<string, unknown> = {
		id: f.id,
		type: f.type,
		recipient_id: f.recipient_id,
		value,
		position: position(f),
		required: f.required,
		page_number: f.page_number,
		variable_name: f.variable_name,
		variable_defined_name: f.variable_defined_name,
		date_default: f.date_default,
		date_signing_default: f.date_signing_default,
		format_rules: f.format_rules,
		validation_rules: f.validation_rules,
	};
	putIfSet(out, 'dropdown_options', f.dropdown_options);
	Object.assign(out, {
		multi_group_id: f.multi_group_id,
		read_only: f.read_only,
		read_only_value: f.read_only_value,
		background_color: f.background_color,
		// deprecated duplicates (§B.6), spelling as in the service
		field_type: f.type,
		companies_workspaces_signing_requests_id: sr.id,
		companies_workspaces_signing_requests_users_id: f.recipient_id,
		x_postion: f.x,
		y_position: f.y,
		width: f.width,
		heigh: f.height,
		final_value: value,
		deleted: 0,
	});
	return out;
}

// ---- reminders, seal participants, custom fields, audit ---------------------------------------

export function reminderJson(
	r: ReminderRecord,
	kind: 'template' | 'signing_request',
): Record<string, unknown> {
	return {
		id: r.id,
		hours: r.hours,
		subject: r.subject,
		message: r.message,
		all_users: r.all_users,
		...(kind === 'template'
			? { template_user_id: r.recipient_id }
			: { recipient_id: r.recipient_id }),
		sent_on: iso(r.sent_on),
		created_at: iso(r.created_at),
		updated_at: iso(r.updated_at),
	};
}

/** SealParticipant output (api-reference §3.11): `deleted` is 0 or 1. */
export function sealParticipantJson(s: SealParticipantRecord): Record<string, unknown> {
	return {
		id: s.id,
		organization_seals_id: s.organization_seals_id,
		order: s.order,
		deleted: s.deleted ? 1 : 0,
		created_at: iso(s.created_at),
		updated_at: iso(s.updated_at),
	};
}

/**
 * A custom field definition: TemplateCustomField, SigningRequestCustomField (adds
 * copied_from_template) or, in the lists (CustomFieldListResponse), WorkspaceCustomField keys.
 */
export function customFieldJson(
	c: CustomFieldRecord,
	kind: 'template' | 'signing_request' | 'list',
): Record<string, unknown> {
	return {
		id: c.id,
		field_name: c.field_name,
		field_label: c.field_label,
		...(kind === 'signing_request' ? { copied_from_template: c.copied_from_template } : {}),
		created_at: iso(c.created_at),
		updated_at: iso(c.updated_at),
	};
}

export function auditJson(a: AuditEntry): Record<string, unknown> {
	return {
		id: a.id,
		timestamp: iso(a.timestamp),
		source: a.source,
		event: a.event,
		description: a.description,
		actor: a.actor,
		ip_address: a.ip_address,
		details: a.details,
	};
}

// ---- templates ---------------------------------------------------------------------------------

/** TemplateUser: no custom fields; readiness in GET /templates/{id}/users and PATCH answers. */
export function templateUserJson(
	t: TemplateRecord,
	p: ParticipantRecord,
	withReadiness: boolean,
): Record<string, unknown> {
	return { ...participantJson(p), ...(withReadiness ? readiness(t, p, 'template') : {}) };
}

const byOrder = (a: ParticipantRecord, b: ParticipantRecord) =>
	(a.designation === 'CC' ? 1 : 0) - (b.designation === 'CC' ? 1 : 0) ||
	a.order - b.order ||
	a.created_at - b.created_at;

export function sortedParticipants(entity: DocumentEntity): ParticipantRecord[] {
	return [...entity.recipients].sort(byOrder);
}

/**
 * Template. `urlTtlMs`: 7 days for the URL issued at creation, 1 hour for later reads. Its dates
 * are named as service-api.md names them (`date_created`, `date_changed`); response-shapes.md
 * calls them created_date / updated_date (both are documented; a reader accepts either).
 */
export function templateJson(
	store: SigningStore,
	t: TemplateRecord,
	urlTtlMs = HOUR_MS,
): Record<string, unknown> {
	const url = store.documentUrl(t, urlTtlMs);
	return {
		id: t.id,
		name: t.name,
		description: t.description,
		document_url: url.url,
		document_url_expires_at: iso(url.expiresAt),
		page_count: t.pageCount,
		expiration_hours: t.expiration_hours,
		credit_cost: t.credit_cost,
		settings: settingsJson(t.settings, 'template'),
		recipients: sortedParticipants(t).map((p) => templateUserJson(t, p, false)),
		fields: t.fields.map(fieldNestedJson),
		date_created: iso(t.created_at),
		date_changed: iso(t.updated_at),
	};
}

// ---- signing requests --------------------------------------------------------------------------

/** SigningRequestCreateRecipient (create answers). */
export function recipientCreateJson(p: ParticipantRecord): Record<string, unknown> {
	return {
		...participantJson(p),
		custom_fields: { ...p.custom_fields },
		finished_date: iso(p.finished_on),
	};
}

/**
 * Recipient (PUT answers and the recipient variant of PATCH): no `name`; `_temp_id` for a recipient
 * created by this request from a temporary id.
 */
export function recipientJson(p: ParticipantRecord, tempId?: string): Record<string, unknown> {
	const { name: _name, ...rest } = participantJson(p);
	const out: Record<string, unknown> = { id: p.id };
	if (tempId) out._temp_id = tempId;
	putIfSet(out, 'template_user_id', p.template_user_id);
	return { ...out, ...rest, custom_fields: { ...p.custom_fields } };
}

/**
 * SigningRequestCreateResponse (status always "draft"; service-api.md's create form). `template_id`
 * only when made from a template, `warnings` only when there are some (service-api.md);
 * seal_participants as api-reference B.1 lists them.
 */
export function signingRequestCreateJson(
	store: SigningStore,
	sr: SigningRequestRecord,
	warnings: string[],
): Record<string, unknown> {
	const url = store.documentUrl(sr);
	const out: Record<string, unknown> = {
		id: sr.id,
		name: sr.name,
		description: sr.description,
		status: 'draft',
		document_url: url.url,
		page_count: sr.pageCount,
		expiration_hours: sr.expiration_hours,
	};
	putIfSet(out, 'template_id', sr.template_id);
	Object.assign(out, {
		settings: settingsJson(sr.settings, 'signing_request'),
		created_date: iso(sr.created_at),
		updated_date: iso(sr.updated_at),
		sent_date: iso(sr.sent_on),
		finished_date: iso(sr.finished_on),
		cancelled_date: iso(sr.cancelled_on),
		recipients: sortedParticipants(sr).map(recipientCreateJson),
		fields: sr.fields.map(fieldFlatJson),
		seal_participants: sr.sealParticipants.filter((s) => !s.deleted).map(sealParticipantJson),
	});
	if (warnings.length > 0) out.warnings = warnings;
	return out;
}

export function signingLink(
	store: SigningStore,
	sr: SigningRequestRecord,
	p: ParticipantRecord,
): string {
	return `${store.baseUrl}/_sandbox/signing/${sr.id}/${p.id}`;
}

/** CreateAndSendResponse (status "sent"). */
export function createAndSendJson(
	store: SigningStore,
	sr: SigningRequestRecord,
	warnings: string[],
	creditsRemaining: number,
): Record<string, unknown> {
	const url = store.documentUrl(sr);
	const first = store.actionableRecipients(sr)[0] ?? null;
	const out: Record<string, unknown> = {
		id: sr.id,
		name: sr.name,
		description: sr.description,
		status: 'sent',
		document_url: url.url,
		page_count: sr.pageCount,
		expiration_hours: sr.expiration_hours,
		settings: settingsJson(sr.settings, 'signing_request'),
		created_date: iso(sr.created_at),
		sent_date: iso(sr.sent_on),
		template_id: sr.template_id,
	};
	if (first) {
		out.first_signer = {
			id: first.id,
			name: fullName(first),
			email: first.email,
			signing_link: signingLink(store, sr, first),
		};
	}
	Object.assign(out, {
		recipients: sortedParticipants(sr).map(participantIdentityJson),
		fields: sr.fields.map(fieldJson),
		credits_remaining: creditsRemaining,
		warnings,
	});
	return out;
}

export function certificateJson(sr: SigningRequestRecord): Record<string, unknown> {
	return {
		generated: sr.certificate.generated,
		generated_on: iso(sr.certificate.generated_on),
		has_error: sr.certificate.has_error,
	};
}

/** A download URL of the signed PDF once finished (null before). */
export function finalDocumentUrl(
	store: SigningStore,
	sr: SigningRequestRecord,
): { url: string; expiresAt: number } | null {
	if (!sr.finalPdf) return null;
	const issued = store.files.issue(sr.finalPdf.bytes, {
		contentType: 'application/pdf',
		fileName: `${
			sr.name
				.replace(/[^A-Za-z0-9 ._-]+/g, '')
				.trim()
				.replace(/\s+/g, '_') || 'document'
		}_signed.pdf`,
		ttlMs: HOUR_MS,
	});
	return { url: issued.url, expiresAt: issued.expiresAt };
}

/**
 * SigningRequestDetail (GET /signing-requests/{id}): the workspace is `companies_workspaces_id`,
 * the description `template_description`, the state the boolean `status` flags with `timestamps`.
 * No recipients (GET /signing-requests/{id}/users has them) and no fields (…/fields).
 */
export function signingRequestDetailJson(
	store: SigningStore,
	sr: SigningRequestRecord,
): Record<string, unknown> {
	const status = store.statusOf(sr);
	const url = store.documentUrl(sr);
	const final = finalDocumentUrl(store, sr);
	const lastChanged = Math.max(sr.updated_at, sr.last_signing_action_on ?? 0);
	return {
		id: sr.id,
		name: sr.name,
		template_description: sr.description,
		companies_workspaces_id: sr.workspaceId,
		document_url: url.url,
		document_url_expires_at: iso(url.expiresAt),
		document_page_count: sr.pageCount,
		expiration_hours: sr.expiration_hours,
		expires_at: iso(store.expiresAt(sr)),
		credit_cost: sr.credit_cost,
		status: {
			sent: sr.sent_on !== null,
			finished: sr.finished_on !== null,
			cancelled: sr.cancelled_on !== null,
			declined: sr.declined_on !== null,
			expired: status === 'expired',
		},
		timestamps: {
			created_on: iso(sr.created_at),
			sent_on: iso(sr.sent_on),
			finished_on: iso(sr.finished_on),
			cancelled_on: iso(sr.cancelled_on),
			declined_on: iso(sr.declined_on),
			last_changed_on: iso(lastChanged),
			last_signing_action_on: iso(sr.last_signing_action_on),
		},
		settings: settingsJson(sr.settings, 'signing_request'),
		// deprecated 0/1 copies of five settings (§B.9)
		use_signing_order: sr.settings.use_signing_order ? 1 : 0,
		allow_download: sr.settings.allow_download ? 1 : 0,
		allow_editing_before_sending: sr.settings.allow_editing_before_sending ? 1 : 0,
		hand_drawn_only: sr.settings.hand_drawn_only ? 1 : 0,
		attach_pdf_on_finish: sr.settings.attach_pdf_on_finish ? 1 : 0,
		certificate: certificateJson(sr),
		final_document_download_url: final?.url ?? null,
	};
}

/** SigningRequestListItem. No document URLs (they are per-request reads; the key is optional). */
export function signingRequestListItemJson(
	store: SigningStore,
	sr: SigningRequestRecord,
): Record<string, unknown> {
	return {
		id: sr.id,
		name: sr.name,
		description: sr.description,
		status: store.statusOf(sr),
		page_count: sr.pageCount,
		expiration_hours: sr.expiration_hours,
		expires_at: iso(store.expiresAt(sr)),
		credit_cost: sr.credit_cost,
		template_id: sr.template_id,
		created_date: iso(sr.created_at),
		updated_date: iso(sr.updated_at),
		sent_date: iso(sr.sent_on),
		finished_date: iso(sr.finished_on),
		cancelled_date: iso(sr.cancelled_on),
		declined_date: iso(sr.declined_on),
		recipients: sortedParticipants(sr).map((p) => ({
			id: p.id,
			name: fullName(p),
			email: p.email,
			designation: p.designation,
			order: p.order,
			finished_date: iso(p.finished_on),
		})),
	};
}

/** SigningRequestUser (GET /signing-requests/{id}/users): progress and readiness. */
export function signingRequestUserJson(
	sr: SigningRequestRecord,
	p: ParticipantRecord,
): Record<string, unknown> {
	return {
		...participantJson(p),
		custom_fields: { ...p.custom_fields },
		finished_on: iso(p.finished_on),
		declined_on: iso(p.declined_on),
		decline_reason: p.decline_reason,
		...readiness(sr, p, 'signing_request'),
	};
}

/**
 * The keys the `signing_request` objects of the template duplicate and the PUT answers begin with:
 * the request and its document, with a fresh URL.
 */
function signingRequestSummaryHead(
	store: SigningStore,
	sr: SigningRequestRecord,
): Record<string, unknown> {
	const url = store.documentUrl(sr);
	return {
		id: sr.id,
		name: sr.name,
		description: sr.description,
		document_url: url.url,
		document_url_expires_at: iso(url.expiresAt),
		document_page_count: sr.pageCount,
	};
}

/** The `signing_request` of the template duplicate response (service-api.md). */
export function duplicatedSigningRequestJson(
	store: SigningStore,
	sr: SigningRequestRecord,
): Record<string, unknown> {
	const head = signingRequestSummaryHead(store, sr);
	const final = finalDocumentUrl(store, sr);
	return {
		...head,
		expiration_hours: sr.expiration_hours,
		credit_cost: sr.credit_cost,
		settings: settingsJson(sr.settings, 'duplicate'),
		template_id: sr.template_id,
		date_created: iso(sr.created_at),
		date_sent: iso(sr.sent_on),
		date_finished: iso(sr.finished_on),
		date_cancelled: iso(sr.cancelled_on),
		date_declined: iso(sr.declined_on),
		expires_at: iso(store.expiresAt(sr)),
		certificate: certificateJson(sr),
		final_document_download_url: final?.url ?? null,
	};
}

/** The `signing_request` object of the PUT response (§B.4; all nine settings, service-api.md). */
export function signingRequestUpdateSummaryJson(
	store: SigningStore,
	sr: SigningRequestRecord,
): Record<string, unknown> {
	return {
		...signingRequestSummaryHead(store, sr),
		status: sr.sent_on === null ? 'draft' : store.statusOf(sr),
		expiration_hours: sr.expiration_hours,
		settings: settingsJson(sr.settings, 'signing_request'),
		template_id: sr.template_id,
		expires_at: iso(store.expiresAt(sr)),
		created_date: iso(sr.created_at),
		sent_date: iso(sr.sent_on),
		finished_date: iso(sr.finished_on),
		cancelled_date: iso(sr.cancelled_on),
	};
}

export { isSignerLike };
