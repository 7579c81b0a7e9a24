/**
 * What `npm start` and the e2e tests set up around a sandbox: a demo template, the credential
 * pointing at the sandbox, and the example workflows, imported into an n8n user folder.
 */
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'fs';
import { join } from 'path';

import { SEED, WEBHOOK_SECRETS } from '../sandbox';
import { simplePdf } from '../sandbox/signing/pdf';
import { cliOk, REPO_ROOT, type Instance } from './n8n';

export const EXAMPLES_DIR = join(REPO_ROOT, 'examples');
/** The credential id the example workflows refer to. */
export const CREDENTIAL_ID = 'dsSandboxCred001';
export const CREDENTIAL_NAME = 'Document Signing (sandbox)';
export const TEMPLATE_PLACEHOLDER = 'REPLACE_WITH_TEMPLATE_ID';

export type Workflow = {
	id: string;
	name: string;
	nodes: Array<
		Record<string, unknown> & { name: string; type: string; parameters: Record<string, unknown> }
	>;
	connections: Record<string, unknown>;
	[key: string]: unknown;
};

/** The example workflows, by file name (without .json). */
export function loadExamples(): Record<string, Workflow> {
	const result: Record<string, Workflow> = {};
	for (const file of readdirSync(EXAMPLES_DIR)
		.filter((f) => f.endsWith('.json'))
		.sort()) {
		result[file.replace(/\.json$/, '')] = JSON.parse(
			readFileSync(join(EXAMPLES_DIR, file), 'utf8'),
		) as Workflow;
	}
	return result;
}

/** A call of the sandbox API with the protected workspace's key. */
async function api<T>(
	baseUrl: string,
	method: string,
	path: string,
	body?: unknown,
	key = SEED.protectedWorkspace.testKey,
): Promise<T> {
	const response = await fetch(`${baseUrl}${path}`, {
		method,
		headers: { Authorization: key, 'Content-Type': 'application/json' },
		body: body === undefined ? undefined : JSON.stringify(body),
	});
	const text = await response.text();
	if (!response.ok) throw new Error(`${method} ${path} → ${response.status} ${text}`);
	return (text ? JSON.parse(text) : {}) as T;
}

/** A one-page template with one signer role (order 1) and a signature field for it. */
export async function createDemoTemplate(
	baseUrl: string,
	name = 'Service agreement (demo)',
): Promise<string> {
	const template = await api<{ id: string }>(baseUrl, 'POST', '/templates', {
		name,
		document: simplePdf(name, 1, ['This agreement is signed in the local sandbox.']).toString(
			'base64',
		),
	});
	await api(baseUrl, 'PUT', `/templates/${template.id}`, {
		users: [
			{
				first_name: 'Signer',
				last_name: 'One',
				email: 'signer@example.com',
				designation: 'Signer',
				order: 1,
			},
		],
	});
	const users = (
		await api<{ results: Array<{ id: string }> }>(baseUrl, 'GET', `/templates/${template.id}/users`)
	).results;
	await api(baseUrl, 'PUT', `/templates/${template.id}`, {
		fields: [
			{
				type: 'signature',
				x: 10,
				y: 70,
				width: 30,
				height: 5,
				page: 1,
				required: true,
				assigned_to_user_id: users[0].id,
			},
		],
	});
	return template.id;
}

/**
 * The credential (n8n import format, data in plain text: n8n encrypts it on import): the protected
 * workspace's keys and the company's webhook secret, which serve the trigger's default scope
 * (company-wide), Send and Wait (a company-level webhook) and every example.
 */
export function sandboxCredential(
	baseUrl: string,
	keyToUse: 'live' | 'test' = 'test',
	id = CREDENTIAL_ID,
	name = CREDENTIAL_NAME,
) {
	return {
		id,
		name,
		type: 'documentSigningApi',
		data: {
			baseUrl,
			keyToUse,
			liveApiKey: SEED.protectedWorkspace.liveKey,
			testApiKey: SEED.protectedWorkspace.testKey,
			apiVersion: 1,
			webhookSigningSecret: WEBHOOK_SECRETS.company,
		},
	};
}

/**
 * The same sandbox account with the protected workspace's own webhook signing secret: with it,
 * Send and Wait registers a webhook of the request's workspace (signed with that workspace's
 * secret), and a company-wide trigger refuses every delivery (signed with the company secret).
 * Earlier versions of npm start imported it (for Send and Wait, which always used a workspace
 * webhook then); now one credential serves everything and npm start retires this one (start.ts). The tests use it
 * for the workspace path and for a credential whose secret does not fit the trigger's scope.
 */
export const WORKSPACE_CREDENTIAL_ID = 'dsSandboxCredWs1';
export const WORKSPACE_CREDENTIAL_NAME = 'Document Signing (sandbox, workspace webhooks)';
export function sandboxWorkspaceCredential(baseUrl: string, keyToUse: 'live' | 'test' = 'test') {
	const credential = sandboxCredential(
		baseUrl,
		keyToUse,
		WORKSPACE_CREDENTIAL_ID,
		WORKSPACE_CREDENTIAL_NAME,
	);
	credential.data.webhookSigningSecret = WEBHOOK_SECRETS.workspaces[SEED.protectedWorkspace.id];
	return credential;
}

/** Example workflows with the demo template filled in. */
export function withTemplate(workflow: Workflow, templateId: string): Workflow {
	return JSON.parse(
		JSON.stringify(workflow).split(TEMPLATE_PLACEHOLDER).join(templateId),
	) as Workflow;
}

/**
 * Imports credentials and workflows in (at most) two CLI calls (each n8n CLI start costs seconds):
 * files are written to <userFolder>/import/.
 */
export async function importAll(
	inst: Instance,
	credentials: ReturnType<typeof sandboxCredential>[],
	workflows: Workflow[],
): Promise<void> {
	const dir = join(inst.options.userFolder, 'import');
	mkdirSync(dir, { recursive: true });
	if (credentials.length > 0) {
		const credFile = join(dir, 'credentials.json');
		writeFileSync(credFile, JSON.stringify(credentials, null, 2));
		await cliOk(inst, ['import:credentials', `--input=${credFile}`]);
	}
	if (workflows.length === 0) return;
	// One call for all of them: --separate imports every .json file of the folder.
	const fresh = join(dir, `batch-${Date.now()}`);
	mkdirSync(fresh);
	for (const wf of workflows)
		writeFileSync(join(fresh, `${wf.id}.json`), JSON.stringify(wf, null, 2));
	await cliOk(inst, ['import:workflow', '--separate', `--input=${fresh}`]);
}
