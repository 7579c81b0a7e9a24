/**
 * The one router and its list of areas (routes/index.ts): every route is reachable (none hidden by
 * an earlier one), none is registered twice, and the API / sandbox-only split follows the path.
 */
import { Router } from './router';
import { AREAS, buildRouter } from './routes';

const concrete = (path: string) => path.replace(/:[a-z_]+/gi, 'some-value');

describe('sandbox router', () => {
	const routes = buildRouter().list();

	it('every area registers routes', () => {
		for (const area of AREAS) {
			const router = new Router();
			area.register(router);
			expect({ area: area.name, routes: router.list().length > 0 }).toEqual({
				area: area.name,
				routes: true,
			});
		}
		expect(new Set(AREAS.map((a) => a.name)).size).toBe(AREAS.length);
	});

	it('no method and path is registered twice', () => {
		const keys = routes.map((r) => `${r.method} ${r.path}`);
		expect(keys.filter((k, i) => keys.indexOf(k) !== i)).toEqual([]);
	});

	it('every route is the one a request to its own path reaches', () => {
		const router = buildRouter();
		const hidden = routes
			.filter((r) => router.match(r.method, concrete(r.path))?.route.path !== r.path)
			.map((r) => `${r.method} ${r.path}`);
		expect(hidden).toEqual([]);
	});

	it('sandbox-only routes are exactly those under /_files/ and /_sandbox/', () => {
		expect(routes.filter((r) => r.internal).map((r) => r.path)).toEqual(
			expect.arrayContaining([
				'/_files/:token',
				'/_sandbox/signing-requests/:id',
				'/_sandbox/webhooks/master-switch',
				'/_sandbox/dns',
			]),
		);
		const router = new Router();
		expect(() => router.get('/_sandbox/x', () => ({}))).toThrow(/sandbox-only routes/);
		expect(() => router.internal('GET', '/x', () => ({}))).toThrow(/sandbox-only routes/);
	});

	it('matches method case-insensitively and decodes parameters', () => {
		const match = buildRouter().match('get', '/workspaces/a%20b');
		expect(match?.route.path).toBe('/workspaces/:id');
		expect(match?.params).toEqual({ id: 'a b' });
		expect(buildRouter().match('GET', '/no/such/route')).toBeUndefined();
	});
});
