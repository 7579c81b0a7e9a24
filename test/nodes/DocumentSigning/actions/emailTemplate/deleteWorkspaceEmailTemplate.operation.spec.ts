import {
	SALES,
	clearTemplates,
	emailTemplatesOf,
	onlyRequest,
	runTemplateOp,
	salesWorkspace,
	storeTemplate,
	useSandbox,
} from './kit';

const ctx = useSandbox();
const run = (params: Record<string, unknown> = {}) =>
	runTemplateOp(ctx.sandbox, 'deleteWorkspaceEmailTemplate', params);
beforeEach(() => clearTemplates(ctx.sandbox));

describe('Email Template → deleteWorkspaceEmailTemplate (DELETE /workspace/{workspace_id}/email-templates/{email_type})', () => {
	it('deletes the template: the workspace falls back to the company template, then the default', async () => {
		storeTemplate(ctx.sandbox, SALES.id, 'signing_invite', 'Workspace subject');
		storeTemplate(ctx.sandbox, null, 'signing_invite', 'Company subject');
		const { output, error } = await run({ ...salesWorkspace, emailType: 'signing_invite' });
		expect(error).toBeUndefined();
		expect(onlyRequest(ctx.sandbox)).toMatchObject({
			method: 'DELETE',
			path: `/workspace/${SALES.id}/email-templates/signing_invite`,
			query: {},
			body: undefined,
		});
		expect(output[0][0].json).toEqual({
			deleted: true,
			id: 'signing_invite',
			message: expect.stringMatching(/company template/),
			email_type: 'signing_invite',
			key_mode: 'live',
		});
		const store = emailTemplatesOf(ctx.sandbox.state);
		expect(store.effective(SALES.id, 'signing_invite')).toMatchObject({
			subject: 'Company subject',
			source: 'company',
		});
		store.company.clear();
		expect(store.effective(SALES.id, 'signing_invite').source).toBe('default');
	});

	it('reports a type without a workspace template as not found', async () => {
		const { error } = await run({ ...salesWorkspace, emailType: 'signing_expired' });
		expect((error as { httpCode?: string }).httpCode).toBe('404');
	});
});
