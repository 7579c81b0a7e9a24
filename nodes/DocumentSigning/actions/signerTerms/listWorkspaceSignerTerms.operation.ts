import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';

import { getIdParameter } from '../../domain/ids';
import { listEntries, toItems, ID_OUTPUT } from '../../helpers/output';
import { callApi } from '../../../shared/transport';
import { workspaceLocator } from '../common.descriptions';
import type { OperationMeta } from '../types';

export const meta: OperationMeta = {
	value: 'listWorkspaceSignerTerms',
	name: 'Get Many (Workspace)',
	action: 'Get many workspace signer terms',
	subtitle: 'Get workspace signer terms',
	description: 'List the signer terms of a workspace, one item per language',
	method: 'GET',
	path: '/workspace/{workspace_id}/signer-terms',
	output: { entries: 'terms', fields: { workspace_id: ID_OUTPUT } },
};

export const description: INodeProperties[] = [workspaceLocator];

export async function execute(this: IExecuteFunctions, i: number): Promise<INodeExecutionData[]> {
	const workspaceId = getIdParameter(this, 'workspaceId', i, 'Workspace');
	const response = await callApi(this, meta, { params: { workspace_id: workspaceId } });
	const terms = listEntries(this, response.body, 'terms').map((t) => ({
		workspace_id: workspaceId,
		...t,
	}));
	return toItems(terms, response.keyMode);
}
