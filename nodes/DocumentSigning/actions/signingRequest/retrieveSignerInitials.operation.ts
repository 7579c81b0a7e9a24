import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';

import type { OperationMeta } from '../types';
import {
	markDescription,
	retrieveSignerMark,
	SIGNER_NAME_LOOKUPS,
	MARK_OUTPUT,
} from './signerMarks';

export const meta: OperationMeta = {
	value: 'retrieveSignerInitials',
	name: 'Get Initials',
	action: 'Get the initials of a signer',
	description: "Get a signer's initials as a PNG image, as drawn on the document",
	method: 'GET',
	path: '/signing-requests/{id}/signers/{signer_id}/initials',
	lookups: SIGNER_NAME_LOOKUPS,
	output: MARK_OUTPUT,
};

export const description: INodeProperties[] = markDescription('initials');

export async function execute(this: IExecuteFunctions, i: number): Promise<INodeExecutionData[]> {
	return await retrieveSignerMark.call(this, i, 'initials', meta);
}
