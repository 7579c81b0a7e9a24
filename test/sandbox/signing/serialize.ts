/**
 * API JSON of templates, signing requests and their parts. Times are ISO strings (null when
 * unset). Every function that includes a `document_url` issues a fresh pre-signed URL.
 */
import { HOUR_MS } from './files';
import {
	BOOLEAN_SETTINGS,
	CONTACT_KEYS,
	IDENTITY_SETTINGS,
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

// ---- settings ----------------------------------------------------------------------------------

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
	if (kind === 'signing_request') for (const key of IDENTITY_SETTINGS) out[key] = s[key];
	return out;
}

// ---- participants ------------------------------------------------------------------------------

export function participantJson(p: ParticipantRecord): Record<string, unknown> {
	const out: Record<string, unknown> = {
		id: p.id,
		first_name: p.first_name,
		last_name: p.last_name,
		name: fullName(p),
		email: p.email,
		designation: p.designation,
		order: p.order,
	};
	for (const key of CONTACT_KEYS) out[key] = p[key];
	out.custom_fields = { ...p.custom_fields };
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

/**
 * Readiness of one participant (template users and signing-request users):
 * - required_fields: the required fields assigned to them;
 * - required_read_only_fields: required read-only ones (someone must supply their value);
 * - missing_fields: required fields that cannot be completed as things stand: a read-only field
 *   without a value (neither read_only_value, final value nor prefilled data), or a field whose
 *   variable_name names a recipient attribute the participant does not have;
 * - ready_to_send: first name and a valid email, and nothing missing (CCs are always ready).
 */
export function readiness(entity: DocumentEntity, p: ParticipantRecord): Record<string, unknown> {
	const mine = entity.fields.filter((f) => f.recipient_id === p.id);
	const required = mine.filter((f) => f.required);
	const missing: Array<Record<string, unknown>> = [];
	for (const f of required) {
		let reason: string | null = null;
		if (f.read_only) {
			const prefilled = f.prefilled_data ? participantAttribute(p, f.prefilled_data) : null;
			if (!f.read_only_value && !f.value && !prefilled) reason = 'read-only field without a value';
		}
		if (
			!reason &&
			f.variable_name &&
			ATTRIBUTE_NAMES.has(f.variable_name) &&
			!participantAttribute(p, f.variable_name)
		) {
			reason = `recipient has no ${f.variable_name}`;
		}
		if (reason)
			missing.push({ field_id: f.id, type: f.type, variable_name: f.variable_name, reason });
	}
	const identityOk = p.first_name.trim() !== '' && EMAIL_RE.test(p.email);
	return {
		required_fields: required.map((f) => ({
			field_id: f.id,
			type: f.type,
			page_number: f.page_number,
			variable_name: f.variable_name,
		})),
		missing_fields: missing,
		required_read_only_fields: required
			.filter((f) => f.read_only)
			.map((f) => ({
				variable_name: f.variable_name,
				variable_defined_name: f.variable_defined_name,
				field_type: f.type,
			})),
		ready_to_send: p.designation === 'CC' ? identityOk : identityOk && missing.length === 0,
	};
}

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

/** Flat form (create responses). */
export function fieldFlatJson(f: FieldRecord): Record<string, unknown> {
	return {
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
		dropdown_options: f.dropdown_options,
		format_rules: f.format_rules,
		validation_rules: f.validation_rules,
		date_signing_default: f.date_signing_default,
		final_value: fieldValue(f),
		seal_participant_id: f.seal_participant_id,
	};
}

/** Nested form (TemplateField; also the base of SigningRequestField). */
export function fieldNestedJson(f: FieldRecord): Record<string, unknown> {
	return {
		id: f.id,
		type: f.type,
		required: f.required,
		recipient_id: f.recipient_id,
		variable_name: f.variable_name,
		variable_defined_name: f.variable_defined_name,
		position: { x: f.x, y: f.y, width: f.width, height: f.height },
		page_number: f.page_number,
		dropdown_options: f.dropdown_options,
		multi_group_id: f.multi_group_id,
		date_default: f.date_default,
		date_signing_default: f.date_signing_default,
		format_rules: f.format_rules,
		validation_rules: f.validation_rules,
		read_only: f.read_only,
		read_only_value: f.read_only_value,
		prefilled_data: f.prefilled_data,
		background_color: f.background_color,
		required_conditions: f.required_conditions,
		visibility_conditions: f.visibility_conditions,
		seal_participant_id: f.seal_participant_id,
	};
}

/** SigningRequestField (GET /signing-requests/{id}/fields), with the deprecated duplicate keys. */
export function signingRequestFieldJson(
	sr: SigningRequestRecord,
	f: FieldRecord,
): Record<string, unknown> {
	const value = f.type === 'file' ? (f.file ? f.file.file_name : null) : fieldValue(f);
	return {
		...fieldNestedJson(f),
		value,
		template_field_id: f.template_field_id,
		filled_on: iso(f.filled_at),
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
	};
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

export function sealParticipantJson(s: SealParticipantRecord): Record<string, unknown> {
	return {
		id: s.id,
		organization_seals_id: s.organization_seals_id,
		order: s.order,
		deleted: s.deleted,
		created_at: iso(s.created_at),
		updated_at: iso(s.updated_at),
	};
}

export function customFieldJson(
	c: CustomFieldRecord,
	kind: 'template' | 'signing_request',
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

export function templateUserJson(
	t: TemplateRecord,
	p: ParticipantRecord,
	withReadiness: boolean,
): Record<string, unknown> {
	return { ...participantJson(p), ...(withReadiness ? readiness(t, p) : {}) };
}

const byOrder = (a: ParticipantRecord, b: ParticipantRecord) =>
	(a.designation === 'CC' ? 1 : 0) - (b.designation === 'CC' ? 1 : 0) ||
	a.order - b.order ||
	a.created_at - b.created_at;

export function sortedParticipants(entity: DocumentEntity): ParticipantRecord[] {
	return [...entity.recipients].sort(byOrder);
}

/**
 * Template. `urlTtlMs`: 7 days for the URL issued at creation, 1 hour for later reads.
 * Has both date spellings: `created_date`/`updated_date` and `date_created`/`date_changed`.
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
		workspace_id: t.workspaceId,
		document_url: url.url,
		document_url_expires_at: iso(url.expiresAt),
		page_count: t.pageCount,
		expiration_hours: t.expiration_hours,
		credit_cost: t.credit_cost,
		settings: settingsJson(t.settings, 'template'),
		recipients: sortedParticipants(t).map((p) => templateUserJson(t, p, false)),
		fields: t.fields.map(fieldNestedJson),
		created_date: iso(t.created_at),
		updated_date: iso(t.updated_at),
		date_created: iso(t.created_at),
		date_changed: iso(t.updated_at),
	};
}

// ---- signing requests --------------------------------------------------------------------------

export function recipientCreateJson(p: ParticipantRecord): Record<string, unknown> {
	return {
		...participantJson(p),
		template_user_id: p.template_user_id,
		finished_date: iso(p.finished_on),
	};
}

function completionJson(sr: SigningRequestRecord): Record<string, unknown> {
	return {
		language: sr.language,
		completion_title: sr.completion_title,
		completion_message: sr.completion_message,
		completion_redirect_url: sr.completion_redirect_url,
		completion_redirect_delay: sr.completion_redirect_delay,
	};
}

/** SigningRequestCreateResponse (status always "draft"); `warnings` only when there are some. */
export function signingRequestCreateJson(
	store: SigningStore,
	sr: SigningRequestRecord,
	warnings: string[],
): Record<string, unknown> {
	const url = store.documentUrl(sr);
	return {
		id: sr.id,
		name: sr.name,
		description: sr.description,
		status: 'draft',
		test_mode: sr.test_mode,
		workspace_id: sr.workspaceId,
		document_url: url.url,
		document_url_expires_at: iso(url.expiresAt),
		page_count: sr.pageCount,
		expiration_hours: sr.expiration_hours,
		credit_cost: sr.credit_cost,
		template_id: sr.template_id,
		settings: settingsJson(sr.settings, 'signing_request'),
		...completionJson(sr),
		created_date: iso(sr.created_at),
		updated_date: iso(sr.updated_at),
		sent_date: iso(sr.sent_on),
		finished_date: iso(sr.finished_on),
		cancelled_date: iso(sr.cancelled_on),
		recipients: sortedParticipants(sr).map(recipientCreateJson),
		fields: sr.fields.map(fieldFlatJson),
		seal_participants: sr.sealParticipants.filter((s) => !s.deleted).map(sealParticipantJson),
		...(warnings.length > 0 ? { warnings } : {}),
	};
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
	return {
		id: sr.id,
		name: sr.name,
		description: sr.description,
		status: 'sent',
		test_mode: sr.test_mode,
		workspace_id: sr.workspaceId,
		document_url: url.url,
		document_url_expires_at: iso(url.expiresAt),
		page_count: sr.pageCount,
		expiration_hours: sr.expiration_hours,
		settings: settingsJson(sr.settings, 'signing_request'),
		created_date: iso(sr.created_at),
		sent_date: iso(sr.sent_on),
		expires_at: iso(store.expiresAt(sr)),
		template_id: sr.template_id,
		first_signer: first
			? {
					id: first.id,
					name: fullName(first),
					email: first.email,
					signing_link: signingLink(store, sr, first),
				}
			: null,
		recipients: sortedParticipants(sr).map((p) => ({
			id: p.id,
			first_name: p.first_name,
			last_name: p.last_name,
			name: fullName(p),
			email: p.email,
			designation: p.designation,
			order: p.order,
		})),
		fields: sr.fields.map(fieldFlatJson),
		credits_remaining: creditsRemaining,
		warnings,
	};
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

/** SigningRequestDetail (GET /signing-requests/{id}). */
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
		description: sr.description,
		test_mode: sr.test_mode,
		workspace_id: sr.workspaceId,
		template_id: sr.template_id,
		/** The list vocabulary, as a convenience next to the boolean flags. */
		state: status,
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
		expires_at: iso(store.expiresAt(sr)),
		certificate: certificateJson(sr),
		document_url: url.url,
		document_url_expires_at: iso(url.expiresAt),
		final_document_download_url: final?.url ?? null,
		final_document_download_url_expires_at: iso(final?.expiresAt),
		page_count: sr.pageCount,
		expiration_hours: sr.expiration_hours,
		credit_cost: sr.credit_cost,
		settings: settingsJson(sr.settings, 'signing_request'),
		...completionJson(sr),
		cancel_reason: sr.cancel_reason,
		recipients: sortedParticipants(sr).map((p) => ({
			...recipientCreateJson(p),
			status: recipientStatus(p),
			viewed_on: iso(p.viewed_on),
			finished_on: iso(p.finished_on),
			declined_on: iso(p.declined_on),
			decline_reason: p.decline_reason,
		})),
		fields: sr.fields.map(fieldFlatJson),
		seal_participants: sr.sealParticipants.filter((s) => !s.deleted).map(sealParticipantJson),
		// deprecated 0/1 copies of five settings (§B.9)
		use_signing_order: sr.settings.use_signing_order ? 1 : 0,
		allow_download: sr.settings.allow_download ? 1 : 0,
		allow_editing_before_sending: sr.settings.allow_editing_before_sending ? 1 : 0,
		hand_drawn_only: sr.settings.hand_drawn_only ? 1 : 0,
		attach_pdf_on_finish: sr.settings.attach_pdf_on_finish ? 1 : 0,
	};
}

/** SigningRequestListItem. No document URLs (they are per-request reads). */
export function signingRequestListItemJson(
	store: SigningStore,
	sr: SigningRequestRecord,
): Record<string, unknown> {
	return {
		id: sr.id,
		name: sr.name,
		description: sr.description,
		status: store.statusOf(sr),
		test_mode: sr.test_mode,
		workspace_id: sr.workspaceId,
		template_id: sr.template_id,
		page_count: sr.pageCount,
		expiration_hours: sr.expiration_hours,
		created_date: iso(sr.created_at),
		updated_date: iso(sr.updated_at),
		sent_date: iso(sr.sent_on),
		finished_date: iso(sr.finished_on),
		cancelled_date: iso(sr.cancelled_on),
		declined_date: iso(sr.declined_on),
		deleted_date: iso(sr.deleted_on),
		expires_at: iso(store.expiresAt(sr)),
		recipients: sortedParticipants(sr).map((p) => ({
			id: p.id,
			name: fullName(p),
			email: p.email,
			designation: p.designation,
			order: p.order,
			status: recipientStatus(p),
		})),
	};
}

/** SigningRequestUser (GET /signing-requests/{id}/users). */
export function signingRequestUserJson(
	sr: SigningRequestRecord,
	p: ParticipantRecord,
): Record<string, unknown> {
	return {
		...participantJson(p),
		template_user_id: p.template_user_id,
		status: recipientStatus(p),
		viewed_on: iso(p.viewed_on),
		finished_on: iso(p.finished_on),
		declined_on: iso(p.declined_on),
		decline_reason: p.decline_reason,
		...readiness(sr, p),
	};
}

/** The `signing_request` of the template duplicate response (service-api.md). */
export function duplicatedSigningRequestJson(
	store: SigningStore,
	sr: SigningRequestRecord,
): Record<string, unknown> {
	const url = store.documentUrl(sr);
	const final = finalDocumentUrl(store, sr);
	return {
		id: sr.id,
		name: sr.name,
		description: sr.description,
		status: 'draft',
		test_mode: sr.test_mode,
		document_url: url.url,
		document_url_expires_at: iso(url.expiresAt),
		document_page_count: sr.pageCount,
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

/** The `signing_request` object of the PUT response (§B.4). */
export function signingRequestUpdateSummaryJson(
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
		status: sr.sent_on === null ? 'draft' : store.statusOf(sr),
		test_mode: sr.test_mode,
		expiration_hours: sr.expiration_hours,
		settings: {
			allow_download: sr.settings.allow_download,
			attach_pdf_on_finish: sr.settings.attach_pdf_on_finish,
			hand_drawn_only: sr.settings.hand_drawn_only,
		},
		template_id: sr.template_id,
		expires_at: iso(store.expiresAt(sr)),
		created_date: iso(sr.created_at),
		sent_date: iso(sr.sent_on),
		finished_date: iso(sr.finished_on),
		cancelled_date: iso(sr.cancelled_on),
	};
}

export { isSignerLike };
