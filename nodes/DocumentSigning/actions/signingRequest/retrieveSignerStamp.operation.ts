import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';

import type { OperationMeta } from '../types';
import {
	markDescription,
	retrieveSignerMark,
	SIGNER_NAME_LOOKUPS,
	MARK_OUTPUT,
} from './signerMarks';

export const meta: OperationMeta = {
	value: 'retrieveSignerStamp',
	name: 'Get Stamp',
	action: 'Get the stamp of a signer',
	description: 'Get the stamp a signer placed in a stamp field, as a PNG image',
	method: 'GET',
	path: '/signing-requests/{id}/signers/{signer_id}/stamps/{field_id}',
	lookups: SIGNER_NAME_LOOKUPS,
	output: MARK_OUTPUT,
};

export const description: INodeProperties[] = markDescription('stamp');

export async function execute(this: IExecuteFunctions, i: number): Promise<INodeExecutionData[]> {
	return await retrieveSignerMark.call(this, i, 'stamp', meta);
}
