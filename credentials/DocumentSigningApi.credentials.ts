import type { IAuthenticate, Icon, ICredentialType, INodeProperties } from 'n8n-workflow';

import { authenticateRequest } from '../nodes/shared/authentication';

/**
 * Credentials for the document-signing service.
 *
 * The service authenticates with the workspace's API key sent as the bare value of the
 * `Authorization` header. Each workspace has a live key (consumes credits) and a test key
 * (free, watermarked documents); "Key to Use" picks which one is sent. Because authentication
 * lives in `authenticate`, the credential also works as a predefined credential in the
 * HTTP Request node.
 *
 * Its "Test" button runs a function of the nodes (`testedBy`: nodes/shared/credentialTest.ts) rather
 * than a declarative `test` request, so that an address that cannot be reached is reported with
 * the address and what to check, not only as "ECONNREFUSED".
 */
export class DocumentSigningApi implements ICredentialType {
	name = 'documentSigningApi';

	displayName = 'Document Signing API';

	icon: Icon = {
		light: 'file:documentSigning.svg',
		dark: 'file:documentSigning.dark.svg',
	};

	documentationUrl =
		'https://github.com/n8n-nodes-document-signing/n8n-nodes-document-signing#credentials';

	properties: INodeProperties[] = [
		{
			displayName: 'Base URL',
			name: 'baseUrl',
			type: 'string',
			default: '',
			required: true,
			placeholder: 'https://api.example.com/v1',
			description:
				'The API address of the service (its base URL), without a path after it. A trailing slash is fine. For the local sandbox use the address printed by "npm run sandbox".',
		},
		{
			displayName: 'Key to Use',
			name: 'keyToUse',
			type: 'options',
			options: [
				{
					name: 'Test',
					value: 'test',
					description: 'Free; signing requests are flagged as test and watermarked',
				},
				{
					name: 'Live',
					value: 'live',
					description: 'Real, legally binding documents; consumes credits',
				},
			],
			default: 'test',
			description:
				'Which of the two workspace keys is sent with every request. Start with Test (free, watermarked); switch to Live for real documents.',
		},
		{
			displayName: 'Live API Key',
			name: 'liveApiKey',
			type: 'string',
			typeOptions: { password: true },
			default: '',
			description:
				"The workspace's live key (api_key), from the service dashboard or the workspace's API keys. Used when Key to Use is Live. Never shown in the node's output or errors.",
		},
		{
			displayName: 'Test API Key',
			name: 'testApiKey',
			type: 'string',
			typeOptions: { password: true },
			default: '',
			description:
				"The workspace's test key (test_api_key). Used when Key to Use is Test (the default). Requests with it are free and their documents watermarked.",
		},
		{
			displayName: 'API Version',
			name: 'apiVersion',
			type: 'number',
			typeOptions: { minValue: 1, numberPrecision: 0 },
			default: 1,
			description:
				'Sent as the X-API-Version header. 1 is the current stable version of the service.',
		},
		{
			displayName: 'Webhook Signing Secret',
			name: 'webhookSigningSecret',
			type: 'string',
			typeOptions: { password: true },
			default: '',
			description:
				"Used to verify that webhook deliveries really come from the service. With the protected workspace's key, paste the company's webhook signing secret (service dashboard, or the new_secret of Webhook → Rotate Signing Secret (Company)): it serves the Document Signing Trigger with its default scope (Company) and Send and Wait for Completion. With another workspace's key, or for a trigger with the scope One Workspace, paste that workspace's own secret (Workspace → Get shows it as webhook_secret). Not needed for the Poll Trigger or the other operations.",
		},
	];

	authenticate: IAuthenticate = authenticateRequest;
}
