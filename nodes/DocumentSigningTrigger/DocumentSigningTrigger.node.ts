import type {
	IHookFunctions,
	INodeType,
	INodeTypeDescription,
	IWebhookFunctions,
	IWebhookResponseData,
} from 'n8n-workflow';
import { NodeConnectionTypes } from 'n8n-workflow';

import { additionalEventsField } from '../shared/eventNames';
import { ALL_LISTED_EVENTS_NAME, eventTypeOptions } from '../shared/events';
import { ALL_EVENTS, checkExists, create, remove } from './lifecycle';
import { answerWake, catchUpOnFirstRequest, isWake, startCatchUp, stopCatchUp } from './catchUp';
import { receive } from './receive';
import { clockToleranceOption } from '../shared/signature';
import { attachSignedPdfOption, signedPdfFieldOption } from '../shared/document';
import { scopeOption } from '../shared/scope';
import { searchWorkspaces, workspaceLocator } from '../shared/workspace';
import { testDocumentSigningApi } from '../shared/credentialTest';
import { simplifyEventField } from '../shared/signingRequest';
import { CATCH_UP_EXAMPLE_URL } from '../shared/links';

export class DocumentSigningTrigger implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Document Signing Trigger',
		name: 'documentSigningTrigger',
		icon: { light: 'file:documentSigning.svg', dark: 'file:documentSigning.dark.svg' },
		group: ['trigger'],
		// Version 2 behaves exactly as version 1. It exists for n8n: for a webhook node of version 1,
		// n8n evaluates the expression `$parameter["options"]["binaryData"]` (a setting of its own
		// Webhook node's first version) on every call (webhook-helpers.js parseRequestBody), which
		// needs an expression isolate where n8n would otherwise build none (with
		// N8N_EXPRESSION_ENGINE_LAZY_ACQUIRE=true). New nodes are version 2; version 1 nodes keep
		// working as before. One of the n8n-dependent choices in docs/DESIGN.md, with its figures.
		version: [1, 2],
		defaultVersion: 2,
		subtitle:
			'={{$parameter["scope"] === "workspace" ? "Workspace events" : "Company-wide events"}}',
		// n8n's node panel lists this trigger and the action node as one entry, "Document Signing",
		// and shows this description for it, in the list and in its "Node details" panel
		// (n8n-editor-ui generateMergedNodesAndActions): it describes the package as a whole.
		description:
			'Send documents for signature, follow them and download the signed PDFs; start workflows when documents are signed, declined or expire',
		defaults: { name: 'Document Signing Trigger' },
		// The node window's "Docs" link, opened as it is (see DocumentSigning.node.ts).
		documentationUrl:
			'https://github.com/n8n-nodes-document-signing/n8n-nodes-document-signing/blob/main/docs/triggers.md#document-signing-trigger-webhook',
		inputs: [],
		outputs: [NodeConnectionTypes.Main],
		credentials: [
			{ name: 'documentSigningApi', required: true, testedBy: 'documentSigningApiTest' },
		],
		webhooks: [
			{
				name: 'default',
				httpMethod: 'POST',
				responseMode: 'onReceived',
				// Empty: n8n answers with the node's webhookResponse (read once the execution exists;
				// see receive.ts). Left out, n8n's default "firstEntryJson" would be the answer's text.
				responseData: '',
				path: 'webhook',
			},
		],
		properties: [
			{
				displayName:
					"Events arrive only while webhooks are turned on in the service's settings (for the company, or for the workspace of a workspace webhook): if none arrives, check there first. A webhook's test event arrives even while they are off, so it does not tell.",
				name: 'masterSwitchNotice',
				type: 'notice',
				default: '',
			},
			{
				displayName: `If n8n restarts (upgrades, crashes, container moves), publish the example workflow <a href="${CATCH_UP_EXAMPLE_URL}" target="_blank">Catch up after an n8n restart</a> once: within a minute of each start it lets this trigger catch up on the signing requests that changed while n8n was away. Without it, the trigger catches up at the service's next delivery.`,
				name: 'restartNotice',
				type: 'notice',
				default: '',
			},
			{
				displayName: 'Scope',
				name: 'scope',
				type: 'options',
				noDataExpression: true,
				options: [
					scopeOption(
						'company',
						"A company-level webhook: every workspace's events. Needs the protected key; signed with the company secret.",
					),
					scopeOption(
						'workspace',
						"A workspace webhook: events of that workspace only. Deliveries are signed with the workspace's secret.",
					),
				],
				default: 'company',
			},
			workspaceLocator('The workspace whose events start this workflow'),
			{
				displayName: 'Events',
				name: 'events',
				type: 'multiOptions',
				required: true,
				default: [],
				description: `The events that start this workflow. Choose at least one; "${ALL_LISTED_EVENTS_NAME}" stands for every event in the service's event list. Deliveries of other events are acknowledged and ignored.`,
				options: [
					{
						name: ALL_LISTED_EVENTS_NAME,
						value: ALL_EVENTS,
						action: ALL_LISTED_EVENTS_NAME,
						description:
							'Every event in the service\'s event list; the ones marked "may never arrive" below are not included',
					},
					...eventTypeOptions(),
				],
			},
			additionalEventsField,
			{
				displayName: 'Verify Signatures',
				name: 'verifySignatures',
				type: 'boolean',
				default: true,
				description:
					'Whether to accept only deliveries signed with the Webhook Signing Secret of the credential (X-Service-Signature). Forged, altered, stale or replayed deliveries are refused with 401.',
			},
			{
				displayName:
					'Without signature verification anyone who learns this URL can start the workflow with made-up data. Keep it on unless you really have to.',
				name: 'verificationOffNotice',
				type: 'notice',
				default: '',
				displayOptions: { show: { verifySignatures: [false] } },
			},
			simplifyEventField,
			{
				displayName: 'Options',
				name: 'options',
				type: 'collection',
				placeholder: 'Add Option',
				default: {},
				options: [
					attachSignedPdfOption(
						'of a signing_request.completed event',
						'The service waits only 5 s for the answer, so the download gets at most 3 s; if it fails, takes longer or the document is not finished, the workflow still starts, with enrichment_errors saying why.',
					),
					{
						displayName: 'Catch Up After Downtime',
						name: 'catchUp',
						type: 'boolean',
						default: true,
						description:
							'Whether to start the workflow, when the trigger starts listening again (activation, webhook registered again; after an n8n restart, at the first request it gets: its next delivery, or the wake-up of Signing Request → Catch Up After Restart), once for each event it missed meanwhile that the service\'s lists show: a signing request sent, completed, declined, cancelled or expired, among the chosen events. Such events have source "catch-up" and never start the workflow a second time. Reads a few pages of the signing-request list per workspace; n8n must be able to reach its own webhook address.',
					},
					clockToleranceOption(
						'How far the signature timestamp may be from the clock of n8n, in either direction. Older deliveries count as replays.',
					),
					{
						displayName: 'Fetch Full Signing Request',
						name: 'fetchSigningRequest',
						type: 'boolean',
						default: false,
						description:
							"Whether to read the signing request of signing-request events and its recipients from the service (two more reads per event, side by side) and output them as Get does: with Simplify, as data.signing_request (its state now, with signed_document_url and every recipient's name and decline reason); without, the service's answer as signing_request, its recipients under recipients. If reading fails or takes over 3 seconds (the service waits only 5 for an answer), the workflow starts without it, with enrichment_errors.",
					},
					{
						displayName: 'Include Headers',
						name: 'includeHeaders',
						type: 'boolean',
						default: false,
						description: 'Whether to output the request headers of the delivery',
					},
					{
						displayName: 'Include Raw Body',
						name: 'includeRawBody',
						type: 'boolean',
						default: false,
						description:
							'Whether to output the request body exactly as received (the signed text), as raw_body',
					},
					signedPdfFieldOption,
					{
						displayName: 'Test Deliveries',
						name: 'testDeliveries',
						type: 'options',
						options: [
							{
								name: 'Always Start the Workflow',
								value: 'always',
								description:
									'They start the workflow, also when it is active (including the one sent at activation)',
							},
							{
								name: 'Never Start the Workflow',
								value: 'never',
								description:
									'Acknowledged and ignored: listening for a test event waits for a real event',
							},
							{
								name: 'Only While Listening for a Test Event',
								value: 'manualOnly',
								description:
									'They start it only while you listen for a test event; the one sent as listening starts ends it',
							},
						],
						default: 'never',
						description:
							'What a test delivery (event webhook.test) does. The service sends one when a webhook is created, which happens each time you listen for a test event, and one for each use of the Test operation.',
					},
				],
			},
		],
	};

	methods = {
		credentialTest: { documentSigningApiTest: testDocumentSigningApi },
		listSearch: {
			searchWorkspaces,
		},
	};

	webhookMethods = {
		default: {
			// n8n calls checkExists when the trigger starts listening (activation, re-registration;
			// not at n8n's start: see webhook()) and create when that answered false: the catch-up
			// starts once the webhook is in place (catchUp.ts).
			async checkExists(this: IHookFunctions): Promise<boolean> {
				const exists = await checkExists.call(this);
				if (exists) startCatchUp(this);
				return exists;
			},
			async create(this: IHookFunctions): Promise<boolean> {
				const created = await create.call(this);
				startCatchUp(this);
				return created;
			},
			async delete(this: IHookFunctions): Promise<boolean> {
				stopCatchUp(this);
				return await remove.call(this);
			},
		},
	};

	async webhook(this: IWebhookFunctions): Promise<IWebhookResponseData> {
		// n8n 2.41.1 calls nothing of this node when it restarts: the first request this process
		// handles for the trigger starts the catch-up, from the state saved before this request.
		const started = catchUpOnFirstRequest(this);
		// A wake (Signing Request → Catch Up After Restart, ../shared/wake.ts) only wants that.
		if (isWake(this)) return answerWake(this, started);
		return await receive.call(this);
	}
}
