import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';

import { getIdParameter } from '../../domain/ids';
import { listEntries, toItems } from '../../helpers/output';
import { callApi } from '../../../shared/transport';
import { workspaceLocator } from '../common.descriptions';
import type { OperationMeta } from '../types';

export const meta: OperationMeta = {
	value: 'listWorkspaceEmailTemplates',
	name: 'Get Many (Workspace)',
	action: 'Get many workspace email templates',
	subtitle: 'Get many email templates',
	description:
		"List a workspace's own email templates (types without one use the company template or the default)",
	method: 'GET',
	path: '/workspace/{workspace_id}/email-templates',
	output: { entries: 'results' },
};

export const description: INodeProperties[] = [workspaceLocator];

export async function execute(this: IExecuteFunctions, i: number): Promise<INodeExecutionData[]> {
	const response = await callApi(this, meta, {
		params: { workspace_id: getIdParameter(this, 'workspaceId', i, 'Workspace') },
	});
	return toItems(listEntries(this, response.body), response.keyMode);
}
