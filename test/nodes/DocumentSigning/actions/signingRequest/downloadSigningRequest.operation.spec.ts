import { readBinary } from '../../../../helpers/n8n';
import { SEED } from '../../../../sandbox';
import { inspectPdf, pdfTextStrings, simplePdf } from '../../../../sandbox/signing/pdf';
import { TEST_WATERMARK } from '../../../../sandbox/signing/render';
import { api } from './signingRequestKit';
import type { FileServer, RichRequest } from './signerReadsKit';
import {
	NO_SUCH_ID,
	byId,
	createFinished,
	createHalfSigned,
	createRich,
	only,
	requestLines,
	runOp,
	startFileServer,
	useSandbox,
} from './signerReadsKit';

const ctx = useSandbox();
let draft: RichRequest;
let inProgress: RichRequest;
let finished: RichRequest;
let finishedTest: RichRequest;
beforeAll(async () => {
	draft = await createRich(ctx.sandbox, 'Unsent offer');
	inProgress = await createHalfSigned(ctx.sandbox, 'Lease 12/B: Flat "A"');
	finished = await createFinished(ctx.sandbox, 'Master Services Agreement');
	finishedTest = await createFinished(ctx.sandbox, 'Trial agreement', 'test');
});

const text = (pdf: Buffer) => pdfTextStrings(pdf).join('\n');

/** The API calls the node made (the pre-signed file download is not an API call). */
function expectCalls(id: string, opts: { detail: boolean }) {
	const expected = [`GET /signing-requests/${id}/download`];
	if (opts.detail) expected.push(`GET /signing-requests/${id}`);
	expect(requestLines(ctx.sandbox)).toEqual(expected);
	expect(ctx.sandbox.requests[0]).toMatchObject({ method: 'GET', query: {}, body: undefined });
}

/** The download answer, pointing at `url` (injected for the next download call). */
function answerWithUrl(id: string, url: string) {
	ctx.sandbox.injectFault({
		kind: 'status',
		status: 200,
		path: `/signing-requests/${id}/download`,
		body: {
			status: 'finished',
			is_partial: false,
			download_url: url,
			generated_at: '2026-01-01T00:00:00Z',
			expires_at: '2026-01-01T01:00:00Z',
		},
	});
}

let files: FileServer;
beforeAll(async () => {
	files = await startFileServer();
});
afterAll(async () => await files.close());

describe('Signing Request → Download (GET /signing-requests/{id}/download)', () => {
	it.each(['default', 'filesystem'] as const)(
		'downloads the signed PDF of a finished request as a binary (%s binary mode)',
		async (binaryMode) => {
			const { output, error } = await runOp(
				ctx.sandbox,
				'downloadSigningRequest',
				{ signingRequestId: byId(finished.id) },
				{ binaryMode },
			);
			expect(error).toBeUndefined();
			expectCalls(finished.id, { detail: true });
			expect(ctx.sandbox.requests[0].headers.authorization).toBe(SEED.protectedWorkspace.liveKey);

			const item = output[0][0];
			expect(output[0]).toHaveLength(1);
			expect(item.json).toMatchObject({
				status: 'finished',
				is_partial: false,
				signing_request_id: finished.id,
				file_name: 'Master Services Agreement.pdf',
				key_mode: 'live',
			});
			expect(String(item.json.download_url)).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/_files\//);
			expect(Date.parse(String(item.json.generated_at))).not.toBeNaN();
			expect(Date.parse(String(item.json.expires_at))).not.toBeNaN();
			expect(item.binary?.data).toMatchObject({
				mimeType: 'application/pdf',
				fileName: 'Master Services Agreement.pdf',
				fileExtension: 'pdf',
			});
			if (binaryMode === 'filesystem') expect(item.binary?.data.id).toMatch(/^filesystem-v2:/);
			else expect(item.binary?.data.id).toBeUndefined();

			const pdf = await readBinary(item);
			expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
			expect(item.json.file_size).toBe(pdf.length);
			const inspection = inspectPdf(pdf);
			expect(inspection.errors).toEqual([]);
			expect(inspection.pageCount).toBe(2);
			expect(text(pdf)).toContain('Signed by Ada Lovelace ada@example.com');
			expect(text(pdf)).toContain('Signed by Bob Byron bob@example.com');
			expect(text(pdf)).toMatch(/Completed at /);
			expect(text(pdf)).not.toContain('PARTIAL DOCUMENT');
			expect(text(pdf)).not.toContain(TEST_WATERMARK);
		},
	);

	it('gives the document signed so far while the request is in progress (is_partial)', async () => {
		const { output, error } = await runOp(ctx.sandbox, 'downloadSigningRequest', {
			signingRequestId: byId(inProgress.id),
			outputBinaryPropertyName: 'signedPdf',
		});
		expect(error).toBeUndefined();
		expectCalls(inProgress.id, { detail: true });
		const item = output[0][0];
		expect(item.json).toMatchObject({ status: 'in_progress', is_partial: true, key_mode: 'live' });
		// The file name comes from the request's name, made safe for file systems.
		expect(item.json.file_name).toBe('Lease 12_B_ Flat _A_.pdf');
		expect(Object.keys(item.binary ?? {})).toEqual(['signedPdf']);
		expect(item.binary?.signedPdf).toMatchObject({
			mimeType: 'application/pdf',
			fileName: 'Lease 12_B_ Flat _A_.pdf',
		});
		const pdf = await readBinary(item, 'signedPdf');
		expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
		expect(text(pdf)).toContain('PARTIAL DOCUMENT - status: in_progress');
		expect(text(pdf)).toContain('Signed by Ada Lovelace ada@example.com');
		expect(text(pdf)).toContain('Awaiting signature: Bob Byron bob@example.com');
	});

	it.each(['default', 'filesystem'] as const)(
		'marks a test-key request as test; its PDF carries the watermark (%s binary mode)',
		async (binaryMode) => {
			const { output, error } = await runOp(
				ctx.sandbox,
				'downloadSigningRequest',
				{ signingRequestId: byId(finishedTest.id) },
				{ keyMode: 'test', binaryMode },
			);
			expect(error).toBeUndefined();
			expect(ctx.sandbox.requests[0].headers.authorization).toBe(SEED.protectedWorkspace.testKey);
			const item = output[0][0];
			expect(item.json).toMatchObject({
				status: 'finished',
				is_partial: false,
				key_mode: 'test',
				file_name: 'Trial agreement.pdf',
			});
			const pdf = await readBinary(item);
			expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
			expect(text(pdf)).toContain(TEST_WATERMARK);
		},
	);

	it('"Return URL Only" outputs the link and its details, without downloading', async () => {
		const { output, error } = await runOp(ctx.sandbox, 'downloadSigningRequest', {
			signingRequestId: byId(finished.id),
			options: { returnUrlOnly: true },
		});
		expect(error).toBeUndefined();
		expectCalls(finished.id, { detail: true });
		const json = only(output);
		expect(output[0][0].binary).toBeUndefined();
		expect(json).toMatchObject({
			status: 'finished',
			is_partial: false,
			signing_request_id: finished.id,
			file_name: 'Master Services Agreement.pdf',
			key_mode: 'live',
		});
		expect(Object.keys(json).sort()).toEqual(
			[
				'download_url',
				'expires_at',
				'file_name',
				'generated_at',
				'is_partial',
				'key_mode',
				'signing_request_id',
				'status',
			].sort(),
		);
		// The link works without an API key.
		const response = await fetch(String(json.download_url));
		expect(response.status).toBe(200);
		expect(
			Buffer.from(await response.arrayBuffer())
				.subarray(0, 5)
				.toString('latin1'),
		).toBe('%PDF-');
	});

	it('before the request is sent: a clear error (409), nothing downloaded', async () => {
		const { error, output } = await runOp(ctx.sandbox, 'downloadSigningRequest', {
			signingRequestId: byId(draft.id),
		});
		expect(output).toEqual([]);
		expect(error?.message).toMatch(/^The document of this signing request is not available yet/);
		expect((error as { description?: string }).description).toMatch(
			/available once the request has been sent/,
		);
		expect((error as { httpCode?: string }).httpCode).toBe('409');
		expect(requestLines(ctx.sandbox)).toEqual([`GET /signing-requests/${draft.id}/download`]);
	});

	it('with Continue On Fail the 409 becomes an error item and other items still download', async () => {
		const { output, error } = await runOp(
			ctx.sandbox,
			'downloadSigningRequest',
			{ signingRequestId: byId('={{ $json.id }}') },
			{ continueOnFail: true, input: [{ json: { id: draft.id } }, { json: { id: finished.id } }] },
		);
		expect(error).toBeUndefined();
		expect(output[0]).toHaveLength(2);
		expect(output[0][0].json.error).toMatch(
			/^The document of this signing request is not available yet/,
		);
		expect(output[0][0].json.http_code).toBe('409');
		expect(output[0][0].pairedItem).toEqual({ item: 0 });
		expect(output[0][1].json.status).toBe('finished');
		expect(output[0][1].pairedItem).toEqual({ item: 1 });
		expect((await readBinary(output[0][1])).subarray(0, 5).toString('latin1')).toBe('%PDF-');
	});

	it('fetches the file from the pre-signed link without sending the API key', async () => {
		const pdf = simplePdf('Stored elsewhere', 1);
		files.serve(200, pdf, 'application/pdf');
		answerWithUrl(finished.id, `${files.url}/bucket/signed.pdf?X-Amz-Signature=abc`);
		const before = files.received.length;
		const { output, error } = await runOp(ctx.sandbox, 'downloadSigningRequest', {
			signingRequestId: byId(finished.id),
		});
		expect(error).toBeUndefined();
		expect(files.received.slice(before)).toHaveLength(1);
		expect(files.received[before].path).toBe('/bucket/signed.pdf?X-Amz-Signature=abc');
		expect(files.received[before].headers.authorization).toBeUndefined();
		expect(JSON.stringify(files.received[before].headers)).not.toContain('sk_live');
		expect((await readBinary(output[0][0])).equals(pdf)).toBe(true);
	});

	it('refuses bytes that are not a PDF', async () => {
		files.serve(200, '<html>Sign in to continue</html>', 'text/html');
		answerWithUrl(finished.id, `${files.url}/login`);
		const { error, output } = await runOp(ctx.sandbox, 'downloadSigningRequest', {
			signingRequestId: byId(finished.id),
		});
		expect(output).toEqual([]);
		expect(error?.message).toBe('The downloaded file is not a PDF');
		expect((error as { description?: string }).description).toMatch(/32 bytes of text\/html/);
	});

	it("an expired download link gives the transport's clear message", async () => {
		const fresh = await api<{ download_url: string }>(
			ctx.sandbox,
			'GET',
			`/signing-requests/${finished.id}/download`,
			undefined,
			'live',
		);
		ctx.sandbox.clock.advance(2 * 3600_000);
		answerWithUrl(finished.id, fresh.body.download_url);
		ctx.sandbox.clearRequests();
		const { error } = await runOp(ctx.sandbox, 'downloadSigningRequest', {
			signingRequestId: byId(finished.id),
		});
		expect(error?.message).toBe('The file download failed (403)');
		expect((error as { description?: string }).description).toMatch(/expired/);
	});

	it('while the service is still generating the document (503): says so', async () => {
		ctx.sandbox.injectFault({
			kind: 'status',
			status: 503,
			path: `/signing-requests/${finished.id}/download`,
			body: { error: 'generation_timeout' },
			headers: { 'Retry-After': '5' },
		});
		const { error } = await runOp(ctx.sandbox, 'downloadSigningRequest', {
			signingRequestId: byId(finished.id),
		});
		expect(error?.message).toBe('The service is still preparing the document (generation_timeout)');
		expect(requestLines(ctx.sandbox)).toEqual([`GET /signing-requests/${finished.id}/download`]);
	});

	it('uses a name in the download answer when there is one (no extra request)', async () => {
		ctx.sandbox.injectFault({
			kind: 'status',
			status: 200,
			path: `/signing-requests/${finished.id}/download`,
			body: {
				status: 'finished',
				is_partial: false,
				name: 'From the answer',
				download_url: `${ctx.sandbox.url}/_files/unknown-token`,
				expires_at: '2030-01-01T00:00:00Z',
			},
		});
		const { output } = await runOp(ctx.sandbox, 'downloadSigningRequest', {
			signingRequestId: byId(finished.id),
			options: { returnUrlOnly: true },
		});
		expect(only(output).file_name).toBe('From the answer.pdf');
		expect(requestLines(ctx.sandbox)).toEqual([`GET /signing-requests/${finished.id}/download`]);
	});

	it('refuses a malformed ID before sending anything', async () => {
		const { error } = await runOp(ctx.sandbox, 'downloadSigningRequest', {
			signingRequestId: byId('={{ "latest" }}'),
		});
		expect(error?.message).toBe('"Signing Request" is not a valid ID: "latest"');
		expect(ctx.sandbox.requests).toHaveLength(0);
	});

	it('maps an unknown ID to a readable 404', async () => {
		const { error } = await runOp(ctx.sandbox, 'downloadSigningRequest', {
			signingRequestId: byId(NO_SUCH_ID),
		});
		expect(error?.message).toMatch(/^Not found/);
		expect(requestLines(ctx.sandbox)).toEqual([`GET /signing-requests/${NO_SUCH_ID}/download`]);
	});
});
