import type {
	IDataObject,
	IExecuteFunctions,
	INodeExecutionData,
	INodeProperties,
} from 'n8n-workflow';

import { readLogoBinary } from '../../helpers/binary';
import { getIdParameter } from '../../domain/ids';
import { toItems, ID_OUTPUT } from '../../helpers/output';
import { callApi } from '../../../shared/transport';
import { logoBinaryProperty, workspaceLocator } from '../common.descriptions';
import type { OperationMeta } from '../types';

export const meta: OperationMeta = {
	value: 'uploadWorkspaceLogo',
	name: 'Upload Logo',
	action: 'Upload the logo of a workspace',
	subtitle: 'Upload a workspace logo',
	description:
		"Set the workspace's logo (PNG or JPEG, at most 2 MB), in place of the company's on its certificates and emails",
	method: 'POST',
	path: '/workspaces/{id}/logo',
	output: { fields: { workspace_id: ID_OUTPUT } },
};

export const description: INodeProperties[] = [workspaceLocator, logoBinaryProperty];

export async function execute(this: IExecuteFunctions, i: number): Promise<INodeExecutionData[]> {
	const id = getIdParameter(this, 'workspaceId', i, 'Workspace');
	const file = await readLogoBinary.call(
		this,
		i,
		this.getNodeParameter('binaryPropertyName', i, '') as string,
	);
	const response = await callApi(this, meta, { params: { id }, formData: { file } });
	return toItems({ ...(response.body as IDataObject), workspace_id: id }, response.keyMode);
}
