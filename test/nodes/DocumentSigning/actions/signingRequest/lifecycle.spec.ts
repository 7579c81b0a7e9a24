/**
 * The life of a signing request, driven through the node: create from a template → update →
 * send → signers act (simulated by the sandbox) → get. Plus a decline, a cancel, and the errors
 * for an edit and a delete after sending. Every step outputs the request in the one shape (Simplify
 * on by default), so its status reads the same whichever operation shows it.
 */
import { useSandbox } from '../../../../kit';
import type { SeedTemplate } from './fixtures';
import { byId, createTemplate, only, run } from './fixtures';

const ctx = useSandbox();
let template: SeedTemplate;
beforeAll(async () => {
	template = await createTemplate(ctx.sandbox, 'Service agreement');
});

type Recipient = { id: string; email: string; order: number };

/** Create from the template through the node, for two people; returns the request. */
async function createFromTemplate(name: string) {
	const { output, error } = await run(ctx, 'createSigningRequest', {
		source: 'template',
		templateId: byId(template.id),
		recipientsMode: 'fields',
		recipients: {
			recipient: [
				{
					template_user_id: template.userIds[0],
					first_name: 'Ada',
					last_name: 'Lovelace',
					email: 'ada@example.com',
					designation: 'Signer',
					order: 1,
				},
				{
					template_user_id: template.userIds[1],
					first_name: 'Bob',
					last_name: 'Byron',
					email: 'bob@example.com',
					designation: 'Signer',
					order: 2,
				},
			],
		},
		options: { name },
	});
	expect(error).toBeUndefined();
	const json = only(output);
	expect(json.status).toBe('draft');
	return { id: json.id as string, recipients: json.recipients as Recipient[] };
}

async function get(id: string) {
	const { output, error } = await run(ctx, 'getSigningRequest', {
		signingRequestId: byId(id),
	});
	expect(error).toBeUndefined();
	return only(output);
}

async function send(id: string) {
	const { output, error } = await run(ctx, 'sendSigningRequest', {
		signingRequestId: byId(id),
	});
	expect(error).toBeUndefined();
	return only(output);
}

describe('Signing request lifecycle through the node', () => {
	it('create from template → update → send → both sign → get shows finished', async () => {
		const created = await createFromTemplate('Agreement 2025');
		const [ada, bob] = created.recipients.sort((a, b) => a.order - b.order);
		expect([ada.email, bob.email]).toEqual(['ada@example.com', 'bob@example.com']);

		const updated = await run(ctx, 'updateSigningRequest', {
			signingRequestId: byId(created.id),
			properties: { name: 'Agreement 2025 (final)', expiration_hours: 240 },
			remindersMode: 'fields',
			reminders: {
				reminder: [
					{ all_users: true, hours: 24, subject: 'Reminder', message: 'Please sign the agreement' },
				],
			},
		});
		expect(updated.error).toBeUndefined();
		expect(only(updated.output)).toMatchObject({
			id: created.id,
			name: 'Agreement 2025 (final)',
			status: 'draft',
			expiration_hours: 240,
			recipient_count: 2,
		});

		const sent = await send(created.id);
		expect(sent).toMatchObject({ id: created.id, status: 'in_progress' });
		expect(sent.sent_at).toEqual(expect.any(String));
		let detail = await get(created.id);
		expect(detail).toMatchObject({ status: 'in_progress', sent_at: sent.sent_at });
		expect(detail.name).toBe('Agreement 2025 (final)');

		ctx.sandbox.simulate.sign(created.id, ada.id);
		detail = await get(created.id);
		expect(detail.status).toBe('in_progress');

		ctx.sandbox.simulate.sign(created.id, bob.id);
		detail = await get(created.id);
		expect(detail.status).toBe('completed');
		expect(detail.completed_at).toEqual(expect.any(String));
		expect(detail.signed_document_url).toEqual(expect.stringMatching(/^http/));
		expect(detail.key_mode).toBe('live');

		const list = await run(ctx, 'listSigningRequests', {
			returnAll: true,
			filters: { status: ['finished'] },
		});
		expect(list.output[0].map((item) => [item.json.id, item.json.status])).toEqual([
			[created.id, 'completed'],
		]);
		expect(list.output[0][0].json).toMatchObject({
			completed_at: detail.completed_at,
			recipient_count: 2,
			signed_count: 2,
		});
	});

	it('a signer declines: the request is declined', async () => {
		const created = await createFromTemplate('Declined one');
		await send(created.id);
		const ada = created.recipients.find((r) => r.order === 1) as Recipient;
		ctx.sandbox.simulate.decline(created.id, ada.id, 'Wrong amount');
		const detail = await get(created.id);
		expect(detail).toMatchObject({ status: 'declined', declined_at: expect.any(String) });
		const list = await run(ctx, 'listSigningRequests', {
			returnAll: true,
			filters: { status: ['declined'] },
		});
		expect(list.output[0].map((item) => [item.json.id, item.json.status])).toEqual([
			[created.id, 'declined'],
		]);
	});

	it('a sent request is cancelled: signers can no longer sign', async () => {
		const created = await createFromTemplate('Cancelled one');
		await send(created.id);
		const cancelled = await run(ctx, 'cancelSigningRequest', {
			signingRequestId: byId(created.id),
			reason: 'Replaced',
		});
		expect(cancelled.error).toBeUndefined();
		expect(only(cancelled.output)).toMatchObject({ signing_request_id: created.id });
		expect(await get(created.id)).toMatchObject({
			status: 'cancelled',
			cancelled_at: expect.any(String),
		});
		const ada = created.recipients.find((r) => r.order === 1) as Recipient;
		expect(() => ctx.sandbox.simulate.sign(created.id, ada.id)).toThrow();
	});

	it('after sending, an edit is a readable 400 and a delete a readable 409', async () => {
		const created = await createFromTemplate('Locked one');
		await send(created.id);
		ctx.sandbox.clearRequests();

		const edit = await run(ctx, 'patchSigningRequest', {
			signingRequestId: byId(created.id),
			update: 'properties',
			properties: { name: 'Changed later' },
		});
		expect(ctx.sandbox.requests.map((r) => [r.method, r.status])).toEqual([['PATCH', 400]]);
		expect(edit.error?.message).toBe(
			'This signing request was already sent, so it can no longer be changed [ALREADY_SENT]',
		);
		expect((edit.error as { description?: string }).description).toContain('cancel this request');
		expect((edit.error as { httpCode?: string }).httpCode).toBe('400');

		const removal = await run(ctx, 'deleteSigningRequest', {
			signingRequestId: byId(created.id),
		});
		expect(ctx.sandbox.requests.map((r) => [r.method, r.status])).toEqual([
			['PATCH', 400],
			['DELETE', 409],
		]);
		expect(removal.error?.message).toBe(
			'This signing request was already sent, so it cannot be deleted [ALREADY_SENT]',
		);
		expect((removal.error as { httpCode?: string }).httpCode).toBe('409');
		expect((await get(created.id)).name).toBe('Locked one');
	});
});
