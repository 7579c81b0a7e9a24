import type { INodeProperties, INodePropertyOptions } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import type { OperationModule } from './types';

/** Helpers each `<Resource>.resource.ts` uses to build its part of the node's UI. */

/** The options of a resource's Operation dropdown. */
export function operationOptions(
	operations: Record<string, OperationModule>,
): INodePropertyOptions[] {
	return Object.values(operations)
		.map((op) => ({
			name: op.meta.name,
			value: op.meta.value,
			action: op.meta.action,
			description: op.meta.description,
		}))
		.sort((a, b) => a.name.localeCompare(b.name));
}

/** Every operation's fields, shown only for that resource and operation. */
export function operationFields(
	resource: string,
	operations: Record<string, OperationModule>,
): INodeProperties[] {
	return Object.values(operations).flatMap((op) =>
		updateDisplayOptions(
			{ show: { resource: [resource], operation: [op.meta.value] } },
			op.description,
		),
	);
}
