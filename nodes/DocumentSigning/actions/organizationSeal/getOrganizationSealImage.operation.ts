import type {
	IDataObject,
	IExecuteFunctions,
	INodeExecutionData,
	INodeProperties,
} from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { binaryItem, decodeDataUri, fileNameFor } from '../../helpers/binary';
import { getIdParameter } from '../../domain/ids';
import { callApi } from '../../../shared/transport';
import { outputBinaryProperty, sealLocator } from '../common.descriptions';
import type { OperationMeta } from '../types';
import { sealErrorExplainer } from './seal.inputs';
import { ID_OUTPUT } from '../../helpers/output';

export const meta: OperationMeta = {
	value: 'getOrganizationSealImage',
	name: 'Get Image',
	action: 'Get the image of an organization seal',
	subtitle: "Get a seal's image",
	description:
		"Get the seal image as a binary file (PNG). Each read is recorded in the seal's access log.",
	method: 'GET',
	path: '/seals/{id}/image',
	output: { omit: ['data_url'], fields: { seal_id: ID_OUTPUT, image_size: { type: 'integer' } } },
};

export const description: INodeProperties[] = [sealLocator, outputBinaryProperty];

const EXTENSIONS: Record<string, string> = {
	'image/png': 'png',
	'image/jpeg': 'jpg',
	'image/svg+xml': 'svg',
	'image/webp': 'webp',
};

export async function execute(this: IExecuteFunctions, i: number): Promise<INodeExecutionData[]> {
	const id = getIdParameter(this, 'sealId', i, 'Organization Seal');
	const response = await callApi(this, meta, { params: { id }, explain: sealErrorExplainer });
	const { data_url: dataUrl, ...rest } = response.body;
	const decoded = decodeDataUri(dataUrl);
	if (!decoded || decoded.data.length === 0) {
		throw new NodeOperationError(this.getNode(), 'The service returned no seal image', {
			description: `Expected a data:image/png;base64,… URL, got: ${String(dataUrl ?? 'nothing').slice(0, 80)}`,
		});
	}
	const mimeType = String(rest.content_type || decoded.mimeType);
	const json: IDataObject = {
		...rest,
		seal_id: id,
		image_size: decoded.data.length,
		key_mode: response.keyMode,
	};
	const fileName = fileNameFor(`seal-${id}`, EXTENSIONS[mimeType.toLowerCase()] ?? 'png');
	const property =
		String(this.getNodeParameter('outputBinaryPropertyName', i, 'data') ?? '').trim() || 'data';
	return [await binaryItem.call(this, json, decoded.data, fileName, mimeType, property)];
}
