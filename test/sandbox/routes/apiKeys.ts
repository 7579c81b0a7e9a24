/**
 * Workspace API keys (api-reference §3.2, W6–W7). Rate class keyRotation (1/min by default).
 *
 * - POST /workspaces/:id/api-key/regenerate  {key_type?: 'live'|'test'} (default live) → 201
 *   New key active at once; the previous key of that type keeps working for 24 h.
 * - POST /workspaces/:id/api-key/expire      {key_type?: 'live'|'test'} (default live) → 200
 *   Pending (replaced, still in grace) keys stop working at once.
 *
 * key_type may come from the JSON body or the query string (the body wins).
 * Both answers have the shape service-api.md gives them (response-shapes.md documents another one
 * for each; api/responses.json records both): regenerate {message, workspace_id, new_key
 * {api_key, created_at}, expiring_keys [{id, expires_at}]}, expire {message, workspace_id,
 * expired_count, expired_keys: the ids of the keys that stopped working}.
 */
import { requireWorkspace } from '../access';
import { badRequest } from '../errors';
import type { RequestContext, Router } from '../router';
import { iso, type KeyType } from '../state';
import { Validator, objectBody } from '../validation';

export function registerApiKeyRoutes(router: Router): void {
	router.post('/workspaces/:id/api-key/regenerate', regenerate, 'keyRotation');
	router.post('/workspaces/:id/api-key/expire', expire, 'keyRotation');
}

/** key_type from body or query; undefined when absent, 400 when not live/test. */
function readKeyType(ctx: RequestContext): KeyType | undefined {
	const body = objectBody(ctx.body);
	const raw = body.key_type ?? ctx.query.key_type;
	if (raw === undefined || raw === null) return undefined;
	if (raw !== 'live' && raw !== 'test') {
		const v = new Validator();
		v.fail('key_type', "key_type must be 'live' or 'test'");
		v.throwIfInvalid();
	}
	return raw as KeyType;
}

function regenerate(ctx: RequestContext) {
	const ws = requireWorkspace(ctx, ctx.params.id);
	if (ws.protected) {
		throw badRequest('Cannot regenerate API key for protected workspace', 'PROTECTED_WORKSPACE');
	}
	const keyType = readKeyType(ctx) ?? 'live';
	const { newKey, expiringKeys } = ctx.state.regenerateKey(ws.id, keyType);
	return {
		status: 201,
		body: {
			message: `New ${keyType} API key generated. Previous ${keyType} key(s) stay valid for 24 hours.`,
			workspace_id: ws.id,
			new_key: { api_key: newKey.value, created_at: iso(newKey.createdAt) },
			expiring_keys: expiringKeys.map((k) => ({
				id: k.id,
				expires_at: iso(k.expiresAt as number),
			})),
		},
	};
}

function expire(ctx: RequestContext) {
	const ws = requireWorkspace(ctx, ctx.params.id);
	if (ws.protected) {
		throw badRequest('Cannot expire API keys for protected workspace', 'PROTECTED_WORKSPACE');
	}
	// service-api.md: an omitted key_type means live (the API reference's "all" is overruled).
	const keyType = readKeyType(ctx) ?? 'live';
	const expired = ctx.state.expirePendingKeys(ws.id, keyType);
	const which = `${keyType} `;
	return {
		body: {
			message:
				expired.length === 0
					? `No pending ${which}API keys to expire`
					: `Expired ${expired.length} pending ${which}API key(s)`,
			workspace_id: ws.id,
			expired_count: expired.length,
			expired_keys: expired.map(({ key }) => key.id),
		},
	};
}
