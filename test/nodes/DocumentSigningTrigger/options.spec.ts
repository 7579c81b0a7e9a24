/**
 * Output shape and every option of the trigger. Enrichment calls go to the sandbox; the
 * signing-request endpoints there belong to another area, so GET /signing-requests/{id} and
 * GET /signing-requests/{id}/download are stubbed with injected faults (status 200 + body), and
 * the download_url points at a tiny local file server.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';

import type { INodeParameters } from 'n8n-workflow';

import { resetRateLimiters } from '../../../nodes/shared/transport';
import { receiveTiming } from '../../../nodes/DocumentSigningTrigger/receive';
import { RECIPIENT_KEYS, SIGNING_REQUEST_KEYS } from '../../../nodes/shared/signingRequest';
import { readBinary } from '../../helpers/n8n';
import { SEED, startSandbox, type Sandbox } from '../../sandbox';
import { baseParameters, credentials, envelope, productionReceiveTiming, sign } from './support';
import { TriggerRig } from './triggerRig';

const PDF = Buffer.from('%PDF-1.7\n% signed document\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');
const SR_ID = '30000000-0000-4000-8000-000000000001';
/** The envelope's recipient as the users list (GET …/users, SigningRequestUser) names her. */
const ANN_USER = {
	id: '40000000-0000-4000-8000-000000000001',
	name: 'Ann Smith',
	first_name: 'Ann',
	last_name: 'Smith',
	email: 'ann@example.com',
	designation: 'Signer',
	order: 1,
	finished_on: '2026-01-02T00:00:00.000Z',
	declined_on: null,
	decline_reason: null,
};
/** Every key of the one signing-request shape, null: what a source that says nothing gives. */
const NOTHING = Object.fromEntries(SIGNING_REQUEST_KEYS.map((key) => [key, null]));
/** A recipient of the one shape, null where the event does not say. */
const person = (fields: Record<string, unknown>) => ({
	...Object.fromEntries(RECIPIENT_KEYS.map((key) => [key, null])),
	...fields,
});

let sandbox: Sandbox;
let files: http.Server;
let filesUrl: string;
let fileDelayMs = 0;
const fileRequests: string[] = [];
/** Delayed file answers still pending (cleared when the server closes). */
const delayed = new Set<NodeJS.Timeout>();

beforeAll(async () => {
	sandbox = await startSandbox({ webhookTestOnCreate: false });
	files = http.createServer((req, res) => {
		fileRequests.push(req.url ?? '');
		const send = () => {
			if (req.url?.startsWith('/expired')) {
				res.writeHead(403, { 'Content-Type': 'application/xml' });
				res.end('<Error>AccessDenied</Error>');
				return;
			}
			if (req.url?.startsWith('/html')) {
				res.writeHead(200, { 'Content-Type': 'text/html' });
				res.end('<html>Sign in</html>');
				return;
			}
			res.writeHead(200, { 'Content-Type': 'application/pdf' });
			res.end(PDF);
		};
		if (fileDelayMs > 0) {
			const timer = setTimeout(() => {
				delayed.delete(timer);
				send();
			}, fileDelayMs);
			delayed.add(timer);
		} else send();
	});
	await new Promise<void>((resolve) => files.listen(0, '127.0.0.1', () => resolve()));
	filesUrl = `http://127.0.0.1:${(files.address() as AddressInfo).port}`;
});
afterAll(async () => {
	delayed.forEach((timer) => clearTimeout(timer));
	files.closeAllConnections();
	await new Promise<void>((resolve) => files.close(() => resolve()));
	await sandbox.close();
});
beforeEach(() => {
	resetRateLimiters();
	sandbox.clearRequests();
	fileRequests.length = 0;
	fileDelayMs = 0;
});

const rigs: TriggerRig[] = [];
afterEach(async () => {
	await Promise.all(rigs.splice(0).map(async (r) => await r.close()));
});
const productionTiming = productionReceiveTiming();

async function trigger(parameters: INodeParameters = {}): Promise<TriggerRig> {
	const rig = await new TriggerRig({
		parameters: baseParameters(parameters),
		credentials: credentials(sandbox.url),
	}).listen();
	rigs.push(rig);
	return rig;
}

async function deliver(
	rig: TriggerRig,
	body: Record<string, unknown>,
	extra: Record<string, string> = {},
	mode: 'production' | 'test' = 'production',
) {
	const raw = JSON.stringify(body);
	return await rig.post(
		raw,
		{ 'X-Service-Signature': sign(raw), 'X-Service-Delivery': 'dlv_opt_1', ...extra },
		mode,
	);
}

/** Waits until the rig recorded `count` starts (the node answers before enrichment ends). */
async function startsReach(rig: TriggerRig, count: number): Promise<void> {
	for (let i = 0; i < 200 && rig.starts.length < count; i++)
		await new Promise((r) => setTimeout(r, 10));
	expect(rig.starts).toHaveLength(count);
}

function stubSigningRequest(
	body: Record<string, unknown>,
	download?: Record<string, unknown> | number,
	users: Array<Record<string, unknown>> = [ANN_USER],
) {
	sandbox.injectFault({
		method: 'GET',
		path: `/signing-requests/${SR_ID}`,
		kind: 'status',
		status: 200,
		body,
	});
	// Fetch Full Signing Request reads the recipients too (as Get does).
	sandbox.injectFault({
		method: 'GET',
		path: `/signing-requests/${SR_ID}/users`,
		kind: 'status',
		status: 200,
		body: { results: users },
	});
	if (typeof download === 'number') {
		sandbox.injectFault({
			method: 'GET',
			path: `/signing-requests/${SR_ID}/download`,
			kind: 'status',
			status: download,
			body: { error: 'no_document_available' },
		});
	} else if (download) {
		sandbox.injectFault({
			method: 'GET',
			path: `/signing-requests/${SR_ID}/download`,
			kind: 'status',
			status: 200,
			body: download,
		});
	}
}

/** The documented answer of GET …/download for a finished request, pointing at `url`. */
function finishedDownload(url: string, status = 'finished', isPartial = false) {
	return {
		status,
		is_partial: isPartial,
		download_url: url,
		generated_at: new Date().toISOString(),
		expires_at: new Date(Date.now() + 3600_000).toISOString(),
	};
}

/** The item a delivery of the current envelope `event` starts, with `data` as given. */
const currentItem = (event: Record<string, unknown>, data: unknown) => ({
	json: {
		id: event.id,
		type: 'signing_request.completed',
		created_at: event.created_at,
		company_id: SEED.company.id,
		workspace_id: SEED.workspaces[0].id,
		data,
		delivery_id: 'dlv_opt_1',
		source: 'webhook',
	},
});

/** A delivery in the older envelope (event_id / event_type / timestamp). */
const OLDER = {
	event_id: 'evt_older_1',
	event_type: 'signing_request.recipient.declined',
	timestamp: '2026-03-01T10:00:00.000Z',
	company_id: SEED.company.id,
	workspace_id: SEED.workspaces[1].id,
	data: { signing_request_id: SR_ID, recipient: { email: 'bob@example.com' } },
};

/** The item a delivery of OLDER starts, with `data` as given. */
const olderItem = (data: unknown) => ({
	id: 'evt_older_1',
	type: 'signing_request.recipient.declined',
	created_at: '2026-03-01T10:00:00.000Z',
	company_id: SEED.company.id,
	workspace_id: SEED.workspaces[1].id,
	data,
	delivery_id: 'dlv_opt_1',
	source: 'webhook',
});

describe('output: one normalised shape for both envelopes', () => {
	it('current shape; Simplify (on by default): data.signing_request in the one shape, with the recipients', async () => {
		const rig = await trigger();
		const event = envelope();
		const [ann] = (event.data as { recipients: Array<Record<string, unknown>> }).recipients;
		expect((await deliver(rig, event)).status).toBe(200);
		expect(rig.starts[0].items).toEqual([
			currentItem(event, {
				signing_request: {
					...NOTHING,
					id: SR_ID,
					name: 'NDA Acme',
					// The payload names no status: the event type does.
					status: 'completed',
					workspace_id: SEED.workspaces[0].id,
					recipient_count: 1,
					signed_count: 1,
					recipients: [
						person({
							id: 'r1',
							name: 'Ann Signer',
							email: 'ann@example.com',
							signed_at: ann.signed_at,
						}),
					],
				},
			}),
		]);
	});

	it('current shape, Simplify off: data as the service delivered it', async () => {
		const rig = await trigger({ simplify: false });
		const event = envelope();
		expect((await deliver(rig, event)).status).toBe(200);
		expect(rig.starts[0].items).toEqual([currentItem(event, event.data)]);
	});

	it('older shape (event_id / event_type / timestamp); Simplify: the request from its id and the event type', async () => {
		const rig = await trigger();
		expect((await deliver(rig, OLDER)).status).toBe(200);
		expect(rig.starts[0].items[0].json).toEqual(
			olderItem({
				signing_request: {
					...NOTHING,
					id: SR_ID,
					status: 'declined',
					workspace_id: SEED.workspaces[1].id,
				},
				recipient: { email: 'bob@example.com' },
			}),
		);
	});

	it('older shape, Simplify off (event_id / event_type / timestamp)', async () => {
		const rig = await trigger({ simplify: false });
		expect((await deliver(rig, OLDER)).status).toBe(200);
		expect(rig.starts[0].items[0].json).toEqual(olderItem(OLDER.data));
	});
});

describe('event filter', () => {
	it('acknowledges (200) but does not start for an event that was not chosen', async () => {
		const rig = await trigger();
		const response = await deliver(rig, envelope({ type: 'template.updated' }));
		expect(response).toMatchObject({
			status: 200,
			body: { received: true, ignored: 'event_not_selected' },
		});
		expect(rig.starts).toHaveLength(0);
	});

	it('uses the signed body, not the X-Service-Event header', async () => {
		const rig = await trigger();
		await deliver(rig, envelope({ type: 'template.updated' }), {
			'X-Service-Event': 'signing_request.completed',
		});
		expect(rig.starts).toHaveLength(0);
		await deliver(rig, envelope(), { 'X-Service-Event': 'template.updated' });
		expect(rig.starts[0].items[0].json.type).toBe('signing_request.completed');
	});

	it('starts for names typed in Additional Event Names', async () => {
		const rig = await trigger({
			events: [],
			additionalEvents: 'signing_request.brand_new , template.archived',
		});
		await deliver(rig, envelope({ type: 'signing_request.brand_new' }));
		await deliver(rig, envelope({ type: 'template.archived' }));
		expect(rig.starts.map((s) => s.items[0].json.type)).toEqual([
			'signing_request.brand_new',
			'template.archived',
		]);
	});

	it('"All Listed Events" starts for every listed type, not for others', async () => {
		const rig = await trigger({ events: ['*'] });
		await deliver(rig, envelope({ type: 'domain.verified' }));
		await deliver(rig, envelope({ type: 'signing_request.voided' }));
		expect(rig.starts.map((s) => s.items[0].json.type)).toEqual(['domain.verified']);
	});
});

describe('options', () => {
	it('Include Headers: the delivery headers, without credentials-like headers', async () => {
		const rig = await trigger({ options: { includeHeaders: true } });
		await deliver(rig, envelope(), {
			Authorization: 'Bearer secret-token',
			Cookie: 'session=1',
			'X-Custom': 'yes',
		});
		const headers = rig.starts[0].items[0].json.headers as Record<string, string>;
		expect(headers).toMatchObject({
			'x-service-delivery': 'dlv_opt_1',
			'x-custom': 'yes',
			'content-type': 'application/json',
		});
		expect(headers['x-service-signature']).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
		expect(headers).not.toHaveProperty('authorization');
		expect(headers).not.toHaveProperty('cookie');
		expect(JSON.stringify(rig.starts[0].items)).not.toContain(
			credentials(sandbox.url).documentSigningApi.webhookSigningSecret as string,
		);
	});

	it('Include Raw Body: the exact text that was signed', async () => {
		const rig = await trigger({ options: { includeRawBody: true } });
		const raw = `{"id":"evt_raw_1",  "type":"signing_request.completed","data":{"n":1.50}}`;
		await rig.post(raw, { 'X-Service-Signature': sign(raw) });
		expect(rig.starts[0].items[0].json.raw_body).toBe(raw);
		expect(rig.starts[0].items[0].json.data).toEqual({ n: 1.5 });
	});

	describe('Test Deliveries', () => {
		const testEvent = () => envelope({ type: 'webhook.test', data: { test: true } });

		it('default: acknowledged, never started (listening waits for a real event)', async () => {
			const rig = await trigger();
			expect(await deliver(rig, testEvent())).toMatchObject({
				status: 200,
				body: { ignored: 'test_delivery' },
			});
			expect(await deliver(rig, testEvent(), {}, 'test')).toMatchObject({
				status: 200,
				body: { ignored: 'test_delivery' },
			});
			expect(rig.starts).toHaveLength(0);
			await deliver(rig, envelope(), {}, 'test');
			expect(rig.starts).toHaveLength(1);
			expect(rig.starts[0]).toMatchObject({ mode: 'manual' });
			expect(rig.starts[0].items[0].json.type).toBe('signing_request.completed');
		});

		it('"Only While Listening for a Test Event": starts while listening, never in the active workflow', async () => {
			const rig = await trigger({ options: { testDeliveries: 'manualOnly' } });
			const production = await deliver(rig, testEvent());
			expect(production).toMatchObject({ status: 200, body: { ignored: 'test_delivery' } });
			expect(rig.starts).toHaveLength(0);

			await deliver(rig, testEvent(), {}, 'test');
			expect(rig.starts).toHaveLength(1);
			expect(rig.starts[0]).toMatchObject({ mode: 'manual' });
			expect(rig.starts[0].items[0].json.type).toBe('webhook.test');
		});

		it('"Always Start the Workflow"', async () => {
			const rig = await trigger({ options: { testDeliveries: 'always' } });
			await deliver(rig, testEvent());
			expect(rig.starts).toHaveLength(1);
		});

		it('"Never Start the Workflow"', async () => {
			const rig = await trigger({ options: { testDeliveries: 'never' } });
			await deliver(rig, testEvent(), {}, 'test');
			expect(rig.starts).toHaveLength(0);
		});
	});

	it('Fetch Full Signing Request: with Simplify (on by default), the request read is data.signing_request', async () => {
		const rig = await trigger({ options: { fetchSigningRequest: true } });
		stubSigningRequest({
			id: SR_ID,
			name: 'NDA Acme (read)',
			companies_workspaces_id: SEED.workspaces[0].id,
			status: { sent: true, finished: true },
			timestamps: {
				created_on: '2026-01-01T00:00:00.000Z',
				finished_on: '2026-01-02T00:00:00.000Z',
			},
			final_document_download_url: `${filesUrl}/signed.pdf`,
		});
		await deliver(rig, envelope());
		await startsReach(rig, 1);
		const json = rig.starts[0].items[0].json;
		expect(json).not.toHaveProperty('signing_request');
		expect((json.data as Record<string, unknown>).signing_request).toMatchObject({
			id: SR_ID,
			name: 'NDA Acme (read)',
			status: 'completed',
			created_at: '2026-01-01T00:00:00.000Z',
			completed_at: '2026-01-02T00:00:00.000Z',
			signed_document_url: `${filesUrl}/signed.pdf`,
			// The detail lists none: its recipients as read with it (GET …/users), full names and all.
			recipient_count: 1,
			recipients: [
				expect.objectContaining({
					email: 'ann@example.com',
					first_name: 'Ann',
					last_name: 'Smith',
					signed_at: '2026-01-02T00:00:00.000Z',
				}),
			],
		});
	});

	it('Fetch Full Signing Request, Simplify off: adds signing_request as the service answers it', async () => {
		const rig = await trigger({ simplify: false, options: { fetchSigningRequest: true } });
		stubSigningRequest({ id: SR_ID, name: 'NDA Acme', status: { finished: true } });
		const response = await deliver(rig, envelope());
		expect(response).toMatchObject({ status: 200, body: { received: true } });
		await startsReach(rig, 1);
		// The detail as the service answers it, with its recipients as the users list gives them.
		expect(rig.starts[0].items[0].json.signing_request).toEqual({
			id: SR_ID,
			name: 'NDA Acme',
			status: { finished: true },
			recipients: [ANN_USER],
		});
		const get = sandbox.requests.find((r) => r.path === `/signing-requests/${SR_ID}`);
		expect(get?.headers.authorization).toBe(SEED.protectedWorkspace.liveKey);
	});

	it('Fetch Full Signing Request works with the older envelope (data.signing_request_id)', async () => {
		const rig = await trigger({ options: { fetchSigningRequest: true } });
		stubSigningRequest({ id: SR_ID, name: 'From older shape' });
		await deliver(rig, {
			event_id: 'evt_older_fetch',
			event_type: 'signing_request.recipient.declined',
			timestamp: new Date().toISOString(),
			data: { signing_request_id: SR_ID },
		});
		await startsReach(rig, 1);
		expect(
			(rig.starts[0].items[0].json.data as Record<string, unknown>).signing_request,
		).toMatchObject({ id: SR_ID, name: 'From older shape', status: 'declined' });
	});

	it('Attach Signed PDF: the workflow starts with the PDF, and only then is the delivery answered', async () => {
		const rig = await trigger({ options: { attachSignedPdf: true, fetchSigningRequest: true } });
		stubSigningRequest(
			{ id: SR_ID, name: 'NDA: Acme/2026' },
			{
				status: 'finished',
				is_partial: false,
				download_url: `${filesUrl}/signed/${SR_ID}.pdf?sig=abc`,
				expires_at: new Date().toISOString(),
			},
		);
		fileDelayMs = 400;
		const response = await deliver(rig, envelope());
		expect(response.status).toBe(200);
		// the execution exists when the answer arrives
		expect(rig.starts).toHaveLength(1);
		const item = rig.starts[0].items[0];
		expect(item.binary?.data).toMatchObject({
			mimeType: 'application/pdf',
			fileName: 'NDA Acme 2026.pdf',
			fileExtension: 'pdf',
		});
		expect((await readBinary(item)).equals(PDF)).toBe(true);
		expect(item.json.enrichment_errors).toBeUndefined();
		// the pre-signed URL is fetched without the API key
		expect(fileRequests).toEqual([`/signed/${SR_ID}.pdf?sig=abc`]);
	});

	it("enrichment may take up to 3 s, within the service's 5 s", () => {
		expect(productionTiming.enrichBudgetMs).toBe(3000);
	});

	it("enrichment slower than its budget is left out, so the answer stays within the service's 5 s", async () => {
		receiveTiming.enrichBudgetMs = 300; // 3 s in production (above)
		const budget = receiveTiming.enrichBudgetMs;
		const rig = await trigger({ options: { attachSignedPdf: true, fetchSigningRequest: true } });
		stubSigningRequest(
			{ id: SR_ID, name: 'Slow' },
			{
				status: 'finished',
				is_partial: false,
				download_url: `${filesUrl}/signed/${SR_ID}.pdf`,
				expires_at: new Date().toISOString(),
			},
		);
		fileDelayMs = budget + 1500;
		const started = Date.now();
		const response = await deliver(rig, envelope());
		expect(response.status).toBe(200);
		expect(Date.now() - started).toBeLessThan(budget + 1500);
		expect(rig.starts).toHaveLength(1);
		const item = rig.starts[0].items[0];
		expect(item.binary).toBeUndefined();
		expect(item.json).not.toHaveProperty('signing_request');
		expect(item.json.enrichment_errors).toEqual([
			expect.stringContaining(`took longer than ${budget / 1000} s`),
		]);
	});

	it('Attach Signed PDF into another binary field, only for signing_request.completed', async () => {
		const rig = await trigger({ options: { attachSignedPdf: true, binaryPropertyName: 'signed' } });
		sandbox.injectFault({
			method: 'GET',
			path: `/signing-requests/${SR_ID}/download`,
			kind: 'status',
			status: 200,
			body: finishedDownload(`${filesUrl}/doc.pdf`),
		});
		await deliver(rig, envelope({ type: 'signing_request.recipient.declined' }));
		await deliver(rig, envelope());
		await startsReach(rig, 2);
		expect(rig.starts[0].items[0].binary).toBeUndefined();
		expect(Object.keys(rig.starts[1].items[0].binary ?? {})).toEqual(['signed']);
		expect(rig.starts[1].items[0].binary?.signed.fileName).toBe('NDA Acme.pdf');
	});

	it('enrichment failures never lose the event: the workflow starts with enrichment_errors', async () => {
		const rig = await trigger({ options: { attachSignedPdf: true, fetchSigningRequest: true } });
		sandbox.injectFault({
			method: 'GET',
			path: `/signing-requests/${SR_ID}`,
			kind: 'status',
			status: 404,
			body: { error: 'Not Found', message: 'Signing request not found' },
		});
		sandbox.injectFault({
			method: 'GET',
			path: `/signing-requests/${SR_ID}/download`,
			kind: 'status',
			status: 409,
			body: { error: 'no_document_available' },
		});
		await deliver(rig, envelope());
		await startsReach(rig, 1);
		const errors = rig.starts[0].items[0].json.enrichment_errors as string[];
		expect(errors).toHaveLength(2);
		expect(errors[0]).toMatch(/Fetching the signing request failed: Not found/);
		expect(errors[1]).toMatch(/Attaching the signed PDF failed/);

		// an expired pre-signed link
		stubSigningRequest({ id: SR_ID }, finishedDownload(`${filesUrl}/expired.pdf`));
		await deliver(rig, envelope());
		await startsReach(rig, 2);
		expect(rig.starts[1].items[0].json.enrichment_errors).toEqual([
			expect.stringMatching(/download failed \(403\)/),
		]);
	});

	it.each([
		['in_progress', true, 'is still in progress'],
		['in_progress', false, 'is still in progress'],
		['declined', true, 'was declined'],
		['cancelled', true, 'was cancelled'],
		['expired', true, 'expired before everyone signed'],
		['finished', true, 'is finished, but the service has not completed the signed document yet'],
	])(
		'Attach Signed PDF never attaches an unfinished document (download status %s, is_partial %s): the workflow starts without it and says why',
		async (status, isPartial, words) => {
			const rig = await trigger({ options: { attachSignedPdf: true, fetchSigningRequest: true } });
			stubSigningRequest(
				{ id: SR_ID, name: 'NDA Acme' },
				finishedDownload(`${filesUrl}/partial/${SR_ID}.pdf`, status, isPartial),
			);
			const response = await deliver(rig, envelope());
			expect(response).toMatchObject({ status: 200, body: { received: true } });
			expect(rig.starts).toHaveLength(1);
			const item = rig.starts[0].items[0];
			expect(item.binary).toBeUndefined();
			expect(item.json.type).toBe('signing_request.completed');
			expect((item.json.data as Record<string, unknown>).signing_request).toMatchObject({
				id: SR_ID,
				name: 'NDA Acme',
			});
			expect(item.json.enrichment_errors).toEqual([
				`The signed PDF was not attached: the signing request ${words}; the service offers only a partial, watermarked copy (download status "${status}", is_partial ${isPartial})`,
			]);
			// the partial copy is never fetched
			expect(fileRequests).toEqual([]);
			expect(sandbox.requests.map((r) => `${r.method} ${r.path}`).sort()).toEqual(
				[
					`GET /signing-requests/${SR_ID}`,
					`GET /signing-requests/${SR_ID}/users`,
					`GET /signing-requests/${SR_ID}/download`,
				].sort(),
			);
		},
	);

	it('Attach Signed PDF: a download answer it cannot read, or a file that is not a PDF, is an enrichment error', async () => {
		const rig = await trigger({ options: { attachSignedPdf: true } });
		sandbox.injectFault({
			method: 'GET',
			path: `/signing-requests/${SR_ID}/download`,
			kind: 'status',
			status: 200,
			body: { download_url: `${filesUrl}/doc.pdf` },
		});
		await deliver(rig, envelope());
		await startsReach(rig, 1);
		expect(rig.starts[0].items[0].binary).toBeUndefined();
		expect(rig.starts[0].items[0].json.enrichment_errors).toEqual([
			expect.stringMatching(
				/^Attaching the signed PDF failed: The service's download answer could not be read: "status" is missing.*"is_partial" is missing/,
			),
		]);
		expect(fileRequests).toEqual([]);

		sandbox.injectFault({
			method: 'GET',
			path: `/signing-requests/${SR_ID}/download`,
			kind: 'status',
			status: 200,
			body: finishedDownload(`${filesUrl}/html/login`),
		});
		await deliver(rig, envelope());
		await startsReach(rig, 2);
		expect(rig.starts[1].items[0].binary).toBeUndefined();
		expect(rig.starts[1].items[0].json.enrichment_errors).toEqual([
			'Attaching the signed PDF failed: the download link returned 20 bytes of text/html, not a PDF',
		]);
	});

	it('events without a signing request are not enriched', async () => {
		const rig = await trigger({
			events: ['template.updated'],
			options: { fetchSigningRequest: true, attachSignedPdf: true },
		});
		await deliver(rig, envelope({ type: 'template.updated', data: { template: { id: 't1' } } }));
		await startsReach(rig, 1);
		expect(sandbox.requests).toHaveLength(0);
		expect(rig.starts[0].items[0].json).not.toHaveProperty('enrichment_errors');
	});
});
