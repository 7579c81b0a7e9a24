import type { IExecuteFunctions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

/**
 * Refuses bad input before any request is sent: an error naming the field (`message`), with an
 * optional hint on what to do (`description`), for the item it came from.
 */
export function fail(
	context: IExecuteFunctions,
	itemIndex: number,
	message: string,
	description?: string,
): never {
	throw new NodeOperationError(context.getNode(), message, { itemIndex, description });
}
