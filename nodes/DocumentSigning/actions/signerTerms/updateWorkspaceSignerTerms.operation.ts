import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';

import { getIdParameter } from '../../domain/ids';
import { toItems } from '../../helpers/output';
import { callApi } from '../../../shared/transport';
import { workspaceLocator } from '../common.descriptions';
import type { OperationMeta } from '../types';
import {
	languageField,
	readLanguage,
	readTermsBody,
	termsFields,
	termsPutOutput,
	termsPutSchema,
} from './signerTerms.common';

export const meta: OperationMeta = {
	value: 'updateWorkspaceSignerTerms',
	name: 'Set (Workspace)',
	action: 'Set workspace signer terms',
	description:
		"Create or replace a workspace's own signer terms for one language (overrides the company terms)",
	method: 'PUT',
	path: '/workspace/{workspace_id}/signer-terms/{language}',
	output: termsPutSchema('workspace'),
};

export const description: INodeProperties[] = [
	workspaceLocator,
	languageField('set'),
	...termsFields,
];

export async function execute(this: IExecuteFunctions, i: number): Promise<INodeExecutionData[]> {
	const workspaceId = getIdParameter(this, 'workspaceId', i, 'Workspace');
	const language = readLanguage(this, i);
	const body = readTermsBody(this, i);
	const response = await callApi(this, meta, {
		params: { workspace_id: workspaceId, language },
		body,
	});
	return toItems(termsPutOutput(response.body, language, workspaceId), response.keyMode);
}
