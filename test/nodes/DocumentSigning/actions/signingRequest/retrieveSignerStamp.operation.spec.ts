import type { RichRequest } from './fixtures';
import { byId, createHalfSigned, run, useSandbox } from './fixtures';
import { MARKS, itHasNoMarkBeforeSigning, itOutputsTheMark } from './signerMarks.twins';

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
	itOutputsTheMark(
		ctx,
		MARKS.stamp,
		'outputs the stamp of a stamp field as a PNG (%s binary mode)',
		() => request,
	);

	it('takes the field ID from an expression', async () => {
		const { output, error } = await run(
			ctx,
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
		const { error } = await run(ctx, 'retrieveSignerStamp', params(request.fields.signature));
		expect(error?.message).toBe('"Stamp Field ID" is not a stamp field [INVALID_FIELD_TYPE]');
		expect((error as { httpCode?: string }).httpCode).toBe('400');
		expect(ctx.sandbox.requests).toHaveLength(1);
	});

	itHasNoMarkBeforeSigning(
		ctx,
		MARKS.stamp,
		'before signing: 404 SIGNATURE_NOT_AVAILABLE in clear words',
		'This signer has not stamped this field yet [SIGNATURE_NOT_AVAILABLE]',
	);

	it('refuses a malformed field ID before sending anything', async () => {
		const { error } = await run(ctx, 'retrieveSignerStamp', params('stamp-1'));
		expect(error?.message).toBe('"Stamp Field ID" is not a valid ID: "stamp-1"');
		expect(ctx.sandbox.requests).toHaveLength(0);
	});
});
