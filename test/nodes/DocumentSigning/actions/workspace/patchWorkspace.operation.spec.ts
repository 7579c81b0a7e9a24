import { SALES, byList, run, sent, useSandbox } from '../company/fixtures';
import { ENTITIES, itPatchesTheEntity } from '../company/entity.twins';
import { WORKSPACE_ANSWERS, itLeavesTheSecretsOut } from './secrets.twins';

const ctx = useSandbox();

describe('Workspace → Update One Part (PATCH /workspaces/{id})', () => {
	itPatchesTheEntity(ctx, ENTITIES.workspace, 'sends only the name', {
		updateFields: { name: ' Sales EMEA ' },
		body: { name: 'Sales EMEA' },
		output: { id: SALES.id, name: 'Sales EMEA' },
	});

	itLeavesTheSecretsOut(ctx, WORKSPACE_ANSWERS.patchWorkspace);

	it('refuses a malformed ID before sending', async () => {
		const bad = await run(ctx, 'workspace', 'patchWorkspace', {
			workspaceId: byList('x'),
			updateFields: { name: 'A' },
		});
		expect(bad.error?.message).toBe('"Workspace" is not a valid ID: "x"');
		expect(sent(ctx)).toHaveLength(0);
	});
});
