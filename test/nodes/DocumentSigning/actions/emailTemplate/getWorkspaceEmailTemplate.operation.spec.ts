import {
	SALES,
	clearTemplates,
	onlyRequest,
	runTemplateOp,
	salesWorkspace,
	storeTemplate,
	useSandbox,
} from './fixtures';

const ctx = useSandbox();
const run = (params: Record<string, unknown> = {}) =>
	runTemplateOp(ctx.sandbox, 'getWorkspaceEmailTemplate', params);
beforeEach(() => clearTemplates(ctx.sandbox));

describe('Email Template → getWorkspaceEmailTemplate (GET /workspace/{workspace_id}/email-templates/{email_type})', () => {
	it('gets the template of one email type', async () => {
		const t = storeTemplate(
			ctx.sandbox,
			SALES.id,
			'signing_declined_admin',
			'{{recipient_name}} declined',
			'<p>declined</p>',
		);
		const { output, error } = await run({ ...salesWorkspace, emailType: 'signing_declined_admin' });
		expect(error).toBeUndefined();
		expect(onlyRequest(ctx.sandbox)).toMatchObject({
			method: 'GET',
			path: `/workspace/${SALES.id}/email-templates/signing_declined_admin`,
			query: {},
			body: undefined,
		});
		expect(output[0]).toHaveLength(1);
		expect(output[0][0].json).toMatchObject({
			id: t.id,
			email_type: 'signing_declined_admin',
			subject: '{{recipient_name}} declined',
			body: '<p>declined</p>',
			key_mode: 'live',
		});
	});

	it('reports a type without a workspace template as not found', async () => {
		storeTemplate(ctx.sandbox, null, 'signing_invite');
		const { error } = await run({ ...salesWorkspace, emailType: 'signing_invite' });
		expect((error as { httpCode?: string }).httpCode).toBe('404');
	});

	it('refuses an unknown email type before sending anything', async () => {
		const { error } = await run({ ...salesWorkspace, emailType: 'welcome' });
		expect(error?.message).toBe('"Email Type" is not a known email type: "welcome"');
		expect(ctx.sandbox.requests).toHaveLength(0);
	});
});
