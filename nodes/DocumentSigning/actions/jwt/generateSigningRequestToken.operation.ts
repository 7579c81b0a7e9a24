import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';

import { signingRequestLocator } from '../common.descriptions';
import type { OperationMeta } from '../types';
import {
	TOKEN_FIELDS,
	TOKEN_OUTPUT_FIELDS,
	embedSnippetFields,
	generateEditorToken,
} from './jwt.common';
import { ID_OUTPUT } from '../../helpers/output';

export const meta: OperationMeta = {
	value: 'generateSigningRequestToken',
	name: 'Generate Signing Request Token',
	action: 'Generate a signing request token for the embedded editor',
	subtitle: 'Generate a request token',
	description:
		'Create a JWT that opens a signing request in the embedded editor; expires_at says until when it is accepted',
	method: 'POST',
	path: '/jwt/generate-signing-request',
	// The token is what it is run for, in jwt and inside the optional embed_snippet.
	sensitiveOutputFields: [...TOKEN_FIELDS],
	output: { fields: { ...TOKEN_OUTPUT_FIELDS, signing_request_id: ID_OUTPUT } },
};

export const description: INodeProperties[] = [
	signingRequestLocator,
	...embedSnippetFields('signingRequest'),
];

export async function execute(this: IExecuteFunctions, i: number): Promise<INodeExecutionData[]> {
	return await generateEditorToken(this, i, meta, 'signingRequest');
}
