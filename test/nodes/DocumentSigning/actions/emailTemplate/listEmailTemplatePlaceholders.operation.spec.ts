import { onlyRequest, runTemplateOp, useSandbox } from './fixtures';

const ctx = useSandbox();

describe('Email Template → listEmailTemplatePlaceholders (GET /email-templates/placeholders)', () => {
	it('outputs one item per placeholder', async () => {
		const { output, error } = await runTemplateOp(ctx.sandbox, 'listEmailTemplatePlaceholders');
		expect(error).toBeUndefined();
		expect(onlyRequest(ctx.sandbox)).toMatchObject({
			method: 'GET',
			path: '/email-templates/placeholders',
			query: {},
			body: undefined,
		});
		expect(output[0].length).toBeGreaterThan(5);
		expect(output[0][0].json).toEqual({
			key: '{{signing_link}}',
			description: expect.any(String),
			key_mode: 'live',
		});
		expect(
			output[0].every(
				(i) => typeof i.json.key === 'string' && typeof i.json.description === 'string',
			),
		).toBe(true);
	});
});
