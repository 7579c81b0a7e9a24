import {
	NOT_A_UUID,
	api,
	byId,
	byList,
	createTemplateFixture,
	jsonOf,
	run,
	sent,
	useSandbox,
} from './setup';

const ctx = useSandbox();

describe('Template → Get Reminders (GET /templates/{id}/reminders, a bare array)', () => {
	it('outputs one item per reminder', async () => {
		const fixture = await createTemplateFixture(ctx.sandbox);
		await api(ctx.sandbox, 'PUT', `/templates/${fixture.id}`, {
			reminders: [
				{
					hours: 96,
					all_users: false,
					user_id: fixture.users[0].id,
					subject: 'Second',
					message: 'Again',
				},
			],
		});
		ctx.sandbox.clearRequests();
		const { output, error } = await run(ctx, 'template', 'listTemplateReminders', {
			templateId: byId(fixture.id),
		});
		expect(error).toBeUndefined();
		expect(sent(ctx)).toHaveLength(1);
		expect(sent(ctx)[0]).toMatchObject({
			method: 'GET',
			path: `/templates/${fixture.id}/reminders`,
			query: {},
		});
		const reminders = jsonOf(output);
		expect(reminders).toHaveLength(2);
		expect(reminders.map((r) => [r.hours, r.all_users, r.subject])).toEqual([
			[48, true, 'Reminder'],
			[96, false, 'Second'],
		]);
		expect(reminders[1]).toMatchObject({ template_user_id: fixture.users[0].id, key_mode: 'live' });
	});

	it('a template without reminders gives no items', async () => {
		const fixture = await createTemplateFixture(ctx.sandbox, { users: false });
		const { output, error } = await run(ctx, 'template', 'listTemplateReminders', {
			templateId: byId(fixture.id),
		});
		expect(error).toBeUndefined();
		expect(output[0]).toEqual([]);
	});

	it('refuses a malformed ID before sending', async () => {
		const { error } = await run(ctx, 'template', 'listTemplateReminders', {
			templateId: byList(NOT_A_UUID),
		});
		expect(error?.message).toBe(`"Template" is not a valid ID: "${NOT_A_UUID}"`);
		expect(sent(ctx)).toHaveLength(0);
	});
});
