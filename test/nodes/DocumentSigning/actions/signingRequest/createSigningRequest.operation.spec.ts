import { SIGNING_REQUEST_KEYS } from '../../../../../nodes/shared/signingRequest';
import {
	TEMPLATE_REMINDERS_NOTICE,
	description,
} from '../../../../../nodes/DocumentSigning/actions/signingRequest/createSigningRequest.operation';
import { binaryItem } from '../../../../helpers/n8n';
import { PROTECTED, useSandbox } from '../../../../kit';
import type { SeedTemplate } from './fixtures';
import {
	afterReadingRoles,
	api,
	byId,
	createTemplate,
	createTemplateWith,
	NO_SUCH_ID,
	only,
	onlyWrite,
	pdf,
	run,
	withoutReadBacks,
} from './fixtures';

const ctx = useSandbox();
let template: SeedTemplate;
beforeAll(async () => {
	template = await createTemplate(ctx.sandbox);
});

const signer = (ref: string, first: string, order: number, extra: object = {}) => ({
	ref,
	first_name: first,
	last_name: 'Tester',
	email: `${first.toLowerCase()}@example.com`,
	designation: 'Signer',
	order,
	...extra,
});

const field = (recipient: string, extra: object = {}) => ({
	type: 'signature',
	recipient_id: recipient,
	page_number: 1,
	x: 10,
	y: 80,
	width: 25,
	height: 5,
	required: true,
	read_only: false,
	...extra,
});

describe('Signing Request → Create (POST /signing-requests) from a template', () => {
	it('sends template_id, recipient overrides by template user, field overrides and options', async () => {
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
						template_user_id: '',
						first_name: 'Bob',
						last_name: '',
						email: 'bob@example.com',
						designation: 'Signer',
						order: 2,
						additionalFields: { company: 'Acme' },
					},
				],
			},
			fieldsMode: 'json',
			fieldsJson: JSON.stringify([{ template_field_id: template.fieldIds[0], required: false }]),
			options: {
				name: 'NDA for Ada',
				description: 'Mutual NDA',
				expiration_hours: 72,
				language: 'de',
				completion_title: 'Danke',
				completion_redirect_url: 'https://example.com/done',
				completion_redirect_delay: 3,
			},
		});
		expect(error).toBeUndefined();
		const request = afterReadingRoles(ctx.sandbox, template.id);
		expect(request).toMatchObject({ method: 'POST', path: '/signing-requests', query: {} });
		expect(request.body).toEqual({
			template_id: template.id,
			name: 'NDA for Ada',
			description: 'Mutual NDA',
			expiration_hours: 72,
			language: 'de',
			completion_title: 'Danke',
			completion_redirect_url: 'https://example.com/done',
			completion_redirect_delay: 3,
			recipients: [
				{
					template_user_id: template.userIds[0],
					first_name: 'Ada',
					last_name: 'Lovelace',
					email: 'ada@example.com',
					designation: 'Signer',
					order: 1,
				},
				{
					first_name: 'Bob',
					email: 'bob@example.com',
					designation: 'Signer',
					order: 2,
					company: 'Acme',
				},
			],
			fields: [{ template_field_id: template.fieldIds[0], required: false }],
		});
		// Simplify (on by default): the one signing-request shape.
		const json = only(output);
		expect(Object.keys(json)).toEqual([...SIGNING_REQUEST_KEYS, 'key_mode']);
		expect(json).toMatchObject({
			status: 'draft',
			name: 'NDA for Ada',
			template_id: template.id,
			sent_at: null,
			recipient_count: 2,
			key_mode: 'live',
		});
		expect((json.recipients as Array<{ email: string }>).map((r) => r.email)).toEqual([
			'ada@example.com',
			'bob@example.com',
		]);
		expect(json.warnings).toBeUndefined();
	});

	it('with nothing but the template sends only template_id', async () => {
		const { output } = await run(ctx, 'createSigningRequest', {
			source: 'template',
			templateId: byId(template.id),
		});
		expect(onlyWrite(ctx.sandbox).body).toEqual({ template_id: template.id });
		expect(only(output).name).toBe('NDA template');
	});

	it('offers no reminders for a template (that body takes none) and sends none; a notice says where they are set', async () => {
		const reminders = description.filter((p) => p.name.startsWith('reminders'));
		expect(reminders.length).toBeGreaterThan(0);
		for (const property of reminders)
			expect(property.displayOptions?.show?.source).toEqual(['pdf']);
		const notice = description.find((p) => p.name === 'templateRemindersNotice');
		expect(notice).toMatchObject({
			type: 'notice',
			displayName: TEMPLATE_REMINDERS_NOTICE,
			displayOptions: { show: { source: ['template'] } },
		});
		expect(TEMPLATE_REMINDERS_NOTICE).toContain('Template → Update');

		const { error } = await run(ctx, 'createSigningRequest', {
			source: 'template',
			templateId: byId(template.id),
			remindersMode: 'fields',
			reminders: {
				reminder: [{ all_users: true, hours: 24, subject: 'Reminder', message: 'Please sign' }],
			},
			remindersJson: '[{"hours":24,"all_users":true,"subject":"R","message":"M"}]',
		});
		expect(error).toBeUndefined();
		expect(onlyWrite(ctx.sandbox).body).toEqual({ template_id: template.id });
	});

	it('refuses a template override that says neither which role nor which field', async () => {
		const recipient = await run(ctx, 'createSigningRequest', {
			source: 'template',
			templateId: byId(template.id),
			recipientsMode: 'json',
			recipientsJson: '[{"first_name":"Ada","email":"ada@example.com"}]',
		});
		expect(recipient.error?.message).toBe(
			'Recipients (JSON), entry 1: say which template user this is',
		);
		const fieldOverride = await run(ctx, 'createSigningRequest', {
			source: 'template',
			templateId: byId(template.id),
			fieldsMode: 'json',
			fieldsJson: '[{"required": true}]',
		});
		expect(fieldOverride.error?.message).toBe('Field 1: say which template field to change');
		const badId = await run(ctx, 'createSigningRequest', {
			source: 'template',
			templateId: byId('={{ "nope" }}'),
		});
		expect(badId.error?.message).toBe('"Template" is not a valid ID: "nope"');
		expect(ctx.sandbox.requests).toHaveLength(0);
	});

	it('field changes from the form send only what was added; the template field keeps the rest', async () => {
		const { output, error } = await run(ctx, 'createSigningRequest', {
			source: 'template',
			templateId: byId(template.id),
			fieldsMode: 'fields',
			fields: {
				field: [
					{
						template_field_id: template.fieldIds[0],
						variable_name: '',
						changes: { required: false },
					},
					{
						template_field_id: template.fieldIds[1],
						variable_name: '',
						changes: { x: 50, y: 90, width: 40, height: 6 },
					},
				],
			},
		});
		expect(error).toBeUndefined();
		expect(onlyWrite(ctx.sandbox).body).toEqual({
			template_id: template.id,
			fields: [
				{ template_field_id: template.fieldIds[0], required: false },
				{
					template_field_id: template.fieldIds[1],
					position: { x: 50, y: 90, width: 40, height: 6 },
				},
			],
		});
		const id = String(only(output).id);
		const fields = (
			await api<{ results: Array<Record<string, unknown>> }>(
				ctx.sandbox,
				'GET',
				`/signing-requests/${id}/fields`,
			)
		).body.results;
		const byOrder = [...fields].sort(
			(a, b) => Number((a.position as { y: number }).y) - Number((b.position as { y: number }).y),
		);
		// the first field: only "required" changed; type, page and position are the template's
		expect(byOrder[0]).toMatchObject({
			type: 'signature',
			page_number: 2,
			required: false,
			position: { x: 10, y: 70, width: 30, height: 5 },
		});
		// the second field: moved, still required, still on page 2
		expect(byOrder[1]).toMatchObject({
			type: 'signature',
			page_number: 2,
			required: true,
			position: { x: 50, y: 90, width: 40, height: 6 },
		});
	});

	it('refuses field changes a template-based request cannot make, before sending', async () => {
		const { error } = await run(ctx, 'createSigningRequest', {
			source: 'template',
			templateId: byId(template.id),
			fieldsMode: 'json',
			fieldsJson: JSON.stringify([{ template_field_id: template.fieldIds[0], page_number: 1 }]),
		});
		expect(error?.message).toBe(
			'Fields (JSON), entry 1: "page_number" cannot be changed on a template field',
		);
		expect(ctx.sandbox.requests).toHaveLength(0);
	});

	it('maps an unknown template to a 404 naming the template and the parameter', async () => {
		const { error } = await run(ctx, 'createSigningRequest', {
			source: 'template',
			templateId: byId(NO_SUCH_ID),
		});
		expect(error?.message).toBe(`Template ${NO_SUCH_ID} was not found [NOT_FOUND]`);
		expect((error as { description?: string }).description).toBe(
			`No template with the ID ${NO_SUCH_ID} exists for this key. Check "Template": the template may have been deleted, or belong to a workspace this key cannot reach (a workspace's key only reaches its own workspace). Nothing was created.`,
		);
		expect(onlyWrite(ctx.sandbox).body).toEqual({ template_id: NO_SUCH_ID });
	});
});

describe("Signing Request → Create from a template: refused before creating what the template's roles cannot take (issue 36 §4)", () => {
	const ROLES =
		'The template\'s roles: Order 1 Signer "Role One" (role1@example.com); Order 2 Signer "Role Two" (role2@example.com).';
	const person = (first_name: string, extra: object = {}) => ({
		template_user_id: '',
		first_name,
		email: `${first_name.toLowerCase()}@example.com`,
		...extra,
	});
	const create = (parameters: Record<string, unknown>, options = {}) =>
		run(
			ctx,
			'createSigningRequest',
			{ source: 'template', templateId: byId(template.id), ...parameters },
			options,
		);
	const onlyTheRead = () =>
		expect(withoutReadBacks(ctx.sandbox).map((r) => `${r.method} ${r.path}`)).toEqual([
			`GET /templates/${template.id}/users`,
		]);

	it('a third recipient on a template with two roles (its Order left empty): the roles and the ways forward, nothing created', async () => {
		const { error } = await create({
			recipients: { recipient: [person('Ada'), person('Bob'), person('Cy')] },
		});
		expect(error?.message).toBe(
			'Recipient 3 has no place in the template: none of its signers and approvers has Order 3 (its Order was left empty: the next free one)',
		);
		const description = (error as { description?: string }).description;
		expect(description).toBe(
			`Nothing was created. Each recipient takes the place of one of the template's signers or approvers, by "Template User" or by "Order". ${ROLES} To add another person, add a role to the template (Template → Update, Users) or create the signing request from a PDF (Source: PDF), or create the draft and add them with Signing Request → Update; someone who only gets a copy can be a CC (Designation: CC).`,
		);
		onlyTheRead();
	});

	it.each([
		[
			'an Order no role has (JSON)',
			[{ first_name: 'Ada', email: 'ada@example.com', order: 5 }],
			'Recipients (JSON), entry 1 has no place in the template: none of its signers and approvers has Order 5',
		],
		[
			'a Template User of another template',
			[{ template_user_id: NO_SUCH_ID, first_name: 'Ada', email: 'ada@example.com' }],
			`Recipients (JSON), entry 1: template_user_id "${NO_SUCH_ID}" is not a recipient of this template`,
		],
		[
			'one role taken twice, once by its Template User and once by its Order',
			[
				{ template_user_id: 'ROLE1', first_name: 'Ada', email: 'ada@example.com' },
				{ first_name: 'Bob', email: 'bob@example.com', order: 1 },
			],
			'Recipients (JSON), entry 2 and Recipients (JSON), entry 1 both replace the template\'s Order 1 Signer "Role One" (role1@example.com)',
		],
	])('refused before creating: %s', async (_what, recipients, message) => {
		const { error } = await create({
			recipientsMode: 'json',
			recipientsJson: JSON.stringify(recipients).replace('ROLE1', template.userIds[0]),
		});
		expect(error?.message).toBe(message);
		expect((error as { description?: string }).description).toContain(ROLES);
		onlyTheRead();
	});

	it("reads the template's users once per template and run, whatever the number of items", async () => {
		const other = await createTemplateWith(ctx.sandbox, 'Other', [
			{ first_name: 'Only', email: 'only@example.com', designation: 'Signer', order: 1 },
		]);
		ctx.sandbox.clearRequests();
		const { output, error } = await run(
			ctx,
			'createSigningRequest',
			{
				source: 'template',
				templateId: byId('={{ $json.template }}'),
				recipients: { recipient: [person('Ada', { email: '={{ $json.mail }}' })] },
			},
			{
				input: [template.id, other.id, template.id, other.id].map((id, n) => ({
					json: { template: id, mail: `p${n}@example.com` },
				})),
			},
		);
		expect(error).toBeUndefined();
		expect(output[0]).toHaveLength(4);
		expect(withoutReadBacks(ctx.sandbox).map((r) => `${r.method} ${r.path}`)).toEqual([
			`GET /templates/${template.id}/users`,
			'POST /signing-requests',
			`GET /templates/${other.id}/users`,
			'POST /signing-requests',
			'POST /signing-requests',
			'POST /signing-requests',
		]);
	});

	it("the credential's workspace (the answer lacks it): one read per run, whatever the number of items; none with Simplify off", async () => {
		const { output, error } = await run(
			ctx,
			'createSigningRequest',
			{
				source: 'template',
				templateId: byId(template.id),
				recipients: { recipient: [person('Ada', { email: '={{ $json.mail }}' })] },
			},
			{ input: [0, 1, 2].map((n) => ({ json: { mail: `w${n}@example.com` } })) },
		);
		expect(error).toBeUndefined();
		const jsons = output[0].map((item) => item.json);
		expect(jsons).toHaveLength(3);
		for (const json of jsons) expect(json.workspace_id).toBe(PROTECTED.id);
		// 3 items: 3 creates, 1 read of the first one's detail (its companies_workspaces_id).
		expect(ctx.sandbox.requests.map((r) => `${r.method} ${r.path}`)).toEqual([
			`GET /templates/${template.id}/users`,
			'POST /signing-requests',
			`GET /signing-requests/${String(jsons[0].id)}`,
			'POST /signing-requests',
			'POST /signing-requests',
		]);

		ctx.sandbox.clearRequests();
		const raw = await run(ctx, 'createSigningRequest', {
			source: 'template',
			templateId: byId(template.id),
			recipients: { recipient: [person('Ada', { email: 'raw@example.com' })] },
			simplify: false,
		});
		expect(raw.error).toBeUndefined();
		expect(ctx.sandbox.requests.map((r) => r.method)).toEqual(['GET', 'POST']);
	});

	it('a failed workspace read never fails the create: the draft is output, with a warning', async () => {
		ctx.sandbox.clearRequests();
		ctx.sandbox.injectFault({
			method: 'GET',
			path: /^\/signing-requests\/[0-9a-f-]{36}$/,
			kind: 'status',
			status: 500,
			body: { error: 'Internal error' },
		});
		const { output, error } = await run(ctx, 'createSigningRequest', {
			source: 'template',
			templateId: byId(template.id),
			recipients: { recipient: [person('Ada', { email: 'fail@example.com' })] },
		});
		expect(error).toBeUndefined();
		const json = only(output);
		expect(json).toMatchObject({ status: 'draft', workspace_id: null });
		expect(json.warnings).toEqual([expect.stringMatching(/^workspace_id could not be read/)]);
		expect(Object.keys(json).slice(-2)).toEqual(['warnings', 'key_mode']);
	});

	it('reads nothing when no recipient takes a role (only CC recipients, or none)', async () => {
		const { error } = await create({
			recipientsMode: 'json',
			recipientsJson: '[{"designation":"CC","first_name":"Cee","email":"cee@example.com"}]',
		});
		expect(error).toBeUndefined();
		expect(onlyWrite(ctx.sandbox).method).toBe('POST');
	});

	it('a template that does not exist: the read says so, naming the parameter; nothing created', async () => {
		const { error } = await run(ctx, 'createSigningRequest', {
			source: 'template',
			templateId: byId(NO_SUCH_ID),
			recipients: { recipient: [person('Ada')] },
		});
		expect(error?.message).toBe(`Template ${NO_SUCH_ID} was not found [NOT_FOUND]`);
		expect((error as { description?: string }).description).toMatch(
			/Check "Template".*Nothing was created\.$/,
		);
		expect(withoutReadBacks(ctx.sandbox).map((r) => `${r.method} ${r.path}`)).toEqual([
			`GET /templates/${NO_SUCH_ID}/users`,
		]);
	});
});

describe('Signing Request → Create (POST /signing-requests) from a PDF', () => {
	const document = pdf(2, 'Lease');

	for (const mode of ['default', 'filesystem'] as const) {
		it(`uploads the PDF of a ${mode === 'default' ? 'buffer-backed' : 'file-backed'} binary with temp recipient IDs`, async () => {
			const input = [await binaryItem(document, 'Lease 2025.pdf', 'application/pdf', { mode })];
			if (mode === 'filesystem') expect(input[0].binary?.data.id).toMatch(/^filesystem/);
			const { output, error } = await run(
				ctx,
				'createSigningRequest',
				{
					source: 'pdf',
					binaryPropertyName: 'data',
					// The answer's fields show the real recipient IDs (Simplify keeps no fields).
					simplify: false,
					recipientsMode: 'fields',
					recipients: { recipient: [signer('temp_1', 'Ada', 1), signer('temp_2', 'Bob', 2)] },
					fieldsMode: 'fields',
					fields: {
						field: [
							field('temp_1'),
							field('temp_2', {
								page_number: 2,
								type: 'date',
								additionalFields: { date_format: 'yyyy-MM-dd', date_signing_default: false },
							}),
						],
					},
					remindersMode: 'fields',
					reminders: {
						reminder: [
							{
								all_users: false,
								recipient_id: 'temp_2',
								hours: 24,
								subject: 'Reminder',
								message: 'Please sign',
							},
						],
					},
					settingsMode: 'fields',
					settings: { use_signing_order: true, allow_download: false },
				},
				{ input },
			);
			expect(error).toBeUndefined();
			const request = onlyWrite(ctx.sandbox);
			expect(request.body).toEqual({
				document: document.toString('base64'),
				name: 'Lease 2025',
				recipients: [
					{
						id: 'temp_1',
						first_name: 'Ada',
						last_name: 'Tester',
						email: 'ada@example.com',
						designation: 'Signer',
						order: 1,
					},
					{
						id: 'temp_2',
						first_name: 'Bob',
						last_name: 'Tester',
						email: 'bob@example.com',
						designation: 'Signer',
						order: 2,
					},
				],
				fields: [
					{
						type: 'signature',
						recipient_id: 'temp_1',
						page_number: 1,
						position: { x: 10, y: 80, width: 25, height: 5 },
						required: true,
						read_only: false,
					},
					{
						type: 'date',
						recipient_id: 'temp_2',
						page_number: 2,
						position: { x: 10, y: 80, width: 25, height: 5 },
						required: true,
						read_only: false,
						// n8n fills in the defaults of the entry's visible options (date fields).
						date_signing_default: false,
						format_rules: { dateFormat: 'yyyy-MM-dd' },
					},
				],
				reminders: [
					{
						all_users: false,
						recipient_id: 'temp_2',
						hours: 24,
						subject: 'Reminder',
						message: 'Please sign',
					},
				],
				settings: { use_signing_order: true, allow_download: false },
			});
			const json = only(output);
			expect(json).toMatchObject({
				status: 'draft',
				name: 'Lease 2025',
				page_count: 2,
				key_mode: 'live',
			});
			// Real IDs replace the temp IDs, and the fields point at them.
			const recipients = json.recipients as Array<{ id: string; email: string }>;
			const fields = json.fields as Array<{ recipient_id: string }>;
			expect(recipients.every((r) => /^[0-9a-f-]{36}$/.test(r.id))).toBe(true);
			expect(fields.map((f) => f.recipient_id)).toEqual(recipients.map((r) => r.id));
		});
	}

	it('takes recipients and fields as JSON (aliases normalised) and passes the warnings on', async () => {
		const { output, error } = await run(
			ctx,
			'createSigningRequest',
			{
				source: 'pdf',
				binaryPropertyName: 'contract',
				recipientsMode: 'json',
				recipientsJson: '={{ $json.recipients }}',
				fieldsMode: 'json',
				fieldsJson: JSON.stringify([
					{
						type: 'initials',
						recipient_id: 'temp_signer',
						page_number: 1,
						position: { x: 80, y: 90, width: 10, height: 5 },
					},
				]),
				options: { name: 'JSON made' },
			},
			{
				input: [
					await binaryItem(document, 'x.pdf', 'application/pdf', {
						property: 'contract',
						json: {
							recipients: [
								{
									id: 'temp_signer',
									first_name: 'Ada',
									email: 'Ada@Example.com',
									designation: 'Signer',
									order: 1,
								},
							],
						},
					}),
				],
			},
		);
		expect(error).toBeUndefined();
		expect(onlyWrite(ctx.sandbox).body).toMatchObject({
			name: 'JSON made',
			recipients: [
				{
					id: 'temp_signer',
					first_name: 'Ada',
					email: 'Ada@Example.com',
					designation: 'Signer',
					order: 1,
				},
			],
			fields: [
				{
					type: 'initial',
					recipient_id: 'temp_signer',
					page_number: 1,
					position: { x: 80, y: 90, width: 10, height: 5 },
				},
			],
		});
		const json = only(output);
		expect(json.key_mode).toBe('live');
		expect(json.warnings).toEqual([expect.stringContaining('Ada@Example.com')]);
	});

	it('checks the input before sending anything', async () => {
		const input = [await binaryItem(document, 'x.pdf', 'application/pdf')];
		const cases: Array<[Record<string, unknown>, string]> = [
			[
				{ binaryPropertyName: 'file' },
				'No binary property "file" on item 0 (set in "Input Binary Field")',
			],
			[
				{ recipientsMode: 'json', recipientsJson: '[{"id":"temp_1","first_name":"Ada",}]' },
				'"Recipients (JSON)" is not valid JSON',
			],
			[
				{ recipientsMode: 'json', recipientsJson: '[{"id":"temp_1","first_name":"Ada"}]' },
				'Recipients (JSON), entry 1: "email" is required',
			],
			[
				{ recipientsMode: 'fields', recipients: { recipient: [signer('ada', 'Ada', 1)] } },
				'Recipient 1: "ada" is not a temporary ID',
			],
			[
				{
					recipientsMode: 'fields',
					recipients: { recipient: [signer('temp_1', 'Ada', 1), signer('temp_1', 'Bob', 2)] },
				},
				'Recipient 2: the temporary ID "temp_1" is used twice',
			],
			[
				{
					recipientsMode: 'fields',
					recipients: { recipient: [signer('temp_1', 'Ada', 1)] },
					fieldsMode: 'fields',
					fields: { field: [field('temp_9')] },
				},
				'Field 1: recipient "temp_9" is not one of this request\'s recipients',
			],
			[
				{ fieldsMode: 'fields', fields: { field: [field('temp_1', { x: 90 })] } },
				'Field 1: the field runs off the page (x + width and y + height must stay within 100)',
			],
			[
				{ settingsMode: 'json', settingsJson: '{"use_signing_order": "yes"}' },
				'Settings: "use_signing_order" must be true or false',
			],
			[
				{ options: { completion_redirect_url: 'http://localhost/x' } },
				'Additional Options: "Completion Redirect URL" may point at localhost only with the Test API Key',
			],
		];
		for (const [parameters, message] of cases) {
			const { error } = await run(
				ctx,
				'createSigningRequest',
				{ source: 'pdf', binaryPropertyName: 'data', ...parameters },
				{ input, keyToUse: 'live' },
			);
			expect(error?.message).toBe(message);
		}
		const notPdf = await run(
			ctx,
			'createSigningRequest',
			{ source: 'pdf' },
			{
				input: [await binaryItem(Buffer.from('hello'), 'x.txt', 'text/plain')],
			},
		);
		expect(notPdf.error?.message).toBe('The file in binary property "data" is not a PDF');
		expect(ctx.sandbox.requests).toHaveLength(0);
	});
});
