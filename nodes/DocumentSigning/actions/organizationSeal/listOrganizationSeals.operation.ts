import type {
	IDataObject,
	IExecuteFunctions,
	INodeExecutionData,
	INodeProperties,
} from 'n8n-workflow';

import { getIdParameter } from '../../domain/ids';
import { limitEntries, listEntries, toItems } from '../../helpers/output';
import { callApi } from '../../../shared/transport';
import { paginationFields, workspaceLocator } from '../common.descriptions';
import type { OperationMeta } from '../types';
import { sealListErrorExplainer } from './seal.inputs';

export const meta: OperationMeta = {
	value: 'listOrganizationSeals',
	name: 'Get Many',
	action: 'Get many organization seals',
	description:
		'List the organization seals this key can reach (the latest version of each), one item each',
	method: 'GET',
	path: '/seals',
	output: { entries: 'seals' },
};

export const description: INodeProperties[] = [
	{
		displayName: 'Include Revoked',
		name: 'includeRevoked',
		type: 'boolean',
		default: false,
		description: 'Whether to list revoked seals too (by default only active seals are listed)',
	},
	{
		displayName: 'Only One Workspace',
		name: 'onlyWorkspace',
		type: 'boolean',
		default: false,
		description:
			'Whether to list only the seals of one workspace (otherwise company seals and the seals of every workspace the key can reach)',
	},
	{ ...workspaceLocator, displayOptions: { show: { onlyWorkspace: [true] } } },
	...paginationFields(),
];

export async function execute(this: IExecuteFunctions, i: number): Promise<INodeExecutionData[]> {
	const qs: IDataObject = {};
	if (this.getNodeParameter('includeRevoked', i, false) as boolean) qs.include_revoked = true;
	if (this.getNodeParameter('onlyWorkspace', i, false) as boolean) {
		qs.workspace_id = getIdParameter(this, 'workspaceId', i, 'Workspace');
	}
	const response = await callApi(this, meta, { qs, explain: sealListErrorExplainer });
	return toItems(
		limitEntries(this, i, listEntries(this, response.body, 'seals')),
		response.keyMode,
	);
}
