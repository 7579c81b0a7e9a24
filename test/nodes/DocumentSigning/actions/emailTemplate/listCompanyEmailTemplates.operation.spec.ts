import {
	SALES,
	clearTemplates,
	onlyRequest,
	runTemplateOp,
	storeTemplate,
	useSandbox,
} from './kit';

const ctx = useSandbox();
const run = (opts?: Parameters<typeof runTemplateOp>[3]) =>
	runTemplateOp(ctx.sandbox, 'listCompanyEmailTemplates', {}, opts);
beforeEach(() => clearTemplates(ctx.sandbox));

describe('Email Template → listCompanyEmailTemplates (GET /company/email-templates)', () => {
	it('outputs one item per company template (workspace templates are not listed)', async () => {
		const t = storeTemplate(ctx.sandbox, null, 'signing_completed', 'All signed', '<p>done</p>');
		storeTemplate(ctx.sandbox, SALES.id, 'signing_invite');
		const { output, error } = await run();
		expect(error).toBeUndefined();
		expect(onlyRequest(ctx.sandbox)).toMatchObject({
			method: 'GET',
			path: '/company/email-templates',
			query: {},
			body: undefined,
		});
		expect(output[0].map((i) => i.json)).toEqual([
			{
				id: t.id,
				email_type: 'signing_completed',
				subject: 'All signed',
				body: '<p>done</p>',
				created_at: t.created_at,
				updated_at: t.updated_at,
				key_mode: 'live',
			},
		]);
	});

	it('can be read with a workspace key, marked test with a test key', async () => {
		storeTemplate(ctx.sandbox, null, 'signing_invite');
		const { output, error } = await run({ key: SALES.liveKey });
		expect(error).toBeUndefined();
		expect(output[0]).toHaveLength(1);
		ctx.sandbox.clearRequests();
		const test = await run({ keyToUse: 'test' });
		expect(test.output[0][0].json.key_mode).toBe('test');
	});
});
