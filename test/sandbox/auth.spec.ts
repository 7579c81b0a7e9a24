import { SEED, startSandbox, type Sandbox } from './index';
import { call } from './support/client';

const P = SEED.protectedWorkspace;
const [SALES, LEGAL] = SEED.workspaces;

let sb: Sandbox;
beforeAll(async () => {
	sb = await startSandbox();
});
afterAll(() => sb.close());

describe('authentication', () => {
	it.each([
		['bare live key', P.liveKey],
		['bare test key', P.testKey],
		['Bearer live key', `Bearer ${SALES.liveKey}`],
		['Bearer test key', `Bearer ${SALES.testKey}`],
		['lower-case bearer prefix', `bearer ${LEGAL.liveKey}`],
		['upper-case bearer prefix', `BEARER ${LEGAL.testKey}`],
	])('accepts a %s', async (_label, auth) => {
		const res = await call(sb, 'GET', '/company', { auth });
		expect(res.status).toBe(200);
		expect(res.body.id).toBe(SEED.company.id);
	});

	it.each([
		['missing header', undefined],
		['unknown key', 'sk_live_does_not_exist'],
		['Bearer with unknown key', 'Bearer sk_test_nope'],
		['empty Bearer', 'Bearer '],
		['a prefix of a real key', P.liveKey.slice(0, -1)],
	])('answers 401 UNAUTHORIZED for a %s', async (_label, auth) => {
		const res = await call(sb, 'GET', '/company', { auth });
		expect(res.status).toBe(401);
		expect(res.body).toEqual({
			error: 'Unauthorized',
			code: 'UNAUTHORIZED',
			message: 'Invalid API key',
		});
		expect(res.headers.get('content-type')).toBe('application/json');
		expect(res.headers.get('x-api-version')).toBe('1');
		// rate limits are per key: an unauthenticated request has no rate-limit headers
		expect(res.headers.get('x-ratelimit-limit')).toBeNull();
	});

	it('tells live and test keys apart in the request context', () => {
		const live = sb.state.authenticate(SALES.liveKey);
		const test = sb.state.authenticate(SALES.testKey);
		expect(live).toMatchObject({ mode: 'live', testMode: false, isProtected: false });
		expect(live?.workspace.id).toBe(SALES.id);
		expect(test).toMatchObject({ mode: 'test', testMode: true, isProtected: false });
		expect(sb.state.authenticate(P.testKey)).toMatchObject({ mode: 'test', isProtected: true });
		expect(sb.state.authenticate('nope')).toBeUndefined();
	});

	it('sends JSON with X-Request-Id and X-API-Version on success', async () => {
		const res = await call(sb, 'GET', '/company', { auth: P.liveKey });
		expect(res.headers.get('content-type')).toBe('application/json');
		expect(res.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
		expect(res.headers.get('x-api-version')).toBe('1');
	});
});

describe('workspace reach', () => {
	it.each([P.liveKey, P.testKey])('the protected key %s reaches every workspace', async (key) => {
		for (const ws of [P, SALES, LEGAL]) {
			const res = await call(sb, 'GET', `/workspaces/${ws.id}`, { auth: key });
			expect(res.status).toBe(200);
			expect(res.body.id).toBe(ws.id);
		}
		const list = await call(sb, 'GET', '/workspaces', { auth: key });
		expect(list.body.results.map((w: any) => w.id).sort()).toEqual(
			[P.id, SALES.id, LEGAL.id].sort(),
		);
	});

	it.each([SALES.liveKey, SALES.testKey])(
		'a non-protected key %s reaches only its own workspace',
		async (key) => {
			const own = await call(sb, 'GET', `/workspaces/${SALES.id}`, { auth: key });
			expect(own.status).toBe(200);
			for (const other of [P.id, LEGAL.id]) {
				const res = await call(sb, 'GET', `/workspaces/${other}`, { auth: key });
				expect(res.status).toBe(403);
				expect(res.body).toMatchObject({ error: 'Forbidden', code: 'FORBIDDEN' });
				expect(typeof res.body.message).toBe('string');
			}
			const list = await call(sb, 'GET', '/workspaces', { auth: key });
			expect(list.body.results.map((w: any) => w.id)).toEqual([SALES.id]);
			expect(list.body.pagination.total_count).toBe(1);
		},
	);

	it('a non-protected key cannot update or create other workspaces', async () => {
		const patch = await call(sb, 'PATCH', `/workspaces/${LEGAL.id}`, {
			auth: SALES.liveKey,
			body: { name: 'x' },
		});
		expect(patch.status).toBe(403);
		expect(sb.state.getWorkspace(LEGAL.id)?.name).toBe(LEGAL.name);
		const create = await call(sb, 'POST', '/workspaces', {
			auth: SALES.liveKey,
			body: { name: 'Mine' },
		});
		expect(create.status).toBe(403);
	});

	it('an unknown workspace id is 404 Workspace not found (also for non-protected keys)', async () => {
		for (const key of [P.liveKey, SALES.liveKey]) {
			const res = await call(sb, 'GET', '/workspaces/20000000-0000-4000-8000-0000000000ff', {
				auth: key,
			});
			expect(res.status).toBe(404);
			expect(res.body).toEqual({
				error: 'Not Found',
				code: 'NOT_FOUND',
				message: 'Workspace not found',
			});
		}
	});
});

describe('generic errors', () => {
	it('answers JSON 404 for an unknown path or method, with rate-limit headers', async () => {
		for (const [method, path] of [
			['GET', '/no-such-thing'],
			['DELETE', '/company'],
		]) {
			const res = await call(sb, method, path, { auth: P.liveKey });
			expect(res.status).toBe(404);
			expect(res.body).toMatchObject({ error: 'Not Found', code: 'NOT_FOUND' });
			expect(res.headers.get('x-ratelimit-limit')).not.toBeNull();
			expect(res.headers.get('x-api-version')).toBe('1');
		}
	});

	it('answers 400 with details for an invalid JSON body, without processing it', async () => {
		const before = sb.state.workspaces.length;
		const res = await call(sb, 'POST', '/workspaces', {
			auth: P.liveKey,
			rawBody: '{"name": "x",',
		});
		expect(res.status).toBe(400);
		expect(res.body.code).toBe('VALIDATION_ERROR');
		expect(res.body.error).toBe('Validation Error');
		expect(res.body.details.body).toMatch(/Invalid JSON/);
		expect(sb.state.workspaces.length).toBe(before);
	});

	it('ignores a trailing slash in the path', async () => {
		const res = await call(sb, 'GET', '/company/', { auth: P.liveKey });
		expect(res.status).toBe(200);
	});
});
