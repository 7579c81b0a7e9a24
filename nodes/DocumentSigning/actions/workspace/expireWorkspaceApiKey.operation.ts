import type {
	IDataObject,
	IExecuteFunctions,
	INodeExecutionData,
	INodeProperties,
} from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { getIdParameter } from '../../domain/ids';
import { toItems } from '../../helpers/output';
import { callApi } from '../../../shared/transport';
import { workspaceLocator } from '../common.descriptions';
import type { OperationMeta } from '../types';
import { KEY_ROTATION_NOTICE } from './workspace.inputs';

export const meta: OperationMeta = {
	value: 'expireWorkspaceApiKey',
	name: 'Expire Old API Keys',
	action: 'Expire the old API keys of a workspace',
	description: 'End the 24-hour grace period of replaced keys now, so they stop working at once',
	method: 'POST',
	path: '/workspaces/{id}/api-key/expire',
};

export const description: INodeProperties[] = [
	{ displayName: KEY_ROTATION_NOTICE, name: 'keyRotationNotice', type: 'notice', default: '' },
	workspaceLocator,
	{
		displayName: 'Key Type',
		name: 'keyType',
		type: 'options',
		options: [
			{ name: 'Live', value: 'live', description: 'Only replaced live keys' },
			{ name: 'Test', value: 'test', description: 'Only replaced test keys' },
		],
		default: 'live',
		description:
			'Which replaced keys to expire; it is always sent. Current keys are never expired. For both types, run it once per type (the service allows 1 call per minute).',
	},
];

export async function execute(this: IExecuteFunctions, i: number): Promise<INodeExecutionData[]> {
	const id = getIdParameter(this, 'workspaceId', i, 'Workspace');
	const keyType = this.getNodeParameter('keyType', i, 'live') as unknown;
	if (keyType !== 'live' && keyType !== 'test') {
		throw new NodeOperationError(
			this.getNode(),
			`"Key Type" must be live or test, not "${String(keyType).slice(0, 80)}"`,
			{
				description:
					'The service expires the replaced keys of one type per call (without a type, only live ones). To expire both, run the operation once with Live and, a minute later, once with Test.',
			},
		);
	}
	const response = await callApi(this, meta, { params: { id }, body: { key_type: keyType } });
	return toItems(response.body as IDataObject, response.keyMode);
}
