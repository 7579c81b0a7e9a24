import type {
	IDataObject,
	IExecuteFunctions,
	INodeExecutionData,
	INodeProperties,
} from 'n8n-workflow';

import { fail } from '../../helpers/errors';
import { getIdParameter } from '../../domain/ids';
import {
	INCLUDE_SECRETS_LABEL,
	SECRETS_OMITTED,
	withMaskedOldKeys,
} from '../../domain/workspaceSecrets';
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

export function checkWorkspaceName(context: IExecuteFunctions, value: unknown): string {
	const name = String(value ?? '').trim();
	if (name === '') fail(context, '"Name" is empty');
	if (name.length > NAME_MAX) {
		fail(
			context,
			`"Name" is ${name.length} characters long; the service accepts at most ${NAME_MAX}`,
		);
	}
	return name;
}

/** Get and Get Many: whether the workspaces' keys and webhook secret are output (off by default). */
export const includeSecretsField: INodeProperties = {
	displayName: INCLUDE_SECRETS_LABEL,
	name: 'includeSecrets',
	type: 'boolean',
	default: false,
	description: `Whether to output the API keys (api_key, test_api_key) and the webhook signing secret (webhook_secret). Off: they are left out and ${SECRETS_OMITTED} names them. On: n8n keeps them with the execution data.`,
};

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
	// The key type sent is on the item whichever documented answer comes back (service-api.md's
	// has no key_type; response-shapes.md's has). The replaced keys are listed masked: the old key
	// is not what either operation is run for.
	const answer = withMaskedOldKeys(
		withMaskedOldKeys(response.body as IDataObject, 'expiring_keys'),
		'expired_keys',
	);
	return toItems({ key_type: keyType, ...answer }, response.keyMode);
}
