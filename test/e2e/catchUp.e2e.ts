/**
 * Nothing missed, even when n8n was away (issue 22), in a real n8n 2.41.1 against an in-process
 * sandbox:
 *  - Send and Wait for Completion notices the end of its request by its re-reads when every
 *    delivery is refused (deliveries go to a closed port), and a test run of a workflow that is
 *    not published (no webhook at all) ends by its re-read every 15 seconds;
 *  - the webhook trigger, after n8n was stopped while events were sent (every delivery attempt
 *    failed) and started again (n8n calls nothing of the node then), catches up at the first
 *    delivery it gets: it starts each missed change once, and a late retry of a caught-up event
 *    starts nothing.
 *
 * The Send-and-Wait workflow is the example with a Webhook node instead of the manual start and a
 * "Report" node posting what the node output to a receiver in this test (as in pollAndWait.e2e.ts).
 */
import { SEED, WEBHOOK_SECRETS, signatureHeader, type Sandbox } from '../sandbox';
import {
	executionsOf,
	login,
	postToWebhook,
	rest,
	startServer,
	startWithOwner,
	waiter,
	type Instance,
	type Server,
} from './n8n';
import {
	caughtUpReport,
	importAll,
	loadExamples,
	prepareN8n,
	reportingTriggerWorkflow,
	sandboxApi,
	sandboxCredential,
	sendAndWaitForE2e,
	sendDemoRequest,
	startReportReceiver,
	tearDown,
	UNTHROTTLED,
	withTemplate,
	type ReportReceiver,
	type Workflow,
} from './setup';

type Json = Record<string, any>;

const P = SEED.protectedWorkspace;
const WAIT_WF = 'dsE2eReRead00001';
const MANUAL_WF = 'dsE2eReReadMan01';
const TRIGGER_WF = 'dsE2eCatchUp0001';
const TRIGGER_WEBHOOK_ID = 'c5000000-0000-4000-8000-000000000001';

let sandbox: Sandbox;
let userFolder: string;
let inst: Instance;
let server: Server | undefined;
let cookie = '';
let templateId: string;
let receiver: ReportReceiver | undefined;
/** Everything the Report nodes posted, in arrival order. */
const reports: Json[] = [];

const until = waiter({ timeoutMs: 120_000 });
const api = <T = Json>(method: string, path: string, body?: unknown) =>
	sandboxApi<T>(sandbox.url, method, path, body);
const sentRequest = (name: string) => sendDemoRequest(sandbox.url, templateId, name);

/** The Send-and-Wait example, started by a webhook, re-reading every minute, reporting its output. */
function waitWorkflow(example: Workflow): Workflow {
	return sendAndWaitForE2e(example, {
		id: WAIT_WF,
		name: 'e2e: send and wait, re-reads',
		path: 'reread-e2e',
		webhookId: 'c5000000-0000-4000-8000-0000000000aa',
		reportUrl: receiver!.url,
		report:
			'={{ JSON.stringify({ kind: "wait", status: $json.status, id: $json.id, ended_by: $json.ended_by, waited: $json.waited, event: $json.event, pdfMime: $binary.data ? $binary.data.mimeType : null }) }}',
		sendAndWait: (node) => ({
			...node,
			parameters: {
				...node.parameters,
				timeLimitAmount: 1,
				timeLimitUnit: 'days',
				waitOptions: { ...((node.parameters.waitOptions as Json) ?? {}), rereadMinutes: 1 },
			},
		}),
	});
}

/** A company-wide trigger for completions and declines, reporting each event it starts. */
function triggerWorkflow(): Workflow {
	return reportingTriggerWorkflow({
		id: TRIGGER_WF,
		name: 'e2e: trigger catches up',
		triggerName: 'On signing events',
		webhookId: TRIGGER_WEBHOOK_ID,
		nodeIds: ['c5000000-0000-4000-8000-000000000010', 'c5000000-0000-4000-8000-000000000011'],
		events: ['signing_request.completed', 'signing_request.recipient.declined'],
		reportUrl: receiver!.url,
	});
}

const triggerUrl = () => `${inst.url}/webhook/${TRIGGER_WEBHOOK_ID}/webhook`;

beforeAll(async () => {
	receiver = await startReportReceiver(reports);
	({ sandbox, templateId, userFolder, inst } = await prepareN8n('catchup', {
		// Retries after 0.3 s and 3.6 s instead of 5 minutes and an hour.
		sandbox: { rateLimits: UNTHROTTLED, webhookRetryScale: 0.001 },
	}));
	const examples = Object.fromEntries(
		Object.entries(loadExamples()).map(([name, wf]) => [name, withTemplate(wf, templateId)]),
	);
	const manual = JSON.parse(JSON.stringify(examples['send-and-wait-for-completion'])) as Workflow;
	manual.id = MANUAL_WF;
	manual.name = 'e2e: send and wait, manual start';
	await importAll(
		inst,
		[sandboxCredential(sandbox.url, 'test')],
		[waitWorkflow(examples['send-and-wait-for-completion']), manual, triggerWorkflow()],
		[WAIT_WF, TRIGGER_WF],
	);
	({ server, cookie } = await startWithOwner(inst));
	// The trigger registers its webhook while n8n activates it: wait for it, so that the tests
	// that count the service's webhooks do not count its arrival.
	await until('the trigger to register its webhook', () =>
		sandbox.webhooks.records.find((r) => !r.deleted_at && r.url === triggerUrl()),
	);
}, 900_000);

afterAll(async () => {
	await tearDown({ server, sandbox, userFolder });
	await receiver?.close();
});

const startRun = (name: string) => postToWebhook(inst, 'reread-e2e', { name }, server);

/** The webhook of a Send and Wait workflow's router at the sandbox (one per published workflow). */
function routerWebhook(workflowId: string) {
	return sandbox.webhooks.records.find(
		(r) => !r.deleted_at && r.url.includes(`/document-signing-send-and-wait/${workflowId}/`),
	);
}

/** The request a run made, by its name, once sent. */
async function sentRequestNamed(name: string) {
	const request = await until(`the request "${name}"`, () =>
		sandbox.signing.listSigningRequests(P.id).find((sr) => sr.name === name),
	);
	await until(`"${name}" to be sent`, () =>
		sandbox.signing.getSigningRequest(request.id)?.sent_on ? true : undefined,
	);
	return request;
}

const waitReport = (id: string) => reports.find((r) => r.kind === 'wait' && r.id === id);

const executions = (workflowId: string) => executionsOf(inst, cookie, workflowId);

describe('Send and Wait re-reads its request while it waits', () => {
	it('a test run of a workflow that is not published: no webhook at the service; it ends by its re-read', async () => {
		const before = sandbox.webhooks.records.filter((r) => !r.deleted_at).length;
		const answer = await rest<Json>(inst, cookie, 'POST', `/workflows/${MANUAL_WF}/run`, {
			triggerToStartFrom: { name: 'Start' },
			destinationNode: { nodeName: 'Send and wait for completion', mode: 'inclusive' },
		});
		expect(answer).not.toHaveProperty('waitingForWebhook');
		const executionId = String(answer.executionId);
		const waiting = await until('the test run to wait', async () =>
			(await executions(MANUAL_WF)).find(
				(e) => String(e.id) === executionId && e.status === 'waiting',
			),
		);
		expect(waiting).toBeDefined();
		expect(sandbox.webhooks.records.filter((r) => !r.deleted_at)).toHaveLength(before);
		const request = sandbox.signing
			.listSigningRequests(P.id)
			.filter((sr) => sr.sent_on !== null)
			.sort((a, b) => b.created_at - a.created_at)[0];
		sandbox.simulate.signAll(request.id);
		const ended = await until(
			'the test run to end by its re-read',
			async () =>
				(await executions(MANUAL_WF)).find(
					(e) => String(e.id) === executionId && e.status === 'success',
				),
			90_000,
		);
		expect(ended).toBeDefined();
	}, 180_000);

	it('every delivery refused (sent to a closed port): the re-read ends the wait, and says so', async () => {
		await startRun('e2e re-read, deliveries refused');
		const request = await sentRequestNamed('e2e re-read, deliveries refused');
		const webhook = routerWebhook(WAIT_WF)!;
		expect(webhook).toBeDefined();
		const original = webhook.url;
		// The service can no longer reach n8n: its deliveries go to a closed port.
		const closed = new URL(webhook.url);
		closed.host = '127.0.0.1:9';
		await api('PUT', `/webhooks/${webhook.id}`, { url: closed.toString(), events: webhook.events });
		sandbox.simulate.signAll(request.id);
		await sandbox.webhooks.flush();
		const attempts = sandbox.webhooks.deliveries.filter(
			(d) => d.webhookId === webhook.id && !d.test && d.body.includes(request.id),
		);
		expect(attempts.map((d) => [d.eventType, d.status])).toEqual([
			['signing_request.completed', null],
			['signing_request.completed', null],
			['signing_request.completed', null],
		]);

		const report = await until(
			'the re-read to end the wait',
			() => waitReport(request.id),
			200_000,
		);
		expect(report).toMatchObject({
			status: 'completed',
			ended_by: 're-read',
			waited: true,
			event: null,
			pdfMime: 'application/pdf',
		});
		// The published workflow keeps its webhook (pointed back at n8n for the next tests).
		await api('PUT', `/webhooks/${webhook.id}`, {
			url: original,
			events: webhook.events,
			enabled: true,
		});
	}, 300_000);
});

/** The Report node's posts of the trigger for one signing request. */
const triggerReports = (requestId: string) =>
	reports.filter((r) => r.kind === 'trigger' && r.request === requestId);

/** The service's delivery attempts of an event type about a request to the trigger's webhook. */
function triggerAttempts(requestId: string, type: string) {
	return sandbox.webhooks.deliveries.filter(
		(d) =>
			!d.test &&
			d.url === triggerUrl() &&
			d.eventType === type &&
			d.body.includes(`"${requestId}"`),
	);
}

describe('n8n stopped while requests end, every delivery attempt failing: after its restart nothing is missed, without user action', () => {
	/** Completed while n8n ran: the trigger took it by webhook. */
	let delivered: { id: string; recipientId: string };
	/** Completed and declined while n8n was stopped. */
	let completed: { id: string; recipientId: string };
	let declined: { id: string; recipientId: string };
	/** Completed after n8n was back: its delivery is the first request the trigger gets. */
	let after: { id: string; recipientId: string };

	beforeAll(async () => {
		// The trigger listens: a completion while n8n runs reaches it by the service's delivery.
		delivered = await sentRequest('e2e trigger, delivered');
		sandbox.simulate.signAll(delivered.id);
		await until('the delivered completion to start the trigger', () =>
			triggerReports(delivered.id).length ? true : undefined,
		);

		await server!.stop();
		server = undefined;
		completed = await sentRequest('e2e trigger, completed while away');
		declined = await sentRequest('e2e trigger, declined while away');
		sandbox.simulate.signAll(completed.id);
		sandbox.simulate.decline(declined.id, declined.recipientId, 'Not this one');
		await sandbox.webhooks.flush();
		// Every attempt (at once, and the two retries) found n8n stopped.
		for (const [id, type] of [
			[completed.id, 'signing_request.completed'],
			[declined.id, 'signing_request.recipient.declined'],
		])
			expect(triggerAttempts(id, type).map((d) => [d.attempt, d.status])).toEqual([
				[1, null],
				[2, null],
				[3, null],
			]);
		server = await startServer(inst);
		cookie = await login(inst);
		// No user action: n8n 2.41.1 calls no method of the node at its start (its webhook is
		// stored), so the first delivery the restarted n8n gets starts the catch-up.
		after = await sentRequest('e2e trigger, completed after the restart');
		sandbox.simulate.signAll(after.id);
	}, 600_000);

	it('the first delivery after the restart starts once, and the catch-up it starts starts each missed event once', async () => {
		await until(
			'the catch-up of the missed completion and decline',
			() =>
				triggerReports(completed.id).length && triggerReports(declined.id).length
					? true
					: undefined,
			120_000,
			() => `${JSON.stringify(reports)}\n${server?.output().slice(-4000) ?? ''}`,
		);
		expect(triggerReports(completed.id)).toEqual([
			caughtUpReport(
				'signing_request.completed',
				`catchup_completed_${completed.id}`,
				completed.id,
			),
		]);
		expect(triggerReports(declined.id)).toEqual([
			caughtUpReport(
				'signing_request.recipient.declined',
				`catchup_recipient_declined_${declined.id}`,
				declined.id,
			),
		]);
		// Taken by webhook before n8n stopped, or after it was back: not started again.
		expect(triggerReports(delivered.id)).toMatchObject([{ source: 'webhook' }]);
		expect(triggerReports(after.id)).toMatchObject([{ source: 'webhook' }]);
	}, 200_000);

	it('a late retry of the service for a caught-up event starts nothing', async () => {
		const [first] = triggerAttempts(completed.id, 'signing_request.completed');
		const timestamp = Math.floor(Date.now() / 1000);
		const executionsBefore = (await executions(TRIGGER_WF)).length;
		const response = await fetch(triggerUrl(), {
			method: 'POST',
			headers: {
				...first.headers,
				'X-Service-Signature': signatureHeader(WEBHOOK_SECRETS.company, timestamp, first.body),
			},
			body: first.body,
		});
		// Answered by the node as a duplicate: no execution was created (n8n creates it before a 200
		// of an accepted event).
		expect(response.status).toBe(200);
		expect(await response.json()).toMatchObject({ duplicate: true });
		expect((await executions(TRIGGER_WF)).length).toBe(executionsBefore);
		expect(triggerReports(completed.id)).toHaveLength(1);
	}, 60_000);
});
