import type { IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';
import { NodeApiError, NodeError, NodeOperationError } from 'n8n-workflow';

import { relabelFieldPaths } from '../domain/fieldPaths';
import { newNodeRun } from '../domain/readBack';
import type { ExpressionCheck } from '../helpers/validation';
import { checkResolvedValues, expressionChecks } from '../helpers/validation';
import { findOperation } from './operations';
import type { OperationModule } from './types';

/**
 * The error of an item, as n8n shows it: an n8n node error (NodeApiError, NodeOperationError) as
 * it is, anything else wrapped in a NodeOperationError; either way pointing at the item
 * (`context.itemIndex`, where n8n's editor reads it). Errors are built without an item index
 * (the transport and the helpers do not know the item); this is the one place that adds it.
 */
function itemError(context: IExecuteFunctions, error: unknown, itemIndex: number): NodeError {
	const nodeError =
		error instanceof NodeError
			? error
			: new NodeOperationError(
					context.getNode(),
					error instanceof Error ? error : new Error(String(error)),
				);
	nodeError.context.itemIndex = itemIndex;
	return nodeError;
}

/**
 * A service error speaks of the fields as the node's form does: "Recipient 2 → Email", not
 * "recipients[1].email" (domain/fieldPaths.ts). The transport words them as the service does.
 */
function putInNodeWords(error: unknown): void {
	if (!(error instanceof NodeApiError)) return;
	error.message = relabelFieldPaths(error.message);
	if (typeof error.description === 'string')
		error.description = relabelFieldPaths(error.description);
}

/**
 * Runs the chosen operation once per input item. Each output item is paired with the item it
 * came from; with "Continue On Fail" an item's error becomes an output item and the rest go on.
 *
 * Before the operation runs for an item, every required parameter, and every parameter that
 * decides who receives or signs, that the user set with an expression is checked as resolved for
 * that item: one that came out empty is refused before anything is sent (n8n's own required check
 * sees only the expression). Which parameters hold expressions depends on the node's parameters
 * alone, so it is worked out once per operation and run; items without expressions cost nothing.
 */
export async function router(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
	const items = this.getInputData();
	const returnData: INodeExecutionData[] = [];
	const checksOf = new Map<OperationModule, ExpressionCheck[]>();
	// What this run reads once for all its items (the credential's workspace): kept for this call only.
	const run = newNodeRun();

	for (let i = 0; i < items.length; i++) {
		const resource = this.getNodeParameter('resource', i) as string;
		const operation = this.getNodeParameter('operation', i) as string;
		const op = findOperation(resource, operation);
		if (!op) {
			throw new NodeOperationError(
				this.getNode(),
				`The operation "${operation}" of resource "${resource}" is not supported`,
				{ itemIndex: i },
			);
		}
		try {
			let checks = checksOf.get(op);
			if (!checks) {
				checks = expressionChecks(this.getNode(), op.description);
				checksOf.set(op, checks);
			}
			checkResolvedValues(this, checks, i);
			const output = await op.execute.call(this, i, run);
			for (const item of output) returnData.push({ ...item, pairedItem: { item: i } });
		} catch (error) {
			putInNodeWords(error);
			if (this.continueOnFail()) {
				returnData.push({
					json: {
						error: error.message,
						...(error.description ? { error_description: error.description } : {}),
						...(error.httpCode ? { http_code: error.httpCode } : {}),
					},
					pairedItem: { item: i },
				});
				continue;
			}
			throw itemError(this, error, i);
		}
	}
	return [returnData];
}
