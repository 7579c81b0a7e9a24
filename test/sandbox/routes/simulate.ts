/**
 * Simulated signers over HTTP, under `/_sandbox/` (no API key; outside the API pipeline, see
 * router.ts). Same rules as `sandbox.simulate` (signing/simulate.ts).
 *
 *   GET  /_sandbox/signing-requests/:id                                    state, current order, who may act
 *   POST /_sandbox/signing-requests/:id/recipients/:recipientId/view
 *   POST /_sandbox/signing-requests/:id/recipients/:recipientId/sign       {fields?: {<field id|variable_name>: value},
 *                                                                           files?: {<field id>: {file_name?, file_type?, content: base64}}}
 *   POST /_sandbox/signing-requests/:id/recipients/:recipientId/decline    {reason?}
 *   POST /_sandbox/signing-requests/:id/sign-all                           every pending signer, in order
 *   POST /_sandbox/signing-requests/:id/expire                             expire now
 *   GET  /_sandbox/signing/:id/:recipientId                                the signing link (recipients[].signing_link):
 *                                                                           a page with the document, Sign and Decline
 *                                                                           for a browser; JSON (the recipient, the
 *                                                                           request, these action URLs) for a client
 *                                                                           that asks for JSON or names no HTML
 *   GET  /_sandbox/signing                                                 the requests that wait for signatures
 *   GET  /_sandbox/signing/:id/:recipientId/document                       the page's document (PDF)
 *   POST /_sandbox/signing/:id/:recipientId/sign | decline                 the page's buttons (form posts; 303 back)
 *
 * Answers `{message, signing_request_id, recipient_id, status}`; errors use the API error shape
 * (404 NOT_FOUND, 409 NOT_SIGNABLE / NOT_A_SIGNER / ALREADY_FINISHED / NOT_YOUR_TURN, 400 VALIDATION_ERROR).
 * Every action goes through the one simulator (signing/simulate.ts): the same events, whichever
 * way a recipient acts. The page: signing/page.ts.
 */
import { ApiError, notFound, validationError } from '../errors';
import type { InternalRequest, InternalResponse, Router } from '../router';
import {
	fullName,
	safeFileName,
	type ParticipantRecord,
	type SigningRequestRecord,
} from '../signing/models';
import { iso, recipientStatus, signingLink, sortedParticipants } from '../signing/serialize';
import type { SignOptions, UploadedFile } from '../signing/simulate';
import { isObject } from '../signing/validation';
import { openRequestsPage, pagePath, prefersHtml, signingPage } from '../signing/page';

function summary(req: InternalRequest, sr: SigningRequestRecord): Record<string, unknown> {
	const store = req.store;
	const open = store.statusOf(sr) === 'in_progress';
	const actionable = new Set(open ? store.actionableRecipients(sr).map((r) => r.id) : []);
	return {
		id: sr.id,
		name: sr.name,
		status: store.statusOf(sr),
		test_mode: sr.test_mode,
		use_signing_order: sr.settings.use_signing_order,
		current_order: open ? store.currentOrder(sr) : null,
		expires_at: iso(store.expiresAt(sr)),
		recipients: sortedParticipants(sr).map((p) => ({
			id: p.id,
			name: fullName(p),
			email: p.email,
			designation: p.designation,
			order: p.order,
			status: recipientStatus(p),
			may_act: actionable.has(p.id),
			signing_link: signingLink(store, sr, p),
			fields: sr.fields
				.filter((f) => f.recipient_id === p.id)
				.map((f) => ({
					id: f.id,
					type: f.type,
					required: f.required,
					page_number: f.page_number,
					value: f.value,
				})),
		})),
	};
}

function load(req: InternalRequest): SigningRequestRecord {
	const sr = req.store.getSigningRequest(req.params.id);
	if (!sr || sr.deleted_on !== null) throw notFound('Signing request');
	return sr;
}

function signOptions(body: unknown): SignOptions {
	if (body === undefined || body === null) return {};
	if (!isObject(body)) throw validationError({ body: 'must be a JSON object' });
	const out: SignOptions = {};
	const errors: Record<string, string> = {};
	if (body.fields !== undefined) {
		if (!isObject(body.fields)) errors.fields = 'fields must be an object of field id → value';
		else {
			for (const [k, v] of Object.entries(body.fields)) {
				if (!['string', 'number', 'boolean'].includes(typeof v))
					errors[`fields.${k}`] = 'must be a string, number or boolean';
			}
			out.fields = body.fields as SignOptions['fields'];
		}
	}
	if (body.files !== undefined) {
		if (!isObject(body.files))
			errors.files = 'files must be an object of field id → {file_name, file_type, content}';
		else {
			out.files = {};
			for (const [k, v] of Object.entries(body.files)) {
				if (!isObject(v) || typeof v.content !== 'string') {
					errors[`files.${k}`] = 'must be {file_name?, file_type?, content: base64}';
					continue;
				}
				const upload: UploadedFile = { content: v.content };
				if (typeof v.file_name === 'string') upload.file_name = v.file_name;
				if (typeof v.file_type === 'string') upload.file_type = v.file_type;
				out.files[k] = upload;
			}
		}
	}
	if (Object.keys(errors).length > 0) throw validationError(errors);
	return out;
}

/** A decline's reason from a JSON body or a form: a string, or none. */
function declineReason(body: unknown): string | undefined {
	if (body !== undefined && !isObject(body))
		throw validationError({ body: 'must be a JSON object' });
	const reason = body?.reason;
	if (reason !== undefined && reason !== null && typeof reason !== 'string')
		throw validationError({ reason: 'reason must be a string' });
	return (reason as string | null | undefined) ?? undefined;
}

function recipientOf(sr: SigningRequestRecord, recipientId: string): ParticipantRecord {
	const p = sr.recipients.find((r) => r.id === recipientId);
	if (!p) throw notFound('Recipient');
	return p;
}

function html(text: string, status = 200): InternalResponse {
	return {
		status,
		raw: Buffer.from(text, 'utf8'),
		headers: { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store' },
	};
}

/**
 * A button of the signing page: acts through the simulator like every other signing, then back to
 * the page (303), or the page with what was refused.
 */
function pageAction(
	req: InternalRequest,
	act: (sr: SigningRequestRecord, p: ParticipantRecord) => void,
): InternalResponse {
	const sr = load(req);
	const p = recipientOf(sr, req.params.recipientId);
	try {
		act(sr, p);
	} catch (err) {
		if (!(err instanceof ApiError)) throw err;
		const message = (err.body as { message?: string }).message ?? 'Refused';
		return html(signingPage(req.store, sr, p, message), err.status);
	}
	return { status: 303, raw: Buffer.alloc(0), headers: { Location: pagePath(sr, p) } };
}

export function registerSimulateRoutes(router: Router): void {
	router.internal('GET', '/_sandbox/signing-requests/:id', (req) => ({
		body: summary(req, load(req)),
	}));
	router.internal('GET', '/_sandbox/signing', (req) => {
		if (prefersHtml(req.headers.accept)) return html(openRequestsPage(req.store));
		return {
			body: {
				signing_requests: req.store.signingRequests
					.filter((sr) => sr.deleted_on === null && req.store.statusOf(sr) === 'in_progress')
					.map((sr) => summary(req, sr)),
			},
		};
	});
	router.internal('GET', '/_sandbox/signing/:id/:recipientId/document', (req) => {
		const sr = load(req);
		recipientOf(sr, req.params.recipientId);
		const signed = sr.finalPdf !== null;
		return {
			raw: signed ? sr.finalPdf!.bytes : sr.document,
			headers: {
				'Content-Type': 'application/pdf',
				'Content-Disposition': `inline; filename="${safeFileName(sr.name)}${signed ? '_signed' : ''}.pdf"`,
				'Cache-Control': 'no-store',
			},
		};
	});
	router.internal('POST', '/_sandbox/signing/:id/:recipientId/sign', (req) =>
		pageAction(req, (sr, p) => req.simulate.sign(sr.id, p.id)),
	);
	router.internal('POST', '/_sandbox/signing/:id/:recipientId/decline', (req) =>
		pageAction(req, (sr, p) => req.simulate.decline(sr.id, p.id, declineReason(req.body))),
	);
	router.internal('GET', '/_sandbox/signing/:id/:recipientId', (req) => {
		const sr = load(req);
		const p = recipientOf(sr, req.params.recipientId);
		if (prefersHtml(req.headers.accept)) {
			// A person opening the link: the page. Opening it is viewing the document.
			if (
				req.store.statusOf(sr) === 'in_progress' &&
				p.viewed_on === null &&
				req.store.actionableRecipients(sr).some((r) => r.id === p.id)
			)
				req.simulate.view(sr.id, p.id);
			return html(signingPage(req.store, sr, p));
		}
		const base = `/_sandbox/signing-requests/${sr.id}/recipients/${p.id}`;
		return {
			body: {
				message: 'Simulated signing page. POST to the action URLs below to act as this recipient.',
				recipient: {
					id: p.id,
					name: fullName(p),
					email: p.email,
					designation: p.designation,
					order: p.order,
					status: recipientStatus(p),
				},
				signing_request: summary(req, sr),
				actions: { view: `${base}/view`, sign: `${base}/sign`, decline: `${base}/decline` },
			},
		};
	});
	router.internal('POST', '/_sandbox/signing-requests/:id/recipients/:recipientId/view', (req) => {
		const r = req.simulate.view(req.params.id, req.params.recipientId);
		return { body: { message: 'Recipient viewed the document', ...r } };
	});
	router.internal('POST', '/_sandbox/signing-requests/:id/recipients/:recipientId/sign', (req) => {
		const r = req.simulate.sign(req.params.id, req.params.recipientId, signOptions(req.body));
		return {
			body: {
				message:
					r.status === 'finished'
						? 'Recipient signed; the signing request is finished'
						: 'Recipient signed',
				...r,
			},
		};
	});
	router.internal(
		'POST',
		'/_sandbox/signing-requests/:id/recipients/:recipientId/decline',
		(req) => {
			const r = req.simulate.decline(
				req.params.id,
				req.params.recipientId,
				declineReason(req.body),
			);
			return { body: { message: 'Recipient declined', ...r } };
		},
	);
	router.internal('POST', '/_sandbox/signing-requests/:id/sign-all', (req) => {
		const r = req.simulate.signAll(req.params.id);
		return { body: { message: 'Every pending signer signed', ...r } };
	});
	router.internal('POST', '/_sandbox/signing-requests/:id/expire', (req) => {
		const r = req.simulate.expire(req.params.id);
		return { body: { message: 'Signing request expired', ...r } };
	});
}
