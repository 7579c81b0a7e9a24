/**
 * Templates and signing requests of the sandbox: records, the `SigningStore` that holds them
 * (one per sandbox, attached to its `SandboxState`), status rules, audit trail and service events.
 *
 * Records keep times as epoch ms (sandbox clock) and are turned into API JSON by `serialize.ts`.
 * Template users and signing-request recipients share one record type (`ParticipantRecord`);
 * on a template the list is called "users" in the API.
 */
import { randomUUID } from 'node:crypto';

import type { SubscribableEventType } from '../eventTypes';
import type { SandboxState } from '../state';
import { DAY_MS, FileStore, HOUR_MS } from './files';

// ---- enums -------------------------------------------------------------------------------------

export const DESIGNATIONS = ['Signer', 'Approver', 'CC'] as const;
export type Designation = (typeof DESIGNATIONS)[number];

/** Every field type accepted anywhere (the spec's per-endpoint lists differ; this is their union). */
export const FIELD_TYPES = [
	'signature',
	'initial',
	'text',
	'date',
	'checkbox',
	'dropdown',
	'radio_buttons',
	'text_area',
	'number',
	'url',
	'file',
	'image',
	'stamp',
	'approval_signature',
	'approval_checkmark',
	'approval_date',
] as const;
export type FieldType = (typeof FIELD_TYPES)[number];

/** Accepted aliases, normalised on input. */
export const FIELD_TYPE_ALIASES: Record<string, FieldType> = {
	initials: 'initial',
	textarea: 'text_area',
	radio: 'radio_buttons',
};

/**
 * Template PATCH `field` types (api-reference T4 (c)), after normalising `initials` and `textarea`;
 * the signing-request PATCH `field` takes the same enum (§B.3).
 */
export const TEMPLATE_PATCH_FIELD_TYPES = [
	'text',
	'signature',
	'date',
	'checkbox',
	'initial',
	'dropdown',
	'radio_buttons',
	'text_area',
	'url',
	'file',
	'stamp',
	'approval_signature',
	'approval_checkmark',
	'approval_date',
] as const satisfies readonly FieldType[];

/** Template PUT `fields[]` types (api-reference T5; "only 8 types", §X.8). */
export const TEMPLATE_PUT_FIELD_TYPES = [
	'signature',
	'text',
	'date',
	'checkbox',
	'dropdown',
	'approval_signature',
	'approval_checkmark',
	'approval_date',
] as const satisfies readonly FieldType[];

/** The aliases of the template field types: `initials` → `initial`, `textarea` → `text_area` (no `radio`). */
export const TEMPLATE_FIELD_TYPE_ALIASES: Record<string, FieldType> = {
	initials: 'initial',
	textarea: 'text_area',
};

/** List / filter vocabulary (api-reference §L.1). */
export const LIST_STATUSES = [
	'not_sent',
	'in_progress',
	'finished',
	'cancelled',
	'declined',
	'deleted',
	'expired',
] as const;
export type ListStatus = (typeof LIST_STATUSES)[number];

// ---- settings ----------------------------------------------------------------------------------

export const BOOLEAN_SETTINGS = [
	'allow_download',
	'attach_pdf_on_finish',
	'allow_editing_before_sending',
	'use_signing_order',
	'hand_drawn_only',
	'send_signing_email',
	'send_finish_email',
	'send_expiration_email',
	'send_cancellation_email',
] as const;
export const NULLABLE_SETTINGS = [
	'require_otp_verification',
	'disable_guided_navigation',
	'allow_presigning_download',
	'show_qr_code',
] as const;
/** Only on signing requests (TemplateSettings leaves them out). */
export const IDENTITY_SETTINGS = [
	'identity_editable_fields',
	'notify_identity_change_email',
	'notify_identity_change_webhook',
] as const;

export type BooleanSetting = (typeof BOOLEAN_SETTINGS)[number];
export type NullableSetting = (typeof NULLABLE_SETTINGS)[number];

export type SigningSettings = Record<BooleanSetting, boolean> &
	Record<NullableSetting, boolean | null> & {
		identity_editable_fields: string[] | null;
		notify_identity_change_email: boolean;
		notify_identity_change_webhook: boolean;
	};

/** Defaults of api-reference §B.9 (templates: §T2, the same values). */
export function defaultSettings(): SigningSettings {
	return {
		allow_download: true,
		attach_pdf_on_finish: true,
		allow_editing_before_sending: false,
		use_signing_order: true,
		hand_drawn_only: false,
		send_signing_email: true,
		send_finish_email: true,
		send_expiration_email: true,
		send_cancellation_email: true,
		require_otp_verification: null,
		disable_guided_navigation: null,
		allow_presigning_download: null,
		show_qr_code: null,
		identity_editable_fields: null,
		notify_identity_change_email: false,
		notify_identity_change_webhook: false,
	};
}

// ---- records -----------------------------------------------------------------------------------

export const CONTACT_KEYS = [
	'phone_number',
	'street_address',
	'city',
	'state_province',
	'postal_code',
	'country',
	'title',
	'company',
] as const;
export type ContactKey = (typeof CONTACT_KEYS)[number];

export interface ParticipantRecord extends Record<ContactKey, string | null> {
	id: string;
	first_name: string;
	last_name: string;
	email: string;
	designation: Designation;
	order: number;
	custom_fields: Record<string, unknown>;
	/** Signing requests made from a template: the template user this recipient came from. */
	template_user_id: string | null;
	created_at: number;
	updated_at: number;
	// Signer progress (signing requests only).
	viewed_on: number | null;
	finished_on: number | null;
	declined_on: number | null;
	decline_reason: string | null;
	/** Set when the signer signed: which marks exist (images are rendered on request). */
	marks: { signature: boolean; initials: boolean };
}

export interface FileValue {
	content: Buffer;
	file_name: string;
	file_type: string;
}

export interface FieldRecord {
	id: string;
	type: FieldType;
	recipient_id: string | null;
	seal_participant_id: string | null;
	template_field_id: string | null;
	page_number: number;
	/** Position in percent of the page (0–100). */
	x: number;
	y: number;
	width: number;
	height: number;
	required: boolean;
	read_only: boolean;
	read_only_value: string | null;
	prefilled_data: string | null;
	variable_name: string | null;
	variable_defined_name: string | null;
	dropdown_options: unknown;
	format_rules: Record<string, unknown> | null;
	validation_rules: Record<string, unknown> | null;
	date_default: string | null;
	date_signing_default: boolean;
	multi_group_id: string | null;
	background_color: string | null;
	required_conditions: unknown;
	visibility_conditions: unknown;
	/** What the signer entered (or the read-only value); null until filled. */
	value: string | null;
	file: FileValue | null;
	filled_at: number | null;
}

export interface ReminderRecord {
	id: string;
	hours: number;
	subject: string;
	message: string;
	all_users: boolean;
	recipient_id: string | null;
	sent_on: number | null;
	created_at: number;
	updated_at: number;
}

export interface SealParticipantRecord {
	id: string;
	organization_seals_id: string;
	order: number;
	deleted: boolean;
	created_at: number;
	updated_at: number;
}

export interface CustomFieldRecord {
	id: string;
	field_name: string;
	field_label: string;
	copied_from_template: boolean;
	created_at: number;
	updated_at: number;
	deleted_on: number | null;
}

export interface AuditEntry {
	id: string;
	timestamp: number;
	source: 'admin' | 'signer';
	event: string;
	description: string;
	actor: Record<string, unknown> | null;
	ip_address: string | null;
	details: Record<string, unknown> | null;
}

export interface CompletionSettings {
	language: string | null;
	completion_title: string | null;
	completion_message: string | null;
	completion_redirect_url: string | null;
	completion_redirect_delay: number | null;
}

/** What templates and signing requests share. */
export interface DocumentEntity extends CompletionSettings {
	id: string;
	workspaceId: string;
	name: string;
	description: string | null;
	document: Buffer;
	pageCount: number;
	expiration_hours: number;
	credit_cost: number;
	settings: SigningSettings;
	recipients: ParticipantRecord[];
	fields: FieldRecord[];
	reminders: ReminderRecord[];
	sealParticipants: SealParticipantRecord[];
	customFields: CustomFieldRecord[];
	created_at: number;
	updated_at: number;
	deleted_on: number | null;
}

export type TemplateRecord = DocumentEntity;

export interface SigningRequestRecord extends DocumentEntity {
	template_id: string | null;
	/** Created with a test key: no credits, watermarked PDFs. */
	test_mode: boolean;
	sent_on: number | null;
	finished_on: number | null;
	cancelled_on: number | null;
	declined_on: number | null;
	cancel_reason: string | null;
	last_signing_action_on: number | null;
	/** signing_request.expired was emitted (expiry is noticed lazily, see `SigningStore.sweep`). */
	expiry_recorded: boolean;
	certificate: { generated: boolean; generated_on: number | null; has_error: boolean };
	/** The signed PDF, rendered once the request finished. */
	finalPdf: { bytes: Buffer; generatedAt: number } | null;
	audit: AuditEntry[];
}

export function fullName(p: { first_name: string; last_name: string }): string {
	return [p.first_name, p.last_name].filter((s) => s && s.trim() !== '').join(' ');
}

export function isSignerLike(p: ParticipantRecord): boolean {
	return p.designation === 'Signer' || p.designation === 'Approver';
}

export function newParticipant(
	now: number,
	init: Partial<ParticipantRecord> &
		Pick<ParticipantRecord, 'first_name' | 'email' | 'designation' | 'order'>,
): ParticipantRecord {
	return {
		id: randomUUID(),
		last_name: '',
		phone_number: null,
		street_address: null,
		city: null,
		state_province: null,
		postal_code: null,
		country: null,
		title: null,
		company: null,
		custom_fields: {},
		template_user_id: null,
		created_at: now,
		updated_at: now,
		viewed_on: null,
		finished_on: null,
		declined_on: null,
		decline_reason: null,
		marks: { signature: false, initials: false },
		...init,
	};
}

export function newField(
	init: Partial<FieldRecord> &
		Pick<FieldRecord, 'type' | 'page_number' | 'x' | 'y' | 'width' | 'height'>,
): FieldRecord {
	return {
		id: randomUUID(),
		recipient_id: null,
		seal_participant_id: null,
		template_field_id: null,
		required: false,
		read_only: false,
		read_only_value: null,
		prefilled_data: null,
		variable_name: null,
		variable_defined_name: null,
		dropdown_options: null,
		format_rules: null,
		validation_rules: null,
		date_default: null,
		date_signing_default: false,
		multi_group_id: null,
		background_color: null,
		required_conditions: null,
		visibility_conditions: null,
		value: null,
		file: null,
		filled_at: null,
		...init,
	};
}

/** A deep copy of an entity's mutable parts (documents and file contents are shared: immutable). */
export function cloneEntity<T extends DocumentEntity>(entity: T): T {
	const copy: T = { ...entity };
	copy.settings = { ...entity.settings };
	copy.recipients = entity.recipients.map((r) => ({
		...r,
		custom_fields: { ...r.custom_fields },
		marks: { ...r.marks },
	}));
	copy.fields = entity.fields.map((f) => ({ ...f }));
	copy.reminders = entity.reminders.map((r) => ({ ...r }));
	copy.sealParticipants = entity.sealParticipants.map((s) => ({ ...s }));
	copy.customFields = entity.customFields.map((c) => ({ ...c }));
	return copy;
}

// ---- the store ---------------------------------------------------------------------------------

export interface SigningStoreOptions {
	/** Simulated signers sign automatically this long after sending (and after each other). */
	autoSignAfterMs?: number;
}

export interface AuditInput {
	source: 'admin' | 'signer';
	event: string;
	description: string;
	actor?: Record<string, unknown> | null;
	details?: Record<string, unknown> | null;
}

const stores = new WeakMap<SandboxState, SigningStore>();

/** The signing store of a sandbox state (created on first use when none was attached). */
export function signingStoreOf(state: SandboxState): SigningStore {
	let store = stores.get(state);
	if (!store) {
		store = new SigningStore(state);
		stores.set(state, store);
	}
	return store;
}

export class SigningStore {
	readonly templates: TemplateRecord[] = [];
	readonly signingRequests: SigningRequestRecord[] = [];
	readonly files: FileStore;
	/** The sandbox base URL; file URLs hang off it. Set by the server once it listens. */
	baseUrl = 'http://127.0.0.1';
	autoSignAfterMs: number | undefined;
	private readonly timers = new Set<NodeJS.Timeout>();
	private disposed = false;

	constructor(
		readonly state: SandboxState,
		options: SigningStoreOptions = {},
	) {
		this.autoSignAfterMs =
			options.autoSignAfterMs && options.autoSignAfterMs > 0 ? options.autoSignAfterMs : undefined;
		this.files = new FileStore(
			() => this.now(),
			() => this.baseUrl,
		);
		stores.set(state, this);
	}

	now(): number {
		return this.state.now();
	}

	// ---- look-ups (deleted records included; routes decide what is visible) ------------------

	getTemplate(id: string): TemplateRecord | undefined {
		return this.templates.find((t) => t.id === id);
	}

	getSigningRequest(id: string): SigningRequestRecord | undefined {
		this.sweep();
		return this.signingRequests.find((s) => s.id === id);
	}

	/** Templates (not deleted), optionally of one workspace. */
	listTemplates(workspaceId?: string): TemplateRecord[] {
		return this.templates.filter(
			(t) => t.deleted_on === null && (!workspaceId || t.workspaceId === workspaceId),
		);
	}

	/** Signing requests, optionally of one workspace; deleted ones only with `includeDeleted`. */
	listSigningRequests(
		workspaceId?: string,
		opts: { includeDeleted?: boolean } = {},
	): SigningRequestRecord[] {
		this.sweep();
		return this.signingRequests.filter(
			(s) =>
				(opts.includeDeleted || s.deleted_on === null) &&
				(!workspaceId || s.workspaceId === workspaceId),
		);
	}

	/** A recipient of a signing request by email (case-insensitive). */
	recipientByEmail(signingRequestId: string, email: string): ParticipantRecord | undefined {
		const sr = this.getSigningRequest(signingRequestId);
		return sr?.recipients.find((r) => r.email.toLowerCase() === email.toLowerCase());
	}

	// ---- status ----------------------------------------------------------------------------

	expiresAt(sr: SigningRequestRecord): number | null {
		return sr.sent_on === null ? null : sr.sent_on + sr.expiration_hours * HOUR_MS;
	}

	/** Status in the list vocabulary (§L.1). */
	statusOf(sr: SigningRequestRecord): ListStatus {
		if (sr.deleted_on !== null) return 'deleted';
		if (sr.sent_on === null) return 'not_sent';
		if (sr.finished_on !== null) return 'finished';
		if (sr.cancelled_on !== null) return 'cancelled';
		if (sr.declined_on !== null) return 'declined';
		const expiresAt = this.expiresAt(sr) as number;
		if (expiresAt < this.now()) return 'expired';
		return 'in_progress';
	}

	/** Sent and still open for signing. */
	isOpen(sr: SigningRequestRecord): boolean {
		return this.statusOf(sr) === 'in_progress';
	}

	/** Lowest order among signers/approvers who have not finished; null when none is left. */
	currentOrder(sr: SigningRequestRecord): number | null {
		const pending = sr.recipients.filter((r) => isSignerLike(r) && r.finished_on === null);
		if (pending.length === 0) return null;
		return Math.min(...pending.map((r) => r.order));
	}

	/** Signers/approvers who may act now (signing order respected). */
	actionableRecipients(sr: SigningRequestRecord): ParticipantRecord[] {
		const pending = sr.recipients.filter((r) => isSignerLike(r) && r.finished_on === null);
		if (!sr.settings.use_signing_order) return pending;
		const order = this.currentOrder(sr);
		return pending.filter((r) => r.order === order);
	}

	/**
	 * Notices requests whose `sent_on + expiration_hours` has passed: records the audit entry and
	 * emits `signing_request.expired` once. Called on every access (time moves with the clock).
	 */
	sweep(): void {
		const now = this.now();
		for (const sr of this.signingRequests) {
			if (sr.expiry_recorded || sr.deleted_on !== null || sr.sent_on === null) continue;
			if (sr.finished_on !== null || sr.cancelled_on !== null || sr.declined_on !== null) continue;
			const expiresAt = this.expiresAt(sr) as number;
			if (expiresAt >= now) continue;
			sr.expiry_recorded = true;
			this.audit(sr, {
				source: 'admin',
				event: 'expired',
				description: 'The signing request expired before every signer finished',
				actor: { type: 'system' },
				details: { expires_at: new Date(expiresAt).toISOString() },
			});
			this.emitSigningRequest('signing_request.expired', sr);
		}
	}

	// ---- audit and events --------------------------------------------------------------------

	audit(sr: SigningRequestRecord, entry: AuditInput): AuditEntry {
		const record: AuditEntry = {
			id: randomUUID(),
			timestamp: this.now(),
			source: entry.source,
			event: entry.event,
			description: entry.description,
			actor: entry.actor ?? null,
			ip_address: entry.source === 'signer' ? '127.0.0.1' : null,
			details: entry.details ?? null,
		};
		sr.audit.push(record);
		return record;
	}

	workspaceRef(workspaceId: string): { id: string; name: string } {
		const ws = this.state.getWorkspace(workspaceId);
		return { id: workspaceId, name: ws?.name ?? '' };
	}

	/** `data` of signing-request events: `{signing_request, recipients, workspace, ...extra}`. */
	signingRequestEventData(
		sr: SigningRequestRecord,
		extra: Record<string, unknown> = {},
	): Record<string, unknown> {
		const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());
		return {
			signing_request: {
				id: sr.id,
				name: sr.name,
				description: sr.description,
				status: this.statusOf(sr),
				template_id: sr.template_id,
				test_mode: sr.test_mode,
				workspace_id: sr.workspaceId,
				page_count: sr.pageCount,
				expiration_hours: sr.expiration_hours,
				created_date: iso(sr.created_at),
				updated_date: iso(sr.updated_at),
				sent_date: iso(sr.sent_on),
				finished_date: iso(sr.finished_on),
				cancelled_date: iso(sr.cancelled_on),
				declined_date: iso(sr.declined_on),
				expires_at: iso(this.expiresAt(sr)),
			},
			recipients: [...sr.recipients]
				.sort((a, b) => a.order - b.order)
				.map((r) => this.recipientEventData(r)),
			workspace: this.workspaceRef(sr.workspaceId),
			...extra,
		};
	}

	recipientEventData(r: ParticipantRecord): Record<string, unknown> {
		return {
			id: r.id,
			email: r.email,
			name: fullName(r),
			first_name: r.first_name,
			last_name: r.last_name,
			order: r.order,
			designation: r.designation,
			signed_at: r.finished_on === null ? null : new Date(r.finished_on).toISOString(),
			declined_at: r.declined_on === null ? null : new Date(r.declined_on).toISOString(),
		};
	}

	emitSigningRequest(
		type: SubscribableEventType,
		sr: SigningRequestRecord,
		extra: Record<string, unknown> = {},
	): void {
		this.state.events.emit(type, sr.workspaceId, this.signingRequestEventData(sr, extra));
	}

	templateEventData(
		t: TemplateRecord,
		extra: Record<string, unknown> = {},
	): Record<string, unknown> {
		return {
			template: {
				id: t.id,
				name: t.name,
				description: t.description,
				workspace_id: t.workspaceId,
				page_count: t.pageCount,
				credit_cost: t.credit_cost,
				expiration_hours: t.expiration_hours,
				created_date: new Date(t.created_at).toISOString(),
				updated_date: new Date(t.updated_at).toISOString(),
				deleted: t.deleted_on !== null,
			},
			workspace: this.workspaceRef(t.workspaceId),
			...extra,
		};
	}

	emitTemplate(
		type: SubscribableEventType,
		t: TemplateRecord,
		extra: Record<string, unknown> = {},
	): void {
		this.state.events.emit(type, t.workspaceId, this.templateEventData(t, extra));
	}

	// ---- document URLs -----------------------------------------------------------------------

	/** A fresh pre-signed URL of an entity's original document. */
	documentUrl(entity: DocumentEntity, ttlMs = HOUR_MS): { url: string; expiresAt: number } {
		const issued = this.files.issue(entity.document, {
			contentType: 'application/pdf',
			fileName: `${safeFileName(entity.name)}.pdf`,
			ttlMs,
		});
		return { url: issued.url, expiresAt: issued.expiresAt };
	}

	static readonly INITIAL_TEMPLATE_URL_TTL = 7 * DAY_MS;

	// ---- timers (auto-sign) ------------------------------------------------------------------

	/** Runs `fn` after `ms` of real time unless the sandbox closed first. */
	schedule(fn: () => void, ms: number): void {
		if (this.disposed) return;
		const timer = setTimeout(() => {
			this.timers.delete(timer);
			if (!this.disposed) fn();
		}, ms);
		this.timers.add(timer);
	}

	dispose(): void {
		this.disposed = true;
		for (const timer of this.timers) clearTimeout(timer);
		this.timers.clear();
	}
}

export function safeFileName(name: string): string {
	const cleaned = name
		.replace(/[^A-Za-z0-9 ._-]+/g, '')
		.trim()
		.replace(/\s+/g, '_');
	return cleaned === '' ? 'document' : cleaned.slice(0, 100);
}
