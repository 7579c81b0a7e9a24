/**
 * What the transport makes of answers it used to misread, what it keeps out of outputs and errors,
 * how it stops when the execution is stopped, and how often it reads the credential.
 */
import { WorkflowExecute } from 'n8n-core';
import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';
import { NodeApiError } from 'n8n-workflow';

import { DocumentSigning } from '../../../../nodes/DocumentSigning/DocumentSigning.node';
import type { ApiResponse } from '../../../../nodes/shared/transport';
import { callApi, resetRateLimiters, transportPolicy } from '../../../../nodes/shared/transport';
import { HarnessCredentialsHelper, createExecuteContext, runNode } from '../../../helpers/n8n';
import type { Sandbox, SandboxOptions } from '../../../sandbox';
import { SEED, simplePdf, startSandbox } from '../../../sandbox';

const PROTECTED = SEED.protectedWorkspace;
const WEBHOOK_SECRET = 'whsec_transport_test_0123456789';
const defaultPolicy = { ...transportPolicy };

/** The parsed body of a call (what most checks look at). */
async function bodyOf(call: Promise<ApiResponse>): Promise<IDataObject> {
	return (await call).body;
}

let sandbox: Sandbox;

async function withSandbox(options: SandboxOptions = {}) {
	if (sandbox) await sandbox.close();
	sandbox = await startSandbox(options);
	return sandbox;
}

function credentials(extra: Record<string, unknown> = {}) {
	return {
		baseUrl: sandbox.url,
		keyToUse: 'live',
		liveApiKey: PROTECTED.liveKey,
		testApiKey: PROTECTED.testKey,
		apiVersion: 1,
		webhookSigningSecret: WEBHOOK_SECRET,
		...extra,
	};
}

function context(extra: Record<string, unknown> = {}) {
	return createExecuteContext({
		parameters: {},
		credentials: { documentSigningApi: credentials(extra) },
	}).context;
}

/** n8n hands a node the execution's cancel signal through this method. */
function stoppable(ctx: IExecuteFunctions): AbortController {
	const controller = new AbortController();
	ctx.getExecutionCancelSignal = () => controller.signal;
	return controller;
}

async function failure(promise: Promise<unknown>): Promise<Error & { description?: string }> {
	try {
		await promise;
	} catch (error) {
		return error as Error & { description?: string };
	}
	throw new Error('expected the call to fail');
}

/** Everything of an error that n8n stores or shows. */
function everything(error: Error & { description?: string }): string {
	const api = error as NodeApiError;
	return JSON.stringify({
		...error,
		message: error.message,
		description: error.description,
		messages: api.messages,
		cause: api.cause,
		context: api.context,
	});
}

const sleep = async (ms: number) => await new Promise((resolve) => setTimeout(resolve, ms));

beforeEach(async () => {
	resetRateLimiters();
	Object.assign(transportPolicy, defaultPolicy);
	await withSandbox();
});

afterEach(() => jest.restoreAllMocks());

afterAll(async () => {
	await sandbox?.close();
	Object.assign(transportPolicy, defaultPolicy);
});

describe('a 2xx the node cannot read is an error', () => {
	it('a cut-off JSON body on a read is an error, not an object built from its characters', async () => {
		sandbox.injectFault({
			method: 'GET',
			path: '/company',
			kind: 'status',
			status: 200,
			body: '{"id": "8f0c2b1e-1111-',
		});
		const error = await failure(callApi(context(), { method: 'GET', path: '/company' }));
		expect(error).toBeInstanceOf(NodeApiError);
		expect(error.message).toBe(
			'The service answered 200 to GET /company, but the answer could not be read (cut off or not JSON)',
		);
		expect(error.description).toContain('Nothing was changed');
		expect(sandbox.requests).toHaveLength(1);
	});

	it('a cut-off answer to a write warns that it may have been processed, and is not sent again', async () => {
		sandbox.injectFault({
			method: 'POST',
			path: '/workspaces',
			kind: 'status',
			status: 201,
			body: '{"id": "8f0c2b1e-1111-',
		});
		const error = await failure(
			callApi(context(), { method: 'POST', path: '/workspaces' }, { body: { name: 'Ops' } }),
		);
		expect(error.message).toContain(
			'answered 201 to POST /workspaces, but the answer could not be read',
		);
		expect(error.description).toContain('may have been processed: check before running it again');
		expect(sandbox.requests).toHaveLength(1);
	});

	it('an HTML page answered 200 (a login page of a proxy) is an error too', async () => {
		sandbox.injectFault({
			kind: 'status',
			status: 200,
			body: '<html><head><title>Sign in</title></head></html>',
			headers: { 'Content-Type': 'text/html' },
		});
		const error = await failure(callApi(context(), { method: 'GET', path: '/company' }));
		expect(error.message).toContain('could not be read');
		expect(error.description).toContain('content type was text/html');
		expect(everything(error)).not.toContain('Sign in');
	});

	it('through the node: no output item is made from a cut-off answer', async () => {
		sandbox.injectFault({ kind: 'status', status: 200, body: '{"id": "8f0c2b1e-1111-' });
		const { output, error } = await runNode({
			node: new DocumentSigning(),
			parameters: {
				resource: 'template',
				operation: 'getTemplate',
				templateId: { __rl: true, mode: 'id', value: '8f0c2b1e-1111-4111-8111-111111111111' },
			},
			credentials: { documentSigningApi: credentials() },
			continueOnFail: true,
		});
		expect(error).toBeUndefined();
		expect(output[0]).toHaveLength(1);
		expect(output[0][0].json.error).toContain('could not be read');
		expect(output[0][0].json).not.toHaveProperty('0');
	});

	it('an empty 2xx body is an empty answer, not an error', async () => {
		sandbox.injectFault({ method: 'DELETE', kind: 'status', status: 204, body: '' });
		expect(await bodyOf(callApi(context(), { method: 'DELETE', path: '/webhooks/x' }))).toEqual({});
	});
});

describe('error pages and gateways', () => {
	it("a proxy's HTML 502 is summarised by status and title, its body kept out", async () => {
		sandbox.injectFault({
			kind: 'status',
			status: 502,
			body: `<html><head><title>502 Bad Gateway</title></head><body><center>nginx</center><pre>Authorization: ${PROTECTED.liveKey}</pre></body></html>`,
			headers: { 'Content-Type': 'text/html' },
		});
		const error = await failure(callApi(context(), { method: 'GET', path: '/company' }));
		expect(error.message).toBe(
			'The service or a gateway in front of it was unavailable (502 Bad Gateway): it answered with an HTML page titled "502 Bad Gateway"',
		);
		expect((error as NodeApiError).httpCode).toBe('502');
		const all = everything(error);
		expect(all).not.toContain('nginx');
		expect(all).not.toContain(PROTECTED.liveKey);
	});

	it('a 504 on a write says the gateway was unavailable and that it was not retried', async () => {
		sandbox.injectFault({ method: 'POST', kind: 'status', status: 504, body: '' });
		const error = await failure(
			callApi(context(), { method: 'POST', path: '/workspaces' }, { body: { name: 'X' } }),
		);
		expect(error.message).toBe(
			'The service or a gateway in front of it was unavailable (504 Gateway Timeout)',
		);
		expect(error.description).toContain('not retried automatically');
		expect(sandbox.requests).toHaveLength(1);
	});

	it('a 422 lists its per-field details', async () => {
		sandbox.injectFault({
			method: 'POST',
			kind: 'status',
			status: 422,
			body: {
				error: 'Unprocessable Entity',
				code: 'RECIPIENT_EMAIL_SUPPRESSED',
				message: 'A recipient cannot receive email',
				details: { 'recipients[0].email': 'ada@example.com bounced' },
			},
		});
		const error = await failure(
			callApi(
				context(),
				{ method: 'POST', path: '/signing-requests/create-and-send' },
				{ body: {} },
			),
		);
		expect(error.message).toBe(
			'The service could not process this: A recipient cannot receive email [RECIPIENT_EMAIL_SUPPRESSED]',
		);
		expect(error.description).toBe(
			'Problems by field:\n- recipients[0].email: ada@example.com bounced',
		);
	});

	it("names each recipient of Create and Send's own validation error (api-reference B.2)", async () => {
		sandbox.injectFault({
			method: 'POST',
			path: '/signing-requests/create-and-send',
			kind: 'status',
			status: 400,
			body: {
				error: 'Validation failed',
				code: 'VALIDATION_ERROR',
				phase: 'send_validation',
				validation_errors: [
					{
						recipient_index: 2,
						recipient_email: 'bob@example.com',
						missing_fields: ['first_name'],
					},
					{
						recipient_index: 3,
						recipient_email: 'eve@example.com',
						missing_fields: ['company', 'final_value of field f-1'],
					},
				],
				errors: [],
			},
		});
		const error = await failure(
			callApi(
				context(),
				{ method: 'POST', path: '/signing-requests/create-and-send' },
				{
					body: { name: 'Lease' },
				},
			),
		);
		expect(error.message).toBe(
			'The service refused to send the signing request: Recipient 2 (bob@example.com): missing first_name; Recipient 3 (eve@example.com): missing company, final_value of field f-1 [VALIDATION_ERROR]',
		);
		expect(error.message).not.toMatch(/^The service rejected the request: Validation failed/);
		expect(error.description).toContain('- Recipient 2 (bob@example.com): missing first_name');
		expect(error.description).toContain('Nothing was created or sent');
		expect(sandbox.requests).toHaveLength(1);
	});
});

describe('keys and the webhook secret never come out', () => {
	it('the key the service echoes in an error body is redacted from the message and the stored error', async () => {
		sandbox.injectFault({
			kind: 'status',
			status: 401,
			body: {
				error: 'Unauthorized',
				code: 'UNAUTHORIZED',
				message: `Invalid API key: ${PROTECTED.liveKey}`,
				details: { authorization: PROTECTED.liveKey, secret: WEBHOOK_SECRET },
			},
		});
		const error = await failure(callApi(context(), { method: 'GET', path: '/company' }));
		expect(error.message).toBe('The live API key was refused (UNAUTHORIZED)');
		const all = everything(error);
		expect(all).not.toContain(PROTECTED.liveKey);
		expect(all).not.toContain(WEBHOOK_SECRET);
		expect(all).toContain('[live API key redacted]');
	});

	it('a refused test key is named as the test key, never shown', async () => {
		const error = await failure(
			callApi(context({ keyToUse: 'test', testApiKey: 'sk_test_not_a_real_key_9' }), {
				method: 'GET',
				path: '/company',
			}),
		);
		expect(error.message).toBe('The test API key was refused (UNAUTHORIZED)');
		expect(error.description).toContain('the Test API Key was sent');
		expect(everything(error)).not.toContain('sk_test_not_a_real_key_9');
	});

	it('both keys and the secret are redacted from a successful answer', async () => {
		sandbox.injectFault({
			kind: 'status',
			status: 200,
			body: {
				id: 'w1',
				echo: { authorization: PROTECTED.testKey, note: `live=${PROTECTED.liveKey}` },
				list: [WEBHOOK_SECRET],
			},
		});
		const body = (await bodyOf(
			callApi(context(), { method: 'GET', path: '/company' }),
		)) as IDataObject;
		expect(body).toEqual({
			id: 'w1',
			echo: { authorization: '[test API key redacted]', note: 'live=[live API key redacted]' },
			list: ['[webhook signing secret redacted]'],
		});
	});

	it('an empty key is refused before anything is sent, naming the field', async () => {
		const error = await failure(
			callApi(context({ keyToUse: 'test', testApiKey: '' }), { method: 'GET', path: '/company' }),
		);
		expect(error.message).toBe('The Test API Key in the Document Signing API credential is empty');
		expect(sandbox.requests).toHaveLength(0);
	});
});

describe('stopping the execution stops the waits', () => {
	it('a Retry-After wait ends at once and nothing more is sent', async () => {
		sandbox.injectFault({ kind: 'status', status: 429, headers: { 'Retry-After': '30' } });
		const ctx = context();
		const stop = stoppable(ctx);
		const started = Date.now();
		const pending = failure(callApi(ctx, { method: 'GET', path: '/company' }));
		await sleep(300);
		stop.abort();
		const error = await pending;
		expect(Date.now() - started).toBeLessThan(2000);
		expect(error.message).toBe('The execution was stopped');
		await sleep(500);
		expect(sandbox.requests.map((r) => r.status)).toEqual([429]);
	});

	it('a pacing wait ends at once and the paced request is never sent', async () => {
		await withSandbox({ rateLimits: { write: 1 }, rateLimitWindowMs: 60_000 });
		const ctx = context();
		await bodyOf(callApi(ctx, { method: 'POST', path: '/workspaces' }, { body: { name: 'One' } }));
		const stop = stoppable(ctx);
		const started = Date.now();
		const pending = failure(
			callApi(ctx, { method: 'POST', path: '/workspaces' }, { body: { name: 'Two' } }),
		);
		await sleep(300);
		stop.abort();
		const error = await pending;
		expect(Date.now() - started).toBeLessThan(2000);
		expect(error.message).toBe('The execution was stopped');
		await sleep(300);
		expect(sandbox.requests).toHaveLength(1);
		expect(sandbox.state.workspaces.some((w) => w.name === 'Two')).toBe(false);
	});

	it('stopping a real n8n-core execution (WorkflowExecute.cancel) ends the wait of the running node', async () => {
		sandbox.injectFault({ kind: 'status', status: 429, headers: { 'Retry-After': '30' } });
		const execute = WorkflowExecute.prototype.processRunExecutionData;
		const running: Array<ReturnType<typeof execute>> = [];
		jest.spyOn(WorkflowExecute.prototype, 'processRunExecutionData').mockImplementation(function (
			this: WorkflowExecute,
			...args
		) {
			const run = execute.apply(this, args);
			running.push(run);
			return run;
		});
		const started = Date.now();
		const result = runNode({
			node: new DocumentSigning(),
			parameters: {
				resource: 'template',
				operation: 'getTemplate',
				templateId: { __rl: true, mode: 'id', value: '8f0c2b1e-1111-4111-8111-111111111111' },
			},
			credentials: { documentSigningApi: credentials() },
			input: [{ json: {} }, { json: {} }],
		});
		await sleep(500);
		expect(running).toHaveLength(1);
		running[0].cancel();
		const { error } = await result;
		expect(Date.now() - started).toBeLessThan(3000);
		expect(error?.message).toBe('The execution was stopped');
		await sleep(500);
		// The 429 only: neither a retry of the first item nor anything for the second went out.
		expect(sandbox.requests.map((r) => r.status)).toEqual([429]);
	});

	it('an execution already stopped sends nothing', async () => {
		const ctx = context();
		stoppable(ctx).abort();
		const error = await failure(callApi(ctx, { method: 'GET', path: '/company' }));
		expect(error.message).toBe('The execution was stopped');
		expect(sandbox.requests).toHaveLength(0);
	});
});

describe('waits over the limit say where the figure came from', () => {
	it("X-RateLimit-Reset: names the service's window, and sends nothing", async () => {
		const reset = Math.ceil(Date.now() / 1000) + 3600;
		sandbox.injectFault({
			kind: 'status',
			status: 200,
			body: { ok: true },
			headers: { 'X-RateLimit-Remaining': '0', 'X-RateLimit-Reset': String(reset) },
		});
		const ctx = context();
		await bodyOf(callApi(ctx, { method: 'GET', path: '/company' }));
		const error = await failure(callApi(ctx, { method: 'GET', path: '/company' }));
		expect(error.message).toMatch(
			/^Rate limit reached for read requests \(200 per minute\): this key has no requests left in the service's current window, which ends in (3599|3600|3601) s \(X-RateLimit-Reset\)$/,
		);
		expect(error.message).not.toContain('asks to wait');
		expect(sandbox.requests).toHaveLength(1);
	});
});

describe('the credential is read for every request, through n8n', () => {
	it('50 items → 50 reads, each request authenticated by the credential with what was read', async () => {
		await withSandbox({ rateLimits: { read: 100_000 } });
		const reads = jest.spyOn(HarnessCredentialsHelper.prototype, 'getDecrypted');
		const authenticated = jest.spyOn(HarnessCredentialsHelper.prototype, 'authenticate');
		const created = (await bodyOf(
			callApi(
				context({ keyToUse: 'test' }),
				{ method: 'POST', path: '/templates' },
				{
					body: { name: 'Bench', document: simplePdf('Bench').toString('base64') },
				},
			),
		)) as IDataObject;
		reads.mockClear();
		authenticated.mockClear();
		sandbox.clearRequests();
		const items = 50;
		const { output, error } = await runNode({
			node: new DocumentSigning(),
			parameters: {
				resource: 'template',
				operation: 'getTemplate',
				templateId: { __rl: true, mode: 'id', value: String(created.id) },
			},
			credentials: { documentSigningApi: credentials({ keyToUse: 'test' }) },
			input: Array.from({ length: items }, (_, i) => ({ json: { i } })),
		});
		expect(error).toBeUndefined();
		expect(output[0]).toHaveLength(items);
		// One read per request (the node's own), handed to n8n's authenticated request, which
		// applies the credential's `authenticate` without reading it again.
		expect(reads).toHaveBeenCalledTimes(items);
		expect(authenticated).toHaveBeenCalledTimes(items);
		expect(authenticated.mock.calls.every(([, type]) => type === 'documentSigningApi')).toBe(true);
		expect(sandbox.requests).toHaveLength(items);
		expect(sandbox.requests.every((r) => r.headers.authorization === PROTECTED.testKey)).toBe(true);
		expect(sandbox.requests.every((r) => r.headers['x-api-version'] === '1')).toBe(true);
	});

	it('a changed credential counts from the next request on', async () => {
		await withSandbox({ rateLimits: { read: 100_000 } });
		const node = new DocumentSigning();
		const run = async (keyToUse: string) =>
			await runNode({
				node,
				parameters: { resource: 'company', operation: 'getCompany' },
				credentials: { documentSigningApi: credentials({ keyToUse }) },
				input: [{ json: {} }, { json: {} }],
			});
		expect((await run('test')).error).toBeUndefined();
		expect((await run('live')).error).toBeUndefined();
		expect(sandbox.requests.map((r) => r.headers.authorization)).toEqual([
			PROTECTED.testKey,
			PROTECTED.testKey,
			PROTECTED.liveKey,
			PROTECTED.liveKey,
		]);
	});

	it('callApi reports the key mode of the read that sent the request', async () => {
		const reads = jest.spyOn(HarnessCredentialsHelper.prototype, 'getDecrypted');
		const ctx = context({ keyToUse: 'test' });
		const first = await callApi(ctx, { method: 'GET', path: '/company' });
		const second = await callApi(ctx, { method: 'GET', path: '/company' });
		expect([first.keyMode, second.keyMode]).toEqual(['test', 'test']);
		expect(reads).toHaveBeenCalledTimes(2);
	});
});
