import type {
	IDataObject,
	IExecuteFunctions,
	INodeExecutionData,
	INodeProperties,
} from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { binaryItem, fileNameFor } from '../../helpers/binary';
import { callApi, downloadFile } from '../../../shared/transport';
import {
	outputBinaryProperty,
	returnUrlOnlyOptions,
	signingRequestLocator,
} from '../common.descriptions';
import type { OperationMeta } from '../types';
import {
	fieldIdField,
	readSignerTarget,
	signerErrorExplainer,
	signerField,
	signerNameFor,
	SIGNER_NAME_LOOKUPS,
} from './signerMarks';

export const meta: OperationMeta = {
	value: 'retrieveSignerFile',
	name: 'Get Uploaded File',
	action: 'Get an uploaded file of a signer',
	subtitle: "Get a signer's uploaded file",
	description: 'Get the file a signer uploaded in a file field of a signing request',
	method: 'GET',
	path: '/signing-requests/{id}/signers/{signer_id}/files/{field_id}',
	lookups: SIGNER_NAME_LOOKUPS,
};

export const description: INodeProperties[] = [
	signingRequestLocator,
	signerField,
	fieldIdField('file'),
	outputBinaryProperty,
	returnUrlOnlyOptions(
		'Whether to output only the download link and the file details, without downloading the file. The link is valid for a few minutes (see expires_in, in seconds).',
	),
];

/** MIME types of the file types signers may upload (images and PDFs), by extension. */
const MIME_BY_EXTENSION: Record<string, string> = {
	pdf: 'application/pdf',
	png: 'image/png',
	jpg: 'image/jpeg',
	jpeg: 'image/jpeg',
	gif: 'image/gif',
	webp: 'image/webp',
	heic: 'image/heic',
	tif: 'image/tiff',
	tiff: 'image/tiff',
	bmp: 'image/bmp',
	svg: 'image/svg+xml',
};

function extensionOf(fileName: string): string {
	const match = /\.([A-Za-z0-9]{1,8})$/.exec(fileName);
	return match ? match[1].toLowerCase() : '';
}

/** `file_type` may be a MIME type ("image/png") or an extension ("png"). */
function mimeTypeOf(fileType: unknown, fileName: string, downloaded?: string): string {
	const type = String(fileType ?? '')
		.trim()
		.toLowerCase();
	if (/^[a-z]+\/[a-z0-9.+-]+$/.test(type)) return type;
	const byType = MIME_BY_EXTENSION[type.replace(/^\./, '')];
	if (byType) return byType;
	const byName = MIME_BY_EXTENSION[extensionOf(fileName)];
	if (byName) return byName;
	const header = String(downloaded ?? '')
		.split(';')[0]
		.trim()
		.toLowerCase();
	return /^[a-z]+\/[a-z0-9.+-]+$/.test(header) && header !== 'application/json'
		? header
		: 'application/octet-stream';
}

export async function execute(this: IExecuteFunctions, i: number): Promise<INodeExecutionData[]> {
	const target = readSignerTarget(this, i, 'file');
	const options = this.getNodeParameter('options', i, {}) as IDataObject;
	const response = await callApi(this, meta, {
		params: {
			id: target.signingRequestId,
			signer_id: target.signerId,
			field_id: target.fieldId ?? '',
		},
		explain: signerErrorExplainer('file'),
	});
	const answer = response.body;
	const json: IDataObject = { ...answer, key_mode: response.keyMode };
	if (options.returnUrlOnly === true) return [{ json }];

	const url = String(answer.url ?? '').trim();
	if (!/^https?:\/\//i.test(url)) {
		throw new NodeOperationError(
			this.getNode(),
			'The service did not return a download link for the file',
			{
				description: `The answer was: ${JSON.stringify(answer).slice(0, 300)}`,
			},
		);
	}
	const file = await downloadFile.call(this, url);
	const givenName = String(answer.file_name ?? '').trim();
	const mimeType = mimeTypeOf(answer.file_type, givenName, file.contentType);
	const extension =
		extensionOf(givenName) ||
		Object.entries(MIME_BY_EXTENSION).find(([, mime]) => mime === mimeType)?.[0] ||
		'bin';
	const baseName = givenName || `${await signerNameFor(this, target)}-file`;
	const fileName = fileNameFor(baseName, extension);
	const property =
		String(this.getNodeParameter('outputBinaryPropertyName', i, 'data') ?? '').trim() || 'data';
	return [await binaryItem.call(this, json, file.data, fileName, mimeType, property)];
}
