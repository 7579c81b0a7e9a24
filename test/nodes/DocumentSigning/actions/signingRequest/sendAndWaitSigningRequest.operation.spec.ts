import type { IDataObject } from 'n8n-workflow';

import {
	chooseWaitScope,
	forgetRouters,
	forgetWorkspaceReads,
	hub,
	routerTiming,
	sameSecret,
} from '../../../../../nodes/DocumentSigning/domain/waiting';
import { runNode } from '../../../../helpers/n8n';
import { signatureHeader, type Sandbox } from '../../../../sandbox';
import { createSent } from '../../../../sandbox/fixtures';
import {
	companyCredentials,
	createDraft,
	documentSigning,
	ok,
	P,
	parameters,
	SALES,
	salesCredentials,
	until,
	waitSandbox,
	WaitRig,
	WEBHOOK_SECRETS,
} from '../../domain/waiting/fixtures';

/**
 * Send and Wait for Completion as a run sees it: the checks before anything is sent, the scope of
 * its router's webhook, the timed-out result, what it outputs at its end (Simplify on and off,
 * Attach Signed PDF). How waits are routed and re-read at scale: domain/waiting/waiting.spec.ts.
 */

let sandbox: Sandbox;
let rig: WaitRig | undefined;

beforeAll(async () => {
	sandbox = await waitSandbox();
	routerTiming.flushAfterMs = 200;
});
afterAll(async () => {
	hub.stop();
	forgetRouters();
	await sandbox.close();
});
beforeEach(() => {
	hub.stop();
	hub.setAutoRun(false);
	forgetWorkspaceReads();
	sandbox.resetRateLimits();
});
afterEach(async () => {
	await hub.settle();
	forgetRouters();
	await rig?.close();
	rig = undefined;
});

async function salesRig(options: ConstructorParameters<typeof WaitRig>[2] = {}) {
	rig = await new WaitRig(sandbox, salesCredentials(sandbox), options).listen();
	return rig;
}

/**
 * Ends `request` as the service does (all sign), and waits for the hand-on to its execution
 * (`ends`: a wait of this rig waits for it).
 */
async function signAndSettle(request: string, ends = true): Promise<void> {
	sandbox.simulate.signAll(request);
	await sandbox.webhooks.flush();
	// The router answers the delivery first and hands it on after: under load, after the flush.
	if (ends)
		await until(`the end of ${request}`, () =>
			(rig?.waitingFor(request) ?? []).some((execution) => execution.ends.length > 0),
		);
	await hub.settle();
}

describe('Signing Request: Send and Wait for Completion', () => {
	it('hands its wait to its router, sends, and waits with a timed-out result ready', async () => {
		const r = await salesRig();
		const draft = await createDraft(sandbox, SALES.testKey, 'saw-a');
		const before = Date.now();
		const { output, error, run } = await r.start(draft.id);
		expect(error).toBeUndefined();
		// The wait the router keeps: this execution's resume URL (n8n's token, the request, the
		// re-read interval), its time limit, and the workspace whose list shows its end.
		const [key, stored] = Object.entries(r.routerData.waits as Record<string, IDataObject>)[0];
		const url = new URL(String(stored.u));
		expect(`${url.origin}${url.pathname}`).toBe(`${r.url}/webhook-waiting/${key}`);
		expect(key).toMatch(/^harness-execution-\d+\/saw-node$/);
		expect(url.searchParams.get('signature')).toBe(run!.data.resumeToken);
		expect(url.searchParams.get('signing_request_id')).toBe(draft.id);
		expect(url.searchParams.get('reread')).toBe('5');
		expect(stored).toMatchObject({ r: draft.id, w: SALES.id, s: SALES.id, i: 300_000 });
		// Sent, and the execution waits for the time limit.
		expect(sandbox.signing.getSigningRequest(draft.id)!.sent_on).not.toBeNull();
		const waitTill = new Date(run!.waitTill as Date).getTime();
		expect(waitTill).toBeGreaterThanOrEqual(before + 2 * 3600_000);
		expect(waitTill).toBeLessThan(Date.now() + 2 * 3600_000 + 1000);
		expect(stored.t).toBe(waitTill);
		// Simplify (on by default): the request in the one shape, sent now, and how the wait ended:
		// by its time limit (what n8n passes on if it runs out).
		expect(output[0][0].json).toMatchObject({
			id: draft.id,
			status: 'in_progress',
			sent_at: expect.any(String),
			waited: true,
			ended_by: 'time_limit',
			waited_until: new Date(waitTill).toISOString(),
		});
		expect(output[0][0].json).not.toHaveProperty('webhook_id');
	});

	it('ends with the request as its event showed it; a decline with status "declined"', async () => {
		const r = await salesRig();
		const signed = await createDraft(sandbox, SALES.testKey, 'saw-signed');
		const declined = await createDraft(sandbox, SALES.testKey, 'saw-declined');
		await r.start(signed.id);
		await r.start(declined.id);
		await signAndSettle(signed.id);
		sandbox.simulate.decline(declined.id, declined.ada, 'Not me');
		await sandbox.webhooks.flush();
		await hub.settle();
		expect(r.waitingFor(signed.id)[0].ends[0][0].json).toMatchObject({
			id: signed.id,
			name: 'saw-signed',
			status: 'completed',
			ended_by: 'event',
			workspace_id: SALES.id,
			completed_at: expect.any(String),
			signed_count: 2,
		});
		expect(r.waitingFor(declined.id)[0].ends[0][0].json).toMatchObject({
			id: declined.id,
			status: 'declined',
			ended_by: 'event',
			event: { type: 'signing_request.recipient.declined' },
		});
	});

	it('Simplify off: status timed_out or the final word, signing_request_id and the request as the service showed it', async () => {
		const r = await salesRig({ parameters: { simplify: false } });
		const draft = await createDraft(sandbox, SALES.testKey, 'saw-raw');
		const { output } = await r.start(draft.id, { simplify: false });
		expect(output[0][0].json).toMatchObject({
			status: 'timed_out',
			signing_request_id: draft.id,
			waited: true,
			ended_by: 'time_limit',
			sent: expect.objectContaining({ signing_request_id: draft.id }),
		});
		await signAndSettle(draft.id);
		const json = r.waitingFor(draft.id)[0].ends[0][0].json;
		expect(json).toMatchObject({ status: 'completed', signing_request_id: draft.id, waited: true });
		expect(json.signing_request).toMatchObject({ id: draft.id, status: 'finished' });
	});

	it('does not wait for a request that already ended: no router, nothing at the service', async () => {
		const r = await salesRig();
		const sr = await createSent(sandbox, SALES.testKey, 'saw-d');
		sandbox.simulate.signAll(sr.id);
		const from = sandbox.requests.length;
		const { output, run } = await r.start(sr.id, { sendFirst: false });
		expect(run!.waitTill).toBeUndefined();
		expect(output[0][0].json).toMatchObject({
			status: 'completed',
			waited: false,
			ended_by: 'read',
		});
		expect(r.calls).toEqual([]);
		expect(sandbox.requests.slice(from).map((q) => `${q.method} ${q.path}`)).toEqual([
			`GET /signing-requests/${sr.id}`,
		]);
	});

	it('Attach Signed PDF: the signed document at its end; never the partial copy; none for a decline', async () => {
		const r = await salesRig({ parameters: { waitOptions: { attachSignedPdf: true } } });
		const signed = await createDraft(sandbox, SALES.testKey, 'saw-pdf signed');
		await r.start(signed.id, { waitOptions: { attachSignedPdf: true } });
		await signAndSettle(signed.id);
		const [item] = r.waitingFor(signed.id)[0].ends[0];
		expect(item.json).toMatchObject({ status: 'completed', ended_by: 'event' });
		expect(item.json).not.toHaveProperty('pdf_not_attached');
		expect(item.binary?.data).toMatchObject({
			mimeType: 'application/pdf',
			fileName: 'saw-pdf signed.pdf',
		});

		// The service has not completed the signed document yet: it offers the partial copy, whose
		// link leads nowhere.
		const partial = await createSent(sandbox, SALES.testKey, 'saw-pdf partial');
		sandbox.simulate.signAll(partial.id);
		sandbox.injectFault({
			method: 'GET',
			path: `/signing-requests/${partial.id}/download`,
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
		const ended = await r.start(partial.id, {
			sendFirst: false,
			waitOptions: { attachSignedPdf: true },
		});
		expect(ended.error).toBeUndefined();
		expect(ended.output[0][0].binary).toBeUndefined();
		expect(ended.output[0][0].json.pdf_not_attached).toBe(
			'The signed PDF was not attached: the signing request is finished, but the service has not completed the signed document yet; the service offers only a partial, watermarked copy (download status "finished", is_partial true)',
		);

		const declined = await createDraft(sandbox, SALES.testKey, 'saw-pdf declined');
		await r.start(declined.id, { waitOptions: { attachSignedPdf: true } });
		const from = sandbox.requests.length;
		sandbox.simulate.decline(declined.id, declined.ada, 'Not me');
		await sandbox.webhooks.flush();
		await hub.settle();
		const [no] = r.waitingFor(declined.id)[0].ends[0];
		expect(no.binary).toBeUndefined();
		expect(no.json.pdf_not_attached).toBe(
			'The signed PDF was not attached: the signing request was declined, so there is no signed document',
		);
		expect(sandbox.requests.slice(from).filter((q) => q.path.endsWith('/download'))).toEqual([]);
	});

	it('Attach Signed PDF whose download fails at the end: the final state without the PDF, saying why in the output and n8n’s log', async () => {
		const r = await salesRig({ parameters: { waitOptions: { attachSignedPdf: true } } });
		const draft = await createDraft(sandbox, SALES.testKey, 'saw-download-fails');
		await r.start(draft.id, { waitOptions: { attachSignedPdf: true } });
		sandbox.injectFault({
			kind: 'status',
			method: 'GET',
			path: `/signing-requests/${draft.id}/download`,
			status: 403,
			body: { error: 'Forbidden', message: 'Key revoked' },
		});
		await signAndSettle(draft.id);
		const [item] = r.waitingFor(draft.id)[0].ends[0];
		expect(item.json).toMatchObject({ id: draft.id, status: 'completed', ended_by: 'event' });
		expect(item.json.pdf_not_attached).toMatch(
			/^The signed PDF could not be attached: .+\. Download it with Signing Request → Download\.$/,
		);
		expect(item.binary).toBeUndefined();
		expect(r.warnings).toEqual([expect.stringContaining(String(item.json.pdf_not_attached))]);
	});

	it('refuses before any request without a signing secret, with several items, a time limit under 1 or a re-read interval outside 1 to 15 minutes', async () => {
		const r = await salesRig();
		const draft = await createDraft(sandbox, SALES.testKey, 'saw-e');
		const from = sandbox.requests.length;
		const noSecret = await runNode({
			node: documentSigning,
			parameters: parameters(draft.id),
			credentials: salesCredentials(sandbox, { webhookSigningSecret: '' }),
		});
		expect(noSecret.error?.message).toBe(
			'No Webhook Signing Secret in the Document Signing API credential',
		);
		const many = await runNode({
			node: documentSigning,
			parameters: parameters(draft.id),
			credentials: salesCredentials(sandbox),
			input: [{ json: {} }, { json: {} }],
		});
		expect(many.error?.message).toMatch(/handles one signing request per execution, but it got 2/);
		expect((await r.start(draft.id, { timeLimitAmount: 0 })).error?.message).toBe(
			'"Time Limit" must be a whole number of 1 or more',
		);
		expect((await r.start(draft.id, { waitOptions: { rereadMinutes: 30 } })).error?.message).toBe(
			'"Re-Read Every (Minutes)" must be a whole number from 1 to 15, not 30',
		);
		expect(sandbox.requests.slice(from)).toEqual([]);
		expect(r.calls).toEqual([]);
	});
});

describe('the webhook whose deliveries the credential verifies', () => {
	const companyWebhooks = async () =>
		((await ok(sandbox, 'GET', '/webhooks', { key: P.testKey })).results as IDataObject[]).filter(
			(w) => !w.deleted_at,
		);
	const salesWebhooks = async () =>
		(
			(
				await ok(sandbox, 'GET', '/webhooks', {
					key: SALES.testKey,
					query: { workspace_id: SALES.id },
				})
			).results as IDataObject[]
		).filter((w) => !w.deleted_at);

	it('the company secret: a company-level webhook; another workspace’s event reaches no wait; a workspace-signed delivery is refused and logged', async () => {
		rig = await new WaitRig(sandbox, companyCredentials(sandbox), {
			workflowId: 'wf-company',
		}).listen();
		const draft = await createDraft(sandbox, P.testKey, 'saw-company');
		expect((await rig.start(draft.id)).error).toBeUndefined();
		const mine = (await companyWebhooks()).filter((w) => w.url === rig!.routerUrl);
		expect(mine).toHaveLength(1);
		expect((await salesWebhooks()).some((w) => w.url === rig!.routerUrl)).toBe(false);

		// A request of another workspace reaches the company-level webhook: answered, no wait ends.
		const other = await createSent(sandbox, SALES.testKey, 'saw-company other');
		const calls = rig.calls.length;
		await signAndSettle(other.id, false);
		expect(rig.callsSince(calls).map((c) => [c.kind, (c.body as IDataObject).waits])).toEqual([
			['router', 0],
		]);

		// Signed with the workspace's secret instead of the company's: refused (401), logged.
		const body = JSON.stringify({
			id: 'evt_wrong_secret',
			type: 'signing_request.completed',
			created_at: new Date().toISOString(),
			data: { signing_request: { id: draft.id } },
		});
		const t = Math.floor(Date.now() / 1000);
		const wrong = await rig.postRouter(body, {
			'X-Service-Signature': signatureHeader(WEBHOOK_SECRETS.workspaces[SALES.id], t, body),
		});
		expect(wrong).toEqual({
			status: 401,
			body: { error: 'Invalid signature', code: 'signature_mismatch' },
		});
		const refusals = rig.warnings.filter((w) => w.includes('refused a delivery'));
		expect(refusals).toHaveLength(1);
		expect(refusals[0]).toContain(
			'Send and Wait of workflow "Contracts to sign" refused a delivery: signature_mismatch.',
		);
		expect(refusals[0]).not.toContain(WEBHOOK_SECRETS.company);
		expect(rig.waitingFor(draft.id)[0].status).toBe('waiting');

		await signAndSettle(draft.id);
		expect(rig.waitingFor(draft.id)[0].ends[0][0].json).toMatchObject({
			status: 'completed',
			id: draft.id,
		});
	});

	it("the workspace's own secret: a webhook of that workspace", async () => {
		const r = await salesRig({ workflowId: 'wf-sales' });
		const draft = await createDraft(sandbox, SALES.testKey, 'saw-own');
		expect((await r.start(draft.id)).error).toBeUndefined();
		expect((await salesWebhooks()).filter((w) => w.url === r.routerUrl)).toHaveLength(1);
		expect((await companyWebhooks()).some((w) => w.url === r.routerUrl)).toBe(false);
	});

	it('a workspace that ignores company webhooks, without its own secret in the credential: refused before anything is sent', async () => {
		const workspace = sandbox.state.getWorkspace(P.id)!;
		workspace.ignore_company_webhooks = true;
		try {
			rig = await new WaitRig(sandbox, companyCredentials(sandbox), {
				workflowId: 'wf-ignoring',
			}).listen();
			const draft = await createDraft(sandbox, P.testKey, 'saw-ignoring');
			const from = sandbox.requests.length;
			const { error } = await rig.start(draft.id);
			expect(error?.message).toBe(
				`The credential's Webhook Signing Secret is not the secret of workspace ${P.id}, and that workspace ignores company-level webhooks`,
			);
			expect((error as { description?: string } | undefined)?.description).toContain(
				'ignore_company_webhooks',
			);
			const calls = sandbox.requests.slice(from).map((q) => `${q.method} ${q.path}`);
			expect(calls).toEqual([`GET /signing-requests/${draft.id}`, `GET /workspaces/${P.id}`]);
			expect(rig.calls).toEqual([]);
		} finally {
			workspace.ignore_company_webhooks = false;
		}
	});

	it("the company secret with a workspace's own key: says which secret or key it takes, sends nothing", async () => {
		rig = await new WaitRig(
			sandbox,
			salesCredentials(sandbox, { webhookSigningSecret: WEBHOOK_SECRETS.company }),
			{ workflowId: 'wf-no-company-key' },
		).listen();
		const draft = await createDraft(sandbox, SALES.testKey, 'saw-no-company-key');
		const from = sandbox.requests.length;
		const { error } = await rig.start(draft.id);
		expect(error?.message).toBe(
			"Send and Wait could not use a company-level webhook: the credential's secret is not the workspace's own, and company-level webhooks need the protected workspace's key [FORBIDDEN]",
		);
		expect((error as { description?: string } | undefined)?.description).toMatch(
			/Nothing was sent\.$/,
		);
		expect(sandbox.requests.slice(from).some((q) => q.path.endsWith('/send'))).toBe(false);
		expect(sandbox.requests.slice(from).some((q) => q.method === 'POST')).toBe(false);
		expect(Object.keys((rig.routerData.waits as IDataObject | undefined) ?? {})).toEqual([]);
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

describe('the node declares the webhooks n8n needs', () => {
	it('the resume webhook (POST, restartWebhook, path = node id) and the router of a published workflow', () => {
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
			// Registered only for a published workflow's Send and Wait node.
			expect.objectContaining({
				name: 'setup',
				httpMethod:
					'={{ $workflow.active && $parameter["operation"] === "sendAndWaitForCompletion" ? "POST" : "" }}',
				path: '={{ "document-signing-send-and-wait/" + $workflow.id + "/" + $nodeId }}',
				isFullPath: true,
			}),
		]);
	});
});
