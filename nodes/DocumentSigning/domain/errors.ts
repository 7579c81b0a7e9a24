import type { IExecuteFunctions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

/**
 * Refuses bad input before any request is sent: an error naming the field (`message`), with an
 * optional hint on what to do (`description`). The router puts the item index on it.
 */
export function fail(context: IExecuteFunctions, message: string, description?: string): never {
	throw new NodeOperationError(context.getNode(), message, { description });
}
