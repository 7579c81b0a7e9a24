/**
 * Restarts and a reverse proxy (issue 28), in a real n8n 2.41.1 whose public address (WEBHOOK_URL)
 * is a reverse proxy on another port (./proxy.ts): the service delivers to the proxy, and n8n calls
 * its own address through it.
 *
 *  1. What a stop does to waiting executions, for n8n's own Wait node ("On Webhook Call", the
 *     control) and Send and Wait for Completion: a graceful stop (SIGTERM to n8n's process group)
 *     and a crash (SIGKILL to the group, task runners included). Both kinds of wait are still
 *     `waiting` after n8n is back (its startup recovery logs them as unfinished and amends them, but
 *     saves them as waiting again), and each ends exactly once.
 *  2. Nothing of the package runs at n8n's start; the example workflow "catch up after an n8n
 *     restart" (a Schedule Trigger, which n8n starts by itself, and Signing Request → Catch Up After
 *     Restart) brings the guarantees back without any user action or new delivery: a Send and
 *     Wait whose request was signed while n8n was away (every delivery attempt failed) ends by its
 *     re-read, and a completion missed by the webhook trigger starts its workflow once, caught up.
 *  3. Failures a user can see: the service refuses the catch-up's reads (a failed execution of the
 *     trigger's workflow); the proxy does not forward n8n's own calls (the catch-up workflow fails
 *     naming the address and what to fix; n8n's log names the waiting workflow and the trigger's).
 */
import { SEED, type Sandbox } from '../sandbox';
import {
	executionsOf,
	login,
	postToWebhook,
	rest,
	startServer,
	startWithOwner,
	unflatten,
	waiter,
	type Instance,
	type Server,
} from './n8n';
import { startProxy, type Proxy } from './proxy';
import {
	catchUpEveryTenSeconds,
	caughtUpReport,
	importAll,
	loadExamples,
	prepareN8n,
	reportNode,
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
const SAW_WF = 'dsE2eRestartSaw1';
const WAIT_NODE_WF = 'dsE2eRestartWait';
const TRIGGER_WF = 'dsE2eRestartTrig';
const CATCH_UP_WF = 'dsExCatchUpAfter';
const TRIGGER_WEBHOOK_ID = 'c8000000-0000-4000-8000-000000000001';
const TRIGGER_NAME = 'e2e: trigger behind the proxy';

let sandbox: Sandbox;
let proxy: Proxy;
let userFolder: string;
let inst: Instance;
let server: Server | undefined;
let cookie = '';
let templateId: string;
let receiver: ReportReceiver | undefined;
const reports: Json[] = [];

const until = waiter({ timeoutMs: 150_000 });
/** The longest an end or a catch-up after a restart is waited for (seconds when all is well). */
const AFTER_RESTART_MS = 180_000;
/** A test waiting that long runs longer than that, so that a timeout shows what `until` explains. */
const AFTER_RESTART_TEST_MS = AFTER_RESTART_MS + 60_000;
/** What n8n and the workflows said, for a timed-out wait. */
const whatHappened = () => `${JSON.stringify(reports)}\n${server?.output().slice(-4000) ?? ''}`;
const executions = (workflowId: string) => executionsOf(inst, cookie, workflowId);
const sentRequest = (name: string) => sendDemoRequest(sandbox.url, templateId, name);

/** The Send-and-Wait example, started by a webhook, re-reading every minute. */
function sendAndWaitWorkflow(example: Workflow): Workflow {
	return sendAndWaitForE2e(example, {
		id: SAW_WF,
		name: 'e2e: send and wait across restarts',
		path: 'restart-saw',
		webhookId: 'c8000000-0000-4000-8000-0000000000aa',
		reportUrl: receiver!.url,
		report:
			'={{ JSON.stringify({ kind: "saw", id: $json.id, status: $json.status, ended_by: $json.ended_by, execution: $execution.id }) }}',
		sendAndWait: (node) => ({
			...node,
			parameters: { ...node.parameters, waitOptions: { rereadMinutes: 1 } },
		}),
	});
}

/** The control: n8n's own Wait node ("On Webhook Call"), telling its resume URL before waiting. */
function waitNodeWorkflow(): Workflow {
	const tell = reportNode(
		receiver!.url,
		'c8000000-0000-4000-8000-000000000021',
		[200, 0],
		'={{ JSON.stringify({ kind: "resumeUrl", label: $json.body.label, url: $execution.resumeUrl, execution: $execution.id }) }}',
	);
	const done = reportNode(
		receiver!.url,
		'c8000000-0000-4000-8000-000000000023',
		[600, 0],
		'={{ JSON.stringify({ kind: "waitNode", label: $("Start").item.json.body.label }) }}',
	);
	return {
		id: WAIT_NODE_WF,
		name: "e2e: n8n's Wait node across restarts",
		nodes: [
			{
				id: 'c8000000-0000-4000-8000-000000000020',
				name: 'Start',
				type: 'n8n-nodes-base.webhook',
				typeVersion: 2,
				position: [0, 0],
				webhookId: 'c8000000-0000-4000-8000-0000000000bb',
				parameters: {
					httpMethod: 'POST',
					path: 'restart-wait',
					responseMode: 'onReceived',
					options: {},
				},
			},
			{ ...tell, name: 'Tell' } as Workflow['nodes'][number],
			{
				id: 'c8000000-0000-4000-8000-000000000022',
				name: 'Wait',
				type: 'n8n-nodes-base.wait',
				typeVersion: 1.1,
				position: [400, 0],
				webhookId: 'c8000000-0000-4000-8000-0000000000cc',
				parameters: { resume: 'webhook', httpMethod: 'POST', options: {} },
			},
			done as Workflow['nodes'][number],
		],
		connections: {
			Start: { main: [[{ node: 'Tell', type: 'main', index: 0 }]] },
			Tell: { main: [[{ node: 'Wait', type: 'main', index: 0 }]] },
			Wait: { main: [[{ node: 'Report', type: 'main', index: 0 }]] },
		},
		settings: { executionOrder: 'v1' },
	};
}

/** A company-wide trigger for completions, reporting each event it starts. */
function triggerWorkflow(): Workflow {
	return reportingTriggerWorkflow({
		id: TRIGGER_WF,
		name: TRIGGER_NAME,
		triggerName: 'On completed',
		webhookId: TRIGGER_WEBHOOK_ID,
		nodeIds: ['c8000000-0000-4000-8000-000000000010', 'c8000000-0000-4000-8000-000000000011'],
		events: ['signing_request.completed'],
		reportUrl: receiver!.url,
	});
}

beforeAll(async () => {
	receiver = await startReportReceiver(reports);
	proxy = await startProxy('forward');
	({ sandbox, templateId, userFolder, inst } = await prepareN8n('restarts', {
		// Retries after 0.3 s and 3.6 s instead of 5 minutes and an hour: all three attempts of a
		// delivery fail while n8n is stopped.
		sandbox: { rateLimits: UNTHROTTLED, webhookRetryScale: 0.001 },
		env: () => ({ WEBHOOK_URL: `${proxy.url}/`, N8N_GRACEFUL_SHUTDOWN_TIMEOUT: '15' }),
	}));
	proxy.target = inst.url;
	const examples = Object.fromEntries(
		Object.entries(loadExamples()).map(([name, wf]) => [name, withTemplate(wf, templateId)]),
	);
	const catchUp = catchUpEveryTenSeconds(examples['catch-up-after-restart']);
	expect(catchUp.id).toBe(CATCH_UP_WF);
	await importAll(
		inst,
		[sandboxCredential(sandbox.url, 'test')],
		[
			sendAndWaitWorkflow(examples['send-and-wait-for-completion']),
			waitNodeWorkflow(),
			triggerWorkflow(),
			catchUp,
		],
		[SAW_WF, WAIT_NODE_WF, TRIGGER_WF, CATCH_UP_WF],
	);
	({ server, cookie } = await startWithOwner(inst));
	// The trigger's webhook points at the proxy.
	await until('the trigger’s webhook at the service', () =>
		sandbox.webhooks.records.find(
			(r) => !r.deleted_at && r.url === `${proxy.url}/webhook/${TRIGGER_WEBHOOK_ID}/webhook`,
		),
	);
}, 900_000);

afterAll(async () => {
	await tearDown({ server, sandbox, userFolder });
	await receiver?.close();
	await proxy?.close();
});

/**
 * The ends of Send and Wait reported for a request. A report without the request's id (the
 * "Report" node no longer reads it from Send and Wait's output) fails at once, as it would
 * otherwise look like no end at all.
 */
function sawReports(id: string): Json[] {
	const unnamed = reports.find((r) => r.kind === 'saw' && typeof r.id !== 'string');
	if (unnamed)
		throw new Error(`A Send and Wait report without the request's id: ${JSON.stringify(unnamed)}`);
	return reports.filter((r) => r.kind === 'saw' && r.id === id);
}
const triggerReports = (id: string) =>
	reports.filter((r) => r.kind === 'trigger' && r.request === id);

/** Starts a Send and Wait and an n8n Wait node run; resolves once both wait. */
async function startWaits(label: string) {
	await postToWebhook(inst, 'restart-saw', { name: `e2e restart ${label}` }, server);
	await postToWebhook(inst, 'restart-wait', { label }, server);
	const request = await until(`the request of "${label}"`, () =>
		sandbox.signing.listSigningRequests(P.id).find((sr) => sr.name === `e2e restart ${label}`),
	);
	const webhook = await until(`the Send and Wait workflow's webhook ("${label}")`, () =>
		sandbox.webhooks.records.find(
			(r) => !r.deleted_at && r.url.includes(`/document-signing-send-and-wait/${SAW_WF}/`),
		),
	);
	// Registered at n8n's public address: the proxy.
	expect(webhook.url.startsWith(`${proxy.url}/webhook/document-signing-send-and-wait/`)).toBe(true);
	const tell = await until(`the Wait node's resume URL of "${label}"`, () =>
		reports.find((r) => r.kind === 'resumeUrl' && r.label === label),
	);
	const waiting = await until(`both executions of "${label}" waiting`, async () => {
		const saw = (await executions(SAW_WF)).find((e) => e.status === 'waiting');
		const node = (await executions(WAIT_NODE_WF)).find(
			(e) => String(e.id) === String(tell.execution),
		);
		return saw && node?.status === 'waiting'
			? { saw: String(saw.id), node: String(node.id) }
			: undefined;
	});
	return { request, resumeUrl: String(tell.url), ...waiting };
}

async function statusOf(workflowId: string, execution: string): Promise<string | undefined> {
	return (await executions(workflowId)).find((e) => String(e.id) === execution)?.status;
}

describe.each([
	['a graceful stop (SIGTERM to the process group)', 'graceful'],
	['a crash (SIGKILL to the process group, task runners included)', 'crash'],
])(
	'%s while executions wait, and a request signed and another completed meanwhile',
	(_title, kind) => {
		let waits: Awaited<ReturnType<typeof startWaits>>;
		let missed: { id: string };

		beforeAll(async () => {
			waits = await startWaits(kind);
			const before = server!.output().length;
			if (kind === 'graceful') {
				await server!.stop();
				// n8n stopped by itself (exit 0), long before the 20 s SIGKILL of stop().
				expect({ code: server!.child.exitCode, signal: server!.child.signalCode }).toEqual({
					code: 0,
					signal: null,
				});
				expect(server!.output().slice(before)).toContain('Stopping n8n');
			} else {
				await server!.crash();
				expect(server!.child.signalCode).toBe('SIGKILL');
			}
			server = undefined;
			// While n8n is away: the waiting request is signed, another request is completed; every
			// attempt of the service to deliver either (at once and the two retries) fails.
			sandbox.simulate.signAll(waits.request.id);
			missed = await sentRequest(`e2e restart ${kind}, completed while away`);
			sandbox.simulate.signAll(missed.id);
			await sandbox.webhooks.flush();
			for (const id of [waits.request.id, missed.id]) {
				const attempts = sandbox.deliveries.filter((d) => !d.test && d.body.includes(`"${id}"`));
				expect(attempts.length).toBeGreaterThan(0);
				expect(attempts.every((d) => d.status === 502 || d.status === null)).toBe(true);
			}
			server = await startServer(inst);
			cookie = await login(inst);
		}, 600_000);

		it('both waits are still waiting after n8n is back, though n8n’s startup recovery amended them', async () => {
			expect(await statusOf(SAW_WF, waits.saw)).toBe('waiting');
			expect(await statusOf(WAIT_NODE_WF, waits.node)).toBe('waiting');
			// n8n 2.41.1 found them unfinished in its event log (n8n.workflow.started, no success or
			// failure) and amended them, then saved them as waiting again (their waitTill is set).
			expect(server!.output()).toContain('Found unfinished executions');
			expect(server!.output()).toContain('[Recovery] Logs available, amended execution');
		});

		it(
			'the Send and Wait ends by its re-read without any delivery or user action, once',
			async () => {
				const report = await until(
					'the re-read to end the wait',
					() => sawReports(waits.request.id)[0],
					AFTER_RESTART_MS,
					whatHappened,
				);
				expect(report).toMatchObject({
					status: 'completed',
					ended_by: 're-read',
					execution: waits.saw,
				});
				// The Report node posts before n8n saves the execution's end: wait for the save.
				const ended = await until(
					'the Send and Wait execution to be saved as ended',
					async () => {
						const status = await statusOf(SAW_WF, waits.saw);
						return status === 'running' || status === 'new' || status === 'waiting'
							? undefined
							: status;
					},
					30_000,
					whatHappened,
				);
				expect(ended).toBe('success');
			},
			AFTER_RESTART_TEST_MS,
		);

		it(
			'the completion the trigger missed starts its workflow once, caught up',
			async () => {
				await until(
					'the catch-up of the missed completion',
					() => (triggerReports(missed.id).length ? true : undefined),
					AFTER_RESTART_MS,
					whatHappened,
				);
				expect(triggerReports(missed.id)).toEqual([
					caughtUpReport('signing_request.completed', `catchup_completed_${missed.id}`, missed.id),
				]);
			},
			AFTER_RESTART_TEST_MS,
		);

		it('n8n’s Wait node, the control, is resumed once by its resume URL (through the proxy)', async () => {
			const response = await fetch(waits.resumeUrl, {
				method: 'POST',
				headers: { 'Content-Type': 'application/json' },
				body: '{}',
			});
			expect(response.status).toBe(200);
			await until('the Wait node to resume', () =>
				reports.find((r) => r.kind === 'waitNode' && r.label === kind),
			);
			const again = await fetch(waits.resumeUrl, { method: 'POST', body: '{}' });
			expect(again.status).toBe(409);
			expect(reports.filter((r) => r.kind === 'waitNode' && r.label === kind)).toHaveLength(1);
			await until('the Wait node execution to succeed', async () =>
				(await statusOf(WAIT_NODE_WF, waits.node)) === 'success' ? true : undefined,
			);
		});

		it('nothing twice: one end of the wait, one start per missed event; the catch-up workflow did not fail', async () => {
			await new Promise((r) => setTimeout(r, 5_000));
			expect(sawReports(waits.request.id)).toHaveLength(1);
			expect(triggerReports(missed.id)).toHaveLength(1);
			expect((await executions(CATCH_UP_WF)).filter((e) => e.status === 'error')).toEqual([]);
		});
	},
);

/** The error n8n saved for a failed execution. */
async function errorOf(execution: Json): Promise<{ message: string; description: string }> {
	const detail = await rest<Json>(inst, cookie, 'GET', `/executions/${execution.id}`);
	const data = unflatten(String(detail.data)) as Json;
	return {
		message: String(data.resultData.error?.message ?? ''),
		description: String(data.resultData.error?.description ?? ''),
	};
}

/** Deactivates and activates a workflow (activation starts the trigger's catch-up). */
async function reactivate(workflowId: string): Promise<void> {
	await rest(inst, cookie, 'POST', `/workflows/${workflowId}/deactivate`, {});
	const workflow = await rest<Json>(inst, cookie, 'GET', `/workflows/${workflowId}`);
	await rest(inst, cookie, 'POST', `/workflows/${workflowId}/activate`, {
		versionId: workflow.versionId,
	});
}

describe('failures a user can see', () => {
	it('the service refuses the catch-up’s reads: the trigger’s workflow shows a failed execution saying why', async () => {
		const before = (await executions(TRIGGER_WF)).filter((e) => e.status === 'error').length;
		sandbox.injectFault({
			kind: 'status',
			method: 'GET',
			path: '/workspaces',
			status: 403,
			body: { error: 'Forbidden', message: 'This key may not list workspaces' },
			// The catch-up's first read (the trigger is company-wide: the workspace list).
			times: 1,
		});
		await reactivate(TRIGGER_WF);
		const failed = await until('a failed execution of the trigger’s workflow', async () => {
			const errors = (await executions(TRIGGER_WF)).filter((e) => e.status === 'error');
			return errors.length > before ? errors[0] : undefined;
		});
		const error = await errorOf(failed);
		expect(error.message).toMatch(
			/^The trigger could not catch up with the events it may have missed: /,
		);
		expect(error.description).toContain('check the credential');
		expect(server!.output()).toMatch(
			new RegExp(
				`Document Signing Trigger "On completed" of workflow "${TRIGGER_NAME}" could not catch up`,
			),
		);
	});

	describe('a proxy that does not forward n8n’s own calls', () => {
		let waitingRequest: { id: string };

		beforeAll(async () => {
			proxy.mode = 'serviceOnly';
			await postToWebhook(inst, 'restart-saw', { name: 'e2e restart, proxy refuses' }, server);
			waitingRequest = await until('the request', () =>
				sandbox.signing
					.listSigningRequests(P.id)
					.find((sr) => sr.name === 'e2e restart, proxy refuses'),
			);
		}, 300_000);

		afterAll(() => {
			proxy.mode = 'forward';
		});

		it('Catch Up After Restart fails, naming the address, the trigger’s workflow and what to fix', async () => {
			const failed = await until('a failed run of the catch-up workflow', async () =>
				(await executions(CATCH_UP_WF)).find((e) => e.status === 'error'),
			);
			const error = await errorOf(failed);
			expect(error.message).toBe(`n8n could not reach its own webhook address ${proxy.url}/`);
			expect(error.description).toContain(`workflow "${TRIGGER_NAME}"`);
			expect(error.description).toContain('WEBHOOK_URL');
			expect(error.description).toContain("forward n8n's own calls");
		});

		it('the trigger’s catch-up says so in n8n’s log at its first attempt, naming the workflow', async () => {
			await reactivate(TRIGGER_WF);
			await until(
				'the catch-up’s warning',
				() =>
					server!
						.output()
						.includes(
							`Document Signing Trigger "On completed" of workflow "${TRIGGER_NAME}" could not reach its own webhook address ${proxy.url}/webhook/${TRIGGER_WEBHOOK_ID}/webhook (answer 502)`,
						)
						? true
						: undefined,
				60_000,
				() => server!.output().slice(-4000),
			);
		});

		it('Send and Wait says so in n8n’s log, naming the workflow and the address; the execution keeps waiting', async () => {
			await until(
				'the warning of the run that could not hand its wait to its webhook',
				() =>
					new RegExp(
						`Send and Wait of workflow "e2e: send and wait across restarts" could not hand its wait for signing request ${waitingRequest.id} to its webhook at http://127\\.0\\.0\\.1:\\d+/webhook/document-signing-send-and-wait/${SAW_WF}/[^ ]+ \\(answer 502\\): n8n could not reach its own address\\..*WEBHOOK_URL`,
					).test(server!.output())
						? true
						: undefined,
				150_000,
			);
			expect(sawReports(waitingRequest.id)).toEqual([]);
			expect((await executions(SAW_WF)).filter((e) => e.status === 'waiting')).toHaveLength(1);
		});

		it(
			'once the proxy forwards them again, the wait ends by its re-read and nothing was lost',
			async () => {
				proxy.mode = 'forward';
				// The service cannot deliver this one either (the workflow's webhook points at a closed
				// port): the process that ran it re-reads it.
				const webhook = sandbox.webhooks.records.find(
					(r) => !r.deleted_at && r.url.includes(`/document-signing-send-and-wait/${SAW_WF}/`),
				)!;
				const closed = new URL(webhook.url);
				closed.host = '127.0.0.1:9';
				await sandboxApi(sandbox.url, 'PUT', `/webhooks/${webhook.id}`, {
					url: closed.toString(),
					events: webhook.events,
				});
				sandbox.simulate.signAll(waitingRequest.id);
				const report = await until(
					'the re-read to end the wait',
					() => sawReports(waitingRequest.id)[0],
					AFTER_RESTART_MS,
					whatHappened,
				);
				expect(report).toMatchObject({ status: 'completed', ended_by: 're-read' });
				await new Promise((r) => setTimeout(r, 3_000));
				expect(sawReports(waitingRequest.id)).toHaveLength(1);
			},
			AFTER_RESTART_TEST_MS,
		);
	});
});

describe('n8n back after a crash under another public address (WEBHOOK_URL)', () => {
	let moved: Proxy;
	let waits: Awaited<ReturnType<typeof startWaits>>;

	beforeAll(async () => {
		proxy.mode = 'forward';
		// The webhook of the Send and Wait workflow points at n8n again (the test before moved it).
		const webhook = sandbox.webhooks.records.find(
			(r) => !r.deleted_at && r.url.includes(`/document-signing-send-and-wait/${SAW_WF}/`),
		)!;
		const at = new URL(webhook.url);
		at.host = new URL(proxy.url).host;
		await sandboxApi(sandbox.url, 'PUT', `/webhooks/${webhook.id}`, {
			url: at.toString(),
			events: webhook.events,
		});
		waits = await startWaits('moved');
		moved = await startProxy('forward');
		moved.target = inst.url;
		await server!.crash();
		server = undefined;
		// Signed while n8n is away: every delivery (to the old address) fails.
		sandbox.simulate.signAll(waits.request.id);
		await sandbox.webhooks.flush();
		// The old address goes, n8n comes back behind another one.
		proxy.target = '';
		inst.env.WEBHOOK_URL = `${moved.url}/`;
		server = await startServer(inst);
		cookie = await login(inst);
	}, 600_000);

	afterAll(async () => {
		await moved?.close();
	});

	it(
		'Catch Up After Restart moves the workflow’s webhook to the new address, and the wait ends by its re-read, once',
		async () => {
			const report = await until(
				'the re-read to end the wait started under the old address',
				() => sawReports(waits.request.id)[0],
				AFTER_RESTART_MS,
				whatHappened,
			);
			expect(report).toMatchObject({
				status: 'completed',
				ended_by: 're-read',
				execution: waits.saw,
			});
			const webhook = sandbox.webhooks.records.find(
				(r) => !r.deleted_at && r.url.includes(`/document-signing-send-and-wait/${SAW_WF}/`),
			)!;
			expect(webhook.url.startsWith(`${moved.url}/webhook/document-signing-send-and-wait/`)).toBe(
				true,
			);
			await new Promise((r) => setTimeout(r, 3_000));
			expect(sawReports(waits.request.id)).toHaveLength(1);
		},
		AFTER_RESTART_TEST_MS,
	);
});
