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

interface Case {
	parameters: IDataObject;
	input?: INodeExecutionData[];
	keyToUse?: 'live' | 'test';
	/** Runs before the run (faults to inject). */
	before?: () => void;
}

/** Runs the case on the engine; what was sent, output, thrown and hinted, masked. */
async function runCase(c: Case) {
	ctx.sandbox.clearRequests();
	resetRateLimiters();
	c.before?.();
	const { resource, operation, ...parameters } = c.parameters as INodeParameters & {
		resource: string;
		operation: string;
	};
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
}

let templateId: string;
beforeAll(async () => {
	const template = await ok<{ id: string }>(ctx.sandbox, 'POST', '/templates', {
		name: 'Parity template',
		document: simplePdf('Parity template', 2).toString('base64'),
	});
	templateId = template.id;
});

describe("the node on n8n's engine: what it sends, outputs and throws", () => {
	it('a GET with filters and sorting in the query', async () => {
		const result = await runCase({
			parameters: {
				resource: 'template',
				operation: 'listTemplates',
				returnAll: false,
				limit: 5,
				filters: { name: ' Parity ', created_after: '2000-01-01' },
				sort: { sort_by: 'name', sort_order: 'asc' },
			},
		});
		expect(result.requests).toHaveLength(1);
		expect(result.requests[0].query).toMatchObject({ name: 'Parity', page_size: '5' });
		expect(result.output[0].length).toBeGreaterThan(0);
	});

	it('a GET with a multi-option filter and a boolean in the query', async () => {
		const requests = await runCase({
			parameters: {
				resource: 'signingRequest',
				operation: 'listSigningRequests',
				returnAll: false,
				limit: 3,
				filters: { status: ['not_sent', 'in_progress'] },
			},
		});
		expect(requests.requests[0].query).toMatchObject({ status: 'not_sent,in_progress' });
		const seals = await runCase({
			parameters: {
				resource: 'organizationSeal',
				operation: 'listOrganizationSeals',
				includeRevoked: true,
			},
		});
		expect(seals.requests[0].query).toMatchObject({ include_revoked: 'true' });
	});

	it('a list with Return All across two pages', async () => {
		const result = await runCase({
			parameters: { resource: 'template', operation: 'listTemplates', returnAll: true },
			before: () =>
				ctx.sandbox.injectFault({
					kind: 'status',
					method: 'GET',
					path: '/templates',
					status: 200,
					body: {
						results: [{ id: 'first-page', name: 'From page 1' }],
						pagination: { current_page: 1, page_size: 1, total_count: 2, total_pages: 2 },
					},
				}),
		});
		expect(result.requests.map((r) => r.query.page)).toEqual(['1', '2']);
	});

	it('a POST with a JSON body', async () => {
		const result = await runCase({
			parameters: {
				resource: 'webhook',
				operation: 'createWebhook',
				url: 'https://hooks.example.com/parity',
				events: ['signing_request.completed', 'signing_request.sent'],
				additionalFields: { description: 'Parity ünïcode ✓' },
			},
		});
		expect(result.error).toBeUndefined();
		expect(result.requests[0].headers['content-type']).toBe('application/json');
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
		const input = [
			await binaryItem(simplePdf('Parity upload', 1), 'upload.pdf', 'application/pdf'),
		];
		await runCase({
			parameters: {
				resource: 'template',
				operation: 'createTemplate',
				name: 'Parity upload',
			},
			input,
		});
	});

	describe('a binary download', () => {
		let files: FileServer;
		beforeAll(async () => {
			files = await startFileServer();
		});
		afterAll(async () => await files.close());

		it('of a finished signing request', async () => {
			const finished = await createFinished(ctx.sandbox, 'Parity agreement');
			const result = await runCase({
				parameters: {
					resource: 'signingRequest',
					operation: 'downloadSigningRequest',
					signingRequestId: byId(finished.id),
				},
			});
			expect(result.error).toBeUndefined();
			expect((result.output[0][0].binary as Record<string, IBinaryData>).data).toMatchObject({
				mimeType: 'application/pdf',
				fileExtension: 'pdf',
			});
		});

		it('of an unfinished one: refused by default; accepted with the option, with a node hint', async () => {
			const open = await createHalfSigned(ctx.sandbox, 'Parity lease');
			const refused = await runCase({
				parameters: {
					resource: 'signingRequest',
					operation: 'downloadSigningRequest',
					signingRequestId: byId(open.id),
				},
			});
			expect(refused.error).toMatchObject({ class: 'NodeOperationError', itemIndex: 0 });
			const accepted = await runCase({
				parameters: {
					resource: 'signingRequest',
					operation: 'downloadSigningRequest',
					signingRequestId: byId(open.id),
					options: { acceptUnfinished: true },
				},
			});
			expect(accepted.error).toBeUndefined();
			expect(accepted.hints).toHaveLength(1);
		});
	});

	it('a 404', async () => {
		const result = await runCase({
			parameters: {
				resource: 'template',
				operation: 'getTemplate',
				templateId: byId(MISSING_UUID),
			},
		});
		expect(result.error).toMatchObject({ class: 'NodeApiError', httpCode: '404', itemIndex: 0 });
	});

	it('a 422 with details by field', async () => {
		const result = await runCase({
			parameters: {
				resource: 'template',
				operation: 'getTemplate',
				templateId: byId(templateId),
			},
			before: () =>
				ctx.sandbox.injectFault({
					kind: 'status',
					status: 422,
					body: {
						error: 'Unprocessable Entity',
						message: 'Invalid fields',
						code: 'VALIDATION_FAILED',
						details: { name: ['is too long'], 'users[0].email': 'is not an email' },
					},
				}),
		});
		expect(result.error?.httpCode).toBe('422');
		expect(result.error?.description).toContain('users[0].email');
	});

	it('a 429, waited out, then success', async () => {
		const result = await runCase({
			parameters: {
				resource: 'template',
				operation: 'getTemplate',
				templateId: byId(templateId),
			},
			before: () =>
				ctx.sandbox.injectFault({
					kind: 'status',
					status: 429,
					headers: { 'Retry-After': '0' },
					body: { error: 'Too Many Requests', message: 'Slow down' },
				}),
		});
		expect(result.requests).toHaveLength(2);
		expect(result.error).toBeUndefined();
	});

	it('a 500 on a write, not sent again', async () => {
		const result = await runCase({
			parameters: {
				resource: 'webhook',
				operation: 'createWebhook',
				url: 'https://hooks.example.com/fails',
				events: ['signing_request.sent'],
			},
			before: () =>
				ctx.sandbox.injectFault({
					kind: 'status',
					method: 'POST',
					status: 500,
					body: { error: 'Internal Server Error', message: 'boom' },
				}),
		});
		expect(result.requests).toHaveLength(1);
		expect(result.error?.httpCode).toBe('500');
	});

	// Answers n8n's error handling turns into the message or description a user reads.
	const getTemplate = () => ({
		resource: 'template',
		operation: 'getTemplate',
		templateId: byId(templateId),
	});
	it.each([
		{
			case: 'a 502 HTML page on a read',
			parameters: getTemplate,
			fault: {
				kind: 'status',
				status: 502,
				headers: { 'Content-Type': 'text/html' },
				body: '<html><head><title>502 Bad Gateway</title></head><body>nginx</body></html>',
			},
			field: 'message',
			text: '502 Bad Gateway',
		},
		{
			case: 'a 2xx the node cannot read',
			parameters: () => ({
				resource: 'webhook',
				operation: 'createWebhook',
				url: 'https://hooks.example.com/cut',
				events: ['signing_request.sent'],
			}),
			fault: {
				kind: 'status',
				status: 201,
				headers: { 'Content-Type': 'application/json' },
				body: '{"id": "cut off',
			},
			field: 'message',
			text: 'could not be read',
		},
		{
			case: 'a reset connection',
			parameters: getTemplate,
			fault: { kind: 'reset' },
			field: 'description',
			text: '(ECONNRESET)',
		},
	] as const)('$case', async ({ parameters, fault, field, text }) => {
		const result = await runCase({
			parameters: parameters(),
			before: () => ctx.sandbox.injectFault(fault as Parameters<Sandbox['injectFault']>[0]),
		});
		expect(result.error?.[field]).toContain(text);
	});

	it('a timeout', async () => {
		const timeout = transportPolicy.timeoutMs;
		transportPolicy.timeoutMs = 150;
		try {
			const result = await runCase({
				parameters: {
					resource: 'template',
					operation: 'getTemplate',
					templateId: byId(templateId),
				},
				before: () => ctx.sandbox.injectFault({ kind: 'delay', delayMs: 600 }),
			});
			expect(result.error?.description).toContain('(ECONNABORTED)');
		} finally {
			transportPolicy.timeoutMs = timeout;
		}
	});

	it('deprecation headers become a hint', async () => {
		const result = await runCase({
			parameters: { resource: 'template', operation: 'getTemplate', templateId: byId(templateId) },
			before: () =>
				ctx.sandbox.injectFault({
					kind: 'status',
					status: 200,
					headers: { Deprecation: '@1767225600', Sunset: 'Wed, 01 Jul 2026 00:00:00 GMT' },
					body: { id: templateId, name: 'Parity template' },
				}),
		});
		expect(result.hints).toHaveLength(1);
	});

	it('several items: one output per item, paired', async () => {
		const result = await runCase({
			parameters: { resource: 'template', operation: 'getTemplate', templateId: byId(templateId) },
			input: [{ json: { a: 1 } }, { json: { a: 2 } }],
		});
		expect(result.output[0].map((item) => item.pairedItem)).toEqual([{ item: 0 }, { item: 1 }]);
	});

	it("n8n's start check (WorkflowHasIssuesError): a required parameter left empty, a malformed picker ID", async () => {
		const missing = await runCase({
			parameters: { resource: 'webhook', operation: 'createWebhook', url: 'https://x.example' },
		});
		expect(missing.error?.message).toContain('has issues');
		const malformed = await runCase({
			parameters: { resource: 'template', operation: 'getTemplate', templateId: byId('not-an-id') },
		});
		expect(malformed.error?.message).toContain('has issues');
		expect(malformed.error?.class).toBe('WorkflowHasIssuesError');
		expect(malformed.requests).toHaveLength(0);
	});

	it('an expression resolves per item', async () => {
		const viaExpression = await runCase({
			parameters: {
				resource: 'template',
				operation: 'getTemplate',
				templateId: { __rl: true, mode: 'id', value: `={{ "${templateId}" }}` },
			},
		});
		expect(viaExpression.error).toBeUndefined();
		expect(viaExpression.requests.map((r) => r.path)).toEqual(['/templates/<id0>']);
	});

	it('a picker value by URL (extractValue) and one the URL regex does not match', async () => {
		const byUrl = await runCase({
			parameters: {
				resource: 'template',
				operation: 'getTemplate',
				templateId: {
					__rl: true,
					mode: 'url',
					value: `https://app.example.com/templates/${templateId}/edit`,
				},
			},
		});
		expect(byUrl.requests[0].path).toMatch(/^\/templates\/<id\d+>$/);
		const noId = await runCase({
			parameters: {
				resource: 'template',
				operation: 'getTemplate',
				templateId: { __rl: true, mode: 'url', value: 'https://app.example.com/templates/' },
			},
		});
		expect(noId.error?.message).toContain('has issues');
	});

	it('bad input refused by the node before anything is sent', async () => {
		const result = await runCase({
			parameters: {
				resource: 'webhook',
				operation: 'createWebhook',
				url: 'http://hooks.example.com/x',
				events: ['signing_request.sent'],
			},
		});
		expect(result.error).toMatchObject({ class: 'NodeOperationError', itemIndex: 0 });
		expect(result.requests).toHaveLength(0);
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
