import type {
	IExecuteFunctions,
	IHookFunctions,
	INodeExecutionData,
	INodeType,
	INodeTypeDescription,
	IWebhookFunctions,
	IWebhookResponseData,
} from 'n8n-workflow';
import { LoggerProxy, NodeConnectionTypes } from 'n8n-workflow';

import {
	resourceOptions,
	resourceProperties,
	sensitiveOutputFields,
	toolDescriptionProperties,
} from './actions/operations';
import { router } from './actions/router';
import {
	rearmWaits,
	resume,
	resumeWebhooks,
} from './actions/signingRequest/sendAndWaitSigningRequest.operation';
import { respond } from '../shared/respond';
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
			"={{ ({listWorkspaces:'Get many workspaces',createWorkspace:'Create a workspace',getWorkspace:'Get a workspace',updateWorkspace:'Update a workspace',patchWorkspace:'Update one part of a workspace',regenerateWorkspaceApiKey:'Regenerate the API key of a workspace',expireWorkspaceApiKey:'Expire the old API keys of a workspace',uploadWorkspaceLogo:'Upload the logo of a workspace',deleteWorkspaceLogo:'Delete the logo of a workspace',listTemplates:'Get many templates',getTemplate:'Get a template',createTemplate:'Create a template',patchTemplate:'Update one part of a template',updateTemplate:'Update a template',deleteTemplate:'Delete a template',listTemplateUsers:'Get the users of a template',listTemplateFields:'Get the fields of a template',listTemplateReminders:'Get the reminders of a template',replaceTemplateDocument:'Replace the document of a template',duplicateTemplate:'Create a draft signing request from a template as it is',copyTemplate:'Copy a template to another workspace',listTemplateCustomFields:'Get many custom fields of a template',createTemplateCustomField:'Create a custom field on a template',deleteTemplateCustomField:'Delete a custom field from a template',listSigningRequestCustomFields:'Get many custom fields of a signing request',createSigningRequestCustomField:'Create a custom field on a signing request',deleteSigningRequestCustomField:'Delete a custom field from a signing request',listWorkspaceCustomFields:'Get many custom fields of a workspace',createWorkspaceCustomField:'Create a custom field on a workspace',updateWorkspaceCustomField:'Update a custom field of a workspace',deleteWorkspaceCustomField:'Delete a custom field from a workspace',listSigningRequests:'Get many signing requests',createSigningRequest:'Create a draft signing request',createAndSendSigningRequest:'Create and send a document for signature',getSigningRequest:'Get a signing request',patchSigningRequest:'Update one part of a signing request',updateSigningRequest:'Update a signing request',deleteSigningRequest:'Delete a signing request',sendSigningRequest:'Send a draft signing request',sendAndWaitForCompletion:'Send and wait for completion of a signing request',cancelSigningRequest:'Cancel a signing request',resendSigningRequest:'Resend a signing request',createDocumentLegacy:'Create a signing request the legacy way (deprecated)',listSigningRequestUsers:'Get the recipients of a signing request',listSigningRequestFields:'Get the fields of a signing request',listSigningRequestReminders:'Get the reminders of a signing request',listSigningRequestAuditTrail:'Get the audit trail of a signing request',downloadSigningRequest:'Download the signed PDF of a signing request',retrieveSignerSignature:'Get the signature of a signer',retrieveSignerInitials:'Get the initials of a signer',retrieveSignerStamp:'Get the stamp of a signer',retrieveSignerFile:'Get an uploaded file of a signer',deleteSealParticipant:'Remove a seal participant from a signing request',catchUpAfterRestart:'Catch up after restart on missed signing events',listWebhooks:'Get many webhooks',createWebhook:'Create a webhook',getWebhook:'Get a webhook',updateWebhook:'Update a webhook',deleteWebhook:'Delete a webhook',testWebhook:'Send a test event to a webhook',rotateWebhookSecret:'Rotate the signing secret of company webhooks',getWebhookSecretStatus:'Get the signing secret status of company webhooks',rotateWorkspaceWebhookSecret:'Rotate the signing secret of workspace webhooks',getWorkspaceWebhookSecretStatus:'Get the signing secret status of workspace webhooks',listCompanyDomains:'Get many company email domains',createCompanyDomain:'Add a company email domain',getCompanyDomain:'Get a company email domain',deleteCompanyDomain:'Delete a company email domain',verifyCompanyDomainOwnership:'Verify ownership of a company email domain',finalizeCompanyDomain:'Finalize a company email domain',verifyCompanyDomainDns:'Verify the DNS records of a company email domain',setCompanyPrimaryDomain:'Set the primary company email domain',listWorkspaceDomains:'Get many workspace email domains',createWorkspaceDomain:'Add a workspace email domain',getWorkspaceDomain:'Get a workspace email domain',deleteWorkspaceDomain:'Delete a workspace email domain',verifyWorkspaceDomainOwnership:'Verify ownership of a workspace email domain',finalizeWorkspaceDomain:'Finalize a workspace email domain',verifyWorkspaceDomainDns:'Verify the DNS records of a workspace email domain',setWorkspacePrimaryDomain:'Set the primary email domain of a workspace',listWorkspaceEmailTemplates:'Get many workspace email templates',getWorkspaceEmailTemplate:'Get a workspace email template',updateWorkspaceEmailTemplate:'Create or update a workspace email template',deleteWorkspaceEmailTemplate:'Delete a workspace email template',listCompanyEmailTemplates:'Get many company email templates',updateCompanyEmailTemplate:'Create or update a company email template',deleteCompanyEmailTemplate:'Delete a company email template',getEmailTemplateDefaults:'Get the defaults of the email templates for a language',listEmailTemplatePlaceholders:'Get the placeholders of email templates',listOrganizationSeals:'Get many organization seals',createOrganizationSeal:'Create an organization seal',getOrganizationSeal:'Get an organization seal',updateOrganizationSeal:'Update an organization seal',revokeOrganizationSeal:'Revoke an organization seal',getOrganizationSealImage:'Get the image of an organization seal',eraseOrganizationSealLineage:'Erase a revoked organization seal for good',listOrganizationSealApplications:'Get the applications of an organization seal',listOrganizationSealAccessLog:'Get the access log of an organization seal',generateTemplateToken:'Generate a template token for the embedded editor',revokeTemplateToken:'Revoke a template token (embedded editor)',generateSigningRequestToken:'Generate a signing request token for the embedded editor',revokeSigningRequestToken:'Revoke a signing request token (embedded editor)',getCompany:'Get the company',updateCompany:'Update the company',patchCompany:'Update one part of the company details',getCompanySettings:'Get the settings of the company',updateCompanySettings:'Update the settings of the company',uploadCompanyLogo:'Upload the logo of the company',deleteCompanyLogo:'Delete the logo of the company',getWorkspaceSettings:'Get workspace settings',updateWorkspaceSettings:'Update workspace settings',listCompanySignerTerms:'Get many company signer terms',updateCompanySignerTerms:'Set company signer terms',deleteCompanySignerTerms:'Delete company signer terms',listWorkspaceSignerTerms:'Get many workspace signer terms',updateWorkspaceSignerTerms:'Set workspace signer terms',deleteWorkspaceSignerTerms:'Delete workspace signer terms'})[$parameter[\"operation\"]] || $parameter[\"operation\"] }}",
		description:
			'Send documents for signature, follow them and download the signed PDFs with the document-signing service',
		defaults: { name: 'Document Signing' },
		// The node window's "Docs" link. n8n opens it as it is; without it, n8n appends its
		// `?utm_source=…` to the codex URL (DocumentSigning.node.json), which breaks an anchor.
		documentationUrl:
			'https://github.com/n8n-nodes-document-signing/n8n-nodes-document-signing#operations',
		usableAsTool: true,
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
		// Send and Wait for Completion: the service's delivery (or the node's re-read) resumes the
		// waiting execution; the `setup` webhook tells the node when its workflow is activated.
		webhooks: resumeWebhooks,
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

	/**
	 * Send and Wait's `setup` webhook exists only for these: n8n calls `checkExists` when a published
	 * workflow with a Send and Wait node is activated (and at n8n's start), which hands the node's
	 * waits to this process's re-reads. It never blocks the activation: the service is read in the
	 * background, and a failure is only logged (the waits are then re-read from the next Send and
	 * Wait run on).
	 */
	webhookMethods = {
		setup: {
			async checkExists(this: IHookFunctions): Promise<boolean> {
				const node = this.getNode().name;
				void rearmWaits.call(this).then(
					(count) => {
						if (count > 0)
							LoggerProxy.info(`Send and Wait "${node}": re-reading ${count} waiting execution(s)`);
					},
					(error: unknown) =>
						LoggerProxy.warn(
							`Send and Wait "${node}" could not list its waiting executions at the service: ${(error as Error).message}. They are re-read once a Send and Wait run of this n8n lists them.`,
						),
				);
				return true;
			},
			async create(this: IHookFunctions): Promise<boolean> {
				return true;
			},
			async delete(this: IHookFunctions): Promise<boolean> {
				return true;
			},
		},
	};

	async webhook(this: IWebhookFunctions): Promise<IWebhookResponseData> {
		// The `setup` webhook takes no calls.
		if (this.getWebhookName() === 'setup') return respond(this, 404, { error: 'Not found' });
		return await resume.call(this);
	}

	async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		return await router.call(this);
	}
}
