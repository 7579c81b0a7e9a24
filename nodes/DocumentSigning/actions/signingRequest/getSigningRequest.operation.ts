import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';

import { ENDPOINTS } from '../../../shared/endpoints';
import { getIdParameter } from '../../domain/ids';
import { simplifyField, simplifyItems, toItems } from '../../helpers/output';
import { callApi } from '../../../shared/transport';
import { signingRequestLocator } from '../common.descriptions';
import type { OperationMeta } from '../types';

export const meta: OperationMeta = {
	value: 'getSigningRequest',
	name: 'Get',
	action: 'Get a signing request',
	description:
		'Get one signing request: its status (draft, in progress, completed, declined, cancelled, expired), dates and links',
	toolDescription:
		'Reads one signing request: its name, whether it has been sent, and whether it is finished (everyone signed), declined, cancelled or expired, with the dates. Use it to answer "has it been signed?" or to check a draft before it is sent.\nNeeds: the signing request\'s ID (a UUID: from the request you created, or from "Get many signing requests" by name or signer email).\nReturns: id, name, status (draft, in_progress, completed: everyone signed, declined, cancelled or expired), created_at, sent_at, completed_at, declined_at, cancelled_at, expires_at, signed_document_url once completed, key_mode. Who has signed so far: "Get the recipients of a signing request".',
	...ENDPOINTS.getSigningRequest,
	output: { simplify: 'signingRequest' },
};

export const description: INodeProperties[] = [signingRequestLocator, simplifyField];

export async function execute(this: IExecuteFunctions, i: number): Promise<INodeExecutionData[]> {
	const id = getIdParameter(this, 'signingRequestId', i, 'Signing Request');
	const response = await callApi(this, meta, { params: { id } });
	return simplifyItems(this, i, 'signingRequest', toItems(response.body, response.keyMode));
}
