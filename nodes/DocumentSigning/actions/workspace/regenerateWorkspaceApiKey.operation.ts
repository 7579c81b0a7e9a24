import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';

import type { OperationMeta } from '../types';
import { apiKeyDescription, sendKeyType } from './workspace.inputs';

export const meta: OperationMeta = {
	value: 'regenerateWorkspaceApiKey',
	name: 'Regenerate API Key',
	action: 'Regenerate the API key of a workspace',
	subtitle: 'Regenerate an API key',
	description: 'Issue a new live or test key; the old one keeps working for 24 hours',
	method: 'POST',
	path: '/workspaces/{id}/api-key/regenerate',
	// The new key is what Regenerate is run for; the replaced ones (expiring_keys) are masked.
	sensitiveOutputFields: ['new_key.api_key'],
	output: { fields: { key_type: { type: 'string', enum: ['live', 'test'] } } },
};

export const description: INodeProperties[] = apiKeyDescription({
	live: 'The key for real, billed documents',
	test: 'The key for free, watermarked test documents',
	keyType: 'Which key to replace. The other type is not touched.',
});

export async function execute(this: IExecuteFunctions, i: number): Promise<INodeExecutionData[]> {
	return await sendKeyType(
		this,
		i,
		meta,
		'The service replaces the key of one type per call (without a type, the live key). To replace both, run the operation once with Live and once with Test.',
	);
}
