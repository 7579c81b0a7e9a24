/**
 * JWT management (api-reference §3.7 J1–J4, §J; service-api.md "JWT management").
 *
 * - POST /generate-template-token      {companies_workspaces_templates_id} → 201 {token, expires_at, jwt_record_id}
 *                                      (24 h; the template must be in the key's workspace, else 404)
 * - POST /revoke-template-token        {jwt_id} → 200 {message, jwt_id, revoked_at} (the examples' key set)
 * - POST /jwt/generate-signing-request {companies_workspaces_signing_requests_id}
 *                                      → 200 {jwt, jwt_id, expires_at, signing_request_id, created_at} (24 h)
 * - POST /jwt/revoke-signing-request   {jwt_id} → 200 {message, jwt_id, revoked: true} (the schema's key set)
 * The two generate endpoints answer with the two documented key sets, and the two revoke endpoints
 * with `revoked_at` vs `revoked`, so a client has to accept both. Tokens are real RS256 JWTs signed
 * with the sandbox's key pair (test/sandbox/jwt). A malformed id → 400 "Invalid JWT ID"; an unknown
 * id, a token of another workspace or of the other kind → 404; revoking twice → 400
 * "JWT has already been revoked".
 */
import { ApiError, notFound } from '../errors';
import type { RequestContext, Router } from '../router';
import { requireSigningRequest, requireTemplate } from '../signing/context';
import { iso } from '../state';
import { Validator, objectBody } from '../validation';
import { jwtAreaOf, type JwtKind, type JwtRecord } from '../jwt';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function registerJwtRoutes(router: Router): void {
	router.post('/generate-template-token', (ctx) => {
		const id = readUuid(ctx, 'companies_workspaces_templates_id');
		const template = requireTemplate(ctx, id);
		const record = jwtAreaOf(ctx.state).issue('template', template.id, ctx.auth.workspace.id);
		return {
			status: 201,
			body: { token: record.token, expires_at: iso(record.expiresAt), jwt_record_id: record.id },
		};
	});
	router.post('/revoke-template-token', (ctx) => {
		const record = revoke(ctx, 'template');
		return {
			body: {
				message: 'JWT revoked successfully',
				jwt_id: record.id,
				revoked_at: iso(record.revokedAt as number),
			},
		};
	});
	router.post('/jwt/generate-signing-request', (ctx) => {
		const id = readUuid(ctx, 'companies_workspaces_signing_requests_id');
		const sr = requireSigningRequest(ctx, id);
		const record = jwtAreaOf(ctx.state).issue('signing_request', sr.id, ctx.auth.workspace.id);
		return {
			body: {
				jwt: record.token,
				jwt_id: record.id,
				expires_at: iso(record.expiresAt),
				signing_request_id: sr.id,
				created_at: iso(record.createdAt),
			},
		};
	});
	router.post('/jwt/revoke-signing-request', (ctx) => {
		const record = revoke(ctx, 'signing_request');
		return { body: { message: 'JWT revoked successfully', jwt_id: record.id, revoked: true } };
	});
}

function readUuid(ctx: RequestContext, field: string): string {
	const body = objectBody(ctx.body);
	const v = new Validator();
	const raw = body[field];
	if (raw === undefined || raw === null || raw === '') v.fail(field, `${field} is required`);
	else if (typeof raw !== 'string' || !UUID.test(raw)) v.fail(field, `${field} must be a UUID`);
	v.throwIfInvalid();
	return (raw as string).toLowerCase();
}

function revoke(ctx: RequestContext, kind: JwtKind): JwtRecord {
	const body = objectBody(ctx.body);
	const raw = body.jwt_id;
	if (raw === undefined || raw === null || raw === '') {
		const v = new Validator();
		v.fail('jwt_id', 'jwt_id is required');
		v.throwIfInvalid();
	}
	if (typeof raw !== 'string' || !UUID.test(raw)) {
		throw new ApiError(400, {
			error: 'Invalid JWT ID',
			code: 'INVALID_JWT_ID',
			message: 'Invalid JWT ID',
		});
	}
	const record = jwtAreaOf(ctx.state).records.get(raw.toLowerCase());
	if (!record || record.kind !== kind || record.workspaceId !== ctx.auth.workspace.id)
		throw notFound('JWT');
	if (record.revokedAt !== null) {
		throw new ApiError(400, {
			error: 'JWT has already been revoked',
			code: 'ALREADY_REVOKED',
			message: 'JWT has already been revoked',
		});
	}
	record.revokedAt = ctx.state.now();
	return record;
}
