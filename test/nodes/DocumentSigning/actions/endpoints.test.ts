/**
 * Every operation of RESOURCES, run by the real node against a local recording server: the
 * requests it makes must be its `meta` (method, and path with the `{placeholders}` expanded to the
 * ids given). A composite operation may make several calls, each one of `meta.composite.calls`,
 * and must make its main call (`meta.method`/`meta.path`). Every other operation is run a second
 * time with a first answer that lacks every name, so that an operation that looks one up does: each
 * call it makes must then be its main call or one of its `meta.lookups` (and one that declares
 * lookups must make one).
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';

import type { INodeExecutionData, INodeParameters } from 'n8n-workflow';

import { DocumentSigning } from '../../../../nodes/DocumentSigning/DocumentSigning.node';
import { RESOURCES } from '../../../../nodes/DocumentSigning/actions/operations';
import { hub } from '../../../../nodes/DocumentSigning/domain/waiting';
import type { OperationMeta } from '../../../../nodes/DocumentSigning/actions/types';
import { resetRateLimiters } from '../../../../nodes/shared/transport';
import { binaryItem, runNode } from '../../../helpers/n8n';

/** One id per kind, all different, so that an id in the wrong place shows. */
const ID = {
	workspace: '0a000000-0000-4000-8000-000000000001',
	template: '0b000000-0000-4000-8000-000000000002',
	signingRequest: '0c000000-0000-4000-8000-000000000003',
	customField: '0d000000-0000-4000-8000-000000000004',
	signer: '0e000000-0000-4000-8000-000000000005',
	field: '0f000000-0000-4000-8000-000000000006',
	participant: '1a000000-0000-4000-8000-000000000007',
	webhook: '1b000000-0000-4000-8000-000000000008',
	domain: '1c000000-0000-4000-8000-000000000009',
	seal: '1d000000-0000-4000-8000-00000000000a',
	jwt: '1e000000-0000-4000-8000-00000000000b',
};

const byId = (value: string) => ({ __rl: true, mode: 'id', value });
/** One node type for every case, as n8n builds it once. */
const node = new DocumentSigning();

interface Case {
	/** The node's parameters besides resource and operation. */
	parameters: INodeParameters;
	/** The value each `{placeholder}` of meta.path must be expanded to. */
	path?: Record<string, string>;
	/** The input item carries a binary (a PDF or an image) under `data`. */
	binary?: 'pdf' | 'png';
}

const workspace = { workspaceId: byId(ID.workspace) };
const template = { templateId: byId(ID.template) };
const signingRequest = { signingRequestId: byId(ID.signingRequest) };
const webhook = { webhookId: byId(ID.webhook) };
const domain = { domainId: byId(ID.domain) };
const seal = { sealId: byId(ID.seal) };

/** Valid parameters of every operation, by operation value. */
const CASES: Record<string, Case> = {
	// workspace
	listWorkspaces: { parameters: {} },
	createWorkspace: { parameters: { name: 'Sales' } },
	getWorkspace: { parameters: workspace, path: { id: ID.workspace } },
	updateWorkspace: { parameters: { ...workspace, name: 'Sales' }, path: { id: ID.workspace } },
	patchWorkspace: {
		parameters: { ...workspace, updateFields: { name: 'Sales EMEA' } },
		path: { id: ID.workspace },
	},
	regenerateWorkspaceApiKey: { parameters: workspace, path: { id: ID.workspace } },
	expireWorkspaceApiKey: { parameters: workspace, path: { id: ID.workspace } },
	uploadWorkspaceLogo: {
		parameters: { ...workspace, binaryPropertyName: 'data' },
		path: { id: ID.workspace },
		binary: 'png',
	},
	deleteWorkspaceLogo: { parameters: workspace, path: { id: ID.workspace } },
	// template
	listTemplates: { parameters: {} },
	getTemplate: { parameters: template, path: { id: ID.template } },
	createTemplate: { parameters: { name: 'Lease', binaryPropertyName: 'data' }, binary: 'pdf' },
	patchTemplate: {
		parameters: { ...template, update: 'properties', properties: { name: 'Lease v2' } },
		path: { id: ID.template },
	},
	updateTemplate: {
		parameters: { ...template, sections: ['properties'], templateProperties: { name: 'Lease v2' } },
		path: { id: ID.template },
	},
	deleteTemplate: { parameters: template, path: { id: ID.template } },
	listTemplateUsers: { parameters: template, path: { id: ID.template } },
	listTemplateFields: { parameters: template, path: { id: ID.template } },
	listTemplateReminders: { parameters: template, path: { id: ID.template } },
	replaceTemplateDocument: {
		parameters: { ...template, binaryPropertyName: 'data' },
		path: { id: ID.template },
		binary: 'pdf',
	},
	duplicateTemplate: { parameters: template, path: { id: ID.template } },
	copyTemplate: { parameters: { ...template, ...workspace }, path: { id: ID.template } },
	// customField
	listTemplateCustomFields: { parameters: template, path: { template_id: ID.template } },
	createTemplateCustomField: {
		parameters: { ...template, fieldLabel: 'PO number' },
		path: { template_id: ID.template },
	},
	deleteTemplateCustomField: {
		parameters: { ...template, customFieldId: ID.customField },
		path: { template_id: ID.template, field_id: ID.customField },
	},
	listSigningRequestCustomFields: {
		parameters: signingRequest,
		path: { request_id: ID.signingRequest },
	},
	createSigningRequestCustomField: {
		parameters: { ...signingRequest, fieldLabel: 'PO number' },
		path: { request_id: ID.signingRequest },
	},
	deleteSigningRequestCustomField: {
		parameters: { ...signingRequest, customFieldId: ID.customField },
		path: { request_id: ID.signingRequest, field_id: ID.customField },
	},
	listWorkspaceCustomFields: { parameters: workspace, path: { workspace_id: ID.workspace } },
	createWorkspaceCustomField: {
		parameters: { ...workspace, fieldLabel: 'PO number' },
		path: { workspace_id: ID.workspace },
	},
	updateWorkspaceCustomField: {
		parameters: {
			...workspace,
			customFieldId: ID.customField,
			updateFields: { field_label: 'Region' },
		},
		path: { workspace_id: ID.workspace, field_id: ID.customField },
	},
	deleteWorkspaceCustomField: {
		parameters: { ...workspace, customFieldId: ID.customField },
		path: { workspace_id: ID.workspace, field_id: ID.customField },
	},
	// signingRequest
	listSigningRequests: { parameters: {} },
	createSigningRequest: { parameters: { source: 'template', ...template } },
	createAndSendSigningRequest: {
		parameters: { source: 'template', ...template, name: 'Lease' },
	},
	getSigningRequest: { parameters: signingRequest, path: { id: ID.signingRequest } },
	patchSigningRequest: {
		parameters: { ...signingRequest, update: 'properties', properties: { name: 'Lease v2' } },
		path: { id: ID.signingRequest },
	},
	updateSigningRequest: {
		parameters: { ...signingRequest, properties: { name: 'Lease v2' } },
		path: { id: ID.signingRequest },
	},
	deleteSigningRequest: { parameters: signingRequest, path: { id: ID.signingRequest } },
	sendSigningRequest: { parameters: signingRequest, path: { id: ID.signingRequest } },
	sendAndWaitForCompletion: { parameters: signingRequest, path: { id: ID.signingRequest } },
	catchUpAfterRestart: { parameters: {} },
	cancelSigningRequest: { parameters: signingRequest, path: { id: ID.signingRequest } },
	resendSigningRequest: {
		parameters: { ...signingRequest, recipientIds: [ID.signer] },
		path: { id: ID.signingRequest },
	},
	createDocumentLegacy: {
		parameters: {
			name: 'Lease',
			legacyRecipients: {
				recipient: [{ name: 'Ada Lovelace', email: 'ada@example.com' }],
			},
		},
	},
	listSigningRequestUsers: { parameters: signingRequest, path: { id: ID.signingRequest } },
	listSigningRequestFields: { parameters: signingRequest, path: { id: ID.signingRequest } },
	listSigningRequestReminders: { parameters: signingRequest, path: { id: ID.signingRequest } },
	listSigningRequestAuditTrail: { parameters: signingRequest, path: { id: ID.signingRequest } },
	downloadSigningRequest: { parameters: signingRequest, path: { id: ID.signingRequest } },
	retrieveSignerSignature: {
		parameters: { ...signingRequest, signerId: ID.signer },
		path: { id: ID.signingRequest, signer_id: ID.signer },
	},
	retrieveSignerInitials: {
		parameters: { ...signingRequest, signerId: ID.signer },
		path: { id: ID.signingRequest, signer_id: ID.signer },
	},
	retrieveSignerStamp: {
		parameters: { ...signingRequest, signerId: ID.signer, fieldId: ID.field },
		path: { id: ID.signingRequest, signer_id: ID.signer, field_id: ID.field },
	},
	retrieveSignerFile: {
		parameters: { ...signingRequest, signerId: ID.signer, fieldId: ID.field },
		path: { id: ID.signingRequest, signer_id: ID.signer, field_id: ID.field },
	},
	deleteSealParticipant: {
		parameters: { ...signingRequest, participantId: ID.participant },
		path: { id: ID.signingRequest, participant_id: ID.participant },
	},
	// webhook
	listWebhooks: { parameters: {} },
	createWebhook: {
		parameters: { url: 'https://hooks.example.com/in', events: ['signing_request.completed'] },
	},
	getWebhook: { parameters: webhook, path: { id: ID.webhook } },
	updateWebhook: {
		parameters: { ...webhook, updateFields: { description: 'Renamed' } },
		path: { id: ID.webhook },
	},
	deleteWebhook: { parameters: webhook, path: { id: ID.webhook } },
	testWebhook: { parameters: webhook, path: { id: ID.webhook } },
	rotateWebhookSecret: { parameters: {} },
	getWebhookSecretStatus: { parameters: {} },
	rotateWorkspaceWebhookSecret: { parameters: workspace, path: { id: ID.workspace } },
	getWorkspaceWebhookSecretStatus: { parameters: workspace, path: { id: ID.workspace } },
	// emailDomain
	listCompanyDomains: { parameters: {} },
	createCompanyDomain: { parameters: { domain: 'mail.example.com' } },
	getCompanyDomain: { parameters: domain, path: { id: ID.domain } },
	deleteCompanyDomain: { parameters: domain, path: { id: ID.domain } },
	verifyCompanyDomainOwnership: { parameters: domain, path: { id: ID.domain } },
	finalizeCompanyDomain: { parameters: domain, path: { id: ID.domain } },
	verifyCompanyDomainDns: { parameters: domain, path: { id: ID.domain } },
	setCompanyPrimaryDomain: { parameters: domain, path: { id: ID.domain } },
	listWorkspaceDomains: { parameters: workspace, path: { workspace_id: ID.workspace } },
	createWorkspaceDomain: {
		parameters: { ...workspace, domain: 'mail.example.com' },
		path: { workspace_id: ID.workspace },
	},
	getWorkspaceDomain: {
		parameters: { ...workspace, ...domain },
		path: { workspace_id: ID.workspace, id: ID.domain },
	},
	deleteWorkspaceDomain: {
		parameters: { ...workspace, ...domain },
		path: { workspace_id: ID.workspace, id: ID.domain },
	},
	verifyWorkspaceDomainOwnership: {
		parameters: { ...workspace, ...domain },
		path: { workspace_id: ID.workspace, id: ID.domain },
	},
	finalizeWorkspaceDomain: {
		parameters: { ...workspace, ...domain },
		path: { workspace_id: ID.workspace, id: ID.domain },
	},
	verifyWorkspaceDomainDns: {
		parameters: { ...workspace, ...domain },
		path: { workspace_id: ID.workspace, id: ID.domain },
	},
	setWorkspacePrimaryDomain: {
		parameters: { ...workspace, ...domain },
		path: { workspace_id: ID.workspace, id: ID.domain },
	},
	// emailTemplate
	listWorkspaceEmailTemplates: { parameters: workspace, path: { workspace_id: ID.workspace } },
	getWorkspaceEmailTemplate: {
		parameters: { ...workspace, emailType: 'signing_completed' },
		path: { workspace_id: ID.workspace, email_type: 'signing_completed' },
	},
	updateWorkspaceEmailTemplate: {
		parameters: { ...workspace, emailType: 'signing_completed', subject: 'Done', body: 'Signed.' },
		path: { workspace_id: ID.workspace, email_type: 'signing_completed' },
	},
	deleteWorkspaceEmailTemplate: {
		parameters: { ...workspace, emailType: 'signing_completed' },
		path: { workspace_id: ID.workspace, email_type: 'signing_completed' },
	},
	listCompanyEmailTemplates: { parameters: {} },
	updateCompanyEmailTemplate: {
		parameters: { emailType: 'signing_completed', subject: 'Done', body: 'Signed.' },
		path: { email_type: 'signing_completed' },
	},
	deleteCompanyEmailTemplate: {
		parameters: { emailType: 'signing_completed' },
		path: { email_type: 'signing_completed' },
	},
	getEmailTemplateDefaults: { parameters: { language: 'de' }, path: { language: 'de' } },
	listEmailTemplatePlaceholders: { parameters: {} },
	// organizationSeal
	listOrganizationSeals: { parameters: {} },
	createOrganizationSeal: {
		parameters: {
			name: 'Company seal',
			displayName: 'Example Ltd',
			signatoryName: 'Ada Lovelace',
			statementText: 'I am authorised to seal for Example Ltd.',
			statementAccepted: true,
			kind: 'uploaded',
			scope: 'workspace',
			...workspace,
			imageBinaryPropertyName: 'data',
		},
		binary: 'png',
	},
	getOrganizationSeal: { parameters: seal, path: { id: ID.seal } },
	updateOrganizationSeal: {
		parameters: { ...seal, updateFields: { name: 'Main seal' } },
		path: { id: ID.seal },
	},
	revokeOrganizationSeal: { parameters: seal, path: { id: ID.seal } },
	getOrganizationSealImage: { parameters: seal, path: { id: ID.seal } },
	eraseOrganizationSealLineage: { parameters: seal, path: { id: ID.seal } },
	listOrganizationSealApplications: { parameters: seal, path: { id: ID.seal } },
	listOrganizationSealAccessLog: { parameters: seal, path: { id: ID.seal } },
	// jwt
	generateTemplateToken: { parameters: template },
	revokeTemplateToken: { parameters: { jwtId: ID.jwt } },
	generateSigningRequestToken: { parameters: signingRequest },
	revokeSigningRequestToken: { parameters: { jwtId: ID.jwt } },
	// company
	getCompany: { parameters: {} },
	updateCompany: {
		parameters: {
			name: 'Example Ltd',
			accountOwner: 'Ada Lovelace',
			accountOwnerEmail: 'ada@example.com',
			website: 'https://example.com',
		},
	},
	patchCompany: { parameters: { updateFields: { language: 'fr' } } },
	getCompanySettings: { parameters: {} },
	updateCompanySettings: { parameters: { settings: { default_expiration_hours: 72 } } },
	uploadCompanyLogo: { parameters: { binaryPropertyName: 'data' }, binary: 'png' },
	deleteCompanyLogo: { parameters: {} },
	// workspaceSettings
	getWorkspaceSettings: { parameters: workspace, path: { workspace_id: ID.workspace } },
	updateWorkspaceSettings: {
		parameters: { ...workspace, settings: { email_local_part: 'contracts.eu' } },
		path: { workspace_id: ID.workspace },
	},
	// signerTerms
	listCompanySignerTerms: { parameters: {} },
	updateCompanySignerTerms: {
		parameters: { language: 'de', statementText: 'Ich stimme zu.' },
		path: { language: 'de' },
	},
	deleteCompanySignerTerms: { parameters: { language: 'de' }, path: { language: 'de' } },
	listWorkspaceSignerTerms: { parameters: workspace, path: { workspace_id: ID.workspace } },
	updateWorkspaceSignerTerms: {
		parameters: { ...workspace, language: 'de', statementText: 'Ich stimme zu.' },
		path: { workspace_id: ID.workspace, language: 'de' },
	},
	deleteWorkspaceSignerTerms: {
		parameters: { ...workspace, language: 'de' },
		path: { workspace_id: ID.workspace, language: 'de' },
	},
};

interface Recorded {
	method: string;
	path: string;
}

const PDF = Buffer.from(
	'%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 612 792]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
	'latin1',
);
const PNG = Buffer.from(
	'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
	'base64',
);

const IMAGE = `data:image/png;base64,${PNG.toString('base64')}`;

/**
 * One answer any operation can read: an object with an id and a name (so that no operation has to
 * look a name up with a further call, except the signer marks, see ALWAYS_LOOK_UP), one item under
 * every list key the operations read, the workspace (`companies_workspaces_id`, as the
 * signing-request detail names it), a token, images, and download links to the file host (the
 * signed PDF and signer files are fetched from storage, not from the API). DELETE answers 204.
 */
function answer(
	method: string,
	path: string,
	fileHost: string,
): { status: number; body?: unknown } {
	if (method === 'DELETE') return { status: 204 };
	if (path.endsWith('/download')) {
		// The documented download answer (no name in it: Download always looks the name up).
		return {
			status: 200,
			body: {
				status: 'finished',
				is_partial: false,
				download_url: `${fileHost}/signed.pdf`,
				generated_at: '2026-01-01T00:00:00Z',
				expires_at: '2026-01-01T01:00:00Z',
			},
		};
	}
	const item = { id: path.split('/').pop(), name: 'Endpoint test' };
	return {
		status: 200,
		body: {
			...item,
			results: [item],
			next: null,
			count: 1,
			custom_fields: [item],
			placeholders: [item],
			seals: [item],
			terms: [item],
			applications: [item],
			entries: [item],
			companies_workspaces_id: ID.workspace,
			token: 'header.payload.signature',
			image: IMAGE,
			data_url: IMAGE,
			download_url: `${fileHost}/signed.pdf`,
			url: `${fileHost}/attachment.pdf`,
			file_name: 'attachment.pdf',
			file_type: 'application/pdf',
		},
	};
}

/** The API calls made, in order (not the downloads from the file host). */
const recorded: Recorded[] = [];
/** How many of the next answers leave out every name (so that the operation looks one up). */
let namelessAnswers = 0;
const NAME_KEYS = ['name', 'signing_request_name', 'file_name'];
/**
 * Operations whose documented answer never names what their file is named after: the signature,
 * initials and stamp answers carry signer_id, kind, format, framed and image only, so the signer's
 * name always comes from its lookup (the signing request's users).
 */
const ALWAYS_LOOK_UP = ['retrieveSignerSignature', 'retrieveSignerInitials', 'retrieveSignerStamp'];
/**
 * Operations that read back what their answer lacks for the one signing-request shape (issue 36,
 * point 2): the credential's workspace once per run (domain/readBack.ts; not when the answer
 * names it, as this one does), Create and Send's expiry date, Get's recipients. Their lookups are
 * the request's detail or recipients, whatever the answer's names.
 */
const READ_BACK = [
	'getSigningRequest',
	'createSigningRequest',
	'createAndSendSigningRequest',
	'sendSigningRequest',
	'updateSigningRequest',
	'patchSigningRequest',
	'listSigningRequests',
	'duplicateTemplate',
];
let api: http.Server;
let files: http.Server;
let baseUrl: string;
let fileHost: string;

async function listen(server: http.Server): Promise<string> {
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
	return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

beforeAll(async () => {
	files = http.createServer((req, res) => {
		req.resume();
		res.writeHead(200, { 'Content-Type': 'application/pdf' }).end(PDF);
	});
	fileHost = await listen(files);
	api = http.createServer((req, res) => {
		req.resume();
		req.on('end', () => {
			const method = req.method ?? 'GET';
			const path = new URL(req.url ?? '/', 'http://127.0.0.1').pathname;
			recorded.push({ method, path });
			const { status, body } = answer(method, path, fileHost);
			if (namelessAnswers > 0 && body && typeof body === 'object') {
				namelessAnswers--;
				for (const key of NAME_KEYS) delete (body as Record<string, unknown>)[key];
			}
			if (body === undefined) res.writeHead(status).end();
			else res.writeHead(status, { 'Content-Type': 'application/json' }).end(JSON.stringify(body));
		});
	});
	baseUrl = await listen(api);
});

afterAll(async () => {
	// sendAndWaitForCompletion handed its wait to this process's hub (domain/waiting): a loop that
	// would otherwise go on after this file, keeping the jest worker from exiting.
	hub.stop();
	for (const server of [api, files])
		await new Promise<void>((resolve) => server.close(() => resolve()));
});

beforeEach(() => {
	recorded.length = 0;
	namelessAnswers = 0;
	resetRateLimiters();
	// No wait of an earlier case (sendAndWaitForCompletion, resume URL at the harness's address,
	// where nothing listens) for catchUpAfterRestart to re-read.
	hub.stop();
});

/** meta.path with its placeholders replaced; an unknown placeholder fails the test. */
function expand(path: string, values: Record<string, string> = {}): string {
	return path.replace(/\{(\w+)\}/g, (_, name: string) => {
		if (!(name in values)) throw new Error(`No value given for {${name}} of ${path}`);
		return values[name];
	});
}

/** A composite call or lookup ("GET /signing-requests/{id}") as a pattern for recorded calls. */
function callPattern(call: string): RegExp {
	const [method, path] = call.split(' ');
	const escaped = path.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\\?\{\w+\\?\}/g, '[^/]+');
	return new RegExp(`^${method} ${escaped}$`);
}

const OPERATIONS = RESOURCES.flatMap((resource) =>
	Object.values(resource.operations).map((op) => ({
		resource: resource.value,
		operation: op.meta.value,
		meta: op.meta,
	})),
);

interface Operation {
	resource: string;
	operation: string;
	meta: OperationMeta;
}

/** Runs the operation with its case's parameters; its main call and the API calls it made. */
async function runOperation({ resource, operation, meta }: Operation) {
	const testCase = CASES[operation];
	const input: INodeExecutionData[] = testCase.binary
		? [
				testCase.binary === 'pdf'
					? await binaryItem(PDF, 'lease.pdf', 'application/pdf')
					: await binaryItem(PNG, 'logo.png', 'image/png'),
			]
		: [{ json: {} }];
	const { error, output } = await runNode({
		node,
		parameters: { resource, operation, ...testCase.parameters },
		credentials: {
			documentSigningApi: {
				baseUrl,
				keyToUse: 'live',
				liveApiKey: 'live-key-endpoints',
				apiVersion: 1,
				webhookSigningSecret: 'whsec_endpoints',
			},
		},
		input,
	});
	expect(error?.message).toBeUndefined();
	expect(output[0]?.length).toBeGreaterThan(0);
	return {
		main: `${meta.method} ${expand(meta.path, testCase.path)}`,
		made: recorded.map((r) => `${r.method} ${r.path}`),
	};
}

describe('every operation makes the request its meta names', () => {
	it('has valid parameters for each of the operations, and no others', () => {
		expect(OPERATIONS.filter((op) => !op.meta.composite)).toHaveLength(115);
		expect(Object.keys(CASES).sort()).toEqual(OPERATIONS.map((op) => op.operation).sort());
	});

	it.each(OPERATIONS)(
		'$resource → $operation: $meta.method $meta.path',
		async ({ resource, operation, meta }: Operation) => {
			const { main, made } = await runOperation({ resource, operation, meta });
			expect(made).toContain(main);
			if (meta.composite) {
				const patterns = meta.composite.calls.map(callPattern);
				expect(made.filter((call) => !patterns.some((p) => p.test(call)))).toEqual([]);
			} else if (ALWAYS_LOOK_UP.includes(operation)) {
				const patterns = (meta.lookups ?? []).map(callPattern);
				const others = made.filter((call) => call !== main);
				expect(others.length).toBeGreaterThan(0);
				expect(others.filter((call) => !patterns.some((p) => p.test(call)))).toEqual([]);
			} else {
				// Only what the answer lacks is looked up (Download's answer never has a name; the
				// READ_BACK operations read what the one shape needs).
				const lookups = (meta.lookups ?? []).map(callPattern);
				const answerLacksName =
					meta.value === 'downloadSigningRequest' || READ_BACK.includes(meta.value);
				expect(
					made.filter(
						(call) => call !== main && !(answerLacksName && lookups.some((p) => p.test(call))),
					),
				).toEqual([]);
			}
		},
	);

	it.each(OPERATIONS.filter((op) => !op.meta.composite))(
		'$resource → $operation, answered without any name, calls only its meta and its lookups',
		async (op: Operation) => {
			namelessAnswers = 1;
			const { main, made } = await runOperation(op);
			expect(made[0]).toBe(main);
			const patterns = (op.meta.lookups ?? []).map(callPattern);
			const others = made.filter((call) => call !== main);
			expect(others.filter((call) => !patterns.some((p) => p.test(call)))).toEqual([]);
			if (op.meta.lookups && !READ_BACK.includes(op.meta.value))
				expect(others.length).toBeGreaterThan(0);
		},
	);
});
