import type { RichRequest } from './fixtures';
import { byId, createFinished, run, useSandbox } from './fixtures';
import { MARKS, itHasNoMarkBeforeSigning, itOutputsTheMark } from './signerMarks.twins';

const ctx = useSandbox();
let request: RichRequest;
beforeAll(async () => {
	request = await createFinished(ctx.sandbox, 'Initials agreement');
});

describe('Signing Request → Get Initials (GET /signing-requests/{id}/signers/{signer_id}/initials)', () => {
	itOutputsTheMark(
		ctx,
		MARKS.initials,
		"outputs the signer's initials as a PNG (%s binary mode)",
		() => request,
	);

	it('a signer without an initials field has none: 404 SIGNATURE_NOT_AVAILABLE in clear words', async () => {
		const { error } = await run(ctx, 'retrieveSignerInitials', {
			signingRequestId: byId(request.id),
			signerId: request.bob.id,
			includeFrame: false,
		});
		expect(error?.message).toBe('This signer has no initials yet [SIGNATURE_NOT_AVAILABLE]');
		expect(ctx.sandbox.requests).toHaveLength(1);
		expect(ctx.sandbox.requests[0].query).toEqual({ include_frame: 'false' });
	});

	itHasNoMarkBeforeSigning(
		ctx,
		MARKS.initials,
		'before signing: 404 SIGNATURE_NOT_AVAILABLE',
		'This signer has no initials yet [SIGNATURE_NOT_AVAILABLE]',
	);

	it('refuses a malformed signer ID before sending anything', async () => {
		const { error } = await run(
			ctx,
			'retrieveSignerInitials',
			{ signingRequestId: byId(request.id), signerId: '={{ $json.signer }}' },
			{ input: [{ json: { signer: 'ada@example.com' } }] },
		);
		expect(error?.message).toBe('"Signer" is not a valid ID: "ada@example.com"');
		expect(ctx.sandbox.requests).toHaveLength(0);
	});
});
