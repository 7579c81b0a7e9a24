import { existsSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';

import type {
	ICredentialDataDecryptedObject,
	ICredentialTestRequest,
	ICredentialType,
	IExecuteFunctions,
	IHttpRequestOptions,
	INodeExecutionData,
	INodeType,
	INodeTypeDescription,
} from 'n8n-workflow';
import { NodeApiError, NodeConnectionTypes, NodeOperationError } from 'n8n-workflow';

import { DocumentSigningApi } from '../../credentials/DocumentSigningApi.credentials';
import {
	binaryItem,
	clearLogs,
	createExecuteContext,
	createLoadOptionsContext,
	getBinaryStoragePath,
	logs,
	readBinary,
	runCredentialTest,
	runNode,
} from './n8n';

// ---------------------------------------------------------------------------------------------
// A tiny recording HTTP server on 127.0.0.1
// ---------------------------------------------------------------------------------------------
interface SeenRequest {
	method: string;
	url: string;
	headers: http.IncomingHttpHeaders;
}

const seen: SeenRequest[] = [];
let server: http.Server;
let origin: string;

beforeAll(async () => {
	server = http.createServer((req, res) => {
		seen.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers });
		const url = new URL(req.url ?? '/', 'http://localhost');
		const send = (status: number, body: unknown) => {
			res.writeHead(status, { 'content-type': 'application/json' });
			res.end(JSON.stringify(body));
		};
		if (req.headers.authorization === 'wrong-key') {
			return send(401, { error: 'invalid_api_key', message: 'Invalid API key' });
		}
		if (url.pathname.endsWith('/ping')) {
			if (url.searchParams.get('email') === 'bad@example.com') {
				return send(422, { error: 'invalid_email', message: 'Email is not valid' });
			}
			return send(200, { pong: true, email: url.searchParams.get('email') });
		}
		if (url.pathname.endsWith('/workspaces')) {
			return send(200, { data: [{ id: 'ws_1' }], has_more: false });
		}
		return send(404, { error: 'not_found' });
	});
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
	origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
	await new Promise<void>((resolve) => server.close(() => resolve()));
});

beforeEach(() => {
	seen.length = 0;
	clearLogs();
});

const credentials = (overrides: Record<string, unknown> = {}) => ({
	documentSigningApi: {
		baseUrl: `${origin}/v1/`,
		keyToUse: 'live',
		liveApiKey: 'live-key-123',
		testApiKey: 'test-key-456',
		...overrides,
	},
});

// ---------------------------------------------------------------------------------------------
// A stub node that exercises the helpers the real nodes use
// ---------------------------------------------------------------------------------------------
class PingNode implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Ping Test',
		name: 'pingTest',
		group: ['transform'],
		version: [1, 2],
		description: 'Harness test node',
		defaults: { name: 'Ping Test' },
		inputs: [NodeConnectionTypes.Main],
		outputs: [NodeConnectionTypes.Main],
		credentials: [{ name: 'documentSigningApi', required: true }],
		properties: [
			{ displayName: 'Email', name: 'email', type: 'string', default: 'default@example.com' },
			{ displayName: 'Binary Property', name: 'binaryPropertyName', type: 'string', default: '' },
			{ displayName: 'Throw', name: 'throwError', type: 'boolean', default: false },
		],
	};

	async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		const items = this.getInputData();
		const credentials = await this.getCredentials('documentSigningApi');
		const baseUrl = String(credentials.baseUrl).replace(/\/+$/, '');
		this.addExecutionHints({ message: `Pinging ${items.length} item(s)`, location: 'outputPane' });
		if (this.getNodeParameter('throwError', 0) as boolean) {
			throw new NodeOperationError(this.getNode(), 'Asked to throw');
		}
		const returnData: INodeExecutionData[] = [];
		for (let i = 0; i < items.length; i++) {
			try {
				const email = this.getNodeParameter('email', i) as string;
				const response = (await this.helpers.httpRequestWithAuthentication.call(
					this,
					'documentSigningApi',
					{ method: 'GET', url: `${baseUrl}/ping`, qs: { email }, returnFullResponse: true },
				)) as { statusCode: number; body: object };
				const item: INodeExecutionData = {
					json: {
						statusCode: response.statusCode,
						...response.body,
						version: this.getNode().typeVersion,
					},
					pairedItem: { item: i },
				};
				const binaryPropertyName = this.getNodeParameter('binaryPropertyName', i) as string;
				if (binaryPropertyName) {
					const input = await this.helpers.getBinaryDataBuffer(i, binaryPropertyName);
					const output = Buffer.concat([input, Buffer.from(' (processed)')]);
					item.binary = {
						processed: await this.helpers.prepareBinaryData(output, 'processed.txt', 'text/plain'),
					};
				}
				this.logger.info('pinged', { email });
				returnData.push(item);
			} catch (error) {
				if (this.continueOnFail()) {
					returnData.push({ json: { error: error.message }, pairedItem: { item: i } });
					continue;
				}
				throw error;
			}
		}
		return [returnData];
	}
}

// ---------------------------------------------------------------------------------------------
describe('runNode: authentication through the credential type', () => {
	it('sends the live key when keyToUse=live, plus X-API-Version', async () => {
		const result = await runNode({
			node: new PingNode(),
			parameters: {},
			credentials: credentials(),
		});
		expect(result.error).toBeUndefined();
		expect(seen).toHaveLength(1);
		expect(seen[0].method).toBe('GET');
		expect(seen[0].url).toBe('/v1/ping?email=default%40example.com');
		expect(seen[0].headers.authorization).toBe('live-key-123');
		expect(seen[0].headers['x-api-version']).toBe('1'); // credential default applied
		expect(result.output[0][0].json).toMatchObject({ statusCode: 200, pong: true, version: 2 });
		expect(result.requests[0].headers).toMatchObject({ Authorization: 'live-key-123' });
	});

	it('sends the test key when keyToUse=test and the configured API version', async () => {
		await runNode({
			node: new PingNode(),
			parameters: {},
			credentials: credentials({ keyToUse: 'test', apiVersion: 3 }),
			typeVersion: 1,
		});
		expect(seen[0].headers.authorization).toBe('test-key-456');
		expect(seen[0].headers['x-api-version']).toBe('3');
	});

	it('applies a function-style authenticate of any credential type', async () => {
		class BearerApi implements ICredentialType {
			name = 'documentSigningApi';
			displayName = 'Bearer';
			properties = [
				{ displayName: 'Base URL', name: 'baseUrl', type: 'string' as const, default: '' },
				{ displayName: 'Token', name: 'token', type: 'string' as const, default: '' },
			];
			authenticate = async (
				creds: ICredentialDataDecryptedObject,
				options: IHttpRequestOptions,
			): Promise<IHttpRequestOptions> => ({
				...options,
				headers: { ...options.headers, Authorization: `Bearer ${String(creds.token)}` },
			});
		}
		await runNode({
			node: new PingNode(),
			parameters: {},
			credentialTypes: [new BearerApi()],
			credentials: { documentSigningApi: { baseUrl: origin, token: 'tok' } },
		});
		expect(seen[0].headers.authorization).toBe('Bearer tok');
	});
});

describe('runNode: parameters, errors, hints', () => {
	it('resolves expressions in parameters against each item', async () => {
		const result = await runNode({
			node: new PingNode(),
			parameters: { email: '={{ $json.address }}' },
			credentials: credentials(),
			input: [{ json: { address: 'a@example.com' } }, { json: { address: 'b@example.com' } }],
		});
		expect(seen.map((r) => r.url)).toEqual([
			'/v1/ping?email=a%40example.com',
			'/v1/ping?email=b%40example.com',
		]);
		expect(result.output[0].map((item) => item.json.email)).toEqual([
			'a@example.com',
			'b@example.com',
		]);
		expect(result.output[0][1].pairedItem).toEqual({ item: 1 });
	});

	it('continueOnFail: the failing item becomes {json:{error}}, the others succeed', async () => {
		const result = await runNode({
			node: new PingNode(),
			parameters: { email: '={{ $json.address }}' },
			credentials: credentials(),
			continueOnFail: true,
			input: [
				{ json: { address: 'a@example.com' } },
				{ json: { address: 'bad@example.com' } },
				{ json: { address: 'c@example.com' } },
			],
		});
		expect(result.error).toBeUndefined();
		const [items] = result.output;
		expect(items).toHaveLength(3);
		expect(items[0].json).toMatchObject({ pong: true, email: 'a@example.com' });
		expect(items[1].json).toEqual({ error: expect.any(String) });
		// NodeApiError's message for a 422 (the service's own message goes to `description`).
		expect(items[1].json.error).toBe(
			'Your request is invalid or could not be processed by the service',
		);
		expect(items[2].json).toMatchObject({ pong: true, email: 'c@example.com' });
	});

	it('returns the NodeApiError instance (and no output) when the node throws', async () => {
		const result = await runNode({
			node: new PingNode(),
			parameters: { email: 'bad@example.com' },
			credentials: credentials(),
		});
		expect(result.output).toEqual([]);
		expect(result.error).toBeInstanceOf(NodeApiError);
		expect((result.error as NodeApiError).httpCode).toBe('422');
	});

	it('continueOnFail + a throw from execute(): n8n passes the input items through', async () => {
		const result = await runNode({
			node: new PingNode(),
			parameters: { throwError: true },
			credentials: credentials(),
			continueOnFail: true,
			input: [{ json: { a: 1 } }],
		});
		expect(result.error).toBeInstanceOf(NodeOperationError);
		expect(result.output).toEqual([[{ json: { a: 1 }, pairedItem: { item: 0 } }]]);
	});

	it('reports a missing credential like n8n does', async () => {
		const result = await runNode({ node: new PingNode(), parameters: {} });
		expect(result.error).toBeInstanceOf(NodeOperationError);
		expect(result.error?.message).toMatch(/credentials/i);
	});

	it('returns NodeOperationError and the hints added before the throw', async () => {
		const result = await runNode({
			node: new PingNode(),
			parameters: { throwError: true },
			credentials: credentials(),
		});
		expect(result.error).toBeInstanceOf(NodeOperationError);
		expect(result.error?.message).toBe('Asked to throw');
		expect(result.hints).toEqual([{ message: 'Pinging 1 item(s)', location: 'outputPane' }]);
	});

	it('captures execution hints and logger output', async () => {
		const result = await runNode({
			node: new PingNode(),
			parameters: {},
			credentials: credentials(),
			input: [{ json: {} }, { json: {} }],
		});
		expect(result.hints).toEqual([{ message: 'Pinging 2 item(s)', location: 'outputPane' }]);
		expect(result.run?.data.resultData.runData['Ping Test'][0].hints).toEqual(result.hints);
		expect(logs.filter((l) => l.message === 'pinged')).toHaveLength(2);
	});
});

describe('binary data', () => {
	it.each(['default', 'filesystem'] as const)('round trip in %s mode', async (mode) => {
		const input = await binaryItem(Buffer.from('hello pdf'), 'doc.pdf', 'application/pdf', {
			property: 'file',
			mode,
		});
		const stored = input.binary!.file;
		expect(stored).toMatchObject({
			fileName: 'doc.pdf',
			mimeType: 'application/pdf',
			fileExtension: 'pdf',
		});
		if (mode === 'default') {
			expect(stored.id).toBeUndefined();
			expect(Buffer.from(stored.data, 'base64').toString()).toBe('hello pdf');
		} else {
			expect(stored.id).toMatch(/^filesystem-v2:/);
			expect(stored.data).toBe('filesystem-v2'); // a marker, not the content
			const fileId = stored.id!.split(':')[1];
			expect(existsSync(path.join(getBinaryStoragePath(), fileId))).toBe(true);
		}

		const result = await runNode({
			node: new PingNode(),
			parameters: { binaryPropertyName: 'file' },
			credentials: credentials(),
			input: [input],
			binaryMode: mode,
		});
		expect(result.error).toBeUndefined();
		const outputItem = result.output[0][0];
		const processed = outputItem.binary!.processed;
		expect(processed.fileName).toBe('processed.txt');
		if (mode === 'default') {
			expect(processed.id).toBeUndefined();
			expect(Buffer.from(processed.data, 'base64').toString()).toBe('hello pdf (processed)');
		} else {
			expect(processed.id).toMatch(/^filesystem-v2:workflows\/harness-workflow\/executions\//);
			expect(processed.data).toBe('filesystem-v2');
		}
		expect((await readBinary(outputItem, 'processed')).toString()).toBe('hello pdf (processed)');
		expect((await readBinary(input, 'file')).toString()).toBe('hello pdf');
	});
});

/**
 * The package's credential tests itself with a function of its nodes (testedBy); the harness's
 * runCredentialTest runs a declarative `test` request. This probe is the package's credential
 * with the declarative test it used to have.
 */
class DeclarativeTestApi extends DocumentSigningApi {
	test: ICredentialTestRequest = {
		request: {
			baseURL: '={{String($credentials.baseUrl).replace(/\\/+$/, "")}}',
			url: '/workspaces',
			method: 'GET',
			qs: { page_size: 1 },
		},
	};
}

describe('runCredentialTest', () => {
	it('resolves baseURL without the trailing slash and sends GET /workspaces?page_size=1', async () => {
		const result = await runCredentialTest(new DeclarativeTestApi(), {
			baseUrl: `${origin}/v1/`,
			keyToUse: 'test',
			liveApiKey: 'live-key-123',
			testApiKey: 'test-key-456',
		});
		expect(result.statusCode).toBe(200);
		expect(result.body).toEqual({ data: [{ id: 'ws_1' }], has_more: false });
		expect(result.status).toBe('OK');
		expect(result.request).toMatchObject({
			method: 'GET',
			baseURL: `${origin}/v1`,
			url: `${origin}/v1/workspaces`,
			qs: { page_size: 1 },
		});
		expect(result.request.headers).toMatchObject({
			Authorization: 'test-key-456',
			'X-API-Version': '1',
		});
		expect(seen).toHaveLength(1);
		expect(seen[0].url).toBe('/v1/workspaces?page_size=1');
		expect(seen[0].headers.authorization).toBe('test-key-456');
	});

	it('reports the status and body of a failing test', async () => {
		const result = await runCredentialTest(new DeclarativeTestApi(), {
			baseUrl: origin,
			keyToUse: 'live',
			liveApiKey: 'wrong-key',
		});
		expect(result.statusCode).toBe(401);
		expect(result.body).toMatchObject({ error: 'invalid_api_key' });
		expect(result.status).toBe('Error');
		expect(result.request.url).toBe(`${origin}/workspaces`);
	});
});

describe('context factories', () => {
	it('createExecuteContext gives a real IExecuteFunctions for transport helpers', async () => {
		const { context, hints } = createExecuteContext({
			parameters: { email: '={{ $json.address }}' },
			credentials: credentials({ keyToUse: 'test' }),
			input: [{ json: { address: 'ctx@example.com' } }],
		});
		expect(context.getNodeParameter('email', 0)).toBe('ctx@example.com');
		const response = await context.helpers.httpRequestWithAuthentication.call(
			context,
			'documentSigningApi',
			{ method: 'GET', url: `${origin}/v1/ping`, qs: { email: 'x@example.com' } },
		);
		expect(response).toEqual({ pong: true, email: 'x@example.com' });
		expect(seen[0].headers.authorization).toBe('test-key-456');
		context.addExecutionHints({ message: 'hi' });
		expect(hints).toEqual([{ message: 'hi' }]);
		expect(context.continueOnFail()).toBe(false);
	});

	it('createLoadOptionsContext can call the API with the credentials', async () => {
		const context = createLoadOptionsContext({
			credentials: credentials(),
			parameters: { workspace: 'ws_1' },
		});
		const creds = await context.getCredentials('documentSigningApi');
		expect(creds.apiVersion).toBe(1);
		expect(context.getCurrentNodeParameter('workspace')).toBe('ws_1');
		const response = await context.helpers.httpRequestWithAuthentication.call(
			context,
			'documentSigningApi',
			{ method: 'GET', url: `${origin}/v1/workspaces` },
		);
		expect(response).toMatchObject({ data: [{ id: 'ws_1' }] });
		expect(seen[0].headers.authorization).toBe('live-key-123');
	});
});

describe('one n8n per jest worker (single-realm-environment.ts, native-modules.ts)', () => {
	const native = process.getBuiltinModule('node:module').createRequire(__filename);

	it("a test's n8n-workflow and n8n-core are Node's own instances, the ones n8n-core uses", () => {
		/* eslint-disable @typescript-eslint/no-require-imports */
		expect(require('n8n-workflow')).toBe(native('n8n-workflow'));
		expect(require('n8n-core')).toBe(native('n8n-core'));
		/* eslint-enable @typescript-eslint/no-require-imports */
		const fromCore = native.resolve('n8n-workflow', {
			paths: [path.dirname(native.resolve('n8n-core'))],
		});
		expect(fromCore).toBe(native.resolve('n8n-workflow'));
	});

	it("n8n's objects are of the test's realm (instanceof Error, Array, Object)", async () => {
		const failed = await runNode({
			node: new PingNode(),
			parameters: { throwError: true },
			credentials: credentials(),
		});
		expect(failed.error).toBeInstanceOf(Error);
		const { output } = await runNode({
			node: new PingNode(),
			parameters: { email: 'a@example.com' },
			credentials: credentials(),
		});
		expect(output).toBeInstanceOf(Array);
		expect(output[0][0].json).toBeInstanceOf(Object);
		expect(output).toStrictEqual([
			[
				{
					json: { statusCode: 200, pong: true, email: 'a@example.com', version: 2 },
					pairedItem: { item: 0 },
				},
			],
		]);
	});
});
