import { api, jsonOf } from './fixtures';
import { describeTemplateList } from './templateLists.twins';

describeTemplateList({
	operation: 'listTemplateReminders',
	title: 'Template → Get Reminders (GET /templates/{id}/reminders, a bare array)',
	list: 'reminders',
	outputs: 'outputs one item per reminder',
	prepare: async (ctx, fixture) => {
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
	},
	check: (output, fixture) => {
		const reminders = jsonOf(output);
		expect(reminders).toHaveLength(2);
		expect(reminders.map((r) => [r.hours, r.all_users, r.subject])).toEqual([
			[48, true, 'Reminder'],
			[96, false, 'Second'],
		]);
		expect(reminders[1]).toMatchObject({ template_user_id: fixture.users[0].id, key_mode: 'live' });
	},
});
