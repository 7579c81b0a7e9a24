import type { INodeProperties, INodePropertyOptions } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import type { OperationModule } from './types';

/** Helpers each `<Resource>.resource.ts` uses to build its part of the node's UI. */

/**
 * The options of a resource's Operation dropdown: the operations named in `leading` first, in that
 * order, then the others alphabetically. n8n's node panel lists a node's actions in this order
 * (resource by resource), so `leading` puts what most workflows need (sending a document for
 * signature) at the top instead of in alphabetical places further down.
 */
export function operationOptions(
	operations: Record<string, OperationModule>,
	leading: readonly string[] = [],
): INodePropertyOptions[] {
	const rank = (value: string) => {
		const index = leading.indexOf(value);
		return index < 0 ? leading.length : index;
	};
	return Object.values(operations)
		.map((op) => ({
			name: op.meta.name,
			value: op.meta.value,
			action: op.meta.action,
			description: op.meta.description,
		}))
		.sort((a, b) => rank(a.value) - rank(b.value) || a.name.localeCompare(b.name));
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
