/**
 * New records: blank signing requests, signing requests made from a template (duplicate,
 * template-based create, create-and-send), and template copies.
 */
import { randomUUID } from 'node:crypto';

import {
	type CustomFieldRecord,
	type DocumentEntity,
	type SigningRequestRecord,
	type SigningStore,
	type TemplateRecord,
	defaultSettings,
} from './models';

export const DEFAULT_EXPIRATION_HOURS = 168;

function emptyCompletion() {
	return {
		language: null,
		completion_title: null,
		completion_message: null,
		completion_redirect_url: null,
		completion_redirect_delay: null,
	};
}

export function blankTemplate(
	store: SigningStore,
	init: { workspaceId: string; name: string; document: Buffer; pageCount: number },
): TemplateRecord {
	const now = store.now();
	return {
		id: randomUUID(),
		workspaceId: init.workspaceId,
		name: init.name,
		description: null,
		document: init.document,
		pageCount: init.pageCount,
		expiration_hours: DEFAULT_EXPIRATION_HOURS,
		credit_cost: 1,
		settings: defaultSettings(),
		recipients: [],
		fields: [],
		reminders: [],
		sealParticipants: [],
		customFields: [],
		...emptyCompletion(),
		created_at: now,
		updated_at: now,
		deleted_on: null,
	};
}

export function blankSigningRequest(
	store: SigningStore,
	init: {
		workspaceId: string;
		name: string;
		document: Buffer;
		pageCount: number;
		testMode: boolean;
	},
): SigningRequestRecord {
	return {
		// A signing request is a template's content plus its own lifecycle state.
		...blankTemplate(store, init),
		template_id: null,
		test_mode: init.testMode,
		sent_on: null,
		finished_on: null,
		cancelled_on: null,
		declined_on: null,
		cancel_reason: null,
		last_signing_action_on: null,
		expiry_recorded: false,
		certificate: { generated: false, generated_on: null, has_error: false },
		finalPdf: null,
		audit: [],
	};
}

/**
 * Copies participants (new ids), fields (recipient ids mapped), reminders, seal participants,
 * settings and the document of `source` onto `target`. Returns the participant id map.
 */
export function copyContent(
	source: DocumentEntity,
	target: DocumentEntity,
	now: number,
	opts: { fromTemplate: boolean },
): Map<string, string> {
	const ids = new Map<string, string>();
	const sealIds = new Map<string, string>();
	target.recipients = source.recipients.map((p) => {
		const id = randomUUID();
		ids.set(p.id, id);
		return {
			...p,
			id,
			custom_fields: { ...p.custom_fields },
			template_user_id: opts.fromTemplate ? p.id : p.template_user_id,
			created_at: now,
			updated_at: now,
			viewed_on: null,
			finished_on: null,
			declined_on: null,
			decline_reason: null,
			marks: { signature: false, initials: false },
		};
	});
	target.sealParticipants = source.sealParticipants
		.filter((s) => !s.deleted)
		.map((s) => {
			const id = randomUUID();
			sealIds.set(s.id, id);
			return { ...s, id, created_at: now, updated_at: now };
		});
	const fieldIds = new Map<string, string>();
	for (const f of source.fields) fieldIds.set(f.id, randomUUID());
	target.fields = source.fields.map((f) => ({
		...f,
		id: fieldIds.get(f.id) as string,
		recipient_id: f.recipient_id ? (ids.get(f.recipient_id) ?? null) : null,
		seal_participant_id: f.seal_participant_id
			? (sealIds.get(f.seal_participant_id) ?? null)
			: null,
		template_field_id: opts.fromTemplate ? f.id : f.template_field_id,
		required_conditions: remapConditions(f.required_conditions, fieldIds),
		visibility_conditions: remapConditions(f.visibility_conditions, fieldIds),
		value: f.read_only ? f.value : null,
		file: null,
		filled_at: null,
	}));
	target.reminders = source.reminders.map((r) => ({
		...r,
		id: randomUUID(),
		recipient_id: r.recipient_id ? (ids.get(r.recipient_id) ?? null) : null,
		sent_on: null,
		created_at: now,
		updated_at: now,
	}));
	target.settings = { ...source.settings };
	target.document = source.document;
	target.pageCount = source.pageCount;
	target.expiration_hours = source.expiration_hours;
	target.credit_cost = source.credit_cost;
	target.description = source.description;
	target.language = source.language;
	target.completion_title = source.completion_title;
	target.completion_message = source.completion_message;
	target.completion_redirect_url = source.completion_redirect_url;
	target.completion_redirect_delay = source.completion_redirect_delay;
	return ids;
}

function remapConditions(condition: unknown, ids: Map<string, string>): unknown {
	if (condition === null || condition === undefined) return condition ?? null;
	return JSON.parse(JSON.stringify(condition), (key, value) =>
		key === 'field_id' && typeof value === 'string' && ids.has(value) ? ids.get(value) : value,
	);
}

function copyCustomFields(
	list: CustomFieldRecord[],
	now: number,
	fromTemplate: boolean,
): CustomFieldRecord[] {
	return list
		.filter((c) => c.deleted_on === null)
		.map((c) => ({
			...c,
			id: randomUUID(),
			copied_from_template: fromTemplate,
			created_at: now,
			updated_at: now,
		}));
}

/** A draft signing request with everything of the template (not yet stored). */
export function signingRequestFromTemplate(
	store: SigningStore,
	t: TemplateRecord,
	opts: { workspaceId: string; testMode: boolean; name?: string },
): SigningRequestRecord {
	const sr = blankSigningRequest(store, {
		workspaceId: opts.workspaceId,
		name: opts.name ?? t.name,
		document: t.document,
		pageCount: t.pageCount,
		testMode: opts.testMode,
	});
	copyContent(t, sr, sr.created_at, { fromTemplate: true });
	sr.template_id = t.id;
	sr.customFields = copyCustomFields(t.customFields, sr.created_at, true);
	return sr;
}

/**
 * A deep copy of a template into another workspace (not yet stored). Seal participants whose seal
 * `keepSeal` refuses (out of scope in the target workspace) are dropped; their fields stay, unlinked.
 */
export function copyTemplate(
	store: SigningStore,
	t: TemplateRecord,
	opts: { workspaceId: string; name: string; keepSeal?: (sealId: string) => boolean },
): TemplateRecord {
	const copy = blankTemplate(store, {
		workspaceId: opts.workspaceId,
		name: opts.name,
		document: t.document,
		pageCount: t.pageCount,
	});
	copyContent(t, copy, copy.created_at, { fromTemplate: false });
	// template users keep no template_user_id link
	for (const p of copy.recipients) p.template_user_id = null;
	for (const f of copy.fields) f.template_field_id = null;
	const keepSeal = opts.keepSeal;
	if (keepSeal) {
		const dropped = new Set(
			copy.sealParticipants.filter((s) => !keepSeal(s.organization_seals_id)).map((s) => s.id),
		);
		copy.sealParticipants = copy.sealParticipants.filter((s) => !dropped.has(s.id));
		for (const f of copy.fields)
			if (f.seal_participant_id !== null && dropped.has(f.seal_participant_id))
				f.seal_participant_id = null;
	}
	copy.customFields = copyCustomFields(t.customFields, copy.created_at, false);
	return copy;
}
