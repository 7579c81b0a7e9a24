import { SEED, startSandbox, type Sandbox } from './index';
import { call } from './support/client';

const P = SEED.protectedWorkspace;
const [SALES, LEGAL] = SEED.workspaces;
const KEY = P.liveKey;

let sb: Sandbox;
beforeEach(async () => {
	sb = await startSandbox();
});
afterEach(() => sb.close());

const list = (query: Record<string, string | number> = {}, auth = KEY) =>
	call(sb, 'GET', '/workspaces', { auth, query });
const names = (res: { body: any }) => res.body.results.map((w: any) => w.name);

describe('GET /workspaces', () => {
	it('lists all reachable workspaces, newest first, with pagination', async () => {
		const res = await list();
		expect(res.status).toBe(200);
		expect(names(res)).toEqual([LEGAL.name, SALES.name, P.name]);
		expect(res.body.pagination).toEqual({
			current_page: 1,
			page_size: 50,
			total_count: 3,
			total_pages: 1,
		});
	});

	it('returns complete Workspace objects with both keys', async () => {
		const res = await list({ name: 'Acme' });
		expect(res.body.results).toEqual([
			{
				id: P.id,
				name: P.name,
				protected: true,
				api_key: P.liveKey,
				test_api_key: P.testKey,
				created_date: P.created_date,
				updated_date: P.created_date,
				webhook_enabled: false,
				webhook_secret: null,
				webhook_secret_created_at: null,
				webhook_secret_rotated_at: null,
				ignore_company_webhooks: false,
				icon_url: null,
			},
		]);
	});

	it('filters by partial, case-insensitive name', async () => {
		expect(names(await list({ name: 'TEAM' }))).toEqual([LEGAL.name, SALES.name]);
		expect(names(await list({ name: 'sales' }))).toEqual([SALES.name]);
		expect(names(await list({ name: 'nothing like this' }))).toEqual([]);
	});

	it.each([
		['1', [P.name]],
		['true', [P.name]],
		['0', [LEGAL.name, SALES.name]],
		['false', [LEGAL.name, SALES.name]],
	])('filters protected=%s', async (value, expected) => {
		expect(names(await list({ protected: value }))).toEqual(expected);
	});

	it('filters by created_after and created_before (exclusive)', async () => {
		expect(names(await list({ created_after: '2024-02-01T00:00:00Z' }))).toEqual([
			LEGAL.name,
			SALES.name,
		]);
		expect(names(await list({ created_before: '2024-05-01T00:00:00Z' }))).toEqual([
			SALES.name,
			P.name,
		]);
		expect(
			names(
				await list({
					created_after: '2024-02-01T00:00:00.000Z',
					created_before: '2024-05-01T00:00:00+00:00',
				}),
			),
		).toEqual([SALES.name]);
		expect(names(await list({ created_after: SALES.created_date }))).toEqual([LEGAL.name]);
		expect(names(await list({ created_after: '2024-02-01' }))).toEqual([LEGAL.name, SALES.name]);
	});

	it.each([
		['name', 'asc', [P.name, LEGAL.name, SALES.name]],
		['name', 'desc', [SALES.name, LEGAL.name, P.name]],
		['created_on', 'asc', [P.name, SALES.name, LEGAL.name]],
		['created_on', 'desc', [LEGAL.name, SALES.name, P.name]],
		['protected', 'asc', [SALES.name, LEGAL.name, P.name]],
		['protected', 'desc', [P.name, LEGAL.name, SALES.name]],
	])('sorts by %s %s', async (sortBy, sortOrder, expected) => {
		expect(names(await list({ sort_by: sortBy, sort_order: sortOrder }))).toEqual(expected);
	});

	it('sorts names case-insensitively', async () => {
		sb.state.createWorkspace('beta');
		sb.state.createWorkspace('Alpha');
		expect(names(await list({ sort_by: 'name', sort_order: 'asc' }))).toEqual([
			P.name,
			'Alpha',
			'beta',
			LEGAL.name,
			SALES.name,
		]);
	});

	it('paginates: page math, last partial page, page past the end', async () => {
		for (let i = 1; i <= 7; i++) {
			sb.clock.advance(1000);
			sb.state.createWorkspace(`Extra ${i}`);
		}
		const full = await list({ page_size: 200 });
		expect(full.body.pagination).toEqual({
			current_page: 1,
			page_size: 200,
			total_count: 10,
			total_pages: 1,
		});

		const ids: string[] = [];
		for (let page = 1; page <= 4; page++) {
			const res = await list({ page, page_size: 3 });
			expect(res.body.pagination).toEqual({
				current_page: page,
				page_size: 3,
				total_count: 10,
				total_pages: 4,
			});
			expect(res.body.results).toHaveLength(page < 4 ? 3 : 1);
			ids.push(...res.body.results.map((w: any) => w.id));
		}
		expect(ids).toEqual(full.body.results.map((w: any) => w.id));

		const past = await list({ page: 5, page_size: 3 });
		expect(past.status).toBe(200);
		expect(past.body.results).toEqual([]);
		expect(past.body.pagination).toEqual({
			current_page: 5,
			page_size: 3,
			total_count: 10,
			total_pages: 4,
		});

		const empty = await list({ name: 'zzz' });
		expect(empty.body.pagination).toEqual({
			current_page: 1,
			page_size: 50,
			total_count: 0,
			total_pages: 0,
		});
	});

	it.each([
		['page', '0'],
		['page', 'abc'],
		['page', '1.5'],
		['page_size', '0'],
		['page_size', '201'],
		['page_size', 'ten'],
		['protected', 'yes'],
		['created_after', 'yesterday'],
		['created_after', '2024-13-45T00:00:00Z'],
		['created_before', 'not-a-date'],
		['sort_by', 'updated_on'],
		['sort_order', 'up'],
	])('answers 400 VALIDATION_ERROR naming %s for %p', async (field, value) => {
		const res = await list({ [field]: value });
		expect(res.status).toBe(400);
		expect(res.body).toMatchObject({ error: 'Validation Error', code: 'VALIDATION_ERROR' });
		expect(Object.keys(res.body.details)).toEqual([field]);
		expect(typeof res.body.details[field]).toBe('string');
		expect(res.body.message).toContain(field);
	});

	it('reports every bad query parameter at once', async () => {
		const res = await list({ page: 0, sort_by: 'x', created_before: 'y' });
		expect(res.status).toBe(400);
		expect(Object.keys(res.body.details).sort()).toEqual(['created_before', 'page', 'sort_by']);
	});

	it('accepts the boundary page sizes 1 and 200', async () => {
		expect((await list({ page_size: 1 })).body.results).toHaveLength(1);
		expect((await list({ page_size: 200 })).status).toBe(200);
	});
});

describe('POST /workspaces', () => {
	it('creates a non-protected workspace with live and test keys (201)', async () => {
		sb.clock.advance(60_000);
		const res = await call(sb, 'POST', '/workspaces', {
			auth: KEY,
			body: { name: '  Marketing  ', protected: true },
		});
		expect(res.status).toBe(201);
		expect(res.body).toMatchObject({ name: 'Marketing', protected: false });
		expect(res.body.id).toMatch(
			/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
		);
		expect(res.body.api_key).toMatch(/^sk_live_[0-9a-f]{32}$/);
		expect(res.body.test_api_key).toMatch(/^sk_test_[0-9a-f]{32}$/);
		expect(Date.parse(res.body.created_date)).toBeGreaterThan(Date.now() + 50_000);

		// newest first in the list, and its own key reaches only it
		expect(names(await list())[0]).toBe('Marketing');
		const own = await list({}, res.body.api_key);
		expect(own.body.results.map((w: any) => w.id)).toEqual([res.body.id]);
		expect(
			(await call(sb, 'GET', `/workspaces/${res.body.id}`, { auth: res.body.test_api_key })).status,
		).toBe(200);
	});

	it.each([
		[{}, 'name is required'],
		[{ name: '' }, 'must not be empty'],
		[{ name: '   ' }, 'must not be empty'],
		[{ name: 42 }, 'must be a string'],
		[{ name: 'x'.repeat(256) }, 'at most 255'],
	])('rejects %j with a validation error on name', async (body, message) => {
		const res = await call(sb, 'POST', '/workspaces', { auth: KEY, body });
		expect(res.status).toBe(400);
		expect(res.body.code).toBe('VALIDATION_ERROR');
		expect(res.body.details.name).toContain(message);
	});

	it('accepts a 255-character name and rejects a non-object body', async () => {
		expect(
			(await call(sb, 'POST', '/workspaces', { auth: KEY, body: { name: 'n'.repeat(255) } }))
				.status,
		).toBe(201);
		const arr = await call(sb, 'POST', '/workspaces', { auth: KEY, body: ['x'] });
		expect(arr.status).toBe(400);
		expect(arr.body.details).toHaveProperty('body');
	});
});

describe('GET, PUT and PATCH /workspaces/:id', () => {
	it('gets one workspace', async () => {
		const res = await call(sb, 'GET', `/workspaces/${SALES.id}`, { auth: SALES.liveKey });
		expect(res.status).toBe(200);
		expect(res.body).toMatchObject({
			id: SALES.id,
			name: SALES.name,
			api_key: SALES.liveKey,
			test_api_key: SALES.testKey,
		});
	});

	it('PUT replaces the name and moves updated_date', async () => {
		sb.clock.advance(3_600_000);
		const res = await call(sb, 'PUT', `/workspaces/${SALES.id}`, {
			auth: KEY,
			body: { name: 'Sales EMEA' },
		});
		expect(res.status).toBe(200);
		expect(res.body.name).toBe('Sales EMEA');
		expect(res.body.created_date).toBe(SALES.created_date);
		expect(Date.parse(res.body.updated_date)).toBeGreaterThan(Date.now() + 3_500_000);
		expect((await call(sb, 'GET', `/workspaces/${SALES.id}`, { auth: KEY })).body.name).toBe(
			'Sales EMEA',
		);
	});

	it('PUT requires name', async () => {
		const res = await call(sb, 'PUT', `/workspaces/${SALES.id}`, { auth: KEY, body: {} });
		expect(res.status).toBe(400);
		expect(res.body.details).toHaveProperty('name');
	});

	it('PATCH updates the name, also with the workspace own key', async () => {
		const res = await call(sb, 'PATCH', `/workspaces/${SALES.id}`, {
			auth: SALES.testKey,
			body: { name: 'Sales 2' },
		});
		expect(res.status).toBe(200);
		expect(res.body.name).toBe('Sales 2');
	});

	it.each([
		['protected', { protected: false }, 'protected'],
		['protected with a name', { name: 'X', protected: true }, 'protected'],
		['an empty body', {}, 'name'],
		['no updatable field', { color: 'red' }, 'name'],
		['an empty name', { name: '' }, 'name'],
	])('PATCH with %s is 400', async (_label, body, field) => {
		const res = await call(sb, 'PATCH', `/workspaces/${SALES.id}`, { auth: KEY, body });
		expect(res.status).toBe(400);
		expect(res.body.code).toBe('VALIDATION_ERROR');
		expect(res.body.details).toHaveProperty(field);
		expect(sb.state.getWorkspace(SALES.id)?.name).toBe(SALES.name);
	});

	it('PATCH without any body is 400', async () => {
		const res = await call(sb, 'PATCH', `/workspaces/${SALES.id}`, { auth: KEY });
		expect(res.status).toBe(400);
	});

	it('PUT/PATCH on an unknown workspace is 404', async () => {
		for (const method of ['PUT', 'PATCH']) {
			const res = await call(sb, method, '/workspaces/unknown-id', {
				auth: KEY,
				body: { name: 'x' },
			});
			expect(res.status).toBe(404);
			expect(res.body.message).toBe('Workspace not found');
		}
	});
});

describe('instances', () => {
	it('each sandbox has its own state', async () => {
		const other = await startSandbox();
		try {
			await call(sb, 'POST', '/workspaces', { auth: KEY, body: { name: 'Only here' } });
			expect((await list()).body.pagination.total_count).toBe(4);
			expect(
				(await call(other, 'GET', '/workspaces', { auth: KEY })).body.pagination.total_count,
			).toBe(3);
		} finally {
			await other.close();
		}
	});
});
