import type { IDataObject } from 'n8n-workflow';
import { NodeApiError, NodeOperationError } from 'n8n-workflow';

import type { ApiResponse } from '../../../../nodes/shared/transport';
import {
	callApi,
	getKeyMode,
	resetRateLimiters,
	transportPolicy,
} from '../../../../nodes/shared/transport';
import { createExecuteContext } from '../../../helpers/n8n';
import type { Sandbox, SandboxOptions } from '../../../sandbox';
import { SEED, startSandbox } from '../../../sandbox';

const PROTECTED = SEED.protectedWorkspace;
const SALES = SEED.workspaces[0];
const LEGAL = SEED.workspaces[1];
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

function context(credentials: Record<string, unknown> = {}) {
	return createExecuteContext({
		parameters: {},
		credentials: {
			documentSigningApi: {
				baseUrl: sandbox.url,
				keyToUse: 'live',
				liveApiKey: PROTECTED.liveKey,
				testApiKey: PROTECTED.testKey,
				apiVersion: 1,
				...credentials,
			},
		},
	});
}

async function failure(promise: Promise<unknown>): Promise<NodeApiError> {
	try {
		await promise;
	} catch (error) {
		expect(error).toBeInstanceOf(NodeApiError);
		return error as NodeApiError;
	}
	throw new Error('expected the call to fail');
}

const last = () => sandbox.requests[sandbox.requests.length - 1];
const statuses = () => sandbox.requests.map((r) => r.status);
const posts = () => sandbox.requests.filter((r) => r.method === 'POST');

beforeEach(async () => {
	resetRateLimiters();
	Object.assign(transportPolicy, defaultPolicy);
	await withSandbox();
});

afterAll(async () => {
	await sandbox?.close();
	Object.assign(transportPolicy, defaultPolicy);
});

describe('callApi: an endpoint and its arguments', () => {
	const getWorkspace = { method: 'GET', path: '/workspaces/{id}' } as const;

	it('uses the endpoint method, fills the placeholders and reports the key mode', async () => {
		const { context: ctx } = context({ keyToUse: 'test' });
		const response = await callApi(ctx, getWorkspace, { params: { id: LEGAL.id } });
		expect(last()).toMatchObject({ method: 'GET', path: `/workspaces/${LEGAL.id}`, status: 200 });
		expect(response).toMatchObject({ statusCode: 200, keyMode: 'test', body: { id: LEGAL.id } });
		expect(response.headers['content-type']).toContain('application/json');
	});

	it('URL-encodes each placeholder value', async () => {
		const { context: ctx } = context();
		await failure(callApi(ctx, getWorkspace, { params: { id: 'a b/c?d' } }));
		expect(last().path).toBe('/workspaces/a%20b%2Fc%3Fd');
	});

	it('sends the body and query with the method of the endpoint', async () => {
		const { context: ctx } = context();
		const created = await callApi(
			ctx,
			{ method: 'POST', path: '/workspaces' },
			{ body: { name: 'Ops' }, qs: { x: '1' } },
		);
		expect(created.body).toMatchObject({ name: 'Ops' });
		expect(last()).toMatchObject({ method: 'POST', path: '/workspaces', query: { x: '1' } });
		expect(last().body).toEqual({ name: 'Ops' });
	});

	it.each([
		['missing', {}],
		['empty', { id: '' }],
		['not a number', { id: Number.NaN }],
	])('refuses a %s placeholder value before sending anything', async (_, params) => {
		const { context: ctx } = context();
		const call = callApi(ctx, getWorkspace, { params });
		await expect(call).rejects.toThrow(NodeOperationError);
		await expect(call).rejects.toThrow('Internal error: no value for {id} of GET /workspaces/{id}');
		expect(sandbox.requests).toHaveLength(0);
	});

	it('refuses a value for a placeholder the path does not have', async () => {
		const { context: ctx } = context();
		await expect(
			callApi(ctx, getWorkspace, { params: { id: LEGAL.id, workspaceId: LEGAL.id } }),
		).rejects.toThrow('Internal error: GET /workspaces/{id} has no {workspaceId}');
		expect(sandbox.requests).toHaveLength(0);
	});

	it("builds the error with the operation's explanation, keeping the service's code", async () => {
		const { context: ctx } = context();
		const seen: unknown[] = [];
		const error = await failure(
			callApi(ctx, getWorkspace, {
				params: { id: '29999999-0000-4000-8000-000000000000' },
				explain: (info) => {
					seen.push(info);
					return info.status === 404
						? { message: 'No such workspace', description: 'Pick another one.' }
						: undefined;
				},
			}),
		);
		expect(seen).toEqual([
			{ status: 404, code: 'NOT_FOUND', error: 'Not Found', message: expect.any(String) },
		]);
		expect(error.httpCode).toBe('404');
		expect(error.message).toBe('No such workspace [NOT_FOUND]');
		expect(error.description).toBe('Pick another one.');
		expect(error.context.itemIndex).toBeUndefined();
	});

	it('keeps its own wording when the explanation does not recognise the answer', async () => {
		const { context: ctx } = context();
		const error = await failure(
			callApi(ctx, getWorkspace, {
				params: { id: '29999999-0000-4000-8000-000000000000' },
				explain: ({ status }) => (status === 409 ? { message: 'never' } : undefined),
			}),
		);
		expect(error.message).toMatch(/^Not found: /);
		expect(error.description).toContain(
			'Nothing exists at GET /workspaces/29999999-0000-4000-8000-000000000000',
		);
	});

	it('an explanation with a message only keeps the description of the transport', async () => {
		const { context: ctx } = context();
		const error = await failure(
			callApi(ctx, getWorkspace, {
				params: { id: '29999999-0000-4000-8000-000000000000' },
				explain: () => ({ message: 'Workspace NOT_FOUND here' }),
			}),
		);
		expect(error.message).toBe('Workspace NOT_FOUND here');
		expect(error.description).toContain('Check the ID');
	});
});

describe('what is sent', () => {
	it('sends the live key bare in Authorization, X-API-Version 1 and asks for JSON', async () => {
		const { context: ctx } = context();
		const body = <IDataObject>(
			await bodyOf(callApi(ctx, { method: 'GET', path: '/workspaces' }, { qs: { page_size: 2 } }))
		);
		expect(body.pagination).toMatchObject({ page_size: 2, total_count: 3 });
		expect(last()).toMatchObject({ method: 'GET', path: '/workspaces', query: { page_size: '2' } });
		expect(last().headers.authorization).toBe(PROTECTED.liveKey);
		expect(last().headers['x-api-version']).toBe('1');
		expect(last().headers.accept).toContain('application/json');
	});

	it('sends the test key when Key to Use is Test, and says so', async () => {
		const { context: ctx } = context({ keyToUse: 'test' });
		const response = await callApi(ctx, { method: 'GET', path: '/workspaces' });
		expect(last().headers.authorization).toBe(PROTECTED.testKey);
		expect(response.keyMode).toBe('test');
		expect(await getKeyMode.call(ctx)).toBe('test');
	});

	it('sends the API version of the credential', async () => {
		await withSandbox({ versions: { 1: { status: 'active' }, 2: { status: 'active' } } });
		const { context: ctx } = context({ apiVersion: 2 });
		const response = await callApi(ctx, { method: 'GET', path: '/company' });
		expect(last().headers['x-api-version']).toBe('2');
		expect(response.headers['x-api-version']).toBe('2');
	});

	it('tolerates a trailing slash on the base URL', async () => {
		const { context: ctx } = context({ baseUrl: `${sandbox.url}//` });
		await bodyOf(callApi(ctx, { method: 'GET', path: '/company' }));
		expect(last().path).toBe('/company');
		expect(last().status).toBe(200);
	});

	it('sends JSON bodies and returns the created object', async () => {
		const { context: ctx } = context();
		const created = <IDataObject>(
			await bodyOf(callApi(ctx, { method: 'POST', path: '/workspaces' }, { body: { name: 'Ops' } }))
		);
		expect(created).toMatchObject({ name: 'Ops', protected: false });
		expect(last()).toMatchObject({
			method: 'POST',
			path: '/workspaces',
			body: { name: 'Ops' },
			status: 201,
		});
		expect(last().headers['content-type']).toContain('application/json');
	});

	it('uploads files as multipart/form-data with the key, and parses the JSON answer', async () => {
		sandbox.injectFault({
			method: 'POST',
			path: '/company/logo',
			kind: 'status',
			status: 200,
			body: { success: true, icon_url: 'https://cdn/logo.png' },
		});
		const { context: ctx } = context();
		const answer = <IDataObject>await bodyOf(
			callApi(
				ctx,
				{ method: 'POST', path: '/company/logo' },
				{
					formData: {
						file: {
							data: Buffer.from('PNGDATA'),
							fileName: 'logo "x".png',
							contentType: 'image/png',
						},
					},
				},
			),
		);
		expect(answer).toEqual({ success: true, icon_url: 'https://cdn/logo.png' });
		const sent = last();
		const boundary = /^multipart\/form-data; boundary=(.+)$/.exec(
			sent.headers['content-type'],
		)?.[1];
		expect(boundary).toBeTruthy();
		expect(sent.headers.authorization).toBe(PROTECTED.liveKey);
		expect(sent.rawBody).toBe(
			`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="logo _x_.png"\r\nContent-Type: image/png\r\n\r\nPNGDATA\r\n--${boundary}--\r\n`,
		);
	});

	it('refuses a Base URL that is not a web address before sending anything', async () => {
		const { context: ctx } = context({ baseUrl: 'api.example.com' });
		await expect(bodyOf(callApi(ctx, { method: 'GET', path: '/company' }))).rejects.toThrow(
			'The Base URL in the Document Signing API credential is not a web address',
		);
		expect(sandbox.requests).toHaveLength(0);
	});
});

describe('deprecation', () => {
	it('surfaces Deprecation, Sunset and X-Deprecated-Message as one hint, and the call succeeds', async () => {
		await withSandbox({
			versions: {
				1: {
					status: 'deprecated',
					deprecatedAt: 'Sat, 01 Aug 2026 00:00:00 GMT',
					sunsetAt: 'Mon, 01 Feb 2027 00:00:00 GMT',
					message: 'Version 1 is deprecated; move to version 2.',
				},
				2: { status: 'active' },
			},
		});
		const { context: ctx, hints } = context();
		const company = <IDataObject>await bodyOf(callApi(ctx, { method: 'GET', path: '/company' }));
		await bodyOf(callApi(ctx, { method: 'GET', path: '/company' }));
		expect(company.id).toBe(SEED.company.id);
		expect(hints).toHaveLength(1);
		expect(hints[0].type).toBe('warning');
		expect(hints[0].message).toContain(
			'GET /company (API version 1) as deprecated since Sat, 01 Aug 2026 00:00:00 GMT',
		);
		expect(hints[0].message).toContain('set a newer "API Version"');
		expect(hints[0].message).toContain('Mon, 01 Feb 2027 00:00:00 GMT');
		expect(hints[0].message).toContain('Version 1 is deprecated; move to version 2.');
	});

	it('reads an RFC 9745 "@epoch" or a bare "true" Deprecation header', async () => {
		sandbox.injectFault({
			kind: 'status',
			status: 200,
			body: { ok: true },
			headers: { Deprecation: '@1785542400' },
		});
		sandbox.injectFault({
			kind: 'status',
			status: 200,
			body: { ok: true },
			headers: { Deprecation: 'true', 'X-Deprecated-Message': 'Use POST /signing-requests' },
		});
		const { context: ctx, hints } = context();
		await bodyOf(callApi(ctx, { method: 'POST', path: '/documents' }, { body: {} }));
		await bodyOf(callApi(ctx, { method: 'POST', path: '/documents' }, { body: {} }));
		expect(hints).toHaveLength(2);
		expect(hints[0].message).toContain('since Sat, 01 Aug 2026 00:00:00 GMT');
		expect(hints[1].message).not.toContain('since');
		expect(hints[1].message).toContain('The service says: "Use POST /signing-requests"');
	});

	it('adds no hint for an active version', async () => {
		const { context: ctx, hints } = context();
		await bodyOf(callApi(ctx, { method: 'GET', path: '/company' }));
		expect(hints).toHaveLength(0);
	});
});

describe('errors in plain words', () => {
	it('400 validation lists the field', async () => {
		const { context: ctx } = context();
		const error = await failure(
			callApi(ctx, { method: 'GET', path: '/workspaces' }, { qs: { sort_by: 'colour' } }),
		);
		expect(error.httpCode).toBe('400');
		expect(error.message).toMatch(/^The service rejected the request/);
		expect(error.description).toMatch(/- sort_by: /);
	});

	it('401 UNAUTHORIZED points at the key and Key to Use', async () => {
		const { context: ctx } = context({ liveApiKey: 'sk_live_wrong' });
		const error = await failure(callApi(ctx, { method: 'GET', path: '/workspaces' }));
		expect(error.httpCode).toBe('401');
		expect(error.message).toBe('The live API key was refused (UNAUTHORIZED)');
		expect(error.description).toContain('the Live API Key was sent');
		expect(error.description).toContain('Key to Use');
		expect(JSON.stringify(error)).not.toContain('sk_live_wrong');
	});

	it('403 when a workspace key reaches for another workspace', async () => {
		const { context: ctx } = context({ liveApiKey: SALES.liveKey });
		const error = await failure(callApi(ctx, { method: 'GET', path: `/workspaces/${LEGAL.id}` }));
		expect(error.httpCode).toBe('403');
		expect(error.message).toMatch(/^Permission denied/);
		expect(error.description).toContain('protected workspace');
	});

	it('404 names what was not found', async () => {
		const { context: ctx } = context();
		const error = await failure(
			callApi(ctx, { method: 'GET', path: '/workspaces/29999999-0000-4000-8000-000000000000' }),
		);
		expect(error.httpCode).toBe('404');
		expect(error.message).toMatch(/^Not found: /);
		expect(error.message.toLowerCase()).toContain('workspace');
	});

	it('410 VERSION_SUNSET says to set a newer API Version', async () => {
		await withSandbox({
			versions: { 1: { status: 'sunset' }, 2: { status: 'active' } },
			currentVersion: 2,
		});
		const { context: ctx } = context();
		const error = await failure(callApi(ctx, { method: 'GET', path: '/company' }));
		expect(error.httpCode).toBe('410');
		expect(error.message).toBe('API version 1 has been retired by the service (VERSION_SUNSET)');
	});

	it('400 INVALID_VERSION for a version that is not a positive integer', async () => {
		const { context: ctx } = context({ apiVersion: 0 });
		const error = await failure(callApi(ctx, { method: 'GET', path: '/company' }));
		expect(last().headers['x-api-version']).toBe('0');
		expect(error.message).toBe('API Version 0 in the credential is not valid [INVALID_VERSION]');
	});

	it('400 UNSUPPORTED_VERSION for a version the service does not know', async () => {
		const { context: ctx } = context({ apiVersion: 9 });
		const error = await failure(callApi(ctx, { method: 'GET', path: '/company' }));
		expect(error.message).toBe('The service does not support API version 9 [UNSUPPORTED_VERSION]');
	});

	it('409 and other statuses keep the service text', async () => {
		sandbox.injectFault({
			method: 'DELETE',
			kind: 'status',
			status: 409,
			body: { error: 'Signing request has already been sent', code: 'ALREADY_SENT' },
		});
		const { context: ctx } = context();
		const error = await failure(callApi(ctx, { method: 'DELETE', path: '/signing-requests/x' }));
		expect(error.httpCode).toBe('409');
		expect(error.message).toContain('Signing request has already been sent [ALREADY_SENT]');
	});
});

describe('429: wait and retry (a 429 was not processed)', () => {
	it('a GET that meets an exhausted window waits Retry-After and succeeds', async () => {
		await withSandbox({ rateLimits: { read: 2 }, rateLimitWindowMs: 1500 });
		// Another client with the same key uses the window up; this node has not seen any headers.
		for (let i = 0; i < 2; i++) {
			await fetch(`${sandbox.url}/company`, { headers: { Authorization: PROTECTED.liveKey } });
		}
		const { context: ctx } = context();
		const company = <IDataObject>await bodyOf(callApi(ctx, { method: 'GET', path: '/company' }));
		expect(company.id).toBe(SEED.company.id);
		expect(statuses()).toEqual([200, 200, 429, 200]);
	});

	it('a POST answered 429 is sent again once and processed once', async () => {
		await withSandbox({ rateLimits: { write: 1 }, rateLimitWindowMs: 1500 });
		await fetch(`${sandbox.url}/workspaces`, {
			method: 'POST',
			headers: { Authorization: PROTECTED.liveKey, 'Content-Type': 'application/json' },
			body: JSON.stringify({ name: 'First' }),
		});
		const { context: ctx } = context();
		const created = <IDataObject>(
			await bodyOf(
				callApi(ctx, { method: 'POST', path: '/workspaces' }, { body: { name: 'Second' } }),
			)
		);
		expect(created.name).toBe('Second');
		expect(posts().map((r) => r.status)).toEqual([201, 429, 201]);
		const names = sandbox.state.workspaces.map((w) => w.name);
		expect(names.filter((n) => n === 'Second')).toHaveLength(1);
	});

	it('gives up after the bounded number of retries with a clear 429 error', async () => {
		transportPolicy.max429Retries = 1;
		sandbox.injectFault({ kind: 'status', status: 429, headers: { 'Retry-After': '0' }, times: 5 });
		const { context: ctx } = context();
		const error = await failure(callApi(ctx, { method: 'GET', path: '/company' }));
		expect(error.httpCode).toBe('429');
		expect(error.message).toContain('too many requests');
		expect(sandbox.requests).toHaveLength(2);
	});

	it('refuses to wait an unreasonable Retry-After, without retrying', async () => {
		sandbox.injectFault({
			kind: 'status',
			status: 429,
			headers: { 'Retry-After': '3600' },
			body: { error: 'Rate Limit Exceeded', details: { retry_after: 3600 } },
		});
		const { context: ctx } = context();
		const started = Date.now();
		const error = await failure(
			callApi(ctx, { method: 'POST', path: '/workspaces' }, { body: { name: 'X' } }),
		);
		expect(Date.now() - started).toBeLessThan(5000);
		expect(error.message).toContain('the service asks to wait 3600 s');
		expect(error.description).toBe(
			'That is longer than a request waits for its turn (10 minutes). Nothing was sent. Try again later, or run fewer items or executions at once with this key.',
		);
		expect(posts()).toHaveLength(1);
	});
});

describe('a write is never sent twice', () => {
	const workspaceCount = () => sandbox.state.workspaces.length;

	it('after a 500', async () => {
		sandbox.injectFault({
			method: 'POST',
			path: '/workspaces',
			kind: 'status',
			status: 500,
			body: { error: 'Internal' },
		});
		const before = workspaceCount();
		const { context: ctx } = context();
		const error = await failure(
			callApi(ctx, { method: 'POST', path: '/workspaces' }, { body: { name: 'Once' } }),
		);
		expect(error.httpCode).toBe('500');
		expect(error.description).toContain('not retried automatically');
		expect(posts()).toHaveLength(1);
		expect(workspaceCount()).toBe(before);
	});

	it('after a 503', async () => {
		sandbox.injectFault({
			method: 'POST',
			kind: 'status',
			status: 503,
			headers: { 'Retry-After': '1' },
		});
		const { context: ctx } = context();
		await failure(
			callApi(ctx, { method: 'POST', path: '/workspaces' }, { body: { name: 'Once' } }),
		);
		expect(posts()).toHaveLength(1);
	});

	it('after a reset connection, and the error holds no key', async () => {
		sandbox.injectFault({ method: 'POST', path: '/workspaces', kind: 'reset' });
		const { context: ctx } = context();
		const error = await failure(
			callApi(ctx, { method: 'POST', path: '/workspaces' }, { body: { name: 'Once' } }),
		);
		expect(error.message).toContain('the connection was reset');
		expect(error.description).toContain('not retried automatically');
		expect(posts()).toHaveLength(1);
		const serialised = JSON.stringify({
			...error,
			message: error.message,
			description: error.description,
			cause: error.cause,
		});
		expect(serialised).not.toContain(PROTECTED.liveKey);
		expect(serialised).not.toContain(PROTECTED.testKey);
	});

	it('after a timeout, even though the service went on to process it', async () => {
		transportPolicy.timeoutMs = 300;
		sandbox.injectFault({ method: 'POST', path: '/workspaces', kind: 'delay', delayMs: 1000 });
		const before = workspaceCount();
		const { context: ctx } = context();
		const error = await failure(
			callApi(ctx, { method: 'POST', path: '/workspaces' }, { body: { name: 'Late' } }),
		);
		expect(error.message).toContain('timed out');
		await new Promise((resolve) => setTimeout(resolve, 1200));
		expect(posts()).toHaveLength(1);
		expect(workspaceCount()).toBe(before + 1);
	});
});

describe('pacing', () => {
	it('keeps a burst of writes inside the service limit: no 429 at all', async () => {
		await withSandbox({ rateLimits: { write: 4 }, rateLimitWindowMs: 1000 });
		const { context: ctx } = context();
		for (let i = 0; i < 10; i++) {
			await bodyOf(
				callApi(ctx, { method: 'POST', path: '/workspaces' }, { body: { name: `Burst ${i}` } }),
			);
		}
		expect(posts()).toHaveLength(10);
		expect(posts().every((r) => r.status === 201)).toBe(true);
		// 10 writes at 4 per window need at least three windows
		const span = posts()[9].at - posts()[0].at;
		expect(span).toBeGreaterThanOrEqual(1000);
	});

	it('is shared by separate contexts using the same key (items and nodes of one execution)', async () => {
		await withSandbox({ rateLimits: { read: 3 }, rateLimitWindowMs: 1000 });
		for (let i = 0; i < 7; i++) {
			const { context: ctx } = context();
			await bodyOf(callApi(ctx, { method: 'GET', path: '/company' }));
		}
		expect(statuses()).toEqual(Array(7).fill(200));
	});

	it('concurrent requests with one key (executions at once) go out in turn: no window gets more than its share, no 429', async () => {
		await withSandbox({ rateLimits: { write: 4 }, rateLimitWindowMs: 1000 });
		const created = await Promise.all(
			Array.from({ length: 12 }, async (_, i) => {
				const { context: ctx } = context();
				return await bodyOf(
					callApi(ctx, { method: 'POST', path: '/workspaces' }, { body: { name: `At once ${i}` } }),
				);
			}),
		);
		expect(created).toHaveLength(12);
		expect(posts().map((r) => r.status)).toEqual(Array(12).fill(201));
		// Three windows of four, each opened by its first request.
		const at = posts().map((r) => r.at);
		for (let i = 0; i < 12; i++) {
			expect(at.filter((t) => t >= at[i] && t < at[i] + 1000).length).toBeLessThanOrEqual(4);
		}
		expect(at[11] - at[0]).toBeGreaterThanOrEqual(2000);
	});

	it('a request whose turn would come later than the longest wait fails at once, naming the limit, the class and the time', async () => {
		transportPolicy.maxWaitMs = 75_000;
		await withSandbox({ rateLimits: { write: 2 }, rateLimitWindowMs: 60_000 });
		const { context: first } = context();
		for (const name of ['One', 'Two'])
			await bodyOf(callApi(first, { method: 'POST', path: '/workspaces' }, { body: { name } }));
		// The window (two a minute) is used up: the next turn is at its end, 60 s away, and the one
		// after at 2 a minute from then (90 s): only the first waits.
		const { context: waiting } = context();
		const stop = new AbortController();
		waiting.getExecutionCancelSignal = () => stop.signal;
		const waits = callApi(
			waiting,
			{ method: 'POST', path: '/workspaces' },
			{ body: { name: 'Three' } },
		).catch((stopped: Error) => stopped);
		const started = Date.now();
		const { context: late } = context();
		const error = await failure(
			callApi(late, { method: 'POST', path: '/workspaces' }, { body: { name: 'Four' } }),
		);
		expect(Date.now() - started).toBeLessThan(1000);
		expect(error.message).toMatch(
			/^Rate limit reached for write requests \(2 per minute\): 1 earlier request with this key waits for a turn, so this one's turn would come in (89|90|91) s$/,
		);
		expect(error.description).toBe(
			'That is longer than a request waits for its turn (75 s). Nothing was sent. Try again later, or run fewer items or executions at once with this key.',
		);
		stop.abort();
		expect(await waits).toBeInstanceOf(NodeOperationError);
		expect(((await waits) as Error).message).toBe('The execution was stopped');
		// The first in line, alone: its turn is the window's end.
		transportPolicy.maxWaitMs = 30_000;
		const { context: alone } = context();
		expect(
			(await failure(callApi(alone, { method: 'POST', path: '/workspaces' }, { body: {} })))
				.message,
		).toMatch(
			/^Rate limit reached for write requests \(2 per minute\): this key has no requests left in the service's current window, which ends in (59|60|61) s \(X-RateLimit-Reset\)$/,
		);
		expect(posts()).toHaveLength(2);
	});

	it('classes are paced separately: reads are not held up by exhausted writes', async () => {
		await withSandbox({ rateLimits: { write: 1 }, rateLimitWindowMs: 60_000 });
		const { context: ctx } = context();
		await bodyOf(callApi(ctx, { method: 'POST', path: '/workspaces' }, { body: { name: 'One' } }));
		const started = Date.now();
		await bodyOf(callApi(ctx, { method: 'GET', path: '/company' }));
		expect(Date.now() - started).toBeLessThan(1000);
		expect(statuses()).toEqual([201, 200]);
	});
});
