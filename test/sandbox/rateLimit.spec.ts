import { SEED, classifyRequest, startSandbox, type Sandbox } from './index';
import { call } from './support/client';

const P = SEED.protectedWorkspace;
const [SALES] = SEED.workspaces;

describe('classifyRequest', () => {
	it.each([
		['GET', '/workspaces', 'read'],
		['GET', '/company', 'read'],
		['POST', '/workspaces', 'write'],
		['PUT', '/company', 'write'],
		['PATCH', '/workspaces/abc', 'write'],
		['DELETE', '/templates/abc', 'write'],
		['GET', '/webhooks', 'webhook'],
		['POST', '/webhooks', 'webhook'],
		['GET', '/webhooks/abc', 'webhook'],
		['PUT', '/webhooks/abc', 'webhook'],
		['DELETE', '/webhooks/abc', 'webhook'],
		['POST', '/webhooks/abc/test', 'webhookTest'],
		['POST', '/workspaces/abc/api-key/regenerate', 'keyRotation'],
		['POST', '/workspaces/abc/api-key/expire', 'keyRotation'],
		['POST', '/webhooks/rotate-secret', 'secretRotation'],
		['POST', '/workspaces/abc/webhooks/rotate-secret', 'secretRotation'],
		['GET', '/workspaces/abc/webhooks/secret-status', 'read'],
		['get', '/webhooks/', 'webhook'],
	])('%s %s → %s', (method, path, expected) => {
		expect(classifyRequest(method, path)).toBe(expected);
	});
});

describe('rate limiting', () => {
	let sb: Sandbox;
	beforeEach(async () => {
		sb = await startSandbox({
			rateLimitWindowMs: 1500,
			rateLimits: { read: 3, write: 1, webhook: 5, keyRotation: 1 },
		});
	});
	afterEach(() => sb.close());

	it('sends X-RateLimit-* headers that count down within the window', async () => {
		const started = Date.now();
		const seen: string[] = [];
		let reset: string | null = null;
		for (let i = 0; i < 3; i++) {
			const res = await call(sb, 'GET', '/company', { auth: P.liveKey });
			expect(res.status).toBe(200);
			expect(res.headers.get('x-ratelimit-limit')).toBe('3');
			seen.push(res.headers.get('x-ratelimit-remaining') as string);
			if (reset === null) reset = res.headers.get('x-ratelimit-reset');
			expect(res.headers.get('x-ratelimit-reset')).toBe(reset);
		}
		expect(seen).toEqual(['2', '1', '0']);
		const resetSeconds = Number(reset);
		expect(Number.isInteger(resetSeconds)).toBe(true);
		expect(resetSeconds).toBeGreaterThanOrEqual(Math.floor((started + 1500) / 1000));
		expect(resetSeconds).toBeLessThanOrEqual(Math.ceil((Date.now() + 1500) / 1000));
	});

	it('answers 429 with Retry-After and details.retry_after, does not count it, and recovers after the window', async () => {
		for (let i = 0; i < 3; i++)
			expect((await call(sb, 'GET', '/company', { auth: P.liveKey })).status).toBe(200);

		const limited = await call(sb, 'GET', '/company', { auth: P.liveKey });
		expect(limited.status).toBe(429);
		expect(limited.body).toMatchObject({ error: 'Rate Limit Exceeded', code: 'RATE_LIMITED' });
		expect(typeof limited.body.message).toBe('string');
		const retryAfter = Number(limited.headers.get('retry-after'));
		expect(Number.isInteger(retryAfter)).toBe(true);
		expect(retryAfter).toBeGreaterThanOrEqual(1);
		expect(retryAfter).toBeLessThanOrEqual(2);
		expect(limited.body.details).toEqual({ retry_after: retryAfter });
		expect(limited.headers.get('x-ratelimit-limit')).toBe('3');
		expect(limited.headers.get('x-ratelimit-remaining')).toBe('0');
		expect(limited.headers.get('x-ratelimit-reset')).toMatch(/^\d+$/);
		expect(limited.headers.get('x-api-version')).toBe('1');

		// still limited; another key is not affected
		expect((await call(sb, 'GET', '/company', { auth: P.liveKey })).status).toBe(429);
		expect((await call(sb, 'GET', '/company', { auth: P.testKey })).status).toBe(200);

		await new Promise((r) => setTimeout(r, 1600));
		const recovered = await call(sb, 'GET', '/company', { auth: P.liveKey });
		expect(recovered.status).toBe(200);
		// the two 429s were not counted: a fresh window with one request used
		expect(recovered.headers.get('x-ratelimit-remaining')).toBe('2');
	});

	it('sends the X-RateLimit-* headers with every answer to a known key, errors included, per key', async () => {
		const answers = [
			await call(sb, 'GET', '/no-such-route', { auth: P.liveKey }),
			await call(sb, 'GET', `/workspaces/${'0'.repeat(8)}-0000-4000-8000-000000000000`, {
				auth: P.liveKey,
			}),
		];
		for (const answer of answers) {
			expect(answer.status).toBe(404);
			expect(answer.headers.get('x-ratelimit-limit')).toBe('3');
			expect(answer.headers.get('x-ratelimit-reset')).toMatch(/^\d+$/);
		}
		expect(answers.map((a) => a.headers.get('x-ratelimit-remaining'))).toEqual(['2', '1']);
		// The other key of the same workspace has a budget of its own.
		const other = await call(sb, 'GET', '/company', { auth: P.testKey });
		expect(other.headers.get('x-ratelimit-remaining')).toBe('2');
	});

	it('does not process a request refused with 429', async () => {
		const before = sb.state.workspaces.length;
		expect(
			(await call(sb, 'POST', '/workspaces', { auth: P.liveKey, body: { name: 'One' } })).status,
		).toBe(201);
		const second = await call(sb, 'POST', '/workspaces', {
			auth: P.liveKey,
			body: { name: 'Two' },
		});
		expect(second.status).toBe(429);
		expect(sb.state.workspaces.length).toBe(before + 1);
		expect(sb.state.workspaces.some((w) => w.name === 'Two')).toBe(false);
	});

	it('keeps classes apart: webhook requests have their own budget', async () => {
		for (let i = 0; i < 3; i++) await call(sb, 'GET', '/company', { auth: P.liveKey });
		expect((await call(sb, 'GET', '/workspaces', { auth: P.liveKey })).status).toBe(429);

		// The read budget is spent, yet the webhook list answers: it counts against the webhook class.
		const hook = await call(sb, 'GET', '/webhooks', { auth: P.liveKey });
		expect(hook.status).toBe(200);
		expect(hook.headers.get('x-ratelimit-limit')).toBe('5');
		expect(hook.headers.get('x-ratelimit-remaining')).toBe('4');

		// write budget is separate from read as well
		const write = await call(sb, 'PATCH', `/workspaces/${SALES.id}`, {
			auth: P.liveKey,
			body: { name: 'Sales' },
		});
		expect(write.status).toBe(200);
		expect(write.headers.get('x-ratelimit-limit')).toBe('1');
		expect(write.headers.get('x-ratelimit-remaining')).toBe('0');
	});

	it('limits key rotation to 1 per window per key by class, separate from writes', async () => {
		const first = await call(sb, 'POST', `/workspaces/${SALES.id}/api-key/regenerate`, {
			auth: P.liveKey,
		});
		expect(first.status).toBe(201);
		expect(first.headers.get('x-ratelimit-limit')).toBe('1');
		const second = await call(sb, 'POST', `/workspaces/${SALES.id}/api-key/expire`, {
			auth: P.liveKey,
		});
		expect(second.status).toBe(429);
		// the pending key was not expired because the 429 was not processed
		expect(sb.state.pendingKeys(SALES.id)).toHaveLength(1);
		// write budget untouched by rotation
		expect(
			(await call(sb, 'POST', '/workspaces', { auth: P.liveKey, body: { name: 'W' } })).status,
		).toBe(201);
	});

	it('uses the sandbox clock, so clock.advance ends the window', async () => {
		for (let i = 0; i < 3; i++) await call(sb, 'GET', '/company', { auth: P.liveKey });
		expect((await call(sb, 'GET', '/company', { auth: P.liveKey })).status).toBe(429);
		sb.clock.advance(1500);
		expect((await call(sb, 'GET', '/company', { auth: P.liveKey })).status).toBe(200);
	});

	it('resetRateLimits forgets all counters', async () => {
		for (let i = 0; i < 3; i++) await call(sb, 'GET', '/company', { auth: P.liveKey });
		sb.resetRateLimits();
		const res = await call(sb, 'GET', '/company', { auth: P.liveKey });
		expect(res.status).toBe(200);
		expect(res.headers.get('x-ratelimit-remaining')).toBe('2');
	});
});

describe('default limits', () => {
	it('uses the documented per-minute limits', async () => {
		const sb = await startSandbox();
		try {
			const read = await call(sb, 'GET', '/company', { auth: P.liveKey });
			expect(read.headers.get('x-ratelimit-limit')).toBe('200');
			expect(read.headers.get('x-ratelimit-remaining')).toBe('199');
			const reset = Number(read.headers.get('x-ratelimit-reset'));
			expect(reset * 1000).toBeGreaterThan(Date.now() + 58_000);
			const write = await call(sb, 'POST', '/workspaces', { auth: P.liveKey, body: { name: 'x' } });
			expect(write.headers.get('x-ratelimit-limit')).toBe('120');
			const hook = await call(sb, 'GET', '/webhooks', { auth: P.liveKey });
			expect(hook.headers.get('x-ratelimit-limit')).toBe('60');
			const hookTest = await call(sb, 'POST', '/webhooks/abc/test', { auth: P.liveKey });
			expect(hookTest.headers.get('x-ratelimit-limit')).toBe('10');
			const rotate = await call(sb, 'POST', '/webhooks/rotate-secret', { auth: P.liveKey });
			expect(rotate.headers.get('x-ratelimit-limit')).toBe('1');
			const again = await call(sb, 'POST', '/webhooks/rotate-secret', { auth: P.liveKey });
			expect(again.status).toBe(429);
			expect(Number(again.headers.get('retry-after'))).toBeGreaterThanOrEqual(59);
		} finally {
			await sb.close();
		}
	});
});
