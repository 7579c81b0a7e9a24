import { ApiError, SEED, TEST_WATERMARK, startSandbox, type Sandbox } from '../index';
import { inspectPdf, pdfTextStrings } from './pdf';
import {
	LEGAL,
	P,
	SALES,
	api,
	createDraft,
	createSeal,
	createSent,
	draftBody,
	fetchFile,
	ok,
	pdfBase64,
} from '../fixtures';

const LIVE = P.liveKey;
const TEST = P.testKey;

let sb: Sandbox;
beforeEach(async () => {
	sb = await startSandbox();
});
afterEach(() => sb.close());

const credits = async () => (await ok(sb, 'GET', '/company')).credits as number;
const SIGNING_EVENTS = /^(signing_request|template)\./;
const eventTypes = () =>
	sb.state.events.emitted.map((e) => e.type).filter((t) => SIGNING_EVENTS.test(t));

/** The ApiError a simulated action throws. */
function thrown(fn: () => unknown): ApiError {
	try {
		fn();
	} catch (err) {
		if (err instanceof ApiError) return err;
		throw err;
	}
	throw new Error('expected the action to throw');
}

describe('template → duplicate → update → send → sign → download', () => {
	it('runs the whole lifecycle with real PDFs, credits, audit trail and events', async () => {
		// 1. Template from a real 2-page PDF.
		const created = await api(sb, 'POST', '/templates', {
			body: { name: 'NDA', document: pdfBase64(2, 'NDA') },
		});
		expect(created.status).toBe(201);
		const tpl = created.body;
		expect(tpl).toMatchObject({
			name: 'NDA',
			page_count: 2,
			expiration_hours: 168,
			credit_cost: 1,
			recipients: [],
			fields: [],
			settings: {
				allow_editing_before_sending: false,
				attach_pdf_on_finish: true,
				allow_download: true,
				hand_drawn_only: false,
				require_otp_verification: null,
			},
		});
		expect(Date.parse(tpl.document_url_expires_at) - sb.clock.now()).toBeGreaterThan(
			6.9 * 24 * 3600_000,
		);
		const original = await fetchFile(tpl.document_url);
		expect(original.status).toBe(200);
		expect(original.contentType).toBe('application/pdf');
		expect(inspectPdf(original.bytes)).toMatchObject({ ok: true, pageCount: 2 });

		// 2. Users, fields and a reminder (temp ids across sections).
		const put = await api(sb, 'PUT', `/templates/${tpl.id}`, {
			body: {
				users: [
					{
						_temp_id: 'temp_client',
						first_name: 'Client',
						last_name: 'Role',
						email: 'client@example.com',
						designation: 'Signer',
						order: 1,
					},
					{
						_temp_id: 'temp_boss',
						first_name: 'Boss',
						last_name: 'Role',
						email: 'boss@example.com',
						designation: 'Approver',
						order: 2,
					},
				],
				fields: [
					{
						type: 'signature',
						assigned_to_user_id: 'temp_client',
						page: 2,
						x: 10,
						y: 80,
						width: 30,
						height: 5,
						required: true,
					},
					// The full update takes 8 field types only (T5): no initials here.
					{
						type: 'date',
						assigned_to_user_id: 'temp_client',
						page: 1,
						x: 80,
						y: 90,
						width: 10,
						height: 5,
						required: true,
					},
					{
						type: 'approval_signature',
						assigned_to_user_id: 'temp_boss',
						page: 2,
						x: 50,
						y: 80,
						width: 30,
						height: 5,
					},
				],
				reminders: [{ hours: 48, all_users: true, subject: 'Reminder', message: 'Please sign' }],
			},
		});
		expect(put.status).toBe(200);
		expect(put.body.recipients.map((u: any) => u.email)).toEqual([
			'client@example.com',
			'boss@example.com',
		]);
		expect(put.body.fields.map((f: any) => f.type)).toEqual([
			'signature',
			'date',
			'approval_signature',
		]);
		// The full update answers the Template (no summary): the reminder is read back.
		expect(put.body).not.toHaveProperty('summary');
		expect(await ok(sb, 'GET', `/templates/${tpl.id}/reminders`)).toEqual([
			expect.objectContaining({ hours: 48, all_users: true, subject: 'Reminder' }),
		]);

		// 3. Duplicate → a signing request draft (service-api.md shape).
		const dup = await api(sb, 'POST', `/templates/${tpl.id}/duplicate`, {
			body: { name: 'NDA for ACME' },
		});
		expect(dup.status).toBe(201);
		expect(typeof dup.body.message).toBe('string');
		const dsr = dup.body.signing_request;
		expect(Object.keys(dsr)).toEqual(
			expect.arrayContaining([
				'id',
				'name',
				'description',
				'document_url',
				'document_url_expires_at',
				'document_page_count',
				'expiration_hours',
				'credit_cost',
				'settings',
				'template_id',
				'date_created',
				'date_sent',
				'date_finished',
				'date_cancelled',
				'date_declined',
				'expires_at',
				'certificate',
				'final_document_download_url',
			]),
		);
		expect(dsr).toMatchObject({
			name: 'NDA for ACME',
			document_page_count: 2,
			template_id: tpl.id,
			credit_cost: 1,
			date_sent: null,
			expires_at: null,
			certificate: { generated: false, generated_on: null, has_error: false },
			final_document_download_url: null,
		});
		expect(Object.keys(dsr.settings).sort()).toEqual(
			[
				'allow_download',
				'allow_editing_before_sending',
				'attach_pdf_on_finish',
				'send_cancellation_email',
				'send_expiration_email',
				'send_finish_email',
				'send_signing_email',
			].sort(),
		);
		const srId = dsr.id;
		const users = (await ok(sb, 'GET', `/signing-requests/${srId}/users`)).results;
		expect(users.map((u: any) => [u.email, u.designation, u.order])).toEqual([
			['client@example.com', 'Signer', 1],
			['boss@example.com', 'Approver', 2],
		]);
		// Which template user each came from is not in the answer (SigningRequestUser has no such key).
		expect(
			sb.signing
				.getSigningRequest(srId)
				?.recipients.every((r) => typeof r.template_user_id === 'string'),
		).toBe(true);
		const reminders = await ok(sb, 'GET', `/signing-requests/${srId}/reminders`);
		expect(reminders).toEqual([
			expect.objectContaining({ hours: 48, all_users: true, subject: 'Reminder' }),
		]);

		// 4. Update: the client role gets a real person, expiry shortened.
		const client = users[0];
		const boss = users[1];
		const update = await api(sb, 'PUT', `/signing-requests/${srId}`, {
			body: {
				signing_request_properties: { expiration_hours: 72 },
				recipients: [
					{ id: client.id, first_name: 'Grace', last_name: 'Hopper', email: 'grace@example.com' },
				],
			},
		});
		expect(update.status).toBe(200);
		expect(update.body.summary).toMatchObject({
			properties_updated: true,
			recipients_updated: 1,
			recipients_created: 0,
		});
		expect(update.body.signing_request).toMatchObject({
			id: srId,
			status: 'draft',
			expiration_hours: 72,
			document_page_count: 2,
		});

		// 5. Send with the live key: one credit.
		const before = await credits();
		const sent = await api(sb, 'POST', `/signing-requests/${srId}/send`);
		expect(sent.status).toBe(200);
		expect(sent.body).toEqual({
			message: expect.any(String),
			signing_request_id: srId,
			recipients_notified: 1,
			sent_date: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
			expires_at: new Date(Date.parse(sent.body.sent_date) + 72 * 3600_000).toISOString(),
		});
		expect(await credits()).toBe(before - 1);
		expect((await api(sb, 'POST', `/signing-requests/${srId}/send`)).status).toBe(400);
		expect(await credits()).toBe(before - 1);

		// 6. Simulated signers, in order.
		expect(thrown(() => sb.simulate.sign(srId, boss.id))).toMatchObject({
			status: 409,
			body: { code: 'NOT_YOUR_TURN' },
		});
		expect(sb.simulate.sign(srId, client.id).status).toBe('in_progress');
		expect(sb.simulate.sign(srId, boss.id).status).toBe('finished');

		const detail = (await ok(sb, 'GET', `/signing-requests/${srId}`)) as any;
		expect(detail.status).toEqual({
			sent: true,
			finished: true,
			cancelled: false,
			declined: false,
			expired: false,
		});
		expect(detail.certificate).toMatchObject({ generated: true, has_error: false });
		expect(detail.timestamps.finished_on).not.toBeNull();
		expect(detail.final_document_download_url).toMatch(new RegExp(`^${sb.url}/_files/`));

		// 7. Download: a real PDF with one page per original page.
		const download = await api(sb, 'GET', `/signing-requests/${srId}/download`);
		expect(download.status).toBe(200);
		expect(download.body).toMatchObject({ status: 'finished', is_partial: false });
		expect(Object.keys(download.body).sort()).toEqual([
			'download_url',
			'expires_at',
			'generated_at',
			'is_partial',
			'status',
		]);
		const file = await fetchFile(download.body.download_url);
		expect(file.status).toBe(200);
		expect(file.bytes.subarray(0, 5).toString()).toBe('%PDF-');
		expect(file.bytes.toString('latin1').trimEnd().endsWith('%%EOF')).toBe(true);
		expect(inspectPdf(file.bytes)).toEqual({
			ok: true,
			errors: [],
			pageCount: 2,
			objectCount: expect.any(Number),
		});
		const texts = pdfTextStrings(file.bytes);
		expect(texts).toContain('NDA for ACME');
		expect(
			texts.some((t) => /^Signed by Grace Hopper grace@example\.com at \d{4}-\d\d-\d\dT/.test(t)),
		).toBe(true);
		expect(texts.some((t) => t.startsWith('Signed by Boss Role boss@example.com'))).toBe(true);
		expect(texts).not.toContain(TEST_WATERMARK);

		// 8. Audit trail: chronological, admin and signer actions.
		const audit = (await ok(sb, 'GET', `/signing-requests/${srId}/audit`)).results;
		expect(audit.map((a: any) => `${a.source}:${a.event}`)).toEqual([
			'admin:created',
			'admin:edited',
			'admin:sent',
			'signer:viewed',
			'signer:signed',
			'signer:viewed',
			'signer:signed',
			'admin:completed',
			'admin:certificate_generated',
			'admin:downloaded',
		]);
		const times = audit.map((a: any) => Date.parse(a.timestamp));
		expect([...times].sort((a, b) => a - b)).toEqual(times);

		// 9. Events, in order.
		expect(eventTypes()).toEqual([
			'template.created',
			'template.updated',
			'signing_request.created',
			'template.used',
			'signing_request.updated',
			'signing_request.sent',
			'signing_request.viewed',
			'signing_request.recipient.signed',
			'signing_request.viewed',
			'signing_request.recipient.signed',
			'signing_request.completed',
			'signing_request.certificate.generated',
		]);
		const signed = sb.state.events.emitted.find(
			(e) => e.type === 'signing_request.recipient.signed',
		)!;
		expect(signed.workspace_id).toBe(P.id);
		expect(signed.data).toMatchObject({
			signing_request: {
				id: srId,
				name: 'NDA for ACME',
				status: 'in_progress',
				template_id: tpl.id,
				test_mode: false,
			},
			recipient: {
				id: client.id,
				email: 'grace@example.com',
				name: 'Grace Hopper',
				order: 1,
				designation: 'Signer',
			},
			workspace: { id: P.id, name: P.name },
		});
		expect((signed.data.recipients as any[]).map((r) => [r.email, r.signed_at === null])).toEqual([
			['grace@example.com', false],
			['boss@example.com', true],
		]);
		const used = sb.state.events.emitted.find((e) => e.type === 'template.used')!;
		expect(used.data).toMatchObject({
			template: { id: tpl.id, name: 'NDA' },
			signing_request: { id: srId },
		});
	});

	it('test keys: test_mode, no credits, watermarked PDFs; live keys need credits (402)', async () => {
		const before = await credits();
		const draft = await createSent(sb, TEST, 'Test contract', 2);
		expect(await credits()).toBe(before);
		// The answers document no test flag: the sandbox keeps it (and watermarks the PDFs).
		expect(sb.signing.getSigningRequest(draft.id)?.test_mode).toBe(true);
		const detail = await ok(sb, 'GET', `/signing-requests/${draft.id}`, { key: TEST });
		expect(detail).not.toHaveProperty('test_mode');
		const listed = (await ok(sb, 'GET', '/signing-requests', { key: TEST })).results;
		expect(listed.find((r: any) => r.id === draft.id)).not.toHaveProperty('test_mode');
		sb.simulate.signAll(draft.id);
		const download = await ok(sb, 'GET', `/signing-requests/${draft.id}/download`, { key: TEST });
		const file = await fetchFile(download.download_url);
		expect(inspectPdf(file.bytes)).toMatchObject({ ok: true, pageCount: 2 });
		expect(
			pdfTextStrings(file.bytes).filter((t) => t === TEST_WATERMARK).length,
		).toBeGreaterThanOrEqual(2);
		const created = sb.state.events.emitted.find((e) => e.type === 'signing_request.created')!;
		expect((created.data.signing_request as any).test_mode).toBe(true);

		const broke = await startSandbox({ startingCredits: 0 });
		try {
			const live = await createDraft(broke, LIVE);
			expect(broke.signing.getSigningRequest(live.id)?.test_mode).toBe(false);
			const refused = await api(broke, 'POST', `/signing-requests/${live.id}/send`);
			expect(refused.status).toBe(402);
			expect(refused.body).toMatchObject({ code: 'INSUFFICIENT_CREDITS', current_credits: 0 });
			expect((await ok(broke, 'GET', `/signing-requests/${live.id}`)).status.sent).toBe(false);
			const testDraft = await createDraft(broke, TEST);
			expect(
				(await api(broke, 'POST', `/signing-requests/${testDraft.id}/send`, { key: TEST })).status,
			).toBe(200);
		} finally {
			await broke.close();
		}
	});

	it('a template credit_cost is what sending consumes', async () => {
		const tpl = await ok(sb, 'POST', '/templates', {
			body: { name: 'Expensive', document: pdfBase64(1), credit_cost: 3 },
		});
		await ok(sb, 'PUT', `/templates/${tpl.id}`, {
			body: {
				users: [{ first_name: 'A', email: 'a@example.com', designation: 'Signer', order: 1 }],
			},
		});
		const sr = (await ok(sb, 'POST', `/templates/${tpl.id}/duplicate`)).signing_request;
		expect(sr.credit_cost).toBe(3);
		expect(sr.name).toBe('Expensive');
		const before = await credits();
		await ok(sb, 'POST', `/signing-requests/${sr.id}/send`);
		expect(await credits()).toBe(before - 3);
	});
});

describe('stopping paths', () => {
	it('decline: the request stops, the reason is on the users, nobody signs after', async () => {
		const sr = await createSent(sb);
		const declined = sb.simulate.decline(sr.id, sr.ada, 'Wrong company address');
		expect(declined.status).toBe('declined');
		const users = (await ok(sb, 'GET', `/signing-requests/${sr.id}/users`)).results;
		expect(users.find((u: any) => u.id === sr.ada)).toMatchObject({
			decline_reason: 'Wrong company address',
			declined_on: expect.any(String),
			finished_on: null,
		});
		expect(thrown(() => sb.simulate.sign(sr.id, sr.bob))).toMatchObject({
			status: 409,
			body: { code: 'NOT_SIGNABLE' },
		});
		const detail = await ok(sb, 'GET', `/signing-requests/${sr.id}`);
		expect(detail.status).toMatchObject({ sent: true, declined: true, finished: false });
		const event = sb.state.events.emitted.find(
			(e) => e.type === 'signing_request.recipient.declined',
		)!;
		expect(event.data).toMatchObject({
			decline_reason: 'Wrong company address',
			recipient: { id: sr.ada, email: 'ada@example.com' },
			signing_request: { id: sr.id, status: 'declined' },
		});
		const download = await ok(sb, 'GET', `/signing-requests/${sr.id}/download`);
		expect(download).toMatchObject({ status: 'declined', is_partial: true });
		expect((await api(sb, 'POST', `/signing-requests/${sr.id}/cancel`)).status).toBe(409);
	});

	it('cancel: only sent, unfinished requests; once', async () => {
		const draft = await createDraft(sb);
		const early = await api(sb, 'POST', `/signing-requests/${draft.id}/cancel`);
		expect(early.status).toBe(409);
		await ok(sb, 'POST', `/signing-requests/${draft.id}/send`);
		const cancelled = await api(sb, 'POST', `/signing-requests/${draft.id}/cancel`, {
			body: { reason: 'Deal fell through', notify_signers: false },
		});
		expect(cancelled.status).toBe(200);
		expect(cancelled.body).toEqual({
			message: expect.any(String),
			signing_request_id: draft.id,
			cancelled_on: expect.any(String),
			notify_signers: false,
			emails_sent: 0,
		});
		expect((await api(sb, 'POST', `/signing-requests/${draft.id}/cancel`)).status).toBe(409);
		expect((await ok(sb, 'GET', `/signing-requests/${draft.id}`)).status.cancelled).toBe(true);
		expect(thrown(() => sb.simulate.sign(draft.id, draft.ada)).status).toBe(409);
		const event = sb.state.events.emitted.find((e) => e.type === 'signing_request.cancelled')!;
		expect(event.data).toMatchObject({
			cancel_reason: 'Deal fell through',
			signing_request: { status: 'cancelled' },
		});
		const bad = await api(sb, 'POST', `/signing-requests/${draft.id}/cancel`, {
			body: { notify_signers: 'yes' },
		});
		expect(bad.status).toBe(400);
		expect(bad.body.details).toHaveProperty('notify_signers');
	});

	it('expiry: time passing (sandbox clock) or simulate.expire; the expired event once; send refused', async () => {
		const a = await createSent(sb);
		sb.clock.advance(168 * 3600_000 + 1000);
		expect(
			(await ok(sb, 'GET', '/signing-requests', { query: { status: 'expired' } })).results.map(
				(r: any) => r.id,
			),
		).toEqual([a.id]);
		expect((await ok(sb, 'GET', `/signing-requests/${a.id}`)).status.expired).toBe(true);
		expect(eventTypes().filter((t) => t === 'signing_request.expired')).toHaveLength(1);
		const send = await api(sb, 'POST', `/signing-requests/${a.id}/send`);
		expect(send.status).toBe(400);
		expect(send.body.error).toBe('Signing request has expired');

		const b = await createSent(sb);
		expect(sb.simulate.expire(b.id).status).toBe('expired');
		expect(eventTypes().filter((t) => t === 'signing_request.expired')).toHaveLength(2);
		expect(thrown(() => sb.simulate.sign(b.id, b.ada)).status).toBe(409);
	});
});

describe('rules after sending', () => {
	it('PATCH and PUT are refused with 400 once sent; the seal swap still works', async () => {
		const seal = (await createSeal(sb)).id;
		const body = {
			name: 'Sealed',
			document: pdfBase64(1),
			recipients: [
				{
					id: 'temp_a',
					first_name: 'Ada',
					email: 'ada@example.com',
					designation: 'Signer',
					order: 1,
				},
			],
			seal_participants: [{ seal_id: seal, order: 2, temp_id: 'temp_seal' }],
		};
		const sr = await ok(sb, 'POST', '/signing-requests', { body });
		const participant = sr.seal_participants[0];
		expect(participant).toMatchObject({ organization_seals_id: seal, order: 2 });
		await ok(sb, 'POST', `/signing-requests/${sr.id}/send`);

		const patch = await api(sb, 'PATCH', `/signing-requests/${sr.id}`, {
			body: { name: 'Renamed' },
		});
		expect(patch.status).toBe(400);
		expect(patch.body).toMatchObject({
			error: 'Signing request has already been sent',
			code: 'ALREADY_SENT',
		});
		const put = await api(sb, 'PUT', `/signing-requests/${sr.id}`, {
			body: { signing_request_properties: { name: 'Renamed' } },
		});
		expect(put.status).toBe(400);
		expect((await ok(sb, 'GET', `/signing-requests/${sr.id}`)).name).toBe('Sealed');

		const newSeal = (await createSeal(sb, { name: 'Second seal' })).id;
		const swap = await api(sb, 'PATCH', `/signing-requests/${sr.id}`, {
			body: { seal_participant: { participant_id: participant.id, swap_to_seal_id: newSeal } },
		});
		expect(swap.status).toBe(200);
		// The swap answers the properties variant of PATCH (the documents give it no answer of its own).
		expect(swap.body).toEqual({
			id: sr.id,
			name: 'Sealed',
			template_description: null,
			document_url: expect.any(String),
			expiration_hours: 168,
		});
		expect(
			sb.signing.getSigningRequest(sr.id)?.sealParticipants.find((p) => p.id === participant.id),
		).toMatchObject({ organization_seals_id: newSeal });
		const unknown = await api(sb, 'PATCH', `/signing-requests/${sr.id}`, {
			body: {
				seal_participant: {
					participant_id: '123e4567-e89b-42d3-a456-426614174000',
					swap_to_seal_id: newSeal,
				},
			},
		});
		expect(unknown.status).toBe(404);

		const removeSeal = await api(
			sb,
			'DELETE',
			`/signing-requests/${sr.id}/seal-participants/${participant.id}`,
		);
		expect(removeSeal.status).toBe(409);
		expect(removeSeal.body.code).toBe('SIGNING_ORDER_LOCKED_SENT');
	});

	it('DELETE: drafts only (409 ALREADY_SENT after sending); deleted ones listed only on request', async () => {
		const draft = await createDraft(sb, LIVE, 'Throwaway');
		const sent = await createSent(sb, LIVE, 'Keeper');
		const refused = await api(sb, 'DELETE', `/signing-requests/${sent.id}`);
		expect(refused.status).toBe(409);
		expect(refused.body.code).toBe('ALREADY_SENT');
		const deleted = await api(sb, 'DELETE', `/signing-requests/${draft.id}`);
		expect(deleted.status).toBe(200);
		expect(deleted.body).toEqual({
			message: expect.any(String),
			signing_request_id: draft.id,
			deleted_on: expect.any(String),
		});
		expect((await api(sb, 'GET', `/signing-requests/${draft.id}`)).status).toBe(404);
		expect((await api(sb, 'DELETE', `/signing-requests/${draft.id}`)).status).toBe(404);
		const names = async (query: Record<string, string> = {}) =>
			(await ok(sb, 'GET', '/signing-requests', { query })).results.map((r: any) => r.name);
		expect(await names()).toEqual(['Keeper']);
		expect(await names({ status: 'deleted' })).toEqual(['Throwaway']);
		expect(eventTypes()).toContain('signing_request.deleted');
	});

	it('resend: only recipients at the current order who have not signed (409 RESEND_CONFLICT otherwise)', async () => {
		const draft = await createDraft(sb);
		const notSent = await api(sb, 'POST', `/signing-requests/${draft.id}/resend`, {
			body: { recipient_ids: [draft.ada] },
		});
		expect(notSent.status).toBe(409);
		expect(notSent.body.code).toBe('RESEND_CONFLICT');
		await ok(sb, 'POST', `/signing-requests/${draft.id}/send`);

		const wrongOrder = await api(sb, 'POST', `/signing-requests/${draft.id}/resend`, {
			body: { recipient_ids: [draft.bob] },
		});
		expect(wrongOrder.status).toBe(409);
		expect(wrongOrder.body).toMatchObject({
			error: expect.any(String),
			code: 'RESEND_CONFLICT',
			details: {
				current_order: 1,
				invalid_recipients: [{ id: draft.bob, email: 'bob@example.com', order: 2 }],
			},
		});
		const okResend = await api(sb, 'POST', `/signing-requests/${draft.id}/resend`, {
			body: { recipient_ids: [draft.ada], custom_message: 'Friendly nudge' },
		});
		expect(okResend.status).toBe(200);
		expect(okResend.body).toEqual({
			message: expect.any(String),
			signing_request_id: draft.id,
			recipients_notified: 1,
			recipients_failed: 0,
			recipients: [{ id: draft.ada, email: 'ada@example.com', name: 'Ada Lovelace' }],
		});
		sb.simulate.sign(draft.id, draft.ada);
		const signedAlready = await api(sb, 'POST', `/signing-requests/${draft.id}/resend`, {
			body: { recipient_ids: [draft.ada, draft.bob] },
		});
		expect(signedAlready.status).toBe(409);
		expect(signedAlready.body.details).toMatchObject({
			current_order: 2,
			invalid_recipients: [{ id: draft.ada, order: 1 }],
		});
		const invalid = await api(sb, 'POST', `/signing-requests/${draft.id}/resend`, {
			body: { recipient_ids: [] },
		});
		expect(invalid.status).toBe(400);
		expect(invalid.body.details).toHaveProperty('recipient_ids');
	});

	it('download: 409 before sending, partial while in progress (if allowed), then the full document', async () => {
		const draft = await createDraft(sb, LIVE, 'Lease', 3);
		const early = await api(sb, 'GET', `/signing-requests/${draft.id}/download`);
		expect(early.status).toBe(409);
		expect(early.body.error).toBe('no_document_available');
		await ok(sb, 'POST', `/signing-requests/${draft.id}/send`);
		sb.simulate.sign(draft.id, draft.ada);
		const partial = await ok(sb, 'GET', `/signing-requests/${draft.id}/download`);
		expect(partial).toMatchObject({ status: 'in_progress', is_partial: true });
		const partialFile = await fetchFile(partial.download_url);
		expect(inspectPdf(partialFile.bytes)).toMatchObject({ ok: true, pageCount: 3 });
		const texts = pdfTextStrings(partialFile.bytes);
		expect(texts.some((t) => t.startsWith('PARTIAL DOCUMENT'))).toBe(true);
		expect(texts.some((t) => t.startsWith('Signed by Ada Lovelace ada@example.com'))).toBe(true);
		expect(texts.some((t) => t.startsWith('Awaiting signature: Bob Byron'))).toBe(true);

		sb.simulate.sign(draft.id, draft.bob);
		const full = await ok(sb, 'GET', `/signing-requests/${draft.id}/download`);
		expect(full).toMatchObject({ status: 'finished', is_partial: false });
		const fullTexts = pdfTextStrings((await fetchFile(full.download_url)).bytes);
		expect(fullTexts.some((t) => t.startsWith('PARTIAL'))).toBe(false);
		expect(fullTexts.some((t) => t.startsWith('Completed at '))).toBe(true);

		// allow_download false: no partial document.
		const closed = await ok(sb, 'POST', '/signing-requests', {
			body: { ...draftBody('Closed'), settings: { allow_download: false } },
		});
		await ok(sb, 'POST', `/signing-requests/${closed.id}/send`);
		const refused = await api(sb, 'GET', `/signing-requests/${closed.id}/download`);
		expect(refused.status).toBe(409);
		expect(refused.body.error).toBe('no_document_available');
	});
});

describe('pre-signed file URLs', () => {
	it('need no key, expire with the sandbox clock (403 AccessDenied), bypass the API pipeline', async () => {
		const sr = await createSent(sb);
		sb.simulate.signAll(sr.id);
		const download = await ok(sb, 'GET', `/signing-requests/${sr.id}/download`);
		expect(Date.parse(download.expires_at) - sb.clock.now()).toBeGreaterThan(3600_000 - 2000);
		expect(Date.parse(download.expires_at) - sb.clock.now()).toBeLessThanOrEqual(3600_000);
		sb.clearRequests();
		sb.injectFault({ kind: 'status', status: 503 }); // any API path; /_files/ is not affected
		const first = await fetchFile(download.download_url);
		expect(first.status).toBe(200);
		expect(first.contentType).toBe('application/pdf');
		expect(sb.requests).toHaveLength(0);
		expect((await api(sb, 'GET', '/company')).status).toBe(503);

		sb.clock.advance(3600_000 + 1);
		const expired = await fetchFile(download.download_url);
		expect(expired.status).toBe(403);
		expect(expired.bytes.toString()).toContain('<Code>AccessDenied</Code>');
		const unknown = await fetchFile(`${sb.url}/_files/not-a-token`);
		expect(unknown.status).toBe(404);
	});

	it('template URLs: 7 days from creation, 1 hour when read again', async () => {
		const tpl = await ok(sb, 'POST', '/templates', { body: { name: 'T', document: pdfBase64(1) } });
		sb.clock.advance(2 * 3600_000);
		expect((await fetchFile(tpl.document_url)).status).toBe(200);
		const again = await ok(sb, 'GET', `/templates/${tpl.id}`);
		expect(Date.parse(again.document_url_expires_at) - sb.clock.now()).toBeGreaterThan(
			3600_000 - 2000,
		);
		expect(Date.parse(again.document_url_expires_at) - sb.clock.now()).toBeLessThanOrEqual(
			3600_000,
		);
		sb.clock.advance(3600_000 + 1);
		expect((await fetchFile(again.document_url)).status).toBe(403);
		expect((await fetchFile(tpl.document_url)).status).toBe(200);
		sb.clock.advance(7 * 24 * 3600_000);
		expect((await fetchFile(tpl.document_url)).status).toBe(403);
	});
});

describe('workspace isolation', () => {
	it('other workspaces see 404; duplicating another workspace template is 403', async () => {
		const tpl = await ok(sb, 'POST', '/templates', {
			body: { name: 'HQ only', document: pdfBase64(1) },
		});
		const sr = await createDraft(sb);
		for (const key of [SALES.liveKey, SALES.testKey, LEGAL.liveKey]) {
			expect((await api(sb, 'GET', `/templates/${tpl.id}`, { key })).status).toBe(404);
			expect((await api(sb, 'GET', `/signing-requests/${sr.id}`, { key })).status).toBe(404);
			expect((await api(sb, 'POST', `/signing-requests/${sr.id}/send`, { key })).status).toBe(404);
			expect((await ok(sb, 'GET', '/signing-requests', { key })).results).toEqual([]);
		}
		const dup = await api(sb, 'POST', `/templates/${tpl.id}/duplicate`, { key: SALES.liveKey });
		expect(dup.status).toBe(403);
		// the protected key does not see other workspaces' items either
		const salesTpl = await ok(sb, 'POST', '/templates', {
			key: SALES.liveKey,
			body: { name: 'Sales', document: pdfBase64(1) },
		});
		expect((await api(sb, 'GET', `/templates/${salesTpl.id}`)).status).toBe(404);
		expect(
			(await api(sb, 'GET', `/templates/${salesTpl.id}`, { key: SEED.workspaces[0].testKey }))
				.status,
		).toBe(200);
	});
});
