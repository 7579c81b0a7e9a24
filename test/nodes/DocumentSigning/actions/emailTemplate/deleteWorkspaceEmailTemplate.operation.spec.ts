import { SALES, clearTemplates, emailTemplatesOf, useSandbox } from './fixtures';
import { OWNERS, itDeletesTheTemplate } from './emailTemplates.twins';

const ctx = useSandbox();
beforeEach(() => clearTemplates(ctx.sandbox));

describe('Email Template → deleteWorkspaceEmailTemplate (DELETE /workspace/{workspace_id}/email-templates/{email_type})', () => {
	itDeletesTheTemplate(
		ctx,
		OWNERS.workspace,
		'deletes the template: the workspace falls back to the company template, then the default',
		{
			message: /company template/,
			fallsBack: (type) => {
				const store = emailTemplatesOf(ctx.sandbox.state);
				expect(store.effective(SALES.id, type)).toMatchObject({
					subject: 'Company subject',
					source: 'company',
				});
				store.company.clear();
				expect(store.effective(SALES.id, type).source).toBe('default');
			},
		},
	);
});
