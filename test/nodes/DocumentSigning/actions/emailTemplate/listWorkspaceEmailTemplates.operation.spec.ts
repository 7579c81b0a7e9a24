import {
	LEGAL,
	SALES,
	clearTemplates,
	locatorId,
	onlyRequest,
	runTemplateOp,
	salesWorkspace,
	storeTemplate,
	useSandbox,
} from './kit';

const ctx = useSandbox();
const run = (params: Record<string, unknown> = {}, opts?: Parameters<typeof runTemplateOp>[3]) =>
	runTemplateOp(ctx.sandbox, 'listWorkspaceEmailTemplates', params, opts);
beforeEach(() => clearTemplates(ctx.sandbox));

describe('Email Template → listWorkspaceEmailTemplates (GET /workspace/{workspace_id}/email-templates)', () => {
	it("outputs one item per template of the workspace, not other workspaces' or the company's", async () => {
		const invite = storeTemplate(ctx.sandbox, SALES.id, 'signing_invite');
		storeTemplate(ctx.sandbox, SALES.id, 'signing_completed', 'Done', '<p>done</p>');
		storeTemplate(ctx.sandbox, LEGAL.id, 'next_signer');
		storeTemplate(ctx.sandbox, null, 'signing_expired');
		const { output, error } = await run(salesWorkspace);
		expect(error).toBeUndefined();
		expect(onlyRequest(ctx.sandbox)).toMatchObject({
			method: 'GET',
			path: `/workspace/${SALES.id}/email-templates`,
			query: {},
			body: undefined,
		});
		expect(output[0].map((i) => i.json.email_type)).toEqual([
			'signing_invite',
			'signing_completed',
		]);
		expect(output[0][0].json).toEqual({
			id: invite.id,
			email_type: 'signing_invite',
			subject: 'Subject of signing_invite',
			body: '<p>{{signing_link}}</p>',
			created_at: invite.created_at,
			updated_at: invite.updated_at,
			key_mode: 'live',
		});
	});

	it('outputs nothing when the workspace has no templates of its own', async () => {
		const { output, error } = await run(salesWorkspace);
		expect(error).toBeUndefined();
		expect(output[0]).toEqual([]);
	});

	it('refuses a malformed workspace id before sending anything', async () => {
		const { error } = await run({ workspaceId: { __rl: true, mode: 'list', value: 'sales' } });
		expect(error?.message).toBe('"Workspace" is not a valid ID: "sales"');
		expect(ctx.sandbox.requests).toHaveLength(0);
	});

	it('reports an unknown workspace as not found', async () => {
		const { error } = await run({ workspaceId: locatorId('20000000-0000-4000-8000-00000000abcd') });
		expect((error as { httpCode?: string }).httpCode).toBe('404');
	});
});
