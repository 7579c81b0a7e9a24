import { MISSING_UUID, SALES, byId, byList, run, sent, useSandbox } from '../company/companyKit';
import { ENTITIES, itGetsTheEntity } from '../company/entity.twins';

const ctx = useSandbox();

describe('Workspace → Get (GET /workspaces/{id})', () => {
	itGetsTheEntity(ctx, ENTITIES.workspace, 'gets the workspace with its keys', {
		id: SALES.id,
		name: SALES.name,
		protected: false,
		api_key: SALES.liveKey,
		test_api_key: SALES.testKey,
	});

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
