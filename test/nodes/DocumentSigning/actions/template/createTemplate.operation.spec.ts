import { binaryItem } from '../../../../helpers/n8n';
import { api, credentials, jsonOf, run, sent, simplePdf, useSandbox } from './fixtures';

const ctx = useSandbox();
const create = (parameters: Record<string, unknown>, extra = {}) =>
	run(ctx, 'template', 'createTemplate', parameters, extra);

const PDF = simplePdf('Consulting Agreement', 3);

describe('Template → Create (POST /templates)', () => {
	it('sends name, the PDF from a buffer-backed binary, description, expiration and the four settings', async () => {
		const input = [await binaryItem(PDF, 'agreement.pdf', 'application/pdf', { mode: 'default' })];
		const { output, error } = await create(
			{
				name: ' Consulting Agreement ',
				additionalFields: { description: 'For contractors', expiration_hours: 72 },
				settings: {
					allow_editing_before_sending: true,
					attach_pdf_on_finish: false,
					allow_download: true,
					hand_drawn_only: true,
				},
			},
			{ input },
		);
		expect(error).toBeUndefined();
		expect(sent(ctx)).toHaveLength(1);
		expect(sent(ctx)[0]).toMatchObject({
			method: 'POST',
			path: '/templates',
			query: {},
			status: 201,
		});
		expect(sent(ctx)[0].body).toEqual({
			name: 'Consulting Agreement',
			document: PDF.toString('base64'),
			description: 'For contractors',
			expiration_hours: 72,
			settings: {
				allow_editing_before_sending: true,
				attach_pdf_on_finish: false,
				allow_download: true,
				hand_drawn_only: true,
			},
		});
		const [template] = jsonOf(output);
		expect(template).toMatchObject({
			name: 'Consulting Agreement',
			description: 'For contractors',
			page_count: 3,
			expiration_hours: 72,
			key_mode: 'live',
			settings: expect.objectContaining({ hand_drawn_only: true, attach_pdf_on_finish: false }),
		});
		const stored = await api(ctx.sandbox, 'GET', `/templates/${String(template.id)}`);
		expect(stored.status).toBe(200);
		expect(stored.body.name).toBe('Consulting Agreement');
	});

	it('reads the PDF from a file-backed (filesystem) binary, under another property name', async () => {
		const input = [
			await binaryItem(PDF, 'agreement.pdf', 'application/pdf', {
				mode: 'filesystem',
				property: 'contract',
			}),
		];
		expect(String(input[0].binary?.contract.id)).toMatch(/^filesystem/);
		const { output, error } = await create(
			{ name: 'From Disk', binaryPropertyName: 'contract' },
			{ input, binaryMode: 'filesystem' },
		);
		expect(error).toBeUndefined();
		expect(sent(ctx)[0].body).toEqual({ name: 'From Disk', document: PDF.toString('base64') });
		expect(output[0][0].json).toMatchObject({ name: 'From Disk', page_count: 3 });
	});

	it('takes settings as JSON', async () => {
		const input = [await binaryItem(PDF, 'a.pdf', 'application/pdf')];
		const { error } = await create(
			{ name: 'JSON Settings', settingsMode: 'json', settingsJson: '{"hand_drawn_only": true}' },
			{ input },
		);
		expect(error).toBeUndefined();
		expect((sent(ctx)[0].body as { settings: unknown }).settings).toEqual({
			hand_drawn_only: true,
		});
	});

	it('one template per input item, each with its own name and file', async () => {
		const other = simplePdf('Other', 1);
		const input = [
			await binaryItem(PDF, 'a.pdf', 'application/pdf', { json: { title: 'First' } }),
			await binaryItem(other, 'b.pdf', 'application/pdf', { json: { title: 'Second' } }),
		];
		const { output, error } = await create({ name: '={{ $json.title }}' }, { input });
		expect(error).toBeUndefined();
		expect(sent(ctx).map((r) => (r.body as { name: string }).name)).toEqual(['First', 'Second']);
		expect((sent(ctx)[1].body as { document: string }).document).toBe(other.toString('base64'));
		expect(output[0].map((item) => [item.json.name, item.pairedItem])).toEqual([
			['First', { item: 0 }],
			['Second', { item: 1 }],
		]);
	});

	it('marks the output of the test key', async () => {
		const input = [await binaryItem(PDF, 'a.pdf', 'application/pdf')];
		const { output } = await create(
			{ name: 'Test Mode' },
			{ input, credentials: credentials(ctx.sandbox, { keyToUse: 'test' }) },
		);
		expect(output[0][0].json.key_mode).toBe('test');
	});

	describe('refuses bad input before sending anything', () => {
		it('a missing binary property, naming it', async () => {
			const input = [await binaryItem(PDF, 'a.pdf', 'application/pdf', { property: 'file' })];
			const { error } = await create({ name: 'X', binaryPropertyName: 'data' }, { input });
			expect(error?.message).toBe(
				'No binary property "data" on item 0 (set in "Input Binary Field")',
			);
			expect((error as { description?: string }).description).toContain('file');
			expect(sent(ctx)).toHaveLength(0);
		});

		it('an item without any binary', async () => {
			const { error } = await create({ name: 'X' }, { input: [{ json: {} }] });
			expect(error?.message).toBe(
				'No binary property "data" on item 0 (set in "Input Binary Field")',
			);
			expect(sent(ctx)).toHaveLength(0);
		});

		it('a file that is not a PDF', async () => {
			const input = [
				await binaryItem(Buffer.from('PK\u0003\u0004 not a pdf'), 'a.docx', 'application/zip'),
			];
			const { error } = await create({ name: 'X' }, { input });
			expect(error?.message).toBe('The file in binary property "data" is not a PDF');
			expect(sent(ctx)).toHaveLength(0);
		});

		it('invalid settings JSON', async () => {
			const input = [await binaryItem(PDF, 'a.pdf', 'application/pdf')];
			const { error } = await create(
				{ name: 'X', settingsMode: 'json', settingsJson: '{"hand_drawn_only": tru' },
				{ input },
			);
			expect(error?.message).toBe('"Settings (JSON)" is not valid JSON');
			expect(sent(ctx)).toHaveLength(0);
		});

		it('a setting template creation does not take', async () => {
			const input = [await binaryItem(PDF, 'a.pdf', 'application/pdf')];
			const { error } = await create(
				{ name: 'X', settingsMode: 'json', settingsJson: '{"use_signing_order": false}' },
				{ input },
			);
			expect(error?.message).toBe('Settings: "use_signing_order" is not a setting here');
			expect(sent(ctx)).toHaveLength(0);
		});

		it('a name over 255 characters, or only spaces', async () => {
			const input = [await binaryItem(PDF, 'a.pdf', 'application/pdf')];
			const long = await create({ name: 'n'.repeat(256) }, { input });
			expect(long.error?.message).toBe(
				'"Name" is 256 characters long; the service accepts at most 255',
			);
			const blank = await create({ name: '   ' }, { input });
			expect(blank.error?.message).toBe('"Name" is empty');
			expect(sent(ctx)).toHaveLength(0);
		});

		it('an expiration that is not a whole number', async () => {
			const input = [await binaryItem(PDF, 'a.pdf', 'application/pdf')];
			const { error } = await create(
				{ name: 'X', additionalFields: { expiration_hours: 1.5 } },
				{ input },
			);
			expect(error?.message).toBe(
				'"Expiration Hours" must be a whole number of 1 or more (got 1.5)',
			);
			expect(sent(ctx)).toHaveLength(0);
		});
	});
});
