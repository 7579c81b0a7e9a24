import { describeTemplateList } from './templateLists.twins';
import { jsonOf } from './fixtures';

describeTemplateList({
	operation: 'listTemplateUsers',
	title: 'Template → Get Users (GET /templates/{id}/users)',
	list: 'users',
	outputs: 'outputs one item per user, in order, with readiness info',
	check: (output) => {
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
	},
});
