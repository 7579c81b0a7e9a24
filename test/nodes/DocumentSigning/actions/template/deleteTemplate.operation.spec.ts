import {
	MISSING_UUID,
	NOT_A_UUID,
	api,
	byId,
	byList,
	createTemplateFixture,
	run,
	sent,
	useSandbox,
} from './fixtures';

const ctx = useSandbox();

describe('Template → Delete (DELETE /templates/{id})', () => {
	it('deletes the template and says which one went', async () => {
		const { id } = await createTemplateFixture(ctx.sandbox, { users: false });
		const { output, error } = await run(ctx, 'template', 'deleteTemplate', {
			templateId: byId(id),
		});
		expect(error).toBeUndefined();
		expect(sent(ctx)).toHaveLength(1);
		expect(sent(ctx)[0]).toMatchObject({ method: 'DELETE', path: `/templates/${id}`, query: {} });
		expect(sent(ctx)[0].body).toBeUndefined();
		expect(output[0]).toHaveLength(1);
		expect(output[0][0].json).toMatchObject({
			deleted: true,
			id,
			message: expect.any(String),
			key_mode: 'live',
		});
		expect((await api(ctx.sandbox, 'GET', `/templates/${id}`)).status).toBe(404);
	});

	it('deleting it again gives the mapped 404', async () => {
		const { id } = await createTemplateFixture(ctx.sandbox, { users: false });
		await run(ctx, 'template', 'deleteTemplate', { templateId: byId(id) });
		const { error } = await run(ctx, 'template', 'deleteTemplate', { templateId: byId(id) });
		expect(error?.message).toMatch(/^Not found/);
		expect(sent(ctx)).toHaveLength(2);
	});

	it('refuses a malformed ID before sending', async () => {
		const { error } = await run(ctx, 'template', 'deleteTemplate', {
			templateId: byList(NOT_A_UUID),
		});
		expect(error?.message).toBe(`"Template" is not a valid ID: "${NOT_A_UUID}"`);
		expect(sent(ctx)).toHaveLength(0);
	});

	it('with Continue On Fail, an unknown template becomes an error item', async () => {
		const { output, error } = await run(
			ctx,
			'template',
			'deleteTemplate',
			{ templateId: byId(MISSING_UUID) },
			{ continueOnFail: true },
		);
		expect(error).toBeUndefined();
		expect(output[0][0].json).toMatchObject({
			error: expect.stringMatching(/^Not found/),
			http_code: '404',
		});
	});
});
