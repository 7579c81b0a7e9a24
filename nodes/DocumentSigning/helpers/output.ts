import type { IDataObject, INodeExecutionData } from 'n8n-workflow';

import type { KeyMode } from '../transport';

/**
 * Output items of the action node. Every item says which key produced it (`key_mode`): test
 * requests are free and their documents watermarked, so a workflow can tell them apart.
 */
export function toItems(data: IDataObject | IDataObject[], keyMode: KeyMode): INodeExecutionData[] {
	const rows = Array.isArray(data) ? data : [data];
	return rows.map((row) => ({ json: { ...row, key_mode: keyMode } }));
}
