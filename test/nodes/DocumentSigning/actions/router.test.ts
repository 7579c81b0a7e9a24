import { readdirSync, readFileSync } from 'fs';
import { join } from 'path';
import type { IExecuteFunctions, INode } from 'n8n-workflow';
import { NodeApiError, NodeOperationError } from 'n8n-workflow';

import { fail } from '../../../../nodes/DocumentSigning/helpers/errors';

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

/** Template → Get for two items: an existing template, then `second`. */
async function getTwoTemplates(second: string) {
	const { id } = await createTemplateFixture(ctx.sandbox, { users: false });
	const { error } = await run(
		ctx,
		'template',
		'getTemplate',
		{ templateId: byId('={{ $json.id }}') },
		{ input: [{ json: { id } }, { json: { id: second } }] },
	);
	return { id, error };
}

describe('router: errors point at their item', () => {
	it('an API error of the second item carries item index 1, once the first went through', async () => {
		const { id, error } = await getTwoTemplates(MISSING_UUID);
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

describe('one convention for checks before sending: the router adds the item index', () => {
	it('a check refusing the second item (a malformed ID) points at item 1, and nothing is sent for it', async () => {
		const { id, error } = await getTwoTemplates('not-an-id');
		expect(error).toBeInstanceOf(NodeOperationError);
		expect(error?.message).toBe('"Template" is not a valid ID: "not-an-id"');
		expect((error as NodeOperationError).context.itemIndex).toBe(1);
		expect(sent(ctx).map((r) => r.path)).toEqual([`/templates/${id}`]);
	});

	it('fail() leaves the item index to the router', () => {
		const node = { name: 'Document Signing' } as INode;
		let refused: unknown;
		try {
			fail({ getNode: () => node }, '"Name" is empty', 'Enter a name.');
		} catch (error) {
			refused = error;
		}
		expect(refused).toBeInstanceOf(NodeOperationError);
		expect(refused).toMatchObject({ message: '"Name" is empty', description: 'Enter a name.' });
		expect((refused as NodeOperationError).context.itemIndex).toBeUndefined();
	});

	it('no error of the action node sets an item index itself (only the router does)', () => {
		const root = join(__dirname, '../../../../nodes/DocumentSigning');
		const files = readdirSync(root, { recursive: true, encoding: 'utf8' }).filter(
			(file) => file.endsWith('.ts') && !file.endsWith('router.ts'),
		);
		const setters = files.flatMap((file) => {
			const source = readFileSync(join(root, file), 'utf8');
			return [...source.matchAll(/new NodeOperationError\(/g)]
				.map((match) => source.slice(match.index, source.indexOf(');', match.index)))
				.filter((call) => /\bitemIndex\b/.test(call))
				.map(() => file);
		});
		expect(files.length).toBeGreaterThan(100);
		expect(setters).toEqual([]);
	});
});
