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

describe('Template → Get Fields (GET /templates/{id}/fields)', () => {
	it('outputs one item per field with its position and user', async () => {
		const fixture = await createTemplateFixture(ctx.sandbox);
		const { output, error } = await run(ctx, 'template', 'listTemplateFields', {
			templateId: byId(fixture.id),
		});
		expect(error).toBeUndefined();
		expect(sent(ctx)).toHaveLength(1);
		expect(sent(ctx)[0]).toMatchObject({
			method: 'GET',
			path: `/templates/${fixture.id}/fields`,
			query: {},
		});
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
	});

	it('a template without fields gives no items', async () => {
		const fixture = await createTemplateFixture(ctx.sandbox, { users: false });
		const { output, error } = await run(ctx, 'template', 'listTemplateFields', {
			templateId: byId(fixture.id),
		});
		expect(error).toBeUndefined();
		expect(output[0]).toEqual([]);
	});

	it('refuses a malformed ID before sending', async () => {
		const { error } = await run(ctx, 'template', 'listTemplateFields', {
			templateId: byList(NOT_A_UUID),
		});
		expect(error?.message).toBe(`"Template" is not a valid ID: "${NOT_A_UUID}"`);
		expect(sent(ctx)).toHaveLength(0);
	});
});
