import { api, jsonOf, run, sent, useSandbox } from './companyKit';

const ctx = useSandbox();

describe('Company → Get Settings (GET /company/settings)', () => {
	it('outputs the settings, marked live', async () => {
		await api(ctx.sandbox, 'PUT', '/company/settings', { color_primary: '#112233' });
		ctx.sandbox.clearRequests();
		const { output, error } = await run(ctx, 'company', 'getCompanySettings', {});
		expect(error).toBeUndefined();
		expect(sent(ctx)).toHaveLength(1);
		expect(sent(ctx)[0]).toMatchObject({ method: 'GET', path: '/company/settings', query: {} });
		expect(jsonOf(output)).toEqual([
			expect.objectContaining({
				default_expiration_hours: 168,
				color_primary: '#112233',
				default_timezone: 'UTC',
				key_mode: 'live',
			}),
		]);
	});
});
