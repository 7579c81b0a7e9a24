import type {
	IDataObject,
	IExecuteFunctions,
	INodeExecutionData,
	INodeProperties,
} from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { binaryItem, fileNameFor } from '../../helpers/binary';
import { getIdParameter } from '../../domain/ids';
import { callApi, downloadFile } from '../../../shared/transport';
import {
	outputBinaryProperty,
	returnUrlOnlyOptions,
	signingRequestLocator,
} from '../common.descriptions';
import { callName, type OperationMeta } from '../types';
import { meta as getSigningRequest } from './getSigningRequest.operation';

export const meta: OperationMeta = {
	value: 'downloadSigningRequest',
	name: 'Download',
	action: 'Download the document of a signing request',
	description:
		'Get the PDF of a sent signing request: the signed document once finished, or the document signed so far while in progress',
	method: 'GET',
	path: '/signing-requests/{id}/download',
	lookups: [callName(getSigningRequest)],
};

export const description: INodeProperties[] = [
	signingRequestLocator,
	outputBinaryProperty,
	returnUrlOnlyOptions(
		'Whether to output only the download link and its details, without downloading the file. The link is short-lived (see expires_at).',
	),
];

export async function execute(this: IExecuteFunctions, i: number): Promise<INodeExecutionData[]> {
	const id = getIdParameter(this, 'signingRequestId', i, 'Signing Request');
	const options = this.getNodeParameter('options', i, {}) as IDataObject;
	const returnUrlOnly = options.returnUrlOnly === true;

	const response = await callApi(this, meta, {
		params: { id },
		explain: ({ status, error, message }) => {
			if (status === 409) {
				const said = message ?? error;
				return {
					message: 'The document of this signing request is not available yet',
					description: `It is available once the request has been sent: while it is in progress you get the document signed so far, once finished the signed PDF. Send the signing request first.${said ? ` The service said: "${said}".` : ''}`,
				};
			}
			if (status === 503) {
				return {
					message: `The service is still preparing the document${error ? ` (${error})` : ''}`,
					description:
						'The signed PDF is being generated. Try again in a few seconds (for example with "Retry On Fail" in the node settings).',
				};
			}
			return undefined;
		},
	});
	const metadata = response.body;
	const url = String(metadata.download_url ?? '').trim();
	if (!/^https?:\/\//i.test(url)) {
		throw new NodeOperationError(this.getNode(), 'The service did not return a download link', {
			description: `The answer was: ${JSON.stringify(metadata).slice(0, 300)}`,
		});
	}

	// The download answer does not carry the request's name; the file is named after it.
	let name = metadata.name ?? metadata.signing_request_name;
	if (name === undefined || name === null || String(name).trim() === '') {
		name = (await callApi(this, getSigningRequest, { params: { id } })).body.name;
	}
	const fileName = fileNameFor(name, 'pdf');

	const json: IDataObject = {
		...metadata,
		signing_request_id: id,
		file_name: fileName,
		key_mode: response.keyMode,
	};
	if (returnUrlOnly) return [{ json }];

	const file = await downloadFile.call(this, url);
	if (!file.data.subarray(0, 1024).toString('latin1').includes('%PDF-')) {
		throw new NodeOperationError(this.getNode(), 'The downloaded file is not a PDF', {
			description: `The download link returned ${file.data.length} bytes of ${file.contentType ?? 'unknown type'} instead of a PDF document. Run the node again to get a fresh link; if it keeps happening the service may have a problem with this document.`,
		});
	}
	json.file_size = file.data.length;
	const property =
		String(this.getNodeParameter('outputBinaryPropertyName', i, 'data') ?? '').trim() || 'data';
	return [await binaryItem.call(this, json, file.data, fileName, 'application/pdf', property)];
}
