import { DocumentSigningApi } from '../../credentials/DocumentSigningApi.credentials';
import { callApi, resetRateLimiters } from '../../nodes/shared/transport';
import { createExecuteContext, runCredentialTest } from '../helpers/n8n';
import type { Sandbox } from '../sandbox';
import { SEED, startSandbox } from '../sandbox';

const credential = new DocumentSigningApi();
const PROTECTED = SEED.protectedWorkspace;

let sandbox: Sandbox;
beforeAll(async () => {
	sandbox = await startSandbox();
});
beforeEach(() => sandbox.clearRequests());
afterAll(async () => await sandbox.close());

const data = (extra: Record<string, unknown> = {}) => ({
	baseUrl: sandbox.url,
	keyToUse: 'live',
	liveApiKey: PROTECTED.liveKey,
	testApiKey: PROTECTED.testKey,
	apiVersion: 1,
	...extra,
});

describe('Document Signing API credential', () => {
	it('is named and shaped as n8n expects', () => {
		expect(credential.name).toBe('documentSigningApi');
		expect(credential.displayName).toBe('Document Signing API');
		const byName = Object.fromEntries(credential.properties.map((p) => [p.name, p]));
		expect(Object.keys(byName)).toEqual([
			'baseUrl',
			'keyToUse',
			'liveApiKey',
			'testApiKey',
			'apiVersion',
			'webhookSigningSecret',
		]);
		expect(byName.baseUrl.required).toBe(true);
		for (const secret of ['liveApiKey', 'testApiKey', 'webhookSigningSecret']) {
			expect(byName[secret].typeOptions?.password).toBe(true);
		}
		// Test first and by default: free and watermarked, so trying things out costs nothing.
		expect(byName.keyToUse.default).toBe('test');
		expect((byName.keyToUse.options as Array<{ value: string }>).map((o) => o.value)).toEqual([
			'test',
			'live',
		]);
		expect(byName.apiVersion).toMatchObject({
			type: 'number',
			default: 1,
			typeOptions: { minValue: 1, numberPrecision: 0 },
		});
	});

	it.each([
		['live', PROTECTED.liveKey],
		['test', PROTECTED.testKey],
	])(
		'with Key to Use = %s, sends that key bare in Authorization (as any node or HTTP Request would)',
		async (mode, key) => {
			const { context } = createExecuteContext({
				parameters: {},
				credentials: { documentSigningApi: data({ keyToUse: mode }) },
			});
			const response = await context.helpers.httpRequestWithAuthentication.call(
				context,
				'documentSigningApi',
				{
					method: 'GET',
					url: `${sandbox.url}/company`,
					json: true,
				},
			);
			expect(response.id).toBe(SEED.company.id);
			expect(sandbox.requests[0].headers.authorization).toBe(key);
			expect(sandbox.requests[0].headers['x-api-version']).toBe('1');
		},
	);

	it('sends the test key when Key to Use was never set (the default is Test)', async () => {
		const { keyToUse: _unused, ...withoutMode } = data();
		const { context } = createExecuteContext({
			parameters: {},
			credentials: { documentSigningApi: withoutMode },
		});
		await context.helpers.httpRequestWithAuthentication.call(context, 'documentSigningApi', {
			method: 'GET',
			url: `${sandbox.url}/company`,
		});
		expect(sandbox.requests[0].headers.authorization).toBe(PROTECTED.testKey);
	});

	it.each([
		[{ keyToUse: 'live' }],
		[{ keyToUse: 'test' }],
		[{ keyToUse: undefined }],
		[{ keyToUse: 'test', apiVersion: '' }],
		[{ keyToUse: 'live', apiVersion: 2 }],
		[{ keyToUse: 'test', apiVersion: null }],
	])(
		'the node sends the same key and version headers as the authenticate block (%j)',
		async (extra) => {
			resetRateLimiters();
			const { context } = createExecuteContext({
				parameters: {},
				credentials: { documentSigningApi: data(extra) },
			});
			await context.helpers.httpRequestWithAuthentication.call(context, 'documentSigningApi', {
				method: 'GET',
				url: `${sandbox.url}/company`,
				ignoreHttpStatusErrors: true,
			});
			await callApi(context, { method: 'GET', path: '/company' }).catch(() => undefined);
			expect(sandbox.requests).toHaveLength(2);
			const [byBlock, byNode] = sandbox.requests.map((r) => r.headers);
			expect(byNode.authorization).toBe(byBlock.authorization);
			expect(byNode['x-api-version']).toBe(byBlock['x-api-version']);
			expect(byNode.authorization).toBe(
				extra.keyToUse === 'live' ? PROTECTED.liveKey : PROTECTED.testKey,
			);
		},
	);

	it('sends the configured API version, and 1 when the field is empty', async () => {
		const { context } = createExecuteContext({
			parameters: {},
			credentials: { documentSigningApi: data({ apiVersion: '' }) },
		});
		await context.helpers.httpRequestWithAuthentication.call(context, 'documentSigningApi', {
			method: 'GET',
			url: `${sandbox.url}/company`,
		});
		expect(sandbox.requests[0].headers['x-api-version']).toBe('1');
	});

	it('"Test" calls GET /workspaces?page_size=1 with the chosen key and succeeds', async () => {
		const result = await runCredentialTest(
			credential,
			data({ baseUrl: `${sandbox.url}/`, keyToUse: 'test' }),
		);
		expect(result.status).toBe('OK');
		expect(result.statusCode).toBe(200);
		expect(sandbox.requests).toHaveLength(1);
		expect(sandbox.requests[0]).toMatchObject({
			method: 'GET',
			path: '/workspaces',
			query: { page_size: '1' },
			status: 200,
		});
		expect(sandbox.requests[0].headers.authorization).toBe(PROTECTED.testKey);
	});

	it('"Test" fails with a wrong key, saying which key to check and not showing it', async () => {
		const result = await runCredentialTest(credential, data({ liveApiKey: 'sk_live_nope' }));
		expect(result.status).toBe('Error');
		expect(result.statusCode).toBe(401);
		expect(sandbox.requests[0].status).toBe(401);
		expect(result.message).toContain('"Key to Use"');
		expect(result.message).toContain('a test key under Test API Key');
		expect(result.message).not.toContain('sk_live_nope');
	});
});
