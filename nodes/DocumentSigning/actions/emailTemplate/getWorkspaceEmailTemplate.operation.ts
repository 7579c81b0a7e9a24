import type {
	IDataObject,
	IExecuteFunctions,
	INodeExecutionData,
	INodeProperties,
} from 'n8n-workflow';

import { toItems } from '../../helpers/output';
import { apiRequestWithMeta } from '../../transport';
import { workspaceLocator } from '../common.descriptions';
import type { OperationMeta } from '../types';
import { emailTypeField, emailTypeOf, workspaceTemplatesPath } from './emailTemplate.common';

export const meta: OperationMeta = {
	value: 'getWorkspaceEmailTemplate',
	name: 'Get (Workspace)',
	action: 'Get a workspace email template',
	description: "Get a workspace's own template for one email type (404 when it has none)",
	method: 'GET',
	path: '/workspace/{workspace_id}/email-templates/{email_type}',
};

export const description: INodeProperties[] = [workspaceLocator, emailTypeField];

export async function execute(this: IExecuteFunctions, i: number): Promise<INodeExecutionData[]> {
	const path = `${workspaceTemplatesPath(this, i)}/${emailTypeOf(this, i)}`;
	const response = await apiRequestWithMeta.call(this, 'GET', path, { itemIndex: i });
	return toItems(response.body as IDataObject, response.keyMode);
}
