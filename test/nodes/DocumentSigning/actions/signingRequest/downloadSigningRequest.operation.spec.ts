import { readBinary } from '../../../../helpers/n8n';
import type { Sandbox } from '../../../../sandbox';
import { SEED } from '../../../../sandbox';
import { PROTECTED } from '../../../../kit';
import { SIGNING_REQUEST_KEYS } from '../../../../../nodes/shared/signingRequest';
import { inspectPdf, pdfTextStrings, simplePdf } from '../../../../sandbox/signing/pdf';
import { TEST_WATERMARK } from '../../../../sandbox/signing/render';
import type { FileServer, RichRequest } from './fixtures';
import {
	api,
	byId,
	createFinished,
	createHalfSigned,
	createRich,
	NO_SUCH_ID,
	only,
	requestLines,
	run,
	startFileServer,
	useSandbox,
} from './fixtures';

const ctx = useSandbox();
let draft: RichRequest;
let inProgress: RichRequest;
let declined: RichRequest;
let cancelled: RichRequest;
let expired: RichRequest;
let finished: RichRequest;
let finishedTest: RichRequest;
beforeAll(async () => {
	draft = await createRich(ctx.sandbox, 'Unsent offer');
	inProgress = await createHalfSigned(ctx.sandbox, 'Lease 12/B: Flat "A"');
	declined = await createHalfSigned(ctx.sandbox, 'Declined lease');
	ctx.sandbox.simulate.decline(declined.id, declined.bob.id, 'The rent is wrong');
	cancelled = await createHalfSigned(ctx.sandbox, 'Cancelled lease');
	await ok(ctx.sandbox, 'POST', `/signing-requests/${cancelled.id}/cancel`, {
		reason: 'Sent by mistake',
	});
	expired = await createHalfSigned(ctx.sandbox, 'Expired lease');
	ctx.sandbox.simulate.expire(expired.id);
	finished = await createFinished(ctx.sandbox, 'Master Services Agreement');
	finishedTest = await createFinished(ctx.sandbox, 'Trial agreement', 'test');
});

async function ok(sandbox: Sandbox, method: string, path: string, body?: unknown) {
	const response = await api(sandbox, method, path, body, 'live');
	if (response.status >= 300) throw new Error(`set-up: ${method} ${path} → ${response.status}`);
	return response.body;
}

const text = (pdf: Buffer) => pdfTextStrings(pdf).join('\n');

/** The API calls the node made (the pre-signed file download is not an API call). */
function expectCalls(id: string, opts: { detail: boolean }) {
	const expected = [`GET /signing-requests/${id}/download`];
	if (opts.detail) expected.push(`GET /signing-requests/${id}`);
	expect(requestLines(ctx.sandbox)).toEqual(expected);
	expect(ctx.sandbox.requests[0]).toMatchObject({ method: 'GET', query: {}, body: undefined });
}

/** The download answer, pointing at `url` (injected for the next download call). */
function answerWithUrl(id: string, url: string, status = 'finished', isPartial = false) {
	ctx.sandbox.injectFault({
		kind: 'status',
		status: 200,
		path: `/signing-requests/${id}/download`,
		body: {
			status,
			is_partial: isPartial,
			download_url: url,
			generated_at: '2026-01-01T00:00:00Z',
			expires_at: '2026-01-01T01:00:00Z',
		},
	});
}

const description = (error: unknown) => String((error as { description?: string }).description);

/** What every refusal tells the user to do instead. */
const ACCEPT_HINT =
	'To download the document signed so far anyway (a partial copy watermarked "PARTIAL DOCUMENT"), turn on "Accept Unfinished Document" under Options.';

let files: FileServer;
beforeAll(async () => {
	files = await startFileServer();
});
afterAll(async () => await files.close());

describe('Signing Request → Download (GET /signing-requests/{id}/download)', () => {
	it.each(['default', 'filesystem'] as const)(
		'downloads the signed PDF of a finished request as a binary (%s binary mode)',
		async (binaryMode) => {
			const { output, error, hints } = await run(
				ctx,
				'downloadSigningRequest',
				{ signingRequestId: byId(finished.id) },
				{ binaryMode },
			);
			expect(error).toBeUndefined();
			expect(hints).toEqual([]);
			expectCalls(finished.id, { detail: true });
			expect(ctx.sandbox.requests[0].headers.authorization).toBe(SEED.protectedWorkspace.liveKey);

			const item = output[0][0];
			expect(output[0]).toHaveLength(1);
			// Simplify (on by default): the request in the one shape, with the download's link.
			expect(item.json).toMatchObject({
				id: finished.id,
				name: 'Master Services Agreement',
				status: 'completed',
				is_partial: false,
				file_name: 'Master Services Agreement.pdf',
				key_mode: 'live',
			});
			expect(item.json.completed_at).toEqual(expect.stringMatching(/^\d{4}-/));
			expect(String(item.json.download_url)).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/_files\//);
			expect(String(item.json.signed_document_url)).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/_files\//);
			expect(Date.parse(String(item.json.download_expires_at))).not.toBeNaN();
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

	describe('an unfinished request is refused by default, before any file is fetched', () => {
		it('in progress: says so and who has still to sign', async () => {
			const { output, error } = await run(ctx, 'downloadSigningRequest', {
				signingRequestId: byId(inProgress.id),
			});
			expect(output).toEqual([]);
			expect(error?.message).toBe(
				`Not downloaded: signing request ${inProgress.id} is still in progress, so there is no signed document`,
			);
			// Ada has signed; Bob (Signer) has not; Carol is a CC and the seal is no person.
			expect(description(error)).toBe(
				'Still to sign: Bob Byron (bob@example.com). Download gives the signed PDF once everyone has signed. To continue when that happens, use the Document Signing Trigger with the "Signing Request Completed" event, the Document Signing Poll Trigger, or "Send and Wait for Completion" instead of downloading now. ' +
					ACCEPT_HINT,
			);
			expect((error as { context?: { itemIndex?: number } }).context?.itemIndex).toBe(0);
			expect(requestLines(ctx.sandbox)).toEqual([
				`GET /signing-requests/${inProgress.id}/download`,
				`GET /signing-requests/${inProgress.id}/users`,
			]);
			expect(ctx.sandbox.requests[1]).toMatchObject({ query: {}, body: undefined });
		});

		it('declined: names who declined and why', async () => {
			const { error } = await run(ctx, 'downloadSigningRequest', {
				signingRequestId: byId(declined.id),
			});
			expect(error?.message).toBe(
				`Not downloaded: signing request ${declined.id} was declined, so there is no signed document`,
			);
			expect(description(error)).toBe(
				'Declined by Bob Byron (bob@example.com): "The rent is wrong". A declined request is never completed, so there will be no signed PDF: send a new signing request if the document still needs signatures. ' +
					ACCEPT_HINT,
			);
			expect(requestLines(ctx.sandbox)).toEqual([
				`GET /signing-requests/${declined.id}/download`,
				`GET /signing-requests/${declined.id}/users`,
			]);
		});

		it.each([
			['cancelled', () => cancelled, 'was cancelled'],
			['expired', () => expired, 'expired before everyone signed'],
		])('%s: says so and who had not signed', async (state, request, words) => {
			const { id } = request();
			const { error } = await run(ctx, 'downloadSigningRequest', {
				signingRequestId: byId(id),
			});
			expect(error?.message).toBe(
				`Not downloaded: signing request ${id} ${words}, so there is no signed document`,
			);
			expect(description(error)).toBe(
				`Not signed by: Bob Byron (bob@example.com). A ${state} request is never completed, so there will be no signed PDF: send a new signing request if the document still needs signatures. ` +
					ACCEPT_HINT,
			);
			expect(requestLines(ctx.sandbox)).toEqual([
				`GET /signing-requests/${id}/download`,
				`GET /signing-requests/${id}/users`,
			]);
		});

		it.each([
			['in_progress', true],
			['in_progress', false],
			['declined', true],
			['cancelled', true],
			['expired', true],
			['finished', true],
		])(
			'download status %s, is_partial %s: the file is not fetched, even with Return URL Only',
			async (status, isPartial) => {
				files.serve(200, simplePdf('PARTIAL DOCUMENT', 1), 'application/pdf');
				const before = files.received.length;
				for (const options of [{}, { returnUrlOnly: true }]) {
					answerWithUrl(inProgress.id, `${files.url}/partial.pdf`, status, isPartial);
					const { output, error } = await run(ctx, 'downloadSigningRequest', {
						signingRequestId: byId(inProgress.id),
						options,
					});
					expect(output).toEqual([]);
					expect(error?.message).toMatch(/^Not downloaded: /);
				}
				expect(files.received.length).toBe(before);
			},
		);

		it('a signed-by-all request still being completed: says to try again', async () => {
			answerWithUrl(finished.id, `${files.url}/partial.pdf`, 'finished', true);
			const { error } = await run(ctx, 'downloadSigningRequest', {
				signingRequestId: byId(finished.id),
			});
			expect(error?.message).toBe(
				`Not downloaded: signing request ${finished.id} is finished, but the service has not completed the signed document yet, so there is no signed document`,
			);
			expect(description(error)).toBe(
				'Every signer and approver has finished; the service is still completing the document. Try again in a moment (for example with "Retry On Fail" in the node settings). ' +
					ACCEPT_HINT,
			);
		});

		it('when the recipients cannot be read, the refusal stands without the names', async () => {
			ctx.sandbox.injectFault({
				kind: 'status',
				status: 500,
				path: `/signing-requests/${inProgress.id}/users`,
				body: { error: 'Internal Server Error' },
			});
			const { output, error } = await run(ctx, 'downloadSigningRequest', {
				signingRequestId: byId(inProgress.id),
			});
			expect(output).toEqual([]);
			expect(error?.message).toBe(
				`Not downloaded: signing request ${inProgress.id} is still in progress, so there is no signed document`,
			);
			expect(description(error)).toMatch(/^\(Who has still to sign could not be read: .+\.\) /);
			expect(description(error)).not.toContain('bob@example.com');
			expect(description(error)).toContain(ACCEPT_HINT);
			expect(requestLines(ctx.sandbox)).toEqual([
				`GET /signing-requests/${inProgress.id}/download`,
				`GET /signing-requests/${inProgress.id}/users`,
			]);
		});

		it('with Continue On Fail the refusal becomes an error item and other items still download', async () => {
			const { output, error } = await run(
				ctx,
				'downloadSigningRequest',
				{ signingRequestId: byId('={{ $json.id }}') },
				{
					continueOnFail: true,
					input: [{ json: { id: inProgress.id } }, { json: { id: finished.id } }],
				},
			);
			expect(error).toBeUndefined();
			expect(output[0]).toHaveLength(2);
			expect(output[0][0].json.error).toMatch(
				/is still in progress, so there is no signed document$/,
			);
			expect(output[0][0].json.error_description).toMatch(/^Still to sign: Bob Byron/);
			expect(output[0][0].binary).toBeUndefined();
			expect(output[0][1].json).toMatchObject({ status: 'completed', is_partial: false });
		});
	});

	describe('"Accept Unfinished Document" outputs the partial copy, and says so', () => {
		it('in progress: the file name, is_partial, the state and a hint on the output', async () => {
			const { output, error, hints } = await run(ctx, 'downloadSigningRequest', {
				signingRequestId: byId(inProgress.id),
				outputBinaryPropertyName: 'signedPdf',
				options: { acceptUnfinished: true },
			});
			expect(error).toBeUndefined();
			expectCalls(inProgress.id, { detail: true });
			const item = output[0][0];
			const fileName = 'Lease 12 B Flat A (partial - in progress).pdf';
			expect(item.json).toMatchObject({
				status: 'in_progress',
				is_partial: true,
				key_mode: 'live',
				file_name: fileName,
			});
			expect(Object.keys(item.binary ?? {})).toEqual(['signedPdf']);
			expect(item.binary?.signedPdf).toMatchObject({ mimeType: 'application/pdf', fileName });
			const pdf = await readBinary(item, 'signedPdf');
			expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
			expect(text(pdf)).toContain('PARTIAL DOCUMENT - status: in_progress');
			expect(text(pdf)).toContain('Signed by Ada Lovelace ada@example.com');
			expect(text(pdf)).toContain('Awaiting signature: Bob Byron bob@example.com');
			expect(hints).toEqual([
				{
					message: `"${fileName}" (item 0) is not the signed document: signing request ${inProgress.id} is still in progress. It is the document signed so far, watermarked "PARTIAL DOCUMENT" (is_partial is true), output because "Accept Unfinished Document" is on.`,
					type: 'warning',
					location: 'outputPane',
					group: {
						key: 'documentSigning.unfinishedDocument',
						summary: '{count} unfinished, watermarked documents (not the signed ones)',
						label: fileName,
					},
				},
			]);
		});

		it.each([
			['declined', () => declined, 'Declined lease (partial - declined).pdf'],
			['cancelled', () => cancelled, 'Cancelled lease (partial - cancelled).pdf'],
			['expired', () => expired, 'Expired lease (partial - expired).pdf'],
		])('%s: named and flagged as partial', async (status, request, fileName) => {
			const { output, error, hints } = await run(ctx, 'downloadSigningRequest', {
				signingRequestId: byId(request().id),
				options: { acceptUnfinished: true },
			});
			expect(error).toBeUndefined();
			expect(output[0][0].json).toMatchObject({ status, is_partial: true, file_name: fileName });
			expect(output[0][0].binary?.data.fileName).toBe(fileName);
			expect(hints).toHaveLength(1);
			expect(hints[0].message).toContain(`"${fileName}" (item 0) is not the signed document`);
		});

		it('is_partial is true in the output whenever the document is not final', async () => {
			answerWithUrl(inProgress.id, `${files.url}/partial.pdf`, 'in_progress', false);
			files.serve(200, simplePdf('So far', 1), 'application/pdf');
			const { output } = await run(ctx, 'downloadSigningRequest', {
				signingRequestId: byId(inProgress.id),
				options: { acceptUnfinished: true, returnUrlOnly: true },
			});
			expect(only(output)).toMatchObject({ status: 'in_progress', is_partial: true });
		});

		it('with Return URL Only: the link, flagged as partial, with the hint', async () => {
			const { output, error, hints } = await run(ctx, 'downloadSigningRequest', {
				signingRequestId: byId(inProgress.id),
				options: { acceptUnfinished: true, returnUrlOnly: true },
			});
			expect(error).toBeUndefined();
			expect(output[0][0].binary).toBeUndefined();
			expect(only(output)).toMatchObject({
				status: 'in_progress',
				is_partial: true,
				file_name: 'Lease 12 B Flat A (partial - in progress).pdf',
			});
			expect(hints).toHaveLength(1);
		});

		it('a finished request downloads as usual (no suffix, no hint)', async () => {
			const { output, hints } = await run(ctx, 'downloadSigningRequest', {
				signingRequestId: byId(finished.id),
				options: { acceptUnfinished: true },
			});
			expect(output[0][0].json).toMatchObject({
				status: 'completed',
				is_partial: false,
				file_name: 'Master Services Agreement.pdf',
			});
			expect(hints).toEqual([]);
		});
	});

	it.each(['default', 'filesystem'] as const)(
		'marks a test-key request as test; its PDF carries the watermark (%s binary mode)',
		async (binaryMode) => {
			const { output, error } = await run(
				ctx,
				'downloadSigningRequest',
				{ signingRequestId: byId(finishedTest.id) },
				{ keyToUse: 'test', binaryMode },
			);
			expect(error).toBeUndefined();
			expect(ctx.sandbox.requests[0].headers.authorization).toBe(SEED.protectedWorkspace.testKey);
			const item = output[0][0];
			expect(item.json).toMatchObject({
				status: 'completed',
				is_partial: false,
				key_mode: 'test',
				file_name: 'Trial agreement.pdf',
			});
			const pdf = await readBinary(item);
			expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
			expect(text(pdf)).toContain(TEST_WATERMARK);
		},
	);

	it('"Return URL Only" outputs the link and its details, without downloading (Simplify off: the answer)', async () => {
		const { output, error } = await run(ctx, 'downloadSigningRequest', {
			signingRequestId: byId(finished.id),
			options: { returnUrlOnly: true },
			simplify: false,
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

	it('"Return URL Only" with Simplify (on by default): the request in the one shape and the link', async () => {
		const { output, error } = await run(ctx, 'downloadSigningRequest', {
			signingRequestId: byId(finished.id),
			options: { returnUrlOnly: true },
		});
		expect(error).toBeUndefined();
		expectCalls(finished.id, { detail: true });
		const json = only(output);
		expect(output[0][0].binary).toBeUndefined();
		expect(Object.keys(json)).toEqual([
			...SIGNING_REQUEST_KEYS,
			'is_partial',
			'download_url',
			'download_expires_at',
			'file_name',
			'key_mode',
		]);
		expect(json).toMatchObject({
			id: finished.id,
			status: 'completed',
			workspace_id: PROTECTED.id,
		});
	});

	it('before the request is sent: a clear error (409), nothing downloaded', async () => {
		const { error, output } = await run(ctx, 'downloadSigningRequest', {
			signingRequestId: byId(draft.id),
		});
		expect(output).toEqual([]);
		expect(error?.message).toMatch(/^The document of this signing request is not available yet/);
		expect(description(error)).toMatch(/once the request has been sent/);
		expect((error as { httpCode?: string }).httpCode).toBe('409');
		expect(requestLines(ctx.sandbox)).toEqual([`GET /signing-requests/${draft.id}/download`]);
	});

	it('with Continue On Fail the 409 becomes an error item and other items still download', async () => {
		const { output, error } = await run(
			ctx,
			'downloadSigningRequest',
			{ signingRequestId: byId('={{ $json.id }}') },
			{
				continueOnFail: true,
				input: [{ json: { id: draft.id } }, { json: { id: finished.id } }],
			},
		);
		expect(error).toBeUndefined();
		expect(output[0]).toHaveLength(2);
		expect(output[0][0].json.error).toMatch(
			/^The document of this signing request is not available yet/,
		);
		expect(output[0][0].json.http_code).toBe('409');
		expect(output[0][0].pairedItem).toEqual({ item: 0 });
		expect(output[0][1].json.status).toBe('completed');
		expect(output[0][1].pairedItem).toEqual({ item: 1 });
		expect((await readBinary(output[0][1])).subarray(0, 5).toString('latin1')).toBe('%PDF-');
	});

	it('fetches the file from the pre-signed link without sending the API key', async () => {
		const pdf = simplePdf('Stored elsewhere', 1);
		files.serve(200, pdf, 'application/pdf');
		answerWithUrl(finished.id, `${files.url}/bucket/signed.pdf?X-Amz-Signature=abc`);
		const before = files.received.length;
		const { output, error } = await run(ctx, 'downloadSigningRequest', {
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
		const { error, output } = await run(ctx, 'downloadSigningRequest', {
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
		const { error } = await run(ctx, 'downloadSigningRequest', {
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
		const { error } = await run(ctx, 'downloadSigningRequest', {
			signingRequestId: byId(finished.id),
		});
		expect(error?.message).toBe('The service is still preparing the document (generation_timeout)');
		expect(requestLines(ctx.sandbox)).toEqual([`GET /signing-requests/${finished.id}/download`]);
	});

	it('names the file after the request (GET /signing-requests/{id}), not after the download answer', async () => {
		ctx.sandbox.injectFault({
			kind: 'status',
			status: 200,
			path: `/signing-requests/${finished.id}/download`,
			body: {
				status: 'finished',
				is_partial: false,
				name: 'Not a documented field',
				download_url: `${ctx.sandbox.url}/_files/unknown-token`,
				expires_at: '2030-01-01T00:00:00Z',
			},
		});
		const { output } = await run(ctx, 'downloadSigningRequest', {
			signingRequestId: byId(finished.id),
			options: { returnUrlOnly: true },
		});
		expect(only(output).file_name).toBe('Master Services Agreement.pdf');
		expectCalls(finished.id, { detail: true });
	});

	it.each([
		[{ download_url: 'https://files.example.com/a.pdf', expires_at: '2030-01-01T00:00:00Z' }],
		[{ status: 'finished', is_partial: false, expires_at: '2030-01-01T00:00:00Z' }],
		[{ status: 'done', is_partial: false, download_url: 'https://files.example.com/a.pdf' }],
	])('an answer it cannot read is an error, and nothing is fetched (%j)', async (body) => {
		ctx.sandbox.injectFault({
			kind: 'status',
			status: 200,
			path: `/signing-requests/${finished.id}/download`,
			body,
		});
		const { output, error } = await run(ctx, 'downloadSigningRequest', {
			signingRequestId: byId(finished.id),
			options: { acceptUnfinished: true },
		});
		expect(output).toEqual([]);
		expect(error?.message).toMatch(/^The service's download answer could not be read: /);
		expect(description(error)).toMatch(/^Nothing was downloaded\. The answer was: \{/);
		expect(requestLines(ctx.sandbox)).toEqual([`GET /signing-requests/${finished.id}/download`]);
	});

	it('refuses a malformed ID before sending anything', async () => {
		const { error } = await run(ctx, 'downloadSigningRequest', {
			signingRequestId: byId('={{ "latest" }}'),
		});
		expect(error?.message).toBe('"Signing Request" is not a valid ID: "latest"');
		expect(ctx.sandbox.requests).toHaveLength(0);
	});

	it('maps an unknown ID to a readable 404', async () => {
		const { error } = await run(ctx, 'downloadSigningRequest', {
			signingRequestId: byId(NO_SUCH_ID),
		});
		expect(error?.message).toMatch(/^Not found/);
		expect(requestLines(ctx.sandbox)).toEqual([`GET /signing-requests/${NO_SUCH_ID}/download`]);
	});
});
