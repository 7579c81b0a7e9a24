import type {
	IExecuteFunctions,
	INodeExecutionData,
	INodeType,
	INodeTypeDescription,
} from 'n8n-workflow';
import { NodeConnectionTypes } from 'n8n-workflow';

import { resourceOptions, resourceProperties, subtitleExpression } from './actions/operations';
import { router } from './actions/router';
import { listSearch, loadOptions } from './methods';

export class DocumentSigning implements INodeType {
	// The subtitle is built from the operation list (each operation's action, see
	// subtitleExpression); this rule only recognises a literal string there.
	// eslint-disable-next-line n8n-nodes-base/node-class-description-missing-subtitle
	description: INodeTypeDescription = {
		displayName: 'Document Signing',
		name: 'documentSigning',
		icon: { light: 'file:documentSigning.svg', dark: 'file:documentSigning.dark.svg' },
		group: ['output'],
		version: 1,
		subtitle: subtitleExpression(),
		description:
			'Send documents for signature, follow them and download the signed PDFs with the document-signing service',
		defaults: { name: 'Document Signing' },
		usableAsTool: true,
		inputs: [NodeConnectionTypes.Main],
		outputs: [NodeConnectionTypes.Main],
		credentials: [{ name: 'documentSigningApi', required: true }],
		properties: [
			{
				displayName: 'Resource',
				name: 'resource',
				type: 'options',
				noDataExpression: true,
				options: resourceOptions(),
				default: 'signingRequest',
			},
			...resourceProperties(),
		],
	};

	methods = { listSearch, loadOptions };

	async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		return await router.call(this);
	}
}
