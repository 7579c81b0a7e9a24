import type { IDataObject } from 'n8n-workflow';
import { binaryItem } from '../../../../helpers/n8n';
import { PROTECTED, useSandbox } from '../../../../kit';
import type { SeedTemplate } from './fixtures';
import {
	afterReadingRoles,
	api,
	byId,
	createTemplate,
	createTemplateWith,
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

const document = pdf(1, 'Quote');

describe('Signing Request → Create and Send (POST /signing-requests/create-and-send)', () => {
	it('sends a PDF with flat field coordinates, reminders in hours before expiration, and outputs the signing link', async () => {
		const { output, error } = await run(
			ctx,
			'createAndSendSigningRequest',
			{
				source: 'pdf',
				name: 'Quote 42',
				recipientsMode: 'fields',
				recipients: {
					recipient: [
						{
							ref: 'temp_1',
							first_name: 'Ada',
							last_name: 'Lovelace',
							email: 'ada@example.com',
							designation: 'Signer',
							order: 1,
						},
					],
				},
				fieldsMode: 'fields',
				fields: {
					field: [
						{
							type: 'signature',
							recipient_id: 'temp_1',
							page_number: 1,
							x: 100,
							y: 600,
							width: 200,
							height: 50,
							required: true,
							read_only: false,
						},
						{
							type: 'text',
							recipient_id: 'temp_1',
							page_number: 1,
							x: 100,
							y: 100,
							width: 150,
							height: 20,
							required: false,
							read_only: true,
							additionalFields: { read_only_value: '', prefilled_data: 'email' },
						},
					],
				},
				reminderSchedule: {
					reminder: [{ hours_before_expiration: 48 }, { hours_before_expiration: 4 }],
				},
				settingsMode: 'fields',
				settings: { send_finish_email: false, identity_editable_fields: ['name'] },
				options: { expiration_hours: 24, language: 'fr' },
			},
			{ input: [await binaryItem(document, 'quote.pdf', 'application/pdf')], keyToUse: 'test' },
		);
		expect(error).toBeUndefined();
		const request = onlyWrite(ctx.sandbox);
		expect(request).toMatchObject({ method: 'POST', path: '/signing-requests/create-and-send' });
		expect(request.body).toEqual({
			name: 'Quote 42',
			document: document.toString('base64'),
			expiration_hours: 24,
			language: 'fr',
			recipients: [
				{
					id: 'temp_1',
					first_name: 'Ada',
					last_name: 'Lovelace',
					email: 'ada@example.com',
					designation: 'Signer',
					order: 1,
				},
			],
			fields: [
				{
					type: 'signature',
					recipient_id: 'temp_1',
					page: 1,
					x: 100,
					y: 600,
					width: 200,
					height: 50,
					required: true,
					read_only: false,
				},
				{
					type: 'text',
					recipient_id: 'temp_1',
					page: 1,
					x: 100,
					y: 100,
					width: 150,
					height: 20,
					required: false,
					read_only: true,
					variable_name: 'email',
				},
			],
			reminders: [{ hours_before_expiration: 48 }, { hours_before_expiration: 4 }],
			settings: { send_finish_email: false, identity_editable_fields: ['name'] },
		});
		// Simplify (on by default): the one signing-request shape; the first signer's link on them.
		const json = only(output);
		expect(json).toMatchObject({
			status: 'in_progress',
			name: 'Quote 42',
			page_count: 1,
			expiration_hours: 24,
			template_id: null,
			recipient_count: 1,
			signed_count: 0,
			key_mode: 'test',
		});
		expect(json.sent_at).toEqual(expect.stringMatching(/^\d{4}-/));
		expect(json.recipients).toEqual([
			expect.objectContaining({
				first_name: 'Ada',
				name: 'Ada Lovelace',
				email: 'ada@example.com',
				designation: 'Signer',
				order: 1,
				signed_at: null,
				signing_link: expect.stringMatching(/^http/),
			}),
		]);
		expect(json).not.toHaveProperty('first_signer');
		expect(json).not.toHaveProperty('credits_remaining');
	});

	it('Simplify off: the answer as the service gives it (status "sent", first_signer, credits)', async () => {
		const { output, error } = await run(
			ctx,
			'createAndSendSigningRequest',
			{
				source: 'pdf',
				name: 'Quote 43',
				recipientsMode: 'json',
				recipientsJson:
					'[{"id":"temp_1","first_name":"Ada","email":"ada@example.com","designation":"Signer","order":1}]',
				simplify: false,
			},
			{ input: [await binaryItem(document, 'quote.pdf', 'application/pdf')], keyToUse: 'test' },
		);
		expect(error).toBeUndefined();
		const json = only(output);
		expect(json).toMatchObject({ status: 'sent', name: 'Quote 43', key_mode: 'test' });
		expect(json.first_signer).toMatchObject({
			email: 'ada@example.com',
			signing_link: expect.stringMatching(/^http/),
		});
		expect(typeof json.credits_remaining).toBe('number');
	});

	it('takes flat JSON fields as the API expects them', async () => {
		const { error } = await run(
			ctx,
			'createAndSendSigningRequest',
			{
				source: 'pdf',
				name: 'JSON fields',
				recipientsMode: 'json',
				recipientsJson:
					'[{"id":"temp_1","first_name":"Ada","email":"ada@example.com","designation":"Signer","order":1}]',
				fieldsMode: 'json',
				fieldsJson: '[{"type":"initials","recipient_id":"temp_1","page":1,"x":50,"y":700}]',
			},
			{ input: [await binaryItem(document, 'q.pdf', 'application/pdf')], keyToUse: 'test' },
		);
		expect(error).toBeUndefined();
		expect(onlyWrite(ctx.sandbox).body).toMatchObject({
			fields: [{ type: 'initial', recipient_id: 'temp_1', page: 1, x: 50, y: 700 }],
		});
	});

	it('sends from a template with the live key, using a credit', async () => {
		const { output, error } = await run(ctx, 'createAndSendSigningRequest', {
			source: 'template',
			templateId: byId(template.id),
			name: 'From template',
			recipientsMode: 'json',
			recipientsJson: JSON.stringify([
				{ template_user_id: template.userIds[0], first_name: 'Ada', email: 'ada@example.com' },
				{ template_user_id: template.userIds[1], first_name: 'Bob', email: 'bob@example.com' },
			]),
		});
		expect(error).toBeUndefined();
		expect(afterReadingRoles(ctx.sandbox, template.id).body).toEqual({
			name: 'From template',
			template_id: template.id,
			recipients: [
				{ template_user_id: template.userIds[0], first_name: 'Ada', email: 'ada@example.com' },
				{ template_user_id: template.userIds[1], first_name: 'Bob', email: 'bob@example.com' },
			],
		});
		const json = only(output);
		expect(json).toMatchObject({
			status: 'in_progress',
			key_mode: 'live',
			template_id: template.id,
		});
		expect((json.recipients as Array<Record<string, unknown>>)[0]).toMatchObject({
			email: 'ada@example.com',
			signing_link: expect.stringMatching(/^http/),
		});
		// The credit was used: the company's count went down by one.
		const company = await api(ctx.sandbox, 'GET', '/company');
		expect(company.body.credits).toBe(99);
	});

	describe('Read Expiry Date (on by default): the sent request read back for its expiry date', () => {
		const send = (parameters: Record<string, unknown> = {}, input?: Array<{ json: IDataObject }>) =>
			run(
				ctx,
				'createAndSendSigningRequest',
				{
					source: 'template',
					templateId: byId(template.id),
					name: 'Expiry',
					recipientsMode: 'json',
					recipientsJson: JSON.stringify([
						{ template_user_id: template.userIds[0], first_name: 'Ada', email: 'ada@example.com' },
						{ template_user_id: template.userIds[1], first_name: 'Bob', email: 'bob@example.com' },
					]),
					...parameters,
				},
				input ? { input } : {},
			);

		it("fills expires_at and workspace_id from the request's detail (one more read per item)", async () => {
			const { output, error } = await send();
			expect(error).toBeUndefined();
			const json = only(output);
			const id = String(json.id);
			expect(withoutReadBacks(ctx.sandbox).map((r) => r.method)).toEqual(['GET', 'POST']);
			expect(ctx.sandbox.requests.map((r) => `${r.method} ${r.path}`).slice(-1)).toEqual([
				`GET /signing-requests/${id}`,
			]);
			const detail = await api<{ expires_at: string }>(
				ctx.sandbox,
				'GET',
				`/signing-requests/${id}`,
			);
			expect(json).toMatchObject({
				status: 'in_progress',
				expires_at: detail.body.expires_at,
				workspace_id: PROTECTED.id,
			});
			expect(json.expires_at).toEqual(expect.any(String));
			expect(json).not.toHaveProperty('warnings');
		});

		it('a failed read never fails the send: the sent request is output with expires_at null and a warning not to send it again', async () => {
			ctx.sandbox.clearRequests();
			ctx.sandbox.injectFault({
				method: 'GET',
				path: /^\/signing-requests\/[0-9a-f-]{36}$/,
				kind: 'status',
				status: 500,
				body: { error: 'Internal error' },
			});
			const { output, error } = await send();
			expect(error).toBeUndefined();
			const json = only(output);
			expect(json).toMatchObject({ status: 'in_progress', expires_at: null });
			expect(json.warnings).toEqual([
				expect.stringMatching(
					/^The request was sent, but its expiry date could not be read .*Do not send it again/,
				),
			]);
			expect(Object.keys(json).slice(-2)).toEqual(['warnings', 'key_mode']);
			// Sent once: the failed read did not make it send again.
			expect(ctx.sandbox.requests.filter((r) => r.method === 'POST')).toHaveLength(1);
		});

		it("off: expires_at stays empty; the credential's workspace is read once per run (N items: 1 read)", async () => {
			ctx.sandbox.clearRequests();
			const { output, error } = await send({ readExpiryDate: false }, [{ json: {} }, { json: {} }]);
			expect(error).toBeUndefined();
			const jsons = output[0].map((item) => item.json);
			expect(jsons).toHaveLength(2);
			for (const json of jsons)
				expect(json).toMatchObject({ expires_at: null, workspace_id: PROTECTED.id });
			expect(ctx.sandbox.requests.map((r) => r.method)).toEqual(['GET', 'POST', 'GET', 'POST']);
			expect(ctx.sandbox.requests[2].path).toBe(`/signing-requests/${String(jsons[0].id)}`);
		});

		it('Simplify off: no read, the answer as it is', async () => {
			ctx.sandbox.clearRequests();
			const { output, error } = await send({ simplify: false });
			expect(error).toBeUndefined();
			expect(ctx.sandbox.requests.map((r) => r.method)).toEqual(['GET', 'POST']);
			expect(only(output)).not.toHaveProperty('expires_at');
		});
	});

	describe('two recipients may not take the place of the same template recipient', () => {
		const person = (first_name: string, extra: object) => ({
			first_name,
			email: `${first_name.toLowerCase()}@example.com`,
			...extra,
		});
		it.each([
			[
				'the form, both matched by Order 1',
				{
					recipientsMode: 'fields',
					recipients: {
						recipient: [
							person('Ada', { template_user_id: '', designation: 'Signer', order: 1 }),
							person('Bob', { template_user_id: '', designation: 'Signer', order: 1 }),
						],
					},
				},
				'Recipient 2 and Recipient 1 both replace the template user with Order 1',
				'Change "Order" of Recipient 2 to the Order of another template user (or choose its "Template User"), or remove one of them.',
			],
			[
				'JSON, both naming the same Template User',
				{
					recipientsMode: 'json',
					recipientsJson: JSON.stringify([
						person('Ada', { template_user_id: 'T0' }),
						person('Bob', { template_user_id: 'T0' }),
					]),
				},
				'Recipients (JSON), entry 2 and Recipients (JSON), entry 1 both replace Template User "T0"',
				'Choose another "template_user_id" for Recipients (JSON), entry 2, or remove one of them.',
			],
		])(
			'refused before sending, naming the field to change: %s',
			async (_, parameters, message, change) => {
				const json = (parameters as { recipientsJson?: string }).recipientsJson;
				const { error } = await run(ctx, 'createAndSendSigningRequest', {
					source: 'template',
					templateId: byId(template.id),
					name: 'Twice the same role',
					...parameters,
					...(json ? { recipientsJson: json.replace(/T0/g, template.userIds[0]) } : {}),
				});
				expect(error?.message).toBe(message.replace('T0', template.userIds[0]));
				expect((error as Error & { description?: string }).description).toContain(change);
				expect(ctx.sandbox.requests).toHaveLength(0);
			},
		);

		/** Create and Send from the template, the recipients entered in the form. */
		const sendWithForm = (name: string, ...recipient: object[]) =>
			run(ctx, 'createAndSendSigningRequest', {
				source: 'template',
				templateId: byId(template.id),
				name,
				recipientsMode: 'fields',
				recipients: { recipient },
			});

		it('the form: a second recipient left at an empty Order takes the next template user', async () => {
			const { error } = await sendWithForm(
				'Two roles',
				person('Ada', { template_user_id: '', designation: 'Signer' }),
				person('Bob', { template_user_id: '', designation: 'Signer' }),
			);
			expect(error).toBeUndefined();
			expect(afterReadingRoles(ctx.sandbox, template.id).body).toMatchObject({
				recipients: [
					{ first_name: 'Ada', order: 1 },
					{ first_name: 'Bob', order: 2 },
				],
			});
		});

		it("the service's refusal names the recipient and the field as the form does", async () => {
			// A first name longer than the service takes (B.5: at most 100 characters).
			const { error } = await sendWithForm(
				'Too long a name',
				person('A'.repeat(101), { template_user_id: '', designation: 'Signer', order: 1 }),
			);
			expect(withoutReadBacks(ctx.sandbox).map((r) => r.status)).toEqual([200, 400]);
			const description = (error as Error & { description?: string }).description ?? '';
			expect(description).toContain('- Recipient 1 → First Name:');
			expect(`${error?.message} ${description}`).not.toContain('recipients[0]');
		});

		it('CC recipients are added, not matched: two of them are fine', async () => {
			const { error } = await run(ctx, 'createAndSendSigningRequest', {
				source: 'template',
				templateId: byId(template.id),
				name: 'Two copies',
				recipientsMode: 'json',
				recipientsJson: JSON.stringify([
					person('Ada', { designation: 'CC', order: 1 }),
					person('Bob', { designation: 'CC', order: 1 }),
				]),
			});
			expect(error).toBeUndefined();
			expect(afterReadingRoles(ctx.sandbox, template.id).body).toMatchObject({
				recipients: [{ designation: 'CC' }, { designation: 'CC' }],
			});
		});
	});

	describe("from a template: what the service would refuse to send is refused first, from the template's roles (issue 36 §4)", () => {
		const sendFrom = (templateId: string, recipients: object[], options = {}) =>
			run(
				ctx,
				'createAndSendSigningRequest',
				{
					source: 'template',
					templateId: byId(templateId),
					name: 'Checked first',
					recipientsMode: 'json',
					recipientsJson: JSON.stringify(recipients),
				},
				options,
			);
		const ada = { order: 1, first_name: 'Ada', email: 'ada@example.com' };

		it('a second recipient on a template with one role: "Nothing was created or sent", the role, the ways forward', async () => {
			const one = await createTemplateWith(ctx.sandbox, 'One role', [
				{
					first_name: 'Sam',
					last_name: 'Signer',
					email: 'sam@example.com',
					designation: 'Signer',
					order: 1,
				},
			]);
			ctx.sandbox.clearRequests();
			const { error } = await run(ctx, 'createAndSendSigningRequest', {
				source: 'template',
				templateId: byId(one.id),
				name: 'Two people',
				recipients: {
					recipient: [
						{ template_user_id: '', first_name: 'Ada', email: 'ada@example.com' },
						{ template_user_id: '', first_name: 'Bob', email: 'bob@example.com' },
					],
				},
			});
			expect(error?.message).toBe(
				'Recipient 2 has no place in the template: none of its signers and approvers has Order 2 (its Order was left empty: the next free one)',
			);
			expect((error as { description?: string }).description).toBe(
				'Nothing was created or sent. Each recipient takes the place of one of the template\'s signers or approvers, by "Template User" or by "Order". The template\'s roles: Order 1 Signer "Sam Signer" (sam@example.com). To add another person, add a role to the template (Template → Update, Users) or create the signing request from a PDF (Source: PDF); someone who only gets a copy can be a CC (Designation: CC).',
			);
			expect(withoutReadBacks(ctx.sandbox).map((r) => `${r.method} ${r.path}`)).toEqual([
				`GET /templates/${one.id}/users`,
			]);
		});

		it('a template without a Signer', async () => {
			const approverOnly = await createTemplateWith(ctx.sandbox, 'Approver only', [
				{ first_name: 'Al', email: 'al@example.com', designation: 'Approver', order: 1 },
			]);
			ctx.sandbox.clearRequests();
			const { error } = await sendFrom(approverOnly.id, [ada]);
			expect(error?.message).toBe(
				'The template has no Signer: a signing request is sent only with at least one',
			);
			expect((error as { description?: string }).description).toContain(
				'The template\'s roles: Order 1 Approver "Al" (al@example.com). Add a Signer to the template (Template → Update, Users), or create the signing request from a PDF (Source: PDF).',
			);
			expect(ctx.sandbox.requests.filter((r) => r.method === 'POST')).toEqual([]);
		});

		it("a role's required field filled with recipient data (Company) that no one gives; given by the recipient, it is sent", async () => {
			const withCompany = await createTemplateWith(
				ctx.sandbox,
				'Company field',
				[{ first_name: 'Sam', email: 'sam@example.com', designation: 'Signer', order: 1 }],
				'company',
			);
			ctx.sandbox.clearRequests();
			const refused = await run(ctx, 'createAndSendSigningRequest', {
				source: 'template',
				templateId: byId(withCompany.id),
				name: 'No company',
				recipients: {
					recipient: [{ template_user_id: '', first_name: 'Ada', email: 'ada@example.com' }],
				},
			});
			expect(refused.error?.message).toBe(
				'Recipient 1: "Company" needed to send: the template\'s Order 1 Signer "Sam" (sam@example.com) has a required field filled with it',
			);
			expect((refused.error as { description?: string }).description).toBe(
				'Nothing was created or sent. Give it to Recipient 1 (under "Add Field"), or set it on the template\'s user (Template → Update, Users).',
			);
			expect(ctx.sandbox.requests.filter((r) => r.method === 'POST')).toEqual([]);
			// The service refuses the same (its send validation), had it been sent:
			const direct = await api(ctx.sandbox, 'POST', '/signing-requests/create-and-send', {
				template_id: withCompany.id,
				name: 'Direct',
				recipients: [ada],
			});
			expect(direct.status).toBe(400);
			ctx.sandbox.clearRequests();
			const sent = await sendFrom(withCompany.id, [{ ...ada, company: 'Analytical Engines' }]);
			expect(sent.error).toBeUndefined();
			expect(afterReadingRoles(ctx.sandbox, withCompany.id).status).toBe(201);
		});
	});

	it('checks the input before sending anything', async () => {
		const input = [await binaryItem(document, 'q.pdf', 'application/pdf')];
		const one =
			'[{"id":"temp_1","first_name":"Ada","email":"ada@example.com","designation":"Signer","order":1}]';
		const cases: Array<[Record<string, unknown>, string]> = [
			[{ name: '   ' }, '"Name" is required'],
			[{ recipientsMode: 'json', recipientsJson: '[]' }, 'Add at least one recipient'],
			[
				{
					recipientsMode: 'json',
					recipientsJson:
						'[{"id":"temp_1","first_name":"Ada","email":"ada@example.com","designation":"CC","order":1}]',
				},
				'Add at least one recipient with the designation Signer',
			],
			[
				{
					recipientsMode: 'json',
					recipientsJson: one,
					fieldsMode: 'json',
					fieldsJson:
						'[{"type":"signature","recipient_id":"temp_1","page_number":1,"position":{"x":1,"y":1,"width":1,"height":1}}]',
				},
				'Fields (JSON), entry 1: Create and Send takes flat coordinates',
			],
			[
				{
					recipientsMode: 'json',
					recipientsJson: one,
					fieldsMode: 'json',
					fieldsJson: '[{"type":"signature","recipient_id":"temp_1","x":1,"y":1}]',
				},
				'Fields (JSON), entry 1: "page" must be a page number of 1 or more (got undefined)',
			],
			[
				{
					recipientsMode: 'json',
					recipientsJson: one,
					fieldsMode: 'json',
					fieldsJson: '[{"type":"signature","recipient_id":"temp_2","page":1,"x":1,"y":1}]',
				},
				'Field 1: recipient "temp_2" is not one of this request\'s recipients',
			],
			[
				{
					recipientsMode: 'json',
					recipientsJson: one,
					settingsMode: 'json',
					settingsJson: '{"show_qr_code": true}',
				},
				'Settings: "show_qr_code" is not a setting here',
			],
		];
		for (const [parameters, message] of cases) {
			const { error } = await run(
				ctx,
				'createAndSendSigningRequest',
				{ source: 'pdf', name: 'Checked', ...parameters },
				{ input },
			);
			expect(error?.message).toBe(message);
		}
		expect(ctx.sandbox.requests).toHaveLength(0);
	});

	it('reports running out of credits in words (402), not retried', async () => {
		ctx.sandbox.injectFault({
			method: 'POST',
			path: '/signing-requests/create-and-send',
			kind: 'status',
			status: 402,
			body: { error: 'Insufficient credits', code: 'INSUFFICIENT_CREDITS', current_credits: 0 },
		});
		const { error } = await run(ctx, 'createAndSendSigningRequest', {
			source: 'template',
			templateId: byId(template.id),
			name: 'No credits',
		});
		expect(error?.message).toBe('Not enough credits: Insufficient credits [INSUFFICIENT_CREDITS]');
		expect(withoutReadBacks(ctx.sandbox)).toHaveLength(1);
	});

	it('an unknown template: the error names the template id and the "Template" parameter', async () => {
		const missing = '123e4567-e89b-42d3-a456-426614174000';
		const { error } = await run(ctx, 'createAndSendSigningRequest', {
			source: 'template',
			templateId: byId(missing),
			name: 'Unknown template',
		});
		expect(onlyWrite(ctx.sandbox)).toMatchObject({
			method: 'POST',
			path: '/signing-requests/create-and-send',
			status: 404,
		});
		expect(error?.message).toBe(`Template ${missing} was not found [NOT_FOUND]`);
		expect((error as { description?: string }).description).toBe(
			`No template with the ID ${missing} exists for this key. Check "Template": the template may have been deleted, or belong to a workspace this key cannot reach (a workspace's key only reaches its own workspace). Nothing was created or sent.`,
		);
	});
});
