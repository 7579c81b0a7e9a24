import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';

import { templateLocator } from '../common.descriptions';
import type { OperationMeta } from '../types';
import { embedSnippetFields, generateEditorToken } from './jwt.common';

export const meta: OperationMeta = {
	value: 'generateTemplateToken',
	name: 'Generate Template Token',
	action: 'Generate a template editor token',
	description:
		"Create a JWT that opens a template in the embedded template editor; the output's expires_at says until when the service accepts it",
	method: 'POST',
	path: '/generate-template-token',
};

export const description: INodeProperties[] = [templateLocator, ...embedSnippetFields('template')];

export async function execute(this: IExecuteFunctions, i: number): Promise<INodeExecutionData[]> {
	return await generateEditorToken(this, i, meta, 'template');
}
