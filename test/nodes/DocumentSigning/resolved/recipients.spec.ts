/**
 * Every value that decides who receives or signs a document is checked after expressions resolve
 * (issue 19 §1): an email, a required name, a recipient or template-user ID, a Reference ID or a
 * reassign target that an expression turns into undefined, null, empty text or only spaces is
 * refused before any request, naming the item, the recipient and the field. One block per
 * operation that takes recipients or decides who signs; all on n8n-core (the full runner), since
 * the expressions are what is tested.
 */
import { byId, jsonOf, useSandbox } from '../../../kit';
import type { Draft, SeedTemplate } from '../actions/signingRequest/fixtures';
import { createDraft, createSent, createTemplate } from '../actions/signingRequest/fixtures';
import { EMPTY_EXPRESSIONS, emptyMessage, expectRefused, runFull } from './fixtures';

const ctx = useSandbox();
let template: SeedTemplate;
let draft: Draft;
let sent: Draft;
beforeAll(async () => {
	template = await createTemplate(ctx.sandbox);
	draft = await createDraft(ctx.sandbox);
	sent = await createSent(ctx.sandbox);
});

const grace = { first_name: 'Grace', last_name: 'Hopper', email: 'grace@example.com' };
/** What the node sent besides its reads (a template-based create reads the template's users). */
const writes = () => ctx.sandbox.requests.filter((r) => r.method !== 'GET');
const alan = { first_name: 'Alan', last_name: 'Turing', email: 'alan@example.com' };

interface Case {
	/** What the test says, e.g. "Recipient 2's Template User". */
	title: string;
	resource: string;
	operation: string;
	/** The node's parameters, with `value` where the expression goes. */
	parameters: (value: unknown) => Record<string, unknown>;
	place?: string;
	field: string;
}

/** The operation's cases, each run with the four expressions that come out empty. */
function refuses(cases: Case[]): void {
	describe.each(cases)('$title', (c) => {
		it.each(EMPTY_EXPRESSIONS)('refuses $expression ($resolved) before sending', async (e) => {
			const result = await runFull(ctx, c.resource, c.operation, c.parameters(e.expression));
			expectRefused(ctx, result, { place: c.place, field: c.field, resolved: e.resolved });
		});
	});
}

const fromTemplate = (recipients: Array<Record<string, unknown>>) => ({
	source: 'template',
	templateId: byId(template.id),
	recipientsMode: 'fields',
	recipients: { recipient: recipients },
});

const fromPdf = (recipients: Array<Record<string, unknown>>) => ({
	source: 'pdf',
	binaryPropertyName: 'data',
	recipientsMode: 'fields',
	recipients: { recipient: recipients },
});

describe('Signing Request → Create', () => {
	refuses([
		{
			title: 'from a template: Recipient 1 "Email"',
			resource: 'signingRequest',
			operation: 'createSigningRequest',
			parameters: (value) =>
				fromTemplate([{ template_user_id: '', ...grace, email: value, order: 1 }]),
			place: 'Recipient 1',
			field: 'Email',
		},
		{
			title: 'from a template: Recipient 2 "First Name"',
			resource: 'signingRequest',
			operation: 'createSigningRequest',
			parameters: (value) =>
				fromTemplate([
					{ template_user_id: '', ...grace, order: 1 },
					{ template_user_id: '', ...alan, first_name: value, order: 2 },
				]),
			place: 'Recipient 2',
			field: 'First Name',
		},
		{
			title: 'from a template: Recipient 2 "Template User"',
			resource: 'signingRequest',
			operation: 'createSigningRequest',
			parameters: (value) =>
				fromTemplate([
					{ template_user_id: template.userIds[0], ...grace },
					{ template_user_id: value, ...alan },
				]),
			place: 'Recipient 2',
			field: 'Template User Name or ID',
		},
		{
			title: 'from a PDF: Recipient 1 "Email"',
			resource: 'signingRequest',
			operation: 'createSigningRequest',
			parameters: (value) => fromPdf([{ ref: 'temp_1', ...grace, email: value }]),
			place: 'Recipient 1',
			field: 'Email',
		},
		{
			title: 'from a PDF: Recipient 1 "Reference ID"',
			resource: 'signingRequest',
			operation: 'createSigningRequest',
			parameters: (value) => fromPdf([{ ref: value, ...grace }]),
			place: 'Recipient 1',
			field: 'Reference ID',
		},
	]);
});

describe('Signing Request → Create and Send', () => {
	refuses([
		{
			title: 'from a template: Recipient 1 "Email"',
			resource: 'signingRequest',
			operation: 'createAndSendSigningRequest',
			parameters: (value) => ({
				name: 'NDA',
				...fromTemplate([{ template_user_id: '', ...grace, email: value, order: 1 }]),
			}),
			place: 'Recipient 1',
			field: 'Email',
		},
		{
			title: 'from a template: Recipient 1 "Template User"',
			resource: 'signingRequest',
			operation: 'createAndSendSigningRequest',
			parameters: (value) => ({
				name: 'NDA',
				...fromTemplate([{ template_user_id: value, ...grace }]),
			}),
			place: 'Recipient 1',
			field: 'Template User Name or ID',
		},
		{
			title: 'from a PDF: Recipient 2 "Email"',
			resource: 'signingRequest',
			operation: 'createAndSendSigningRequest',
			parameters: (value) => ({
				name: 'NDA',
				...fromPdf([
					{ ref: 'temp_1', ...grace },
					{ ref: 'temp_2', ...alan, email: value },
				]),
			}),
			place: 'Recipient 2',
			field: 'Email',
		},
	]);

	it('the reported case: a mapped email the item lacks sends nothing, where it used to go to the template placeholder', async () => {
		const parameters = {
			name: 'NDA for Grace',
			...fromTemplate([
				{
					template_user_id: '',
					first_name: 'Grace',
					last_name: 'Hopper',
					email: '={{ $json.mail }}',
					order: 1,
				},
			]),
		};
		const result = await runFull(ctx, 'signingRequest', 'createAndSendSigningRequest', parameters, {
			input: [{ json: { name: 'Grace' } }],
		});
		expectRefused(ctx, result, { place: 'Recipient 1', field: 'Email', resolved: 'undefined' });
		expect((result.error as Error & { description: string }).description).toContain(
			'({{ $json.mail }})',
		);
	});

	it('with Continue On Fail the item without an email is an error item and the others are sent to their own address', async () => {
		const parameters = {
			name: 'NDA',
			...fromTemplate([
				{
					template_user_id: '',
					first_name: '={{ $json.name }}',
					email: '={{ $json.mail }}',
					order: 1,
				},
			]),
		};
		const { output, error } = await runFull(
			ctx,
			'signingRequest',
			'createAndSendSigningRequest',
			parameters,
			{
				continueOnFail: true,
				input: [
					{ json: { name: 'Grace', mail: 'grace@example.com' } },
					{ json: { name: 'Alan' } },
					{ json: { name: 'Ada', mail: 'ada@example.com' } },
				],
			},
		);
		expect(error).toBeUndefined();
		// The template's users are read once for the run (to check the recipients against its
		// roles), whatever the number of items; each sent request is read back for its expiry date.
		expect(ctx.sandbox.requests.map((r) => `${r.method} ${r.path}`)).toEqual([
			`GET /templates/${template.id}/users`,
			'POST /signing-requests/create-and-send',
			expect.stringMatching(/^GET \/signing-requests\/[0-9a-f-]{36}$/),
			'POST /signing-requests/create-and-send',
			expect.stringMatching(/^GET \/signing-requests\/[0-9a-f-]{36}$/),
		]);
		expect(writes().map((r) => (r.body as { recipients: unknown }).recipients)).toEqual([
			[{ first_name: 'Grace', email: 'grace@example.com', designation: 'Signer', order: 1 }],
			[{ first_name: 'Ada', email: 'ada@example.com', designation: 'Signer', order: 1 }],
		]);
		const items = output[0];
		expect(items.map((item) => item.pairedItem)).toEqual([{ item: 0 }, { item: 1 }, { item: 2 }]);
		expect(items[1].json).toEqual({
			error: emptyMessage('Recipient 1', 'Email', 'undefined', 1),
			error_description: expect.stringMatching(/^Nothing was sent/),
		});
		expect(jsonOf(output).map((json) => json.status)).toEqual([
			'in_progress',
			undefined,
			'in_progress',
		]);
	});

	it('a typed empty Template User still means "match by Order"', async () => {
		const { output, error } = await runFull(ctx, 'signingRequest', 'createAndSendSigningRequest', {
			name: 'NDA',
			...fromTemplate([{ template_user_id: '', ...grace, order: 2 }]),
		});
		expect(error).toBeUndefined();
		expect(writes()).toHaveLength(1);
		expect((writes()[0].body as { recipients: unknown }).recipients).toEqual([
			{ ...grace, designation: 'Signer', order: 2 },
		]);
		const recipients = jsonOf(output)[0].recipients as Array<{ email: string; order: number }>;
		expect(recipients.map((r) => [r.order, r.email])).toEqual([
			[1, 'role1@example.com'],
			[2, 'grace@example.com'],
		]);
	});

	it('the refusal of an empty mapped Template User says how to match by Order instead', async () => {
		const { error } = await runFull(ctx, 'signingRequest', 'createAndSendSigningRequest', {
			name: 'NDA',
			...fromTemplate([{ template_user_id: '={{ $json.role }}', ...grace }]),
		});
		expect((error as Error & { description: string }).description).toContain(
			'Leave "Template User Name or ID" empty (not an expression) to match the template user by Order',
		);
		expect(ctx.sandbox.requests).toEqual([]);
	});

	// Matched by its Template User, the recipient takes that user's order: an empty Order sends none.
	it('a Template User mapped by an expression that resolves is sent as such', async () => {
		const { error } = await runFull(
			ctx,
			'signingRequest',
			'createAndSendSigningRequest',
			{ name: 'NDA', ...fromTemplate([{ template_user_id: '={{ $json.role }}', ...grace }]) },
			{ input: [{ json: { role: template.userIds[1] } }] },
		);
		expect(error).toBeUndefined();
		expect((writes()[0].body as { recipients: unknown }).recipients).toEqual([
			{ template_user_id: template.userIds[1], ...grace, designation: 'Signer' },
		]);
	});

	describe('recipients as JSON', () => {
		it('refuses an entry whose email an expression left empty', async () => {
			for (const value of ['$json.mail', 'null', '""', '"  "']) {
				ctx.sandbox.clearRequests();
				const { error } = await runFull(ctx, 'signingRequest', 'createAndSendSigningRequest', {
					name: 'NDA',
					source: 'template',
					templateId: byId(template.id),
					recipientsMode: 'json',
					recipientsJson: `={{ [{ "first_name": "Grace", "email": ${value}, "order": 1 }] }}`,
				});
				expect(error?.message).toMatch(
					/^Recipients \(JSON\), entry 1: "email" is empty \((undefined|null|empty text|text of only spaces)\)$/,
				);
				expect(ctx.sandbox.requests).toEqual([]);
			}
		});

		it('refuses JSON text whose mapped email came out empty', async () => {
			const { error } = await runFull(
				ctx,
				'signingRequest',
				'createAndSendSigningRequest',
				{
					name: 'NDA',
					source: 'template',
					templateId: byId(template.id),
					recipientsMode: 'json',
					recipientsJson: '=[{"first_name": "Grace", "email": "{{ $json.mail }}", "order": 1}]',
				},
				{ input: [{ json: {} }] },
			);
			expect(error?.message).toBe('Recipients (JSON), entry 1: "email" is empty (empty text)');
			expect(ctx.sandbox.requests).toEqual([]);
		});

		it.each(EMPTY_EXPRESSIONS)('refuses a recipients list mapped with $expression', async (e) => {
			const result = await runFull(ctx, 'signingRequest', 'createAndSendSigningRequest', {
				name: 'NDA',
				source: 'template',
				templateId: byId(template.id),
				recipientsMode: 'json',
				recipientsJson: e.expression,
			});
			expectRefused(ctx, result, { field: 'Recipients (JSON)', resolved: e.resolved });
		});
	});
});

describe('Signing Request → Update', () => {
	const update = (parameters: Record<string, unknown>) => ({
		signingRequestId: byId(draft.id),
		...parameters,
	});
	refuses([
		{
			title: 'Recipient 1 "Email" of a new recipient',
			resource: 'signingRequest',
			operation: 'updateSigningRequest',
			parameters: (value) =>
				update({
					recipients: {
						recipient: [
							{ tempId: 'temp_new', ...grace, email: value, designation: 'CC', order: 3 },
						],
					},
				}),
			place: 'Recipient 1',
			field: 'Email',
		},
		{
			title: 'Recipient 1 "Recipient" (a change would add a new recipient)',
			resource: 'signingRequest',
			operation: 'updateSigningRequest',
			parameters: (value) =>
				update({
					recipients: { recipient: [{ ref: { __rl: true, mode: 'id', value }, ...grace }] },
				}),
			place: 'Recipient 1',
			field: 'Recipient',
		},
		{
			title: 'Recipient to Remove 1 "Recipient"',
			resource: 'signingRequest',
			operation: 'updateSigningRequest',
			parameters: (value) =>
				update({
					deletedRecipients: { recipient: [{ recipient_id: value, field_action: 'delete' }] },
				}),
			place: 'Recipient to Remove 1',
			field: 'Recipient Name or ID',
		},
		{
			title: 'Recipient to Remove 1 "Reassign To"',
			resource: 'signingRequest',
			operation: 'updateSigningRequest',
			parameters: (value) =>
				update({
					deletedRecipients: {
						recipient: [
							{
								recipient_id: draft.recipients[1].id,
								field_action: 'reassign',
								reassign_to_recipient_id: value,
							},
						],
					},
				}),
			place: 'Recipient to Remove 1',
			field: 'Reassign To Name or ID',
		},
		{
			title: 'Field 1 "Recipient ID" (who fills the field)',
			resource: 'signingRequest',
			operation: 'updateSigningRequest',
			parameters: (value) =>
				update({
					fields: {
						field: [
							{
								type: 'signature',
								recipient_id: value,
								page_number: 1,
								x: 10,
								y: 10,
								width: 20,
								height: 5,
							},
						],
					},
				}),
			place: 'Field 1',
			field: 'Recipient ID',
		},
		{
			title: 'Reminder 1 "Recipient ID" (who is reminded)',
			resource: 'signingRequest',
			operation: 'updateSigningRequest',
			parameters: (value) =>
				update({
					reminders: {
						reminder: [
							{
								all_users: false,
								hours: 24,
								subject: 'Reminder',
								message: 'Please sign',
								recipient_id: value,
							},
						],
					},
				}),
			place: 'Reminder 1',
			field: 'Recipient ID',
		},
	]);
});

describe('Signing Request → Update One Part', () => {
	refuses([
		{
			title: '"Recipient" (an update would become a new recipient)',
			resource: 'signingRequest',
			operation: 'patchSigningRequest',
			parameters: (value) => ({
				signingRequestId: byId(draft.id),
				update: 'recipient',
				recipientId: value,
				recipientDetails: { email: 'grace@example.com' },
			}),
			field: 'Recipient Name or ID',
		},
		{
			title: 'Recipient Details "Email"',
			resource: 'signingRequest',
			operation: 'patchSigningRequest',
			parameters: (value) => ({
				signingRequestId: byId(draft.id),
				update: 'recipient',
				recipientId: draft.recipients[0].id,
				recipientDetails: { email: value },
			}),
			place: 'Recipient Details',
			field: 'Email',
		},
		{
			title: 'Recipient Details "First Name"',
			resource: 'signingRequest',
			operation: 'patchSigningRequest',
			parameters: (value) => ({
				signingRequestId: byId(draft.id),
				update: 'recipient',
				recipientId: '',
				recipientDetails: { ...grace, first_name: value, designation: 'Signer' },
			}),
			place: 'Recipient Details',
			field: 'First Name',
		},
	]);
});

describe('Signing Request → Resend', () => {
	refuses([
		{
			title: '"Recipients"',
			resource: 'signingRequest',
			operation: 'resendSigningRequest',
			parameters: (value) => ({ signingRequestId: byId(sent.id), recipientIds: value }),
			field: 'Recipient Names or IDs',
		},
	]);

	it('refuses a mapped list with an empty entry instead of leaving that recipient out', async () => {
		const result = await runFull(
			ctx,
			'signingRequest',
			'resendSigningRequest',
			{ signingRequestId: byId(sent.id), recipientIds: '={{ [$json.first, $json.second] }}' },
			{ input: [{ json: { first: sent.recipients[0].id } }] },
		);
		expect(result.error?.message).toBe(
			'"Recipient Names or IDs", entry 2, is empty: its expression resolved to undefined (item 0)',
		);
		expect(ctx.sandbox.requests).toEqual([]);
	});
});

describe('Signing Request → Create (Legacy)', () => {
	const legacy = (name: unknown, email: unknown) => ({
		name: 'NDA',
		legacyRecipients: {
			recipient: [
				{ name: 'Grace Hopper', email: 'grace@example.com' },
				{ name, email },
			],
		},
	});
	refuses([
		{
			title: 'Recipient 2 "Email"',
			resource: 'signingRequest',
			operation: 'createDocumentLegacy',
			parameters: (value) => legacy('Alan Turing', value),
			place: 'Recipient 2',
			field: 'Email',
		},
		{
			title: 'Recipient 2 "Name"',
			resource: 'signingRequest',
			operation: 'createDocumentLegacy',
			parameters: (value) => legacy(value, 'alan@example.com'),
			place: 'Recipient 2',
			field: 'Name',
		},
	]);
});

describe('Signing Request → Send and Wait', () => {
	refuses([
		{
			title: '"Signing Request"',
			resource: 'signingRequest',
			operation: 'sendAndWaitForCompletion',
			parameters: (value) => ({
				signingRequestId: { __rl: true, mode: 'id', value },
				timeLimitAmount: 2,
				timeLimitUnit: 'hours',
			}),
			field: 'Signing Request',
		},
	]);
});

describe('Template → Update One Part (users)', () => {
	const user = (parameters: Record<string, unknown>) => ({
		templateId: byId(template.id),
		update: 'user',
		...parameters,
	});
	refuses([
		{
			title: '"User" to update',
			resource: 'template',
			operation: 'patchTemplate',
			parameters: (value) =>
				user({ userAction: 'update', userId: value, userUpdateFields: { email: 'a@example.com' } }),
			field: 'User Name or ID',
		},
		{
			title: 'Update Fields "Email"',
			resource: 'template',
			operation: 'patchTemplate',
			parameters: (value) =>
				user({
					userAction: 'update',
					userId: template.userIds[0],
					userUpdateFields: { email: value },
				}),
			place: 'Update Fields',
			field: 'Email',
		},
		{
			title: '"Email" of a new user',
			resource: 'template',
			operation: 'patchTemplate',
			parameters: (value) =>
				user({ userAction: 'add', userFirstName: 'Grace', userEmail: value, userOrder: 3 }),
			field: 'Email',
		},
		{
			title: '"First Name" of a new user',
			resource: 'template',
			operation: 'patchTemplate',
			parameters: (value) =>
				user({
					userAction: 'add',
					userFirstName: value,
					userEmail: 'grace@example.com',
					userOrder: 3,
				}),
			field: 'First Name',
		},
	]);
});

describe('Template → Update (users)', () => {
	const users = (recipient: Record<string, unknown>) => ({
		templateId: byId(template.id),
		sections: ['users'],
		recipients: { recipient: [recipient] },
	});
	const deleted = (entry: Record<string, unknown>) => ({
		templateId: byId(template.id),
		sections: ['deletedUsers'],
		deletedUsers: { deletedUser: [entry] },
	});
	refuses([
		{
			title: 'User 1 "User" (a change would add a user)',
			resource: 'template',
			operation: 'updateTemplate',
			parameters: (value) => users({ ref: { __rl: true, mode: 'list', value }, ...grace }),
			place: 'User 1',
			field: 'User',
		},
		{
			title: 'User 1 "Email"',
			resource: 'template',
			operation: 'updateTemplate',
			parameters: (value) => users({ ref: byId(template.userIds[0]), ...grace, email: value }),
			place: 'User 1',
			field: 'Email',
		},
		{
			title: 'Deleted User 1 "User"',
			resource: 'template',
			operation: 'updateTemplate',
			parameters: (value) => deleted({ user_id: value, field_action: 'delete' }),
			place: 'Deleted User 1',
			field: 'User Name or ID',
		},
		{
			title: 'Deleted User 1 "Reassign To"',
			resource: 'template',
			operation: 'updateTemplate',
			parameters: (value) =>
				deleted({
					user_id: template.userIds[1],
					field_action: 'reassign',
					reassign_to_user_id: value,
				}),
			place: 'Deleted User 1',
			field: 'Reassign To Name or ID',
		},
		{
			title: 'Field 1 "Assigned To User" (who fills the field)',
			resource: 'template',
			operation: 'updateTemplate',
			parameters: (value) => ({
				templateId: byId(template.id),
				sections: ['fields'],
				templateFields: {
					field: [
						{
							type: 'signature',
							assigned_to_user_id: value,
							page: 1,
							x: 10,
							y: 10,
							width: 20,
							height: 5,
						},
					],
				},
			}),
			place: 'Field 1',
			field: 'Assigned To User Name or ID',
		},
	]);
});

describe('an Email switched to Expression and left empty', () => {
	it('is refused, saying the expression is empty', async () => {
		const result = await runFull(ctx, 'signingRequest', 'createAndSendSigningRequest', {
			name: 'NDA',
			...fromTemplate([{ template_user_id: '', ...grace, email: '=', order: 1 }]),
		});
		expect(result.error?.message).toBe(emptyMessage('Recipient 1', 'Email', 'empty text'));
		expect((result.error as { description?: string }).description).toBe(
			'Nothing was sent: an empty value cannot decide who receives or signs the document. To fix it, type an expression into it (it is empty), or switch it to Fixed and type the value.',
		);
		expect(ctx.sandbox.requests).toEqual([]);
	});
});
