/**
 * Parity of the two harnesses: the same operations run through the full runner (a one-node
 * workflow in n8n-core's WorkflowExecute, ./n8n.ts) and the light harness (./light.ts) against
 * the sandbox must send the same requests (method, path, query, headers, body) and give the same
 * output, error (class, message, description, HTTP code, item index) and hints. Then the HTTP
 * clients alone (n8n-core's `helpers.httpRequest` and the light one) are compared on the option
 * shapes a node can pass, and n8n-core's prepareBinaryData on the files nodes make.
 *
 * This is what makes the operation tests' light runs trustworthy: a difference here means the
 * light harness answers something n8n would not.
 */
import type {
	IBinaryData,
	IDataObject,
	IHttpRequestOptions,
	INodeExecutionData,
	INodeParameters,
	INodeType,
} from 'n8n-workflow';

import { DocumentSigning } from '../../nodes/DocumentSigning/DocumentSigning.node';
import { resetRateLimiters, transportPolicy } from '../../nodes/shared/transport';
import { byId, credentials, MISSING_UUID, ok, runOperation, useSandbox } from '../kit';
import type { RecordedRequest } from '../sandbox';
import { simplePdf } from '../sandbox/signing/pdf';
import {
	createFinished,
	createHalfSigned,
	startFileServer,
} from '../nodes/DocumentSigning/actions/signingRequest/signerReadsKit';
import type { FileServer } from '../nodes/DocumentSigning/actions/signingRequest/signerReadsKit';
import { core } from './core';
import type { LightRunResult } from './light';
import { prepareBinaryDataLight, runLight } from './light';
import { lightHttpRequest } from './light-http';
import { binaryItem, createExecuteContext, runNode } from './n8n';
import { ensureEnvironment } from './n8n-env';

const ctx = useSandbox();
const node = new DocumentSigning();

/** A 1×1 PNG. */
const PNG = Buffer.from(
	'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
	'base64',
);

/** Stable names for what differs between two runs by design: IDs, times, multipart boundaries. */
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
	/** Runs before each of the two runs (faults to inject). */
	before?: () => void;
}

/** Runs the case through both harnesses, one after the other, on the same sandbox. */
async function both(c: Case) {
	const options = () => ({
		node,
		parameters: deepClone(c.parameters) as INodeParameters,
		credentials: credentials(ctx.sandbox, { keyToUse: c.keyToUse }),
		input: c.input,
	});
	const runs: Record<'full' | 'light', { result: LightRunResult; requests: RecordedRequest[] }> =
		{} as never;
	for (const runner of ['full', 'light'] as const) {
		ctx.sandbox.clearRequests();
		resetRateLimiters();
		c.before?.();
		const result = runner === 'full' ? await runNode(options()) : await runLight(options());
		runs[runner] = { result, requests: [...ctx.sandbox.requests] };
	}
	const view = (runner: 'full' | 'light') => {
		const mask = masker();
		const { result, requests } = runs[runner];
		return mask({
			requests: wire(requests),
			output: outputShape(result.output),
			error: errorShape(result.error),
			hints: result.hints,
		});
	};
	return { full: view('full'), light: view('light'), raw: runs };
}

function deepClone<T>(value: T): T {
	return JSON.parse(JSON.stringify(value)) as T;
}

async function expectParity(c: Case) {
	const { full, light } = await both(c);
	expect(light).toEqual(full);
	return full;
}

let templateId: string;
beforeAll(async () => {
	const template = await ok<{ id: string }>(ctx.sandbox, 'POST', '/templates', {
		name: 'Parity template',
		document: simplePdf('Parity template', 2).toString('base64'),
	});
	templateId = template.id;
});

describe('the light harness gives what a whole n8n run gives', () => {
	it('a GET with filters and sorting in the query', async () => {
		const result = await expectParity({
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
		const requests = await expectParity({
			parameters: {
				resource: 'signingRequest',
				operation: 'listSigningRequests',
				returnAll: false,
				limit: 3,
				filters: { status: ['not_sent', 'in_progress'] },
			},
		});
		expect(requests.requests[0].query).toMatchObject({ status: 'not_sent,in_progress' });
		const seals = await expectParity({
			parameters: {
				resource: 'organizationSeal',
				operation: 'listOrganizationSeals',
				includeRevoked: true,
			},
		});
		expect(seals.requests[0].query).toMatchObject({ include_revoked: 'true' });
	});

	it('a list with Return All across two pages', async () => {
		const result = await expectParity({
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
		const result = await expectParity({
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
		const result = await expectParity({
			parameters: { resource: 'company', operation: 'uploadCompanyLogo' },
			input,
		});
		expect(result.requests[0].headers['content-type']).toMatch(/^multipart\/form-data/);
	});

	it('a JSON body carrying an input PDF', async () => {
		const input = [
			await binaryItem(simplePdf('Parity upload', 1), 'upload.pdf', 'application/pdf'),
		];
		await expectParity({
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
			const result = await expectParity({
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
			const refused = await expectParity({
				parameters: {
					resource: 'signingRequest',
					operation: 'downloadSigningRequest',
					signingRequestId: byId(open.id),
				},
			});
			expect(refused.error).toMatchObject({ class: 'NodeOperationError', itemIndex: 0 });
			const accepted = await expectParity({
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
		const result = await expectParity({
			parameters: {
				resource: 'template',
				operation: 'getTemplate',
				templateId: byId(MISSING_UUID),
			},
		});
		expect(result.error).toMatchObject({ class: 'NodeApiError', httpCode: '404', itemIndex: 0 });
	});

	it('a 422 with details by field', async () => {
		const result = await expectParity({
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
		const result = await expectParity({
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
		const result = await expectParity({
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

	it('a 502 HTML page on a read', async () => {
		const result = await expectParity({
			parameters: { resource: 'template', operation: 'getTemplate', templateId: byId(templateId) },
			before: () =>
				ctx.sandbox.injectFault({
					kind: 'status',
					status: 502,
					headers: { 'Content-Type': 'text/html' },
					body: '<html><head><title>502 Bad Gateway</title></head><body>nginx</body></html>',
				}),
		});
		expect(result.error?.message).toContain('502 Bad Gateway');
	});

	it('a 2xx the node cannot read', async () => {
		const result = await expectParity({
			parameters: {
				resource: 'webhook',
				operation: 'createWebhook',
				url: 'https://hooks.example.com/cut',
				events: ['signing_request.sent'],
			},
			before: () =>
				ctx.sandbox.injectFault({
					kind: 'status',
					status: 201,
					headers: { 'Content-Type': 'application/json' },
					body: '{"id": "cut off',
				}),
		});
		expect(result.error?.message).toContain('could not be read');
	});

	it('a reset connection', async () => {
		const result = await expectParity({
			parameters: { resource: 'template', operation: 'getTemplate', templateId: byId(templateId) },
			before: () => ctx.sandbox.injectFault({ kind: 'reset' }),
		});
		expect(result.error?.description).toContain('(ECONNRESET)');
	});

	it('a timeout', async () => {
		const timeout = transportPolicy.timeoutMs;
		transportPolicy.timeoutMs = 150;
		try {
			const result = await expectParity({
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
		const result = await expectParity({
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
		const result = await expectParity({
			parameters: { resource: 'template', operation: 'getTemplate', templateId: byId(templateId) },
			input: [{ json: { a: 1 } }, { json: { a: 2 } }],
		});
		expect(result.output[0].map((item) => item.pairedItem)).toEqual([{ item: 0 }, { item: 1 }]);
	});

	it("n8n's start check: a required parameter left empty, a malformed picker ID", async () => {
		const missing = await expectParity({
			parameters: { resource: 'webhook', operation: 'createWebhook', url: 'https://x.example' },
		});
		expect(missing.error?.message).toContain('has issues');
		const malformed = await expectParity({
			parameters: { resource: 'template', operation: 'getTemplate', templateId: byId('nope') },
		});
		expect(malformed.error?.message).toContain('has issues');
		expect(malformed.requests).toHaveLength(0);
	});

	it('a picker value by URL (extractValue) and one the URL regex does not match', async () => {
		const byUrl = await expectParity({
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
		const noId = await expectParity({
			parameters: {
				resource: 'template',
				operation: 'getTemplate',
				templateId: { __rl: true, mode: 'url', value: 'https://app.example.com/templates/' },
			},
		});
		expect(noId.error?.message).toContain('has issues');
	});

	it('bad input refused by the node before anything is sent', async () => {
		const result = await expectParity({
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

describe("the light HTTP client answers as n8n-core's", () => {
	function fullClient() {
		return createExecuteContext({ parameters: {} }).context.helpers.httpRequest;
	}

	async function compare(options: IHttpRequestOptions, before?: () => void) {
		const results: Record<string, unknown> = {};
		for (const runner of ['full', 'light'] as const) {
			ctx.sandbox.clearRequests();
			ctx.sandbox.resetRateLimits();
			before?.();
			const send = runner === 'full' ? fullClient() : lightHttpRequest;
			let answer: unknown;
			try {
				const response = (await send({ ...options, headers: { ...options.headers } })) as {
					headers?: Record<string, unknown>;
				};
				if (response && typeof response === 'object' && 'headers' in response) {
					// Volatile: the date, the request's ID and the rate-limit window's clock.
					const headers = Object.fromEntries(
						Object.entries({ ...(response.headers ?? {}) }).filter(
							([name]) => !/^(date|x-request-id|x-ratelimit-reset)$/i.test(name),
						),
					);
					const { body } = response as { body?: unknown };
					answer = {
						...response,
						headers,
						...(Buffer.isBuffer(body) ? { body: { buffer: body.toString('utf8') } } : {}),
					};
				} else {
					answer = response;
				}
			} catch (error) {
				const e = error as Error & { code?: string; response?: { status: number; data: unknown } };
				answer = {
					thrown: e.message,
					code: e.code,
					status: e.response?.status,
					data: e.response?.data,
				};
			}
			results[runner] = masker()({ answer, requests: wire(ctx.sandbox.requests) });
		}
		expect(results.light).toEqual(results.full);
		return results.full as { answer: unknown; requests: ReturnType<typeof wire> };
	}

	const url = (path: string) => `${ctx.sandbox.url}${path}`;
	const auth = () => ({ Authorization: credentials(ctx.sandbox).documentSigningApi.liveApiKey });

	it('serialises query arrays, nested objects, nulls, dates and special characters as n8n does', async () => {
		const result = await compare({
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

	it('sends JSON, a Buffer, a string; drops empty and GET bodies and their Content-Type', async () => {
		for (const [method, body, headers] of [
			['POST', { a: [1, 2], b: 'ü' }, {}],
			['POST', [{ a: 1 }], {}],
			['POST', {}, { 'Content-Type': 'application/json' }],
			['POST', [], {}],
			['PUT', Buffer.from('raw bytes'), { 'content-type': 'application/octet-stream' }],
			['PATCH', 'plain text', {}],
			['GET', { ignored: true }, {}],
			['DELETE', undefined, { 'Content-Type': 'application/json' }],
		] as Array<[IHttpRequestOptions['method'], IHttpRequestOptions['body'], IDataObject]>) {
			await compare({
				method,
				url: url('/templates'),
				headers: { ...auth(), ...headers },
				body,
				json: true,
				returnFullResponse: true,
				ignoreHttpStatusErrors: true,
			});
		}
	});

	it('answers: JSON, text, empty, arraybuffer, and the body alone without returnFullResponse', async () => {
		const full = { headers: auth(), json: true, returnFullResponse: true };
		await compare({ method: 'GET', url: url('/templates'), ...full }, () =>
			ctx.sandbox.injectFault({ kind: 'status', status: 200, body: 'not json' }),
		);
		await compare({ method: 'GET', url: url('/templates'), ...full }, () =>
			ctx.sandbox.injectFault({ kind: 'status', status: 200, body: '\ufeff{"bom": true}' }),
		);
		await compare({ method: 'GET', url: url('/templates'), ...full }, () =>
			ctx.sandbox.injectFault({ kind: 'status', status: 200, body: '"a JSON string"' }),
		);
		await compare({ method: 'DELETE', url: url('/templates'), ...full }, () =>
			ctx.sandbox.injectFault({ kind: 'status', status: 204, body: '' }),
		);
		await compare({ method: 'GET', url: url('/templates'), headers: auth(), json: true });
		await compare({
			method: 'GET',
			url: url('/templates'),
			headers: auth(),
			encoding: 'arraybuffer',
			json: false,
			returnFullResponse: true,
		});
	});

	it('throws on an error status unless told to ignore it, with the same error shape', async () => {
		await compare({ method: 'GET', url: url('/templates/nope'), headers: auth(), json: true });
		await compare({ method: 'GET', url: url('/templates'), json: true });
		await compare({
			method: 'GET',
			url: url('/templates'),
			json: true,
			returnFullResponse: true,
			ignoreHttpStatusErrors: true,
		});
	});

	it('fails the same way when nothing answers', async () => {
		await compare({ method: 'GET', url: 'http://127.0.0.1:9/nothing', json: true, timeout: 2000 });
		await compare({ method: 'GET', url: url('/templates'), headers: auth(), json: true }, () =>
			ctx.sandbox.injectFault({ kind: 'reset' }),
		);
		await compare(
			{ method: 'GET', url: url('/templates'), headers: auth(), json: true, timeout: 100 },
			() => ctx.sandbox.injectFault({ kind: 'delay', delayMs: 400 }),
		);
	});
});

describe("the light prepareBinaryData stores files as n8n-core's default mode", () => {
	it.each([
		[PNG, 'logo.png', 'image/png'],
		[simplePdf('x', 1), 'Offer 12_3.pdf', 'application/pdf'],
		[Buffer.from('hello'), 'notes', 'text/plain'],
		[Buffer.alloc(1_234_567, 1), 'big.bin', 'application/octet-stream'],
		[Buffer.alloc(0), 'empty.txt', 'text/plain'],
		[PNG, 'folder/sub/stamp.jpeg', 'image/jpeg'],
		[PNG, 'signature', 'image/png'],
	])('%#: %s as %s', async (data, fileName, mimeType) => {
		ensureEnvironment();
		const full = await core().prepareBinaryData(
			data,
			'parity',
			'harness-workflow',
			fileName,
			mimeType,
		);
		expect(await prepareBinaryDataLight(data, fileName, mimeType)).toEqual(full);
	});
});

describe('what the light harness leaves to the full runner', () => {
	const run = (parameters: IDataObject, extra: Parameters<typeof runOperation>[4] = {}) =>
		runOperation(ctx.sandbox, 'template', 'getTemplate', parameters, extra);

	it('runOperation runs light unless the call needs n8n itself', async () => {
		const templateRef = { templateId: byId(templateId) };
		expect((await run(templateRef)).runner).toBe('light');
		expect((await run(templateRef, { full: true })).runner).toBe('full');
		expect((await run(templateRef, { continueOnFail: true })).runner).toBe('full');
		expect((await run(templateRef, { binaryMode: 'filesystem' })).runner).toBe('full');
		const expression = {
			templateId: { __rl: true, mode: 'id', value: `={{ "${templateId}" }}` },
		};
		const viaExpression = await run(expression);
		expect(viaExpression.runner).toBe('full');
		expect(viaExpression.error).toBeUndefined();
		const refusedByN8n = await run({ templateId: byId('not-an-id') });
		expect(refusedByN8n.runner).toBe('full');
		expect(refusedByN8n.error?.constructor.name).toBe('WorkflowHasIssuesError');
	});

	it('runLight refuses, naming the full runner, what it cannot do faithfully', async () => {
		const base = {
			node,
			parameters: { resource: 'template', operation: 'getTemplate', templateId: byId(templateId) },
			credentials: credentials(ctx.sandbox),
		};
		await expect(
			runLight({ ...base, parameters: { ...base.parameters, name: '={{ 1 }}' } }),
		).rejects.toThrow('does not do expressions (parameter name)');
		await expect(runLight({ ...base, continueOnFail: true })).rejects.toThrow(
			'does not do Continue On Fail',
		);
		await expect(runLight({ ...base, binaryMode: 'filesystem' })).rejects.toThrow(
			"does not do the 'filesystem' binary mode",
		);
		// A node whose description asks n8n to validate values (validateType) is not mirrored.
		const validating: INodeType = {
			description: {
				displayName: 'Validating',
				name: 'validating',
				group: ['transform'],
				version: 1,
				description: '',
				defaults: { name: 'Validating' },
				inputs: ['main'],
				outputs: ['main'],
				properties: [
					{ displayName: 'N', name: 'n', type: 'string', default: '', validateType: 'number' },
				],
			},
			execute: async () => [[]],
		};
		await expect(runLight({ node: validating, parameters: { n: '1' } })).rejects.toThrow(
			"does not do n8n's validateType / resource mapper checks",
		);
		// Send and Wait asks n8n for its resume URL inside the node: the run fails loudly.
		const creds = credentials(ctx.sandbox);
		await expect(
			runLight({
				...base,
				parameters: {
					resource: 'signingRequest',
					operation: 'sendAndWaitForCompletion',
					signingRequestId: byId(MISSING_UUID),
				},
				credentials: {
					documentSigningApi: {
						...creds.documentSigningApi,
						webhookSigningSecret: 'whsec_parity_secret',
					},
				},
			}),
		).rejects.toThrow(
			'The light harness does not do getWorkflowDataProxy: run this test with the full runner',
		);
	});
});
