/**
 * Legacy `POST /documents` (service-api.md: "legacy and deprecated, use /signing-requests").
 *
 * Body: `name` (REQ, ≤255), `recipients` (REQ, ≥1, each `{name (REQ, ≤201), email (REQ)}`),
 * optional `document` (base64 PDF). Creates a draft signing request (Signers in list order) and
 * answers 201 with the create form of POST /signing-requests, plus the headers
 * `Deprecation: true` and `X-Deprecated-Message: POST /documents is deprecated; use POST /signing-requests`.
 * Without a document the sandbox generates a blank one-page PDF showing the name (page_count 1).
 * 400 VALIDATION_ERROR with per-field details (also carrying the deprecation headers).
 *
 * The API reference's presigned-upload meaning of this path (S20) is not implemented.
 */
import { ApiError } from '../errors';
import type { RequestContext, Router } from '../router';
import { Validator, objectBody } from '../validation';
import { adminActor, storeOf } from '../signing/context';
import { EditSession } from '../signing/edit';
import { blankSigningRequest } from '../signing/factory';
import { decodePdfDocument, simplePdf } from '../signing/pdf';
import { signingRequestCreateJson } from '../signing/serialize';
import { EMAIL_RE, isObject, readArray, readStr } from '../signing/validation';

export const LEGACY_DOCUMENTS_HEADERS = {
	Deprecation: 'true',
	'X-Deprecated-Message': 'POST /documents is deprecated; use POST /signing-requests',
};

export function registerDocumentRoutes(router: Router): void {
	router.post('/documents', (ctx) => {
		try {
			return legacyCreate(ctx);
		} catch (err) {
			if (err instanceof ApiError)
				throw new ApiError(err.status, err.body, { ...err.headers, ...LEGACY_DOCUMENTS_HEADERS });
			throw err;
		}
	});
}

function legacyCreate(ctx: RequestContext) {
	const body = objectBody(ctx.body);
	const v = new Validator();
	const name = readStr(v, body, 'name', 'name', { required: true, max: 255 });
	const recipients =
		readArray(v, body, 'recipients', 'recipients', { required: true, minItems: 1 }) ?? [];
	const parsed: Array<{ first: string; last: string; email: string }> = [];
	recipients.forEach((raw, i) => {
		const path = `recipients[${i}]`;
		if (!isObject(raw)) {
			v.fail(path, 'must be an object {name, email}');
			return;
		}
		const full = readStr(v, raw, 'name', `${path}.name`, { required: true, max: 201 });
		const email = readStr(v, raw, 'email', `${path}.email`, { required: true, max: 255 });
		if (typeof email === 'string' && email !== '' && !EMAIL_RE.test(email))
			v.fail(`${path}.email`, `email "${email}" is not a valid email address`);
		if (
			typeof full === 'string' &&
			full !== '' &&
			typeof email === 'string' &&
			EMAIL_RE.test(email)
		) {
			const [first, ...rest] = full.split(/\s+/);
			parsed.push({ first, last: rest.join(' '), email });
		}
	});
	let document = {
		bytes: simplePdf(typeof name === 'string' ? name : 'Document', 1),
		pageCount: 1,
	};
	if (body.document !== undefined && body.document !== null) {
		const decoded = decodePdfDocument(body.document);
		if (!decoded.ok) v.fail('document', `document ${decoded.error}`);
		else document = { bytes: decoded.bytes, pageCount: decoded.pageCount };
	}
	v.throwIfInvalid();
	const store = storeOf(ctx);
	const sr = blankSigningRequest(store, {
		workspaceId: ctx.auth.workspace.id,
		name: name as string,
		document: document.bytes,
		pageCount: document.pageCount,
		testMode: ctx.auth.testMode,
	});
	const session = new EditSession(sr, v, store.now());
	parsed.forEach((r, i) =>
		session.applyParticipant({
			path: `recipients[${i}]`,
			values: {
				first_name: r.first,
				last_name: r.last,
				email: r.email,
				designation: 'Signer',
				order: i + 1,
			},
		}),
	);
	v.throwIfInvalid();
	store.signingRequests.push(sr);
	store.audit(sr, {
		source: 'admin',
		event: 'created',
		description: 'Signing request created (legacy POST /documents)',
		actor: adminActor(ctx),
	});
	store.emitSigningRequest('signing_request.created', sr);
	return {
		status: 201,
		body: signingRequestCreateJson(store, sr, session.warnings),
		headers: { ...LEGACY_DOCUMENTS_HEADERS },
	};
}
