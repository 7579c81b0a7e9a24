import { WebhookContext } from 'n8n-core';
import type {
	IDataObject,
	INode,
	INodeTypes,
	IWebhookData,
	IWorkflowExecuteAdditionalData,
} from 'n8n-workflow';
import { Workflow } from 'n8n-workflow';

import { DocumentSigningApi } from '../../../../../credentials/DocumentSigningApi.credentials';
import { DocumentSigning } from '../../../../../nodes/DocumentSigning/DocumentSigning.node';
import {
	forgetSweeps,
	sweepLeftovers,
} from '../../../../../nodes/DocumentSigning/actions/signingRequest/sendAndWaitSigningRequest.operation';
import {
	forgetReads,
	REREAD_HEADER,
	reReads,
} from '../../../../../nodes/DocumentSigning/actions/signingRequest/reread';
import {
	chooseWaitScope,
	sameSecret,
} from '../../../../../nodes/DocumentSigning/actions/signingRequest/waitScope';
import { resetRateLimiters } from '../../../../../nodes/shared/transport';
import { HarnessCredentialsHelper } from '../../../../helpers/credentials-helper';
import { createExecuteContext, runNode } from '../../../../helpers/n8n';
import { checkOutput } from '../../../../kit/outputs';
import { ensureEnvironment } from '../../../../helpers/n8n-env';
import {
	signatureHeader,
	startSandbox,
	SEED,
	WEBHOOK_SECRETS,
	type Sandbox,
} from '../../../../sandbox';
import { createDraft, createSent, ok } from '../../../../sandbox/fixtures';

/** The node type, built once as n8n builds it (its description is large). */
const documentSigning = new DocumentSigning();

const SALES = SEED.workspaces[0];
const SALES_SECRET = WEBHOOK_SECRETS.workspaces[SALES.id];
const NODE_ID = 'send-and-wait-node';

let sandbox: Sandbox;
beforeAll(async () => {
	// No test pings on creation: the harness's resume URLs point at localhost:5678, where nothing of
	// these tests listens; every webhook is pointed at a closed port before anything is delivered.
	sandbox = await startSandbox({ webhookRetryScale: 0.00001, webhookTestOnCreate: false });
});
// Each case starts with fresh windows on both sides: the harness's own webhook calls (redirecting
// deliveries) use the node's key, and a file's worth of them would use up the service's 60 a minute
// whatever order the cases run in. The burst cases below use the windows on purpose, within one case.
beforeEach(() => {
	sandbox.resetRateLimits();
	resetRateLimiters();
});
afterAll(async () => {
	// The waits these tests put to wait were handed to this process's re-reads (reread.ts).
	reReads.stop();
	await sandbox.close();
});

function credentials(overrides: IDataObject = {}) {
	return {
		documentSigningApi: {
			baseUrl: sandbox.url,
			keyToUse: 'test',
			testApiKey: SALES.testKey,
			liveApiKey: SALES.liveKey,
			apiVersion: 1,
			webhookSigningSecret: SALES_SECRET,
			...overrides,
		},
	};
}

function parameters(id: string, extra: IDataObject = {}) {
	return {
		resource: 'signingRequest',
		operation: 'sendAndWaitForCompletion',
		signingRequestId: { __rl: true, mode: 'id', value: id },
		timeLimitAmount: 2,
		timeLimitUnit: 'hours',
		...extra,
	};
}

async function liveWebhooks(): Promise<IDataObject[]> {
	const body = await ok(sandbox, 'GET', '/webhooks', {
		key: SALES.testKey,
		query: { workspace_id: SALES.id },
	});
	return body.results as IDataObject[];
}

/** The webhook requests the sandbox got from the `from`-th request on, as "METHOD path". */
function webhookCallsSince(from: number): string[] {
	return sandbox.requests
		.slice(from)
		.filter((r) => r.path.startsWith('/webhooks'))
		.map((r) => `${r.method} ${r.path}`);
}

/** Runs the operation; the node id is fixed so the resume URL is predictable. */
async function start(id: string, extra: IDataObject = {}, creds = credentials()) {
	const result = await runNode({
		node: documentSigning,
		parameters: parameters(id, extra),
		credentials: creds,
	});
	if (!result.error)
		checkOutput(
			'signingRequest',
			'sendAndWaitForCompletion',
			result.output,
			extra.simplify !== false,
		);
	return result;
}

/** The service cannot reach the harness's n8n: its deliveries go to a closed port instead. */
async function redirectDeliveries(webhook: IDataObject, key = SALES.testKey): Promise<void> {
	const url = new URL(String(webhook.url));
	url.host = '127.0.0.1:9';
	await ok(sandbox, 'PUT', `/webhooks/${String(webhook.id)}`, {
		key,
		body: { url: url.toString(), events: webhook.events },
	});
}

/** Calls the node's webhook() as n8n's waiting-webhook handler does for the resume URL. */
async function deliver(
	webhookUrl: string,
	body: string,
	headers: Record<string, string>,
	extra: IDataObject = {},
	creds = credentials(),
) {
	ensureEnvironment();
	const url = new URL(webhookUrl);
	const nodeType = documentSigning;
	const nodeTypes: INodeTypes = {
		getByName: () => nodeType,
		getByNameAndVersion: () => nodeType,
		getKnownTypes: () => ({}),
	} as unknown as INodeTypes;
	const node: INode = {
		id: NODE_ID,
		name: 'Send and wait',
		type: 'n8n-nodes-document-signing.documentSigning',
		typeVersion: 1,
		position: [0, 0],
		parameters: parameters('ignored', extra),
		credentials: { documentSigningApi: { id: 'c', name: 'Signing (test)' } },
	};
	const workflow = new Workflow({
		id: 'wf',
		nodes: [node],
		connections: {},
		active: false,
		nodeTypes: nodeTypes as never,
		settings: { executionOrder: 'v1' },
	});
	const response = {
		status: 0,
		text: '',
		headersSent: false,
		headers: {} as Record<string, string>,
		setHeader(name: string, value: string) {
			this.headers[name.toLowerCase()] = value;
		},
		writeHead(status: number) {
			this.status = status;
			return this;
		},
		end(text: string) {
			this.text = text;
			this.headersSent = true;
		},
	};
	const lower: Record<string, string> = {};
	for (const [name, value] of Object.entries(headers)) lower[name.toLowerCase()] = value;
	const request = {
		method: 'POST',
		url: `${url.pathname}${url.search}`,
		headers: lower,
		query: Object.fromEntries(url.searchParams.entries()),
		rawBody: Buffer.from(body),
		body: JSON.parse(body) as IDataObject,
		params: {},
	};
	const credentialsHelper = new HarnessCredentialsHelper([new DocumentSigningApi()], creds);
	const additionalData = {
		credentialsHelper,
		httpRequest: request,
		httpResponse: response,
		variables: {},
		executionId: 'resume',
		webhookWaitingBaseUrl: 'http://localhost:5678/webhook-waiting',
		getRunExecutionData: async () => undefined,
	} as unknown as IWorkflowExecuteAdditionalData;
	const webhookData: IWebhookData = {
		httpMethod: 'POST',
		node: node.name,
		path: NODE_ID,
		webhookDescription: nodeType.description.webhooks![0],
		workflowId: 'wf',
		workflowExecuteAdditionalData: additionalData,
	};
	const context = new WebhookContext(
		workflow,
		workflow.nodes[node.name],
		additionalData,
		'webhook',
		webhookData,
		[],
		null,
	);
	const warnings: string[] = [];
	context.logger.warn = (message: string) => void warnings.push(message);
	const result = await nodeType.webhook.call(context);
	checkOutput(
		'signingRequest',
		'sendAndWaitForCompletion',
		result.workflowData,
		extra.simplify !== false,
	);
	let answer: unknown;
	try {
		answer = JSON.parse(response.text);
	} catch {
		answer = response.text;
	}
	return { result, status: response.status, headers: response.headers, answer, warnings };
}

/** The service refuses the next GET of `path`, as for a revoked key. */
function refuseRead(path: string): void {
	sandbox.injectFault({
		kind: 'status',
		method: 'GET',
		path,
		status: 403,
		body: { error: 'Forbidden', message: 'Key revoked' },
	});
}

/**
 * A wait started on a new draft, whose request was then signed: its webhook (deliveries
 * redirected, so only the test delivers) and the completion delivery to deliver.
 */
async function signedWhileWaiting(name: string) {
	const draft = await createDraft(sandbox, SALES.testKey, name);
	await start(draft.id);
	const [webhook] = (await liveWebhooks()).filter((w) => String(w.url).includes(draft.id));
	await redirectDeliveries(webhook);
	sandbox.simulate.signAll(draft.id);
	const [delivery] = (await deliveriesFor(draft.id)).filter((d) =>
		d.eventType.endsWith('completed'),
	);
	return { draft, webhook, delivery };
}

async function deliveriesFor(signingRequestId: string) {
	await sandbox.webhooks.flush();
	return sandbox.deliveries.filter((d) => {
		if (d.test || d.attempt !== 1) return false;
		const data = (JSON.parse(d.body) as { data?: { signing_request?: { id?: string } } }).data;
		return data?.signing_request?.id === signingRequestId;
	});
}

describe('Signing Request: Send and Wait for Completion', () => {
	it('registers a webhook at the resume URL, sends, and waits with a timed-out result ready', async () => {
		const draft = await createDraft(sandbox, SALES.testKey, 'saw-a');
		const before = Date.now();
		const { output, error, run } = await start(draft.id);
		expect(error).toBeUndefined();

		const [webhook] = (await liveWebhooks()).filter((w) => String(w.url).includes(draft.id));
		const url = new URL(String(webhook.url));
		expect(url.origin + url.pathname).toMatch(
			new RegExp(`^http://localhost:5678/webhook-waiting/harness-execution-\\d+/[^/]+$`),
		);
		expect(url.searchParams.get('signing_request_id')).toBe(draft.id);
		expect(url.searchParams.get('workspace_id')).toBe(SALES.id);
		// n8n's check of the resume call (not the signed URL of its own send-and-wait operations):
		// the execution's resume token, as in $execution.resumeUrl.
		expect(run!.data.resumeToken).toMatch(/^\S{16,}$/);
		expect(url.searchParams.get('signature')).toBe(run!.data.resumeToken);
		expect(webhook.events).toEqual([
			'signing_request.completed',
			'signing_request.declined',
			'signing_request.recipient.declined',
			'signing_request.cancelled',
			'signing_request.expired',
		]);
		// A webhook of the request's workspace (read from companies_workspaces_id of Get): it is in
		// that workspace's list, and the create body named it.
		const created = sandbox.requests.find((r) => r.method === 'POST' && r.path === '/webhooks');
		expect(created?.body).toMatchObject({ workspace_id: SALES.id });
		// Created at n8n's waiting path without an execution, then pointed at the resume URL: the
		// service's test event for a new webhook reaches no execution that is still running (n8n
		// would refuse it and log an error).
		expect((created?.body as IDataObject).url).toBe('http://localhost:5678/webhook-waiting');
		const pointed = sandbox.requests.filter(
			(r) => r.method === 'PUT' && r.path === `/webhooks/${String(webhook.id)}`,
		);
		expect(pointed.map((r) => (r.body as IDataObject).url)).toEqual([webhook.url]);
		expect(String(webhook.description)).toMatch(
			new RegExp(`^n8n Send and Wait: signing request ${draft.id}, until \\S+Z$`),
		);

		// Sent, and the execution waits for the time limit.
		expect(sandbox.signing.getSigningRequest(draft.id)!.sent_on).not.toBeNull();
		const waitTill = new Date(run!.waitTill as Date).getTime();
		expect(waitTill).toBeGreaterThanOrEqual(before + 2 * 3600_000);
		expect(waitTill).toBeLessThan(Date.now() + 2 * 3600_000 + 1000);
		// Simplify (on by default): the request in the one shape as read after sending, and how the
		// wait ended: by its time limit.
		expect(output[0][0].json).toMatchObject({
			id: draft.id,
			status: 'in_progress',
			sent_at: expect.any(String),
			waited: true,
			ended_by: 'time_limit',
			webhook_id: webhook.id,
			waited_until: new Date(waitTill).toISOString(),
		});
		// What n8n passes on when the limit runs out: the node's input, now the timed-out result.
		const stack = run!.data.executionData!.nodeExecutionStack[0];
		expect(stack.data.main[0]![0].json).toMatchObject({
			status: 'in_progress',
			ended_by: 'time_limit',
		});
		await redirectDeliveries(webhook);
	});

	it('if the new webhook cannot be pointed at the resume URL, it is deleted again and nothing is sent', async () => {
		const draft = await createDraft(sandbox, SALES.testKey, 'saw-put-fails');
		sandbox.injectFault({
			method: 'PUT',
			path: /^\/webhooks\/[^/]+$/,
			kind: 'status',
			status: 500,
		});
		const { error } = await start(draft.id);
		expect(error?.message).toMatch(/internal error \(500\)/);
		const created = sandbox.requests.filter((r) => r.method === 'POST' && r.path === '/webhooks');
		const id = (created[created.length - 1].responseBody as IDataObject).id;
		expect(
			sandbox.requests.some((r) => r.method === 'DELETE' && r.path === `/webhooks/${String(id)}`),
		).toBe(true);
		expect(sandbox.signing.getSigningRequest(draft.id)!.sent_on).toBeNull();
		expect((await liveWebhooks()).some((w) => w.id === id)).toBe(false);
	});

	it('resumes on the delivery about its request, removes the webhook, outputs the final state and PDF', async () => {
		const draft = await createDraft(sandbox, SALES.testKey, 'saw-b');
		await start(draft.id);
		const [webhook] = (await liveWebhooks()).filter((w) => String(w.url).includes(draft.id));
		const resumeUrl = String(webhook.url);
		await redirectDeliveries(webhook);

		// Another request of the workspace finishes first: acknowledged, still waiting.
		const other = await createSent(sandbox, SALES.testKey, 'saw-b other');
		sandbox.simulate.signAll(other.id);
		const [otherDelivery] = await deliveriesFor(other.id);
		const ignored = await deliver(resumeUrl, otherDelivery.body, otherDelivery.headers);
		expect(ignored.status).toBe(200);
		expect(ignored.answer).toEqual({ received: true, ignored: 'not_this_wait' });
		expect(ignored.result.workflowData).toBeUndefined();
		expect((await liveWebhooks()).some((w) => w.id === webhook.id)).toBe(true);

		// A forged delivery: refused.
		sandbox.simulate.signAll(draft.id);
		const [delivery] = (await deliveriesFor(draft.id)).filter((d) =>
			d.eventType.endsWith('completed'),
		);
		const forged = await deliver(
			resumeUrl,
			delivery.body.replace('saw-b', 'saw-X'),
			delivery.headers,
		);
		expect(forged.status).toBe(401);
		expect(forged.result.workflowData).toBeUndefined();

		const resumed = await deliver(resumeUrl, delivery.body, delivery.headers, {
			waitOptions: { attachSignedPdf: true, binaryPropertyName: 'signed' },
		});
		expect(resumed.status).toBe(200);
		const [[item]] = resumed.result.workflowData!;
		expect(item.json).toMatchObject({
			id: draft.id,
			name: 'saw-b',
			status: 'completed',
			workspace_id: SALES.id,
			completed_at: expect.any(String),
			signed_document_url: expect.stringMatching(/^http/),
			waited: true,
			ended_by: 'event',
			event: { type: 'signing_request.completed' },
		});
		expect(item.binary?.signed).toMatchObject({
			mimeType: 'application/pdf',
			fileName: 'saw-b.pdf',
		});
		expect((await liveWebhooks()).some((w) => w.id === webhook.id)).toBe(false);
	});

	it('resumes on a decline with status "declined"', async () => {
		const draft = await createDraft(sandbox, SALES.testKey, 'saw-c');
		await start(draft.id);
		const [webhook] = (await liveWebhooks()).filter((w) => String(w.url).includes(draft.id));
		await redirectDeliveries(webhook);
		sandbox.simulate.decline(draft.id, draft.ada, 'Not me');
		const [delivery] = await deliveriesFor(draft.id);
		const resumed = await deliver(String(webhook.url), delivery.body, delivery.headers);
		expect(resumed.result.workflowData![0][0].json).toMatchObject({ status: 'declined' });
		expect((await liveWebhooks()).some((w) => w.id === webhook.id)).toBe(false);
	});

	it('Simplify off: status timed_out or the final word, signing_request_id and the request as read', async () => {
		const draft = await createDraft(sandbox, SALES.testKey, 'saw-raw');
		const { output } = await start(draft.id, { simplify: false });
		expect(output[0][0].json).toMatchObject({
			status: 'timed_out',
			signing_request_id: draft.id,
			waited: true,
			ended_by: 'time_limit',
			sent: expect.objectContaining({ signing_request_id: draft.id }),
		});
		const [webhook] = (await liveWebhooks()).filter((w) => String(w.url).includes(draft.id));
		await redirectDeliveries(webhook);
		sandbox.simulate.signAll(draft.id);
		const [delivery] = (await deliveriesFor(draft.id)).filter((d) =>
			d.eventType.endsWith('completed'),
		);
		const resumed = await deliver(String(webhook.url), delivery.body, delivery.headers, {
			simplify: false,
		});
		const json = resumed.result.workflowData![0][0].json;
		expect(json).toMatchObject({ status: 'completed', signing_request_id: draft.id, waited: true });
		expect((json.signing_request as IDataObject).status).toMatchObject({ finished: true });
	});

	it('does not wait for a request that already ended, and leaves no webhook', async () => {
		const sr = await createSent(sandbox, SALES.testKey, 'saw-d');
		sandbox.simulate.signAll(sr.id);
		const { output, run } = await start(sr.id, { sendFirst: false });
		expect(run!.waitTill).toBeUndefined();
		expect(output[0][0].json).toMatchObject({ status: 'completed', waited: false });
		expect((await liveWebhooks()).some((w) => String(w.url).includes(sr.id))).toBe(false);
	});

	it('Attach Signed PDF: attaches the signed document of a completed request', async () => {
		const sr = await createSent(sandbox, SALES.testKey, 'saw-pdf signed');
		sandbox.simulate.signAll(sr.id);
		const { output, error } = await start(sr.id, {
			sendFirst: false,
			waitOptions: { attachSignedPdf: true },
		});
		expect(error).toBeUndefined();
		const [item] = output[0];
		expect(item.json).toMatchObject({ status: 'completed', waited: false });
		expect(item.json).not.toHaveProperty('pdf_not_attached');
		expect(item.binary?.data).toMatchObject({
			mimeType: 'application/pdf',
			fileName: 'saw-pdf signed.pdf',
		});
	});

	it('Attach Signed PDF: never the partial copy in place of the signed one; the output says why', async () => {
		const sr = await createSent(sandbox, SALES.testKey, 'saw-pdf partial');
		sandbox.simulate.signAll(sr.id);
		// The service has not completed the signed document yet: it offers the partial copy. Its
		// link leads nowhere, so fetching it would fail the run.
		sandbox.injectFault({
			method: 'GET',
			path: `/signing-requests/${sr.id}/download`,
			kind: 'status',
			status: 200,
			body: {
				status: 'finished',
				is_partial: true,
				download_url: `${sandbox.url}/_files/partial-copy`,
				generated_at: null,
				expires_at: new Date(Date.now() + 3600_000).toISOString(),
			},
		});
		const from = sandbox.requests.length;
		const { output, error } = await start(sr.id, {
			sendFirst: false,
			waitOptions: { attachSignedPdf: true },
		});
		expect(error).toBeUndefined();
		const [item] = output[0];
		expect(item.binary).toBeUndefined();
		expect(item.json).toMatchObject({
			status: 'completed',
			waited: false,
			pdf_not_attached:
				'The signed PDF was not attached: the signing request is finished, but the service has not completed the signed document yet; the service offers only a partial, watermarked copy (download status "finished", is_partial true)',
		});
		expect(
			sandbox.requests
				.slice(from)
				.map((r) => `${r.method} ${r.path}`)
				.filter((line) => line.includes(sr.id)),
		).toEqual([`GET /signing-requests/${sr.id}`, `GET /signing-requests/${sr.id}/download`]);
	});

	it('Attach Signed PDF on a declined request: no PDF, and the output says why', async () => {
		const draft = await createDraft(sandbox, SALES.testKey, 'saw-pdf declined');
		await ok(sandbox, 'POST', `/signing-requests/${draft.id}/send`, { key: SALES.testKey });
		sandbox.simulate.decline(draft.id, draft.ada, 'Not me');
		const from = sandbox.requests.length;
		const { output, error } = await start(draft.id, {
			sendFirst: false,
			waitOptions: { attachSignedPdf: true },
		});
		expect(error).toBeUndefined();
		const [item] = output[0];
		expect(item.binary).toBeUndefined();
		expect(item.json).toMatchObject({
			status: 'declined',
			pdf_not_attached:
				'The signed PDF was not attached: the signing request was declined, so there is no signed document',
		});
		// Nothing is downloaded for a request that did not complete.
		expect(sandbox.requests.slice(from).filter((r) => r.path.endsWith('/download'))).toEqual([]);
	});

	it('refuses before any request without a signing secret, or with several items', async () => {
		const draft = await createDraft(sandbox, SALES.testKey, 'saw-e');
		const from = sandbox.requests.length;
		const noSecret = await start(draft.id, {}, credentials({ webhookSigningSecret: '' }));
		expect(noSecret.error?.message).toBe(
			'No Webhook Signing Secret in the Document Signing API credential',
		);
		const many = await runNode({
			node: documentSigning,
			parameters: parameters(draft.id),
			credentials: credentials(),
			input: [{ json: {} }, { json: {} }],
		});
		expect(many.error?.message).toMatch(/handles one signing request per execution, but it got 2/);
		const noLimit = await start(draft.id, { timeLimitAmount: 0 });
		expect(noLimit.error?.message).toBe('"Time Limit" must be a whole number of 1 or more');
		expect(sandbox.requests.slice(from)).toEqual([]);
	});

	it('removes leftover Send-and-Wait webhooks whose wait ended, and nothing else', async () => {
		const base = 'http://127.0.0.1:9/webhook-waiting';
		const make = async (path: string, description: string) =>
			(await ok(sandbox, 'POST', '/webhooks', {
				key: SALES.testKey,
				body: {
					url: `${base}/${path}`,
					events: ['signing_request.completed'],
					workspace_id: SALES.id,
					description,
				},
			})) as IDataObject;
		const old = await make(
			'1/n',
			'n8n Send and Wait: signing request x, until 2020-01-01T00:00:00.000Z',
		);
		const current = await make(
			'2/n',
			`n8n Send and Wait: signing request y, until ${new Date(Date.now() + 3600_000).toISOString()}`,
		);
		const foreign = await make('3/n', 'someone else, until 2020-01-01T00:00:00.000Z');
		// A real n8n-core context: the transport authenticates through n8n's helpers.
		const { context } = createExecuteContext({
			parameters: {},
			credentials: credentials(),
		});
		const removed = await sweepLeftovers(context, SALES.id, base, Date.now());
		expect(removed).toEqual([old.id]);
		const ids = (await liveWebhooks()).map((w) => w.id);
		expect(ids).toEqual(expect.arrayContaining([current.id, foreign.id]));
		expect(ids).not.toContain(old.id);
	});
});

describe('a burst of starts: the listing of Send-and-Wait webhooks at most once a minute', () => {
	afterEach(() => jest.restoreAllMocks());

	it('ten starts with one key list the webhooks once, register one each, and still remove leftovers and re-arm running waits; a minute later it lists again', async () => {
		forgetSweeps();
		const base = 'http://localhost:5678/webhook-waiting';
		// Made with the protected workspace's key: the node's key counts only what the node sends.
		const make = async (path: string, until: Date) =>
			(await ok(sandbox, 'POST', '/webhooks', {
				key: SEED.protectedWorkspace.testKey,
				body: {
					url: `${base}/${path}?signing_request_id=x&workspace_id=${SALES.id}&reread=1`,
					events: ['signing_request.completed'],
					workspace_id: SALES.id,
					description: `n8n Send and Wait: signing request x, until ${until.toISOString()}`,
				},
			})) as IDataObject;
		const leftover = await make('burst-old/n', new Date('2020-01-01T00:00:00Z'));
		const running = await make('burst-running/n', new Date(Date.now() + 3600_000));
		const drafts = await Promise.all(
			Array.from({ length: 10 }, (_, i) => createDraft(sandbox, SALES.testKey, `saw-burst-${i}`)),
		);
		// Fresh windows on both sides: the earlier tests' requests would count as another client's.
		sandbox.resetRateLimits();
		resetRateLimiters();
		const from = sandbox.requests.length;
		const results = await Promise.all(drafts.map((draft) => start(draft.id)));
		expect(results.map((r) => r.error)).toEqual(Array(10).fill(undefined));
		// Each registration: created (parked), then pointed at its resume URL (PUT).
		const hookCalls = webhookCallsSince(from).filter((c) => !c.startsWith('PUT'));
		expect(hookCalls.filter((c) => c === 'GET /webhooks')).toHaveLength(1);
		expect(hookCalls.filter((c) => c === 'POST /webhooks')).toHaveLength(10);
		// The listing still did its work: the leftover is gone, the running wait is re-read here.
		expect(hookCalls.filter((c) => c.startsWith('DELETE'))).toEqual([
			`DELETE /webhooks/${String(leftover.id)}`,
		]);
		expect(hookCalls).toHaveLength(12);
		expect(reReads.waits().some((w) => w.url === running.url)).toBe(true);
		expect(sandbox.requests.slice(from).every((r) => r.status < 400)).toBe(true);

		// A leftover that appears now waits for the next listing, a minute after the last one.
		const later = await make('burst-later/n', new Date('2020-01-01T00:00:00Z'));
		const draft = await createDraft(sandbox, SALES.testKey, 'saw-burst-again');
		const again = sandbox.requests.length;
		expect((await start(draft.id)).error).toBeUndefined();
		expect(webhookCallsSince(again).filter((c) => !c.startsWith('PUT'))).toEqual([
			'POST /webhooks',
		]);
		const realNow = Date.now.bind(Date);
		jest.spyOn(Date, 'now').mockImplementation(() => realNow() + 61_000);
		const next = await createDraft(sandbox, SALES.testKey, 'saw-burst-minute');
		const minute = sandbox.requests.length;
		expect((await start(next.id)).error).toBeUndefined();
		expect(webhookCallsSince(minute).filter((c) => !c.startsWith('PUT'))).toEqual([
			'GET /webhooks',
			`DELETE /webhooks/${String(later.id)}`,
			'POST /webhooks',
		]);
		const ids = [...drafts, draft, next].map((d) => d.id);
		for (const webhook of await liveWebhooks())
			if (ids.some((id) => String(webhook.url).includes(id))) await redirectDeliveries(webhook);
	});
});

describe('a burst of starts: a registration that would wait for a turn takes one request', () => {
	it("once the key's webhook requests have to wait, the webhook is created at the resume URL at once, without parking it first", async () => {
		// A service whose webhook window (3 requests) the first start uses up: listing, create, point.
		const strict = await startSandbox({
			rateLimits: { webhook: 3 },
			rateLimitWindowMs: 3000,
			webhookTestOnCreate: false,
		});
		try {
			forgetSweeps();
			resetRateLimiters();
			const creds = credentials({ baseUrl: strict.url });
			const drafts = await Promise.all(
				['saw-tight-1', 'saw-tight-2', 'saw-tight-3'].map((name) =>
					createDraft(strict, SALES.testKey, name),
				),
			);
			expect((await start(drafts[0].id, {}, creds)).error).toBeUndefined();
			const later = await Promise.all(drafts.slice(1).map((d) => start(d.id, {}, creds)));
			expect(later.map((r) => r.error)).toEqual([undefined, undefined]);
			const hooks = strict.requests.filter((r) => r.path.startsWith('/webhooks'));
			const creates = hooks.filter((r) => r.method === 'POST');
			expect(creates.map((r) => String((r.body as IDataObject).url).split('?')[0])).toEqual([
				'http://localhost:5678/webhook-waiting',
				expect.stringMatching(/^http:\/\/localhost:5678\/webhook-waiting\/[^/]+\/[^/]+$/),
				expect.stringMatching(/^http:\/\/localhost:5678\/webhook-waiting\/[^/]+\/[^/]+$/),
			]);
			expect(hooks.filter((r) => r.method === 'PUT')).toHaveLength(1);
			expect(hooks.every((r) => r.status < 400)).toBe(true);
			expect(later.every((r) => r.run?.waitTill !== undefined)).toBe(true);
		} finally {
			resetRateLimiters();
			await strict.close();
		}
	});

	it('starts reaching the choice at the same moment park only what the window holds: the rest take one request each', async () => {
		// 7 webhook requests a window: the listing takes 1; of the 6 left, two starts park (2 each)
		// and the others, choosing meanwhile, create at the resume URL at once.
		const strict = await startSandbox({
			rateLimits: { webhook: 7 },
			rateLimitWindowMs: 3000,
			webhookTestOnCreate: false,
		});
		let slowReads: jest.SpyInstance | undefined;
		try {
			forgetSweeps();
			resetRateLimiters();
			const creds = credentials({ baseUrl: strict.url });
			const drafts = await Promise.all(
				Array.from({ length: 6 }, (_, i) => createDraft(strict, SALES.testKey, `saw-herd-${i}`)),
			);
			// n8n reads the credential from its database for every request: a moment passes between
			// a start's choice and its request joining the queue, in which the others choose too.
			const read = HarnessCredentialsHelper.prototype.getDecrypted;
			slowReads = jest
				.spyOn(HarnessCredentialsHelper.prototype, 'getDecrypted')
				.mockImplementation(async function (this: HarnessCredentialsHelper, ...args) {
					await new Promise((r) => setTimeout(r, 20));
					return await read.apply(this, args);
				});
			const results = await Promise.all(drafts.map((d) => start(d.id, {}, creds)));
			expect(results.map((r) => r.error)).toEqual(Array(6).fill(undefined));
			const hooks = strict.requests.filter((r) => r.path.startsWith('/webhooks'));
			const creates = hooks.filter((r) => r.method === 'POST');
			expect(creates).toHaveLength(6);
			const parked = creates.filter(
				(r) =>
					String((r.body as IDataObject).url).split('?')[0] ===
					'http://localhost:5678/webhook-waiting',
			);
			expect(parked.length).toBeLessThanOrEqual(3);
			expect(hooks.filter((r) => r.method === 'PUT')).toHaveLength(parked.length);
			// 6 registrations in at most 1 listing + 6 creates + 3 PUTs: within 10 requests.
			expect(hooks.length).toBeLessThanOrEqual(10);
			expect(hooks.every((r) => r.status < 400)).toBe(true);
		} finally {
			slowReads?.mockRestore();
			resetRateLimiters();
			await strict.close();
		}
	});
});

describe('Send and Wait registers the webhook whose deliveries the credential verifies', () => {
	const P = SEED.protectedWorkspace;
	/** The protected workspace's key with the company secret: the credential `npm start` sets up. */
	const companyCredentials = () =>
		credentials({
			testApiKey: P.testKey,
			liveApiKey: P.liveKey,
			webhookSigningSecret: WEBHOOK_SECRETS.company,
		});
	const companyWebhooks = async () =>
		((await ok(sandbox, 'GET', '/webhooks', { key: P.testKey })).results as IDataObject[]).filter(
			(w) => String(w.url).includes('/webhook-waiting/'),
		);

	it('the company secret: a company-level webhook, resumed by the company-signed delivery; a workspace-signed one is refused and logged', async () => {
		const draft = await createDraft(sandbox, P.testKey, 'saw-company');
		const { error, run } = await start(draft.id, {}, companyCredentials());
		expect(error).toBeUndefined();
		expect(run!.waitTill).toBeDefined();
		// The webhook answer names no workspace: the list it is in says its scope (the company list
		// without workspace_id, not the workspace's).
		const [webhook] = (await companyWebhooks()).filter((w) => String(w.url).includes(draft.id));
		expect(webhook).toBeDefined();
		expect((await liveWebhooks()).some((w) => w.id === webhook.id)).toBe(false);
		const resumeUrl = String(webhook.url);
		expect(new URL(resumeUrl).searchParams.get('workspace_id')).toBeNull();
		await redirectDeliveries(webhook, P.testKey);

		// A request of another workspace reaches the company-level webhook: acknowledged, still waiting.
		const other = await createSent(sandbox, SALES.testKey, 'saw-company other');
		sandbox.simulate.signAll(other.id);
		const [otherDelivery] = (await deliveriesFor(other.id)).filter(
			(d) => d.webhookId === webhook.id,
		);
		const ignored = await deliver(
			resumeUrl,
			otherDelivery.body,
			otherDelivery.headers,
			{},
			companyCredentials(),
		);
		expect(ignored.answer).toEqual({ received: true, ignored: 'not_this_wait' });

		sandbox.simulate.signAll(draft.id);
		const [delivery] = (await deliveriesFor(draft.id)).filter(
			(d) => d.eventType.endsWith('completed') && d.webhookId === webhook.id,
		);
		// Signed with the workspace's secret instead: refused (401), still waiting, reason logged.
		const t = Math.floor(Date.now() / 1000);
		const wrong = await deliver(
			resumeUrl,
			delivery.body,
			{
				...delivery.headers,
				'X-Service-Signature': signatureHeader(SALES_SECRET, t, delivery.body),
			},
			{},
			companyCredentials(),
		);
		expect(wrong.status).toBe(401);
		expect(wrong.answer).toEqual({ error: 'Invalid signature', code: 'signature_mismatch' });
		expect(wrong.result.workflowData).toBeUndefined();
		expect(wrong.warnings).toHaveLength(1);
		expect(wrong.warnings[0]).toContain(
			'Send and Wait refused a delivery: signature_mismatch. Send and Wait refused a delivery: its signature does not match the "Webhook Signing Secret" of credential "Signing (test)"',
		);
		expect(wrong.warnings[0]).toContain(
			"Send and Wait registered a company-level webhook for this wait: the service signs its deliveries with the company's webhook secret.",
		);
		expect(wrong.warnings[0]).not.toContain(WEBHOOK_SECRETS.company);

		const resumed = await deliver(
			resumeUrl,
			delivery.body,
			delivery.headers,
			{},
			companyCredentials(),
		);
		expect(resumed.status).toBe(200);
		expect(resumed.result.workflowData![0][0].json).toMatchObject({
			status: 'completed',
			id: draft.id,
		});
		expect((await companyWebhooks()).some((w) => w.id === webhook.id)).toBe(false);
	});

	it("the workspace's own secret: a webhook of that workspace (as before)", async () => {
		const draft = await createDraft(sandbox, SALES.testKey, 'saw-own');
		await start(draft.id);
		const [webhook] = (await liveWebhooks()).filter((w) => String(w.url).includes(draft.id));
		expect(webhook).toBeDefined();
		expect((await companyWebhooks()).some((w) => w.id === webhook.id)).toBe(false);
		await redirectDeliveries(webhook);
	});

	it('a workspace that ignores company webhooks, without its own secret in the credential: refused before anything is sent', async () => {
		const workspace = sandbox.state.getWorkspace(P.id)!;
		workspace.ignore_company_webhooks = true;
		try {
			const draft = await createDraft(sandbox, P.testKey, 'saw-ignoring');
			const from = sandbox.requests.length;
			const { error } = await start(draft.id, {}, companyCredentials());
			expect(error?.message).toBe(
				`The credential's Webhook Signing Secret is not the secret of workspace ${P.id}, and that workspace ignores company-level webhooks`,
			);
			expect((error as { description?: string } | undefined)?.description).toContain(
				'ignore_company_webhooks',
			);
			const calls = sandbox.requests.slice(from).map((r) => `${r.method} ${r.path}`);
			expect(calls).toEqual([`GET /signing-requests/${draft.id}`, `GET /workspaces/${P.id}`]);
		} finally {
			workspace.ignore_company_webhooks = false;
		}
	});

	it("the company secret with a workspace's own key: says which secret or key it takes, sends nothing", async () => {
		const draft = await createDraft(sandbox, SALES.testKey, 'saw-no-company-key');
		const from = sandbox.requests.length;
		const { error } = await start(
			draft.id,
			{},
			credentials({ webhookSigningSecret: WEBHOOK_SECRETS.company }),
		);
		expect(error?.message).toBe(
			"Send and Wait could not use a company-level webhook: the credential's secret is not the workspace's own, and company-level webhooks need the protected workspace's key [FORBIDDEN]",
		);
		expect(sandbox.requests.slice(from).some((r) => r.path.endsWith('/send'))).toBe(false);
		expect(sandbox.requests.slice(from).some((r) => r.method === 'POST')).toBe(false);
	});
});

describe('choosing the scope', () => {
	it('compares secrets exactly (spaces aside), and takes the redaction mark as the same secret', () => {
		expect(sameSecret('abc', ' abc\n')).toBe(true);
		expect(sameSecret('abc', 'abd')).toBe(false);
		expect(sameSecret('', '')).toBe(false);
		expect(sameSecret(null, 'x')).toBe(false);
		const ws = (extra: IDataObject) => ({ id: 'w', ...extra });
		expect(chooseWaitScope(ws({ webhook_secret: 's1' }), 'w', 's1')).toEqual({
			kind: 'workspace',
			workspaceId: 'w',
		});
		expect(chooseWaitScope(ws({ webhook_secret: '[mark]' }), 'w', 's1', '[mark]')).toEqual({
			kind: 'workspace',
			workspaceId: 'w',
		});
		expect(chooseWaitScope(ws({ webhook_secret: 's2' }), 'w', 's1')).toEqual({ kind: 'company' });
		expect(chooseWaitScope(ws({ webhook_secret: null }), 'w', 's1')).toEqual({ kind: 'company' });
		expect(
			chooseWaitScope(ws({ webhook_secret: 's2', ignore_company_webhooks: true }), 'w', 's1'),
		).toEqual({ kind: 'ignoresCompanyWebhooks' });
		// Not readable: a webhook of the workspace, as before.
		expect(chooseWaitScope(undefined, 'w', 's1')).toEqual({ kind: 'workspace', workspaceId: 'w' });
	});
});

describe('the node declares the resume webhook n8n needs', () => {
	it('POST, restartWebhook, path = node id', () => {
		expect(documentSigning.description.webhooks).toEqual([
			{
				name: 'default',
				httpMethod: 'POST',
				responseMode: 'onReceived',
				responseData: '',
				path: '={{ $nodeId }}',
				restartWebhook: true,
				isFullPath: true,
			},
			// Registered only for an active workflow's Send and Wait node: its checkExists hands the
			// node's waits to the re-reads at activation (n8n does not call it at its start).
			expect.objectContaining({
				name: 'setup',
				httpMethod:
					'={{ $workflow.active && $parameter["operation"] === "sendAndWaitForCompletion" ? "POST" : "" }}',
				path: '={{ "document-signing-send-and-wait/" + $workflow.id + "/" + $nodeId }}',
			}),
		]);
	});
});

describe('a re-read call while waiting (reread.ts): the node reads the request itself', () => {
	beforeEach(() => forgetReads());

	it('keeps waiting while the request is open; once it ended, resumes with the output an event gives, ended_by "re-read"', async () => {
		const draft = await createDraft(sandbox, SALES.testKey, 'saw-reread');
		const { run } = await start(draft.id, { waitOptions: { rereadMinutes: 2 } });
		const [webhook] = (await liveWebhooks()).filter((w) => String(w.url).includes(draft.id));
		const resumeUrl = String(webhook.url);
		expect(new URL(resumeUrl).searchParams.get('reread')).toBe('2');
		// Handed to this process's re-reads, due one interval later, until the time limit.
		const known = reReads.waits().find((w) => w.url === resumeUrl)!;
		expect(known.until).toBe(new Date(run!.waitTill as Date).getTime());
		expect(known.dueAt - Date.now()).toBeGreaterThan(60_000);
		await redirectDeliveries(webhook);

		const reads = () =>
			sandbox.requests.filter(
				(r) => r.method === 'GET' && r.path === `/signing-requests/${draft.id}`,
			).length;
		const before = reads();
		const open = await deliver(resumeUrl, '{}', { [REREAD_HEADER]: '1' });
		expect(open.answer).toEqual({ re_read: 'waiting', read: true });
		expect(open.result.workflowData).toBeUndefined();
		expect(reads()).toBe(before + 1);
		// Asked again within half an interval: answered without reading.
		const soon = await deliver(resumeUrl, '{}', { [REREAD_HEADER]: '1' });
		expect(soon.answer).toEqual({ re_read: 'waiting', read: false });
		expect(reads()).toBe(before + 1);

		// Every delivery is lost; the request completes; the next re-read ends the wait.
		sandbox.simulate.signAll(draft.id);
		forgetReads();
		const atEnd = sandbox.requests.length;
		const ended = await deliver(resumeUrl, '{}', { [REREAD_HEADER]: '1' });
		expect(ended.answer).toEqual({ re_read: 'ended', status: 'completed' });
		// The webhook this process registered goes by its id: one webhook call, no listing.
		expect(webhookCallsSince(atEnd)).toEqual([`DELETE /webhooks/${String(webhook.id)}`]);
		const [[item]] = ended.result.workflowData!;
		expect(item.json).toMatchObject({
			status: 'completed',
			id: draft.id,
			waited: true,
			ended_by: 're-read',
			event: null,
			completed_at: expect.any(String),
		});
		expect((await liveWebhooks()).some((w) => w.id === webhook.id)).toBe(false);
		expect(reReads.waits().some((w) => w.url === resumeUrl)).toBe(false);
	});

	it('the service refuses the re-read’s read: logged with the workflow, answered "unread", and the execution keeps waiting', async () => {
		const draft = await createDraft(sandbox, SALES.testKey, 'saw-reread-refused');
		await start(draft.id, { waitOptions: { rereadMinutes: 1 } });
		const [webhook] = (await liveWebhooks()).filter((w) => String(w.url).includes(draft.id));
		await redirectDeliveries(webhook);
		sandbox.simulate.signAll(draft.id);
		refuseRead(`/signing-requests/${draft.id}`);
		const refused = await deliver(String(webhook.url), '{}', { [REREAD_HEADER]: '1' });
		// Thrown, the error would have resumed the execution with a made-up item (see refuseResume).
		expect(refused.result).toEqual({ noWebhookResponse: true });
		expect(refused.answer).toEqual({ re_read: 'unread' });
		expect(refused.warnings).toHaveLength(1);
		expect(refused.warnings[0]).toMatch(
			new RegExp(
				`^Send and Wait of workflow ".*" \\(execution resume\\) could not re-read signing request ${draft.id}: `,
			),
		);
		// The webhook stays: the next re-read (or a delivery) still ends the wait.
		expect((await liveWebhooks()).some((w) => w.id === webhook.id)).toBe(true);
		forgetReads();
		const ended = await deliver(String(webhook.url), '{}', { [REREAD_HEADER]: '1' });
		expect(ended.answer).toEqual({ re_read: 'ended', status: 'completed' });
	});

	it('the final read after the delivery fails: 503 with Retry-After, logged, and the wait goes on until the next delivery', async () => {
		const { draft, webhook, delivery } = await signedWhileWaiting('saw-final-read-refused');
		refuseRead(`/signing-requests/${draft.id}`);
		const refused = await deliver(String(webhook.url), delivery.body, delivery.headers);
		// Thrown, the error would have resumed the execution with a made-up item (see refuseResume).
		expect(refused.result).toEqual({ noWebhookResponse: true });
		expect(refused.status).toBe(503);
		expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
		expect(refused.warnings).toEqual([
			expect.stringMatching(
				new RegExp(
					`^Send and Wait of workflow ".*" \\(execution resume\\) could not read signing request ${draft.id} after its delivery: .*keeps waiting`,
				),
			),
		]);
		expect((await liveWebhooks()).some((w) => w.id === webhook.id)).toBe(true);

		// The service delivers again: the wait ends.
		const ended = await deliver(String(webhook.url), delivery.body, delivery.headers);
		expect(ended.status).toBe(200);
		expect(ended.result.workflowData?.[0][0].json).toMatchObject({
			id: draft.id,
			status: 'completed',
			ended_by: 'event',
		});
	});

	it('Attach Signed PDF whose download fails once the wait ended: the final state without the PDF, saying why', async () => {
		const { draft, webhook, delivery } = await signedWhileWaiting('saw-download-fails');
		refuseRead(`/signing-requests/${draft.id}/download`);
		const resumed = await deliver(String(webhook.url), delivery.body, delivery.headers, {
			waitOptions: { attachSignedPdf: true },
		});
		expect(resumed.status).toBe(200);
		const [[item]] = resumed.result.workflowData!;
		expect(item.json).toMatchObject({ id: draft.id, status: 'completed', ended_by: 'event' });
		expect(item.json.pdf_not_attached).toMatch(
			/^The signed PDF could not be attached: .+\. Download it with Signing Request → Download\.$/,
		);
		expect(item.binary).toBeUndefined();
		expect(resumed.warnings).toEqual([expect.stringContaining(String(item.json.pdf_not_attached))]);
	});

	it('a re-read interval outside 1 to 15 minutes is refused before anything is sent', async () => {
		const draft = await createDraft(sandbox, SALES.testKey, 'saw-reread-bad');
		const { error } = await start(draft.id, { waitOptions: { rereadMinutes: 30 } });
		expect(error?.message).toBe(
			'"Re-Read Every (Minutes)" must be a whole number from 1 to 15, not 30',
		);
		expect(sandbox.signing.getSigningRequest(draft.id)!.sent_on).toBeNull();
	});
});
