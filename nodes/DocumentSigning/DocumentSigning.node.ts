import type {
	IExecuteFunctions,
	INodeExecutionData,
	INodeType,
	INodeTypeDescription,
	IWebhookFunctions,
	IWebhookResponseData,
} from 'n8n-workflow';
import { NodeConnectionTypes } from 'n8n-workflow';

import { resourceOptions, resourceProperties } from './actions/operations';
import { router } from './actions/router';
import {
	resume,
	resumeWebhooks,
} from './actions/signingRequest/sendAndWaitSigningRequest.operation';
import { listSearch, loadOptions } from './methods';

export class DocumentSigning implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Document Signing',
		name: 'documentSigning',
		icon: { light: 'file:documentSigning.svg', dark: 'file:documentSigning.dark.svg' },
		group: ['output'],
		version: 1,
		subtitle: '={{$parameter["operation"] + ": " + $parameter["resource"]}}',
		description:
			'Send documents for signature, follow them and download the signed PDFs with the document-signing service',
		defaults: { name: 'Document Signing' },
		usableAsTool: true,
		inputs: [NodeConnectionTypes.Main],
		outputs: [NodeConnectionTypes.Main],
		credentials: [{ name: 'documentSigningApi', required: true }],
		// Send and Wait for Completion: the service's delivery resumes the waiting execution.
		webhooks: resumeWebhooks,
		properties: [
			{
				displayName: 'Resource',
				name: 'resource',
				type: 'options',
				noDataExpression: true,
				options: resourceOptions(),
				default: 'workspace',
			},
			...resourceProperties(),
		],
	};

	methods = { listSearch, loadOptions };

	async webhook(this: IWebhookFunctions): Promise<IWebhookResponseData> {
		return await resume.call(this);
	}

	async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		return await router.call(this);
	}
}
