import { SALES, byId, byList, jsonOf, run, sent, useSandbox } from '../company/companyKit';

const ctx = useSandbox();

describe('Workspace → Update One Part (PATCH /workspaces/{id})', () => {
	it('sends only the name', async () => {
		const { output, error } = await run(ctx, 'workspace', 'patchWorkspace', {
			workspaceId: byId(SALES.id),
			updateFields: { name: ' Sales EMEA ' },
		});
		expect(error).toBeUndefined();
		expect(sent(ctx)).toHaveLength(1);
		expect(sent(ctx)[0]).toMatchObject({
			method: 'PATCH',
			path: `/workspaces/${SALES.id}`,
			query: {},
			status: 200,
		});
		expect(sent(ctx)[0].body).toEqual({ name: 'Sales EMEA' });
		expect(jsonOf(output)[0]).toMatchObject({ id: SALES.id, name: 'Sales EMEA', key_mode: 'live' });
	});

	it('refuses an empty update or a malformed ID before sending', async () => {
		const empty = await run(ctx, 'workspace', 'patchWorkspace', {
			workspaceId: byId(SALES.id),
			updateFields: {},
		});
		expect(empty.error?.message).toBe('Add at least one field to update in "Update Fields"');
		const bad = await run(ctx, 'workspace', 'patchWorkspace', {
			workspaceId: byList('x'),
			updateFields: { name: 'A' },
		});
		expect(bad.error?.message).toBe('"Workspace" is not a valid ID: "x"');
		expect(sent(ctx)).toHaveLength(0);
	});
});
