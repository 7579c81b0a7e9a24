import type {
	IDataObject,
	IExecuteFunctions,
	INodeExecutionData,
	INodeProperties,
} from 'n8n-workflow';

import { getIdParameter } from '../../domain/ids';
import { toItems, ID_OUTPUT } from '../../helpers/output';
import { callApi } from '../../../shared/transport';
import { templateLocator, workspaceLocator } from '../common.descriptions';
import type { OperationMeta } from '../types';
import { checkName } from './template.inputs';

export const meta: OperationMeta = {
	value: 'copyTemplate',
	name: 'Copy',
	action: 'Copy a template to another workspace',
	subtitle: 'Copy to another workspace',
	description:
		'Copy a template (document, users, fields, reminders) to another workspace; needs the company-level key',
	method: 'POST',
	path: '/templates/{id}/copy',
	output: { fields: { source_template_id: ID_OUTPUT } },
};

export const description: INodeProperties[] = [
	{
		displayName:
			"Copying between workspaces needs the key of the company's protected workspace (company-level key) in the credential. Other keys are refused.",
		name: 'protectedKeyNotice',
		type: 'notice',
		default: '',
	},
	templateLocator,
	{
		...workspaceLocator,
		displayName: 'Target Workspace',
		description: 'The workspace to copy the template into',
	},
	{
		displayName: 'Name',
		name: 'name',
		type: 'string',
		default: '',
		description:
			'The name of the copy (at most 255 characters). Leave empty for the template\'s name followed by " (copy)".',
	},
];

export async function execute(this: IExecuteFunctions, i: number): Promise<INodeExecutionData[]> {
	const id = getIdParameter(this, 'templateId', i, 'Template');
	const workspaceId = getIdParameter(this, 'workspaceId', i, 'Target Workspace');
	const name = checkName(this, this.getNodeParameter('name', i, ''), 'Name', false);
	const body: IDataObject = { workspace_id: workspaceId };
	if (name !== undefined) body.name = name;

	const response = await callApi(this, meta, {
		params: { id },
		body,
		explain: ({ status, code }) =>
			status === 403
				? {
						message:
							code === 'PROTECTED_KEY_REQUIRED'
								? 'Copying a template needs the company-level key'
								: 'This key may not copy this template to that workspace',
						description:
							"Copying templates between workspaces only works with the API key of the company's protected workspace. Put that key in the Document Signing API credential (or use a second credential for this node). The template and the target workspace must belong to the same company.",
					}
				: undefined,
	});
	return toItems({ ...response.body, source_template_id: id }, response.keyMode);
}
