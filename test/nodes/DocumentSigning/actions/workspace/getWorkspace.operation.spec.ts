import {
	MISSING_UUID,
	SALES,
	byId,
	byList,
	jsonOf,
	run,
	sent,
	useSandbox,
} from '../company/companyKit';

const ctx = useSandbox();

describe('Workspace → Get (GET /workspaces/{id})', () => {
	it('gets the workspace with its keys', async () => {
		const { output, error } = await run(ctx, 'workspace', 'getWorkspace', {
			workspaceId: byId(SALES.id),
		});
		expect(error).toBeUndefined();
		expect(sent(ctx)).toHaveLength(1);
		expect(sent(ctx)[0]).toMatchObject({
			method: 'GET',
			path: `/workspaces/${SALES.id}`,
			query: {},
		});
		expect(jsonOf(output)).toEqual([
			expect.objectContaining({
				id: SALES.id,
				name: SALES.name,
				protected: false,
				api_key: SALES.liveKey,
				test_api_key: SALES.testKey,
				key_mode: 'live',
			}),
		]);
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
