import { readBinary } from '../../../../helpers/n8n';
import { isPng } from '../../../../sandbox/signing/png';
import type { RichRequest } from './signerReadsKit';
import {
	byId,
	createFinished,
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
	request = await createFinished(ctx.sandbox, 'Initials agreement');
});

describe('Signing Request → Get Initials (GET /signing-requests/{id}/signers/{signer_id}/initials)', () => {
	it.each(['default', 'filesystem'] as const)(
		"outputs the signer's initials as a PNG (%s binary mode)",
		async (binaryMode) => {
			const { output, error } = await runOp(
				ctx.sandbox,
				'retrieveSignerInitials',
				{ signingRequestId: byId(request.id), signerId: request.ada.id },
				{ binaryMode },
			);
			expect(error).toBeUndefined();
			expect(ctx.sandbox.requests[0]).toMatchObject({
				method: 'GET',
				path: `/signing-requests/${request.id}/signers/${request.ada.id}/initials`,
				query: { include_frame: 'true' },
				body: undefined,
			});
			expect(requestLines(ctx.sandbox)).toEqual([
				`GET /signing-requests/${request.id}/signers/${request.ada.id}/initials`,
				`GET /signing-requests/${request.id}/users`,
			]);
			const item = output[0][0];
			const png = await readBinary(item);
			expect(isPng(png)).toBe(true);
			expect(item.json).toEqual({
				signer_id: request.ada.id,
				kind: 'initials',
				format: 'png',
				framed: true,
				image_size: png.length,
				key_mode: 'live',
			});
			expect(item.binary?.data).toMatchObject({
				mimeType: 'image/png',
				fileName: 'Ada Lovelace-initials.png',
			});
			expect(
				png.equals(await markFromApi(ctx.sandbox, request, request.ada.id, 'initials', true)),
			).toBe(true);
		},
	);

	it('a signer without an initials field has none: 404 SIGNATURE_NOT_AVAILABLE in clear words', async () => {
		const { error } = await runOp(ctx.sandbox, 'retrieveSignerInitials', {
			signingRequestId: byId(request.id),
			signerId: request.bob.id,
			includeFrame: false,
		});
		expect(error?.message).toBe('This signer has no initials yet [SIGNATURE_NOT_AVAILABLE]');
		expect(ctx.sandbox.requests).toHaveLength(1);
		expect(ctx.sandbox.requests[0].query).toEqual({ include_frame: 'false' });
	});

	it('before signing: 404 SIGNATURE_NOT_AVAILABLE', async () => {
		const sent = await createRich(ctx.sandbox, 'Not yet initialled');
		await send(ctx.sandbox, sent);
		ctx.sandbox.clearRequests();
		const { error } = await runOp(ctx.sandbox, 'retrieveSignerInitials', {
			signingRequestId: byId(sent.id),
			signerId: sent.ada.id,
		});
		expect(error?.message).toBe('This signer has no initials yet [SIGNATURE_NOT_AVAILABLE]');
		expect(requestLines(ctx.sandbox)).toEqual([
			`GET /signing-requests/${sent.id}/signers/${sent.ada.id}/initials`,
		]);
	});

	it('refuses a malformed signer ID before sending anything', async () => {
		const { error } = await runOp(
			ctx.sandbox,
			'retrieveSignerInitials',
			{ signingRequestId: byId(request.id), signerId: '={{ $json.signer }}' },
			{ input: [{ json: { signer: 'ada@example.com' } }] },
		);
		expect(error?.message).toBe('"Signer" is not a valid ID: "ada@example.com"');
		expect(ctx.sandbox.requests).toHaveLength(0);
	});
});
