import { MISSING_UUID, SALES, byId, byList, run, sent, useSandbox } from '../company/fixtures';
import { ENTITIES, itGetsTheEntity } from '../company/entity.twins';
import { WORKSPACE_ANSWERS, itLeavesTheSecretsOut } from './secrets.twins';

const ctx = useSandbox();

describe('Workspace → Get (GET /workspaces/{id})', () => {
	itGetsTheEntity(ctx, ENTITIES.workspace, 'gets the workspace (without its keys by default)', {
		id: SALES.id,
		name: SALES.name,
		protected: false,
		secrets_omitted: ['api_key', 'test_api_key', 'webhook_secret'],
	});

	itLeavesTheSecretsOut(ctx, WORKSPACE_ANSWERS.getWorkspace);

	it('refuses a malformed ID before sending; an unknown one gives the mapped 404', async () => {
		const bad = await run(ctx, 'workspace', 'getWorkspace', { workspaceId: byList('sales') });
		expect(bad.error?.message).toBe('"Workspace" is not a valid ID: "sales"');
		expect(sent(ctx)).toHaveLength(0);
		const unknown = await run(ctx, 'workspace', 'getWorkspace', {
			workspaceId: byId(MISSING_UUID),
		});
		expect(unknown.error?.message).toMatch(/^Not found: Workspace not found/);
	});
});
