/**
 * The node run by n8n-core's WorkflowExecute against the sandbox (the runner every operation test
 * uses): what n8n makes of each kind of call and answer. Requests (method, path, query, headers,
 * body) and outputs are compared masked (IDs, times, multipart boundaries), errors by their shape
 * (class, message, description, HTTP code, item index): a GET with filters, a multi-option filter
 * and a boolean in the query, Return All over two pages, a JSON POST, a multipart upload, a PDF
 * upload, a binary download, 404, 422 with details, 429 then success, 500 on a write, a 502 HTML
 * page, an unreadable 2xx, a reset connection, a timeout, deprecation hints, several items, n8n's
 * start check, a picker by URL, the node's own refusals; then n8n-core's HTTP client on the query
 * shapes the transport sends.
 */
import type {
	IBinaryData,
	IDataObject,
	IHttpRequestOptions,
	INodeExecutionData,
	INodeParameters,
} from 'n8n-workflow';

import { resetRateLimiters, transportPolicy } from '../../../nodes/shared/transport';
import { binaryItem, createExecuteContext } from '../../helpers/n8n';
import { byId, credentials, MISSING_UUID, ok, runOperation, useSandbox } from '../../kit';
import type { RecordedRequest, Sandbox } from '../../sandbox';
import { simplePdf } from '../../sandbox/signing/pdf';
import {
	createFinished,
	createHalfSigned,
	startFileServer,
} from './actions/signingRequest/fixtures';
import type { FileServer } from './actions/signingRequest/fixtures';

const ctx = useSandbox();

/** A 1×1 PNG. */
const PNG = Buffer.from(
	'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
	'base64',
);

/** Stable names for what differs between two runs: IDs, times, multipart boundaries. */
function masker() {
	const seen = new Map<string, string>();
	const mask = (text: string) =>
		text
			.replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi, (id) => {
				if (!seen.has(id)) seen.set(id, `<id${seen.size}>`);
				return seen.get(id)!;
			})
			.replace(/\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})/g, '<time>')
			.replace(/----n8nDocumentSigning[0-9a-f]{24}/g, '<boundary>')
			.replace(/\/_files\/[\w-]+/g, '/_files/<file>');
	return <T>(value: T): T => JSON.parse(mask(JSON.stringify(value ?? null))) as T;
}

/** What a request looked like on the wire, minus what differs per connection. */
function wire(requests: RecordedRequest[]) {
	return requests.map(({ method, path, query, headers, body, rawBody }) => {
		const { host, ...rest } = headers;
		void host;
		return { method, path, query, headers: rest, body, rawBody };
	});
}

function errorShape(error: Error | undefined) {
	if (!error) return undefined;
	const e = error as Error & {
		description?: string;
		httpCode?: string;
		context?: IDataObject;
		level?: string;
	};
	return {
		class: e.constructor.name,
		message: e.message,
		description: e.description,
		httpCode: e.httpCode,
		itemIndex: e.context?.itemIndex,
		level: e.level,
	};
}

function outputShape(output: INodeExecutionData[][]) {
	return output.map((items) =>
		items.map(({ json, binary, pairedItem }) => ({ json, binary, pairedItem })),
	);
}

type Fault = Parameters<Sandbox['injectFault']>[0];

interface Case {
	parameters: IDataObject;
	input?: INodeExecutionData[];
	keyToUse?: 'live' | 'test';
	/** Injected before the run. */
	fault?: Fault;
	/** The transport's timeout for this run (restored after). */
	timeoutMs?: number;
}

/** Runs the case on the engine; what was sent, output, thrown and hinted, masked. */
async function runCase(c: Case) {
	ctx.sandbox.clearRequests();
	resetRateLimiters();
	if (c.fault) ctx.sandbox.injectFault(c.fault);
	const { resource, operation, ...parameters } = c.parameters as INodeParameters & {
		resource: string;
		operation: string;
	};
	const timeout = transportPolicy.timeoutMs;
	if (c.timeoutMs !== undefined) transportPolicy.timeoutMs = c.timeoutMs;
	try {
		const result = await runOperation(ctx.sandbox, resource, operation, parameters, {
			keyToUse: c.keyToUse,
			input: c.input,
		});
		return masker()({
			requests: wire([...ctx.sandbox.requests]),
			output: outputShape(result.output),
			error: errorShape(result.error),
			hints: result.hints,
		});
	} finally {
		transportPolicy.timeoutMs = timeout;
	}
}

type Result = Awaited<ReturnType<typeof runCase>>;

/**
 * A case as a table row: the parameters (a function: the template is made in beforeAll), a fault,
 * and what the masked result must match (`toMatchObject`: arrays by length, objects in part). A
 * row that names no `error` must end without one.
 */
interface Row {
	case: string;
	parameters: () => IDataObject;
	fault?: Fault;
	timeoutMs?: number;
	expected: Record<string, unknown>;
}

/** Rows typed as Row where they are written. */
const rows = (list: Row[]) => list;

async function checkRow({ parameters, fault, timeoutMs, expected }: Row): Promise<Result> {
	const result = await runCase({ parameters: parameters(), fault, timeoutMs });
	expect(result).toMatchObject(expected);
	if (!('error' in expected)) expect(result.error).toBeUndefined();
	return result;
}

let templateId: string;
beforeAll(async () => {
	const template = await ok<{ id: string }>(ctx.sandbox, 'POST', '/templates', {
		name: 'Parity template',
		document: simplePdf('Parity template', 2).toString('base64'),
	});
	templateId = template.id;
});

const getTemplate =
	(templateIdValue: () => IDataObject = () => byId(templateId)) =>
	() => ({
		resource: 'template',
		operation: 'getTemplate',
		templateId: templateIdValue(),
	});
const createWebhook =
	(url: string, more: IDataObject = {}) =>
	() => ({
		resource: 'webhook',
		operation: 'createWebhook',
		url,
		events: ['signing_request.sent'],
		...more,
	});
const anything = expect.anything();
const containing = (text: string) => expect.stringContaining(text);

describe("the node on n8n's engine: what it sends, outputs and throws", () => {
	it.each(
		rows([
			{
				case: 'a GET with filters and sorting in the query',
				parameters: () => ({
					resource: 'template',
					operation: 'listTemplates',
					returnAll: false,
					limit: 5,
					filters: { name: ' Parity ', created_after: '2000-01-01' },
					sort: { sort_by: 'name', sort_order: 'asc' },
				}),
				expected: {
					requests: [{ query: { name: 'Parity', page_size: '5' } }],
					output: [expect.arrayContaining([anything])],
				},
			},
			{
				case: 'a GET with a multi-option filter in the query',
				parameters: () => ({
					resource: 'signingRequest',
					operation: 'listSigningRequests',
					returnAll: false,
					limit: 3,
					filters: { status: ['not_sent', 'in_progress'] },
				}),
				expected: { requests: [{ query: { status: 'not_sent,in_progress' } }] },
			},
			{
				case: 'a GET with a boolean in the query',
				parameters: () => ({
					resource: 'organizationSeal',
					operation: 'listOrganizationSeals',
					includeRevoked: true,
				}),
				expected: { requests: [{ query: { include_revoked: 'true' } }] },
			},
			{
				case: 'a list with Return All across two pages',
				parameters: () => ({ resource: 'template', operation: 'listTemplates', returnAll: true }),
				fault: {
					kind: 'status',
					method: 'GET',
					path: '/templates',
					status: 200,
					body: {
						results: [{ id: 'first-page', name: 'From page 1' }],
						pagination: { current_page: 1, page_size: 1, total_count: 2, total_pages: 2 },
					},
				},
				expected: { requests: [{ query: { page: '1' } }, { query: { page: '2' } }] },
			},
			{
				case: 'a POST with a JSON body',
				parameters: createWebhook('https://hooks.example.com/parity', {
					events: ['signing_request.completed', 'signing_request.sent'],
					additionalFields: { description: 'Parity ünïcode ✓' },
				}),
				expected: { requests: [{ headers: { 'content-type': 'application/json' } }] },
			},
			{
				case: 'an expression resolves per item',
				parameters: getTemplate(() => ({
					__rl: true,
					mode: 'id',
					value: `={{ "${templateId}" }}`,
				})),
				expected: { requests: [{ path: '/templates/<id0>' }] },
			},
			{
				case: 'a picker value by URL (extractValue)',
				parameters: getTemplate(() => ({
					__rl: true,
					mode: 'url',
					value: `https://app.example.com/templates/${templateId}/edit`,
				})),
				expected: { requests: [{ path: expect.stringMatching(/^\/templates\/<id\d+>$/) }] },
			},
		]),
	)('$case', async (row) => {
		await checkRow(row);
	});

	it('a multipart upload of an input binary', async () => {
		const input = [await binaryItem(PNG, 'logo.png', 'image/png')];
		const result = await runCase({
			parameters: { resource: 'company', operation: 'uploadCompanyLogo' },
			input,
		});
		expect(result.requests[0].headers['content-type']).toMatch(/^multipart\/form-data/);
	});

	it('a JSON body carrying an input PDF', async () => {
		const pdf = simplePdf('Parity upload', 1);
		const input = [await binaryItem(pdf, 'upload.pdf', 'application/pdf')];
		const result = await runCase({
			parameters: {
				resource: 'template',
				operation: 'createTemplate',
				name: 'Parity upload',
			},
			input,
		});
		expect(result.error).toBeUndefined();
		expect(result.requests).toMatchObject([
			{
				method: 'POST',
				path: '/templates',
				headers: { 'content-type': 'application/json' },
				body: { name: 'Parity upload', document: pdf.toString('base64') },
			},
		]);
	});

	describe('a binary download', () => {
		let files: FileServer;
		beforeAll(async () => {
			files = await startFileServer();
		});
		afterAll(async () => await files.close());

		const download = (id: string, options?: IDataObject) => ({
			resource: 'signingRequest',
			operation: 'downloadSigningRequest',
			signingRequestId: byId(id),
			...(options ? { options } : {}),
		});

		it('of a finished signing request', async () => {
			const finished = await createFinished(ctx.sandbox, 'Parity agreement');
			const result = await runCase({ parameters: download(finished.id) });
			expect(result.error).toBeUndefined();
			expect((result.output[0][0].binary as Record<string, IBinaryData>).data).toMatchObject({
				mimeType: 'application/pdf',
				fileExtension: 'pdf',
			});
		});

		it('of an unfinished one: refused by default; accepted with the option, with a node hint', async () => {
			const open = await createHalfSigned(ctx.sandbox, 'Parity lease');
			const refused = await runCase({ parameters: download(open.id) });
			expect(refused.error).toMatchObject({ class: 'NodeOperationError', itemIndex: 0 });
			const accepted = await runCase({
				parameters: download(open.id, { acceptUnfinished: true }),
			});
			expect(accepted.error).toBeUndefined();
			expect(accepted.hints).toHaveLength(1);
		});
	});

	// Answers of the service (or of what stands between) and what n8n's error handling makes of
	// them: the message or description a user reads, and what is sent again.
	it.each(
		rows([
			{
				case: 'a 404',
				parameters: getTemplate(() => byId(MISSING_UUID)),
				expected: { error: { class: 'NodeApiError', httpCode: '404', itemIndex: 0 } },
			},
			{
				case: 'a 422 with details by field',
				parameters: getTemplate(),
				fault: {
					kind: 'status',
					status: 422,
					body: {
						error: 'Unprocessable Entity',
						message: 'Invalid fields',
						code: 'VALIDATION_FAILED',
						details: { name: ['is too long'], 'users[0].email': 'is not an email' },
					},
				},
				// The service's path users[0].email in the node's words (domain/fieldPaths.ts).
				expected: {
					error: { httpCode: '422', description: containing('- User 1 → Email: is not an email') },
				},
			},
			{
				case: 'a 429, waited out, then success',
				parameters: getTemplate(),
				fault: {
					kind: 'status',
					status: 429,
					headers: { 'Retry-After': '0' },
					body: { error: 'Too Many Requests', message: 'Slow down' },
				},
				expected: { requests: [anything, anything] },
			},
			{
				case: 'a 500 on a write, not sent again',
				parameters: createWebhook('https://hooks.example.com/fails'),
				fault: {
					kind: 'status',
					method: 'POST',
					status: 500,
					body: { error: 'Internal Server Error', message: 'boom' },
				},
				expected: { requests: [anything], error: { httpCode: '500' } },
			},
			{
				case: 'a 502 HTML page on a read',
				parameters: getTemplate(),
				fault: {
					kind: 'status',
					status: 502,
					headers: { 'Content-Type': 'text/html' },
					body: '<html><head><title>502 Bad Gateway</title></head><body>nginx</body></html>',
				},
				expected: { error: { message: containing('502 Bad Gateway') } },
			},
			{
				case: 'a 2xx the node cannot read',
				parameters: createWebhook('https://hooks.example.com/cut'),
				fault: {
					kind: 'status',
					status: 201,
					headers: { 'Content-Type': 'application/json' },
					body: '{"id": "cut off',
				},
				expected: { error: { message: containing('could not be read') } },
			},
			{
				case: 'a reset connection',
				parameters: getTemplate(),
				fault: { kind: 'reset' },
				expected: { error: { description: containing('(ECONNRESET)') } },
			},
			{
				case: 'a timeout',
				parameters: getTemplate(),
				fault: { kind: 'delay', delayMs: 600 },
				timeoutMs: 150,
				expected: { error: { description: containing('(ECONNABORTED)') } },
			},
			{
				case: 'deprecation headers become a hint',
				parameters: getTemplate(),
				fault: {
					kind: 'status',
					status: 200,
					headers: { Deprecation: '@1767225600', Sunset: 'Wed, 01 Jul 2026 00:00:00 GMT' },
					body: { id: '<template>', name: 'Parity template' },
				},
				expected: { hints: [anything] },
			},
		]),
	)('$case', async (row) => {
		await checkRow(row);
	});

	it('several items: one output per item, paired', async () => {
		const result = await runCase({
			parameters: getTemplate()(),
			input: [{ json: { a: 1 } }, { json: { a: 2 } }],
		});
		expect(result.output[0].map((item) => item.pairedItem)).toEqual([{ item: 0 }, { item: 1 }]);
	});

	// Refused before anything is sent: by n8n's start check (WorkflowHasIssuesError) or by the node.
	it.each(
		rows([
			{
				case: "n8n's start check: a required parameter left empty",
				parameters: () => ({
					resource: 'webhook',
					operation: 'createWebhook',
					url: 'https://x.example',
				}),
				expected: { error: { message: containing('has issues') } },
			},
			{
				case: "n8n's start check: a malformed picker ID",
				parameters: getTemplate(() => byId('not-an-id')),
				expected: {
					error: { class: 'WorkflowHasIssuesError', message: containing('has issues') },
					requests: [],
				},
			},
			{
				case: "n8n's start check: a picker URL the URL regex does not match",
				parameters: getTemplate(() => ({
					__rl: true,
					mode: 'url',
					value: 'https://app.example.com/templates/',
				})),
				expected: { error: { message: containing('has issues') } },
			},
			{
				case: 'bad input refused by the node',
				parameters: createWebhook('http://hooks.example.com/x'),
				expected: { error: { class: 'NodeOperationError', itemIndex: 0 }, requests: [] },
			},
		]),
	)('$case', async (row) => {
		await checkRow(row);
	});
});

describe("n8n-core's HTTP client (helpers.httpRequest) on the query shapes the transport sends", () => {
	const url = (path: string) => `${ctx.sandbox.url}${path}`;
	const auth = () => ({ Authorization: credentials(ctx.sandbox).documentSigningApi.liveApiKey });

	async function send(options: IHttpRequestOptions) {
		ctx.sandbox.clearRequests();
		ctx.sandbox.resetRateLimits();
		await createExecuteContext({ parameters: {} }).context.helpers.httpRequest(options);
		return { requests: masker()(wire(ctx.sandbox.requests)) };
	}

	it('serialises query arrays, nested objects, nulls, dates and special characters as n8n does', async () => {
		const result = await send({
			method: 'GET',
			url: url('/templates'),
			headers: auth(),
			qs: {
				status: ['draft', 'sent'],
				nested: { a: 1, b: [true, false] },
				empty: null,
				skipped: undefined,
				when: new Date('2026-01-02T03:04:05.000Z'),
				text: "a b&c=d/é!*'()~",
			},
			json: true,
			returnFullResponse: true,
			ignoreHttpStatusErrors: true,
		});
		expect(result.requests[0].query).toMatchObject({ 'status[0]': 'draft', 'status[1]': 'sent' });
	});
});
