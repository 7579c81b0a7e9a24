import { startSandbox, type Sandbox } from '../index';
import {
	LETTER,
	buildPdf,
	countPdfPages,
	decodePdfDocument,
	inspectPdf,
	pdfPageSizes,
	simplePdf,
} from './pdf';
import { crc32, encodeGrayPng, isPng, markPng } from './png';
import { P, SALES, api, ok, pdfBase64 } from '../fixtures';

describe('PDF and PNG helpers', () => {
	it('writes PDFs with a correct xref table, one page object per page', () => {
		const pdf = buildPdf([{ texts: [{ x: 10, y: 10, text: 'A (tricky) \\ text' }] }, {}, {}], {
			title: 'Three',
		});
		expect(inspectPdf(pdf)).toEqual({ ok: true, errors: [], pageCount: 3, objectCount: 11 });
		expect(pdf.toString('latin1')).toContain('/Type /Pages');
		expect(countPdfPages(pdf)).toBe(3);
		// a broken offset is noticed
		const text = pdf.toString('latin1');
		const shifted = text.replace(
			/(xref\n0 \d+\n0000000000 65535 f \n)(\d{10})/,
			(_m, head: string, offset: string) => head + String(Number(offset) + 1).padStart(10, '0'),
		);
		expect(shifted).not.toBe(text);
		const broken = Buffer.from(shifted, 'latin1');
		expect(inspectPdf(broken).ok).toBe(false);
	});

	it('decodes base64 PDFs and refuses non-PDFs, page-less PDFs and oversized documents', () => {
		const pdf = simplePdf('X', 2);
		expect(decodePdfDocument(pdf.toString('base64'))).toMatchObject({ ok: true, pageCount: 2 });
		expect(
			decodePdfDocument(`data:application/pdf;base64,${pdf.toString('base64')}`),
		).toMatchObject({ ok: true, pageCount: 2 });
		expect(decodePdfDocument('%%% not base64 %%%')).toMatchObject({
			ok: false,
			error: expect.stringMatching(/base64/),
		});
		expect(decodePdfDocument(Buffer.from('GIF89a').toString('base64'))).toMatchObject({
			ok: false,
			error: expect.stringMatching(/%PDF-/),
		});
		expect(decodePdfDocument(Buffer.from('%PDF-1.4\n%%EOF').toString('base64'))).toMatchObject({
			ok: false,
			error: expect.stringMatching(/no page/),
		});
		const base64 = pdf.toString('base64');
		expect(decodePdfDocument(base64, base64.length - 1)).toMatchObject({
			ok: false,
			error: `must be at most ${(base64.length - 1) / 1_000_000} MB as base64 (got ${base64.length} characters)`,
		});
		expect(decodePdfDocument(base64, base64.length)).toMatchObject({ ok: true });
	});

	it('reads page sizes from the MediaBox, in page-tree order, inherited and rotated', () => {
		const pdf = buildPdf([{}, { width: 595.28, height: 841.89 }, { width: 792, height: 612 }]);
		expect(pdfPageSizes(pdf)).toEqual([
			LETTER,
			{ width: 595.28, height: 841.89 },
			{ width: 792, height: 612 },
		]);
		const text = pdf.toString('latin1');
		// A MediaBox on the page tree node is inherited; /Rotate 90 swaps width and height; the
		// order is the /Kids order, not the file order.
		const edited = text
			.replace(/\/MediaBox \[0 0 612 792\] /, '/Rotate 90 ')
			.replace(
				/\/Type \/Pages \/Kids \[(\d+ 0 R) (\d+ 0 R) (\d+ 0 R)\]/,
				'/Type /Pages /MediaBox [0 0 300 400] /Kids [$3 $1 $2]',
			);
		expect(edited).not.toBe(text);
		expect(pdfPageSizes(Buffer.from(edited, 'latin1'))).toEqual([
			{ width: 792, height: 612 },
			{ width: 400, height: 300 },
			{ width: 595.28, height: 841.89 },
		]);
		const noBox = text.replace(/\/MediaBox \[[^\]]*\] /g, '');
		expect(pdfPageSizes(Buffer.from(noBox, 'latin1'))).toEqual([null, null, null]);
	});

	it('writes valid PNG chunks (CRC) for marks', () => {
		const png = encodeGrayPng(2, 1, new Uint8Array([0, 255]));
		expect(isPng(png)).toBe(true);
		const ihdr = png.subarray(12, 12 + 4 + 13);
		expect(png.readUInt32BE(12 + 4 + 13)).toBe(crc32(ihdr));
		expect(markPng('Ada', 'signature').equals(markPng('Ada', 'signature'))).toBe(true);
		expect(markPng('Ada', 'signature').equals(markPng('Bob', 'signature'))).toBe(false);
	});
});

describe('templates API', () => {
	let sb: Sandbox;
	beforeEach(async () => {
		sb = await startSandbox();
	});
	afterEach(() => sb.close());

	const create = (name: string, pages = 1, extra: Record<string, unknown> = {}, key = P.liveKey) =>
		ok(sb, 'POST', '/templates', {
			key,
			body: { name, document: pdfBase64(pages, name), ...extra },
		});

	it('create validates name, document and settings; reads the page count from the PDF', async () => {
		const missing = await api(sb, 'POST', '/templates', { body: {} });
		expect(missing.status).toBe(400);
		expect(Object.keys(missing.body.details).sort()).toEqual(['document', 'name']);
		const bad = await api(sb, 'POST', '/templates', {
			body: {
				name: 'x'.repeat(256),
				document: Buffer.from('plain').toString('base64'),
				expiration_hours: 0,
				settings: { allow_download: 1, use_signing_order: true },
			},
		});
		expect(bad.status).toBe(400);
		expect(Object.keys(bad.body.details).sort()).toEqual([
			'document',
			'expiration_hours',
			'name',
			'settings.allow_download',
		]);
		const withIdentity = await api(sb, 'POST', '/templates', {
			body: { name: 'T', document: pdfBase64(1), settings: { identity_editable_fields: ['name'] } },
		});
		expect(withIdentity.status).toBe(400);
		const docId = await api(sb, 'POST', '/templates', {
			body: { name: 'T', document_id: '123e4567-e89b-42d3-a456-426614174000' },
		});
		expect(docId.status).toBe(400);
		expect(docId.body.details).toHaveProperty('document_id');

		const tpl = await create('Five pages', 5, {
			description: 'd',
			expiration_hours: 24,
			settings: { hand_drawn_only: true },
		});
		expect(tpl).toMatchObject({
			page_count: 5,
			description: 'd',
			expiration_hours: 24,
		});
		// The Template answer has no workspace key; the sandbox files it under the caller's workspace.
		expect(tpl).not.toHaveProperty('workspace_id');
		expect(sb.signing.getTemplate(tpl.id)?.workspaceId).toBe(P.id);
		expect(tpl.settings).toMatchObject({ hand_drawn_only: true, allow_download: true });
		expect(tpl.settings).not.toHaveProperty('identity_editable_fields');
		// Dates as service-api.md names them (response-shapes.md: created_date / updated_date).
		expect(tpl.date_created).toEqual(expect.any(String));
		expect(tpl.date_changed).toBe(tpl.date_created);
		expect(tpl).not.toHaveProperty('created_date');
		expect(sb.state.events.emitted.map((e) => e.type)).toEqual(['template.created']);
	});

	it('lists with filters, sorting and pagination (own workspace only)', async () => {
		await create('Bravo');
		sb.clock.advance(1000);
		const alpha = await create('alpha');
		sb.clock.advance(1000);
		await create('Charlie');
		await create('Sales thing', 1, {}, SALES.liveKey);
		sb.clock.advance(1000);
		await ok(sb, 'PATCH', `/templates/${alpha.id}`, { body: { description: 'touched' } });
		const names = async (query: Record<string, string | number> = {}) =>
			(await ok(sb, 'GET', '/templates', { query })).results.map((t: any) => t.name);
		expect(await names()).toEqual(['Charlie', 'alpha', 'Bravo']);
		expect(await names({ sort_by: 'name', sort_order: 'asc' })).toEqual([
			'alpha',
			'Bravo',
			'Charlie',
		]);
		expect(await names({ sort_by: 'last_changed_on' })).toEqual(['alpha', 'Charlie', 'Bravo']);
		expect(await names({ name: 'AR' })).toEqual(['Charlie']);
		expect(await names({ created_after: alpha.date_created })).toEqual(['Charlie']);
		expect(await names({ page: 2, page_size: 2 })).toEqual(['Bravo']);
		const page = await ok(sb, 'GET', '/templates', { query: { page_size: 2 } });
		expect(page.pagination).toEqual({
			current_page: 1,
			page_size: 2,
			total_count: 3,
			total_pages: 2,
		});
		for (const [query, field] of [
			[{ page_size: 201 }, 'page_size'],
			[{ page: 0 }, 'page'],
			[{ sort_by: 'size' }, 'sort_by'],
			[{ sort_order: 'up' }, 'sort_order'],
			[{ created_before: '2024-13-45' }, 'created_before'],
		] as const) {
			const res = await api(sb, 'GET', '/templates', {
				query: query as Record<string, string | number>,
			});
			expect(res.status).toBe(400);
			expect(Object.keys(res.body.details)).toEqual([field]);
		}
		expect(
			(await ok(sb, 'GET', '/templates', { key: SALES.testKey })).results.map((t: any) => t.name),
		).toEqual(['Sales thing']);
	});

	it('PATCH: exactly one of properties, user, field, seal_participant', async () => {
		const tpl = await create('Patchy', 2);
		const mixed = await api(sb, 'PATCH', `/templates/${tpl.id}`, { body: { name: 'x', user: {} } });
		expect(mixed.status).toBe(400);
		expect(
			(await api(sb, 'PATCH', `/templates/${tpl.id}`, { body: { nothing: true } })).status,
		).toBe(400);

		const props = await ok(sb, 'PATCH', `/templates/${tpl.id}`, {
			body: { name: 'Patched', settings: { allow_download: false } },
		});
		expect(props).toEqual({ message: expect.any(String), updated_fields: ['name', 'settings'] });
		const after = await ok(sb, 'GET', `/templates/${tpl.id}`);
		expect(after).toMatchObject({
			name: 'Patched',
			settings: { allow_download: false, attach_pdf_on_finish: true },
		});

		const noOrder = await api(sb, 'PATCH', `/templates/${tpl.id}`, {
			body: { user: { first_name: 'A', email: 'a@example.com', designation: 'Signer' } },
		});
		expect(noOrder.status).toBe(400);
		expect(Object.keys(noOrder.body.details)).toEqual(['user.order']);
		const user = await ok(sb, 'PATCH', `/templates/${tpl.id}`, {
			body: {
				user: {
					first_name: 'A',
					last_name: 'B',
					email: 'a@example.com',
					designation: 'Signer',
					order: 1,
					city: 'Oslo',
				},
			},
		});
		expect(user.user).toMatchObject({
			name: 'A B',
			city: 'Oslo',
			ready_to_send: true,
			required_fields: ['first_name', 'email'],
			missing_fields: [],
		});
		const field = await ok(sb, 'PATCH', `/templates/${tpl.id}`, {
			body: {
				field: {
					type: 'text',
					assigned_to_user_id: user.user.id,
					page: 2,
					x: 5,
					y: 5,
					width: 10,
					height: 5,
					required: true,
					read_only: true,
				},
			},
		});
		// TemplatePatchResponse carries no field: it is read back from the template's fields.
		expect(field).toEqual({ message: expect.any(String), updated_fields: expect.any(Array) });
		const saved = (await ok(sb, 'GET', `/templates/${tpl.id}/fields`)).results;
		expect(saved).toEqual([
			expect.objectContaining({
				type: 'text',
				recipient_id: user.user.id,
				page_number: 2,
				position: { x: 5, y: 5, width: 10, height: 5 },
			}),
		]);
		const fieldId = saved[0].id as string;
		const users = (await ok(sb, 'GET', `/templates/${tpl.id}/users`)).results;
		expect(users[0]).toMatchObject({
			ready_to_send: false,
			required_fields: ['first_name', 'email'],
			missing_fields: [`final_value of field ${fieldId}`],
			required_read_only_fields: [
				{ variable_name: null, variable_defined_name: null, field_type: 'text' },
			],
		});
		const page3 = await api(sb, 'PATCH', `/templates/${tpl.id}`, {
			body: { field: { id: fieldId, page: 3 } },
		});
		expect(page3.status).toBe(400);
		expect(page3.body.details).toHaveProperty(['field.page_number']);
		const seal = await api(sb, 'PATCH', `/templates/${tpl.id}`, {
			body: {
				seal_participant: {
					participant_id: '123e4567-e89b-42d3-a456-426614174000',
					swap_to_seal_id: '123e4567-e89b-42d3-a456-426614174001',
				},
			},
		});
		expect(seal.status).toBe(404);
		expect(
			sb.state.events.emitted.map((e) => e.type).filter((t) => t === 'template.updated'),
		).toHaveLength(3);
	});

	it('PUT: sections, deleted_users with reassign (same designation), conditions need force', async () => {
		const tpl = await create('Putty', 1);
		expect(
			(await api(sb, 'PUT', `/templates/${tpl.id}`, { body: { force_remove_conditions: true } }))
				.status,
		).toBe(400);
		const first = await ok(sb, 'PUT', `/templates/${tpl.id}`, {
			body: {
				template_properties: { description: 'v2' },
				users: [
					{
						_temp_id: 'temp_a',
						first_name: 'A',
						email: 'a@example.com',
						designation: 'Signer',
						order: 1,
					},
					{
						_temp_id: 'temp_b',
						first_name: 'B',
						email: 'b@example.com',
						designation: 'Signer',
						order: 2,
					},
					{
						_temp_id: 'temp_c',
						first_name: 'C',
						email: 'c@example.com',
						designation: 'Approver',
						order: 3,
					},
				],
				fields: [
					{
						type: 'checkbox',
						assigned_to_user_id: 'temp_a',
						page: 1,
						x: 1,
						y: 1,
						width: 5,
						height: 5,
					},
					{
						type: 'signature',
						assigned_to_user_id: 'temp_b',
						page: 1,
						x: 10,
						y: 1,
						width: 5,
						height: 5,
					},
				],
				reminders: [{ hours: 24, user_id: 'temp_a', subject: 'S', message: 'M' }],
			},
		});
		expect(first.description).toBe('v2');
		const [a, b, c] = first.recipients;
		const [checkbox, signature] = first.fields;
		expect(await ok(sb, 'GET', `/templates/${tpl.id}/reminders`)).toEqual([
			expect.objectContaining({
				hours: 24,
				template_user_id: a.id,
				all_users: false,
				subject: 'S',
			}),
		]);

		const wrongDesignation = await api(sb, 'PUT', `/templates/${tpl.id}`, {
			body: {
				deleted_users: [{ user_id: b.id, field_action: 'reassign', reassign_to_user_id: c.id }],
			},
		});
		expect(wrongDesignation.status).toBe(400);
		expect(wrongDesignation.body.details['deleted_users[0].reassign_to_user_id']).toMatch(
			/same designation/,
		);

		await ok(sb, 'PUT', `/templates/${tpl.id}`, {
			body: {
				fields: [
					{
						id: signature.id,
						visibility_conditions: {
							logic: 'and',
							groups: [{ conditions: [{ field_id: checkbox.id, operator: 'is_filled' }] }],
						},
					},
				],
			},
		});
		const blocked = await api(sb, 'PUT', `/templates/${tpl.id}`, {
			body: { deleted_users: [{ user_id: a.id, field_action: 'delete' }] },
		});
		expect(blocked.status).toBe(400);
		expect(blocked.body.details['deleted_users[0].user_id']).toMatch(/force_remove_conditions/);
		const forced = await ok(sb, 'PUT', `/templates/${tpl.id}`, {
			body: {
				force_remove_conditions: true,
				deleted_users: [{ user_id: a.id, field_action: 'delete' }],
			},
		});
		expect(forced.recipients.map((u: any) => u.first_name)).toEqual(['B', 'C']);
		// TemplateField shows no conditions: the sandbox's record says they were removed.
		expect(forced.fields).toEqual([expect.objectContaining({ id: signature.id })]);
		expect(sb.signing.getTemplate(tpl.id)?.fields[0].visibility_conditions).toBeNull();
		expect(forced).not.toHaveProperty('summary');
		expect(await ok(sb, 'GET', `/templates/${tpl.id}/reminders`)).toEqual([]);
		const moved = await ok(sb, 'PUT', `/templates/${tpl.id}`, {
			body: {
				users: [
					{
						_temp_id: 'temp_d',
						first_name: 'D',
						email: 'd@example.com',
						designation: 'Signer',
						order: 1,
					},
				],
				deleted_users: [{ user_id: b.id, field_action: 'reassign', reassign_to_user_id: 'temp_d' }],
			},
		});
		const d = moved.recipients.find((u: any) => u.first_name === 'D');
		expect((await ok(sb, 'GET', `/templates/${tpl.id}/fields`)).results).toEqual([
			expect.objectContaining({ id: signature.id, recipient_id: d.id }),
		]);
	});

	it('replace-document keeps fields and needs the same page count; soft delete', async () => {
		const tpl = await create('Swap', 2);
		await ok(sb, 'PATCH', `/templates/${tpl.id}`, {
			body: { field: { type: 'signature', page: 2, x: 1, y: 1, width: 5, height: 5 } },
		});
		const wrong = await api(sb, 'POST', `/templates/${tpl.id}/replace-document`, {
			body: { document: pdfBase64(3) },
		});
		expect(wrong.status).toBe(400);
		expect(wrong.body.details.document).toMatch(/same page count/);
		const replaced = await ok(sb, 'POST', `/templates/${tpl.id}/replace-document`, {
			body: { document: pdfBase64(2, 'Version 2') },
		});
		expect(replaced.fields).toHaveLength(1);
		const doc = await fetch(replaced.document_url).then(async (r) =>
			Buffer.from(await r.arrayBuffer()),
		);
		expect(doc.toString('latin1')).toContain('(Version 2) Tj');

		const deleted = await api(sb, 'DELETE', `/templates/${tpl.id}`);
		expect(deleted.status).toBe(200);
		expect(deleted.body.message).toEqual(expect.any(String));
		expect((await api(sb, 'GET', `/templates/${tpl.id}`)).status).toBe(404);
		expect((await ok(sb, 'GET', '/templates')).results).toEqual([]);
		expect(sb.signing.getTemplate(tpl.id)?.deleted_on).not.toBeNull();
		expect(sb.state.events.emitted.map((e) => e.type).slice(-1)).toEqual(['template.deleted']);
	});

	it('replace-document needs the same page sizes (±1 pt) as well', async () => {
		const pdf = (...pages: Array<{ width: number; height: number }>) =>
			buildPdf(
				pages.map((size, i) => ({ ...size, texts: [{ x: 20, y: 20, text: `Page ${i + 1}` }] })),
			).toString('base64');
		const A4 = { width: 595.28, height: 841.89 };
		const tpl = await create('Sizes', 2);
		const replace = (document: string) =>
			api(sb, 'POST', `/templates/${tpl.id}/replace-document`, { body: { document } });
		const refused: Array<[string, string]> = [
			[pdf(A4, LETTER), 'page 1 is 595.28 × 841.89 pt instead of 612 × 792 pt'],
			[pdf(LETTER, { width: 792, height: 612 }), 'page 2 is 792 × 612 pt instead of 612 × 792 pt'],
			[
				pdf(LETTER, { width: 613.5, height: 792 }),
				'page 2 is 613.5 × 792 pt instead of 612 × 792 pt',
			],
			[
				pdf({ width: 612, height: 790.9 }, LETTER),
				'page 1 is 612 × 790.9 pt instead of 612 × 792 pt',
			],
		];
		for (const [document, message] of refused) {
			const res = await replace(document);
			expect(res.status).toBe(400);
			expect(res.body).toMatchObject({ error: 'Validation Error', code: 'VALIDATION_ERROR' });
			expect(res.body.details).toEqual({
				document: `the new document must have the same page sizes as the current one (±1 pt); ${message}`,
			});
		}
		expect(sb.signing.getTemplate(tpl.id)?.document.toString('latin1')).toContain('(Sizes) Tj');
		// Within 1 pt is the same size.
		await ok(sb, 'POST', `/templates/${tpl.id}/replace-document`, {
			body: { document: pdf({ width: 612.9, height: 791.1 }, { width: 611, height: 793 }) },
		});
		expect(pdfPageSizes(sb.signing.getTemplate(tpl.id)!.document)).toEqual([
			{ width: 612.9, height: 791.1 },
			{ width: 611, height: 793 },
		]);
		// An A4 template takes A4 only.
		const a4 = await ok(sb, 'POST', '/templates', { body: { name: 'A4', document: pdf(A4) } });
		expect(
			(
				await api(sb, 'POST', `/templates/${a4.id}/replace-document`, {
					body: { document: pdf(LETTER) },
				})
			).status,
		).toBe(400);
		expect(
			(
				await api(sb, 'POST', `/templates/${a4.id}/replace-document`, {
					body: { document: pdf(A4) },
				})
			).status,
		).toBe(200);
	});

	it('copy needs the protected key and a workspace of the company; default name "<original> (copy)"', async () => {
		const tpl = await create('Master NDA', 2);
		await ok(sb, 'PUT', `/templates/${tpl.id}`, {
			body: {
				users: [
					{
						_temp_id: 'temp_a',
						first_name: 'A',
						email: 'a@example.com',
						designation: 'Signer',
						order: 1,
					},
				],
				fields: [
					{
						type: 'signature',
						assigned_to_user_id: 'temp_a',
						page: 2,
						x: 1,
						y: 1,
						width: 5,
						height: 5,
					},
				],
			},
		});
		const bySales = await api(sb, 'POST', `/templates/${tpl.id}/copy`, {
			key: SALES.liveKey,
			body: { workspace_id: SALES.id },
		});
		expect(bySales.status).toBe(403);
		expect(bySales.body.code).toBe('PROTECTED_KEY_REQUIRED');
		expect(
			(await api(sb, 'POST', `/templates/${tpl.id}/copy`, { body: {} })).body.details,
		).toHaveProperty('workspace_id');
		expect(
			(
				await api(sb, 'POST', `/templates/${tpl.id}/copy`, {
					body: { workspace_id: '123e4567-e89b-42d3-a456-426614174000' },
				})
			).status,
		).toBe(404);

		const copy = await api(sb, 'POST', `/templates/${tpl.id}/copy`, {
			key: P.testKey,
			body: { workspace_id: SALES.id },
		});
		expect(copy.status).toBe(201);
		expect(copy.body).toEqual({
			id: expect.any(String),
			name: 'Master NDA (copy)',
			workspace_id: SALES.id,
			created_date: expect.any(String),
		});
		const seen = await ok(sb, 'GET', `/templates/${copy.body.id}`, { key: SALES.liveKey });
		expect(seen).toMatchObject({
			page_count: 2,
			recipients: [expect.objectContaining({ email: 'a@example.com' })],
		});
		expect(seen.fields[0].recipient_id).toBe(seen.recipients[0].id);
		const named = await ok(sb, 'POST', `/templates/${tpl.id}/copy`, {
			body: { workspace_id: SALES.id, name: 'Renamed' },
		});
		expect(named.name).toBe('Renamed');
		const event = sb.state.events.emitted.filter((e) => e.type === 'template.created').pop()!;
		expect(event.workspace_id).toBe(SALES.id);
	});

	it('custom fields (CF5–CF7): 409 on a taken name; copied to signing requests on duplicate', async () => {
		const tpl = await create('With fields');
		const base = `/templates/${tpl.id}/custom-fields`;
		const created = await api(sb, 'POST', base, {
			body: { field_label: 'Employee ID', field_name: 'emp_id' },
		});
		expect(created.status).toBe(201);
		expect(created.body).toEqual({
			id: expect.any(String),
			field_name: 'emp_id',
			field_label: 'Employee ID',
			created_at: expect.any(String),
			updated_at: expect.any(String),
		});
		const taken = await api(sb, 'POST', base, {
			body: { field_label: 'Other', field_name: 'emp_id' },
		});
		expect(taken.status).toBe(409);
		expect(taken.body.code).toBe('CUSTOM_FIELD_EXISTS');
		const generated = await ok(sb, 'POST', base, { body: { field_label: '  Start date!  ' } });
		expect(generated.field_name).toBe('start_date');
		expect((await ok(sb, 'GET', base)).custom_fields.map((c: any) => c.field_name)).toEqual([
			'emp_id',
			'start_date',
		]);
		await ok(sb, 'DELETE', `${base}/${generated.id}`);
		const dup = await ok(sb, 'POST', `/templates/${tpl.id}/duplicate`);
		const srFields = await ok(
			sb,
			'GET',
			`/signing-requests/${dup.signing_request.id}/custom-fields`,
		);
		// The list shows WorkspaceCustomField keys; copied_from_template is in the sandbox's record.
		expect(srFields.custom_fields).toEqual([expect.objectContaining({ field_name: 'emp_id' })]);
		expect(
			sb.signing.getSigningRequest(dup.signing_request.id)?.customFields[0].copied_from_template,
		).toBe(true);
		expect((await api(sb, 'GET', base, { key: SALES.liveKey })).status).toBe(404);
	});

	it('PUT fields[] take only the 8 types of T5; PATCH field takes the T4 (c) types, aliases normalised', async () => {
		const tpl = await create('Typed', 1);
		const at = (i: number) => ({ page: 1, x: 1, y: 1 + i * 6, width: 5, height: 5 });
		const putTypes = [
			'signature',
			'text',
			'date',
			'checkbox',
			'dropdown',
			'approval_signature',
			'approval_checkmark',
			'approval_date',
		];
		const put = await ok(sb, 'PUT', `/templates/${tpl.id}`, {
			body: {
				fields: putTypes.map((type, i) => ({
					type,
					...at(i),
					...(type === 'dropdown' ? { options: ['A', 'B'] } : {}),
				})),
			},
		});
		expect(put.fields.map((f: any) => f.type)).toEqual(putTypes);

		for (const type of [
			'stamp',
			'initial',
			'initials',
			'textarea',
			'radio_buttons',
			'url',
			'file',
			'number',
			'image',
			'rubber_stamp',
			7,
		]) {
			const refused = await api(sb, 'PUT', `/templates/${tpl.id}`, {
				body: {
					fields: [
						{ type: 'text', ...at(0) },
						{ type, ...at(1) },
					],
				},
			});
			expect(refused.status).toBe(400);
			expect(refused.body).toMatchObject({ error: 'Validation Error', code: 'VALIDATION_ERROR' });
			expect(Object.keys(refused.body.details)).toEqual(['fields[1].type']);
			expect(refused.body.details['fields[1].type']).toBe(
				`type must be one of: ${putTypes.join(', ')}`,
			);
		}
		// An update of an existing field is checked too; nothing was stored by the refused bodies.
		const existing = put.fields[0].id;
		const retype = await api(sb, 'PUT', `/templates/${tpl.id}`, {
			body: { fields: [{ id: existing, type: 'stamp' }] },
		});
		expect(retype.status).toBe(400);
		expect(retype.body.details).toHaveProperty(['fields[0].type']);
		expect(
			(await ok(sb, 'GET', `/templates/${tpl.id}/fields`)).results.map((f: any) => f.type),
		).toEqual(putTypes);

		const patch = (field: Record<string, unknown>) =>
			api(sb, 'PATCH', `/templates/${tpl.id}`, { body: { field } });
		const accepted: Array<[string, string]> = [
			['initials', 'initial'],
			['textarea', 'text_area'],
			['radio_buttons', 'radio_buttons'],
			['url', 'url'],
			['file', 'file'],
			['stamp', 'stamp'],
			['approval_checkmark', 'approval_checkmark'],
		];
		for (const [type, stored] of accepted) {
			const res = await patch({ type, ...at(9) });
			expect(res.status).toBe(200);
			const fields = (await ok(sb, 'GET', `/templates/${tpl.id}/fields`)).results;
			expect(fields[fields.length - 1].type).toBe(stored);
		}
		for (const type of ['number', 'image', 'radio', 'rubber_stamp']) {
			const res = await patch({ type, ...at(9) });
			expect(res.status).toBe(400);
			expect(res.body.code).toBe('VALIDATION_ERROR');
			expect(res.body.details).toEqual({
				'field.type':
					'type must be one of: text, signature, date, checkbox, initial, dropdown, radio_buttons, text_area, url, file, stamp, ' +
					'approval_signature, approval_checkmark, approval_date (aliases: initials, textarea)',
			});
		}
		expect((await patch({ id: existing, type: 'image' })).status).toBe(400);
		expect((await ok(sb, 'GET', `/templates/${tpl.id}/fields`)).results).toHaveLength(
			putTypes.length + accepted.length,
		);
	});

	it('duplicate validates the name and answers 404 for unknown templates', async () => {
		const tpl = await create('Dup');
		expect(
			(await api(sb, 'POST', `/templates/${tpl.id}/duplicate`, { body: { name: 'x'.repeat(256) } }))
				.status,
		).toBe(400);
		expect(
			(await api(sb, 'POST', '/templates/123e4567-e89b-42d3-a456-426614174000/duplicate')).status,
		).toBe(404);
		const testDup = await ok(sb, 'POST', `/templates/${tpl.id}/duplicate`, { key: P.testKey });
		expect(testDup.signing_request).toMatchObject({ name: 'Dup' });
		expect(testDup.signing_request).not.toHaveProperty('test_mode');
		expect(sb.signing.getSigningRequest(testDup.signing_request.id)?.test_mode).toBe(true);
	});
});
