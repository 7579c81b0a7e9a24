import { useSandbox } from '../../../../kit';
import { api, byId, createDraft, createSent, only, onlyRequest, run } from './fixtures';

const ctx = useSandbox();

describe('Signing Request → Delete (DELETE /signing-requests/{id})', () => {
	it('deletes a draft', async () => {
		const draft = await createDraft(ctx.sandbox, 'Scrap');
		ctx.sandbox.clearRequests();
		const { output, error } = await run(ctx, 'deleteSigningRequest', {
			signingRequestId: byId(draft.id),
		});
		expect(error).toBeUndefined();
		expect(onlyRequest(ctx.sandbox)).toMatchObject({
			method: 'DELETE',
			path: `/signing-requests/${draft.id}`,
			query: {},
		});
		expect(ctx.sandbox.requests[0].rawBody).toBe('');
		expect(only(output)).toMatchObject({
			deleted: true,
			id: draft.id,
			signing_request_id: draft.id,
			deleted_on: expect.any(String),
			key_mode: 'live',
		});
		expect((await api(ctx.sandbox, 'GET', `/signing-requests/${draft.id}`)).status).toBe(404);
	});

	it('after sending: the 409 says to cancel instead, and the request stays', async () => {
		const sent = await createSent(ctx.sandbox, 'Keep me');
		ctx.sandbox.clearRequests();
		const { error } = await run(ctx, 'deleteSigningRequest', {
			signingRequestId: byId(sent.id),
		});
		expect(onlyRequest(ctx.sandbox).status).toBe(409);
		expect(error?.message).toBe(
			'This signing request was already sent, so it cannot be deleted [ALREADY_SENT]',
		);
		expect((error as { description?: string }).description).toContain('Cancel');
		expect((await api(ctx.sandbox, 'GET', `/signing-requests/${sent.id}`)).status).toBe(200);
	});

	it('refuses a malformed ID before sending anything', async () => {
		const { error } = await run(ctx, 'deleteSigningRequest', {
			signingRequestId: byId('={{ "" }}'),
		});
		expect(error?.message).toBe(
			'"Signing Request" is empty: its expression resolved to empty text (item 0)',
		);
		expect(ctx.sandbox.requests).toHaveLength(0);
	});
});
