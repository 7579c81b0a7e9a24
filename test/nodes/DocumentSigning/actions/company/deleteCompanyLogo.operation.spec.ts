import { jsonOf, run, sent, useSandbox } from './companyKit';

const ctx = useSandbox();

describe('Company → Delete Logo (DELETE /company/logo)', () => {
	it('removes the logo', async () => {
		ctx.sandbox.state.company.icon_url = 'https://cdn.sandbox.example/logos/company/x.png';
		const { output, error } = await run(ctx, 'company', 'deleteCompanyLogo', {});
		expect(error).toBeUndefined();
		expect(sent(ctx)).toHaveLength(1);
		expect(sent(ctx)[0]).toMatchObject({
			method: 'DELETE',
			path: '/company/logo',
			query: {},
			status: 200,
		});
		expect(sent(ctx)[0].body).toBeUndefined();
		expect(jsonOf(output)).toEqual([{ deleted: true, success: true, key_mode: 'live' }]);
		expect(ctx.sandbox.state.company.icon_url).toBeNull();
	});
});
