import { jsonOf } from './fixtures';
import { describeTemplateList } from './templateLists.twins';

describeTemplateList({
	operation: 'listTemplateFields',
	title: 'Template → Get Fields (GET /templates/{id}/fields)',
	list: 'fields',
	outputs: 'outputs one item per field with its position and user',
	check: (output, fixture) => {
		const fields = jsonOf(output);
		expect(fields).toHaveLength(2);
		expect(fields.map((f) => f.recipient_id).sort()).toEqual(fixture.users.map((u) => u.id).sort());
		expect(fields[0]).toMatchObject({
			type: 'signature',
			page_number: 1,
			required: true,
			position: { x: 10, y: 80, width: 25, height: 5 },
			key_mode: 'live',
		});
	},
});
