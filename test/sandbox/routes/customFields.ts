/**
 * Custom field definitions of templates and signing requests (api-reference §3.5, CF5–CF10).
 *
 * - GET    /templates/:template_id/custom-fields                 {custom_fields: [...]}
 * - POST   /templates/:template_id/custom-fields                 {field_label (REQ, ≤100), field_name? (≤50)} → 201
 * - DELETE /templates/:template_id/custom-fields/:field_id       soft delete → {message}
 * - the same three under /signing-requests/:request_id/custom-fields (items add copied_from_template)
 *
 * field_name: letters, digits and underscores; when omitted it is generated from the label in
 * snake_case ("Contract Number" → "contract_number"). 409 CUSTOM_FIELD_EXISTS when a (not
 * deleted) definition of the entity already has that name. No state rule for signing requests
 * (the spec documents none): definitions can change after sending.
 *
 * Workspace definitions (CF1–CF4):
 * - GET    /workspace/:workspace_id/custom-fields             {custom_fields: [...]}
 * - POST   /workspace/:workspace_id/custom-fields             {field_label (1–100), field_name? (≤50),
 *          is_preset? (default false), preset_value? (≤500)} → 201; 409 CUSTOM_FIELD_EXISTS on a taken name
 * - PUT    /workspace/:workspace_id/custom-fields/:field_id   {field_label?, is_preset?, preset_value?}
 *          (at least one; field_name cannot change) → 200
 * - DELETE /workspace/:workspace_id/custom-fields/:field_id   soft delete → {message}
 * preset_value is kept only while is_preset is true (null otherwise).
 */
import { requireWorkspace } from '../access';
import { workspaceCustomFieldsOf, type WorkspaceCustomFieldRecord } from '../company/settings';
import { randomUUID } from 'node:crypto';

import { ApiError, notFound } from '../errors';
import type { RequestContext, Router } from '../router';
import { Validator, objectBody } from '../validation';
import { requireSigningRequest, requireTemplate, storeOf } from '../signing/context';
import type { DocumentEntity } from '../signing/models';
import { customFieldJson } from '../signing/serialize';
import { readStr } from '../signing/validation';

type Kind = 'template' | 'signing_request';

export function registerCustomFieldRoutes(router: Router): void {
	for (const [base, param, kind] of [
		['/templates', 'template_id', 'template'],
		['/signing-requests', 'request_id', 'signing_request'],
	] as const) {
		const load = (ctx: RequestContext): DocumentEntity =>
			kind === 'template'
				? requireTemplate(ctx, ctx.params[param])
				: requireSigningRequest(ctx, ctx.params[param]);
		router.get(`${base}/:${param}/custom-fields`, (ctx) => ({
			body: {
				custom_fields: load(ctx)
					.customFields.filter((c) => c.deleted_on === null)
					.map((c) => customFieldJson(c, 'list')),
			},
		}));
		router.post(`${base}/:${param}/custom-fields`, (ctx) =>
			createCustomField(ctx, load(ctx), kind),
		);
		router.delete(`${base}/:${param}/custom-fields/:field_id`, (ctx) => {
			const entity = load(ctx);
			const field = entity.customFields.find(
				(c) => c.id === ctx.params.field_id && c.deleted_on === null,
			);
			if (!field) throw notFound('Custom field');
			field.deleted_on = storeOf(ctx).now();
			return { body: { message: `Custom field "${field.field_name}" deleted` } };
		});
	}
}

/** "Contract Number (EU)" → "contract_number_eu"; at most 50 characters. */
export function snakeCase(label: string): string {
	const name = label
		.normalize('NFKD')
		.replace(/[\u0300-\u036f]/g, '')
		.toLowerCase()
		.replace(/[^a-z0-9]+/g, '_')
		.replace(/^_+|_+$/g, '')
		.slice(0, 50)
		.replace(/_+$/, '');
	return name === '' ? 'field' : name;
}

function createCustomField(ctx: RequestContext, entity: DocumentEntity, kind: Kind) {
	const body = objectBody(ctx.body);
	const v = new Validator();
	const label = readStr(v, body, 'field_label', 'field_label', { required: true, max: 100 });
	let name = readStr(v, body, 'field_name', 'field_name', { max: 50 });
	if (typeof name === 'string' && name !== '' && !/^[A-Za-z0-9_]+$/.test(name)) {
		v.fail('field_name', 'field_name may contain letters, digits and underscores only');
	}
	v.throwIfInvalid();
	if (!name) name = snakeCase(label as string);
	const fieldName = name;
	if (entity.customFields.some((c) => c.deleted_on === null && c.field_name === fieldName)) {
		throw new ApiError(409, {
			error: 'Conflict',
			code: 'CUSTOM_FIELD_EXISTS',
			message: `A custom field named "${fieldName}" already exists`,
			details: { field_name: fieldName },
		});
	}
	const now = storeOf(ctx).now();
	const record = {
		id: randomUUID(),
		field_name: fieldName,
		field_label: label as string,
		copied_from_template: false,
		created_at: now,
		updated_at: now,
		deleted_on: null,
	};
	entity.customFields.push(record);
	return { status: 201, body: customFieldJson(record, kind) };
}

// ---- workspace custom fields (CF1–CF4) -----------------------------------------------------------

function workspaceFieldJson(field: WorkspaceCustomFieldRecord): Record<string, unknown> {
	const { deleted_on: _deleted, ...json } = field;
	return json;
}

function duplicateName(fieldName: string): ApiError {
	return new ApiError(409, {
		error: 'Conflict',
		code: 'CUSTOM_FIELD_EXISTS',
		message: `A custom field named "${fieldName}" already exists`,
		details: { field_name: fieldName },
	});
}

function readPreset(
	v: Validator,
	body: Record<string, unknown>,
): { isPreset?: boolean; presetValue?: string | null } {
	const out: { isPreset?: boolean; presetValue?: string | null } = {};
	if ('is_preset' in body) {
		if (typeof body.is_preset === 'boolean') out.isPreset = body.is_preset;
		else v.fail('is_preset', 'is_preset must be true or false');
	}
	if ('preset_value' in body) {
		const value = body.preset_value;
		if (value === null) out.presetValue = null;
		else if (typeof value !== 'string') v.fail('preset_value', 'preset_value must be a string');
		else if (value.length > 500)
			v.fail('preset_value', 'preset_value must be at most 500 characters');
		else out.presetValue = value;
	}
	return out;
}

export function registerWorkspaceCustomFieldRoutes(router: Router): void {
	const base = '/workspace/:workspace_id/custom-fields';
	const live = (ctx: RequestContext) => {
		const ws = requireWorkspace(ctx, ctx.params.workspace_id);
		return workspaceCustomFieldsOf(ctx.state, ws.id);
	};
	const find = (ctx: RequestContext) => {
		const field = live(ctx).find((c) => c.id === ctx.params.field_id && c.deleted_on === null);
		if (!field) throw notFound('Custom field');
		return field;
	};
	router.get(base, (ctx) => ({
		body: {
			custom_fields: live(ctx)
				.filter((c) => c.deleted_on === null)
				.map(workspaceFieldJson),
		},
	}));
	router.post(base, (ctx) => {
		const fields = live(ctx);
		const body = objectBody(ctx.body);
		const v = new Validator();
		for (const key of Object.keys(body)) {
			if (!['field_label', 'field_name', 'is_preset', 'preset_value'].includes(key))
				v.fail(key, `${key} is not a recognised field`);
		}
		const label = readStr(v, body, 'field_label', 'field_label', { required: true, max: 100 });
		let name = readStr(v, body, 'field_name', 'field_name', { max: 50 });
		if (typeof name === 'string' && name !== '' && !/^[A-Za-z0-9_]+$/.test(name)) {
			v.fail('field_name', 'field_name may contain letters, digits and underscores only');
		}
		const preset = readPreset(v, body);
		v.throwIfInvalid();
		if (!name) name = snakeCase(label as string);
		const fieldName = name;
		if (fields.some((c) => c.deleted_on === null && c.field_name === fieldName))
			throw duplicateName(fieldName);
		const now = new Date(ctx.state.now()).toISOString();
		const isPreset = preset.isPreset ?? false;
		const record: WorkspaceCustomFieldRecord = {
			id: randomUUID(),
			field_name: fieldName,
			field_label: label as string,
			is_preset: isPreset,
			preset_value: isPreset ? (preset.presetValue ?? null) : null,
			created_at: now,
			updated_at: now,
			deleted_on: null,
		};
		fields.push(record);
		return { status: 201, body: workspaceFieldJson(record) };
	});
	router.put(`${base}/:field_id`, (ctx) => {
		const field = find(ctx);
		const body = objectBody(ctx.body);
		const v = new Validator();
		for (const key of Object.keys(body)) {
			if (key === 'field_name')
				v.fail(key, 'field_name cannot be changed; create a new custom field instead');
			else if (!['field_label', 'is_preset', 'preset_value'].includes(key))
				v.fail(key, `${key} is not a recognised field`);
		}
		const label = readStr(v, body, 'field_label', 'field_label', { max: 100 });
		if (label === '') v.fail('field_label', 'field_label must not be empty');
		const preset = readPreset(v, body);
		if (v.ok && Object.keys(body).length === 0) {
			v.fail('body', 'Provide at least one field to update (field_label, is_preset, preset_value)');
		}
		v.throwIfInvalid();
		if (typeof label === 'string') field.field_label = label;
		if (preset.isPreset !== undefined) field.is_preset = preset.isPreset;
		if (preset.presetValue !== undefined) field.preset_value = preset.presetValue;
		if (!field.is_preset) field.preset_value = null;
		field.updated_at = new Date(ctx.state.now()).toISOString();
		return { body: workspaceFieldJson(field) };
	});
	router.delete(`${base}/:field_id`, (ctx) => {
		const field = find(ctx);
		field.deleted_on = new Date(ctx.state.now()).toISOString();
		return { body: { message: `Custom field "${field.field_name}" deleted` } };
	});
}
