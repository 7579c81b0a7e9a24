import {
	api,
	byId,
	createRich,
	NO_SUCH_ID,
	only,
	requestLines,
	run,
	send,
	useSandbox,
} from './fixtures';

const ctx = useSandbox();

describe('Signing Request → Remove Seal Participant (DELETE /signing-requests/{id}/seal-participants/{participant_id})', () => {
	it('removes the seal participant of a draft', async () => {
		const draft = await createRich(ctx.sandbox, 'Sealed draft');
		ctx.sandbox.clearRequests();
		const { output, error } = await run(ctx, 'deleteSealParticipant', {
			signingRequestId: byId(draft.id),
			participantId: draft.sealParticipantId,
		});
		expect(error).toBeUndefined();
		expect(ctx.sandbox.requests).toHaveLength(1);
		expect(ctx.sandbox.requests[0]).toMatchObject({
			method: 'DELETE',
			path: `/signing-requests/${draft.id}/seal-participants/${draft.sealParticipantId}`,
			query: {},
			body: undefined,
		});
		expect(only(output)).toEqual({
			deleted: true,
			id: draft.sealParticipantId,
			signing_request_id: draft.id,
			success: true,
			key_mode: 'live',
		});
		const detail = await api<{ seal_participants?: unknown[] }>(
			ctx.sandbox,
			'GET',
			`/signing-requests/${draft.id}`,
			undefined,
			'live',
		);
		expect(detail.body.seal_participants ?? []).toEqual([]);
	});

	it('after sending: 409 SIGNING_ORDER_LOCKED_SENT in clear words', async () => {
		const sent = await createRich(ctx.sandbox, 'Sealed and sent');
		await send(ctx.sandbox, sent);
		ctx.sandbox.clearRequests();
		const { error } = await run(ctx, 'deleteSealParticipant', {
			signingRequestId: byId(sent.id),
			participantId: sent.sealParticipantId,
		});
		expect(error?.message).toBe(
			'The seal participant cannot be removed now [SIGNING_ORDER_LOCKED_SENT]',
		);
		expect((error as { description?: string }).description).toMatch(/already been sent/);
		expect(requestLines(ctx.sandbox)).toEqual([
			`DELETE /signing-requests/${sent.id}/seal-participants/${sent.sealParticipantId}`,
		]);
	});

	it('refuses a malformed participant ID before sending anything', async () => {
		const { error } = await run(ctx, 'deleteSealParticipant', {
			signingRequestId: byId(NO_SUCH_ID),
			participantId: 'temp_seal',
		});
		expect(error?.message).toBe('"Seal Participant ID" is not a valid ID: "temp_seal"');
		expect(ctx.sandbox.requests).toHaveLength(0);
	});

	it('refuses a malformed signing request ID before sending anything', async () => {
		const { error } = await run(ctx, 'deleteSealParticipant', {
			signingRequestId: byId('={{ "nope" }}'),
			participantId: NO_SUCH_ID,
		});
		expect(error?.message).toBe('"Signing Request" is not a valid ID: "nope"');
		expect(ctx.sandbox.requests).toHaveLength(0);
	});

	it('an unknown participant is a readable 404', async () => {
		const draft = await createRich(ctx.sandbox, 'Another draft');
		ctx.sandbox.clearRequests();
		const { error } = await run(ctx, 'deleteSealParticipant', {
			signingRequestId: byId(draft.id),
			participantId: NO_SUCH_ID,
		});
		expect(error?.message).toMatch(/^Not found/);
		expect(ctx.sandbox.requests).toHaveLength(1);
	});
});
