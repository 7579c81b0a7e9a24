/**
 * End to end, without a model: Document Signing as tools of n8n's MCP Server Trigger in a real
 * n8n 2.41.1, called by an MCP client (the official SDK) in this process, against an in-process
 * sandbox. The client lists the tools (with the Tool Descriptions written for a model), sends a
 * document from a template, reads it, is refused the signed PDF while it is unsigned, and gets it
 * once the sandbox's signer has signed.
 */
import { mkdtempSync, rmSync } from 'fs';
import { tmpdir } from 'os';
import { join } from 'path';

// The SDK's CommonJS build (Node 20, jest): its package exports give `require` that build; the
// types come through its typesVersions.
// (ESLint's resolver does not read the "./*" pattern of the exports map, Node and TypeScript do.)
// eslint-disable-next-line import-x/no-unresolved
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
// eslint-disable-next-line import-x/no-unresolved
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';

import { SEED, startSandbox, type Sandbox } from '../sandbox';
import {
	NODE_TYPE,
	cliOk,
	freePort,
	installPackage,
	instance,
	startServer,
	type Instance,
	type Server,
} from './n8n';
import { ensureRuntime } from './runtime';
import {
	CREDENTIAL_ID,
	CREDENTIAL_NAME,
	createDemoTemplate,
	importAll,
	sandboxCredential,
} from './setup';
import type { Workflow } from './setup';

type Json = Record<string, any>;

const P = SEED.protectedWorkspace;
const MCP_PATH = 'document-signing-e2e';
const BEARER_TOKEN = 'e2e-mcp-token-0123456789abcdef';
const BEARER_CREDENTIAL = { id: 'dsE2eMcpBearer01', name: 'MCP clients (e2e)' };
const INSTRUCTIONS =
	'Send nothing for signature unless the user confirmed the document and every recipient.';

/** The tool descriptions as the built package has them (what the MCP client must be shown). */
function toolDescriptionOf(operationFile: string): string {
	// eslint-disable-next-line @typescript-eslint/no-require-imports
	const module = require(
		join(__dirname, '..', '..', 'dist', 'nodes', 'DocumentSigning', 'actions', operationFile),
	) as { meta: { toolDescription?: string } };
	if (!module.meta.toolDescription) throw new Error(`${operationFile} has no toolDescription`);
	return module.meta.toolDescription;
}

const TOOL_TYPE = `${NODE_TYPE}Tool`;
const CRED = { documentSigningApi: { id: CREDENTIAL_ID, name: CREDENTIAL_NAME } };
const fromAiId = (what: string) => ({
	__rl: true,
	mode: 'id',
	value: `={{ $fromAI('${what}_id', 'The ${what.replace('_', ' ')} ID (a UUID)', 'string') }}`,
});

/** MCP Server Trigger (bearer auth) with three Document Signing tools, as a user builds it. */
const mcpWorkflow: Workflow = {
	id: 'dsE2eMcpServer01',
	name: 'e2e: Document Signing tools over MCP',
	nodes: [
		{
			id: 'd0000000-0000-4000-8000-000000000001',
			name: 'MCP Server Trigger',
			type: '@n8n/n8n-nodes-langchain.mcpTrigger',
			typeVersion: 2,
			position: [0, 0],
			webhookId: 'd0000000-0000-4000-8000-0000000000aa',
			credentials: { httpBearerAuth: BEARER_CREDENTIAL },
			parameters: { authentication: 'bearerAuth', path: MCP_PATH, instructions: INSTRUCTIONS },
		},
		{
			id: 'd0000000-0000-4000-8000-000000000002',
			name: 'Send a document for signature',
			type: TOOL_TYPE,
			typeVersion: 1,
			position: [-300, 250],
			credentials: CRED,
			parameters: {
				resource: 'signingRequest',
				operation: 'createAndSendSigningRequest',
				source: 'template',
				templateId: fromAiId('template'),
				name: "={{ $fromAI('name', 'Name of the signing request, e.g. NDA for Grace Hopper', 'string') }}",
				recipientsMode: 'json',
				recipientsJson:
					'={{ $fromAI(\'recipients\', \'JSON array, one object per person: {"template_user_id" (or "order"), "first_name", "last_name", "email"}\', \'json\') }}',
			},
		},
		{
			id: 'd0000000-0000-4000-8000-000000000003',
			name: 'Get a signing request',
			type: TOOL_TYPE,
			typeVersion: 1,
			position: [0, 250],
			credentials: CRED,
			parameters: {
				resource: 'signingRequest',
				operation: 'getSigningRequest',
				signingRequestId: fromAiId('signing_request'),
			},
		},
		{
			id: 'd0000000-0000-4000-8000-000000000004',
			name: 'Download the signed PDF',
			type: TOOL_TYPE,
			typeVersion: 1,
			position: [300, 250],
			credentials: CRED,
			parameters: {
				resource: 'signingRequest',
				operation: 'downloadSigningRequest',
				signingRequestId: fromAiId('signing_request'),
			},
		},
	],
	connections: Object.fromEntries(
		['Send a document for signature', 'Get a signing request', 'Download the signed PDF'].map(
			(tool) => [tool, { ai_tool: [[{ node: 'MCP Server Trigger', type: 'ai_tool', index: 0 }]] }],
		),
	),
	settings: { executionOrder: 'v1' },
};

/** n8n names a tool after its node (nodeNameToToolName). */
const toolName = (node: string) => node.replace(/[^a-zA-Z0-9_-]/g, '_');

let sandbox: Sandbox;
let userFolder: string;
let inst: Instance;
let server: Server | undefined;
let templateId: string;
let templateUserId: string;
let client: Client | undefined;

async function until<T>(
	what: string,
	check: () => Promise<T | undefined>,
	timeoutMs: number,
	explain?: () => string,
): Promise<T> {
	const deadline = Date.now() + timeoutMs;
	for (;;) {
		const value = await check();
		if (value !== undefined) return value;
		if (Date.now() > deadline)
			throw new Error(`Timed out waiting for ${what}${explain ? `\n${explain()}` : ''}`);
		await new Promise((r) => setTimeout(r, 1000));
	}
}

function transport(token: string): StreamableHTTPClientTransport {
	return new StreamableHTTPClientTransport(new URL(`${inst.url}/mcp/${MCP_PATH}`), {
		requestInit: { headers: { Authorization: `Bearer ${token}` } },
	});
}

/** The text of a tool result (n8n answers with one text part). */
function textOf(result: Json): string {
	const parts = (result.content ?? []) as Json[];
	expect(parts.map((p) => p.type)).toEqual(['text']);
	return String(parts[0].text);
}

async function call(name: string, args: Json): Promise<Json> {
	return (await client!.callTool({ name: toolName(name), arguments: args })) as Json;
}

beforeAll(async () => {
	const rt = ensureRuntime((line) => process.stdout.write(`${line}\n`));
	sandbox = await startSandbox({
		rateLimits: { read: 100_000, write: 100_000, webhook: 100_000, webhookTest: 100_000 },
	});
	templateId = await createDemoTemplate(sandbox.url, 'Mutual NDA (demo)');
	const users = await fetch(`${sandbox.url}/templates/${templateId}/users`, {
		headers: { Authorization: P.testKey },
	});
	templateUserId = String(((await users.json()) as Json).results[0].id);

	userFolder = mkdtempSync(join(tmpdir(), 'ds-e2e-mcp-'));
	installPackage(userFolder);
	inst = instance(rt, { userFolder, port: await freePort(), brokerPort: await freePort() });
	const bearer = {
		...BEARER_CREDENTIAL,
		type: 'httpBearerAuth',
		data: { token: BEARER_TOKEN },
	};
	await importAll(
		inst,
		[
			sandboxCredential(sandbox.url, 'test'),
			bearer as unknown as ReturnType<typeof sandboxCredential>,
		],
		[mcpWorkflow],
	);
	await cliOk(inst, ['publish:workflow', `--id=${mcpWorkflow.id}`]);
	server = await startServer(inst);
	// n8n activates published workflows in the background after it answers /healthz.
	let last = '';
	client = await until(
		'the MCP server to accept a client',
		async () => {
			const candidate = new Client({ name: 'e2e-mcp-client', version: '1.0.0' });
			try {
				await candidate.connect(transport(BEARER_TOKEN));
				return candidate;
			} catch (error) {
				last = String(error);
				return undefined;
			}
		},
		120_000,
		() => `${last}\n${server?.output().slice(-3000) ?? ''}`,
	);
}, 900_000);

afterAll(async () => {
	await client?.close().catch(() => undefined);
	await server?.stop();
	await sandbox?.close();
	if (userFolder && process.env.E2E_KEEP !== '1')
		rmSync(userFolder, { recursive: true, force: true });
});

describe('Document Signing tools behind n8n’s MCP Server Trigger', () => {
	it('refuses a client without the bearer token', async () => {
		const stranger = new Client({ name: 'e2e-stranger', version: '1.0.0' });
		await expect(stranger.connect(transport('wrong-token'))).rejects.toThrow(
			'Authorization data is wrong',
		);
		const initialize = {
			jsonrpc: '2.0',
			id: 1,
			method: 'initialize',
			params: {
				protocolVersion: '2025-06-18',
				capabilities: {},
				clientInfo: { name: 'raw', version: '1' },
			},
		};
		const tries: Array<Record<string, string>> = [{}, { Authorization: 'Bearer wrong-token' }];
		for (const headers of tries) {
			const response = await fetch(`${inst.url}/mcp/${MCP_PATH}`, {
				method: 'POST',
				headers: {
					'Content-Type': 'application/json',
					Accept: 'application/json, text/event-stream',
					...headers,
				},
				body: JSON.stringify(initialize),
			});
			expect([401, 403]).toContain(response.status);
		}
	});

	it('lists the tools with the descriptions written for a model, and the inputs left to it', async () => {
		expect(client!.getInstructions()).toBe(INSTRUCTIONS);
		const { tools } = (await client!.listTools()) as { tools: Json[] };
		const byName = Object.fromEntries(tools.map((t) => [t.name, t]));
		expect(Object.keys(byName).sort()).toEqual(
			['Download the signed PDF', 'Get a signing request', 'Send a document for signature'].map(
				toolName,
			),
		);
		expect(byName[toolName('Send a document for signature')].description).toBe(
			toolDescriptionOf('signingRequest/createAndSendSigningRequest.operation.js'),
		);
		expect(byName[toolName('Get a signing request')].description).toBe(
			toolDescriptionOf('signingRequest/getSigningRequest.operation.js'),
		);
		expect(byName[toolName('Download the signed PDF')].description).toBe(
			toolDescriptionOf('signingRequest/downloadSigningRequest.operation.js'),
		);
		const send = byName[toolName('Send a document for signature')].inputSchema as Json;
		expect(Object.keys(send.properties).sort()).toEqual(['name', 'recipients', 'template_id']);
		expect(send.required.sort()).toEqual(['name', 'recipients', 'template_id']);
		expect(send.properties.recipients.description).toMatch(/template_user_id/);
		const get = byName[toolName('Get a signing request')].inputSchema as Json;
		expect(Object.keys(get.properties)).toEqual(['signing_request_id']);
	});

	it('sends a document from a template; Get reads it; Download refuses it until it is signed, then gives the signed PDF', async () => {
		sandbox.clearRequests();
		const sent = await call('Send a document for signature', {
			template_id: templateId,
			name: 'NDA for Grace Hopper (MCP)',
			recipients: [
				{
					template_user_id: templateUserId,
					first_name: 'Grace',
					last_name: 'Hopper',
					email: 'grace@example.com',
				},
			],
		});
		expect(sent.isError).toBeFalsy();
		const [request] = JSON.parse(textOf(sent)) as Json[];
		expect(request).toMatchObject({ name: 'NDA for Grace Hopper (MCP)', key_mode: 'test' });
		const id = String(request.id);

		// The signing request exists at the service, sent, to the person the client named.
		const stored = sandbox.signing.getSigningRequest(id);
		expect(stored).toBeDefined();
		expect(stored!.name).toBe('NDA for Grace Hopper (MCP)');
		expect(stored!.template_id).toBe(templateId);
		expect(stored!.sent_on).not.toBeNull();
		expect(stored!.recipients.map((r) => [r.email, r.first_name, r.last_name])).toEqual([
			['grace@example.com', 'Grace', 'Hopper'],
		]);
		const creates = sandbox.requests.filter(
			(r) => r.method === 'POST' && r.path.startsWith('/signing-requests'),
		);
		expect(creates.map((r) => r.path)).toEqual(['/signing-requests/create-and-send']);
		expect((creates[0].body as Json).recipients).toEqual([
			{
				template_user_id: templateUserId,
				first_name: 'Grace',
				last_name: 'Hopper',
				email: 'grace@example.com',
			},
		]);

		const read = await call('Get a signing request', { signing_request_id: id });
		expect(read.isError).toBeFalsy();
		const [detail] = JSON.parse(textOf(read)) as Json[];
		expect(detail).toMatchObject({ id, status: { sent: true, finished: false } });

		// Unsigned: a clear refusal, and no document fetched.
		const early = await call('Download the signed PDF', { signing_request_id: id });
		expect(early.isError).toBe(true);
		const refusal = textOf(early);
		expect(refusal).toMatch(/Not downloaded: signing request .* so there is no signed document/);
		expect(refusal).toContain('Still to sign: Grace Hopper');
		expect(sandbox.requests.some((r) => r.method === 'GET' && r.path.startsWith('/_files/'))).toBe(
			false,
		);

		sandbox.simulate.signAll(id);
		const signedPdf = sandbox.signing.getSigningRequest(id)!.finalPdf!.bytes;

		const done = await call('Download the signed PDF', { signing_request_id: id });
		expect(done.isError).toBeFalsy();
		const [download] = JSON.parse(textOf(done)) as Json[];
		expect(download).toMatchObject({
			signing_request_id: id,
			status: 'finished',
			is_partial: false,
			file_name: 'NDA for Grace Hopper (MCP).pdf',
			file_size: signedPdf.length,
			key_mode: 'test',
		});
		// The PDF itself reaches the client as its link (n8n passes no files to agents).
		const file = await fetch(String(download.download_url));
		expect(file.status).toBe(200);
		expect(Buffer.from(await file.arrayBuffer()).equals(signedPdf)).toBe(true);
	});
});
