import { SALES, clearTemplates, onlyRequest, runTemplateOp, useSandbox } from './fixtures';
import { OWNERS, itWritesTheTemplate } from './emailTemplates.twins';

const ctx = useSandbox();
beforeEach(() => clearTemplates(ctx.sandbox));

describe('Email Template → updateCompanyEmailTemplate (PUT /company/email-templates/{email_type})', () => {
	itWritesTheTemplate(ctx, OWNERS.company);

	it('needs the protected key: a workspace key gets 403', async () => {
		const { error } = await runTemplateOp(
			ctx.sandbox,
			'updateCompanyEmailTemplate',
			{
				emailType: 'signing_invite',
				subject: 'Reminder: {{document_name}}',
				body: '<p><a href="{{signing_link}}">Sign now</a></p>',
			},
			{ key: SALES.liveKey },
		);
		expect((error as { httpCode?: string }).httpCode).toBe('403');
		expect(onlyRequest(ctx.sandbox).headers.authorization).toBe(SALES.liveKey);
	});
});
