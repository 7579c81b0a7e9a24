import { readBinary } from '../../../../helpers/n8n';
import type { RichRequest } from './fixtures';
import {
	byId,
	createHalfSigned,
	createRich,
	only,
	requestLines,
	run,
	send,
	startFileServer,
	UPLOADED_PDF,
	useSandbox,
} from './fixtures';

const ctx = useSandbox();
let request: RichRequest;
beforeAll(async () => {
	request = await createHalfSigned(ctx.sandbox, 'Upload agreement');
});

const params = (fieldId: string, extra: Record<string, unknown> = {}) => ({
	signingRequestId: byId(request.id),
	signerId: request.ada.id,
	fieldId,
	...extra,
});
const filePath = () =>
	`/signing-requests/${request.id}/signers/${request.ada.id}/files/${request.fields.file}`;

describe('Signing Request → Get Uploaded File (GET /signing-requests/{id}/signers/{signer_id}/files/{field_id})', () => {
	it.each(['default', 'filesystem'] as const)(
		'downloads the file the signer uploaded, with its name and type (%s binary mode)',
		async (binaryMode) => {
			const { output, error } = await run(ctx, 'retrieveSignerFile', params(request.fields.file), {
				binaryMode,
			});
			expect(error).toBeUndefined();
			expect(ctx.sandbox.requests[0]).toMatchObject({
				method: 'GET',
				path: filePath(),
				query: {},
				body: undefined,
			});
			// The file itself comes from the pre-signed URL (not an API call).
			expect(requestLines(ctx.sandbox)).toEqual([`GET ${filePath()}`]);

			const item = output[0][0];
			expect(item.json).toMatchObject({
				signer_id: request.ada.id,
				kind: 'file',
				file_name: 'insurance.pdf',
				file_type: 'application/pdf',
				file_size: UPLOADED_PDF.length,
				expires_in: 300,
				key_mode: 'live',
			});
			expect(String(item.json.url)).toMatch(/\/_files\//);
			expect(item.binary?.data).toMatchObject({
				mimeType: 'application/pdf',
				fileName: 'insurance.pdf',
			});
			if (binaryMode === 'filesystem') expect(item.binary?.data.id).toMatch(/^filesystem-v2:/);
			const bytes = await readBinary(item);
			expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
			expect(bytes.equals(UPLOADED_PDF)).toBe(true);
		},
	);

	it('"Return URL Only" outputs the link and file details without downloading', async () => {
		const { output, error } = await run(
			ctx,
			'retrieveSignerFile',
			params(request.fields.file, { options: { returnUrlOnly: true } }),
		);
		expect(error).toBeUndefined();
		expect(requestLines(ctx.sandbox)).toEqual([`GET ${filePath()}`]);
		const json = only(output);
		expect(output[0][0].binary).toBeUndefined();
		expect(json).toMatchObject({
			file_name: 'insurance.pdf',
			file_type: 'application/pdf',
			expires_in: 300,
			key_mode: 'live',
		});
		const response = await fetch(String(json.url));
		expect(Buffer.from(await response.arrayBuffer()).equals(UPLOADED_PDF)).toBe(true);
	});

	it('a field that is not a file field: 400 INVALID_FIELD_TYPE in clear words', async () => {
		const { error } = await run(ctx, 'retrieveSignerFile', params(request.fields.stamp));
		expect(error?.message).toBe('"File Field ID" is not a file field [INVALID_FIELD_TYPE]');
		expect(ctx.sandbox.requests).toHaveLength(1);
	});

	it('before the signer uploaded anything: 404 SIGNATURE_NOT_AVAILABLE in clear words', async () => {
		const sent = await createRich(ctx.sandbox, 'Nothing uploaded yet');
		await send(ctx.sandbox, sent);
		ctx.sandbox.clearRequests();
		const { error } = await run(ctx, 'retrieveSignerFile', {
			signingRequestId: byId(sent.id),
			signerId: sent.ada.id,
			fieldId: sent.fields.file,
		});
		expect(error?.message).toBe(
			'This signer has not uploaded a file in this field yet [SIGNATURE_NOT_AVAILABLE]',
		);
		expect(requestLines(ctx.sandbox)).toEqual([
			`GET /signing-requests/${sent.id}/signers/${sent.ada.id}/files/${sent.fields.file}`,
		]);
	});

	it('refuses a malformed field ID before sending anything', async () => {
		const { error } = await run(ctx, 'retrieveSignerFile', params('{{file}}'));
		expect(error?.message).toBe('"File Field ID" is not a valid ID: "{{file}}"');
		expect(ctx.sandbox.requests).toHaveLength(0);
	});

	it('names a file the answer does not name after the signer, typed by file_type; no API key on the download', async () => {
		const files = await startFileServer();
		try {
			files.serve(200, Buffer.from([0x89, 0x50, 0x4e, 0x47]), 'application/octet-stream');
			ctx.sandbox.injectFault({
				kind: 'status',
				status: 200,
				path: filePath(),
				body: {
					signer_id: request.ada.id,
					kind: 'file',
					file_type: 'image/png',
					url: `${files.url}/f/1?sig=x`,
					expires_in: 300,
				},
			});
			const { output, error } = await run(ctx, 'retrieveSignerFile', params(request.fields.file));
			expect(error).toBeUndefined();
			expect(output[0][0].binary?.data).toMatchObject({
				mimeType: 'image/png',
				fileName: 'Ada Lovelace-file.png',
			});
			expect(files.received).toHaveLength(1);
			expect(files.received[0].headers.authorization).toBeUndefined();
			expect(requestLines(ctx.sandbox)).toEqual([
				`GET ${filePath()}`,
				`GET /signing-requests/${request.id}/users`,
			]);
		} finally {
			await files.close();
		}
	});
});
