import { SEED, startSandbox, type Sandbox } from './index';
import { call } from './support/client';

const KEY = SEED.protectedWorkspace.liveKey;

describe('X-API-Version with default options', () => {
	let sb: Sandbox;
	beforeAll(async () => {
		sb = await startSandbox();
	});
	afterAll(() => sb.close());

	it('applies the current version when the header is absent and echoes it', async () => {
		const res = await call(sb, 'GET', '/company', { auth: KEY });
		expect(res.status).toBe(200);
		expect(res.headers.get('x-api-version')).toBe('1');
		expect(res.headers.get('deprecation')).toBeNull();
	});

	it('accepts an explicit supported version', async () => {
		const res = await call(sb, 'GET', '/company', { auth: KEY, headers: { 'X-API-Version': '1' } });
		expect(res.status).toBe(200);
		expect(res.headers.get('x-api-version')).toBe('1');
	});

	it.each(['abc', '0', '-1', '1.5', '+1', '1e0', 'v1', '1 1'])(
		'rejects %p with 400 INVALID_VERSION',
		async (value) => {
			const res = await call(sb, 'GET', '/company', {
				auth: KEY,
				headers: { 'X-API-Version': value },
			});
			expect(res.status).toBe(400);
			expect(res.body.code).toBe('INVALID_VERSION');
			expect(typeof res.body.error).toBe('string');
			expect(res.headers.get('x-api-version')).toBe('1');
		},
	);

	it.each(['2', '99'])(
		'rejects the unknown version %p with 400 UNSUPPORTED_VERSION',
		async (value) => {
			const res = await call(sb, 'GET', '/company', {
				auth: KEY,
				headers: { 'X-API-Version': value },
			});
			expect(res.status).toBe(400);
			expect(res.body.code).toBe('UNSUPPORTED_VERSION');
			expect(res.body.message).toContain(value);
		},
	);

	it('checks the version before the key (a bad version without a key is 400, not 401)', async () => {
		const res = await call(sb, 'GET', '/company', { headers: { 'X-API-Version': 'abc' } });
		expect(res.status).toBe(400);
		expect(res.body.code).toBe('INVALID_VERSION');
	});
});

describe('version lifecycle (configured versions)', () => {
	let sb: Sandbox;
	beforeAll(async () => {
		sb = await startSandbox({
			currentVersion: 2,
			versions: {
				1: { status: 'sunset', sunsetAt: '2025-01-01T00:00:00Z' },
				2: { status: 'active' },
				3: {
					status: 'deprecated',
					deprecatedAt: '2025-06-01T00:00:00Z',
					sunsetAt: '2026-12-01T00:00:00Z',
					message: 'Version 3 is deprecated, use 4',
				},
			},
		});
	});
	afterAll(() => sb.close());

	it('uses the configured current version when the header is absent', async () => {
		const res = await call(sb, 'GET', '/company', { auth: KEY });
		expect(res.status).toBe(200);
		expect(res.headers.get('x-api-version')).toBe('2');
	});

	it('answers 410 VERSION_SUNSET for a sunset version', async () => {
		const res = await call(sb, 'GET', '/company', { auth: KEY, headers: { 'X-API-Version': '1' } });
		expect(res.status).toBe(410);
		expect(res.body.code).toBe('VERSION_SUNSET');
		expect(res.headers.get('x-api-version')).toBe('1');
	});

	it('serves a deprecated version with Deprecation, Sunset and X-Deprecated-Message', async () => {
		const res = await call(sb, 'GET', '/company', { auth: KEY, headers: { 'X-API-Version': '3' } });
		expect(res.status).toBe(200);
		expect(res.body.id).toBe(SEED.company.id);
		expect(res.headers.get('x-api-version')).toBe('3');
		expect(res.headers.get('deprecation')).toBe('Sun, 01 Jun 2025 00:00:00 GMT');
		expect(res.headers.get('sunset')).toBe('Tue, 01 Dec 2026 00:00:00 GMT');
		expect(res.headers.get('x-deprecated-message')).toBe('Version 3 is deprecated, use 4');
	});

	it('adds the deprecation headers to error responses too', async () => {
		const res = await call(sb, 'GET', '/company', {
			auth: 'wrong',
			headers: { 'X-API-Version': '3' },
		});
		expect(res.status).toBe(401);
		expect(res.headers.get('deprecation')).not.toBeNull();
		expect(res.headers.get('x-api-version')).toBe('3');
	});

	it('sends no deprecation headers for an active version', async () => {
		const res = await call(sb, 'GET', '/company', { auth: KEY, headers: { 'X-API-Version': '2' } });
		expect(res.headers.get('deprecation')).toBeNull();
		expect(res.headers.get('sunset')).toBeNull();
	});
});
