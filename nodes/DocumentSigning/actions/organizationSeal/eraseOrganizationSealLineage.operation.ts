import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';

import { getIdParameter } from '../../domain/ids';
import { deletedItems, deletedOutput, ID_OUTPUT } from '../../helpers/output';
import { callApi } from '../../../shared/transport';
import { sealLocator } from '../common.descriptions';
import type { OperationMeta } from '../types';
import { sealErrorExplainer } from './seal.inputs';

export const meta: OperationMeta = {
	value: 'eraseOrganizationSealLineage',
	name: 'Erase',
	action: 'Erase a revoked organization seal for good',
	subtitle: 'Erase a revoked seal',
	description:
		'Permanently erase every version of a revoked seal. Irreversible; needs the protected API key.',
	method: 'DELETE',
	path: '/seals/{id}/erase',
	output: deletedOutput(ID_OUTPUT),
};

export const description: INodeProperties[] = [
	{
		displayName:
			'Erasing is irreversible: every version of the seal (its whole lineage) is deleted for good. Only a seal that has been revoked can be erased, and only with the protected (company-level) API key.',
		name: 'eraseNotice',
		type: 'notice',
		default: '',
	},
	{
		...sealLocator,
		description: 'The seal to erase: any version of it (the whole lineage is erased)',
	},
];

export async function execute(this: IExecuteFunctions, i: number): Promise<INodeExecutionData[]> {
	const id = getIdParameter(this, 'sealId', i, 'Organization Seal');
	const response = await callApi(this, meta, { params: { id }, explain: sealErrorExplainer });
	return deletedItems(id, response.body, response.keyMode);
}
