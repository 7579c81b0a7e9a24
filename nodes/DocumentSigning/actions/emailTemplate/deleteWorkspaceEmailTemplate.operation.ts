import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';

import { getIdParameter } from '../../domain/ids';
import { deletedItems, deletedOutput } from '../../helpers/output';
import { callApi } from '../../../shared/transport';
import { workspaceLocator } from '../common.descriptions';
import type { OperationMeta } from '../types';
import { emailTypeField, emailTypeOf, EMAIL_TYPE_OUTPUT } from './emailTemplate.common';

export const meta: OperationMeta = {
	value: 'deleteWorkspaceEmailTemplate',
	name: 'Delete (Workspace)',
	action: 'Delete a workspace email template',
	subtitle: 'Delete an email template',
	description:
		"Remove a workspace's template for one email type: it falls back to the company template, then the default",
	method: 'DELETE',
	path: '/workspace/{workspace_id}/email-templates/{email_type}',
	output: deletedOutput(EMAIL_TYPE_OUTPUT, { email_type: EMAIL_TYPE_OUTPUT }),
};

export const description: INodeProperties[] = [workspaceLocator, emailTypeField];

export async function execute(this: IExecuteFunctions, i: number): Promise<INodeExecutionData[]> {
	const type = emailTypeOf(this, i);
	const response = await callApi(this, meta, {
		params: { workspace_id: getIdParameter(this, 'workspaceId', i, 'Workspace'), email_type: type },
	});
	return deletedItems(type, response.body, response.keyMode, { email_type: type });
}
