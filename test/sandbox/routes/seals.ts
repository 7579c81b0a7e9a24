/**
 * Organization seals (api-reference §3.11 O1–O9, seal codes §E.2; events organization_seal.*).
 * State: `test/sandbox/seals/store.ts` (`sealStoreOf(sandbox.state)`).
 *
 * - GET    /seals                    {seals}: active heads (latest version of each lineage) the key
 *                                    can see: company-scope seals plus its workspace's (the protected
 *                                    key: every workspace's). `include_revoked` adds revoked heads;
 *                                    `workspace_id` keeps only that workspace's seals (403 when the
 *                                    key cannot reach it).
 * - POST   /seals                    create → 201. Company scope needs the protected key (403
 *                                    SEAL_SCOPE_FORBIDDEN); `workspace_id` required for workspace scope;
 *                                    `image` (PNG data URI, checked: 400 SEAL_IMAGE_INVALID) for
 *                                    uploaded/drawn, `typed{text, style}` for typed; statement.accepted
 *                                    must be true. is_default clears the flag of the scope's other seals.
 * - GET    /seals/:id                any version (superseded ones too); revoked ones as well.
 * - PATCH  /seals/:id                name, display_name, signatory_title, image, typed, statement (its
 *                                    text must equal the stored one), is_default. Only the head version
 *                                    (409 SEAL_MUTATION_NOT_ALLOWED), not revoked (409 SEAL_ALREADY_REVOKED).
 *                                    A new image / typed text → a new version (new id, same lineage_id).
 * - DELETE /seals/:id                revoke (soft) → seal fields + in_flight_requests (the signing requests
 *                                    in progress using the lineage, [{id, name, status, cancelled}]);
 *                                    `stop_pending=true` cancels them. Again → 409 SEAL_ALREADY_REVOKED.
 * - GET    /seals/:id/image          {kind, content_type, data_url}; logged as image_read.
 * - DELETE /seals/:id/erase          protected key (403 PROTECTED_KEY_REQUIRED); revoked lineages only
 *                                    (409 SEAL_ERASE_NOT_ELIGIBLE) → {lineage_id, versions_erased}; afterwards 404.
 * - GET    /seals/:id/applications   cursor list {applications, cursor}; limit 1–100 (25).
 * - GET    /seals/:id/access-log     cursor list {entries, cursor}, newest first.
 *
 * Company-scope seal writes (update, revoke) need the protected key too. Edge behaviour for tests:
 * `sealStoreOf(state).edge` (X-Service-Deprecation header, 503 SEAL_CREATION_DISABLED_EDGE).
 */
import { randomUUID } from 'node:crypto';

import { requireWorkspace } from '../access';
import { ApiError, validationError } from '../errors';
import type { RequestContext, RouteResult, Router } from '../router';
import { signingStoreOf } from '../signing/models';
import { isPng, markPng } from '../signing/png';
import { isObject, readBool, readEnum, readStr, readUuid } from '../signing/validation';
import { Validator, objectBody, queryBool, queryInt } from '../validation';
import {
	SEAL_KINDS,
	SEAL_SCOPES,
	sealStoreOf,
	type SealKind,
	type SealStore,
	type SealVersion,
} from '../seals/store';
import { LANGUAGES } from '../languages';

const NAME_MAX = 120;
const DISPLAY_NAME_MAX = 200;
const TITLE_MAX = 200;
const STATEMENT_TEXT_MAX = 5000;
const TYPED_TEXT_MAX = 200;
const TYPED_STYLE_MAX = 50;

export function registerSealRoutes(router: Router): void {
	router.get('/seals', listSeals);
	router.post('/seals', createSeal);
	router.get('/seals/:id', (ctx) => ({ body: sealStoreOf(ctx.state).json(requireSeal(ctx)) }));
	router.patch('/seals/:id', updateSeal);
	router.delete('/seals/:id', revokeSeal);
	router.get('/seals/:id/image', sealImage);
	router.delete('/seals/:id/erase', eraseSeal);
	router.get('/seals/:id/applications', listApplications);
	router.get('/seals/:id/access-log', listAccessLog);
}

// ---- errors and access ------------------------------------------------------------------------

function sealError(
	status: number,
	code: string,
	message: string,
	details?: Record<string, unknown>,
): ApiError {
	const error =
		status === 409
			? 'Conflict'
			: status === 403
				? 'Forbidden'
				: status === 404
					? 'Not Found'
					: status === 503
						? 'Service Unavailable'
						: 'Bad Request';
	return new ApiError(status, { error, code, message, ...(details ? { details } : {}) });
}

function canSee(ctx: RequestContext, seal: SealVersion): boolean {
	if (seal.companies_id !== ctx.auth.company.id) return false;
	return (
		seal.companies_workspaces_id === null ||
		ctx.state.canAccessWorkspace(ctx.auth, seal.companies_workspaces_id)
	);
}

function requireSeal(ctx: RequestContext): SealVersion {
	const seal = sealStoreOf(ctx.state).get(ctx.params.id);
	if (!seal || !canSee(ctx, seal))
		throw sealError(404, 'SEAL_NOT_FOUND', 'Organization seal not found');
	return seal;
}

/** Company-scope seals are written with the protected key only. */
function requireWriteAccess(
	ctx: RequestContext,
	seal: { companies_workspaces_id: string | null },
): void {
	if (seal.companies_workspaces_id === null && !ctx.auth.isProtected) {
		throw sealError(
			403,
			'SEAL_SCOPE_FORBIDDEN',
			'Company-scope seals need the protected workspace API key',
		);
	}
}

function actor(ctx: RequestContext) {
	return { kind: 'api_key' as const, id: ctx.auth.key.id };
}

function edgeHeaders(store: SealStore): Record<string, string> {
	return store.edge.deprecation ? { 'X-Service-Deprecation': store.edge.deprecation } : {};
}

function refuseOnEdge(store: SealStore): void {
	if (store.edge.creationDisabled) {
		throw sealError(
			503,
			'SEAL_CREATION_DISABLED_EDGE',
			'Seal image processing is disabled on the edge gateway; call the primary API host',
		);
	}
}

// ---- inputs -----------------------------------------------------------------------------------

const PNG_DATA_URI = /^data:image\/png;base64,([A-Za-z0-9+/=\s]+)$/;

/** The PNG behind a data URI, or a 400 SEAL_IMAGE_INVALID. */
function readPngDataUri(raw: unknown, path: string): Buffer {
	const match = typeof raw === 'string' ? PNG_DATA_URI.exec(raw.trim()) : null;
	const bytes = match ? Buffer.from(match[1].replace(/\s+/g, ''), 'base64') : undefined;
	if (!bytes || !isPng(bytes)) {
		throw sealError(
			400,
			'SEAL_IMAGE_INVALID',
			`${path} must be a PNG image as a data URI (data:image/png;base64,…)`,
			{
				[path]: match ? 'the data is not a PNG image' : 'not a data:image/png;base64 URI',
			},
		);
	}
	return bytes;
}

function readTyped(
	v: Validator,
	raw: unknown,
	path: string,
): { text: string; style: string } | undefined {
	if (!isObject(raw)) return v.fail(path, `${path} must be an object {text, style}`);
	const text = readStr(v, raw, 'text', `${path}.text`, { required: true, max: TYPED_TEXT_MAX });
	const style = readStr(v, raw, 'style', `${path}.style`, { required: true, max: TYPED_STYLE_MAX });
	return text && style ? { text, style } : undefined;
}

interface StatementInput {
	language?: string;
	signatory_name?: string;
	signatory_title?: string | null;
	text?: string;
	version?: string;
}

function readStatement(
	v: Validator,
	raw: unknown,
	opts: { create: boolean },
): StatementInput | undefined {
	if (!isObject(raw)) return v.fail('statement', 'statement must be an object');
	const language =
		readEnum(v, raw, 'language', 'statement.language', LANGUAGES, { required: opts.create }) ??
		undefined;
	const signatoryName =
		readStr(v, raw, 'signatory_name', 'statement.signatory_name', {
			required: opts.create,
			max: TITLE_MAX,
		}) ?? undefined;
	const signatoryTitle = readStr(v, raw, 'signatory_title', 'statement.signatory_title', {
		nullable: true,
		max: TITLE_MAX,
	});
	const text =
		readStr(v, raw, 'text', 'statement.text', { required: true, max: STATEMENT_TEXT_MAX }) ??
		undefined;
	const accepted = readBool(v, raw, 'accepted', 'statement.accepted', { required: true });
	if (accepted === false)
		v.fail(
			'statement.accepted',
			'accepted must be true: the signatory has to accept the statement',
		);
	let version: string | undefined;
	if (raw.version !== undefined && raw.version !== null) {
		if (typeof raw.version !== 'string' && typeof raw.version !== 'number')
			v.fail('statement.version', 'version must be a string or a number');
		else version = String(raw.version);
	}
	return {
		language,
		signatory_name: signatoryName,
		signatory_title: signatoryTitle,
		text,
		version,
	};
}

function renderTyped(typed: { text: string; style: string }): Buffer {
	return markPng(`${typed.style}:${typed.text}`, 'signature');
}

// ---- O1 list ------------------------------------------------------------------------------------

function listSeals(ctx: RequestContext): RouteResult {
	const v = new Validator();
	const includeRevoked = queryBool(v, ctx.query, 'include_revoked') ?? false;
	const workspaceId = ctx.query.workspace_id;
	if (workspaceId !== undefined)
		readUuid(v, { workspace_id: workspaceId }, 'workspace_id', 'workspace_id');
	v.throwIfInvalid();
	if (workspaceId !== undefined) requireWorkspace(ctx, workspaceId);
	const store = sealStoreOf(ctx.state);
	const seals = store
		.heads()
		.filter((s) => canSee(ctx, s))
		.filter((s) => includeRevoked || s.revoked_on === null)
		.filter((s) => workspaceId === undefined || s.companies_workspaces_id === workspaceId);
	return { body: { seals: seals.map((s) => store.json(s)) } };
}

// ---- O2 create ----------------------------------------------------------------------------------

function createSeal(ctx: RequestContext): RouteResult {
	const body = objectBody(ctx.body);
	const store = sealStoreOf(ctx.state);
	const v = new Validator();
	const name = readStr(v, body, 'name', 'name', { required: true, max: NAME_MAX });
	const displayName = readStr(v, body, 'display_name', 'display_name', {
		required: true,
		max: DISPLAY_NAME_MAX,
	});
	const signatoryTitle = readStr(v, body, 'signatory_title', 'signatory_title', {
		nullable: true,
		max: TITLE_MAX,
	});
	const kind = readEnum(v, body, 'kind', 'kind', SEAL_KINDS, { required: true });
	const scope = readEnum(v, body, 'scope', 'scope', SEAL_SCOPES, { required: true });
	const workspaceId = readUuid(v, body, 'workspace_id', 'workspace_id', {
		required: scope === 'workspace',
	});
	if (scope === 'company' && body.workspace_id !== undefined && body.workspace_id !== null) {
		v.fail('workspace_id', 'workspace_id is only for workspace-scope seals');
	}
	const isDefault = readBool(v, body, 'is_default', 'is_default') ?? false;
	let typed: { text: string; style: string } | undefined;
	if (kind === 'typed') {
		if (body.typed === undefined || body.typed === null)
			v.fail('typed', 'typed {text, style} is required for typed seals');
		else typed = readTyped(v, body.typed, 'typed');
		if (body.image !== undefined && body.image !== null)
			v.fail('image', 'image is only for uploaded or drawn seals');
	} else if (kind) {
		if (body.image === undefined || body.image === null)
			v.fail('image', `image (a PNG data URI) is required for ${kind} seals`);
		if (body.typed !== undefined && body.typed !== null)
			v.fail('typed', 'typed is only for typed seals');
	}
	const statement =
		body.statement === undefined || body.statement === null
			? v.fail('statement', 'statement is required')
			: readStatement(v, body.statement, { create: true });
	v.throwIfInvalid();

	if (scope === 'company') requireWriteAccess(ctx, { companies_workspaces_id: null });
	else requireWorkspace(ctx, workspaceId as string);
	refuseOnEdge(store);
	const image =
		kind === 'typed'
			? renderTyped(typed as { text: string; style: string })
			: readPngDataUri(body.image, 'image');

	const now = store.now();
	const seal: SealVersion = {
		id: randomUUID(),
		lineage_id: randomUUID(),
		version: 1,
		companies_id: ctx.auth.company.id,
		companies_workspaces_id: scope === 'company' ? null : (workspaceId as string),
		authority_name: ctx.auth.company.name,
		name: name as string,
		display_name: displayName as string,
		signatory_title: signatoryTitle ?? null,
		kind: kind as SealKind,
		is_default: false,
		statement: {
			language: statement?.language as string,
			signatory_name: statement?.signatory_name as string,
			signatory_title: statement?.signatory_title ?? null,
			text: statement?.text as string,
			version: statement?.version ?? '1',
			accepted_at: now,
		},
		image,
		typed: typed ?? null,
		revoked_on: null,
		created_at: now,
		deleted: false,
	};
	store.versions.push(seal);
	store.log(seal, 'created', actor(ctx), { kind: seal.kind, scope });
	if (isDefault) changeDefault(ctx, store, seal, true);
	ctx.state.events.emit('organization_seal.created', seal.companies_workspaces_id, {
		seal: store.json(seal),
	});
	return { status: 201, body: store.json(seal), headers: edgeHeaders(store) };
}

/** Sets or clears the default flag, logging default_changed for every seal whose flag moved. */
function changeDefault(
	ctx: RequestContext,
	store: SealStore,
	seal: SealVersion,
	value: boolean,
): boolean {
	if (seal.is_default === value) return false;
	if (value) {
		for (const other of store.makeDefault(seal)) {
			store.log(other, 'default_changed', actor(ctx), { is_default: false });
			ctx.state.events.emit('organization_seal.updated', other.companies_workspaces_id, {
				seal: store.json(other),
				changes: ['is_default'],
			});
		}
	} else seal.is_default = false;
	store.log(seal, 'default_changed', actor(ctx), { is_default: value });
	return true;
}

// ---- O4 update ----------------------------------------------------------------------------------

const UPDATABLE = [
	'name',
	'display_name',
	'signatory_title',
	'image',
	'typed',
	'statement',
	'is_default',
];

function updateSeal(ctx: RequestContext): RouteResult {
	const current = requireSeal(ctx);
	const store = sealStoreOf(ctx.state);
	const body = objectBody(ctx.body);
	if (!UPDATABLE.some((key) => body[key] !== undefined)) {
		throw validationError({ body: `Send at least one of: ${UPDATABLE.join(', ')}` });
	}
	const v = new Validator();
	const name = readStr(v, body, 'name', 'name', { max: NAME_MAX });
	if (name === '') v.fail('name', 'name must not be empty');
	const displayName = readStr(v, body, 'display_name', 'display_name', { max: DISPLAY_NAME_MAX });
	if (displayName === '') v.fail('display_name', 'display_name must not be empty');
	const signatoryTitle = readStr(v, body, 'signatory_title', 'signatory_title', {
		nullable: true,
		max: TITLE_MAX,
	});
	const isDefault = readBool(v, body, 'is_default', 'is_default');
	let typed: { text: string; style: string } | undefined;
	if (body.typed !== undefined && body.typed !== null) {
		if (current.kind !== 'typed') v.fail('typed', 'typed is only for typed seals');
		else typed = readTyped(v, body.typed, 'typed');
	}
	const hasImage = body.image !== undefined && body.image !== null;
	if (hasImage && current.kind === 'typed')
		v.fail('image', 'image is only for uploaded or drawn seals');
	const statement =
		body.statement === undefined || body.statement === null
			? undefined
			: readStatement(v, body.statement, { create: false });
	if (statement?.text !== undefined && statement.text !== current.statement.text) {
		v.fail('statement.text', 'statement.text must equal the stored statement text');
	}
	v.throwIfInvalid();

	requireWriteAccess(ctx, current);
	const head = store.head(current.lineage_id) as SealVersion;
	if (head.revoked_on !== null)
		throw sealError(
			409,
			'SEAL_ALREADY_REVOKED',
			'This seal has been revoked and cannot be changed',
		);
	if (head.id !== current.id) {
		throw sealError(
			409,
			'SEAL_MUTATION_NOT_ALLOWED',
			`Only the latest version of a seal can be changed (version ${head.version}, id ${head.id})`,
			{
				latest_id: head.id,
				latest_version: head.version,
			},
		);
	}
	const newImage = hasImage || typed !== undefined;
	if (newImage) refuseOnEdge(store);
	const image = hasImage
		? readPngDataUri(body.image, 'image')
		: typed
			? renderTyped(typed)
			: undefined;

	const changes: string[] = [];
	let seal = head;
	if (image) {
		const now = store.now();
		seal = {
			...head,
			id: randomUUID(),
			version: head.version + 1,
			image,
			typed: typed ?? head.typed,
			created_at: now,
			statement: { ...head.statement },
		};
		head.deleted = true;
		head.is_default = false;
		store.versions.push(seal);
		store.log(seal, 'replaced', actor(ctx), {
			previous_id: head.id,
			previous_version: head.version,
		});
		changes.push('image');
	}
	const renamed: Record<string, unknown> = {};
	if (name !== undefined && name !== null && name !== seal.name)
		renamed.name = { from: seal.name, to: (seal.name = name) };
	if (displayName !== undefined && displayName !== null && displayName !== seal.display_name) {
		renamed.display_name = { from: seal.display_name, to: (seal.display_name = displayName) };
	}
	if (Object.keys(renamed).length) {
		store.log(seal, 'renamed', actor(ctx), renamed);
		changes.push(...Object.keys(renamed));
	}
	if (signatoryTitle !== undefined) seal.signatory_title = signatoryTitle;
	if (statement) {
		seal.statement = {
			...seal.statement,
			language: statement.language ?? seal.statement.language,
			signatory_name: statement.signatory_name ?? seal.statement.signatory_name,
			signatory_title:
				statement.signatory_title === undefined
					? seal.statement.signatory_title
					: statement.signatory_title,
			version: statement.version ?? seal.statement.version,
			accepted_at: store.now(),
		};
	}
	if (isDefault !== undefined && isDefault !== null && changeDefault(ctx, store, seal, isDefault))
		changes.push('is_default');
	if (changes.length)
		ctx.state.events.emit('organization_seal.updated', seal.companies_workspaces_id, {
			seal: store.json(seal),
			changes,
		});
	return { body: store.json(seal), headers: edgeHeaders(store) };
}

// ---- O5 revoke ----------------------------------------------------------------------------------

function revokeSeal(ctx: RequestContext): RouteResult {
	const seal = requireSeal(ctx);
	const v = new Validator();
	const stopPending = queryBool(v, ctx.query, 'stop_pending') ?? false;
	v.throwIfInvalid();
	requireWriteAccess(ctx, seal);
	const store = sealStoreOf(ctx.state);
	if (store.isRevoked(seal.lineage_id))
		throw sealError(409, 'SEAL_ALREADY_REVOKED', 'This seal has already been revoked');

	const now = store.now();
	const signing = signingStoreOf(ctx.state);
	const inFlight = new Map<
		string,
		{ id: string; name: string; status: string; cancelled: boolean }
	>();
	for (const { sr } of store.signingRequestsUsing(seal.lineage_id)) {
		if (inFlight.has(sr.id) || signing.statusOf(sr) !== 'in_progress') continue;
		let cancelled = false;
		if (stopPending) {
			sr.cancelled_on = now;
			sr.cancel_reason = 'Organization seal revoked';
			sr.updated_at = now;
			signing.audit(sr, {
				source: 'admin',
				event: 'cancelled',
				description: 'Signing request cancelled: organization seal revoked',
				actor: { type: 'api_key', key_type: ctx.auth.mode, workspace_id: ctx.auth.workspace.id },
				details: { reason: sr.cancel_reason, seal_id: seal.id },
			});
			signing.emitSigningRequest('signing_request.cancelled', sr, {
				cancel_reason: sr.cancel_reason,
			});
			cancelled = true;
		}
		inFlight.set(sr.id, { id: sr.id, name: sr.name, status: signing.statusOf(sr), cancelled });
	}

	const head = store.head(seal.lineage_id) as SealVersion;
	for (const version of store.lineage(seal.lineage_id)) {
		version.revoked_on = now;
		version.deleted = true;
		version.is_default = false;
	}
	store.log(head, 'revoked', actor(ctx), {
		stop_pending: stopPending,
		in_flight_requests: inFlight.size,
	});
	ctx.state.events.emit('organization_seal.deleted', head.companies_workspaces_id, {
		seal: store.json(head),
	});
	// in_flight_requests: "the seal fields + in_flight_requests" (O5) gives no type; the sandbox
	// answers the ids of the pending signing requests that used the seal.
	return { body: { ...store.json(head), in_flight_requests: [...inFlight.keys()] } };
}

// ---- O6 image -----------------------------------------------------------------------------------

function sealImage(ctx: RequestContext): RouteResult {
	const seal = requireSeal(ctx);
	const store = sealStoreOf(ctx.state);
	store.log(seal, 'image_read', actor(ctx));
	return {
		body: {
			kind: seal.kind,
			content_type: 'image/png',
			data_url: `data:image/png;base64,${seal.image.toString('base64')}`,
		},
	};
}

// ---- O7 erase -----------------------------------------------------------------------------------

function eraseSeal(ctx: RequestContext): RouteResult {
	if (!ctx.auth.isProtected) {
		throw sealError(
			403,
			'PROTECTED_KEY_REQUIRED',
			'Erasing a seal lineage requires the protected (company-level) API key',
		);
	}
	const seal = requireSeal(ctx);
	const store = sealStoreOf(ctx.state);
	if (!store.isRevoked(seal.lineage_id)) {
		throw sealError(
			409,
			'SEAL_ERASE_NOT_ELIGIBLE',
			'Only a revoked seal can be erased: revoke it first',
		);
	}
	const head = store.head(seal.lineage_id) as SealVersion;
	store.log(head, 'erased', actor(ctx));
	const versionsErased = store.erase(seal.lineage_id);
	ctx.state.events.emit('organization_seal.erased', head.companies_workspaces_id, {
		lineage_id: seal.lineage_id,
		versions_erased: versionsErased,
	});
	return { body: { lineage_id: seal.lineage_id, versions_erased: versionsErased } };
}

// ---- O8 / O9 cursor lists -------------------------------------------------------------------------

function encodeCursor(lineageId: string, list: string, offset: number): string {
	return Buffer.from(JSON.stringify({ l: lineageId, k: list, o: offset })).toString('base64url');
}

function decodeCursor(
	v: Validator,
	raw: string | undefined,
	lineageId: string,
	list: string,
): number {
	if (raw === undefined || raw === '') return 0;
	try {
		const parsed = JSON.parse(Buffer.from(raw, 'base64url').toString('utf8')) as {
			l?: unknown;
			k?: unknown;
			o?: unknown;
		};
		if (
			parsed.l === lineageId &&
			parsed.k === list &&
			typeof parsed.o === 'number' &&
			Number.isInteger(parsed.o) &&
			parsed.o >= 0
		) {
			return parsed.o;
		}
	} catch {
		// falls through to the validation error
	}
	v.fail('cursor', 'cursor is not valid for this list');
	return 0;
}

function cursorPage<T>(
	ctx: RequestContext,
	list: 'applications' | 'entries',
	items: (lineageId: string) => T[],
): RouteResult {
	const seal = requireSeal(ctx);
	const v = new Validator();
	const limit = queryInt(v, ctx.query, 'limit', { min: 1, max: 100, def: 25 });
	const offset = decodeCursor(v, ctx.query.cursor, seal.lineage_id, list);
	v.throwIfInvalid();
	const all = items(seal.lineage_id);
	const page = all.slice(offset, offset + limit);
	const next =
		offset + limit < all.length ? encodeCursor(seal.lineage_id, list, offset + limit) : null;
	return { body: { [list]: page, cursor: next } };
}

function listApplications(ctx: RequestContext): RouteResult {
	const store = sealStoreOf(ctx.state);
	return cursorPage(ctx, 'applications', (lineage) =>
		store.applicationsOf(lineage).map((a) => store.applicationJson(a)),
	);
}

function listAccessLog(ctx: RequestContext): RouteResult {
	const store = sealStoreOf(ctx.state);
	return cursorPage(ctx, 'entries', (lineage) => store.logOf(lineage).map((e) => store.logJson(e)));
}
