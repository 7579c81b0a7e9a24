/**
 * Copy (`POST /templates/{id}/copy`) and Create Draft Signing Request
 * (`POST /templates/{id}/duplicate`) both make something new from a template, under an optional
 * name: both check the template ID and the name's length before sending, and mark what the test
 * key made as test. Each operation's spec calls these tests inside its own suite with its row
 * (`COPIES.copy`, `COPIES.duplicate`); what each makes stays in its spec.
 */
import type { TestContext } from './fixtures';
import {
	NOT_A_UUID,
	SALES,
	byId,
	byList,
	credentials,
	run,
	sent,
	withoutReadBacks,
} from './fixtures';

export interface CopyRow {
	operation: 'copyTemplate' | 'duplicateTemplate';
	/** The parameters the operation needs besides the template (the target workspace). */
	params: Record<string, unknown>;
	/** The label of the name field. */
	nameLabel: string;
}

export const COPIES = {
	copy: {
		operation: 'copyTemplate',
		params: { workspaceId: byId(SALES.id) },
		nameLabel: 'Name',
	},
	duplicate: {
		operation: 'duplicateTemplate',
		params: {},
		nameLabel: 'Signing Request Name',
	},
} satisfies Record<string, CopyRow>;

export function itChecksTheCopy(ctx: TestContext, row: CopyRow, templateId: () => string): void {
	const make = (parameters: Record<string, unknown>, extra = {}) =>
		run(
			ctx,
			'template',
			row.operation,
			{ templateId: byId(templateId()), ...row.params, ...parameters },
			extra,
		);

	it.each([
		[
			'a name over 255 characters',
			{ name: 'x'.repeat(256) },
			`"${row.nameLabel}" is 256 characters long; the service accepts at most 255`,
		],
		[
			'a much longer name',
			{ name: 'x'.repeat(300) },
			`"${row.nameLabel}" is 300 characters long; the service accepts at most 255`,
		],
		[
			'a malformed template ID',
			{ templateId: byList(NOT_A_UUID) },
			`"Template" is not a valid ID: "${NOT_A_UUID}"`,
		],
	])('refuses %s before sending', async (_what, parameters, message) => {
		const { error } = await make(parameters);
		expect(error?.message).toBe(message);
		expect(sent(ctx)).toHaveLength(0);
	});

	it('from the test key, the item is marked test', async () => {
		const { output, error } = await make(
			{},
			{ credentials: credentials(ctx.sandbox, { keyToUse: 'test' }) },
		);
		expect(error).toBeUndefined();
		// The copy (Create Draft Signing Request then reads the credential's workspace back).
		expect(withoutReadBacks(ctx.sandbox)).toHaveLength(1);
		expect(sent(ctx)[0]).toMatchObject({
			method: 'POST',
			path: `/templates/${templateId()}/${row.operation === 'copyTemplate' ? 'copy' : 'duplicate'}`,
			status: 201,
		});
		expect(output[0][0].json).toMatchObject({ key_mode: 'test' });
	});
}
