import type { INode } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

/**
 * Refuses bad input before any request is sent: an error naming the field (`message`), with an
 * optional hint on what to do (`description`). Every check of the action node refuses through
 * this one function and none sets the item index: the router puts it on every error, once.
 */
export function fail(context: { getNode(): INode }, message: string, description?: string): never {
	throw new NodeOperationError(context.getNode(), message, { description });
}
