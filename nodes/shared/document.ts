/**
 * The document of a signing request, as GET /signing-requests/{id}/download describes it
 * (`status`, `is_partial`, `download_url`, `generated_at`, `expires_at`), and who it still waits
 * for (GET /signing-requests/{id}/users). While a request is open, and after it was declined,
 * cancelled or expired, the service hands out the document signed so far, watermarked "PARTIAL
 * DOCUMENT": only a finished, non-partial document is the signed one. Every place that downloads
 * or attaches the PDF (Download, both triggers' Attach Signed PDF, Send and Wait) decides with
 * `readDownload` and names the file with `documentFileName`, so an unfinished document is never
 * passed on as the signed one.
 */
import type { INodeProperties } from 'n8n-workflow';

/** The download answer's `status` values (response-shapes.md, SigningRequestDownloadResponse). */
export const DOCUMENT_STATES = [
	'finished',
	'in_progress',
	'cancelled',
	'declined',
	'expired',
] as const;
export type DocumentState = (typeof DOCUMENT_STATES)[number];

/** The download answer, read by its documented names. */
export interface DocumentDownload {
	status: DocumentState;
	isPartial: boolean;
	url: string;
	/** The signed document: status "finished" and not partial. Anything else is unfinished. */
	final: boolean;
}

/** A download answer the node cannot read (a 2xx it cannot read is an error). */
export class UnreadableDownloadError extends Error {
	constructor(
		readonly problems: string[],
		readonly answer: unknown,
	) {
		super(`The service's download answer could not be read: ${problems.join('; ')}`);
		this.name = 'UnreadableDownloadError';
	}
}

const isObject = (value: unknown): value is Record<string, unknown> =>
	typeof value === 'object' && value !== null && !Array.isArray(value);

const shown = (value: unknown): string =>
	value === undefined ? 'missing' : JSON.stringify(value).slice(0, 60);

/**
 * Reads the answer of GET /signing-requests/{id}/download. `status`, `is_partial` and
 * `download_url` are required; an answer without them, or with a status outside the documented
 * ones, throws `UnreadableDownloadError` (nothing is assumed to be final).
 */
export function readDownload(body: unknown): DocumentDownload {
	const answer = isObject(body) ? body : {};
	const problems: string[] = [];
	const status = answer.status;
	if (typeof status !== 'string' || !(DOCUMENT_STATES as readonly string[]).includes(status)) {
		problems.push(`"status" is ${shown(status)}, not one of ${DOCUMENT_STATES.join(', ')}`);
	}
	if (typeof answer.is_partial !== 'boolean') {
		problems.push(`"is_partial" is ${shown(answer.is_partial)}, not true or false`);
	}
	const url = typeof answer.download_url === 'string' ? answer.download_url.trim() : '';
	if (!/^https?:\/\//i.test(url)) {
		problems.push(`"download_url" is ${shown(answer.download_url)}, not a link`);
	}
	if (problems.length) throw new UnreadableDownloadError(problems, body);
	const isPartial = answer.is_partial === true;
	return {
		status: status as DocumentState,
		isPartial,
		url,
		final: status === 'finished' && !isPartial,
	};
}

/** Whether the bytes are a PDF (its header within the first KiB), not an error page. */
export function looksLikePdf(data: Buffer): boolean {
	return data.subarray(0, 1024).toString('latin1').includes('%PDF-');
}

/** The state in words: "in progress", "declined", … */
export const STATE_WORDS: Record<DocumentState, string> = {
	finished: 'finished',
	in_progress: 'in progress',
	cancelled: 'cancelled',
	declined: 'declined',
	expired: 'expired',
};

/** What an unfinished document is, for file names and labels: "partial - in progress". */
export function unfinishedLabel(download: Pick<DocumentDownload, 'status'>): string {
	return download.status === 'finished' ? 'partial' : `partial - ${STATE_WORDS[download.status]}`;
}

/**
 * Why a download is not the signed document, as the end of a sentence about the request:
 * "is still in progress", "was declined", …
 */
export function unfinishedState(download: Pick<DocumentDownload, 'status'>): string {
	switch (download.status) {
		case 'in_progress':
			return 'is still in progress';
		case 'declined':
			return 'was declined';
		case 'cancelled':
			return 'was cancelled';
		case 'expired':
			return 'expired before everyone signed';
		default:
			return 'is finished, but the service has not completed the signed document yet';
	}
}

/** Whether the request can still become finished (waiting helps). */
export function canStillFinish(download: Pick<DocumentDownload, 'status'>): boolean {
	return download.status === 'in_progress' || download.status === 'finished';
}

/**
 * The PDF's file name, from the request's name (or its id when it has none), made safe for file
 * systems (no control characters, no \ / : * ? " < > |, no trailing dots or spaces, at most 150
 * characters before the suffix). An unfinished document says so before the extension:
 * "NDA for Grace (partial - in progress).pdf".
 */
export function documentFileName(
	name: unknown,
	id: string,
	download?: Pick<DocumentDownload, 'status' | 'final'>,
): string {
	const clean = (text: string) =>
		text
			.replace(/[\\/:*?"<>|\p{Cc}]/gu, ' ')
			.replace(/\s+/g, ' ')
			.trim()
			.replace(/[. ]+$/, '');
	let base = clean(typeof name === 'string' ? name : '');
	if (/\.pdf$/i.test(base)) base = clean(base.slice(0, -4));
	base = clean((base || `signing-request-${id}`).slice(0, 150));
	const suffix = download && !download.final ? ` (${unfinishedLabel(download)})` : '';
	return `${base}${suffix}.pdf`;
}

/** A recipient as GET /signing-requests/{id}/users gives it (SigningRequestUser). */
interface Recipient {
	label: string;
	order: number;
	declineReason?: string;
}

/** Who a document waits for, and who declined it. */
export interface RecipientProgress {
	/** Signers and Approvers who have neither finished nor declined, in signing order. */
	pending: string[];
	/** Recipients who declined, with their reason: `Bob Byron (bob@example.com): "Not me"`. */
	declined: string[];
}

function personOf(user: Record<string, unknown>): string {
	const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');
	const name =
		text(user.name) || [text(user.first_name), text(user.last_name)].filter(Boolean).join(' ');
	const email = text(user.email);
	const designation = text(user.designation);
	const details = [email, designation === 'Approver' ? 'Approver' : ''].filter(Boolean).join(', ');
	if (!name) return details || 'an unnamed recipient';
	return details ? `${name} (${details})` : name;
}

const set = (value: unknown) => value !== undefined && value !== null && value !== '';

/** Reads the answer of GET /signing-requests/{id}/users (`results`: SigningRequestUser[]). */
export function recipientProgress(body: unknown): RecipientProgress {
	const results = isObject(body) && Array.isArray(body.results) ? body.results : [];
	const pending: Recipient[] = [];
	const declined: Recipient[] = [];
	for (const user of results) {
		if (!isObject(user)) continue;
		const order = Number.isFinite(Number(user.order)) ? Number(user.order) : Infinity;
		if (set(user.declined_on)) {
			const reason = typeof user.decline_reason === 'string' ? user.decline_reason.trim() : '';
			declined.push({ label: personOf(user), order, declineReason: reason });
		} else if (
			(user.designation === 'Signer' || user.designation === 'Approver') &&
			!set(user.finished_on)
		) {
			pending.push({ label: personOf(user), order });
		}
	}
	const byOrder = (a: Recipient, b: Recipient) => a.order - b.order;
	return {
		pending: pending.sort(byOrder).map((r) => r.label),
		declined: declined
			.sort(byOrder)
			.map((r) => `${r.label}: ${r.declineReason ? `"${r.declineReason}"` : 'no reason given'}`),
	};
}

/** "A, B and C", at most `max` names, then "and N more". */
export function listOf(names: string[], max = 10): string {
	const shownNames = names.slice(0, max);
	const more = names.length - shownNames.length;
	if (more > 0) return `${shownNames.join(', ')} and ${more} more`;
	if (shownNames.length <= 1) return shownNames.join('');
	return `${shownNames.slice(0, -1).join(', ')} and ${shownNames[shownNames.length - 1]}`;
}

/**
 * Why a PDF was not attached (triggers, Send and Wait): the download is not the signed document.
 */
export function notAttachedReason(
	download: Pick<DocumentDownload, 'status' | 'isPartial'>,
): string {
	return `The signed PDF was not attached: the signing request ${unfinishedState(download)}; the service offers only a partial, watermarked copy (download status "${download.status}", is_partial ${download.isPartial})`;
}

/**
 * The "Attach Signed PDF" option of each place that can attach the signed document (both triggers,
 * Send and Wait): `when` says which document, `otherwise` what happens when there is none there.
 */
export function attachSignedPdfOption(when: string, otherwise: string): INodeProperties {
	return {
		displayName: 'Attach Signed PDF',
		name: 'attachSignedPdf',
		type: 'boolean',
		default: false,
		description: `Whether to download the signed PDF ${when} and output it as binary data. Only the finished, signed document is attached, never a partial copy. ${otherwise}`,
	};
}

/** Where an attached signed PDF goes (with Attach Signed PDF). */
export const signedPdfFieldOption: INodeProperties = {
	displayName: 'Put PDF in Field',
	name: 'binaryPropertyName',
	type: 'string',
	default: 'data',
	description: 'Name of the binary field for the signed PDF (with Attach Signed PDF)',
};
