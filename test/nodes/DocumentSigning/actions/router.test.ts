import type { IExecuteFunctions, INode } from 'n8n-workflow';
import { NodeApiError, NodeOperationError } from 'n8n-workflow';

import { router } from '../../../../nodes/DocumentSigning/actions/router';
import {
	MISSING_UUID,
	byId,
	createTemplateFixture,
	run,
	sent,
	useSandbox,
} from './template/fixtures';

const ctx = useSandbox();

describe('router: errors point at their item', () => {
	it('an API error of the second item carries item index 1, once the first went through', async () => {
		const { id } = await createTemplateFixture(ctx.sandbox, { users: false });
		const { error } = await run(
			ctx,
			'template',
			'getTemplate',
			{ templateId: byId('={{ $json.id }}') },
			{ input: [{ json: { id } }, { json: { id: MISSING_UUID } }] },
		);
		expect(error).toBeInstanceOf(NodeApiError);
		expect(error?.message).toMatch(/^Not found/);
		expect((error as NodeApiError).context.itemIndex).toBe(1);
		expect(sent(ctx).map((r) => r.path)).toEqual([
			`/templates/${id}`,
			`/templates/${MISSING_UUID}`,
		]);
	});

	/** A bare context whose every operation parameter read fails with a plain Error. */
	function bareContext(continueOnFail: boolean) {
		const node = { name: 'Document Signing', type: 'documentSigning' } as INode;
		return {
			getInputData: () => [{ json: {} }, { json: {} }],
			getNode: () => node,
			continueOnFail: () => continueOnFail,
			getNodeParameter: (name: string, itemIndex: number) => {
				if (name === 'resource') return 'template';
				if (name === 'operation') return 'getTemplate';
				throw new Error(`boom on item ${itemIndex}`);
			},
		} as unknown as IExecuteFunctions;
	}

	it('an error that is not an n8n error is wrapped in a NodeOperationError of that item', async () => {
		const failure = await router.call(bareContext(false)).catch((error: unknown) => error);
		expect(failure).toBeInstanceOf(NodeOperationError);
		expect((failure as NodeOperationError).message).toBe('boom on item 0');
		expect((failure as NodeOperationError).context.itemIndex).toBe(0);
	});

	it('with Continue On Fail every item becomes its own error item, paired with it', async () => {
		expect(await router.call(bareContext(true))).toEqual([
			[
				{ json: { error: 'boom on item 0' }, pairedItem: { item: 0 } },
				{ json: { error: 'boom on item 1' }, pairedItem: { item: 1 } },
			],
		]);
	});
});
