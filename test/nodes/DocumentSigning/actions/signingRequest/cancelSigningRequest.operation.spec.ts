import { useSandbox } from '../../../../kit';
import { byId, createDraft, createSent, NO_SUCH_ID, only, onlyRequest, run } from './fixtures';

const ctx = useSandbox();

describe('Signing Request → Cancel (POST /signing-requests/{id}/cancel)', () => {
	it('sends the reason and notify_signers, and outputs the answer', async () => {
		const sent = await createSent(ctx.sandbox, 'Cancel me');
		ctx.sandbox.clearRequests();
		const { output, error } = await run(ctx, 'cancelSigningRequest', {
			signingRequestId: byId(sent.id),
			reason: ' Terms changed ',
			notifySigners: false,
		});
		expect(error).toBeUndefined();
		const request = onlyRequest(ctx.sandbox);
		expect(request).toMatchObject({ method: 'POST', path: `/signing-requests/${sent.id}/cancel` });
		expect(request.body).toEqual({ notify_signers: false, reason: 'Terms changed' });
		expect(only(output)).toMatchObject({
			signing_request_id: sent.id,
			notify_signers: false,
			cancelled_on: expect.any(String),
			key_mode: 'live',
		});
	});

	it('notifies signers by default and leaves an empty reason out', async () => {
		const sent = await createSent(ctx.sandbox, 'Cancel default');
		ctx.sandbox.clearRequests();
		await run(ctx, 'cancelSigningRequest', { signingRequestId: byId(sent.id) });
		expect(onlyRequest(ctx.sandbox).body).toEqual({ notify_signers: true });
	});

	it('a draft cannot be cancelled: the 409 is readable', async () => {
		const draft = await createDraft(ctx.sandbox, 'Not sent');
		ctx.sandbox.clearRequests();
		const { error } = await run(ctx, 'cancelSigningRequest', {
			signingRequestId: byId(draft.id),
		});
		expect(onlyRequest(ctx.sandbox).status).toBe(409);
		expect(error?.message).toMatch(/^Not possible in the current state/);
	});

	it('refuses a reason over 500 characters before sending anything', async () => {
		const { error } = await run(ctx, 'cancelSigningRequest', {
			signingRequestId: byId(NO_SUCH_ID),
			reason: 'x'.repeat(501),
		});
		expect(error?.message).toBe('"Reason" is 501 characters long; at most 500 are allowed');
		expect(ctx.sandbox.requests).toHaveLength(0);
	});
});
