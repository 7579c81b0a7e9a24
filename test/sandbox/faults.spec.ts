import { SEED, startSandbox, type Sandbox } from './index';
import { call } from './support/client';

const KEY = SEED.protectedWorkspace.liveKey;

let sb: Sandbox;
beforeEach(async () => {
	sb = await startSandbox({ rateLimits: { read: 2 } });
});
afterEach(() => sb.close());

describe('injected faults', () => {
	it("'status' answers with the given status, body and headers, once by default", async () => {
		sb.injectFault({
			path: '/company',
			kind: 'status',
			status: 503,
			body: { error: 'Busy' },
			headers: { 'Retry-After': '3' },
		});
		const faulted = await call(sb, 'GET', '/company', { auth: KEY });
		expect(faulted.status).toBe(503);
		expect(faulted.body).toEqual({ error: 'Busy' });
		expect(faulted.headers.get('retry-after')).toBe('3');
		expect(faulted.headers.get('content-type')).toBe('application/json');

		const next = await call(sb, 'GET', '/company', { auth: KEY });
		expect(next.status).toBe(200);
		// the faulted request did not reach the rate limiter
		expect(next.headers.get('x-ratelimit-remaining')).toBe('1');
	});

	it("'status' defaults to 500 with a JSON error body, and honours times", async () => {
		sb.injectFault({ kind: 'status', times: 2 });
		for (let i = 0; i < 2; i++) {
			const res = await call(sb, 'GET', '/workspaces', { auth: KEY });
			expect(res.status).toBe(500);
			expect(res.body.code).toBe('INJECTED_FAULT');
		}
		expect((await call(sb, 'GET', '/workspaces', { auth: KEY })).status).toBe(200);
	});

	it('a faulted request is not processed', async () => {
		const before = sb.state.workspaces.length;
		sb.injectFault({
			method: 'POST',
			path: '/workspaces',
			kind: 'status',
			status: 502,
			body: 'Bad Gateway',
		});
		const res = await call(sb, 'POST', '/workspaces', { auth: KEY, body: { name: 'Ghost' } });
		expect(res.status).toBe(502);
		expect(res.body).toBe('Bad Gateway');
		expect(sb.state.workspaces.length).toBe(before);
		expect(sb.requests.at(-1)).toMatchObject({
			method: 'POST',
			path: '/workspaces',
			status: 502,
			body: { name: 'Ghost' },
		});
	});

	it('matches on method and on a RegExp path', async () => {
		sb.injectFault({ method: 'PATCH', path: /^\/workspaces\/[^/]+$/, kind: 'status', status: 500 });
		const ws = SEED.workspaces[0].id;
		expect((await call(sb, 'GET', `/workspaces/${ws}`, { auth: KEY })).status).toBe(200);
		expect(
			(await call(sb, 'PATCH', `/workspaces/${ws}`, { auth: KEY, body: { name: 'n' } })).status,
		).toBe(500);
		expect(sb.state.getWorkspace(ws)?.name).toBe(SEED.workspaces[0].name);
		expect(
			(await call(sb, 'PATCH', `/workspaces/${ws}`, { auth: KEY, body: { name: 'n' } })).status,
		).toBe(200);
	});

	it("'reset' destroys the connection without a response and without processing", async () => {
		const before = sb.state.workspaces.length;
		sb.injectFault({ path: '/workspaces', kind: 'reset' });
		await expect(
			call(sb, 'POST', '/workspaces', { auth: KEY, body: { name: 'Lost' } }),
		).rejects.toThrow();
		expect(sb.state.workspaces.length).toBe(before);
		const recorded = sb.requests.filter((r) => r.path === '/workspaces');
		expect(recorded).toHaveLength(1);
		expect(recorded[0]).toMatchObject({ method: 'POST', status: 0, body: { name: 'Lost' } });
		expect(
			(await call(sb, 'POST', '/workspaces', { auth: KEY, body: { name: 'Found' } })).status,
		).toBe(201);
	});

	it("'delay' answers normally after the delay", async () => {
		sb.injectFault({ path: '/company', kind: 'delay', delayMs: 300 });
		const started = Date.now();
		const res = await call(sb, 'GET', '/company', { auth: KEY });
		expect(Date.now() - started).toBeGreaterThanOrEqual(290);
		expect(res.status).toBe(200);
		expect(res.body.id).toBe(SEED.company.id);
		const quick = Date.now();
		await call(sb, 'GET', '/company', { auth: KEY });
		expect(Date.now() - quick).toBeLessThan(250);
	});

	it('close() does not wait for a delayed request', async () => {
		sb.injectFault({ kind: 'delay', delayMs: 10_000 });
		const pending = call(sb, 'GET', '/company', { auth: KEY }).catch((err) => err);
		await new Promise((r) => setTimeout(r, 100));
		const started = Date.now();
		await sb.close();
		expect(Date.now() - started).toBeLessThan(1000);
		// fetch rejects (TypeError "fetch failed"; from another realm, so no instanceof check)
		expect(String(await pending)).toMatch(/fetch failed|socket|terminated/i);
	});
});

describe('request log', () => {
	it('records every request in order, including errors and 429s', async () => {
		await call(sb, 'GET', '/company', { auth: `Bearer ${KEY}`, query: { a: 1 } });
		await call(sb, 'POST', '/workspaces', {
			auth: KEY,
			body: { name: 'Logged' },
			headers: { 'X-API-Version': '1' },
		});
		await call(sb, 'GET', '/company', { auth: 'bad' });
		await call(sb, 'GET', '/company', { auth: KEY });
		await call(sb, 'GET', '/company', { auth: KEY }); // 3rd read with limit 2 → 429
		await call(sb, 'PUT', '/workspaces/x', { auth: KEY, rawBody: 'not json' });

		expect(sb.requests.map((r) => [r.method, r.path, r.status])).toEqual([
			['GET', '/company', 200],
			['POST', '/workspaces', 201],
			['GET', '/company', 401],
			['GET', '/company', 200],
			['GET', '/company', 429],
			['PUT', '/workspaces/x', 400], // invalid JSON is checked before the handler's 404
		]);
		const [first, second, , , , last] = sb.requests;
		expect(first.query).toEqual({ a: '1' });
		expect(first.headers.authorization).toBe(`Bearer ${KEY}`);
		expect(first.body).toBeUndefined();
		expect(first.rawBody).toBe('');
		expect(second.body).toEqual({ name: 'Logged' });
		expect(second.rawBody).toBe('{"name":"Logged"}');
		expect(second.headers['x-api-version']).toBe('1');
		expect(second.headers['content-type']).toBe('application/json');
		expect(last.body).toBeUndefined();
		expect(last.rawBody).toBe('not json');
		expect(typeof first.at).toBe('number');
		expect(second.at).toBeGreaterThanOrEqual(first.at);
		expect(first.requestId).toMatch(/^[0-9a-f-]{36}$/);
	});

	it('records the sandbox clock time and clearRequests empties the same array', async () => {
		const log = sb.requests;
		sb.clock.advance(86_400_000);
		await call(sb, 'GET', '/company', { auth: KEY });
		expect(log[0].at).toBeGreaterThan(Date.now() + 86_000_000);
		sb.clearRequests();
		expect(sb.requests).toBe(log);
		expect(log).toHaveLength(0);
		await call(sb, 'GET', '/company', { auth: KEY });
		expect(log).toHaveLength(1);
	});
});
