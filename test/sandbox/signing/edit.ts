/**
 * Applying validated inputs to a template or signing request (`DocumentEntity`).
 *
 * An `EditSession` works on a copy of the entity (see `cloneEntity`) so a body with any error
 * changes nothing: callers apply every section, call `v.throwIfInvalid()`, and only then
 * `commit()` the copy onto the stored record.
 *
 * Temp ids: new participants may carry a `temp_…` id that fields, reminders and reassignments in
 * the same body refer to. They must be unique and every reference must resolve.
 */
import { randomUUID } from 'node:crypto';

import { Validator } from '../validation';
import {
	type DocumentEntity,
	type FieldRecord,
	type ParticipantRecord,
	type ReminderRecord,
	type SealParticipantRecord,
	isSignerLike,
	newField,
	newParticipant,
} from './models';
import {
	type FieldInput,
	type ParticipantInput,
	type ReminderInput,
	type SealParticipantInput,
	emailWarnings,
	isObject,
	isTempId,
	join,
	readEnum,
	readBool,
} from './validation';

export interface EditCounts {
	recipients_created: number;
	recipients_updated: number;
	recipients_deleted: number;
	fields_created: number;
	fields_updated: number;
	fields_reassigned: number;
	fields_deleted: number;
	reminders_created: number;
	reminders_updated: number;
}

export class EditSession<T extends DocumentEntity> {
	readonly tempIds = new Map<string, string>();
	readonly sealTempIds = new Map<string, string>();
	readonly warnings: string[] = [];
	readonly counts: EditCounts = {
		recipients_created: 0,
		recipients_updated: 0,
		recipients_deleted: 0,
		fields_created: 0,
		fields_updated: 0,
		fields_reassigned: 0,
		fields_deleted: 0,
		reminders_created: 0,
		reminders_updated: 0,
	};
	/** Field ids touched (created or updated) in this session. */
	readonly touchedFields = new Set<string>();

	constructor(
		readonly entity: T,
		readonly v: Validator,
		readonly now: number,
		/** Wording in messages: "recipient" or "user". */
		readonly noun: 'recipient' | 'user' = 'recipient',
	) {}

	// ---- temp ids ----------------------------------------------------------------------------

	/** Reserves real ids for every temp id (before anything refers to them). */
	registerTempIds(inputs: Array<ParticipantInput | undefined>, idKey: 'id' | '_temp_id'): void {
		for (const input of inputs) {
			if (!input?.tempId) continue;
			if (this.tempIds.has(input.tempId)) {
				this.v.fail(join(input.path, idKey), `duplicate temp id "${input.tempId}"`);
			} else {
				this.tempIds.set(input.tempId, randomUUID());
			}
		}
	}

	registerSealTempIds(inputs: Array<SealParticipantInput | undefined>): void {
		for (const input of inputs) {
			if (!input?.tempId) continue;
			if (this.sealTempIds.has(input.tempId) || this.tempIds.has(input.tempId)) {
				this.v.fail(join(input.path, 'temp_id'), `duplicate temp id "${input.tempId}"`);
			} else {
				this.sealTempIds.set(input.tempId, randomUUID());
			}
		}
	}

	/** A participant id from an existing id or a temp id; records an error and returns undefined otherwise. */
	resolveParticipant(ref: string, path: string): string | undefined {
		if (isTempId(ref)) {
			const id = this.tempIds.get(ref);
			if (!id)
				return this.v.fail(
					path,
					`temp id "${ref}" does not match any ${this.noun} in this request`,
				);
			return id;
		}
		if (!this.entity.recipients.some((r) => r.id === ref)) {
			return this.v.fail(path, `${this.noun} "${ref}" not found`);
		}
		return ref;
	}

	participant(id: string): ParticipantRecord | undefined {
		return this.entity.recipients.find((r) => r.id === id);
	}

	// ---- participants ------------------------------------------------------------------------

	/** Creates or updates a participant. */
	applyParticipant(input: ParticipantInput): ParticipantRecord | undefined {
		const { v } = this;
		const values = { ...input.values };
		if (values.email) this.warnings.push(...emailWarnings(values.email));
		if (input.id !== undefined) {
			const existing = this.participant(input.id);
			if (!existing) return v.fail(join(input.path, 'id'), `${this.noun} "${input.id}" not found`);
			if (
				values.designation !== undefined &&
				(values.designation === 'CC') !== (existing.designation === 'CC')
			) {
				return v.fail(
					join(input.path, 'designation'),
					`a ${this.noun} cannot switch between CC and Signer/Approver`,
				);
			}
			Object.assign(existing, values, { updated_at: this.now });
			if (values.custom_fields) existing.custom_fields = { ...values.custom_fields };
			this.counts.recipients_updated += 1;
			return existing;
		}
		if (!values.first_name || !values.email || !values.designation) return undefined; // reader recorded it
		const order = values.order ?? this.nextOrder(values.designation === 'CC');
		const record = newParticipant(this.now, {
			...values,
			first_name: values.first_name,
			email: values.email,
			designation: values.designation,
			order,
			id: input.tempId ? (this.tempIds.get(input.tempId) as string) : randomUUID(),
			template_user_id: input.template_user_id ?? null,
		});
		this.entity.recipients.push(record);
		this.counts.recipients_created += 1;
		return record;
	}

	/** Orders: Signers, Approvers (and seal participants) share one sequence; CCs have their own. */
	nextOrder(cc: boolean): number {
		const orders = [
			...this.entity.recipients.filter((r) => (r.designation === 'CC') === cc).map((r) => r.order),
			...(cc ? [] : this.entity.sealParticipants.filter((s) => !s.deleted).map((s) => s.order)),
		];
		return orders.length === 0 ? 1 : Math.max(...orders) + 1;
	}

	/**
	 * `{<idKey>, field_action: delete|reassign, <reassignKey>}`: removes a participant; its
	 * fields are deleted or moved to another participant of the same designation. With
	 * `existingTargetOnly` the fields can only move to a participant that existed before this
	 * request, not to one added in it by temp id (signing-request PUT: service-api.md lets only
	 * fields refer to a `_temp_id`).
	 */
	applyDeletion(
		raw: unknown,
		path: string,
		keys: { idKey: string; reassignKey: string; existingTargetOnly?: boolean },
		deletedIds: Set<string>,
		forceRemoveConditions: boolean,
	): void {
		const { v } = this;
		if (!isObject(raw)) {
			v.fail(path, 'must be an object');
			return;
		}
		const id = raw[keys.idKey];
		const action = readEnum(
			v,
			raw,
			'field_action',
			join(path, 'field_action'),
			['delete', 'reassign'] as const,
			{ required: true },
		);
		if (typeof id !== 'string' || id === '') {
			v.fail(join(path, keys.idKey), `${keys.idKey} is required`);
			return;
		}
		const target = this.participant(id);
		if (!target) {
			v.fail(join(path, keys.idKey), `${this.noun} "${id}" not found`);
			return;
		}
		if (!action) return;
		const fields = this.entity.fields.filter((f) => f.recipient_id === id);
		if (action === 'reassign') {
			const to = raw[keys.reassignKey];
			if (typeof to !== 'string' || to === '') {
				v.fail(
					join(path, keys.reassignKey),
					`${keys.reassignKey} is required when field_action is reassign`,
				);
				return;
			}
			if (keys.existingTargetOnly && isTempId(to)) {
				v.fail(
					join(path, keys.reassignKey),
					`${keys.reassignKey} must be the id of an existing ${this.noun}; "${to}" is a temp id of a ${this.noun} added in this request`,
				);
				return;
			}
			const toId = this.resolveParticipant(to, join(path, keys.reassignKey));
			if (!toId) return;
			const dest = this.participant(toId);
			if (toId === id || deletedIds.has(toId) || !dest) {
				v.fail(
					join(path, keys.reassignKey),
					`cannot reassign fields to a ${this.noun} that is being deleted`,
				);
				return;
			}
			if (dest.designation !== target.designation) {
				v.fail(
					join(path, keys.reassignKey),
					`the ${this.noun} to reassign to must have the same designation (${target.designation})`,
				);
				return;
			}
			for (const f of fields) f.recipient_id = toId;
			this.counts.fields_reassigned += fields.length;
		} else {
			const removed = new Set(fields.map((f) => f.id));
			if (!forceRemoveConditions) {
				const referencing = this.entity.fields.find(
					(f) =>
						!removed.has(f.id) &&
						[f.required_conditions, f.visibility_conditions].some((c) =>
							conditionRefers(c, removed),
						),
				);
				if (referencing) {
					v.fail(
						join(path, keys.idKey),
						`field ${referencing.id} has conditions on fields of this ${this.noun}; send force_remove_conditions: true to remove them`,
					);
					return;
				}
			} else {
				for (const f of this.entity.fields) {
					if (conditionRefers(f.required_conditions, removed)) f.required_conditions = null;
					if (conditionRefers(f.visibility_conditions, removed)) f.visibility_conditions = null;
				}
			}
			this.entity.fields = this.entity.fields.filter((f) => !removed.has(f.id));
			this.counts.fields_deleted += removed.size;
		}
		this.entity.recipients = this.entity.recipients.filter((r) => r.id !== id);
		this.entity.reminders = this.entity.reminders.filter((r) => r.recipient_id !== id);
		deletedIds.add(id);
		this.counts.recipients_deleted += 1;
	}

	// ---- fields ------------------------------------------------------------------------------

	applyField(input: FieldInput): FieldRecord | undefined {
		const { v } = this;
		let record: FieldRecord;
		if (input.id !== undefined) {
			const existing = this.entity.fields.find((f) => f.id === input.id);
			if (!existing) return v.fail(join(input.path, 'id'), `field "${input.id}" not found`);
			Object.assign(existing, input.values);
			record = existing;
			this.counts.fields_updated += 1;
		} else {
			const { type, page_number: page, x, y, width, height } = input.values;
			if (
				type === undefined ||
				page === undefined ||
				x === undefined ||
				y === undefined ||
				width === undefined ||
				height === undefined
			) {
				// The reader recorded what is missing; still report what is wrong with the rest.
				this.checkField(
					{
						...newField({ type: 'text', page_number: 1, x: 0, y: 0, width: 0, height: 0 }),
						...input.values,
					},
					input.path,
				);
				return undefined;
			}
			record = newField({ ...input.values, type, page_number: page, x, y, width, height });
			this.entity.fields.push(record);
			this.counts.fields_created += 1;
		}
		if (input.recipientRef !== undefined) {
			const key = input.recipientKey ?? 'recipient_id';
			record.recipient_id =
				input.recipientRef === null
					? null
					: (this.resolveParticipant(input.recipientRef, join(input.path, key)) ?? null);
		}
		if (input.sealRef !== undefined) {
			if (input.sealRef === null) record.seal_participant_id = null;
			else {
				const sealId = this.sealTempIds.get(input.sealRef);
				if (!sealId)
					v.fail(
						join(input.path, 'seal_participant_temp_id'),
						`temp id "${input.sealRef}" does not match any seal participant`,
					);
				else record.seal_participant_id = sealId;
			}
		}
		this.touchedFields.add(record.id);
		this.checkField(record, input.path);
		return record;
	}

	/** Rules on the merged field: position inside the page, page ≤ page count, no CC fields … */
	checkField(f: FieldRecord, path: string): void {
		const { v } = this;
		if (f.x + f.width > 100)
			v.fail(
				join(path, 'position.width'),
				'x + width must be at most 100 (percent of the page width)',
			);
		if (f.y + f.height > 100)
			v.fail(
				join(path, 'position.height'),
				'y + height must be at most 100 (percent of the page height)',
			);
		if (f.page_number > this.entity.pageCount) {
			v.fail(
				join(path, 'page_number'),
				`page_number must be at most ${this.entity.pageCount} (the document's page count)`,
			);
		}
		if (f.recipient_id) {
			const p = this.participant(f.recipient_id);
			if (p && p.designation === 'CC')
				v.fail(join(path, 'recipient_id'), 'CC recipients cannot have fields');
		}
		if (f.type === 'dropdown') {
			const opts = f.dropdown_options;
			const empty =
				opts === null || opts === undefined || (Array.isArray(opts) && opts.length === 0);
			if (empty) v.fail(join(path, 'dropdown_options'), 'dropdown fields need dropdown_options');
		}
		if (f.type === 'url') f.read_only = true;
	}

	// ---- reminders ---------------------------------------------------------------------------

	applyReminder(input: ReminderInput): ReminderRecord | undefined {
		const { v } = this;
		let record: ReminderRecord;
		if (input.id !== undefined) {
			const existing = this.entity.reminders.find((r) => r.id === input.id);
			if (!existing) return v.fail(join(input.path, 'id'), `reminder "${input.id}" not found`);
			Object.assign(existing, input.values, { updated_at: this.now });
			record = existing;
			this.counts.reminders_updated += 1;
		} else {
			const { hours, subject, message } = input.values;
			if (hours === undefined || subject === undefined || message === undefined) return undefined;
			record = {
				id: randomUUID(),
				hours,
				subject,
				message,
				all_users: input.values.all_users ?? false,
				recipient_id: null,
				sent_on: null,
				created_at: this.now,
				updated_at: this.now,
			};
			this.entity.reminders.push(record);
			this.counts.reminders_created += 1;
		}
		if (input.recipientRef !== undefined) {
			record.recipient_id =
				input.recipientRef === null
					? null
					: (this.resolveParticipant(input.recipientRef, join(input.path, 'recipient_id')) ?? null);
		}
		if (record.all_users) record.recipient_id = null;
		else if (record.recipient_id === null)
			v.fail(join(input.path, 'recipient_id'), 'recipient_id is required unless all_users is true');
		return record;
	}

	// ---- seal participants ---------------------------------------------------------------------

	addSealParticipant(input: SealParticipantInput): SealParticipantRecord {
		const record: SealParticipantRecord = {
			id: input.tempId ? (this.sealTempIds.get(input.tempId) ?? randomUUID()) : randomUUID(),
			organization_seals_id: input.seal_id,
			order: input.order,
			deleted: false,
			created_at: this.now,
			updated_at: this.now,
		};
		this.entity.sealParticipants.push(record);
		return record;
	}

	/** After all sections: every field's recipient still exists; order values are not checked further. */
	finalCheck(): void {
		for (const f of this.entity.fields) {
			if (f.recipient_id && !this.participant(f.recipient_id)) f.recipient_id = null;
		}
	}
}

function conditionRefers(condition: unknown, ids: Set<string>): boolean {
	if (!isObject(condition) || !Array.isArray(condition.groups)) return false;
	return condition.groups.some(
		(g) =>
			isObject(g) &&
			Array.isArray(g.conditions) &&
			g.conditions.some(
				(c) => isObject(c) && typeof c.field_id === 'string' && ids.has(c.field_id),
			),
	);
}

/** Copies the session's entity (a clone) back onto the stored record. */
export function commit<T extends DocumentEntity>(target: T, edited: T): void {
	Object.assign(target, edited);
}

/** `true` when at least one signer-like participant exists. */
export function hasSigner(entity: DocumentEntity): boolean {
	return entity.recipients.some((r) => r.designation === 'Signer');
}

export { readBool, isSignerLike };
