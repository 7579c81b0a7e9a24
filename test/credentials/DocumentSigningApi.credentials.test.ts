import { createServer } from 'node:net';

import { CredentialTestContext } from 'n8n-core';
import type {
	ICredentialDataDecryptedObject,
	IDataObject,
	IWorkflowExecuteAdditionalData,
} from 'n8n-workflow';

import { DocumentSigningApi } from '../../credentials/DocumentSigningApi.credentials';
import { DocumentSigning } from '../../nodes/DocumentSigning/DocumentSigning.node';
import { DocumentSigningPollTrigger } from '../../nodes/DocumentSigningPollTrigger/DocumentSigningPollTrigger.node';
import { DocumentSigningTrigger } from '../../nodes/DocumentSigningTrigger/DocumentSigningTrigger.node';
import { CREDENTIAL_TEST_NAME, testDocumentSigningApi } from '../../nodes/shared/credentialTest';
import { callApi, resetRateLimiters } from '../../nodes/shared/transport';
import { createExecuteContext } from '../helpers/n8n';
import { ensureEnvironment } from '../helpers/n8n-env';
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

/**
 * The credential's "Test" as n8n 2.41.1 runs a tester function (credentials-tester.service.js
 * `testCredentials`): called on a CredentialTestContext with the credential as decrypted.
 */
async function runTest(values: IDataObject) {
	ensureEnvironment();
	const context = new CredentialTestContext({} as IWorkflowExecuteAdditionalData);
	return await testDocumentSigningApi.call(context, {
		id: 'cred-1',
		name: 'Document Signing (test)',
		type: 'documentSigningApi',
		data: values as ICredentialDataDecryptedObject,
	});
}

/** A port on 127.0.0.1 where nothing listens (taken, then closed again). */
async function closedPort(): Promise<number> {
	return await new Promise((resolve) => {
		const server = createServer();
		server.listen(0, '127.0.0.1', () => {
			const { port } = server.address() as { port: number };
			server.close(() => resolve(port));
		});
	});
}

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
		const result = await runTest(data({ baseUrl: `${sandbox.url}/`, keyToUse: 'test' }));
		expect(result).toEqual({ status: 'OK', message: 'Connection successful' });
		expect(sandbox.requests).toHaveLength(1);
		expect(sandbox.requests[0]).toMatchObject({
			method: 'GET',
			path: '/workspaces',
			query: { page_size: '1' },
			status: 200,
		});
		expect(sandbox.requests[0].headers.authorization).toBe(PROTECTED.testKey);
		expect(sandbox.requests[0].headers['x-api-version']).toBe('1');
	});

	it('"Test" fails with a wrong key, saying which key to check and not showing it', async () => {
		const result = await runTest(data({ liveApiKey: 'sk_live_nope' }));
		expect(result.status).toBe('Error');
		expect(sandbox.requests[0].status).toBe(401);
		expect(result.message).toContain('"Key to Use"');
		expect(result.message).toContain('a test key under Test API Key');
		expect(result.message).not.toContain('sk_live_nope');
	});

	it('"Test" with a Base URL where nothing listens names the address and what to check', async () => {
		const closed = await closedPort();
		const result = await runTest(data({ baseUrl: `http://127.0.0.1:${closed}` }));
		expect(result.status).toBe('Error');
		expect(result.message).toBe(
			`Could not reach the service at http://127.0.0.1:${closed}: nothing answers at that address (connection refused) (ECONNREFUSED). Check "Base URL" in this credential: the API address of the service, with https:// (for the local sandbox, the http://127.0.0.1:… address that npm start or npm run sandbox printed). Also check that the machine running n8n can reach it (network, proxy, firewall).`,
		);
	});

	it('"Test" with a Base URL that is not the API, or not an address, or an empty key, says so', async () => {
		const wrongPath = await runTest(data({ baseUrl: `${sandbox.url}/nope` }));
		expect(wrongPath.status).toBe('Error');
		expect(wrongPath.message).toMatch(
			new RegExp(
				`^${sandbox.url}/nope answered 404 to GET /workspaces: there is no document-signing API at that address\\.`,
			),
		);
		expect((await runTest(data({ baseUrl: 'api.example.com' }))).message).toMatch(
			/^"Base URL" \(api\.example\.com\) is not a web address\./,
		);
		expect((await runTest(data({ baseUrl: 'ftp://example.com' }))).message).toMatch(
			/^"Base URL" \(ftp:\/\/example\.com\) must start with https:\/\//,
		);
		expect((await runTest(data({ baseUrl: '  ' }))).message).toMatch(/^"Base URL" is empty\./);
		const before = sandbox.requests.length;
		expect((await runTest(data({ keyToUse: 'test', testApiKey: '' }))).message).toBe(
			'"Test API Key" is empty, and "Key to Use" is Test, so that key is sent. Fill it in, or switch "Key to Use".',
		);
		expect(sandbox.requests.length).toBe(before);
	});

	it('every node using the credential names the test, and n8n finds it as its tester does', () => {
		for (const node of [
			new DocumentSigning(),
			new DocumentSigningTrigger(),
			new DocumentSigningPollTrigger(),
		]) {
			const entry = node.description.credentials?.find((c) => c.name === 'documentSigningApi');
			expect(entry?.testedBy).toBe(CREDENTIAL_TEST_NAME);
			const methods = node.methods as { credentialTest?: Record<string, unknown> };
			expect(methods.credentialTest?.[CREDENTIAL_TEST_NAME]).toBe(testDocumentSigningApi);
		}
		// A declarative test would take precedence over testedBy in n8n: there is none.
		expect((credential as { test?: unknown }).test).toBeUndefined();
	});
});
