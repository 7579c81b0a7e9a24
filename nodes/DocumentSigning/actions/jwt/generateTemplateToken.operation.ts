import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';

import { templateLocator } from '../common.descriptions';
import type { OperationMeta } from '../types';
import {
	TOKEN_FIELDS,
	TOKEN_OUTPUT_FIELDS,
	embedSnippetFields,
	generateEditorToken,
} from './jwt.common';
import { ID_OUTPUT } from '../../helpers/output';

export const meta: OperationMeta = {
	value: 'generateTemplateToken',
	name: 'Generate Template Token',
	action: 'Generate a template token for the embedded editor',
	subtitle: 'Generate a template token',
	description:
		'Create a JWT that opens a template in the embedded template editor; expires_at says until when it is accepted',
	method: 'POST',
	path: '/generate-template-token',
	// The token is what it is run for, in jwt and inside the optional embed_snippet.
	sensitiveOutputFields: [...TOKEN_FIELDS],
	output: {
		omit: ['token', 'jwt_record_id'],
		fields: { ...TOKEN_OUTPUT_FIELDS, template_id: ID_OUTPUT },
	},
};

export const description: INodeProperties[] = [templateLocator, ...embedSnippetFields('template')];

export async function execute(this: IExecuteFunctions, i: number): Promise<INodeExecutionData[]> {
	return await generateEditorToken(this, i, meta, 'template');
}
