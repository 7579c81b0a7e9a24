import type {
	IDataObject,
	IExecuteFunctions,
	INodeExecutionData,
	INodeProperties,
} from 'n8n-workflow';

import { getIdParameter } from '../../helpers/ids';
import { listEntries, toItems } from '../../helpers/output';
import { apiRequest, getKeyMode } from '../../transport';
import { workspaceLocator } from '../common.descriptions';
import type { OperationMeta } from '../types';

export const meta: OperationMeta = {
	value: 'listWorkspaceSignerTerms',
	name: 'Get Many Workspace Terms',
	action: 'Get many workspace signer terms',
	description: 'List the signer terms of a workspace, one item per language',
	method: 'GET',
	path: '/workspace/{workspace_id}/signer-terms',
};

export const description: INodeProperties[] = [workspaceLocator];

export async function execute(this: IExecuteFunctions, i: number): Promise<INodeExecutionData[]> {
	const workspaceId = getIdParameter(this, 'workspaceId', i, 'Workspace');
	const body = (await apiRequest.call(this, 'GET', `/workspace/${workspaceId}/signer-terms`, {
		itemIndex: i,
	})) as IDataObject;
	const terms = listEntries(this, body, i, 'terms').map((t) => ({
		workspace_id: workspaceId,
		...t,
	}));
	return toItems(terms, await getKeyMode.call(this, i));
}
