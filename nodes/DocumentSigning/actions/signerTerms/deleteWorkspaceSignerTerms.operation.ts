import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';

import { getIdParameter } from '../../domain/ids';
import { deletedItems, deletedOutput, ID_OUTPUT } from '../../helpers/output';
import { callApi } from '../../../shared/transport';
import { workspaceLocator } from '../common.descriptions';
import type { OperationMeta } from '../types';
import { languageField, readLanguage, LANGUAGE_OUTPUT } from './signerTerms.common';

export const meta: OperationMeta = {
	value: 'deleteWorkspaceSignerTerms',
	name: 'Delete (Workspace)',
	action: 'Delete workspace signer terms',
	subtitle: 'Delete workspace terms',
	description:
		"Delete a workspace's own signer terms for one language (the company terms apply again)",
	method: 'DELETE',
	path: '/workspace/{workspace_id}/signer-terms/{language}',
	output: deletedOutput(LANGUAGE_OUTPUT, { workspace_id: ID_OUTPUT, language: LANGUAGE_OUTPUT }),
};

export const description: INodeProperties[] = [workspaceLocator, languageField('delete')];

export async function execute(this: IExecuteFunctions, i: number): Promise<INodeExecutionData[]> {
	const workspaceId = getIdParameter(this, 'workspaceId', i, 'Workspace');
	const language = readLanguage(this, i);
	const response = await callApi(this, meta, {
		params: { workspace_id: workspaceId, language },
	});
	return deletedItems(language, response.body, response.keyMode, {
		workspace_id: workspaceId,
		language,
	});
}
