import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';

import { getIdParameter } from '../../domain/ids';
import { limitEntries, listEntries, toItems } from '../../helpers/output';
import { callApi } from '../../../shared/transport';
import { WORKSPACE_OWNER } from './customField.inputs';
import { paginationFields } from '../common.descriptions';
import type { OperationMeta } from '../types';

export const meta: OperationMeta = {
	value: 'listWorkspaceCustomFields',
	name: 'Get Many (Workspace)',
	action: 'Get many custom fields of a workspace',
	subtitle: 'Get workspace custom fields',
	description: 'List the custom field definitions of a workspace',
	method: 'GET',
	path: '/workspace/{workspace_id}/custom-fields',
	output: { entries: 'custom_fields' },
};

export const description: INodeProperties[] = [WORKSPACE_OWNER.locator, ...paginationFields()];

export async function execute(this: IExecuteFunctions, i: number): Promise<INodeExecutionData[]> {
	const id = getIdParameter(this, 'workspaceId', i, 'Workspace');
	const response = await callApi<unknown>(this, meta, { params: { workspace_id: id } });
	const fields = listEntries(this, response.body, 'custom_fields');
	return toItems(limitEntries(this, i, fields), response.keyMode);
}
