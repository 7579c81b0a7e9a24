/**
 * The company and a workspace are read and changed in part the same way (`/company` and
 * `/workspaces/{id}`): Get is one GET with the entity as output, Update One Part sends only the
 * details chosen (trimmed) and outputs the whole entity, and refuses an empty change before
 * sending. Each operation's spec calls these tests inside its own suite with its row
 * (`ENTITIES.company`, `ENTITIES.workspace`) and its own data; keys and IDs stay in the spec.
 */
import type { IDataObject } from 'n8n-workflow';

import type { TestContext } from './fixtures';
import { SALES, byId, jsonOf, run, sent } from './fixtures';

export interface EntityRow {
	resource: 'company' | 'workspace';
	get: 'getCompany' | 'getWorkspace';
	patch: 'patchCompany' | 'patchWorkspace';
	/** The parameters that name the entity. */
	params: Record<string, unknown>;
	path: string;
}

export const ENTITIES = {
	company: {
		resource: 'company',
		get: 'getCompany',
		patch: 'patchCompany',
		params: {},
		path: '/company',
	},
	workspace: {
		resource: 'workspace',
		get: 'getWorkspace',
		patch: 'patchWorkspace',
		params: { workspaceId: byId(SALES.id) },
		path: `/workspaces/${SALES.id}`,
	},
} satisfies Record<string, EntityRow>;

/** Get: one GET without a body, the entity as the one output item. */
export function itGetsTheEntity(
	ctx: TestContext,
	row: EntityRow,
	name: string,
	output: IDataObject,
): void {
	it(name, async () => {
		const result = await run(ctx, row.resource, row.get, row.params);
		expect(result.error).toBeUndefined();
		expect(sent(ctx)).toHaveLength(1);
		expect(sent(ctx)[0]).toMatchObject({ method: 'GET', path: row.path, query: {} });
		expect(sent(ctx)[0].body).toBeUndefined();
		expect(jsonOf(result.output)).toEqual([
			expect.objectContaining({ ...output, key_mode: 'live' }),
		]);
	});
}

/** Update One Part: one PATCH with exactly `body` for `updateFields`; an empty change is refused. */
export function itPatchesTheEntity(
	ctx: TestContext,
	row: EntityRow,
	name: string,
	opts: { updateFields: IDataObject; body: IDataObject; output: IDataObject },
): void {
	const patch = (updateFields: IDataObject) =>
		run(ctx, row.resource, row.patch, { ...row.params, updateFields });

	it(name, async () => {
		const { output, error } = await patch(opts.updateFields);
		expect(error).toBeUndefined();
		expect(sent(ctx)).toHaveLength(1);
		expect(sent(ctx)[0]).toMatchObject({ method: 'PATCH', path: row.path, query: {}, status: 200 });
		expect(sent(ctx)[0].body).toEqual(opts.body);
		expect(jsonOf(output)[0]).toMatchObject({ ...opts.output, key_mode: 'live' });
	});

	it('refuses an empty update before sending', async () => {
		const { error } = await patch({});
		expect(error?.message).toBe('Add at least one field to update in "Update Fields"');
		expect(sent(ctx)).toHaveLength(0);
	});
}
