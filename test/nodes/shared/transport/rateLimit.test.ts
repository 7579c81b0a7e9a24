import {
	RATE_LIMITS,
	RateLimiter,
	limiterFor,
	rateClassOf,
	resetRateLimiters,
} from '../../../../nodes/shared/transport/rateLimit';

describe('rateClassOf', () => {
	it.each([
		['GET', '/workspaces', 'read'],
		['GET', '/signing-requests/abc/audit', 'read'],
		['POST', '/signing-requests', 'write'],
		['PUT', '/company', 'write'],
		['PATCH', '/templates/abc', 'write'],
		['DELETE', '/templates/abc', 'write'],
		['GET', '/webhooks', 'webhook'],
		['POST', '/webhooks', 'webhook'],
		['GET', '/webhooks/abc', 'webhook'],
		['PUT', '/webhooks/abc', 'webhook'],
		['DELETE', '/webhooks/abc/', 'webhook'],
		['POST', '/webhooks/abc/test', 'webhookTest'],
		['POST', '/webhooks/rotate-secret', 'secretRotation'],
		['POST', '/workspaces/abc/webhooks/rotate-secret', 'secretRotation'],
		['GET', '/webhooks/secret-status', 'webhook'],
		['POST', '/workspaces/abc/api-key/regenerate', 'keyRotation'],
		['POST', '/workspaces/abc/api-key/expire?key_type=test', 'keyRotation'],
		['GET', '/signing-requests/abc/signers/def/signature', 'signerAsset'],
		['GET', '/signing-requests/abc/signers/def/files/ghi', 'signerAsset'],
		['GET', '/seals/abc/image', 'signerAsset'],
		['GET', '/seals/abc', 'read'],
	])('%s %s is %s', (method, path, expected) => {
		expect(rateClassOf(method, path)).toBe(expected);
	});

	it('knows the published limits', () => {
		expect(RATE_LIMITS).toEqual({
			read: 200,
			write: 120,
			webhook: 60,
			webhookTest: 10,
			keyRotation: 1,
			secretRotation: 1,
			signerAsset: 60,
		});
	});
});

describe('RateLimiter', () => {
	let now = 1_000_000;
	const clock = () => now;
	beforeEach(() => {
		now = 1_000_000;
	});

	it('without headers, lets the published limit through per minute and then waits for the oldest to age out', () => {
		const limiter = new RateLimiter(clock);
		for (let i = 0; i < RATE_LIMITS.keyRotation; i++) {
			expect(limiter.delayFor('keyRotation')).toBe(0);
			limiter.record('keyRotation');
		}
		expect(limiter.delayFor('keyRotation')).toBe(60_000);
		now += 45_000;
		expect(limiter.delayFor('keyRotation')).toBe(15_000);
		now += 15_000;
		expect(limiter.delayFor('keyRotation')).toBe(0);
	});

	it('paces 121 writes: the 121st waits until the first is a minute old', () => {
		const limiter = new RateLimiter(clock);
		for (let i = 0; i < 120; i++) {
			expect(limiter.delayFor('write')).toBe(0);
			limiter.record('write');
			now += 100;
		}
		// first write at 1_000_000, now = 1_012_000
		expect(limiter.delayFor('write')).toBe(1_000_000 + 60_000 - now);
		// reads are a separate class
		expect(limiter.delayFor('read')).toBe(0);
	});

	it('follows the service: remaining 0 means wait until X-RateLimit-Reset', () => {
		const limiter = new RateLimiter(clock);
		limiter.record('write');
		limiter.update('write', {
			'x-ratelimit-limit': '5',
			'x-ratelimit-remaining': '0',
			'x-ratelimit-reset': String((now + 2_500) / 1000),
		});
		expect(limiter.delayFor('write')).toBe(2_500);
		now += 2_500;
		expect(limiter.delayFor('write')).toBe(0);
	});

	it('counts its own sends down from what the service said', () => {
		const limiter = new RateLimiter(clock);
		limiter.update('read', {
			'X-RateLimit-Remaining': '2',
			'X-RateLimit-Reset': String(Math.ceil((now + 10_000) / 1000)),
		});
		expect(limiter.delayFor('read')).toBe(0);
		limiter.record('read');
		expect(limiter.delayFor('read')).toBe(0);
		limiter.record('read');
		expect(limiter.delayFor('read')).toBeGreaterThan(9_000);
	});

	it('once the service window is over, sends at once: the answer reports the new window', () => {
		const limiter = new RateLimiter(clock);
		for (let i = 0; i < 3; i++) limiter.record('write');
		limiter.update('write', {
			'x-ratelimit-limit': '3',
			'x-ratelimit-remaining': '0',
			'x-ratelimit-reset': String((now + 1_000) / 1000),
		});
		expect(limiter.delayFor('write')).toBe(1_000);
		now += 1_000;
		expect(limiter.delayFor('write')).toBe(0);
		limiter.record('write');
		limiter.record('write');
		// the service's headers rule from now on, not the local one-minute window
		expect(limiter.delayFor('write')).toBe(0);
	});

	it('ignores malformed headers', () => {
		const limiter = new RateLimiter(clock);
		limiter.update('read', { 'x-ratelimit-remaining': 'abc', 'x-ratelimit-reset': '' });
		expect(limiter.delayFor('read')).toBe(0);
	});
});

describe('limiterFor', () => {
	afterEach(() => resetRateLimiters());

	it('shares one limiter per base URL and key, and separates different keys', () => {
		const a = limiterFor('http://127.0.0.1:1', 'key-a');
		expect(limiterFor('http://127.0.0.1:1', 'key-a')).toBe(a);
		expect(limiterFor('http://127.0.0.1:1', 'key-b')).not.toBe(a);
		expect(limiterFor('http://127.0.0.1:2', 'key-a')).not.toBe(a);
	});
});
