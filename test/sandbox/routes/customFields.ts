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
 */
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
			kind === 'template' ? requireTemplate(ctx, ctx.params[param]) : requireSigningRequest(ctx, ctx.params[param]);
		router.get(`${base}/:${param}/custom-fields`, (ctx) => ({
			body: { custom_fields: load(ctx).customFields.filter((c) => c.deleted_on === null).map((c) => customFieldJson(c, kind)) },
		}));
		router.post(`${base}/:${param}/custom-fields`, (ctx) => createCustomField(ctx, load(ctx), kind));
		router.delete(`${base}/:${param}/custom-fields/:field_id`, (ctx) => {
			const entity = load(ctx);
			const field = entity.customFields.find((c) => c.id === ctx.params.field_id && c.deleted_on === null);
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
