import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';

import { getIdParameter } from '../../domain/ids';
import { toItems } from '../../helpers/output';
import { callApi } from '../../../shared/transport';
import { workspaceLocator } from '../common.descriptions';
import type { OperationMeta } from '../types';
import { emailTypeField, emailTypeOf } from './emailTemplate.common';

export const meta: OperationMeta = {
	value: 'getWorkspaceEmailTemplate',
	name: 'Get (Workspace)',
	action: 'Get a workspace email template',
	subtitle: 'Get an email template',
	description: "Get a workspace's own template for one email type (404 when it has none)",
	method: 'GET',
	path: '/workspace/{workspace_id}/email-templates/{email_type}',
};

export const description: INodeProperties[] = [workspaceLocator, emailTypeField];

export async function execute(this: IExecuteFunctions, i: number): Promise<INodeExecutionData[]> {
	const workspaceId = getIdParameter(this, 'workspaceId', i, 'Workspace');
	const response = await callApi(this, meta, {
		params: { workspace_id: workspaceId, email_type: emailTypeOf(this, i) },
	});
	return toItems(response.body, response.keyMode);
}
