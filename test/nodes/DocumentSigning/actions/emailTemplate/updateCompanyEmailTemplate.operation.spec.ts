import {
	SALES,
	clearTemplates,
	emailTemplatesOf,
	onlyRequest,
	runTemplateOp,
	useSandbox,
} from './kit';

const ctx = useSandbox();
const run = (params: Record<string, unknown> = {}, opts?: Parameters<typeof runTemplateOp>[3]) =>
	runTemplateOp(ctx.sandbox, 'updateCompanyEmailTemplate', params, opts);
beforeEach(() => clearTemplates(ctx.sandbox));

const content = {
	subject: 'Reminder: {{document_name}}',
	body: '<p><a href="{{signing_link}}">Sign now</a></p>',
};

describe('Email Template → updateCompanyEmailTemplate (PUT /company/email-templates/{email_type})', () => {
	it('creates (201) then updates (200) the company template of a type', async () => {
		const created = await run({ emailType: 'resend_notification', ...content });
		expect(created.error).toBeUndefined();
		expect(onlyRequest(ctx.sandbox)).toMatchObject({
			method: 'PUT',
			path: '/company/email-templates/resend_notification',
			query: {},
			body: content,
			status: 201,
		});
		expect(created.output[0][0].json).toMatchObject({
			email_type: 'resend_notification',
			...content,
			created: true,
			warnings: [],
			key_mode: 'live',
		});
		ctx.sandbox.clearRequests();
		const updated = await run({
			emailType: 'resend_notification',
			subject: 'Again',
			body: '<p>{{unknown_thing}}</p>',
		});
		expect(onlyRequest(ctx.sandbox).status).toBe(200);
		expect(updated.output[0][0].json).toMatchObject({
			id: created.output[0][0].json.id,
			subject: 'Again',
			created: false,
		});
		expect(updated.output[0][0].json.warnings).toEqual([
			expect.stringContaining('{{signing_link}}'),
			expect.stringContaining('{{unknown_thing}}'),
		]);
		expect(emailTemplatesOf(ctx.sandbox.state).company.get('resend_notification')?.subject).toBe(
			'Again',
		);
	});

	it('needs the protected key: a workspace key gets 403', async () => {
		const { error } = await run(
			{ emailType: 'signing_invite', ...content },
			{ key: SALES.liveKey },
		);
		expect((error as { httpCode?: string }).httpCode).toBe('403');
		expect(onlyRequest(ctx.sandbox).headers.authorization).toBe(SALES.liveKey);
	});

	it('refuses an empty subject before sending anything', async () => {
		const { error } = await run({ emailType: 'signing_invite', subject: ' ', body: content.body });
		expect(error?.message).toBe('"Subject" is empty');
		expect(ctx.sandbox.requests).toHaveLength(0);
	});
});
