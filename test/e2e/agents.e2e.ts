/**
 * End to end, without a model, in a real n8n 2.41.1 against an in-process sandbox:
 *
 * - Document Signing as tools of n8n's MCP Server Trigger, called by an MCP client (the official
 *   SDK) in this process. The client lists the tools (with the Tool Descriptions written for a
 *   model), sends a document from a template, reads it, is refused the signed PDF while it is
 *   unsigned, and gets it once the sandbox's signer has signed.
 * - The example "an agent prepares, a person approves, then it is sent", as shipped, with its
 *   chat model answered by a script (./scriptedModel.ts: the agent's tool calls really run): the
 *   draft waits on the approval page of the form, nothing is sent until the person approves
 *   through n8n's form URL; declining deletes the draft.
 */
import { join } from 'path';

// The SDK's CommonJS build (Node 20, jest): its package exports give `require` that build; the
// types come through its typesVersions.
// (ESLint's resolver does not read the "./*" pattern of the exports map, Node and TypeScript do.)
// eslint-disable-next-line import-x/no-unresolved
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
// eslint-disable-next-line import-x/no-unresolved
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';

import { SEED, type Sandbox } from '../sandbox';
import { NODE_TYPE, startServer, waiter, type Instance, type Server } from './n8n';
import {
	startScriptedModel,
	textOf as messageText,
	type ChatRequest,
	type ScriptAnswer,
	type ScriptedModel,
} from './scriptedModel';
import {
	CREDENTIAL_ID,
	CREDENTIAL_NAME,
	importAll,
	loadExamples,
	prepareN8n,
	sandboxCredential,
	tearDown,
	UNTHROTTLED,
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
			name: 'Create and send a document for signature',
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
		[
			'Create and send a document for signature',
			'Get a signing request',
			'Download the signed PDF',
		].map((tool) => [
			tool,
			{ ai_tool: [[{ node: 'MCP Server Trigger', type: 'ai_tool', index: 0 }]] },
		]),
	),
	settings: { executionOrder: 'v1' },
};

/** n8n names a tool after its node (nodeNameToToolName). */
const toolName = (node: string) => node.replace(/[^a-zA-Z0-9_-]/g, '_');

/** The example's form and the draft-making tools of its agent. */
const APPROVAL_EXAMPLE = 'agent-prepares-person-approves';
const FORM_PATH = 'prepare-for-signature';
const AGENT_TOOLS = [
	'Get many templates',
	'Get the users of a template',
	'Create a draft signing request',
];
const OPENAI_CREDENTIAL = { id: 'dsE2eScriptedLlm', name: 'Scripted model (e2e)' };

/** The example as shipped, its Model node pointed at the scripted model (Chat Completions API). */
function approvalWorkflow(): Workflow {
	const wf = JSON.parse(JSON.stringify(loadExamples()[APPROVAL_EXAMPLE])) as Workflow;
	const model = wf.nodes.find((n) => n.name === 'Model')!;
	model.credentials = { openAiApi: OPENAI_CREDENTIAL };
	model.parameters = {
		...model.parameters,
		model: { __rl: true, mode: 'id', value: 'scripted' },
		responsesApiEnabled: false,
	};
	return wf;
}

/** A tool result as the agent passes it back to the model: n8n's JSON of the output items. */
function toolResult(request: ChatRequest, index: number): Json[] {
	const results = request.messages.filter((m) => m.role === 'tool');
	let value: unknown = messageText(results[index]);
	while (typeof value === 'string') value = JSON.parse(value);
	return (Array.isArray(value) ? value : [value]) as Json[];
}

/** Drafts the agent made (their ids, from the create tool's results), in order. */
const drafts: string[] = [];

/**
 * What a model would do with the example's system message and "Send our mutual NDA to Grace
 * Hopper": find the template, read its roles, create one draft, end with "DRAFT: <id>".
 */
function approvalScript(request: ChatRequest): ScriptAnswer {
	const done = request.messages.filter((m) => m.role === 'tool').length;
	if (done === 0)
		return { toolCalls: [{ name: 'Get_many_templates', arguments: { name_contains: 'NDA' } }] };
	if (done === 1) {
		const template = toolResult(request, 0).find((t) => /NDA/.test(String(t.name)))!;
		return {
			toolCalls: [{ name: 'Get_the_users_of_a_template', arguments: { template_id: template.id } }],
		};
	}
	if (done === 2) {
		const template = toolResult(request, 0).find((t) => /NDA/.test(String(t.name)))!;
		const [role] = toolResult(request, 1);
		return {
			toolCalls: [
				{
					name: 'Create_a_draft_signing_request',
					arguments: {
						template_id: template.id,
						name: 'NDA for Grace Hopper',
						recipients: [
							{
								template_user_id: role.id,
								first_name: 'Grace',
								last_name: 'Hopper',
								email: 'grace@example.com',
							},
						],
					},
				},
			],
		};
	}
	const [draft] = toolResult(request, 2);
	drafts.push(String(draft.id));
	return { text: `I prepared the draft "${draft.name}" for Grace Hopper.\nDRAFT: ${draft.id}` };
}

let scripted: ScriptedModel;
let sandbox: Sandbox;
let userFolder: string;
let inst: Instance;
let server: Server | undefined;
let templateId: string;
let templateUserId: string;
let client: Client | undefined;

const until = waiter({ everyMs: 1000 });

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
	({ sandbox, templateId, userFolder, inst } = await prepareN8n('agents', {
		sandbox: { rateLimits: UNTHROTTLED },
		templateName: 'Mutual NDA (demo)',
	}));
	const users = await fetch(`${sandbox.url}/templates/${templateId}/users`, {
		headers: { Authorization: P.testKey },
	});
	templateUserId = String(((await users.json()) as Json).results[0].id);

	scripted = await startScriptedModel(approvalScript);
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
			{
				...OPENAI_CREDENTIAL,
				type: 'openAiApi',
				data: { apiKey: 'sk-scripted', url: scripted.baseUrl },
			} as unknown as ReturnType<typeof sandboxCredential>,
		],
		[mcpWorkflow, approvalWorkflow()],
		[mcpWorkflow.id, approvalWorkflow().id],
	);
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
	await tearDown({ server, sandbox, userFolder });
	await scripted?.close();
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
			[
				'Create and send a document for signature',
				'Download the signed PDF',
				'Get a signing request',
			].map(toolName),
		);
		expect(byName[toolName('Create and send a document for signature')].description).toBe(
			toolDescriptionOf('signingRequest/createAndSendSigningRequest.operation.js'),
		);
		expect(byName[toolName('Get a signing request')].description).toBe(
			toolDescriptionOf('signingRequest/getSigningRequest.operation.js'),
		);
		expect(byName[toolName('Download the signed PDF')].description).toBe(
			toolDescriptionOf('signingRequest/downloadSigningRequest.operation.js'),
		);
		const send = byName[toolName('Create and send a document for signature')].inputSchema as Json;
		expect(Object.keys(send.properties).sort()).toEqual(['name', 'recipients', 'template_id']);
		expect(send.required.sort()).toEqual(['name', 'recipients', 'template_id']);
		expect(send.properties.recipients.description).toMatch(/template_user_id/);
		const get = byName[toolName('Get a signing request')].inputSchema as Json;
		expect(Object.keys(get.properties)).toEqual(['signing_request_id']);
	});

	it('sends a document from a template; Get reads it; Download refuses it until it is signed, then gives the signed PDF', async () => {
		sandbox.clearRequests();
		const sent = await call('Create and send a document for signature', {
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
		expect(detail).toMatchObject({ id, status: 'in_progress' });

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
			id,
			status: 'completed',
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

describe('the example: an agent prepares, a person approves, then it is sent', () => {
	const example = () => loadExamples()[APPROVAL_EXAMPLE];

	/** Starts the example through its production form; returns the approval page's URL. */
	async function request(text: string): Promise<URL> {
		const form = new FormData();
		form.append('field-0', text);
		let last = '';
		const answer = await until(
			`the form at /form/${FORM_PATH}`,
			async () => {
				const response = await fetch(`${inst.url}/form/${FORM_PATH}`, {
					method: 'POST',
					body: form,
				});
				last = `${response.status} ${await response.clone().text()}`;
				return response.status === 404 ? undefined : response;
			},
			120_000,
			() => last,
		);
		expect(answer.status).toBe(200);
		const { formWaitingUrl } = (await answer.json()) as { formWaitingUrl: string };
		const url = new URL(formWaitingUrl);
		expect(url.pathname).toMatch(/^\/form-waiting\/\d+$/);
		expect(url.searchParams.get('signature')).toMatch(/^\S{16,}$/);
		return url;
	}

	/** The execution's status as the form page polls it ("form-waiting", "success", …). */
	async function status(page: URL): Promise<string> {
		const url = new URL(page);
		url.pathname += '/n8n-execution-status';
		try {
			return (await (await fetch(url)).text()).trim();
		} catch {
			// A kept-alive connection n8n closed after a refused upload: once more on a new one.
			return (await (await fetch(url)).text()).trim();
		}
	}

	async function statusBecomes(page: URL, wanted: string): Promise<void> {
		let last = '';
		await until(
			`the execution to be "${wanted}"`,
			async () => {
				last = await status(page);
				return last === wanted ? true : undefined;
			},
			120_000,
			() =>
				`status: ${last}; model calls: ${scripted.requests.length}; service calls: ${sandbox.requests
					.map((r) => `${r.method} ${r.path} ${r.status}`)
					.join(', ')}\n${server?.output().slice(-4000) ?? ''}`,
		);
	}

	async function decide(page: URL, decision: string): Promise<number> {
		const form = new FormData();
		form.append('field-0', decision);
		const response = await fetch(page, { method: 'POST', body: form });
		await response.text();
		return response.status;
	}

	/**
	 * After a decision: the run goes on to its Form Ending, which waits for the browser: the form
	 * page polls the status, fetches the ending and the ending posts back, which ends the run.
	 * Returns the ending's HTML.
	 */
	async function ending(page: URL): Promise<string> {
		let last = '';
		await until(
			'the form ending',
			async () => {
				last = await status(page);
				return last === 'form-waiting' || last === 'success' ? true : undefined;
			},
			120_000,
			() => `status: ${last}\n${server?.output().slice(-4000) ?? ''}`,
		);
		const html = await (await fetch(page)).text();
		// The ending page then posts back to end the run, as its script does in a browser.
		const done = await fetch(page, { method: 'POST', body: new FormData() });
		await done.text();
		await statusBecomes(page, 'success');
		return html;
	}

	const sends = (id: string) =>
		sandbox.requests.filter(
			(r) => r.method === 'POST' && r.path === `/signing-requests/${id}/send`,
		);

	it('gives the agent tools that cannot send, with the descriptions written for a model', async () => {
		const wf = example();
		const agent = wf.nodes.find((n) => n.type === '@n8n/n8n-nodes-langchain.agent')!;
		const connections = wf.connections as Record<string, Json>;
		const tools = wf.nodes.filter((n) =>
			(connections[n.name]?.ai_tool as Json[][] | undefined)?.[0]?.some(
				(c) => c.node === agent.name,
			),
		);
		expect(tools.map((t) => t.name).sort()).toEqual([...AGENT_TOOLS].sort());
		expect(tools.map((t) => [t.type, t.parameters.operation]).sort()).toEqual(
			[
				[TOOL_TYPE, 'createSigningRequest'],
				[TOOL_TYPE, 'listTemplateUsers'],
				[TOOL_TYPE, 'listTemplates'],
			].sort(),
		);
		// The only nodes that send or delete are plain nodes after the approval page.
		const acting = wf.nodes.filter((n) =>
			['sendSigningRequest', 'createAndSendSigningRequest', 'deleteSigningRequest'].includes(
				String(n.parameters.operation),
			),
		);
		expect(acting.map((n) => [n.name, n.type])).toEqual([
			['Send the draft', NODE_TYPE],
			['Delete the draft', NODE_TYPE],
		]);
		expect(
			(connections['Approved?'].main as Json[][]).map((out) => out.map((c) => c.node)),
		).toEqual([['Send the draft'], ['Delete the draft']]);
	});

	it('a draft waits for the person: nothing is sent until they approve on the form, then it is sent', async () => {
		sandbox.clearRequests();
		const page = await request('Send our mutual NDA to Grace Hopper, grace@example.com');
		await statusBecomes(page, 'form-waiting');

		// The model saw the three tools, described for a model, and nothing that sends.
		const offered = scripted.requests[0].tools!.map((t) => t.function);
		expect(offered.map((t) => t.name).sort()).toEqual(AGENT_TOOLS.map(toolName).sort());
		expect(
			offered.find((t) => t.name === toolName('Create a draft signing request'))!.description,
		).toBe(toolDescriptionOf('signingRequest/createSigningRequest.operation.js'));

		// The agent's draft exists, as the model asked for it, and was not sent.
		expect(drafts).toHaveLength(1);
		const id = drafts[0];
		const draft = sandbox.signing.getSigningRequest(id)!;
		expect(draft.name).toBe('NDA for Grace Hopper');
		expect(draft.template_id).toBe(templateId);
		expect(draft.recipients.map((r) => r.email)).toEqual(['grace@example.com']);
		expect(draft.sent_on).toBeNull();
		expect(sends(id)).toHaveLength(0);

		// The approval page shows the draft as the service holds it.
		const html = await (await fetch(page)).text();
		expect(html).toContain('Send this document for signature?');
		expect(html).toContain('Nothing has been sent yet.');
		expect(html).toContain('NDA for Grace Hopper');
		expect(html).toContain('Grace Hopper, grace@example.com (Signer, order 1)');
		expect(html).toContain('Send it');

		// Without the page's signature n8n refuses the decision before the workflow runs.
		const forged = new URL(page);
		forged.searchParams.delete('signature');
		expect(await decide(forged, 'Send it')).toBe(401);
		await new Promise((r) => setTimeout(r, 2000));
		expect(await status(page)).toBe('form-waiting');
		expect(sandbox.signing.getSigningRequest(id)!.sent_on).toBeNull();
		expect(sends(id)).toHaveLength(0);

		// The person approves: now, and only now, it is sent.
		expect(await decide(page, 'Send it')).toBeLessThan(400);
		expect(await ending(page)).toContain('Sent for signature');
		expect(sends(id)).toHaveLength(1);
		expect(sandbox.signing.getSigningRequest(id)!.sent_on).not.toBeNull();
	}, 400_000);

	it('"Do not send" deletes the draft; nothing is sent', async () => {
		sandbox.clearRequests();
		const page = await request('Send our mutual NDA to Grace Hopper, grace@example.com');
		await statusBecomes(page, 'form-waiting');
		expect(drafts).toHaveLength(2);
		const id = drafts[1];
		expect(sandbox.signing.getSigningRequest(id)!.sent_on).toBeNull();

		expect(await decide(page, 'Do not send')).toBeLessThan(400);
		expect(await ending(page)).toContain('Nothing was sent; the draft was deleted.');
		expect(sends(id)).toHaveLength(0);
		const draft = sandbox.signing.getSigningRequest(id)!;
		expect(draft.sent_on).toBeNull();
		expect(draft.deleted_on).not.toBeNull();
	}, 400_000);
});
