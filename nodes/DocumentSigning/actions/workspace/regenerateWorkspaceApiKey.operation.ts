import type {
	IDataObject,
	IExecuteFunctions,
	INodeExecutionData,
	INodeProperties,
} from 'n8n-workflow';

import { getIdParameter } from '../../domain/ids';
import { toItems } from '../../helpers/output';
import { callApi } from '../../../shared/transport';
import { workspaceLocator } from '../common.descriptions';
import type { OperationMeta } from '../types';
import { KEY_ROTATION_NOTICE } from './workspace.inputs';

export const meta: OperationMeta = {
	value: 'regenerateWorkspaceApiKey',
	name: 'Regenerate API Key',
	action: 'Regenerate a workspace API key',
	description: 'Issue a new live or test key; the old one keeps working for 24 hours',
	method: 'POST',
	path: '/workspaces/{id}/api-key/regenerate',
};

export const description: INodeProperties[] = [
	{ displayName: KEY_ROTATION_NOTICE, name: 'keyRotationNotice', type: 'notice', default: '' },
	workspaceLocator,
	{
		displayName: 'Key Type',
		name: 'keyType',
		type: 'options',
		options: [
			{ name: 'Live', value: 'live', description: 'The key for real, billed documents' },
			{ name: 'Test', value: 'test', description: 'The key for free, watermarked test documents' },
		],
		default: 'live',
		description: 'Which key to replace. The other type is not touched.',
	},
];

export async function execute(this: IExecuteFunctions, i: number): Promise<INodeExecutionData[]> {
	const id = getIdParameter(this, 'workspaceId', i, 'Workspace');
	const keyType = this.getNodeParameter('keyType', i, 'live') as string;
	const response = await callApi(this, meta, { params: { id }, body: { key_type: keyType } });
	return toItems(response.body as IDataObject, response.keyMode);
}
