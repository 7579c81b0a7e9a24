import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';

import type { OperationMeta } from '../types';
import {
	markDescription,
	retrieveSignerMark,
	SIGNER_NAME_LOOKUPS,
	MARK_OUTPUT,
} from './signerMarks';

export const meta: OperationMeta = {
	value: 'retrieveSignerSignature',
	name: 'Get Signature',
	action: 'Get the signature of a signer',
	description: "Get a signer's signature as a PNG image, as drawn on the document",
	method: 'GET',
	path: '/signing-requests/{id}/signers/{signer_id}/signature',
	lookups: SIGNER_NAME_LOOKUPS,
	output: MARK_OUTPUT,
};

export const description: INodeProperties[] = markDescription('signature');

export async function execute(this: IExecuteFunctions, i: number): Promise<INodeExecutionData[]> {
	return await retrieveSignerMark.call(this, i, 'signature', meta);
}
