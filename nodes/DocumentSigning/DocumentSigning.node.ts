import type {
	IExecuteFunctions,
	INodeExecutionData,
	INodeType,
	INodeTypeDescription,
	IWebhookFunctions,
	IWebhookResponseData,
} from 'n8n-workflow';
import { NodeConnectionTypes } from 'n8n-workflow';

import {
	resourceOptions,
	resourceProperties,
	sensitiveOutputFields,
	toolDescriptionProperties,
} from './actions/operations';
import { router } from './actions/router';
import { setupWebhookMethods, waitingWebhook, waitingWebhooks } from './domain/waiting';
import { listSearch, loadOptions } from './methods';
import { testDocumentSigningApi } from '../shared/credentialTest';

export class DocumentSigning implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Document Signing',
		name: 'documentSigning',
		icon: { light: 'file:documentSigning.svg', dark: 'file:documentSigning.dark.svg' },
		group: ['output'],
		version: 1,
		// Each operation's action ("Create a signing request"): the output of subtitleExpression() in
		// ./actions/operations.ts, written out because n8n's lint and verification scan accept only a
		// literal here; test/nodes/DocumentSigning/subtitle.test.ts keeps the two equal.
		subtitle:
			"={{ ({listWorkspaces:'Get many workspaces',createWorkspace:'Create a workspace',getWorkspace:'Get a workspace',updateWorkspace:'Update a workspace',patchWorkspace:'Update part of a workspace',regenerateWorkspaceApiKey:'Regenerate an API key',expireWorkspaceApiKey:'Expire old API keys',uploadWorkspaceLogo:'Upload a workspace logo',deleteWorkspaceLogo:'Delete a workspace logo',listTemplates:'Get many templates',getTemplate:'Get a template',createTemplate:'Create a template',patchTemplate:'Update one part of a template',updateTemplate:'Update a template',deleteTemplate:'Delete a template',listTemplateUsers:'Get the users of a template',listTemplateFields:'Get the fields of a template',listTemplateReminders:'Get a template\\'s reminders',replaceTemplateDocument:'Replace a template\\'s PDF',duplicateTemplate:'Create a draft from template',copyTemplate:'Copy to another workspace',listTemplateCustomFields:'Get template custom fields',createTemplateCustomField:'Create template custom field',deleteTemplateCustomField:'Delete template custom field',listSigningRequestCustomFields:'Get request custom fields',createSigningRequestCustomField:'Create request custom field',deleteSigningRequestCustomField:'Delete request custom field',listWorkspaceCustomFields:'Get workspace custom fields',createWorkspaceCustomField:'Create a custom field',updateWorkspaceCustomField:'Update a custom field',deleteWorkspaceCustomField:'Delete a custom field',listSigningRequests:'Get many signing requests',createSigningRequest:'Create a draft signing request',createAndSendSigningRequest:'Create and send for signature',getSigningRequest:'Get a signing request',patchSigningRequest:'Update part of a request',updateSigningRequest:'Update a signing request',deleteSigningRequest:'Delete a signing request',sendSigningRequest:'Send a draft signing request',sendAndWaitForCompletion:'Send and wait for completion',cancelSigningRequest:'Cancel a signing request',resendSigningRequest:'Resend a signing request',createDocumentLegacy:'Create a request (legacy)',listSigningRequestUsers:'Get a request\\'s recipients',listSigningRequestFields:'Get a request\\'s fields',listSigningRequestReminders:'Get a request\\'s reminders',listSigningRequestAuditTrail:'Get a request\\'s audit trail',downloadSigningRequest:'Download the signed PDF',retrieveSignerSignature:'Get the signature of a signer',retrieveSignerInitials:'Get the initials of a signer',retrieveSignerStamp:'Get the stamp of a signer',retrieveSignerFile:'Get a signer\\'s uploaded file',deleteSealParticipant:'Remove a seal participant',catchUpAfterRestart:'Catch up after an n8n restart',listWebhooks:'Get many webhooks',createWebhook:'Create a webhook',getWebhook:'Get a webhook',updateWebhook:'Update a webhook',deleteWebhook:'Delete a webhook',testWebhook:'Send a test event',rotateWebhookSecret:'Rotate the company secret',getWebhookSecretStatus:'Get company secret status',rotateWorkspaceWebhookSecret:'Rotate the workspace secret',getWorkspaceWebhookSecretStatus:'Get workspace secret status',listCompanyDomains:'Get company domains',createCompanyDomain:'Add a company email domain',getCompanyDomain:'Get a company email domain',deleteCompanyDomain:'Delete a company domain',verifyCompanyDomainOwnership:'Verify a company domain',finalizeCompanyDomain:'Finalize a company domain',verifyCompanyDomainDns:'Verify company DNS',setCompanyPrimaryDomain:'Set primary (company)',listWorkspaceDomains:'Get workspace domains',createWorkspaceDomain:'Add a workspace domain',getWorkspaceDomain:'Get a workspace domain',deleteWorkspaceDomain:'Delete a workspace domain',verifyWorkspaceDomainOwnership:'Verify a workspace domain',finalizeWorkspaceDomain:'Finalize a workspace domain',verifyWorkspaceDomainDns:'Verify workspace DNS',setWorkspacePrimaryDomain:'Set primary (workspace)',listWorkspaceEmailTemplates:'Get many email templates',getWorkspaceEmailTemplate:'Get an email template',updateWorkspaceEmailTemplate:'Set an email template',deleteWorkspaceEmailTemplate:'Delete an email template',listCompanyEmailTemplates:'Get company email templates',updateCompanyEmailTemplate:'Set company email template',deleteCompanyEmailTemplate:'Delete a company template',getEmailTemplateDefaults:'Get email template defaults',listEmailTemplatePlaceholders:'Get email placeholders',listOrganizationSeals:'Get many organization seals',createOrganizationSeal:'Create an organization seal',getOrganizationSeal:'Get an organization seal',updateOrganizationSeal:'Update an organization seal',revokeOrganizationSeal:'Revoke an organization seal',getOrganizationSealImage:'Get a seal\\'s image',eraseOrganizationSealLineage:'Erase a revoked seal',listOrganizationSealApplications:'Get a seal\\'s applications',listOrganizationSealAccessLog:'Get a seal\\'s access log',generateTemplateToken:'Generate a template token',revokeTemplateToken:'Revoke a template token',generateSigningRequestToken:'Generate a request token',revokeSigningRequestToken:'Revoke a request token',getCompany:'Get the company',updateCompany:'Update the company',patchCompany:'Update part of the company',getCompanySettings:'Get company settings',updateCompanySettings:'Update company settings',uploadCompanyLogo:'Upload the company logo',deleteCompanyLogo:'Delete the company logo',getWorkspaceSettings:'Get workspace settings',updateWorkspaceSettings:'Update workspace settings',listCompanySignerTerms:'Get company signer terms',updateCompanySignerTerms:'Set company signer terms',deleteCompanySignerTerms:'Delete company signer terms',listWorkspaceSignerTerms:'Get workspace signer terms',updateWorkspaceSignerTerms:'Set workspace signer terms',deleteWorkspaceSignerTerms:'Delete workspace terms'})[$parameter[\"operation\"]] || $parameter[\"operation\"] }}",
		description:
			'Send documents for signature, follow them and download the signed PDFs with the document-signing service',
		defaults: { name: 'Document Signing' },
		// The node window's "Docs" link. n8n opens it as it is; without it, n8n appends its
		// `?utm_source=…` to the codex URL (DocumentSigning.node.json), which breaks an anchor.
		documentationUrl:
			'https://github.com/n8n-nodes-document-signing/n8n-nodes-document-signing#operations',
		// The node as an AI tool: its canvas subtitle is the resource (toolSubtitleExpression() in
		// ./actions/operations.ts, written out like `subtitle`; subtitle.test.ts keeps the two equal).
		usableAsTool: {
			replacements: {
				subtitle:
					"={{ ({workspace:'Workspace',template:'Template',customField:'Custom Field',signingRequest:'Signing Request',webhook:'Webhook',emailDomain:'Email Domain',emailTemplate:'Email Template',organizationSeal:'Organization Seal',jwt:'JWT',company:'Company',workspaceSettings:'Workspace Setting',signerTerms:'Signer Terms'})[$parameter[\"resource\"]] || $parameter[\"resource\"] }}",
			},
		},
		inputs: [NodeConnectionTypes.Main],
		outputs: [NodeConnectionTypes.Main],
		credentials: [
			{ name: 'documentSigningApi', required: true, testedBy: 'documentSigningApiTest' },
		],
		// The keys, secrets and tokens that operations output because they are run for them (Create
		// Workspace, Regenerate API Key, Rotate Secret, Generate … Token; Get and Get Many of
		// workspaces with "Include API Keys and Secret"): n8n versions that apply this
		// redact them in every view of an execution; n8n 2.41.1 does not apply it and still shows them
		// (docs/service-calls.md).
		sensitiveOutputFields: sensitiveOutputFields(),
		// Send and Wait for Completion: a waiting execution's resume webhook, and the router of a
		// published workflow's Send and Wait node (domain/waiting).
		webhooks: waitingWebhooks,
		properties: [
			// First, where n8n puts its own Tool Description in a tool; shown only there.
			...toolDescriptionProperties(),
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

	methods = {
		listSearch,
		loadOptions,
		credentialTest: { documentSigningApiTest: testDocumentSigningApi },
	};

	/** Send and Wait's router (`setup`): n8n calls these when its workflow is published, unpublished. */
	webhookMethods = { setup: setupWebhookMethods };

	async webhook(this: IWebhookFunctions): Promise<IWebhookResponseData> {
		return await waitingWebhook.call(this);
	}

	async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		return await router.call(this);
	}
}
