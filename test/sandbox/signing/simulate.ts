/**
 * Simulated signers: what recipients do in the signing app, in process.
 *
 *   sandbox.simulate.view(srId, recipientId)
 *   sandbox.simulate.sign(srId, recipientId, { fields: { [fieldId]: 'value' }, files: { [fieldId]: {...} } })
 *   sandbox.simulate.decline(srId, recipientId, 'reason')
 *   sandbox.simulate.expire(srId)          // sent_on moved into the past: status expired
 *   sandbox.simulate.signAll(srId)         // every pending signer/approver, in order
 *
 * The same actions are served over HTTP under /_sandbox/ (routes/simulate.ts).
 *
 * Rules:
 * - only sent, open requests (status in_progress) can be viewed, signed or declined (409 otherwise);
 * - only Signers and Approvers act (409 NOT_A_SIGNER for a CC); each once (409 ALREADY_FINISHED);
 * - with settings.use_signing_order only recipients at the current (lowest unfinished) order may
 *   act (409 NOT_YOUR_TURN);
 * - signing views first when the recipient has not viewed yet (signing_request.viewed);
 * - fields: values by field id (or variable_name); required fields left empty get sample values
 *   (signature "/s/ <name>", today's date, "Sample text", the first dropdown option, a checked
 *   checkbox, a generated PNG for file/image fields); a given value for another recipient's field
 *   or a file for a non-file field is a 400;
 * - when every Signer/Approver has signed: status finished, the signed PDF is rendered, the
 *   certificate is generated (events signing_request.completed, then .certificate.generated);
 * - a decline stops the request (status declined; signing_request.recipient.declined).
 * Errors are `ApiError`s (404 NOT_FOUND, 409 …, 400 VALIDATION_ERROR).
 */
import { ApiError, notFound, validationError } from '../errors';
import {
	type FieldRecord,
	type FileValue,
	type ParticipantRecord,
	type SigningRequestRecord,
	type SigningStore,
	fullName,
	isSignerLike,
} from './models';
import { buildPdf, isPdf } from './pdf';
import { isPng, markPng } from './png';
import { renderSigningRequestPdf } from './render';
import { participantAttribute } from './serialize';

export interface UploadedFile {
	file_name?: string;
	file_type?: string;
	/** Raw bytes, or base64 text (a data: URI prefix is accepted). */
	content: Buffer | string;
}

export interface SignOptions {
	/** Values by field id or variable_name. Booleans for checkboxes; strings otherwise. */
	fields?: Record<string, string | number | boolean>;
	/** Uploads for `file` (and `image`) fields, by field id. */
	files?: Record<string, UploadedFile>;
}

export interface SimulationResult {
	signing_request_id: string;
	recipient_id: string | null;
	/** Status of the request afterwards (list vocabulary). */
	status: string;
}

export interface SigningSimulator {
	view(signingRequestId: string, recipientId: string): SimulationResult;
	sign(signingRequestId: string, recipientId: string, options?: SignOptions): SimulationResult;
	decline(signingRequestId: string, recipientId: string, reason?: string): SimulationResult;
	/** Moves sent_on back so that the request is expired now (emits signing_request.expired). */
	expire(signingRequestId: string): SimulationResult;
	/** Signs for every pending Signer/Approver in signing order; returns the final result. */
	signAll(signingRequestId: string): SimulationResult;
}

const MAX_FILE_BYTES = 10 * 1024 * 1024;

function conflict(code: string, message: string, details?: Record<string, unknown>): ApiError {
	return new ApiError(409, { error: 'Conflict', code, message, ...(details ? { details } : {}) });
}

export function createSimulator(store: SigningStore): SigningSimulator {
	const load = (srId: string): SigningRequestRecord => {
		const sr = store.getSigningRequest(srId);
		if (!sr || sr.deleted_on !== null) throw notFound('Signing request');
		return sr;
	};
	const recipientOf = (sr: SigningRequestRecord, recipientId: string): ParticipantRecord => {
		const p = sr.recipients.find((r) => r.id === recipientId);
		if (!p) throw notFound('Recipient');
		return p;
	};
	const result = (sr: SigningRequestRecord, p: ParticipantRecord | null): SimulationResult => ({
		signing_request_id: sr.id,
		recipient_id: p?.id ?? null,
		status: store.statusOf(sr),
	});
	const requireOpen = (sr: SigningRequestRecord) => {
		const status = store.statusOf(sr);
		if (status !== 'in_progress') {
			throw conflict(
				'NOT_SIGNABLE',
				`The signing request is ${status === 'not_sent' ? 'not sent yet' : status}; signers cannot act on it`,
				{
					status,
				},
			);
		}
	};
	const requireTurn = (sr: SigningRequestRecord, p: ParticipantRecord) => {
		if (!isSignerLike(p)) throw conflict('NOT_A_SIGNER', `${p.designation} recipients do not sign`);
		if (p.finished_on !== null)
			throw conflict('ALREADY_FINISHED', 'This recipient has already signed');
		if (p.declined_on !== null) throw conflict('ALREADY_FINISHED', 'This recipient has declined');
		const current = store.currentOrder(sr);
		if (sr.settings.use_signing_order && p.order !== current) {
			throw conflict('NOT_YOUR_TURN', `Signing order: recipients at order ${current} act first`, {
				current_order: current,
				recipient_order: p.order,
			});
		}
	};
	const signerActor = (p: ParticipantRecord) => ({
		type: 'recipient',
		id: p.id,
		email: p.email,
		name: fullName(p),
	});

	function markViewed(sr: SigningRequestRecord, p: ParticipantRecord): void {
		if (p.viewed_on !== null) return;
		p.viewed_on = store.now();
		sr.last_signing_action_on = p.viewed_on;
		store.audit(sr, {
			source: 'signer',
			event: 'viewed',
			description: `${fullName(p)} (${p.email}) opened the document`,
			actor: signerActor(p),
		});
		store.emitSigningRequest('signing_request.viewed', sr, {
			recipient: store.recipientEventData(p),
		});
	}

	function view(srId: string, recipientId: string): SimulationResult {
		const sr = load(srId);
		const p = recipientOf(sr, recipientId);
		requireOpen(sr);
		markViewed(sr, p);
		return result(sr, p);
	}

	function sign(srId: string, recipientId: string, options: SignOptions = {}): SimulationResult {
		const sr = load(srId);
		const p = recipientOf(sr, recipientId);
		requireOpen(sr);
		requireTurn(sr, p);
		const now = store.now();
		const mine = sr.fields.filter((f) => f.recipient_id === p.id);

		// Validate what was given before changing anything.
		const errors: Record<string, string> = {};
		const values = new Map<FieldRecord, string>();
		for (const [key, raw] of Object.entries(options.fields ?? {})) {
			const field = mine.find((f) => f.id === key) ?? mine.find((f) => f.variable_name === key);
			if (!field) {
				errors[`fields.${key}`] = 'not a field of this recipient';
				continue;
			}
			if (field.type === 'file') {
				errors[`fields.${key}`] = 'file fields take an upload in `files`';
				continue;
			}
			if (field.read_only) {
				errors[`fields.${key}`] = 'read-only field';
				continue;
			}
			let value = typeof raw === 'boolean' ? String(raw) : String(raw);
			if (field.type === 'checkbox' || field.type === 'approval_checkmark') {
				if (!['true', 'false'].includes(value))
					errors[`fields.${key}`] = 'checkbox values are true or false';
			}
			if (
				field.type === 'dropdown' &&
				Array.isArray(field.dropdown_options) &&
				!field.dropdown_options.includes(value)
			) {
				errors[`fields.${key}`] =
					`must be one of: ${(field.dropdown_options as string[]).join(', ')}`;
			}
			if (field.type === 'number' && !Number.isFinite(Number(value)))
				errors[`fields.${key}`] = 'must be a number';
			value = value.slice(0, 10000);
			values.set(field, value);
		}
		const uploads = new Map<FieldRecord, FileValue>();
		for (const [key, upload] of Object.entries(options.files ?? {})) {
			const field = mine.find((f) => f.id === key);
			if (!field) {
				errors[`files.${key}`] = 'not a field of this recipient';
				continue;
			}
			if (field.type !== 'file' && field.type !== 'image') {
				errors[`files.${key}`] = `field type is ${field.type}, not file`;
				continue;
			}
			const bytes =
				typeof upload.content === 'string' ? decodeBase64(upload.content) : upload.content;
			if (!bytes || bytes.length === 0) {
				errors[`files.${key}`] = 'content must be non-empty base64';
				continue;
			}
			if (bytes.length > MAX_FILE_BYTES) {
				errors[`files.${key}`] = 'files are limited to 10 MB';
				continue;
			}
			const kind = isPdf(bytes) ? 'pdf' : isPng(bytes) || isJpeg(bytes) ? 'image' : 'other';
			const accepted =
				field.type === 'image'
					? 'image'
					: String(field.format_rules?.acceptedFileTypes ?? 'image_and_pdf');
			const ok = kind !== 'other' && (accepted === 'image_and_pdf' || accepted === kind);
			if (!ok) {
				errors[`files.${key}`] =
					`file content (${kind}) is not accepted (acceptedFileTypes: ${accepted}; checked by magic bytes)`;
				continue;
			}
			const type =
				upload.file_type ??
				(kind === 'pdf' ? 'application/pdf' : isPng(bytes) ? 'image/png' : 'image/jpeg');
			uploads.set(field, {
				content: bytes,
				file_type: type,
				file_name: upload.file_name ?? `upload.${type.split('/')[1]}`,
			});
		}
		if (Object.keys(errors).length > 0) throw validationError(errors, 'Invalid signing input');

		markViewed(sr, p);
		for (const f of mine) {
			const given = values.get(f);
			const upload = uploads.get(f);
			if (upload) {
				f.file = upload;
				f.value = upload.file_name;
			} else if (given !== undefined) {
				f.value = given;
			} else if (f.value === null) {
				const sample = sampleValue(f, p, now);
				if (sample !== null) {
					if (f.type === 'file' || f.type === 'image') {
						f.file = sample as FileValue;
						f.value = (sample as FileValue).file_name;
					} else f.value = sample as string;
				}
			}
			if (f.value !== null || f.file) f.filled_at = now;
		}
		p.finished_on = now;
		p.marks = { signature: true, initials: mine.some((f) => f.type === 'initial') };
		sr.last_signing_action_on = now;
		store.audit(sr, {
			source: 'signer',
			event: 'signed',
			description: `${fullName(p)} (${p.email}) signed the document`,
			actor: signerActor(p),
			details: { fields_completed: mine.filter((f) => f.filled_at === now).length },
		});
		store.emitSigningRequest('signing_request.recipient.signed', sr, {
			recipient: store.recipientEventData(p),
		});

		const pending = sr.recipients.filter((r) => isSignerLike(r) && r.finished_on === null);
		if (pending.length === 0) complete(sr);
		else scheduleAutoSign(store, sr, api);
		return result(sr, p);
	}

	function complete(sr: SigningRequestRecord): void {
		const now = store.now();
		sr.finished_on = now;
		for (const seal of sr.sealParticipants) seal.updated_at = now;
		store.audit(sr, {
			source: 'admin',
			event: 'completed',
			description: 'Every signer finished; the signed document is ready',
			actor: { type: 'system' },
		});
		store.emitSigningRequest('signing_request.completed', sr);
		sr.finalPdf = {
			bytes: renderSigningRequestPdf(store, sr, { partial: false }),
			generatedAt: now,
		};
		sr.certificate = { generated: true, generated_on: now, has_error: false };
		store.audit(sr, {
			source: 'admin',
			event: 'certificate_generated',
			description: 'The completion certificate was generated',
			actor: { type: 'system' },
		});
		store.emitSigningRequest('signing_request.certificate.generated', sr);
	}

	function decline(srId: string, recipientId: string, reason?: string): SimulationResult {
		const sr = load(srId);
		const p = recipientOf(sr, recipientId);
		requireOpen(sr);
		requireTurn(sr, p);
		if (reason !== undefined && (typeof reason !== 'string' || reason.length > 1000)) {
			throw validationError({ reason: 'reason must be a string of at most 1000 characters' });
		}
		markViewed(sr, p);
		const now = store.now();
		p.declined_on = now;
		p.decline_reason = reason?.trim() || null;
		sr.declined_on = now;
		sr.last_signing_action_on = now;
		store.audit(sr, {
			source: 'signer',
			event: 'declined',
			description: `${fullName(p)} (${p.email}) declined to sign${p.decline_reason ? `: ${p.decline_reason}` : ''}`,
			actor: signerActor(p),
			details: { decline_reason: p.decline_reason },
		});
		store.emitSigningRequest('signing_request.recipient.declined', sr, {
			recipient: store.recipientEventData(p),
			decline_reason: p.decline_reason,
		});
		return result(sr, p);
	}

	function expire(srId: string): SimulationResult {
		const sr = load(srId);
		requireOpen(sr);
		sr.sent_on = store.now() - sr.expiration_hours * 3600_000 - 1000;
		store.sweep();
		return result(sr, null);
	}

	function signAll(srId: string): SimulationResult {
		let last = result(load(srId), null);
		for (let guard = 0; guard < 1000; guard++) {
			const sr = load(srId);
			if (store.statusOf(sr) !== 'in_progress') break;
			const next = store.actionableRecipients(sr);
			if (next.length === 0) break;
			for (const p of next) last = sign(srId, p.id);
		}
		return last;
	}

	const api: SigningSimulator = { view, sign, decline, expire, signAll };
	return api;
}

/**
 * With `autoSignAfterMs`, the recipients who may act now sign after that delay, then the next
 * order group after another delay, until the request is finished (or stopped otherwise).
 * Called after sending and after each signature.
 */
const autoSignPending = new WeakSet<SigningRequestRecord>();

export function scheduleAutoSign(
	store: SigningStore,
	sr: SigningRequestRecord,
	simulator: SigningSimulator,
): void {
	const delay = store.autoSignAfterMs;
	if (!delay || autoSignPending.has(sr)) return; // one pending step per request
	autoSignPending.add(sr);
	store.schedule(() => {
		autoSignPending.delete(sr);
		if (store.statusOf(sr) !== 'in_progress') return;
		const group = store.actionableRecipients(sr);
		for (const p of group) {
			try {
				simulator.sign(sr.id, p.id);
			} catch {
				// somebody else acted first; the next scheduled step picks up
			}
		}
	}, delay);
}

function decodeBase64(text: string): Buffer | undefined {
	const body = text.replace(/^data:[^;,]*;base64,/i, '').replace(/\s+/g, '');
	if (!/^[A-Za-z0-9+/_-]*={0,2}$/.test(body)) return undefined;
	return Buffer.from(body, 'base64');
}

function isJpeg(bytes: Buffer): boolean {
	return bytes.length > 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff;
}

function formatDate(ms: number, format: string): string {
	const d = new Date(ms);
	const dd = String(d.getUTCDate()).padStart(2, '0');
	const mm = String(d.getUTCMonth() + 1).padStart(2, '0');
	const yyyy = String(d.getUTCFullYear());
	const months = [
		'January',
		'February',
		'March',
		'April',
		'May',
		'June',
		'July',
		'August',
		'September',
		'October',
		'November',
		'December',
	];
	const month = months[d.getUTCMonth()];
	switch (format) {
		case 'dd/MM/yyyy':
			return `${dd}/${mm}/${yyyy}`;
		case 'yyyy-MM-dd':
			return `${yyyy}-${mm}-${dd}`;
		case 'MMMM dd, yyyy':
			return `${month} ${dd}, ${yyyy}`;
		case 'MMM dd, yyyy':
			return `${month.slice(0, 3)} ${dd}, ${yyyy}`;
		case 'dd MMMM yyyy':
			return `${dd} ${month} ${yyyy}`;
		default:
			return `${mm}/${dd}/${yyyy}`;
	}
}

/** What a signer would enter when the field is left to the simulation; null = leave empty. */
function sampleValue(f: FieldRecord, p: ParticipantRecord, now: number): string | FileValue | null {
	if (f.read_only) {
		if (f.read_only_value) return f.read_only_value;
		if (f.prefilled_data) return participantAttribute(p, f.prefilled_data);
		return null;
	}
	if (f.variable_name) {
		const attr = participantAttribute(p, f.variable_name);
		if (attr) return attr;
	}
	switch (f.type) {
		case 'signature':
		case 'approval_signature':
			return `/s/ ${fullName(p)}`;
		case 'initial':
			return (p.first_name[0] ?? '') + (p.last_name[0] ?? '');
		case 'stamp':
			return `stamp:${fullName(p)}`;
		case 'date':
		case 'approval_date':
			return formatDate(now, String(f.format_rules?.dateFormat ?? 'MM/dd/yyyy'));
		case 'approval_checkmark':
			return 'true';
		case 'checkbox':
			return f.required ? 'true' : null;
		case 'dropdown':
			return f.required && Array.isArray(f.dropdown_options) && f.dropdown_options.length > 0
				? String(f.dropdown_options[0])
				: null;
		case 'radio_buttons':
			return f.required ? 'option_1' : null;
		case 'number':
			return f.required ? '42' : null;
		case 'text':
		case 'text_area':
			return f.required ? 'Sample text' : null;
		case 'file':
		case 'image':
			if (!f.required && f.type === 'file') return null;
			if (f.type === 'file' && f.format_rules?.acceptedFileTypes === 'pdf') {
				return {
					content: buildPdf([{ texts: [{ x: 72, y: 720, text: `Uploaded by ${fullName(p)}` }] }]),
					file_name: 'attachment.pdf',
					file_type: 'application/pdf',
				};
			}
			return {
				content: markPng(`${p.id}:${f.id}`, 'file'),
				file_name: 'attachment.png',
				file_type: 'image/png',
			};
		default:
			return null;
	}
}
