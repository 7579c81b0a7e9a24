import {
	MISSING_UUID,
	NOT_A_UUID,
	byId,
	byList,
	createTemplateFixture,
	run,
	sent,
	useSandbox,
} from './fixtures';
import type { TemplateFixture } from './fixtures';

const ctx = useSandbox();
let fixture: TemplateFixture;
beforeAll(async () => {
	fixture = await createTemplateFixture(ctx.sandbox);
});

describe('Template → Get (GET /templates/{id})', () => {
	it('gets the template with its users and fields (Simplify off: the full answer)', async () => {
		const { output, error } = await run(ctx, 'template', 'getTemplate', {
			templateId: byId(fixture.id),
			simplify: false,
		});
		expect(error).toBeUndefined();
		expect(sent(ctx)).toHaveLength(1);
		expect(sent(ctx)[0]).toMatchObject({
			method: 'GET',
			path: `/templates/${fixture.id}`,
			query: {},
		});
		expect(sent(ctx)[0].body).toBeUndefined();
		expect(output[0]).toHaveLength(1);
		const json = output[0][0].json;
		expect(json).toMatchObject({ id: fixture.id, name: 'NDA', page_count: 2, key_mode: 'live' });
		expect(json.recipients).toHaveLength(2);
		expect(json.fields).toHaveLength(2);
		expect(String(json.document_url)).toMatch(/^http/);
	});

	it('Simplify (on by default) keeps identity, dates, link and users, without fields and settings', async () => {
		const { output, error } = await run(ctx, 'template', 'getTemplate', {
			templateId: byId(fixture.id),
		});
		expect(error).toBeUndefined();
		const json = output[0][0].json;
		expect(json).toMatchObject({ id: fixture.id, name: 'NDA', page_count: 2, key_mode: 'live' });
		expect(json.fields).toBeUndefined();
		expect(json.settings).toBeUndefined();
		expect(String(json.document_url)).toMatch(/^http/);
		const users = json.recipients as Array<Record<string, unknown>>;
		expect(users).toHaveLength(2);
		for (const user of users) {
			expect(user).toEqual(
				expect.objectContaining({ id: expect.any(String), email: expect.any(String) }),
			);
			expect(Object.keys(user).every((k) => k !== 'phone_number' && k !== 'custom_fields')).toBe(
				true,
			);
		}
		expect(Object.keys(json).length).toBeLessThanOrEqual(12);
	});

	it('accepts the template from a URL', async () => {
		const { output, error } = await run(ctx, 'template', 'getTemplate', {
			templateId: {
				__rl: true,
				mode: 'url',
				value: `https://app.example.com/templates/${fixture.id}/edit`,
			},
		});
		expect(error).toBeUndefined();
		expect(sent(ctx)[0].path).toBe(`/templates/${fixture.id}`);
		expect(output[0][0].json.id).toBe(fixture.id);
	});

	it('refuses a malformed ID before sending anything', async () => {
		const { error } = await run(ctx, 'template', 'getTemplate', { templateId: byList(NOT_A_UUID) });
		expect(error?.message).toBe(`"Template" is not a valid ID: "${NOT_A_UUID}"`);
		expect(sent(ctx)).toHaveLength(0);
	});

	it('in "By ID" mode, n8n itself refuses a malformed ID: nothing is sent', async () => {
		const { error } = await run(ctx, 'template', 'getTemplate', { templateId: byId(NOT_A_UUID) });
		expect(error?.message).toContain('Not a valid template ID');
		expect(sent(ctx)).toHaveLength(0);
	});

	it('an unknown template gives the mapped 404', async () => {
		const { error } = await run(ctx, 'template', 'getTemplate', { templateId: byId(MISSING_UUID) });
		expect(error?.message).toMatch(/^Not found/);
		expect(sent(ctx)).toHaveLength(1);
	});
});
