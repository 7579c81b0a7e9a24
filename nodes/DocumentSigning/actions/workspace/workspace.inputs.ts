import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

/** What the workspace operations share: the name input and its check. */

export const NAME_MAX = 255;

export const workspaceNameInput: INodeProperties = {
	displayName: 'Name',
	name: 'name',
	type: 'string',
	default: '',
	required: true,
	placeholder: 'Sales Team',
	description: 'Name of the workspace (at most 255 characters)',
};

export function checkWorkspaceName(
	context: IExecuteFunctions,
	value: unknown,
	itemIndex: number,
): string {
	const name = String(value ?? '').trim();
	if (name === '')
		throw new NodeOperationError(context.getNode(), '"Name" is empty', { itemIndex });
	if (name.length > NAME_MAX) {
		throw new NodeOperationError(
			context.getNode(),
			`"Name" is ${name.length} characters long; the service accepts at most ${NAME_MAX}`,
			{ itemIndex },
		);
	}
	return name;
}

/** How API-key rotation works, shown on Regenerate and Expire. */
export const KEY_ROTATION_NOTICE =
	'Regenerate issues a new key at once; the old key of that type keeps working for 24 hours so workflows can switch over. Expire ends that grace period now. Both are refused for the protected workspace and are limited to 1 call per minute. Update your Document Signing credential with the new key.';
