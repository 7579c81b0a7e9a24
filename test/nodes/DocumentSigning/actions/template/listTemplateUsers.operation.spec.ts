import {
	NOT_A_UUID,
	byId,
	byList,
	createTemplateFixture,
	jsonOf,
	run,
	sent,
	useSandbox,
} from './setup';

const ctx = useSandbox();

describe('Template → Get Users (GET /templates/{id}/users)', () => {
	it('outputs one item per user, in order, with readiness info', async () => {
		const fixture = await createTemplateFixture(ctx.sandbox);
		const { output, error } = await run(ctx, 'template', 'listTemplateUsers', {
			templateId: byId(fixture.id),
		});
		expect(error).toBeUndefined();
		expect(sent(ctx)).toHaveLength(1);
		expect(sent(ctx)[0]).toMatchObject({
			method: 'GET',
			path: `/templates/${fixture.id}/users`,
			query: {},
		});
		const users = jsonOf(output);
		expect(users.map((u) => [u.email, u.designation, u.order])).toEqual([
			['signer@example.com', 'Signer', 1],
			['approver@example.com', 'Approver', 2],
		]);
		for (const user of users) {
			expect(user).toMatchObject({
				id: expect.any(String),
				key_mode: 'live',
				ready_to_send: expect.any(Boolean),
			});
		}
		expect(output[0].every((item) => (item.pairedItem as { item: number }).item === 0)).toBe(true);
	});

	it('a template without users gives no items', async () => {
		const fixture = await createTemplateFixture(ctx.sandbox, { users: false });
		const { output, error } = await run(ctx, 'template', 'listTemplateUsers', {
			templateId: byId(fixture.id),
		});
		expect(error).toBeUndefined();
		expect(output[0]).toEqual([]);
	});

	it('refuses a malformed ID before sending', async () => {
		const { error } = await run(ctx, 'template', 'listTemplateUsers', {
			templateId: byList(NOT_A_UUID),
		});
		expect(error?.message).toBe(`"Template" is not a valid ID: "${NOT_A_UUID}"`);
		expect(sent(ctx)).toHaveLength(0);
	});
});
