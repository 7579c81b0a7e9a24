import {
	SALES,
	clearTemplates,
	emailTemplatesOf,
	runTemplateOp,
	storeTemplate,
	useSandbox,
} from './fixtures';
import { OWNERS, itDeletesTheTemplate } from './emailTemplates.twins';

const ctx = useSandbox();
beforeEach(() => clearTemplates(ctx.sandbox));

describe('Email Template → deleteCompanyEmailTemplate (DELETE /company/email-templates/{email_type})', () => {
	itDeletesTheTemplate(
		ctx,
		OWNERS.company,
		'deletes the company template: workspaces fall back to the built-in default',
		{
			message: /default/,
			fallsBack: (type) =>
				expect(emailTemplatesOf(ctx.sandbox.state).effective(SALES.id, type).source).toBe(
					'default',
				),
		},
	);

	it('needs the protected key: a workspace key gets 403', async () => {
		storeTemplate(ctx.sandbox, null, 'signing_invite');
		const { error } = await runTemplateOp(
			ctx.sandbox,
			'deleteCompanyEmailTemplate',
			{ emailType: 'signing_invite' },
			{ key: SALES.liveKey },
		);
		expect((error as { httpCode?: string }).httpCode).toBe('403');
		expect(emailTemplatesOf(ctx.sandbox.state).company.has('signing_invite')).toBe(true);
	});
});
