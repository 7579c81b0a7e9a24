import {
	SALES,
	clearTemplates,
	emailTemplatesOf,
	onlyRequest,
	runTemplateOp,
	storeTemplate,
	useSandbox,
} from './kit';

const ctx = useSandbox();
const run = (params: Record<string, unknown> = {}, opts?: Parameters<typeof runTemplateOp>[3]) =>
	runTemplateOp(ctx.sandbox, 'deleteCompanyEmailTemplate', params, opts);
beforeEach(() => clearTemplates(ctx.sandbox));

describe('Email Template → deleteCompanyEmailTemplate (DELETE /company/email-templates/{email_type})', () => {
	it('deletes the company template: workspaces fall back to the built-in default', async () => {
		storeTemplate(ctx.sandbox, null, 'signing_cancelled', 'Cancelled!');
		const { output, error } = await run({ emailType: 'signing_cancelled' });
		expect(error).toBeUndefined();
		expect(onlyRequest(ctx.sandbox)).toMatchObject({
			method: 'DELETE',
			path: '/company/email-templates/signing_cancelled',
			query: {},
			body: undefined,
		});
		expect(output[0][0].json).toEqual({
			deleted: true,
			id: 'signing_cancelled',
			message: expect.stringMatching(/default/),
			email_type: 'signing_cancelled',
			key_mode: 'live',
		});
		expect(
			emailTemplatesOf(ctx.sandbox.state).effective(SALES.id, 'signing_cancelled').source,
		).toBe('default');
	});

	it('reports a type without a company template as not found', async () => {
		const { error } = await run({ emailType: 'signer_identity_changed' });
		expect((error as { httpCode?: string }).httpCode).toBe('404');
	});

	it('needs the protected key: a workspace key gets 403', async () => {
		storeTemplate(ctx.sandbox, null, 'signing_invite');
		const { error } = await run({ emailType: 'signing_invite' }, { key: SALES.liveKey });
		expect((error as { httpCode?: string }).httpCode).toBe('403');
		expect(emailTemplatesOf(ctx.sandbox.state).company.has('signing_invite')).toBe(true);
	});
});
