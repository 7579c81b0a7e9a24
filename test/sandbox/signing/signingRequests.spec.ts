import { inflateSync } from 'node:zlib';

import { parseCliOptions } from '../cli';
import { startSandbox, type Sandbox } from '../index';
import { inspectPdf, simplePdf } from './pdf';
import { isPng } from './png';
import {
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

let sb: Sandbox;
beforeEach(async () => {
	sb = await startSandbox();
});
afterEach(() => sb.close());

describe('POST /signing-requests (document-based)', () => {
	it('resolves temp ids, normalises field types, answers the draft create form with real ids', async () => {
		const res = await api(sb, 'POST', '/signing-requests', {
			body: {
				name: 'Offer letter',
				description: 'For the new hire',
				document: pdfBase64(2),
				expiration_hours: 24,
				recipients: [
					{
						id: 'temp_1',
						first_name: 'Ada',
						last_name: 'Lovelace',
						email: 'ada@example.com',
						designation: 'Signer',
						order: 1,
						company: 'ACME',
					},
					{
						id: 'temp_2',
						first_name: 'Carl',
						email: 'carl@example.com',
						designation: 'CC',
						order: 1,
					},
				],
				fields: [
					{
						type: 'initials',
						recipient_id: 'temp_1',
						page_number: 2,
						position: { x: 0, y: 0, width: 100, height: 100 },
					},
					{
						type: 'textarea',
						recipient_id: 'temp_1',
						page_number: 1,
						position: { x: 10, y: 10, width: 20, height: 5 },
						format_rules: { fontSize: 99 },
					},
				],
				reminders: [{ hours: 12, recipient_id: 'temp_1', subject: 'Sign please', message: 'Soon' }],
				settings: { use_signing_order: false },
			},
		});
		expect(res.status).toBe(201);
		const sr = res.body;
		expect(sr).toMatchObject({
			name: 'Offer letter',
			description: 'For the new hire',
			status: 'draft',
			page_count: 2,
			expiration_hours: 24,
			sent_date: null,
			finished_date: null,
			cancelled_date: null,
		});
		expect(sr.settings).toMatchObject({
			use_signing_order: false,
			allow_editing_before_sending: true,
			allow_download: true,
		});
		expect(Object.keys(sr.settings)).toEqual(
			expect.arrayContaining([
				'hand_drawn_only',
				'send_signing_email',
				'send_finish_email',
				'send_expiration_email',
				'send_cancellation_email',
			]),
		);
		expect(sr).not.toHaveProperty('warnings');
		// service-api.md: template_id is present when created from a template.
		expect(sr).not.toHaveProperty('template_id');
		expect(sb.signing.getSigningRequest(sr.id)?.test_mode).toBe(false);
		const ada = sr.recipients.find((r: any) => r.email === 'ada@example.com');
		expect(ada).toMatchObject({
			first_name: 'Ada',
			last_name: 'Lovelace',
			name: 'Ada Lovelace',
			designation: 'Signer',
			order: 1,
			company: 'ACME',
			finished_date: null,
		});
		expect(ada.id).toMatch(/^[0-9a-f-]{36}$/);
		expect(sr.fields.map((f: any) => [f.type, f.recipient_id])).toEqual([
			['initial', ada.id],
			['text_area', ada.id],
		]);
		expect(sr.fields[1]).toMatchObject({
			page_number: 1,
			x_position: 10,
			y_position: 10,
			width: 20,
			height: 5,
			format_rules: { fontSize: 48 },
		});
		expect(JSON.stringify(sr)).not.toContain('temp_');
		const reminders = await ok(sb, 'GET', `/signing-requests/${sr.id}/reminders`);
		expect(reminders).toEqual([
			expect.objectContaining({ hours: 12, recipient_id: ada.id, all_users: false }),
		]);
		const doc = await fetchFile(sr.document_url);
		expect(inspectPdf(doc.bytes).pageCount).toBe(2);
	});

	it('lists every problem in details, keyed by field path', async () => {
		const res = await api(sb, 'POST', '/signing-requests', {
			body: {
				document: pdfBase64(1),
				recipients: [
					{
						id: 'temp_1',
						first_name: 'Ada',
						email: 'not-an-email',
						designation: 'Signer',
						order: 0,
					},
					{ id: 'temp_1', first_name: 'Bob', email: 'bob@example.com', designation: 'Boss' },
					{ id: 'r2', first_name: '', email: 'c@example.com', designation: 'Signer' },
				],
				fields: [
					{
						type: 'signature',
						recipient_id: 'temp_9',
						page_number: 1,
						position: { x: 80, y: 10, width: 30, height: 5 },
					},
					{
						type: 'rubber',
						recipient_id: 'temp_1',
						page_number: 2,
						position: { x: 10, y: 98, width: 5, height: 5 },
					},
					{ type: 'text', recipient_id: 'temp_1', position: { x: 10 } },
				],
				reminders: [{ hours: 0, subject: 'x' }],
				settings: { allow_download: 'yes', bogus: true },
			},
		});
		expect(res.status).toBe(400);
		expect(res.body).toMatchObject({ error: 'Validation Error', code: 'VALIDATION_ERROR' });
		expect(Object.keys(res.body.details).sort()).toEqual(
			[
				'recipients[0].email',
				'recipients[0].order',
				'recipients[1].designation',
				'recipients[1].id',
				'recipients[2].first_name',
				'recipients[2].id',
				'fields[0].recipient_id',
				'fields[0].position.width',
				'fields[1].type',
				'fields[1].page_number',
				'fields[1].position.height',
				'fields[2].position.y',
				'fields[2].position.width',
				'fields[2].position.height',
				'fields[2].page_number',
				'reminders[0].hours',
				'reminders[0].message',
				'reminders[0].recipient_id',
				'settings.allow_download',
				'settings.bogus',
			].sort(),
		);
		expect(res.body.details['recipients[1].id']).toMatch(/duplicate temp id/);
		expect(res.body.details['fields[0].recipient_id']).toMatch(/temp_9/);
		expect(res.body.details['fields[1].page_number']).toMatch(/at most 1/);
		expect((await ok(sb, 'GET', '/signing-requests')).results).toEqual([]);
	});

	it('needs exactly one of document and template_id; the document must be a PDF', async () => {
		const neither = await api(sb, 'POST', '/signing-requests', { body: { name: 'x' } });
		expect(neither.status).toBe(400);
		expect(Object.keys(neither.body.details)).toEqual(['document', 'template_id']);
		const both = await api(sb, 'POST', '/signing-requests', {
			body: { document: pdfBase64(1), template_id: '123e4567-e89b-42d3-a456-426614174000' },
		});
		expect(both.status).toBe(400);
		const notPdf = await api(sb, 'POST', '/signing-requests', {
			body: { document: Buffer.from('hello world').toString('base64') },
		});
		expect(notPdf.status).toBe(400);
		expect(notPdf.body.details.document).toMatch(/%PDF-/);
		const unknownTemplate = await api(sb, 'POST', '/signing-requests', {
			body: { template_id: '123e4567-e89b-42d3-a456-426614174000' },
		});
		expect(unknownTemplate.status).toBe(404);
	});

	it('warns about unusual emails (upper case, + sub-address, typo domains)', async () => {
		const res = await ok(sb, 'POST', '/signing-requests', {
			body: {
				document: pdfBase64(1),
				recipients: [
					{ first_name: 'Ada', email: 'Ada@Example.com', designation: 'Signer', order: 1 },
					{ first_name: 'Bob', email: 'bob+sign@gmial.com', designation: 'Signer', order: 2 },
				],
			},
		});
		expect(res.warnings).toHaveLength(3);
		expect(res.warnings.join(' ')).toMatch(/upper-case.*sub-address.*gmail\.com/);
		expect(res.recipients[0].email).toBe('Ada@Example.com');
		const patched = await ok(sb, 'PATCH', `/signing-requests/${res.id}`, {
			body: {
				recipient: { first_name: 'Cy', email: 'CY@example.com', designation: 'Approver', order: 3 },
			},
		});
		expect(patched).toMatchObject({
			email: 'CY@example.com',
			designation: 'Approver',
			order: 3,
			warning: expect.stringMatching(/upper-case/),
		});
	});
});

describe('POST /signing-requests (template-based)', () => {
	it('copies the template; overrides recipients by template_user_id or order and fields by variable_name', async () => {
		const tpl = await ok(sb, 'POST', '/templates', {
			body: { name: 'Lease', description: 'Flat lease', document: pdfBase64(1) },
		});
		const put = await ok(sb, 'PUT', `/templates/${tpl.id}`, {
			body: {
				users: [
					{
						_temp_id: 'temp_t',
						first_name: 'Tenant',
						email: 'tenant@example.com',
						designation: 'Signer',
						order: 1,
					},
					{
						_temp_id: 'temp_l',
						first_name: 'Landlord',
						email: 'landlord@example.com',
						designation: 'Signer',
						order: 2,
					},
					{ first_name: 'Agency', email: 'agency@example.com', designation: 'CC', order: 1 },
				],
				fields: [
					{
						type: 'text',
						assigned_to_user_id: 'temp_t',
						page: 1,
						x: 10,
						y: 10,
						width: 20,
						height: 4,
						variable_name: 'rent',
					},
					{
						type: 'signature',
						assigned_to_user_id: 'temp_l',
						page: 1,
						x: 10,
						y: 80,
						width: 20,
						height: 4,
					},
				],
			},
		});
		const tenant = put.recipients.find((u: any) => u.first_name === 'Tenant');
		const res = await api(sb, 'POST', '/signing-requests', {
			key: P.testKey,
			body: {
				template_id: tpl.id,
				recipients: [
					{
						template_user_id: tenant.id,
						first_name: 'Tina',
						last_name: 'Tenant',
						email: 'tina@example.com',
						designation: 'CC',
						order: 9,
					},
					{ order: 2, first_name: 'Lars', email: 'lars@example.com' },
					{ first_name: 'Extra', email: 'extra@example.com', designation: 'CC' },
					{ first_name: 'Agency again', email: 'AGENCY@example.com', designation: 'CC' },
				],
				fields: [
					{ variable_name: 'rent', required: true, read_only: true, read_only_value: '1200 EUR' },
					{ variable_name: 'no-such-field', required: true },
				],
			},
		});
		// the first entry has designation CC: CCs are never matched, so it is an added CC
		expect(res.status).toBe(201);
		const sr = res.body;
		expect(sr).toMatchObject({
			name: 'Lease',
			description: 'Flat lease',
			template_id: tpl.id,
			status: 'draft',
		});
		expect(sb.signing.getSigningRequest(sr.id)?.test_mode).toBe(true);
		expect(sr.recipients.map((r: any) => [r.first_name, r.email, r.designation, r.order])).toEqual([
			['Tenant', 'tenant@example.com', 'Signer', 1],
			['Lars', 'lars@example.com', 'Signer', 2],
			['Agency', 'agency@example.com', 'CC', 1],
			['Tina', 'tina@example.com', 'CC', 2],
			['Extra', 'extra@example.com', 'CC', 3],
		]);
		const rent = sr.fields.find((f: any) => f.variable_name === 'rent');
		expect(rent).toMatchObject({
			required: true,
			read_only: true,
			read_only_value: '1200 EUR',
			type: 'text',
		});
		const reminders = await api(sb, 'POST', '/signing-requests', {
			body: {
				template_id: tpl.id,
				reminders: [{ hours: 12, all_users: true, subject: 'Sign', message: 'Please' }],
			},
		});
		expect(reminders.status).toBe(400);
		expect(Object.keys(reminders.body.details)).toEqual(['reminders']);
		expect(reminders.body.details.reminders).toMatch(
			/^reminders cannot be set when creating from a template/,
		);
		const unmatched = await api(sb, 'POST', '/signing-requests', {
			body: {
				template_id: tpl.id,
				recipients: [{ template_user_id: '123e4567-e89b-42d3-a456-426614174000', first_name: 'X' }],
			},
		});
		expect(unmatched.status).toBe(400);
		expect(unmatched.body.details).toHaveProperty(['recipients[0].template_user_id']);
		const events = sb.state.events.emitted.map((e) => e.type);
		expect(events.filter((t) => t === 'template.used')).toHaveLength(1);
	});
});

describe('POST /signing-requests/create-and-send', () => {
	it('creates and sends atomically: 201 status sent, first signer link, credits', async () => {
		const res = await api(sb, 'POST', '/signing-requests/create-and-send', {
			body: {
				name: 'Quick NDA',
				document: pdfBase64(1),
				recipients: [
					{
						id: 'temp_a',
						first_name: 'Ada',
						email: 'ada@example.com',
						designation: 'Signer',
						order: 1,
					},
					{
						id: 'temp_b',
						first_name: 'Bob',
						email: 'bob@example.com',
						designation: 'Signer',
						order: 2,
					},
				],
				fields: [{ recipient_id: 'temp_a', type: 'signature', page: 1, x: 100, y: 500 }],
				reminders: [{ hours_before_expiration: 24 }],
			},
		});
		expect(res.status).toBe(201);
		expect(res.body).toMatchObject({
			name: 'Quick NDA',
			status: 'sent',
			credits_remaining: 99,
			warnings: [],
		});
		expect(sb.signing.getSigningRequest(res.body.id)?.test_mode).toBe(false);
		expect(res.body.first_signer).toMatchObject({ name: 'Ada', email: 'ada@example.com' });
		expect(res.body.fields[0]).toMatchObject({ type: 'signature', page_number: 1 });
		// points (200 × 50 by default) became percent of a Letter page
		expect(res.body.fields[0].position.width).toBeCloseTo((200 / 612) * 100, 2);
		const link = await fetch(res.body.first_signer.signing_link);
		expect(link.status).toBe(200);
		const page = (await link.json()) as any;
		expect(page.recipient.email).toBe('ada@example.com');
		expect(page.signing_request).toMatchObject({ status: 'in_progress', current_order: 1 });
		expect(sb.state.events.emitted.map((e) => e.type)).toEqual([
			'signing_request.created',
			'signing_request.sent',
		]);
	});

	it('400 with phase, 402 without credits; nothing is created', async () => {
		const noRecipients = await api(sb, 'POST', '/signing-requests/create-and-send', {
			body: { name: 'X', document: pdfBase64(1) },
		});
		expect(noRecipients.status).toBe(400);
		expect(noRecipients.body).toMatchObject({
			code: 'VALIDATION_ERROR',
			phase: 'create_validation',
		});
		expect(noRecipients.body.details).toHaveProperty('recipients');
		expect(noRecipients.body.errors[0].message).toMatch(/recipients/);

		const onlyCc = await api(sb, 'POST', '/signing-requests/create-and-send', {
			body: {
				name: 'X',
				document: pdfBase64(1),
				recipients: [{ first_name: 'C', email: 'c@example.com', designation: 'CC' }],
			},
		});
		expect(onlyCc.status).toBe(400);
		expect(onlyCc.body.phase).toBe('send_validation');

		const broke = await startSandbox({ startingCredits: 0 });
		try {
			const body = { ...draftBody('Broke'), fields: undefined };
			const refused = await api(broke, 'POST', '/signing-requests/create-and-send', { body });
			expect(refused.status).toBe(402);
			expect(refused.body).toMatchObject({ code: 'INSUFFICIENT_CREDITS', current_credits: 0 });
			expect((await ok(broke, 'GET', '/signing-requests')).results).toEqual([]);
			const withTest = await api(broke, 'POST', '/signing-requests/create-and-send', {
				key: P.testKey,
				body,
			});
			expect(withTest.status).toBe(201);
			expect(withTest.body.credits_remaining).toBe(0);
		} finally {
			await broke.close();
		}
	});
});

describe('GET /signing-requests (list)', () => {
	it('filters by several statuses, name, signer email/name; hides deleted; sorts; validates', async () => {
		const draft = await createDraft(sb, P.liveKey, 'Alpha draft');
		const inProgress = await createSent(sb, P.liveKey, 'Bravo sent');
		const finished = await createSent(sb, P.liveKey, 'Charlie done');
		sb.simulate.signAll(finished.id);
		const cancelled = await createSent(sb, P.liveKey, 'Delta cancelled');
		await ok(sb, 'POST', `/signing-requests/${cancelled.id}/cancel`);
		const deleted = await createDraft(sb, P.liveKey, 'Echo deleted');
		await ok(sb, 'DELETE', `/signing-requests/${deleted.id}`);
		const other = await ok(sb, 'POST', '/signing-requests', {
			body: {
				name: 'Foxtrot other',
				document: pdfBase64(1),
				recipients: [
					{
						first_name: 'Zed',
						last_name: 'Zulu',
						email: 'zed@example.com',
						designation: 'Signer',
						order: 1,
					},
				],
			},
		});

		const names = async (query: Record<string, string | number>) =>
			(await ok(sb, 'GET', '/signing-requests', { query })).results.map((r: any) => r.name);
		expect(await names({})).toEqual([
			'Foxtrot other',
			'Delta cancelled',
			'Charlie done',
			'Bravo sent',
			'Alpha draft',
		]);
		expect(await names({ status: 'in_progress,finished' })).toEqual(['Charlie done', 'Bravo sent']);
		expect(await names({ status: 'not_sent' })).toEqual(['Foxtrot other', 'Alpha draft']);
		expect(await names({ status: 'cancelled,deleted' })).toEqual([
			'Echo deleted',
			'Delta cancelled',
		]);
		expect(await names({ name: 'ALPHA' })).toEqual(['Alpha draft']);
		expect(await names({ signer_email: 'zed@example.com' })).toEqual(['Foxtrot other']);
		expect(await names({ signer_email: 'zed@example' })).toEqual([]);
		expect(await names({ signer_name: 'zul' })).toEqual(['Foxtrot other']);
		expect(await names({ sort_by: 'name', sort_order: 'asc', page_size: 2, page: 2 })).toEqual([
			'Charlie done',
			'Delta cancelled',
		]);
		expect(await names({ sort_by: 'finished_on', status: 'finished,in_progress' })).toEqual([
			'Charlie done',
			'Bravo sent',
		]);

		const list = await ok(sb, 'GET', '/signing-requests', { query: { status: 'finished' } });
		expect(list.pagination).toEqual({
			current_page: 1,
			page_size: 50,
			total_count: 1,
			total_pages: 1,
		});
		expect(list.results[0]).toMatchObject({
			id: finished.id,
			status: 'finished',
			finished_date: expect.any(String),
		});

		for (const [query, field] of [
			[{ status: 'in_progress,bogus' }, 'status'],
			[{ page_size: 0 }, 'page_size'],
			[{ page: 'x' }, 'page'],
			[{ sort_by: 'colour' }, 'sort_by'],
			[{ created_after: 'yesterday' }, 'created_after'],
		] as const) {
			const res = await api(sb, 'GET', '/signing-requests', {
				query: query as Record<string, string | number>,
			});
			expect(res.status).toBe(400);
			expect(res.body.code).toBe('VALIDATION_ERROR');
			expect(Object.keys(res.body.details)).toEqual([field]);
		}
		expect(draft.id && inProgress.id && other.id).toBeTruthy();
	});
});

describe('PATCH and PUT /signing-requests/:id', () => {
	it('PATCH takes exactly one shape', async () => {
		const draft = await createDraft(sb);
		const mixed = await api(sb, 'PATCH', `/signing-requests/${draft.id}`, {
			body: { name: 'New', recipient: { id: draft.ada, first_name: 'A' } },
		});
		expect(mixed.status).toBe(400);
		expect(mixed.body.message).toMatch(/Cannot update both properties and recipient/);
		expect((await api(sb, 'PATCH', `/signing-requests/${draft.id}`, { body: {} })).status).toBe(
			400,
		);

		const props = await ok(sb, 'PATCH', `/signing-requests/${draft.id}`, {
			body: { name: 'Renamed', expiration_hours: 12 },
		});
		expect(props).toMatchObject({
			id: draft.id,
			name: 'Renamed',
			expiration_hours: 12,
			document_url: expect.any(String),
		});
		expect(props).toHaveProperty('template_description');

		const recipient = await ok(sb, 'PATCH', `/signing-requests/${draft.id}`, {
			body: { recipient: { id: draft.ada, last_name: 'King' } },
		});
		expect(recipient).toMatchObject({ id: draft.ada, first_name: 'Ada', last_name: 'King' });
		// The Recipient object has no `name`; the stored name was rebuilt from both parts.
		expect(recipient).not.toHaveProperty('name');
		const users = (await ok(sb, 'GET', `/signing-requests/${draft.id}/users`)).results;
		expect(users.find((u: any) => u.id === draft.ada).name).toBe('Ada King');

		const field = await api(sb, 'PATCH', `/signing-requests/${draft.id}`, {
			body: {
				field: {
					type: 'date',
					recipient_id: draft.bob,
					page_number: 1,
					position: { x: 60, y: 10, width: 20, height: 4 },
					format_rules: { dateFormat: 'yyyy-MM-dd' },
				},
			},
		});
		expect(field.status).toBe(200);
		// The field variant answers the Field object (nested position).
		expect(field.body).toMatchObject({
			type: 'date',
			recipient_id: draft.bob,
			position: { x: 60, y: 10, width: 20, height: 4 },
		});
		const badField = await api(sb, 'PATCH', `/signing-requests/${draft.id}`, {
			body: { field: { id: field.body.id, position: { x: 90, y: 10, width: 20, height: 4 } } },
		});
		expect(badField.status).toBe(400);
		expect(Object.keys(badField.body.details)).toEqual(['field.position.width']);
		const events = sb.state.events.emitted
			.map((e) => e.type)
			.filter((t) => t === 'signing_request.updated');
		expect(events).toHaveLength(3);
	});

	it('PATCH field takes the template PATCH field types (T4 (c)), aliases normalised; create and PUT keep the wider list', async () => {
		const draft = await createDraft(sb);
		const patch = (field: Record<string, unknown>) =>
			api(sb, 'PATCH', `/signing-requests/${draft.id}`, { body: { field } });
		const at = {
			recipient_id: draft.ada,
			page_number: 1,
			position: { x: 1, y: 1, width: 5, height: 5 },
		};
		const accepted: Array<[string, string]> = [
			['initials', 'initial'],
			['initial', 'initial'],
			['textarea', 'text_area'],
			['text_area', 'text_area'],
			['radio_buttons', 'radio_buttons'],
			['url', 'url'],
			['file', 'file'],
			['stamp', 'stamp'],
			['checkbox', 'checkbox'],
			['approval_checkmark', 'approval_checkmark'],
		];
		for (const [type, stored] of accepted) {
			const res = await patch({ type, ...at });
			expect(res.status).toBe(200);
			expect(res.body.type).toBe(stored);
		}
		const fieldsBefore = (await ok(sb, 'GET', `/signing-requests/${draft.id}/fields`)).results
			.length;
		expect(fieldsBefore).toBe(2 + accepted.length);

		for (const type of ['number', 'image', 'radio', 'rubber_stamp', 7]) {
			const res = await patch({ type, ...at });
			expect(res.status).toBe(400);
			expect(res.body).toMatchObject({ error: 'Validation Error', code: 'VALIDATION_ERROR' });
			expect(res.body.details).toEqual({
				'field.type':
					'type must be one of: text, signature, date, checkbox, initial, dropdown, radio_buttons, text_area, url, file, stamp, ' +
					'approval_signature, approval_checkmark, approval_date (aliases: initials, textarea)',
			});
		}
		// Re-typing an existing field is checked too; nothing was stored by the refused bodies.
		const retype = await patch({ id: draft.body.fields[0].id, type: 'image' });
		expect(retype.status).toBe(400);
		expect(Object.keys(retype.body.details)).toEqual(['field.type']);
		const fields = (await ok(sb, 'GET', `/signing-requests/${draft.id}/fields`)).results;
		expect(fields).toHaveLength(fieldsBefore);
		expect(fields.map((f: any) => f.type)).not.toContain('number');
		expect(fields.map((f: any) => f.type)).not.toContain('image');
		expect(fields.find((f: any) => f.id === draft.body.fields[0].id).type).toBe('signature');

		// Create (and PUT) keep the wider list: number, image and the radio alias are still fine there.
		const wide = await ok(sb, 'POST', '/signing-requests', {
			body: {
				...draftBody('Wide'),
				fields: ['number', 'image', 'radio'].map((type) => ({
					type,
					recipient_id: 'temp_ada',
					page_number: 1,
					position: { x: 1, y: 1, width: 5, height: 5 },
				})),
			},
		});
		expect(wide.fields.map((f: any) => f.type)).toEqual(['number', 'image', 'radio_buttons']);
		const put = await ok(sb, 'PUT', `/signing-requests/${draft.id}`, {
			body: { fields: [{ type: 'number', ...at }] },
		});
		expect(put.summary).toMatchObject({ fields_created: 1 });
	});

	it('PUT: reassigning to a recipient added in the same body (temp id) is refused with 400; nothing changes', async () => {
		const draft = await createDraft(sb);
		const before = await ok(sb, 'GET', `/signing-requests/${draft.id}`);
		const res = await api(sb, 'PUT', `/signing-requests/${draft.id}`, {
			body: {
				recipients: [
					{
						_temp_id: 'temp_new',
						first_name: 'Nora',
						email: 'nora@example.com',
						designation: 'Signer',
						order: 2,
					},
				],
				deleted_recipients: [
					{
						recipient_id: draft.bob,
						field_action: 'reassign',
						reassign_to_recipient_id: 'temp_new',
					},
				],
			},
		});
		expect(res.status).toBe(400);
		expect(res.body.details['deleted_recipients[0].reassign_to_recipient_id']).toBe(
			'reassign_to_recipient_id must be the id of an existing recipient; "temp_new" is a temp id of a recipient added in this request',
		);
		const after = await ok(sb, 'GET', `/signing-requests/${draft.id}`);
		expect(after.recipients).toEqual(before.recipients);
	});

	it('PUT: _temp_id recipients, reassign on delete, fields by temp id, reminders, summary; atomic on error', async () => {
		const draft = await createDraft(sb);
		const res = await api(sb, 'PUT', `/signing-requests/${draft.id}`, {
			body: {
				recipients: [
					{
						_temp_id: 'temp_new',
						first_name: 'Nora',
						last_name: 'New',
						email: 'nora@example.com',
						designation: 'Signer',
						order: 2,
					},
					{ id: draft.ada, email: 'ada.l@example.com' },
				],
				deleted_recipients: [
					{
						recipient_id: draft.bob,
						field_action: 'reassign',
						reassign_to_recipient_id: draft.ada,
					},
				],
				fields: [
					{
						type: 'text',
						recipient_id: 'temp_new',
						page_number: 1,
						position: { x: 10, y: 20, width: 30, height: 4 },
						required: true,
					},
				],
				reminders: [{ hours: 6, all_users: true, subject: 'Hurry', message: 'Expires soon' }],
			},
		});
		expect(res.status).toBe(200);
		const nora = res.body.recipients.find((r: any) => r.email === 'nora@example.com');
		// The new recipient says which temporary id it was created from (Recipient._temp_id).
		expect(nora._temp_id).toBe('temp_new');
		expect(res.body.recipients.filter((r: any) => '_temp_id' in r)).toEqual([nora]);
		expect(res.body.summary).toEqual({
			properties_updated: false,
			recipients_created: 1,
			recipients_updated: 1,
			recipients_deleted: 1,
			fields_created: 1,
			fields_updated: 0,
			fields_reassigned: 1,
			fields_deleted: 0,
			reminders_created: 1,
			reminders_updated: 0,
			warnings: [],
		});
		expect(res.body.recipients.map((r: any) => r.email)).toEqual([
			'ada.l@example.com',
			'nora@example.com',
		]);
		expect(res.body.signing_request).toMatchObject({
			id: draft.id,
			status: 'draft',
			document_page_count: 1,
		});
		const fields = (await ok(sb, 'GET', `/signing-requests/${draft.id}/fields`)).results;
		expect(fields.filter((f: any) => f.recipient_id === nora.id).map((f: any) => f.type)).toEqual([
			'text',
		]);
		expect(fields.filter((f: any) => f.recipient_id === draft.ada).map((f: any) => f.type)).toEqual(
			['signature', 'signature'],
		);
		expect(fields[0]).toMatchObject({
			field_type: fields[0].type,
			companies_workspaces_signing_requests_id: draft.id,
			x_postion: fields[0].position.x,
		});

		const before = await ok(sb, 'GET', `/signing-requests/${draft.id}`);
		const usersBefore = (await ok(sb, 'GET', `/signing-requests/${draft.id}/users`)).results;
		const bad = await api(sb, 'PUT', `/signing-requests/${draft.id}`, {
			body: {
				signing_request_properties: { name: 'Should not stick' },
				recipients: [
					{ _temp_id: 'wrong', first_name: 'X', email: 'x@example.com', designation: 'Signer' },
				],
				deleted_recipients: [
					{
						recipient_id: nora.id,
						field_action: 'reassign',
						reassign_to_recipient_id: usersBefore.find(
							(r: any) => r.designation === 'Signer' && r.id !== nora.id,
						).id,
						extra: 1,
					},
					{ recipient_id: 'nope', field_action: 'drop' },
				],
				fields: [
					{
						type: 'signature',
						recipient_id: 'temp_missing',
						page_number: 1,
						position: { x: 1, y: 1, width: 1, height: 1 },
					},
				],
			},
		});
		expect(bad.status).toBe(400);
		expect(bad.body.details).toHaveProperty(['recipients[0]._temp_id']);
		expect(bad.body.details).toHaveProperty(['deleted_recipients[1].recipient_id']);
		expect(bad.body.details).toHaveProperty(['deleted_recipients[1].field_action']);
		expect(bad.body.details).toHaveProperty(['fields[0].recipient_id']);
		expect(bad.body.section_errors.fields).toHaveLength(1);
		const after = await ok(sb, 'GET', `/signing-requests/${draft.id}`);
		expect(after.name).toBe(before.name);
		expect((await ok(sb, 'GET', `/signing-requests/${draft.id}/users`)).results).toEqual(
			usersBefore,
		);

		expect((await api(sb, 'PUT', `/signing-requests/${draft.id}`, { body: {} })).status).toBe(400);
		const switchCc = await api(sb, 'PUT', `/signing-requests/${draft.id}`, {
			body: { recipients: [{ id: nora.id, designation: 'CC' }] },
		});
		expect(switchCc.status).toBe(400);
		expect(switchCc.body.details).toHaveProperty(['recipients[0].designation']);
	});

	it('send needs a Signer; seal participants can be removed from drafts', async () => {
		const seal = await createSeal(sb);
		const sr = await ok(sb, 'POST', '/signing-requests', {
			body: {
				document: pdfBase64(1),
				recipients: [
					{ id: 'temp_c', first_name: 'C', email: 'c@example.com', designation: 'CC', order: 1 },
				],
				seal_participants: [{ seal_id: seal.id, order: 1, temp_id: 'temp_s' }],
				fields: [
					{
						type: 'stamp',
						seal_participant_temp_id: 'temp_s',
						page_number: 1,
						position: { x: 1, y: 1, width: 10, height: 10 },
					},
				],
			},
		});
		expect(sr.name).toBe('Untitled signing request');
		// The answer's field has no seal key (not documented): the sandbox keeps the link.
		expect(sb.signing.getSigningRequest(sr.id)?.fields[0].seal_participant_id).toBe(
			sr.seal_participants[0].id,
		);
		const send = await api(sb, 'POST', `/signing-requests/${sr.id}/send`);
		expect(send.status).toBe(400);
		expect(send.body.details).toHaveProperty('recipients');
		const participant = sr.seal_participants[0].id;
		expect(
			(await api(sb, 'DELETE', `/signing-requests/${sr.id}/seal-participants/${participant}`)).body,
		).toEqual({ success: true });
		expect(
			(await api(sb, 'DELETE', `/signing-requests/${sr.id}/seal-participants/${participant}`))
				.status,
		).toBe(404);
		expect((await ok(sb, 'GET', `/signing-requests/${sr.id}/fields`)).results).toEqual([]);
	});
});

describe('signer marks and files (S16–S19)', () => {
	async function richRequest() {
		const sr = await ok(sb, 'POST', '/signing-requests', {
			body: {
				name: 'Marks',
				document: pdfBase64(1),
				recipients: [
					{
						id: 'temp_a',
						first_name: 'Ada',
						last_name: 'Lovelace',
						email: 'ada@example.com',
						designation: 'Signer',
						order: 1,
					},
					{
						id: 'temp_b',
						first_name: 'Bob',
						email: 'bob@example.com',
						designation: 'Signer',
						order: 2,
					},
				],
				fields: [
					{
						type: 'signature',
						recipient_id: 'temp_a',
						page_number: 1,
						position: { x: 1, y: 1, width: 10, height: 5 },
					},
					{
						type: 'initial',
						recipient_id: 'temp_a',
						page_number: 1,
						position: { x: 20, y: 1, width: 10, height: 5 },
					},
					{
						type: 'stamp',
						recipient_id: 'temp_a',
						page_number: 1,
						position: { x: 40, y: 1, width: 10, height: 10 },
					},
					{
						type: 'file',
						recipient_id: 'temp_a',
						page_number: 1,
						position: { x: 60, y: 1, width: 10, height: 5 },
						required: true,
					},
					{
						type: 'text',
						recipient_id: 'temp_a',
						page_number: 1,
						position: { x: 1, y: 20, width: 30, height: 5 },
					},
					{
						type: 'signature',
						recipient_id: 'temp_b',
						page_number: 1,
						position: { x: 1, y: 80, width: 10, height: 5 },
					},
				],
			},
		});
		const ada = sr.recipients.find((r: any) => r.first_name === 'Ada').id;
		const bob = sr.recipients.find((r: any) => r.first_name === 'Bob').id;
		const field = (type: string, who = ada) =>
			sr.fields.find((f: any) => f.type === type && f.recipient_id === who).id as string;
		await ok(sb, 'POST', `/signing-requests/${sr.id}/send`);
		return { id: sr.id as string, ada: ada as string, bob: bob as string, field };
	}

	const decodePng = (dataUri: string) => {
		expect(dataUri.startsWith('data:image/png;base64,')).toBe(true);
		const png = Buffer.from(dataUri.slice('data:image/png;base64,'.length), 'base64');
		expect(isPng(png)).toBe(true);
		const width = png.readUInt32BE(16);
		const height = png.readUInt32BE(20);
		const idat = png.indexOf('IDAT');
		const length = png.readUInt32BE(idat - 4);
		const raw = inflateSync(png.subarray(idat + 4, idat + 4 + length));
		expect(raw.length).toBe((width + 1) * height);
		return { png, raw };
	};

	it('404 SIGNATURE_NOT_AVAILABLE before signing, 400 INVALID_FIELD_TYPE, real PNGs and files after', async () => {
		const r = await richRequest();
		const base = `/signing-requests/${r.id}/signers/${r.ada}`;
		for (const path of [
			'signature',
			'initials',
			`stamps/${r.field('stamp')}`,
			`files/${r.field('file')}`,
		]) {
			const res = await api(sb, 'GET', `${base}/${path}`);
			expect(res.status).toBe(404);
			expect(res.body.code).toBe('SIGNATURE_NOT_AVAILABLE');
		}
		expect((await api(sb, 'GET', `${base}/stamps/${r.field('signature')}`)).body.code).toBe(
			'INVALID_FIELD_TYPE',
		);
		expect((await api(sb, 'GET', `${base}/files/${r.field('text')}`)).status).toBe(400);
		expect(
			(
				await api(
					sb,
					'GET',
					`/signing-requests/${r.id}/signers/123e4567-e89b-42d3-a456-426614174000/signature`,
				)
			).body.code,
		).toBe('NOT_FOUND');
		expect((await api(sb, 'GET', `${base}/stamps/${r.field('signature', r.bob)}`)).status).toBe(
			404,
		);

		const upload = simplePdf('Insurance certificate', 1);
		sb.simulate.sign(r.id, r.ada, {
			fields: { [r.field('text')]: 'PO-4711' },
			files: {
				[r.field('file')]: {
					file_name: 'insurance.pdf',
					file_type: 'application/pdf',
					content: upload.toString('base64'),
				},
			},
		});

		const signature = await ok(sb, 'GET', `${base}/signature`);
		expect(signature).toMatchObject({
			signer_id: r.ada,
			kind: 'signature',
			format: 'png',
			framed: true,
		});
		const framed = decodePng(signature.image);
		const plain = await ok(sb, 'GET', `${base}/signature`, { query: { include_frame: 'false' } });
		expect(plain.framed).toBe(false);
		expect(decodePng(plain.image).raw.equals(framed.raw)).toBe(false);
		expect((await ok(sb, 'GET', `${base}/initials`)).kind).toBe('initials');
		const stamp = await ok(sb, 'GET', `${base}/stamps/${r.field('stamp')}`);
		expect(stamp.kind).toBe('stamp');
		decodePng(stamp.image);
		expect(
			(await api(sb, 'GET', `${base}/signature`, { query: { include_frame: 'maybe' } })).status,
		).toBe(400);
		// Bob has no initials field and has not signed
		expect(
			(await api(sb, 'GET', `/signing-requests/${r.id}/signers/${r.bob}/signature`)).status,
		).toBe(404);

		const file = await ok(sb, 'GET', `${base}/files/${r.field('file')}`);
		expect(file).toEqual({
			signer_id: r.ada,
			kind: 'file',
			file_name: 'insurance.pdf',
			file_type: 'application/pdf',
			file_size: upload.length,
			url: expect.stringMatching(new RegExp(`^${sb.url}/_files/`)),
			expires_in: 300,
		});
		const fetched = await fetchFile(file.url);
		expect(fetched.status).toBe(200);
		expect(fetched.bytes.equals(upload)).toBe(true);
		sb.clock.advance(301_000);
		expect((await fetchFile(file.url)).status).toBe(403);

		const fields = (await ok(sb, 'GET', `/signing-requests/${r.id}/fields`)).results;
		expect(fields.find((f: any) => f.id === r.field('text')).value).toBe('PO-4711');
		const audit = (await ok(sb, 'GET', `/signing-requests/${r.id}/audit`)).results.map(
			(a: any) => a.event,
		);
		expect(audit).toEqual(expect.arrayContaining(['signature_retrieved', 'file_retrieved']));
	});

	it('simulated signing rejects bad input without changing anything', async () => {
		const r = await richRequest();
		expect(() =>
			sb.simulate.sign(r.id, r.ada, { fields: { [r.field('signature', r.bob)]: 'x' } }),
		).toThrow(/Invalid signing input/);
		expect(() =>
			sb.simulate.sign(r.id, r.ada, {
				files: { [r.field('file')]: { content: Buffer.from('plain text') } },
			}),
		).toThrow(/Invalid signing input/);
		const users = (await ok(sb, 'GET', `/signing-requests/${r.id}/users`)).results;
		expect(users.find((u: any) => u.id === r.ada)).toMatchObject({
			finished_on: null,
			declined_on: null,
		});
		// a required file field left empty gets a generated PNG
		sb.simulate.sign(r.id, r.ada);
		const file = await ok(
			sb,
			'GET',
			`/signing-requests/${r.id}/signers/${r.ada}/files/${r.field('file')}`,
		);
		expect(file.file_type).toBe('image/png');
		expect(isPng((await fetchFile(file.url)).bytes)).toBe(true);
	});
});

describe('custom fields of signing requests (CF8–CF10)', () => {
	it('create (snake_case name), 409 on a taken name, soft delete', async () => {
		const draft = await createDraft(sb);
		const base = `/signing-requests/${draft.id}/custom-fields`;
		const created = await api(sb, 'POST', base, { body: { field_label: 'Contract Number (EU)' } });
		expect(created.status).toBe(201);
		expect(created.body).toMatchObject({
			field_name: 'contract_number_eu',
			field_label: 'Contract Number (EU)',
			copied_from_template: false,
		});
		const again = await api(sb, 'POST', base, {
			body: { field_label: 'Other', field_name: 'contract_number_eu' },
		});
		expect(again.status).toBe(409);
		const bad = await api(sb, 'POST', base, {
			body: { field_label: 'x'.repeat(101), field_name: 'has space' },
		});
		expect(bad.status).toBe(400);
		expect(Object.keys(bad.body.details).sort()).toEqual(['field_label', 'field_name']);
		expect((await ok(sb, 'GET', base)).custom_fields).toHaveLength(1);
		const removed = await api(sb, 'DELETE', `${base}/${created.body.id}`);
		expect(removed.status).toBe(200);
		expect(removed.body).toEqual({ message: expect.any(String) });
		expect((await ok(sb, 'GET', base)).custom_fields).toEqual([]);
		expect((await api(sb, 'DELETE', `${base}/${created.body.id}`)).status).toBe(404);
		expect(
			(await api(sb, 'POST', base, { body: { field_label: 'Contract Number (EU)' } })).status,
		).toBe(201);
		expect((await api(sb, 'GET', base, { key: SALES.liveKey })).status).toBe(404);
	});
});

describe('legacy POST /documents', () => {
	it('creates a draft with deprecation headers; 400 with details (and the headers)', async () => {
		const res = await call201();
		expect(res.headers.get('deprecation')).toBe('true');
		expect(res.headers.get('x-deprecated-message')).toBe(
			'POST /documents is deprecated; use POST /signing-requests',
		);
		expect(res.body).toMatchObject({
			name: 'Old style',
			status: 'draft',
			page_count: 1,
		});
		expect(res.body).not.toHaveProperty('template_id');
		expect(
			res.body.recipients.map((r: any) => [
				r.first_name,
				r.last_name,
				r.email,
				r.designation,
				r.order,
			]),
		).toEqual([
			['Ada', 'Lovelace King', 'ada@example.com', 'Signer', 1],
			['Bob', '', 'bob@example.com', 'Signer', 2],
		]);
		const doc = await fetchFile(res.body.document_url);
		expect(inspectPdf(doc.bytes)).toMatchObject({ ok: true, pageCount: 1 });
		expect(
			(await ok(sb, 'GET', '/signing-requests', { query: { status: 'not_sent' } })).results,
		).toHaveLength(1);

		const bad = await api(sb, 'POST', '/documents', {
			body: { recipients: [{ name: 'Ada', email: 'nope' }, {}] },
		});
		expect(bad.status).toBe(400);
		expect(bad.headers.get('deprecation')).toBe('true');
		expect(Object.keys(bad.body.details).sort()).toEqual([
			'name',
			'recipients[0].email',
			'recipients[1].email',
			'recipients[1].name',
		]);
	});

	async function call201() {
		const res = await api(sb, 'POST', '/documents', {
			body: {
				name: 'Old style',
				recipients: [
					{ name: 'Ada Lovelace King', email: 'ada@example.com' },
					{ name: 'Bob', email: 'bob@example.com' },
				],
			},
		});
		expect(res.status).toBe(201);
		return res;
	}
});

describe('/_sandbox/ HTTP endpoints and auto-sign', () => {
	it('view, sign (with values), decline and expire over HTTP without a key; not in the request log', async () => {
		const sr = await createSent(sb);
		sb.clearRequests();
		const post = (path: string, body?: unknown) =>
			fetch(`${sb.url}/_sandbox/signing-requests/${sr.id}${path}`, {
				method: 'POST',
				headers: { 'Content-Type': 'application/json' },
				body: body === undefined ? undefined : JSON.stringify(body),
			}).then(async (res) => ({ status: res.status, body: (await res.json()) as any }));

		const early = await post(`/recipients/${sr.bob}/sign`);
		expect(early.status).toBe(409);
		expect(early.body).toMatchObject({
			code: 'NOT_YOUR_TURN',
			details: { current_order: 1, recipient_order: 2 },
		});
		expect((await post(`/recipients/${sr.ada}/view`)).body).toMatchObject({
			status: 'in_progress',
			recipient_id: sr.ada,
		});
		const adaField = sr.body.fields.find((f: any) => f.recipient_id === sr.ada).id;
		const signed = await post(`/recipients/${sr.ada}/sign`, { fields: { [adaField]: 'Ada L.' } });
		expect(signed.status).toBe(200);
		expect(signed.body.status).toBe('in_progress');
		expect((await post(`/recipients/${sr.ada}/sign`)).body.code).toBe('ALREADY_FINISHED');
		const summary = (await (
			await fetch(`${sb.url}/_sandbox/signing-requests/${sr.id}`)
		).json()) as any;
		expect(summary).toMatchObject({ status: 'in_progress', current_order: 2 });
		expect(summary.recipients.map((r: any) => [r.status, r.may_act])).toEqual([
			['signed', false],
			['pending', true],
		]);
		const declined = await post(`/recipients/${sr.bob}/decline`, { reason: 'No thanks' });
		expect(declined.body.status).toBe('declined');
		expect((await post('/expire')).status).toBe(409);
		expect((await post('/recipients/nobody/sign')).status).toBe(404);
		expect((await post(`/recipients/${sr.bob}/sign`, { fields: 'x' })).status).toBe(400);
		expect(sb.requests).toHaveLength(0);
		const other = await createSent(sb, P.liveKey, 'Second');
		const expired = await fetch(`${sb.url}/_sandbox/signing-requests/${other.id}/expire`, {
			method: 'POST',
		});
		expect(((await expired.json()) as any).status).toBe('expired');
		const all = await createSent(sb, P.liveKey, 'Third');
		const res = await fetch(`${sb.url}/_sandbox/signing-requests/${all.id}/sign-all`, {
			method: 'POST',
		});
		expect(((await res.json()) as any).status).toBe('finished');
	});

	it('the CLI takes --auto-sign <ms> or SANDBOX_AUTO_SIGN_MS', () => {
		expect(parseCliOptions(['--auto-sign', '500'], {}).autoSignAfterMs).toBe(500);
		expect(
			parseCliOptions(['--auto-sign=250'], { SANDBOX_AUTO_SIGN_MS: '9' }).autoSignAfterMs,
		).toBe(250);
		expect(parseCliOptions([], { SANDBOX_AUTO_SIGN_MS: '9' }).autoSignAfterMs).toBe(9);
		expect(parseCliOptions([], {}).autoSignAfterMs).toBeUndefined();
		expect(() => parseCliOptions(['--auto-sign', 'soon'], {})).toThrow(/--auto-sign/);
	});

	it('autoSignAfterMs: signers sign by themselves, in order, after sending', async () => {
		const auto = await startSandbox({ autoSignAfterMs: 15 });
		try {
			const sr = await createSent(auto);
			const deadline = Date.now() + 3000;
			let status = '';
			while (Date.now() < deadline) {
				status = (await ok(auto, 'GET', '/signing-requests', { query: { status: 'finished' } }))
					.results.length
					? 'finished'
					: '';
				if (status) break;
				await new Promise((resolve) => setTimeout(resolve, 10));
			}
			expect(status).toBe('finished');
			const users = (await ok(auto, 'GET', `/signing-requests/${sr.id}/users`)).results;
			expect(Date.parse(users[0].finished_on)).toBeLessThanOrEqual(
				Date.parse(users[1].finished_on),
			);
			const draft = await createDraft(auto);
			await new Promise((resolve) => setTimeout(resolve, 60));
			expect((await ok(auto, 'GET', `/signing-requests/${draft.id}`)).status.sent).toBe(false);
		} finally {
			await auto.close();
		}
	});
});
