import type {
	IDataObject,
	IExecuteFunctions,
	INodeExecutionData,
	INodeProperties,
} from 'n8n-workflow';

import { getIdParameter } from '../../domain/ids';
import {
	workspaceItems,
	SECRETS_OMITTED_OUTPUT,
	WORKSPACE_SECRET_FIELDS,
} from '../../domain/workspaceSecrets';
import { normaliseWarnings, toItems } from '../../helpers/output';
import { callApi } from '../../../shared/transport';
import { workspaceLocator } from '../common.descriptions';
import type { OperationMeta } from '../types';
import { checkWorkspaceName, workspaceNameInput } from './workspace.inputs';
import { fail } from '../../helpers/errors';

export const meta: OperationMeta = {
	value: 'patchWorkspace',
	name: 'Update One Part',
	action: 'Update one part of a workspace',
	subtitle: 'Update part of a workspace',
	description: 'Change only the workspace details you choose',
	method: 'PATCH',
	path: '/workspaces/{id}',
	output: {
		warnings: true,
		omit: [...WORKSPACE_SECRET_FIELDS],
		fields: { secrets_omitted: SECRETS_OMITTED_OUTPUT },
	},
};

export const description: INodeProperties[] = [
	workspaceLocator,
	{
		displayName: 'Update Fields',
		name: 'updateFields',
		type: 'collection',
		placeholder: 'Add Field',
		default: {},
		options: [{ ...workspaceNameInput, required: false }],
	},
];

export async function execute(this: IExecuteFunctions, i: number): Promise<INodeExecutionData[]> {
	const id = getIdParameter(this, 'workspaceId', i, 'Workspace');
	const fields = this.getNodeParameter('updateFields', i, {}) as IDataObject;
	if (fields.name === undefined) {
		fail(this, 'Add at least one field to update in "Update Fields"');
	}
	const body = { name: checkWorkspaceName(this, fields.name) };
	const response = await callApi(this, meta, { params: { id }, body });
	// Never with the keys and webhook secret: Update is not run for them (Get can include them).
	return workspaceItems(
		toItems(normaliseWarnings(response.body as IDataObject), response.keyMode),
		false,
	);
}
