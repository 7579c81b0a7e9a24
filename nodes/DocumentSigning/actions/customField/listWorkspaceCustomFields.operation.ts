import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';

import { getIdParameter } from '../../helpers/ids';
import { limitEntries, toItems } from '../../helpers/output';
import { paginationFields } from '../common.descriptions';
import type { OperationMeta } from '../types';
import { WORKSPACE_OWNER, listCustomFields } from './customField.inputs';

export const meta: OperationMeta = {
	value: 'listWorkspaceCustomFields',
	name: 'Get Many for Workspace',
	action: 'Get many custom fields of a workspace',
	description: 'List the custom field definitions of a workspace',
	method: 'GET',
	path: '/workspace/{workspace_id}/custom-fields',
};

export const description: INodeProperties[] = [WORKSPACE_OWNER.locator, ...paginationFields()];

export async function execute(this: IExecuteFunctions, i: number): Promise<INodeExecutionData[]> {
	const id = getIdParameter(this, 'workspaceId', i, 'Workspace');
	const { fields, response } = await listCustomFields(this, i, id, WORKSPACE_OWNER);
	return toItems(limitEntries(this, i, fields), response.keyMode);
}
