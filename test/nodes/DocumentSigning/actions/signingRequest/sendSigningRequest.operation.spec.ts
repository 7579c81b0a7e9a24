import { PROTECTED, useSandbox } from '../../../../kit';
import { SIGNING_REQUEST_KEYS } from '../../../../../nodes/shared/signingRequest';
import { api, byId, createDraft, createSent, only, onlyWrite, run } from './fixtures';

const ctx = useSandbox();

/** With Simplify off: the answer, in one of its two documented forms. */
const SHAPE = [
	'success',
	'message',
	'signing_request_id',
	'sent_date',
	'expires_at',
	'recipients_notified',
	'key_mode',
];

describe('Signing Request → Send (POST /signing-requests/{id}/send)', () => {
	it('sends a draft without a body; Simplify (on by default): the request in the one shape, in progress', async () => {
		const draft = await createDraft(ctx.sandbox, 'Go');
		ctx.sandbox.clearRequests();
		const { output, error } = await run(ctx, 'sendSigningRequest', {
			signingRequestId: byId(draft.id),
		});
		expect(error).toBeUndefined();
		const request = onlyWrite(ctx.sandbox);
		expect(request).toMatchObject({
			method: 'POST',
			path: `/signing-requests/${draft.id}/send`,
			query: {},
		});
		expect(request.body).toBeUndefined();
		const json = only(output);
		// What the answer says (id, sent and expiry dates), and the credential's workspace (one
		// read per run); the rest is null: Get reads it all.
		expect(json).toEqual({
			...Object.fromEntries(SIGNING_REQUEST_KEYS.map((key) => [key, null])),
			id: draft.id,
			status: 'in_progress',
			workspace_id: PROTECTED.id,
			sent_at: expect.any(String),
			expires_at: expect.any(String),
			key_mode: 'live',
		});
		expect(Object.keys(json)).toEqual([...SIGNING_REQUEST_KEYS, 'key_mode']);
		expect(
			(
				await api<{ status: { sent: boolean } }>(
					ctx.sandbox,
					'GET',
					`/signing-requests/${draft.id}`,
					undefined,
					'test',
				)
			).body.status.sent,
		).toBe(true);
	});

	it('Simplify off: the answer as one shape of its two documented forms', async () => {
		const draft = await createDraft(ctx.sandbox, 'Go raw');
		ctx.sandbox.clearRequests();
		const { output, error } = await run(ctx, 'sendSigningRequest', {
			signingRequestId: byId(draft.id),
			simplify: false,
		});
		expect(error).toBeUndefined();
		const json = only(output);
		expect(Object.keys(json).sort()).toEqual([...SHAPE].sort());
		expect(json).toMatchObject({
			success: true,
			signing_request_id: draft.id,
			sent_date: expect.any(String),
			key_mode: 'live',
		});
	});

	/** Sends a new draft, the service answering with the schema's form of the answer (X.1). */
	async function sendWithTheOtherAnswer(name: string, simplify: boolean) {
		const draft = await createDraft(ctx.sandbox, name);
		ctx.sandbox.clearRequests();
		ctx.sandbox.injectFault({
			method: 'POST',
			path: `/signing-requests/${draft.id}/send`,
			kind: 'status',
			status: 200,
			body: {
				success: true,
				message: 'Sent',
				sentTo: ['ada@example.com', 'bob@example.com'],
				sentAt: '2026-01-02T03:04:05.000Z',
			},
		});
		const { output } = await run(ctx, 'sendSigningRequest', {
			signingRequestId: byId(draft.id),
			simplify,
		});
		return { id: draft.id, json: only(output) };
	}

	it('turns the other documented answer ({success, message, sentTo, sentAt}) into the same shape', async () => {
		const { id, json } = await sendWithTheOtherAnswer('Other shape', false);
		expect(json).toEqual({
			success: true,
			message: 'Sent',
			signing_request_id: id,
			sent_date: '2026-01-02T03:04:05.000Z',
			expires_at: null,
			recipients_notified: ['ada@example.com', 'bob@example.com'],
			key_mode: 'live',
		});
	});

	it('the other documented answer with Simplify on: the same one shape (the id from the node)', async () => {
		const { id, json } = await sendWithTheOtherAnswer('Other shape, simplified', true);
		expect(json).toMatchObject({
			id,
			status: 'in_progress',
			sent_at: '2026-01-02T03:04:05.000Z',
			expires_at: null,
			key_mode: 'live',
		});
	});

	it('sending twice is refused by the service with a readable error', async () => {
		const sent = await createSent(ctx.sandbox, 'Twice');
		ctx.sandbox.clearRequests();
		const { error } = await run(ctx, 'sendSigningRequest', {
			signingRequestId: byId(sent.id),
		});
		expect(onlyWrite(ctx.sandbox).status).toBe(400);
		expect(error?.message).toMatch(/^The service rejected the request: .*already been sent/i);
	});

	it('refuses a malformed ID before sending anything', async () => {
		const { error } = await run(ctx, 'sendSigningRequest', {
			signingRequestId: byId('={{ 123 }}'),
		});
		expect(error?.message).toBe('"Signing Request" is not a valid ID: "123"');
		expect(ctx.sandbox.requests).toHaveLength(0);
	});
});
