import { clearTemplates, useSandbox } from './fixtures';
import { OWNERS, itWritesTheTemplate } from './emailTemplates.twins';

const ctx = useSandbox();
beforeEach(() => clearTemplates(ctx.sandbox));

describe('Email Template → updateWorkspaceEmailTemplate (PUT /workspace/{workspace_id}/email-templates/{email_type})', () => {
	itWritesTheTemplate(ctx, OWNERS.workspace);
});
