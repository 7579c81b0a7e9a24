import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';

import { getIdParameter } from '../../domain/ids';
import { toItems } from '../../helpers/output';
import { callApi } from '../../../shared/transport';
import { templateLocator } from '../common.descriptions';
import type { OperationMeta } from '../types';
import {
	embedSnippetFields,
	normaliseGeneratedToken,
	readSnippetSettings,
	withSnippet,
} from './jwt.common';

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
	const templateId = getIdParameter(this, 'templateId', i, 'Template');
	const snippet = readSnippetSettings(this, i);
	const response = await callApi(this, meta, {
		body: { companies_workspaces_templates_id: templateId },
	});
	const token = normaliseGeneratedToken(this, response.body, 'template', templateId, i);
	return toItems(withSnippet(token, 'template', snippet), response.keyMode);
}
