import { clearTemplates, locatorId, runTemplateOp, useSandbox } from './fixtures';
import { OWNERS, itListsTheTemplates } from './emailTemplates.twins';

const ctx = useSandbox();
const run = (params: Record<string, unknown> = {}, opts?: Parameters<typeof runTemplateOp>[3]) =>
	runTemplateOp(ctx.sandbox, 'listWorkspaceEmailTemplates', params, opts);
beforeEach(() => clearTemplates(ctx.sandbox));

describe('Email Template → listWorkspaceEmailTemplates (GET /workspace/{workspace_id}/email-templates)', () => {
	itListsTheTemplates(
		ctx,
		OWNERS.workspace,
		"outputs one item per template of the workspace, not other workspaces' or the company's",
	);

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
