/**
 * Get Access Log and Get Applications page through one list under a seal
 * (`GET /seals/{id}/access-log|applications`) the same way: a cursor the node follows to the end
 * for Return All, pages of at most 100, a Limit that sets the page size and stops once it has
 * enough, and the seal's ID checked before sending. Each operation's spec calls these tests inside
 * its own suite with its row (`SEAL_LISTS.<list>`) and the size of its fixture; what the entries
 * carry stays in the spec.
 */
import type { INodeExecutionData } from 'n8n-workflow';

import type { TestContext } from '../../../../kit';
import { byId, run } from './fixtures';

export interface SealListRow {
	operation: 'listOrganizationSealAccessLog' | 'listOrganizationSealApplications';
	list: 'access-log' | 'applications';
}

export const SEAL_LISTS = {
	accessLog: { operation: 'listOrganizationSealAccessLog', list: 'access-log' },
	applications: { operation: 'listOrganizationSealApplications', list: 'applications' },
} satisfies Record<string, SealListRow>;

/**
 * The paging of a seal's list of `total` entries (more than 200): Return All, then Limits below and
 * above one page. `check` looks at what Return All output.
 */
export function itPagesTheSealList(
	ctx: TestContext,
	row: SealListRow,
	fixture: () => { sealId: string; total: number },
	name: string,
	check: (output: INodeExecutionData[][]) => void,
): void {
	const list = (parameters: Record<string, unknown>) =>
		run(ctx.sandbox, row.operation, { sealId: byId(fixture().sealId), ...parameters });

	it(name, async () => {
		const { sealId, total } = fixture();
		const { output, error } = await list({ returnAll: true });
		expect(error).toBeUndefined();
		const pages = Math.ceil(total / 100);
		expect(ctx.sandbox.requests.map((r) => `${r.method} ${r.path}`)).toEqual(
			Array(pages).fill(`GET /seals/${sealId}/${row.list}`),
		);
		expect(ctx.sandbox.requests.map((r) => r.query.limit)).toEqual(Array(pages).fill('100'));
		expect(ctx.sandbox.requests[0].query).toEqual({ limit: '100' });
		const cursors = ctx.sandbox.requests.slice(1).map((r) => r.query.cursor);
		expect(cursors).toEqual(Array(pages - 1).fill(expect.any(String)));
		expect(new Set(cursors).size).toBe(pages - 1);
		expect(output[0]).toHaveLength(total);
		// Entries have no documented id: each spec's `check` compares the sequence it expects.
		check(output);
	});

	it.each([20, 30])('Limit %i stops after one page of that size', async (limit) => {
		const { output, error } = await list({ returnAll: false, limit });
		expect(error).toBeUndefined();
		expect(ctx.sandbox.requests).toHaveLength(1);
		expect(ctx.sandbox.requests[0].query).toEqual({ limit: String(limit) });
		expect(output[0]).toHaveLength(limit);
	});

	it.each([120, 150])('Limit %i takes only the pages of 100 it needs', async (limit) => {
		const { output, error } = await list({ returnAll: false, limit });
		expect(error).toBeUndefined();
		expect(ctx.sandbox.requests.map((r) => r.query.limit)).toEqual(['100', '100']);
		expect(output[0]).toHaveLength(limit);
	});

	it('refuses a malformed seal id before sending', async () => {
		const { error } = await run(ctx.sandbox, row.operation, { sealId: 'x', returnAll: true });
		expect(error?.message).toBe('"Organization Seal" is not a valid ID: "x"');
		expect(ctx.sandbox.requests).toHaveLength(0);
	});
}
