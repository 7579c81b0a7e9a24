import type {
	IDataObject,
	IExecuteFunctions,
	INodeExecutionData,
	INodeProperties,
} from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { fail } from '../../domain/errors';
import { getIdParameter } from '../../domain/ids';
import { toItems } from '../../helpers/output';
import type { ApiEndpoint } from '../../../shared/transport';
import { callApi } from '../../../shared/transport';
import { workspaceLocator } from '../common.descriptions';

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
	'Put the new key into your Document Signing credential within 24 hours: Regenerate leaves the old key of that type working for 24 hours, Expire ends it at once. Not possible for the protected workspace; at most 1 call per minute.';

/** The parameters of Regenerate and Expire API Key: the same, with their own key-type texts. */
export function apiKeyDescription(texts: {
	live: string;
	test: string;
	keyType: string;
}): INodeProperties[] {
	return [
		{ displayName: KEY_ROTATION_NOTICE, name: 'keyRotationNotice', type: 'notice', default: '' },
		workspaceLocator,
		{
			displayName: 'Key Type',
			name: 'keyType',
			type: 'options',
			options: [
				{ name: 'Live', value: 'live', description: texts.live },
				{ name: 'Test', value: 'test', description: texts.test },
			],
			default: 'live',
			description: texts.keyType,
		},
	];
}

/**
 * Runs Regenerate or Expire API Key: sends the chosen key type to the endpoint for the chosen
 * workspace. `check` may refuse the key type before any request is sent.
 */
export async function sendKeyType(
	context: IExecuteFunctions,
	i: number,
	endpoint: ApiEndpoint,
	hint: string,
): Promise<INodeExecutionData[]> {
	const id = getIdParameter(context, 'workspaceId', i, 'Workspace');
	const keyType = context.getNodeParameter('keyType', i, 'live') as unknown;
	if (keyType !== 'live' && keyType !== 'test') {
		fail(context, `"Key Type" must be live or test, not "${String(keyType).slice(0, 80)}"`, hint);
	}
	const response = await callApi(context, endpoint, {
		params: { id },
		body: { key_type: keyType as string },
	});
	return toItems(response.body as IDataObject, response.keyMode);
}
