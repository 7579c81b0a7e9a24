import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';

import { getIdParameter } from '../../domain/ids';
import { toItems } from '../../helpers/output';
import { callApi } from '../../../shared/transport';
import { signingRequestLocator } from '../common.descriptions';
import type { OperationMeta } from '../types';
import {
	embedSnippetFields,
	normaliseGeneratedToken,
	readSnippetSettings,
	withSnippet,
} from './jwt.common';

export const meta: OperationMeta = {
	value: 'generateSigningRequestToken',
	name: 'Generate Signing Request Token',
	action: 'Generate a signing request editor token',
	description:
		"Create a JWT that opens a signing request in the embedded signing-request editor; the output's expires_at says until when the service accepts it",
	method: 'POST',
	path: '/jwt/generate-signing-request',
};

export const description: INodeProperties[] = [
	signingRequestLocator,
	...embedSnippetFields('signingRequest'),
];

export async function execute(this: IExecuteFunctions, i: number): Promise<INodeExecutionData[]> {
	const signingRequestId = getIdParameter(this, 'signingRequestId', i, 'Signing Request');
	const snippet = readSnippetSettings(this, i);
	const response = await callApi(this, meta, {
		body: { companies_workspaces_signing_requests_id: signingRequestId },
	});
	const token = normaliseGeneratedToken(this, response.body, 'signingRequest', signingRequestId, i);
	return toItems(withSnippet(token, 'signingRequest', snippet), response.keyMode);
}
