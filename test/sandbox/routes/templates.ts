/**
 * Templates (api-reference §3.3, T1–T12). A key sees the templates of its own workspace only
 * (the protected key too); others → 404. All data lives in the SigningStore (signing/models.ts).
 *
 * - GET    /templates                         list: page, page_size, name, created_after/before, sort_by, sort_order
 * - POST   /templates                         create from a base64 PDF (page count read from the PDF) → 201
 * - GET    /templates/:id                     with recipients[] and fields[]
 * - PATCH  /templates/:id                     exactly one of: properties | user | field | seal_participant
 *                                             (field types of T4 (c); aliases initials, textarea;
 *                                             seal_participant.swap_to_seal_id: a seal usable in the
 *                                             workspace, otherwise 404 NOT_FOUND)
 * - PUT    /templates/:id                     template_properties, users, deleted_users, fields, reminders (≥1)
 *                                             (fields[].type: the 8 types of T5 only)
 * - DELETE /templates/:id                     soft delete
 * - GET    /templates/:id/users               {results} with readiness info
 * - GET    /templates/:id/fields              {results}
 * - GET    /templates/:id/reminders           bare array
 * - POST   /templates/:id/replace-document    same page count and page sizes (±1 pt), fields kept
 * - POST   /templates/:id/duplicate           creates a SIGNING REQUEST draft → 201 {message, signing_request}
 * - POST   /templates/:id/copy                protected key; deep copy to another workspace → 201
 *                                             (seal participants whose seal the target may not use are dropped)
 *
 * Sandbox choices: `credit_cost` (integer ≥ 1, default 1) may be given on create and in
 * properties updates; `document_id` is refused (400) — send `document`.
 */
import { ApiError, forbidden, notFound, validationError } from '../errors';
import { createdWithin, paginate, parseListQuery, sortBy } from '../pagination';
import type { RequestContext, Router } from '../router';
import { Validator, objectBody } from '../validation';
import { adminActor, readSealSwap, requireTemplate, storeOf } from '../signing/context';
import { EditSession } from '../signing/edit';
import { blankTemplate, copyTemplate, signingRequestFromTemplate } from '../signing/factory';
import {
	SigningStore,
	TEMPLATE_FIELD_TYPE_ALIASES,
	TEMPLATE_PATCH_FIELD_TYPES,
	TEMPLATE_PUT_FIELD_TYPES,
	cloneEntity,
	type TemplateRecord,
} from '../signing/models';
import { decodePdfDocument, pdfPageSizes, type PdfPageSize } from '../signing/pdf';
import {
	duplicatedSigningRequestJson,
	fieldNestedJson,
	reminderJson,
	sortedParticipants,
	templateJson,
	templateUserJson,
} from '../signing/serialize';
import {
	type Obj,
	isObject,
	join,
	readArray,
	readBool,
	readField,
	readInt,
	readParticipant,
	readReminder,
	readSettings,
	readStr,
	readUuid,
	onePatchPart,
} from '../signing/validation';
import { sealStoreOf } from '../seals/store';

const SORT_FIELDS = ['name', 'created_on', 'last_changed_on'] as const;
const PROPERTY_KEYS = [
	'name',
	'description',
	'document',
	'document_id',
	'expiration_hours',
	'settings',
	'credit_cost',
];
/** Field types of the PATCH `field` (T4 (c)) and of the PUT `fields[]` (T5: only 8 types). */
const PATCH_FIELD_TYPES = {
	allowed: TEMPLATE_PATCH_FIELD_TYPES,
	aliases: TEMPLATE_FIELD_TYPE_ALIASES,
};
const PUT_FIELD_TYPES = { allowed: TEMPLATE_PUT_FIELD_TYPES, aliases: TEMPLATE_FIELD_TYPE_ALIASES };

export function registerTemplateRoutes(router: Router): void {
	router.get('/templates', listTemplates);
	router.post('/templates', createTemplate);
	router.get('/templates/:id', (ctx) => ({
		body: templateJson(storeOf(ctx), requireTemplate(ctx, ctx.params.id)),
	}));
	router.patch('/templates/:id', patchTemplate);
	router.put('/templates/:id', putTemplate);
	router.delete('/templates/:id', deleteTemplate);
	router.get('/templates/:id/users', (ctx) => {
		const t = requireTemplate(ctx, ctx.params.id);
		return { body: { results: sortedParticipants(t).map((p) => templateUserJson(t, p, true)) } };
	});
	router.get('/templates/:id/fields', (ctx) => ({
		body: { results: requireTemplate(ctx, ctx.params.id).fields.map(fieldNestedJson) },
	}));
	router.get('/templates/:id/reminders', (ctx) => ({
		body: requireTemplate(ctx, ctx.params.id).reminders.map((r) => reminderJson(r, 'template')),
	}));
	router.post('/templates/:id/replace-document', replaceDocument);
	router.post('/templates/:id/duplicate', duplicateTemplate);
	router.post('/templates/:id/copy', copyTemplateRoute);
}

// ---- list ----------------------------------------------------------------------------------

function listTemplates(ctx: RequestContext) {
	const v = new Validator();
	const list = parseListQuery(v, ctx.query, SORT_FIELDS);
	v.throwIfInvalid();
	const store = storeOf(ctx);
	let items = store.listTemplates(ctx.auth.workspace.id);
	const name = ctx.query.name;
	if (name) items = items.filter((t) => t.name.toLowerCase().includes(name.toLowerCase()));
	items = createdWithin(items, (t) => t.created_at, list);
	const key = (t: TemplateRecord) =>
		list.sortField === 'name'
			? t.name
			: list.sortField === 'last_changed_on'
				? t.updated_at
				: t.created_at;
	items = sortBy(items, key, list.sortOrder, (t) => String(t.created_at).padStart(15, '0'));
	const page = paginate(items, list.page);
	return {
		body: { results: page.results.map((t) => templateJson(store, t)), pagination: page.pagination },
	};
}

// ---- create --------------------------------------------------------------------------------

/** name, description, expiration_hours, settings, credit_cost and document of a properties object. */
function readTemplateProperties(
	v: Validator,
	body: Obj,
	prefix: string,
	opts: { creating: boolean; pageCountFloor?: number },
): {
	values: Partial<TemplateRecord>;
	document?: { bytes: Buffer; pageCount: number };
	updated: string[];
} {
	const values: Partial<TemplateRecord> = {};
	const updated: string[] = [];
	const name = readStr(v, body, 'name', join(prefix, 'name'), {
		required: opts.creating,
		max: 255,
	});
	if (typeof name === 'string') {
		if (name === '') v.fail(join(prefix, 'name'), 'name must not be empty');
		else {
			values.name = name;
			updated.push('name');
		}
	}
	const description = readStr(v, body, 'description', join(prefix, 'description'), {
		nullable: true,
		max: 5000,
	});
	if (description !== undefined) {
		values.description = description;
		updated.push('description');
	}
	const hours = readInt(v, body, 'expiration_hours', join(prefix, 'expiration_hours'), { min: 1 });
	if (typeof hours === 'number') {
		values.expiration_hours = hours;
		updated.push('expiration_hours');
	}
	const cost = readInt(v, body, 'credit_cost', join(prefix, 'credit_cost'), { min: 1 });
	if (typeof cost === 'number') {
		values.credit_cost = cost;
		updated.push('credit_cost');
	}
	const settings = readSettings(v, body.settings, join(prefix, 'settings'), 'template');
	if (settings) {
		values.settings = settings as TemplateRecord['settings'];
		updated.push('settings');
	}
	let document: { bytes: Buffer; pageCount: number } | undefined;
	if (body.document_id !== undefined) {
		v.fail(
			join(prefix, 'document_id'),
			'document_id uploads are not supported by the sandbox; send document (base64 PDF)',
		);
	}
	if (body.document !== undefined && body.document !== null) {
		const decoded = decodePdfDocument(body.document);
		if (!decoded.ok) v.fail(join(prefix, 'document'), `document ${decoded.error}`);
		else {
			document = { bytes: decoded.bytes, pageCount: decoded.pageCount };
			updated.push('document');
			if (opts.pageCountFloor !== undefined && decoded.pageCount < opts.pageCountFloor) {
				v.fail(
					join(prefix, 'document'),
					`the new document has ${decoded.pageCount} page(s) but fields are placed up to page ${opts.pageCountFloor}`,
				);
			}
		}
	} else if (opts.creating && body.document_id === undefined) {
		v.fail(join(prefix, 'document'), 'document is required (base64 PDF)');
	}
	return { values, document, updated };
}

function applyProperties(
	t: TemplateRecord,
	props: ReturnType<typeof readTemplateProperties>,
): void {
	const { settings, ...rest } = props.values;
	Object.assign(t, rest);
	if (settings) t.settings = { ...t.settings, ...settings };
	if (props.document) {
		t.document = props.document.bytes;
		t.pageCount = props.document.pageCount;
	}
}

function createTemplate(ctx: RequestContext) {
	const body = objectBody(ctx.body);
	const v = new Validator();
	const props = readTemplateProperties(v, body, '', { creating: true });
	v.throwIfInvalid();
	const store = storeOf(ctx);
	const t = blankTemplate(store, {
		workspaceId: ctx.auth.workspace.id,
		name: props.values.name as string,
		document: props.document!.bytes,
		pageCount: props.document!.pageCount,
	});
	applyProperties(t, { ...props, document: undefined });
	store.templates.push(t);
	store.emitTemplate('template.created', t);
	return { status: 201, body: templateJson(store, t, SigningStore.INITIAL_TEMPLATE_URL_TTL) };
}

function maxFieldPage(t: TemplateRecord): number {
	return t.fields.reduce((max, f) => Math.max(max, f.page_number), 0);
}

function touch(store: SigningStore, t: TemplateRecord): void {
	t.updated_at = store.now();
	store.emitTemplate('template.updated', t);
}

// ---- PATCH ---------------------------------------------------------------------------------

function patchTemplate(ctx: RequestContext) {
	const t = requireTemplate(ctx, ctx.params.id);
	const store = storeOf(ctx);
	const body = objectBody(ctx.body);
	const shape = onePatchPart(
		body,
		PROPERTY_KEYS,
		'user',
		'name, description, document, expiration_hours, settings',
		'Cannot update',
	);
	const v = new Validator();
	if (shape === 'seal_participant') {
		const { participant, sealId } = readSealSwap(ctx, body, t.sealParticipants, t.workspaceId);
		participant.organization_seals_id = sealId;
		participant.updated_at = store.now();
		touch(store, t);
		return {
			body: { message: 'Seal participant swapped', updated_fields: ['seal_participant'] },
		};
	}
	const edited = cloneEntity(t);
	const session = new EditSession(edited, v, store.now(), 'user');
	let extra: Record<string, unknown> = {};
	let updated: string[] = [];
	if (shape === 'properties') {
		const props = readTemplateProperties(v, body, '', {
			creating: false,
			pageCountFloor: maxFieldPage(t),
		});
		v.throwIfInvalid();
		applyProperties(edited, props);
		updated = props.updated;
		if (updated.length === 0) throw validationError({ body: 'No property to update' });
	} else if (shape === 'user') {
		const input = readParticipant(v, body.user, 'user', { refKey: 'none', firstNameMax: 255 });
		if (input && input.id === undefined && input.values.order === undefined)
			v.fail('user.order', 'order is required');
		v.throwIfInvalid();
		const record = session.applyParticipant(input!);
		v.throwIfInvalid();
		updated = Object.keys(input!.values);
		extra = { user: templateUserJson(edited, record!, true) };
	} else {
		const input = readField(v, body.field, 'field', {
			coords: 'percent',
			types: PATCH_FIELD_TYPES,
		});
		v.throwIfInvalid();
		// TemplatePatchResponse has no field of its own: the saved field is read with List Fields.
		session.applyField(input!);
		v.throwIfInvalid();
		updated = Object.keys(input!.values);
	}
	Object.assign(t, edited);
	touch(store, t);
	const message =
		shape === 'properties'
			? 'Template updated'
			: shape === 'user'
				? 'Template user saved'
				: 'Template field saved';
	const warning = session.warnings[0];
	return { body: { message, updated_fields: updated, ...extra, ...(warning ? { warning } : {}) } };
}

// ---- PUT -----------------------------------------------------------------------------------

function putTemplate(ctx: RequestContext) {
	const t = requireTemplate(ctx, ctx.params.id);
	const store = storeOf(ctx);
	const body = objectBody(ctx.body);
	const sections = ['template_properties', 'users', 'deleted_users', 'fields', 'reminders'].filter(
		(k) => body[k] !== undefined && body[k] !== null,
	);
	if (sections.length === 0) {
		throw validationError({
			body: 'Send at least one of: template_properties, users, deleted_users, fields, reminders',
		});
	}
	const v = new Validator();
	const edited = cloneEntity(t);
	const session = new EditSession(edited, v, store.now(), 'user');
	const force = readBool(v, body, 'force_remove_conditions', 'force_remove_conditions') ?? false;

	if (body.template_properties !== undefined && body.template_properties !== null) {
		if (!isObject(body.template_properties))
			v.fail('template_properties', 'template_properties must be an object');
		else {
			const props = readTemplateProperties(v, body.template_properties, 'template_properties', {
				creating: false,
			});
			applyProperties(edited, props);
		}
	}
	const users = (readArray(v, body, 'users', 'users') ?? []).map((raw, i) =>
		readParticipant(v, raw, `users[${i}]`, { refKey: '_temp_id', firstNameMax: 255 }),
	);
	users.forEach((u, i) => {
		if (u && u.id === undefined && u.values.order === undefined)
			v.fail(`users[${i}].order`, 'order is required');
	});
	session.registerTempIds(users, '_temp_id');
	for (const u of users) if (u) session.applyParticipant(u);
	const deleted = new Set<string>();
	(readArray(v, body, 'deleted_users', 'deleted_users') ?? []).forEach((raw, i) =>
		session.applyDeletion(
			raw,
			`deleted_users[${i}]`,
			{ idKey: 'user_id', reassignKey: 'reassign_to_user_id' },
			deleted,
			force,
		),
	);
	(readArray(v, body, 'fields', 'fields') ?? []).forEach((raw, i) => {
		const input = readField(v, raw, `fields[${i}]`, { coords: 'percent', types: PUT_FIELD_TYPES });
		if (input) session.applyField(input);
	});
	(readArray(v, body, 'reminders', 'reminders') ?? []).forEach((raw, i) => {
		const input = readReminder(v, raw, `reminders[${i}]`);
		if (input) session.applyReminder(input);
	});
	// Fields must still fit a replaced document.
	edited.fields.forEach((f) => {
		if (f.page_number > edited.pageCount) {
			v.fail(
				'template_properties.document',
				`the document has ${edited.pageCount} page(s) but a field is on page ${f.page_number}`,
			);
		}
	});
	session.finalCheck();
	v.throwIfInvalid('Template update failed');
	Object.assign(t, edited);
	touch(store, t);
	return {
		body: templateJson(store, t),
	};
}

// ---- delete, replace-document --------------------------------------------------------------

function deleteTemplate(ctx: RequestContext) {
	const t = requireTemplate(ctx, ctx.params.id);
	const store = storeOf(ctx);
	t.deleted_on = store.now();
	store.emitTemplate('template.deleted', t);
	return {
		body: { message: 'Template deleted' },
	};
}

function replaceDocument(ctx: RequestContext) {
	const t = requireTemplate(ctx, ctx.params.id);
	const store = storeOf(ctx);
	const body = objectBody(ctx.body);
	const v = new Validator();
	if (body.document_id !== undefined) {
		v.fail(
			'document_id',
			'document_id uploads are not supported by the sandbox; send document (base64 PDF)',
		);
	} else if (body.document === undefined || body.document === null) {
		v.fail('document', 'document is required (base64 PDF)');
	} else {
		const decoded = decodePdfDocument(body.document);
		if (!decoded.ok) v.fail('document', `document ${decoded.error}`);
		else if (decoded.pageCount !== t.pageCount) {
			v.fail(
				'document',
				`the new document must have the same page count as the current one (${t.pageCount}); it has ${decoded.pageCount}`,
			);
		} else {
			const mismatch = pageSizeMismatch(pdfPageSizes(t.document), pdfPageSizes(decoded.bytes));
			if (mismatch) v.fail('document', mismatch);
			v.throwIfInvalid();
			t.document = decoded.bytes;
		}
	}
	v.throwIfInvalid();
	touch(store, t);
	return { body: templateJson(store, t) };
}

/** Largest difference (points) a page's width or height may have after a replacement (T10). */
const PAGE_SIZE_TOLERANCE_PT = 1;

const points = (n: number) => String(Math.round(n * 100) / 100);

/**
 * The message for the first page whose size differs by more than 1 pt from the current
 * document's, or undefined. Pages whose size cannot be read on either side are not compared.
 */
function pageSizeMismatch(
	current: Array<PdfPageSize | null>,
	next: Array<PdfPageSize | null>,
): string | undefined {
	for (let i = 0; i < Math.min(current.length, next.length); i++) {
		const a = current[i];
		const b = next[i];
		if (!a || !b) continue;
		if (
			Math.abs(a.width - b.width) > PAGE_SIZE_TOLERANCE_PT ||
			Math.abs(a.height - b.height) > PAGE_SIZE_TOLERANCE_PT
		) {
			return (
				`the new document must have the same page sizes as the current one (±${PAGE_SIZE_TOLERANCE_PT} pt); ` +
				`page ${i + 1} is ${points(b.width)} × ${points(b.height)} pt instead of ${points(a.width)} × ${points(a.height)} pt`
			);
		}
	}
	return undefined;
}

// ---- duplicate (→ signing request) and copy (→ template) --------------------------------------

function duplicateTemplate(ctx: RequestContext) {
	const store = storeOf(ctx);
	const found = store.getTemplate(ctx.params.id);
	if (found && found.deleted_on === null && found.workspaceId !== ctx.auth.workspace.id) {
		const ws = ctx.state.getWorkspace(found.workspaceId);
		if (ws && ws.companyId === ctx.auth.company.id)
			throw forbidden('This template belongs to another workspace');
	}
	const t = requireTemplate(ctx, ctx.params.id);
	const body = objectBody(ctx.body);
	const v = new Validator();
	const name = readStr(v, body, 'name', 'name', { max: 255 });
	if (name === '') v.fail('name', 'name must not be empty');
	v.throwIfInvalid();
	const sr = signingRequestFromTemplate(store, t, {
		workspaceId: ctx.auth.workspace.id,
		testMode: ctx.auth.testMode,
		name: name ?? undefined,
	});
	store.signingRequests.push(sr);
	store.audit(sr, {
		source: 'admin',
		event: 'created',
		description: `Signing request created from template "${t.name}"`,
		actor: adminActor(ctx),
		details: { template_id: t.id },
	});
	store.emitSigningRequest('signing_request.created', sr);
	store.emitTemplate('template.used', t, {
		signing_request: { id: sr.id, name: sr.name, test_mode: sr.test_mode },
	});
	return {
		status: 201,
		body: {
			message: 'Template duplicated as a new signing request',
			signing_request: duplicatedSigningRequestJson(store, sr),
		},
	};
}

function copyTemplateRoute(ctx: RequestContext) {
	if (!ctx.auth.isProtected) {
		throw new ApiError(403, {
			error: 'Forbidden',
			code: 'PROTECTED_KEY_REQUIRED',
			message:
				'Copying a template to another workspace requires the protected (company-level) API key',
		});
	}
	const t = requireTemplate(ctx, ctx.params.id);
	const store = storeOf(ctx);
	const body = objectBody(ctx.body);
	const v = new Validator();
	const workspaceId = readUuid(v, body, 'workspace_id', 'workspace_id', { required: true });
	const name = readStr(v, body, 'name', 'name', { max: 255 });
	if (name === '') v.fail('name', 'name must not be empty');
	v.throwIfInvalid();
	const ws = ctx.state.getWorkspace(workspaceId as string);
	if (!ws || ws.companyId !== ctx.auth.company.id) throw notFound('Workspace');
	// "Seal participants whose seal is out of scope in the target are dropped" (T12): kept are those
	// the target workspace may use (company scope or that workspace, not revoked, current version).
	const seals = sealStoreOf(ctx.state);
	const copy = copyTemplate(store, t, {
		workspaceId: ws.id,
		name: name ?? `${t.name} (copy)`,
		keepSeal: (sealId) => seals.usableIn(sealId, ctx.auth.company.id, ws.id).ok,
	});
	store.templates.push(copy);
	store.emitTemplate('template.created', copy, { copied_from_template_id: t.id });
	return {
		status: 201,
		body: {
			id: copy.id,
			name: copy.name,
			workspace_id: copy.workspaceId,
			created_date: new Date(copy.created_at).toISOString(),
		},
	};
}
