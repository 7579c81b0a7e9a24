import type { IExecuteFunctions, INodeExecutionData, JsonObject } from 'n8n-workflow';
import { NodeApiError, NodeOperationError } from 'n8n-workflow';

import { findOperation } from './operations';

/**
 * Runs the chosen operation once per input item. Each output item is paired with the item it
 * came from; with "Continue On Fail" an item's error becomes an output item and the rest go on.
 */
export async function router(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
	const items = this.getInputData();
	const returnData: INodeExecutionData[] = [];

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
			const output = await op.execute.call(this, i);
			for (const item of output) returnData.push({ ...item, pairedItem: { item: i } });
		} catch (error) {
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
			// Both constructors hand back an error that already is of their kind unchanged.
			if (error instanceof NodeApiError) {
				throw new NodeApiError(this.getNode(), error as unknown as JsonObject, { itemIndex: i });
			}
			throw new NodeOperationError(this.getNode(), error as Error, { itemIndex: i });
		}
	}
	return [returnData];
}
