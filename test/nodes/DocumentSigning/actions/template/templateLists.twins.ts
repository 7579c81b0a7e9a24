/**
 * Get Fields, Get Users and Get Reminders read one list under a template
 * (`GET /templates/{id}/<list>`) the same way: one GET with no query, one item per entry, no items
 * for a template without any, and a malformed template ID refused before sending. Each of the three
 * operation specs runs this suite with its row; the row's `check` holds what its own items carry.
 */
import type { INodeExecutionData } from 'n8n-workflow';

import type { TemplateFixture, TestContext } from './fixtures';
import { NOT_A_UUID, byId, byList, createTemplateFixture, run, sent, useSandbox } from './fixtures';

export interface TemplateListRow {
	operation: 'listTemplateFields' | 'listTemplateUsers' | 'listTemplateReminders';
	/** The suite's name: `Template → Get … (GET /templates/{id}/…)`. */
	title: string;
	/** The last path segment, and the word in the test names. */
	list: 'fields' | 'users' | 'reminders';
	/** Name of the test that reads a template with entries. */
	outputs: string;
	/** Adds to the fixture through the API before the operation runs (clears the request log). */
	prepare?: (ctx: TestContext, fixture: TemplateFixture) => Promise<void>;
	/** What the items of a template with entries must carry. */
	check: (output: INodeExecutionData[][], fixture: TemplateFixture) => void;
}

export function describeTemplateList(row: TemplateListRow): void {
	const ctx = useSandbox();
	const read = (templateId: unknown) => run(ctx, 'template', row.operation, { templateId });

	describe(row.title, () => {
		it(row.outputs, async () => {
			const fixture = await createTemplateFixture(ctx.sandbox);
			if (row.prepare) {
				await row.prepare(ctx, fixture);
				ctx.sandbox.clearRequests();
			}
			const { output, error } = await read(byId(fixture.id));
			expect(error).toBeUndefined();
			expect(sent(ctx)).toHaveLength(1);
			expect(sent(ctx)[0]).toMatchObject({
				method: 'GET',
				path: `/templates/${fixture.id}/${row.list}`,
				query: {},
			});
			row.check(output, fixture);
		});

		it(`a template without ${row.list} gives no items`, async () => {
			const fixture = await createTemplateFixture(ctx.sandbox, { users: false });
			const { output, error } = await read(byId(fixture.id));
			expect(error).toBeUndefined();
			expect(output[0]).toEqual([]);
		});

		it('refuses a malformed ID before sending', async () => {
			const { error } = await read(byList(NOT_A_UUID));
			expect(error?.message).toBe(`"Template" is not a valid ID: "${NOT_A_UUID}"`);
			expect(sent(ctx)).toHaveLength(0);
		});
	});
}
