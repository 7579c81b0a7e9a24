import { DocumentSigning } from '../../../../../nodes/DocumentSigning/DocumentSigning.node';
import { getSigningRequestRecipients } from '../../../../../nodes/DocumentSigning/methods/loadOptions';
import { createLoadOptionsContext, readBinary } from '../../../../helpers/n8n';
import type { RichRequest } from './fixtures';
import {
	byId,
	createHalfSigned,
	credentials,
	markFromApi,
	NO_SUCH_ID,
	requestLines,
	run,
	useSandbox,
} from './fixtures';
import { MARKS, itOutputsTheMark } from './signerMarks.twins';

const ctx = useSandbox();
let request: RichRequest;
beforeAll(async () => {
	request = await createHalfSigned(ctx.sandbox, 'Signature agreement');
});

const params = (signerId: string, extra: Record<string, unknown> = {}) => ({
	signingRequestId: byId(request.id),
	signerId,
	...extra,
});

describe('Signing Request → Get Signature (GET /signing-requests/{id}/signers/{signer_id}/signature)', () => {
	itOutputsTheMark(
		ctx,
		MARKS.signature,
		"outputs the signer's signature as a PNG named after the signer (%s binary mode)",
		() => request,
	);

	it('sends include_frame=false when "Include Frame" is off, into the chosen output field', async () => {
		const { output, error } = await run(
			ctx,
			'retrieveSignerSignature',
			params(request.ada.id, { includeFrame: false, outputBinaryPropertyName: 'signature' }),
		);
		expect(error).toBeUndefined();
		expect(ctx.sandbox.requests[0].query).toEqual({ include_frame: 'false' });
		expect(output[0][0].json.framed).toBe(false);
		expect(Object.keys(output[0][0].binary ?? {})).toEqual(['signature']);
		const png = await readBinary(output[0][0], 'signature');
		expect(
			png.equals(await markFromApi(ctx.sandbox, request, request.ada.id, 'signature', false)),
		).toBe(true);
		expect(
			png.equals(await markFromApi(ctx.sandbox, request, request.ada.id, 'signature', true)),
		).toBe(false);
	});

	it('marks output of the test key as test', async () => {
		const { output } = await run(ctx, 'retrieveSignerSignature', params(request.ada.id), {
			keyToUse: 'test',
		});
		expect(output[0][0].json.key_mode).toBe('test');
	});

	it('before the signer has signed: 404 SIGNATURE_NOT_AVAILABLE in clear words', async () => {
		const { error, output } = await run(ctx, 'retrieveSignerSignature', params(request.bob.id));
		expect(output).toEqual([]);
		expect(error?.message).toBe(
			'This signer has not signed yet: there is no signature to get [SIGNATURE_NOT_AVAILABLE]',
		);
		expect((error as { httpCode?: string }).httpCode).toBe('404');
		expect(requestLines(ctx.sandbox)).toEqual([
			`GET /signing-requests/${request.id}/signers/${request.bob.id}/signature`,
		]);
	});

	it('refuses a malformed signer ID before sending anything', async () => {
		const { error } = await run(ctx, 'retrieveSignerSignature', params('Ada Lovelace'));
		expect(error?.message).toBe('"Signer" is not a valid ID: "Ada Lovelace"');
		expect(ctx.sandbox.requests).toHaveLength(0);
	});

	it('refuses a malformed signing request ID before sending anything', async () => {
		const { error } = await run(ctx, 'retrieveSignerSignature', {
			signingRequestId: byId('={{ "x" }}'),
			signerId: request.ada.id,
		});
		expect(error?.message).toBe('"Signing Request" is not a valid ID: "x"');
		expect(ctx.sandbox.requests).toHaveLength(0);
	});

	it('an unknown signer is a readable 404', async () => {
		const { error } = await run(ctx, 'retrieveSignerSignature', params(NO_SUCH_ID));
		expect(error?.message).toMatch(/^Not found/);
		expect(ctx.sandbox.requests).toHaveLength(1);
	});

	it('names the file after the signer ID when the recipients cannot be read', async () => {
		ctx.sandbox.injectFault({
			kind: 'status',
			status: 500,
			path: `/signing-requests/${request.id}/users`,
		});
		const { output, error } = await run(ctx, 'retrieveSignerSignature', params(request.ada.id));
		expect(error).toBeUndefined();
		expect(output[0][0].binary?.data.fileName).toBe(`${request.ada.id}-signature.png`);
	});

	it('the Signer list offers the recipients of the chosen request', async () => {
		const context = createLoadOptionsContext({
			credentials: credentials(ctx.sandbox, { keyToUse: 'live' }),
			nodeType: new DocumentSigning(),
			parameters: {
				resource: 'signingRequest',
				operation: 'retrieveSignerSignature',
				signingRequestId: byId(request.id),
			},
			path: 'parameters.signerId',
		});
		const options = await getSigningRequestRecipients.call(context);
		expect(options.map((o) => o.value)).toEqual([request.ada.id, request.bob.id, request.carol.id]);
		expect(options[0].name).toMatch(/^Ada Lovelace/);
		expect(requestLines(ctx.sandbox)).toEqual([`GET /signing-requests/${request.id}/users`]);
	});
});
