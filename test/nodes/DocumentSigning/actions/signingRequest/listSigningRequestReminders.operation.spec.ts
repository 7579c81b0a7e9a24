import { simplePdf } from '../../../../sandbox/signing/pdf';
import type { RichRequest } from './fixtures';
import { api, byId, createRich, requestLines, run, useSandbox } from './fixtures';
import { REQUEST_LISTS, itChecksTheRequestList } from './requestLists.twins';

const ctx = useSandbox();
let request: RichRequest;
beforeAll(async () => {
	request = await createRich(ctx.sandbox, 'Reminder agreement');
});

describe('Signing Request → Get Reminders (GET /signing-requests/{id}/reminders)', () => {
	it('turns the bare array the service answers with into one item per reminder', async () => {
		const { output, error } = await run(ctx, 'listSigningRequestReminders', {
			signingRequestId: byId(request.id),
		});
		expect(error).toBeUndefined();
		expect(ctx.sandbox.requests).toHaveLength(1);
		expect(ctx.sandbox.requests[0]).toMatchObject({
			method: 'GET',
			path: `/signing-requests/${request.id}/reminders`,
			query: {},
			body: undefined,
		});
		const rows = output[0].map((item) => item.json);
		expect(rows).toHaveLength(2);
		expect(rows.map((r) => r.id).sort()).toEqual([...request.reminderIds].sort());
		const all = rows.find((r) => r.all_users === true);
		const bob = rows.find((r) => r.all_users === false);
		expect(all).toMatchObject({
			hours: 48,
			subject: 'Please sign',
			message: 'A friendly reminder',
			recipient_id: null,
			key_mode: 'live',
		});
		expect(bob).toMatchObject({
			hours: 24,
			subject: 'Last call',
			recipient_id: request.bob.id,
			key_mode: 'live',
		});
		for (const item of output[0]) expect(item.pairedItem).toEqual({ item: 0 });
	});

	it('outputs nothing (and no error) for a request without reminders', async () => {
		const created = await api<{ id: string }>(
			ctx.sandbox,
			'POST',
			'/signing-requests',
			{ name: 'No reminders', document: simplePdf('No reminders').toString('base64') },
			'live',
		);
		expect(created.status).toBe(201);
		ctx.sandbox.clearRequests();
		const { output, error } = await run(ctx, 'listSigningRequestReminders', {
			signingRequestId: byId(created.body.id),
		});
		expect(error).toBeUndefined();
		expect(output[0] ?? []).toEqual([]);
		expect(requestLines(ctx.sandbox)).toEqual([
			`GET /signing-requests/${created.body.id}/reminders`,
		]);
	});

	it('also accepts the {results: [...]} shape other lists use', async () => {
		ctx.sandbox.injectFault({
			kind: 'status',
			status: 200,
			body: { results: [{ id: 'r1', hours: 12, subject: 'S', message: 'M', all_users: true }] },
			path: `/signing-requests/${request.id}/reminders`,
		});
		const { output } = await run(ctx, 'listSigningRequestReminders', {
			signingRequestId: byId(request.id),
		});
		expect(output[0].map((item) => item.json)).toEqual([
			{ id: 'r1', hours: 12, subject: 'S', message: 'M', all_users: true, key_mode: 'live' },
		]);
	});

	itChecksTheRequestList(ctx, REQUEST_LISTS.reminders, () => request);
});
