import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';

import type { OperationMeta } from '../types';
import { apiKeyDescription, sendKeyType } from './workspace.inputs';

export const meta: OperationMeta = {
	value: 'expireWorkspaceApiKey',
	name: 'Expire Old API Keys',
	action: 'Expire the old API keys of a workspace',
	subtitle: 'Expire old API keys',
	description: 'End the 24-hour grace period of replaced keys now, so they stop working at once',
	method: 'POST',
	path: '/workspaces/{id}/api-key/expire',
	output: { fields: { key_type: { type: 'string', enum: ['live', 'test'] } } },
};

export const description: INodeProperties[] = apiKeyDescription({
	live: 'Only replaced live keys',
	test: 'Only replaced test keys',
	keyType:
		'Which replaced keys to expire; it is always sent. Current keys are never expired. For both types, run it once per type (the service allows 1 call per minute).',
});

export async function execute(this: IExecuteFunctions, i: number): Promise<INodeExecutionData[]> {
	return await sendKeyType(
		this,
		i,
		meta,
		'The service expires the replaced keys of one type per call (without a type, only live ones). To expire both, run the operation once with Live and, a minute later, once with Test.',
	);
}
