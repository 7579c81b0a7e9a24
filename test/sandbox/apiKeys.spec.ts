import { KEY_GRACE_MS, SEED, startSandbox, type Sandbox } from './index';
import { call } from './support/client';

const P = SEED.protectedWorkspace;
const [SALES, LEGAL] = SEED.workspaces;

let sb: Sandbox;
beforeEach(async () => {
	// rotation is 1/min per key by default; raise it so a test can rotate several times
	sb = await startSandbox({ rateLimits: { keyRotation: 100 } });
});
afterEach(() => sb.close());

const regenerate = (
	workspaceId: string,
	body?: unknown,
	auth: string = P.liveKey,
	query?: Record<string, string>,
) => call(sb, 'POST', `/workspaces/${workspaceId}/api-key/regenerate`, { auth, body, query });
const expire = (
	workspaceId: string,
	body?: unknown,
	auth: string = P.liveKey,
	query?: Record<string, string>,
) => call(sb, 'POST', `/workspaces/${workspaceId}/api-key/expire`, { auth, body, query });
const status = async (key: string) => (await call(sb, 'GET', '/company', { auth: key })).status;

describe('POST /workspaces/:id/api-key/regenerate', () => {
	it('issues a new live key at once; the old one works for 24 hours, then 401', async () => {
		const before = sb.clock.now();
		const res = await regenerate(SALES.id);
		expect(res.status).toBe(201);
		// service-api.md's answer: no key_type, the expiring keys without their values.
		expect(Object.keys(res.body).sort()).toEqual([
			'expiring_keys',
			'message',
			'new_key',
			'workspace_id',
		]);
		expect(res.body.workspace_id).toBe(SALES.id);
		expect(typeof res.body.message).toBe('string');
		const newKey: string = res.body.new_key.api_key;
		expect(newKey).toMatch(/^sk_live_[0-9a-f]{32}$/);
		expect(Date.parse(res.body.new_key.created_at)).toBeGreaterThanOrEqual(before - 1000);

		expect(res.body.expiring_keys).toHaveLength(1);
		const expiring = res.body.expiring_keys[0];
		expect(expiring.id).toMatch(/^[0-9a-f-]{36}$/);
		expect(Object.keys(expiring).sort()).toEqual(['expires_at', 'id']);
		expect(sb.state.apiKeys.find((k) => k.id === expiring.id)?.value).toBe(SALES.liveKey);
		const expiresAt = Date.parse(expiring.expires_at);
		expect(expiresAt - before).toBeGreaterThanOrEqual(KEY_GRACE_MS - 1000);
		expect(expiresAt - before).toBeLessThanOrEqual(KEY_GRACE_MS + 5000);

		// workspace shows the new key; the test key is untouched
		const ws = await call(sb, 'GET', `/workspaces/${SALES.id}`, { auth: newKey });
		expect(ws.body.api_key).toBe(newKey);
		expect(ws.body.test_api_key).toBe(SALES.testKey);

		expect(await status(newKey)).toBe(200);
		expect(await status(SALES.liveKey)).toBe(200);
		expect(await status(SALES.testKey)).toBe(200);

		sb.clock.advance(KEY_GRACE_MS - 60_000);
		expect(await status(SALES.liveKey)).toBe(200);
		sb.clock.advance(120_000);
		const old = await call(sb, 'GET', '/company', { auth: SALES.liveKey });
		expect(old.status).toBe(401);
		expect(old.body).toEqual({
			error: 'Unauthorized',
			code: 'UNAUTHORIZED',
			message: 'Invalid API key',
		});
		expect(await status(newKey)).toBe(200);
		expect(await status(SALES.testKey)).toBe(200);
	});

	it('rotates the test key only when key_type is test (body or query)', async () => {
		const res = await regenerate(SALES.id, { key_type: 'test' });
		expect(res.status).toBe(201);
		expect(res.body.new_key.api_key).toMatch(/^sk_test_/);
		const ws = sb.state.workspaceJson(sb.state.getWorkspace(SALES.id)!);
		expect(ws.api_key).toBe(SALES.liveKey);
		expect(ws.test_api_key).toBe(res.body.new_key.api_key);
		expect(sb.state.pendingKeys(SALES.id, 'live')).toHaveLength(0);

		const viaQuery = await regenerate(LEGAL.id, undefined, P.liveKey, { key_type: 'test' });
		expect(viaQuery.status).toBe(201);
		expect(viaQuery.body.new_key.api_key).toMatch(/^sk_test_/);
		expect(sb.state.activeKey(LEGAL.id, 'live')?.value).toBe(LEGAL.liveKey);
	});

	it('lists every key of that type still in its grace period', async () => {
		const first = await regenerate(SALES.id);
		const second = await regenerate(SALES.id);
		expect(second.body.expiring_keys).toHaveLength(2);
		expect(await status(SALES.liveKey)).toBe(200);
		expect(await status(first.body.new_key.api_key)).toBe(200);
		expect(await status(second.body.new_key.api_key)).toBe(200);
	});

	it('lets a workspace rotate its own key, and the calling key keeps working', async () => {
		const res = await regenerate(SALES.id, {}, SALES.liveKey);
		expect(res.status).toBe(201);
		expect(await status(SALES.liveKey)).toBe(200);
	});

	it('refuses the protected workspace with 400', async () => {
		const res = await regenerate(P.id);
		expect(res.status).toBe(400);
		expect(res.body).toMatchObject({
			error: 'Cannot regenerate API key for protected workspace',
			code: 'PROTECTED_WORKSPACE',
		});
		expect(sb.state.activeKey(P.id, 'live')?.value).toBe(P.liveKey);
	});

	it('rejects an invalid key_type', async () => {
		for (const keyType of ['prod', 1, '']) {
			const res = await regenerate(SALES.id, { key_type: keyType });
			expect(res.status).toBe(400);
			expect(res.body.code).toBe('VALIDATION_ERROR');
			expect(res.body.details).toHaveProperty('key_type');
		}
		expect(sb.state.pendingKeys(SALES.id)).toHaveLength(0);
	});

	it('is 404 for an unknown workspace and 403 for another workspace with a non-protected key', async () => {
		expect((await regenerate('20000000-0000-4000-8000-0000000000ff')).status).toBe(404);
		const forbidden = await regenerate(LEGAL.id, {}, SALES.liveKey);
		expect(forbidden.status).toBe(403);
		expect(forbidden.body.code).toBe('FORBIDDEN');
		expect(sb.state.activeKey(LEGAL.id, 'live')?.value).toBe(LEGAL.liveKey);
	});
});

describe('POST /workspaces/:id/api-key/expire', () => {
	it('ends the grace period at once', async () => {
		const regen = await regenerate(SALES.id);
		const newKey = regen.body.new_key.api_key;
		expect(await status(SALES.liveKey)).toBe(200);

		sb.clock.advance(60_000);
		const before = sb.clock.now();
		const res = await expire(SALES.id, { key_type: 'live' });
		const after = sb.clock.now();
		expect(res.status).toBe(200);
		expect(res.body).toMatchObject({ workspace_id: SALES.id, expired_count: 1 });
		expect(typeof res.body.message).toBe('string');
		// service-api.md: expired_keys are the ids of the keys that stopped working.
		expect(res.body.expired_keys).toEqual([regen.body.expiring_keys[0].id]);
		const expiredAt = sb.state.apiKeys.find((k) => k.id === res.body.expired_keys[0])
			?.expiresAt as number;
		expect(expiredAt).toBeGreaterThanOrEqual(before);
		expect(expiredAt).toBeLessThanOrEqual(after);

		expect(await status(SALES.liveKey)).toBe(401);
		expect(await status(newKey)).toBe(200);
		expect(await status(SALES.testKey)).toBe(200);
	});

	it('with key_type expires only that type; without it only live keys (service-api.md)', async () => {
		await regenerate(SALES.id, { key_type: 'live' });
		await regenerate(SALES.id, { key_type: 'test' });

		const testOnly = await expire(SALES.id, undefined, P.liveKey, { key_type: 'test' });
		expect(testOnly.body.expired_count).toBe(1);
		expect(await status(SALES.testKey)).toBe(401);
		expect(await status(SALES.liveKey)).toBe(200);

		await regenerate(SALES.id, { key_type: 'test' });
		const testKeyNow = sb.state.pendingKeys(SALES.id, 'test')[0].value;
		const omitted = await expire(SALES.id);
		expect(omitted.body.expired_count).toBe(1);
		expect(await status(SALES.liveKey)).toBe(401);
		// the replaced test key is still in its grace period
		expect(await status(testKeyNow)).toBe(200);
		expect(sb.state.pendingKeys(SALES.id).map((k) => k.type)).toEqual(['test']);

		const none = await expire(SALES.id);
		expect(none.status).toBe(200);
		expect(none.body).toMatchObject({ expired_count: 0, expired_keys: [] });
		expect(sb.state.pendingKeys(SALES.id)).toHaveLength(1);
	});

	it('refuses the protected workspace with 400', async () => {
		const res = await expire(P.id);
		expect(res.status).toBe(400);
		expect(res.body).toMatchObject({
			error: 'Cannot expire API keys for protected workspace',
			code: 'PROTECTED_WORKSPACE',
		});
	});

	it('is 404 / 403 / 400 like regenerate', async () => {
		expect((await expire('nope')).status).toBe(404);
		expect((await expire(LEGAL.id, {}, SALES.testKey)).status).toBe(403);
		const bad = await expire(SALES.id, { key_type: 'both' });
		expect(bad.status).toBe(400);
		expect(bad.body.details).toHaveProperty('key_type');
	});
});
