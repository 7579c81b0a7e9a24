import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';

import { readLogoBinary } from '../../helpers/binary';
import { toItems } from '../../helpers/output';
import { callApi } from '../../../shared/transport';
import { logoBinaryProperty } from '../common.descriptions';
import type { OperationMeta } from '../types';

export const meta: OperationMeta = {
	value: 'uploadCompanyLogo',
	name: 'Upload Logo',
	action: 'Upload the logo of the company',
	subtitle: 'Upload the company logo',
	description:
		'Set the company logo shown on certificates and emails (PNG or JPEG, at most 2 MB); replaces any existing logo',
	method: 'POST',
	path: '/company/logo',
};

export const description: INodeProperties[] = [logoBinaryProperty];

export async function execute(this: IExecuteFunctions, i: number): Promise<INodeExecutionData[]> {
	const file = await readLogoBinary.call(
		this,
		i,
		this.getNodeParameter('binaryPropertyName', i, '') as string,
	);
	const response = await callApi(this, meta, { formData: { file } });
	return toItems(response.body, response.keyMode);
}
