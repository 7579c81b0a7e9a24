import type { IDataObject } from 'n8n-workflow';
import { SIGNING_REQUEST_KEYS } from '../../../nodes/shared/signingRequest';

import { startSandbox, SEED, type Sandbox } from '../../sandbox';
import { createDraft, createSent, draftBody, ok } from '../../sandbox/fixtures';
import { PollRig, pollCredentials } from './pollRig';

const P = SEED.protectedWorkspace;
const SALES = SEED.workspaces[0];
const LEGAL = SEED.workspaces[1];

let sandbox: Sandbox;

beforeAll(async () => {
	sandbox = await startSandbox({
		rateLimits: { read: 100_000, write: 100_000 },
		startingCredits: 10_000,
	});
});
afterAll(async () => {
	await sandbox.close();
});

function rig(parameters: IDataObject = {}, credentials: IDataObject = {}): PollRig {
	return new PollRig(
		{
			scope: 'workspace',
			workspace: { __rl: true, mode: 'id', value: P.id },
			events: ['sent', 'completed', 'declined', 'cancelled', 'expired'],
			options: {},
			...parameters,
		},
		pollCredentials(sandbox.url, { keyToUse: 'test', ...credentials }),
	);
}

function summary(items: Array<{ json: IDataObject }>): string[] {
	return items.map((item) => {
		const sr = (item.json.data as IDataObject).signing_request as IDataObject;
		return `${String(item.json.type)} ${String(sr.name)}`;
	});
}

/** The list requests the sandbox received since `from`. */
function listReads(from: number): Array<{ query: Record<string, string>; key: string }> {
	return sandbox.requests
		.slice(from)
		.filter((r) => r.method === 'GET' && r.path === '/signing-requests')
		.map((r) => ({ query: r.query, key: r.headers.authorization }));
}

describe('Document Signing Poll Trigger against the sandbox', () => {
	it('reports nothing old on its first poll, then each change exactly once', async () => {
		const oldSent = await createSent(sandbox, P.testKey, 'poll-a old sent');
		const oldDone = await createSent(sandbox, P.testKey, 'poll-a old done');
		sandbox.simulate.signAll(oldDone.id);
		const trigger = rig();

		expect(await trigger.poll()).toEqual([]);
		expect(trigger.nodeState.version).toBe(1);

		const fresh = await createSent(sandbox, P.testKey, 'poll-a fresh');
		const first = await trigger.poll();
		expect(summary(first)).toEqual(['signing_request.sent poll-a fresh']);
		expect(await trigger.poll()).toEqual([]);

		sandbox.simulate.signAll(fresh.id);
		sandbox.simulate.decline(oldSent.id, oldSent.ada, 'Wrong address');
		const ends = await trigger.poll();
		expect(summary(ends).sort()).toEqual([
			'signing_request.completed poll-a fresh',
			'signing_request.declined poll-a old sent',
		]);
		expect(await trigger.poll()).toEqual([]);
	});

	it('outputs the webhook trigger event shape with source "poll"', async () => {
		const trigger = rig({ events: ['completed'] });
		await trigger.poll();
		const sr = await createSent(sandbox, P.testKey, 'poll-b shape');
		await trigger.poll();
		sandbox.simulate.signAll(sr.id);
		const [item] = await trigger.poll();
		const json = item.json as IDataObject & { data: IDataObject };
		expect(Object.keys(json).sort()).toEqual(
			[
				'company_id',
				'created_at',
				'data',
				'delivery_id',
				'id',
				'source',
				'type',
				'workspace_id',
			].sort(),
		);
		expect(json).toMatchObject({
			id: `poll_completed_${sr.id}`,
			type: 'signing_request.completed',
			workspace_id: P.id,
			delivery_id: null,
			source: 'poll',
		});
		// Simplify (on by default): the listed request in the one shape, its recipients in it.
		const signingRequest = json.data.signing_request as IDataObject;
		expect(Object.keys(signingRequest)).toEqual([...SIGNING_REQUEST_KEYS]);
		expect(signingRequest).toMatchObject({
			id: sr.id,
			name: 'poll-b shape',
			status: 'completed',
			workspace_id: P.id,
			recipient_count: 2,
			signed_count: 2,
		});
		expect(json.created_at).toBe(signingRequest.completed_at);
		expect((signingRequest.recipients as IDataObject[]).map((r) => r.email)).toEqual([
			'ada@example.com',
			'bob@example.com',
		]);
		expect(Object.keys(json.data)).toEqual(['signing_request', 'workspace']);
		expect(json.data.workspace).toEqual({ id: P.id, name: P.name });
		// Never a key in the output.
		expect(JSON.stringify(item)).not.toMatch(/sk_(live|test)_/);
	});

	it('keeps its place across a restart: changes in between are reported once', async () => {
		const trigger = rig();
		await trigger.poll();
		const a = await createSent(sandbox, P.testKey, 'poll-c before restart');
		await trigger.poll();

		// n8n stops; meanwhile a request is sent and another one is cancelled.
		const b = await createSent(sandbox, P.testKey, 'poll-c during restart');
		await ok(sandbox, 'POST', `/signing-requests/${a.id}/cancel`, {
			key: P.testKey,
			body: { notify_signers: false },
		});
		const restarted = rig();
		restarted.saved = JSON.parse(JSON.stringify(trigger.saved)) as IDataObject;
		expect(summary(await restarted.poll()).sort()).toEqual([
			'signing_request.cancelled poll-c before restart',
			'signing_request.sent poll-c during restart',
		]);
		expect(await restarted.poll()).toEqual([]);
		sandbox.simulate.decline(b.id, b.ada);
		expect(summary(await restarted.poll())).toEqual([
			'signing_request.declined poll-c during restart',
		]);
	});

	it('reports many changes at once over several pages, each once', async () => {
		const trigger = rig({ events: ['sent', 'completed'] });
		await trigger.poll();
		const sent = [];
		for (let n = 0; n < 230; n++) sent.push(await createSent(sandbox, P.testKey, `poll-d ${n}`));
		const from = sandbox.requests.length;
		const items = await trigger.poll();
		expect(items).toHaveLength(230);
		expect(new Set(items.map((item) => item.json.id)).size).toBe(230);
		// The sent query went to a second page (200 per page), sorted by sent date.
		const sentReads = listReads(from).filter((r) => r.query.sort_by === 'sent_on');
		expect(sentReads[0].query).toMatchObject({
			status: 'in_progress,finished,declined,cancelled,expired',
			sort_by: 'sent_on',
			sort_order: 'desc',
			page: '1',
			page_size: '200',
		});
		expect(sentReads.some((r) => r.query.page === '2')).toBe(true);

		for (const sr of sent.slice(0, 210)) sandbox.simulate.signAll(sr.id);
		const ends = await trigger.poll();
		expect(ends).toHaveLength(210);
		expect(ends.every((item) => item.json.type === 'signing_request.completed')).toBe(true);
		expect(new Set(ends.map((item) => item.json.id)).size).toBe(210);
		expect(await trigger.poll()).toEqual([]);
	});

	it('costs few reads: a quiet poll of one workspace is 3 GETs', async () => {
		const trigger = rig({ workspace: { __rl: true, mode: 'id', value: LEGAL.id } });
		await trigger.poll();
		await createSent(sandbox, LEGAL.testKey, 'poll-e open');
		await trigger.poll();
		const from = sandbox.requests.length;
		expect(await trigger.poll()).toEqual([]);
		const calls = sandbox.requests.slice(from).map((r) => `${r.method} ${r.path}`);
		expect(calls).toEqual([
			`GET /workspaces/${LEGAL.id}`,
			'GET /signing-requests',
			'GET /signing-requests',
		]);
		expect(sandbox.requests.slice(from).map((r) => r.query.status)).toEqual([
			undefined,
			'in_progress,finished,declined,cancelled,expired',
			'in_progress',
		]);
	});

	it('with only "sent" wanted it reads one list page per workspace', async () => {
		const trigger = rig({
			events: ['sent'],
			workspace: { __rl: true, mode: 'id', value: LEGAL.id },
		});
		await trigger.poll();
		await createSent(sandbox, LEGAL.testKey, 'poll-f');
		const from = sandbox.requests.length;
		expect(summary(await trigger.poll())).toEqual(['signing_request.sent poll-f']);
		expect(listReads(from)).toHaveLength(1);
	});

	it('company scope: every workspace, each with its own key', async () => {
		const trigger = rig({ scope: 'company' });
		await trigger.poll();
		const sales = await createSent(sandbox, SALES.testKey, 'poll-g sales');
		const hq = await createSent(sandbox, P.testKey, 'poll-g hq');
		const from = sandbox.requests.length;
		const items = await trigger.poll();
		expect(summary(items).sort()).toEqual([
			'signing_request.sent poll-g hq',
			'signing_request.sent poll-g sales',
		]);
		const bySales = items.find((item) => String(item.json.id).endsWith(sales.id))!;
		expect(bySales.json.workspace_id).toBe(SALES.id);
		expect(items.find((item) => String(item.json.id).endsWith(hq.id))!.json.workspace_id).toBe(
			P.id,
		);
		const keys = new Set(listReads(from).map((r) => r.key));
		expect(keys).toEqual(new Set([P.testKey, SALES.testKey, SEED.workspaces[1].testKey]));
		// The workspaces' keys it read stay in memory: never in its output or its static data.
		expect(JSON.stringify(items)).not.toMatch(/sk_(live|test)_/);
		expect(JSON.stringify(trigger.saved)).not.toMatch(/sk_(live|test)_/);
	});

	it('Fetch Test Event returns the latest matching change and remembers nothing', async () => {
		const trigger = rig({ events: ['completed'] });
		const sr = await createSent(sandbox, P.testKey, 'poll-h latest');
		sandbox.simulate.signAll(sr.id);
		const items = await trigger.poll('manual');
		expect(items).toHaveLength(1);
		expect(items[0].json).toMatchObject({
			type: 'signing_request.completed',
			id: `poll_completed_${sr.id}`,
			source: 'poll',
		});
		expect(trigger.saved).toEqual({});
	});

	it('attaches the signed PDF and the full signing request when asked', async () => {
		const trigger = rig({
			events: ['completed'],
			options: { attachSignedPdf: true, fetchSigningRequest: true, binaryPropertyName: 'pdf' },
		});
		await trigger.poll();
		const sr = await createSent(sandbox, P.testKey, 'poll-i contract');
		await trigger.poll();
		sandbox.simulate.signAll(sr.id);
		const [item] = await trigger.poll();
		expect(item.binary?.pdf).toMatchObject({
			mimeType: 'application/pdf',
			fileName: 'poll-i contract.pdf',
		});
		// The request read from the service (its state now), in the one shape.
		expect(item.json).not.toHaveProperty('signing_request');
		expect((item.json.data as IDataObject).signing_request).toMatchObject({
			id: sr.id,
			status: 'completed',
			signed_document_url: expect.stringMatching(/^http/),
			recipient_count: 2,
		});
		expect(item.json.enrichment_errors).toBeUndefined();
	});

	it('Simplify off: data and the full signing request as the service gives them', async () => {
		const trigger = rig({
			events: ['completed'],
			simplify: false,
			options: { fetchSigningRequest: true },
		});
		await trigger.poll();
		const sr = await createSent(sandbox, P.testKey, 'poll-i raw');
		await trigger.poll();
		sandbox.simulate.signAll(sr.id);
		const [item] = await trigger.poll();
		const data = item.json.data as IDataObject;
		expect(data.signing_request).toMatchObject({ id: sr.id, status: 'finished' });
		expect((data.recipients as IDataObject[]).map((r) => r.email)).toEqual([
			'ada@example.com',
			'bob@example.com',
		]);
		expect(item.json.signing_request).toMatchObject({
			id: sr.id,
			status: { finished: true },
		});
	});

	it('never attaches an unfinished document: the change is still reported, with the reason', async () => {
		const trigger = rig({
			events: ['completed'],
			options: { attachSignedPdf: true, binaryPropertyName: 'pdf' },
		});
		await trigger.poll();
		const sr = await createSent(sandbox, P.testKey, 'poll-i2 contract');
		await trigger.poll();
		sandbox.simulate.signAll(sr.id);
		// The service has not completed the signed document yet: it offers the partial copy.
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
		const items = await trigger.poll();
		expect(summary(items)).toEqual(['signing_request.completed poll-i2 contract']);
		expect(items[0].binary).toBeUndefined();
		expect(items[0].json.enrichment_errors).toEqual([
			'The signed PDF was not attached: the signing request is finished, but the service has not completed the signed document yet; the service offers only a partial, watermarked copy (download status "finished", is_partial true)',
		]);
		expect(
			sandbox.requests.slice(from).filter((r) => r.path.startsWith(`/signing-requests/${sr.id}`)),
		).toEqual([
			expect.objectContaining({ method: 'GET', path: `/signing-requests/${sr.id}/download` }),
		]);
		// reported once, like any change
		expect(await trigger.poll()).toEqual([]);
	});

	it('ignores drafts and refuses to run without events', async () => {
		const trigger = rig();
		await trigger.poll();
		await createDraft(sandbox, P.testKey, 'poll-j draft');
		expect(await trigger.poll()).toEqual([]);
		const none = rig({ events: [] });
		await expect(none.poll()).rejects.toThrow('Choose at least one change');
	});

	// Last: it moves the sandbox clock forward.
	it('reports an expiry when the request passes its expiration', async () => {
		const trigger = rig({ events: ['expired'] });
		await trigger.poll();
		const draft = await ok(sandbox, 'POST', '/signing-requests', {
			key: P.testKey,
			body: { ...draftBody('poll-k short'), expiration_hours: 1 },
		});
		await ok(sandbox, 'POST', `/signing-requests/${draft.id}/send`, { key: P.testKey });
		expect(await trigger.poll()).toEqual([]);
		sandbox.clock.advance(2 * 3600_000);
		const items = await trigger.poll();
		expect(summary(items)).toEqual(['signing_request.expired poll-k short']);
		const sr = (items[0].json.data as IDataObject).signing_request as IDataObject;
		expect(items[0].json.created_at).toBe(sr.expires_at);
		expect(await trigger.poll()).toEqual([]);
	});
});
