import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';

import { getIdParameter } from '../../domain/ids';
import { workspaceLocator } from '../common.descriptions';
import type { OperationMeta } from '../types';
import {
	emailTypeField,
	emailTypeOf,
	templateContentFields,
	upsertTemplate,
	UPSERT_OUTPUT,
} from './emailTemplate.common';

export const meta: OperationMeta = {
	value: 'updateWorkspaceEmailTemplate',
	name: 'Create or Update (Workspace)',
	action: 'Create or update a workspace email template',
	subtitle: 'Set an email template',
	description:
		'Set the subject and HTML body a workspace uses for one email type (created when it has none)',
	method: 'PUT',
	path: '/workspace/{workspace_id}/email-templates/{email_type}',
	output: UPSERT_OUTPUT,
};

export const description: INodeProperties[] = [
	workspaceLocator,
	emailTypeField,
	...templateContentFields,
];

export async function execute(this: IExecuteFunctions, i: number): Promise<INodeExecutionData[]> {
	const workspaceId = getIdParameter(this, 'workspaceId', i, 'Workspace');
	const params = { workspace_id: workspaceId, email_type: emailTypeOf(this, i) };
	return await upsertTemplate.call(this, meta, params, i);
}
