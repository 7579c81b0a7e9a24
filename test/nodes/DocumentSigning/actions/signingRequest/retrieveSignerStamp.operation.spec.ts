import { readBinary } from '../../../../helpers/n8n';
import { isPng } from '../../../../sandbox/signing/png';
import type { RichRequest } from './signerReadsKit';
import {
	byId,
	createHalfSigned,
	createRich,
	markFromApi,
	requestLines,
	runOp,
	send,
	useSandbox,
} from './signerReadsKit';

const ctx = useSandbox();
let request: RichRequest;
beforeAll(async () => {
	request = await createHalfSigned(ctx.sandbox, 'Stamped agreement');
});

const params = (fieldId: string, extra: Record<string, unknown> = {}) => ({
	signingRequestId: byId(request.id),
	signerId: request.ada.id,
	fieldId,
	...extra,
});

describe('Signing Request → Get Stamp (GET /signing-requests/{id}/signers/{signer_id}/stamps/{field_id})', () => {
	it.each(['default', 'filesystem'] as const)(
		'outputs the stamp of a stamp field as a PNG (%s binary mode)',
		async (binaryMode) => {
			const { output, error } = await runOp(
				ctx.sandbox,
				'retrieveSignerStamp',
				params(request.fields.stamp),
				{ binaryMode },
			);
			expect(error).toBeUndefined();
			expect(ctx.sandbox.requests[0]).toMatchObject({
				method: 'GET',
				path: `/signing-requests/${request.id}/signers/${request.ada.id}/stamps/${request.fields.stamp}`,
				query: { include_frame: 'true' },
				body: undefined,
			});
			expect(requestLines(ctx.sandbox)).toEqual([
				`GET /signing-requests/${request.id}/signers/${request.ada.id}/stamps/${request.fields.stamp}`,
				`GET /signing-requests/${request.id}/users`,
			]);
			const item = output[0][0];
			const png = await readBinary(item);
			expect(isPng(png)).toBe(true);
			expect(item.json).toEqual({
				signer_id: request.ada.id,
				kind: 'stamp',
				format: 'png',
				framed: true,
				image_size: png.length,
				key_mode: 'live',
			});
			expect(item.json).not.toHaveProperty('image');
			expect(item.binary?.data).toMatchObject({
				mimeType: 'image/png',
				fileName: 'Ada Lovelace-stamp.png',
			});
			expect(
				png.equals(await markFromApi(ctx.sandbox, request, request.ada.id, 'stamp', true)),
			).toBe(true);
		},
	);

	it('takes the field ID from an expression', async () => {
		const { output, error } = await runOp(
			ctx.sandbox,
			'retrieveSignerStamp',
			params('={{ $json.stampField }}', { includeFrame: false }),
			{ input: [{ json: { stampField: request.fields.stamp } }] },
		);
		expect(error).toBeUndefined();
		expect(ctx.sandbox.requests[0].path).toBe(
			`/signing-requests/${request.id}/signers/${request.ada.id}/stamps/${request.fields.stamp}`,
		);
		expect(ctx.sandbox.requests[0].query).toEqual({ include_frame: 'false' });
		expect(output[0][0].json.framed).toBe(false);
	});

	it('a field that is not a stamp field: 400 INVALID_FIELD_TYPE in clear words', async () => {
		const { error } = await runOp(
			ctx.sandbox,
			'retrieveSignerStamp',
			params(request.fields.signature),
		);
		expect(error?.message).toBe('"Stamp Field ID" is not a stamp field [INVALID_FIELD_TYPE]');
		expect((error as { httpCode?: string }).httpCode).toBe('400');
		expect(ctx.sandbox.requests).toHaveLength(1);
	});

	it('before signing: 404 SIGNATURE_NOT_AVAILABLE in clear words', async () => {
		const sent = await createRich(ctx.sandbox, 'Not yet stamped');
		await send(ctx.sandbox, sent);
		ctx.sandbox.clearRequests();
		const { error } = await runOp(ctx.sandbox, 'retrieveSignerStamp', {
			signingRequestId: byId(sent.id),
			signerId: sent.ada.id,
			fieldId: sent.fields.stamp,
		});
		expect(error?.message).toBe(
			'This signer has not stamped this field yet [SIGNATURE_NOT_AVAILABLE]',
		);
		expect(requestLines(ctx.sandbox)).toEqual([
			`GET /signing-requests/${sent.id}/signers/${sent.ada.id}/stamps/${sent.fields.stamp}`,
		]);
	});

	it('refuses a malformed field ID before sending anything', async () => {
		const { error } = await runOp(ctx.sandbox, 'retrieveSignerStamp', params('stamp-1'));
		expect(error?.message).toBe('"Stamp Field ID" is not a valid ID: "stamp-1"');
		expect(ctx.sandbox.requests).toHaveLength(0);
	});
});
