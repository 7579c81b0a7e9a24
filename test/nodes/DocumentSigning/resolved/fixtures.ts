/**
 * Shared set-up of the tests of values an expression turns empty (issue 19 §1): the four
 * expressions that come out empty, the runner with the protected workspace's test key
 * and the assertion that the node refused the item, naming it, before sending anything. Not a
 * test file itself.
 */
import type { INodeExecutionData } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import type { RunNodeResult } from '../../../helpers/n8n';
import type { RunOptions, TestContext } from '../../../kit';
import { runOperation } from '../../../kit';

/** Expressions n8n resolves to an empty value, with the words the error uses for it. */
export const EMPTY_EXPRESSIONS = [
	{ expression: '={{ $json.missing }}', resolved: 'undefined' },
	{ expression: '={{ null }}', resolved: 'null' },
	{ expression: '={{ "" }}', resolved: 'empty text' },
	{ expression: '={{ "   " }}', resolved: 'text of only spaces' },
] as const;

/**
 * Four input items whose `v` is missing, null, empty and only spaces: `={{ $json.v }}` resolves to
 * each empty value in turn.
 */
export const EMPTY_ITEMS: INodeExecutionData[] = [
	{ json: {} },
	{ json: { v: null } },
	{ json: { v: '' } },
	{ json: { v: '   ' } },
];
export const EMPTY_ITEM_WORDS = EMPTY_EXPRESSIONS.map((e) => e.resolved);

/** Runs the node on n8n-core (a whole one-node workflow) with the protected workspace's test key. */
export async function runFull(
	ctx: TestContext,
	resource: string,
	operation: string,
	parameters: Record<string, unknown>,
	options: RunOptions = {},
): Promise<RunNodeResult> {
	const result = await runOperation(ctx.sandbox, resource, operation, parameters, {
		keyToUse: 'test',
		...options,
	});
	return result;
}

/** The message the node gives for a field whose expression resolved to empty. */
export function emptyMessage(
	place: string | undefined,
	field: string,
	resolved: string,
	item = 0,
): string {
	return `${place ? `${place}: ` : ''}"${field}" is empty: its expression resolved to ${resolved} (item ${item})`;
}

/**
 * The run failed on item `item` with the node's refusal naming the entry (`place`) and the field,
 * what the expression resolved to and what to do, and nothing reached the sandbox.
 */
export function expectRefused(
	ctx: TestContext,
	result: RunNodeResult,
	expected: { place?: string; field: string; resolved: string; item?: number },
): void {
	const item = expected.item ?? 0;
	expect(result.error).toBeInstanceOf(NodeOperationError);
	const error = result.error as NodeOperationError;
	expect(error.message).toBe(emptyMessage(expected.place, expected.field, expected.resolved, item));
	expect(error.description).toMatch(/^Nothing was sent.* make the expression \(\{\{ .* \}\}\)/);
	expect(error.context.itemIndex).toBe(item);
	expect(ctx.sandbox.requests).toEqual([]);
}
