import type { INodeProperties } from 'n8n-workflow';

import { description } from '../../../../../nodes/DocumentSigning/actions/signingRequest/updateSigningRequest.operation';
import { byList, useSandbox } from '../../../../kit';
import type { Draft } from './fixtures';
import {
	api,
	byId,
	createDraft,
	createSent,
	NO_SUCH_ID,
	only,
	onlyWrite,
	run,
	withoutReadBacks,
} from './fixtures';

const ctx = useSandbox();

const update = (
	id: string,
	parameters: Record<string, unknown>,
	options: Parameters<typeof run>[3] = {},
) => run(ctx, 'updateSigningRequest', { signingRequestId: byId(id), ...parameters }, options);

const person = (draft: Draft, email: string) =>
	draft.recipients.find((r) => r.email === email)?.id as string;

describe('Signing Request → Update (PUT /signing-requests/{id})', () => {
	it('sends every section: properties, settings, language, recipients with _temp_id, removals, fields and reminders', async () => {
		const draft = await createDraft(ctx.sandbox, 'Full update');
		ctx.sandbox.clearRequests();
		const ada = person(draft, 'ada@example.com');
		const bob = person(draft, 'bob@example.com');
		const { output, error } = await update(draft.id, {
			properties: {
				name: 'Updated',
				expiration_hours: 96,
				language: 'it',
				completion_title: 'Grazie',
			},
			settingsMode: 'fields',
			settings: { use_signing_order: false },
			recipientsMode: 'fields',
			recipients: {
				recipient: [
					{
						ref: byList(ada),
						first_name: 'Ada',
						last_name: 'King',
						email: 'ada@example.com',
						designation: 'Signer',
						order: 1,
					},
					{
						tempId: 'temp_carol',
						first_name: 'Carol',
						last_name: 'Shaw',
						email: 'carol@example.com',
						designation: 'Signer',
						order: 2,
					},
				],
			},
			deletedRecipients: {
				recipient: [{ recipient_id: bob, field_action: 'reassign', reassign_to_recipient_id: ada }],
			},
			forceRemoveConditions: false,
			fieldsMode: 'json',
			fieldsJson: JSON.stringify([
				{
					type: 'date',
					recipient_id: 'temp_carol',
					page_number: 1,
					position: { x: 60, y: 90, width: 20, height: 5 },
					date_signing_default: true,
				},
			]),
			remindersMode: 'fields',
			reminders: {
				reminder: [
					{
						all_users: false,
						recipient_id: 'temp_carol',
						hours: 12,
						subject: 'Hi Carol',
						message: 'Please sign',
						id: '',
					},
				],
			},
		});
		expect(error).toBeUndefined();
		const request = onlyWrite(ctx.sandbox);
		expect(request).toMatchObject({ method: 'PUT', path: `/signing-requests/${draft.id}` });
		expect(request.body).toEqual({
			signing_request_properties: {
				name: 'Updated',
				expiration_hours: 96,
				completion_title: 'Grazie',
				settings: { use_signing_order: false },
			},
			language: 'it',
			recipients: [
				{
					id: ada,
					first_name: 'Ada',
					last_name: 'King',
					email: 'ada@example.com',
					designation: 'Signer',
					order: 1,
				},
				{
					_temp_id: 'temp_carol',
					first_name: 'Carol',
					last_name: 'Shaw',
					email: 'carol@example.com',
					designation: 'Signer',
					order: 2,
				},
			],
			deleted_recipients: [
				{ recipient_id: bob, field_action: 'reassign', reassign_to_recipient_id: ada },
			],
			fields: [
				{
					type: 'date',
					recipient_id: 'temp_carol',
					page_number: 1,
					position: { x: 60, y: 90, width: 20, height: 5 },
					date_signing_default: true,
				},
			],
			reminders: [
				{
					all_users: false,
					recipient_id: 'temp_carol',
					hours: 12,
					subject: 'Hi Carol',
					message: 'Please sign',
				},
			],
		});
		// Simplify (on by default): the updated request in the one shape, its recipients in it.
		const json = only(output);
		expect(json).toMatchObject({
			id: draft.id,
			name: 'Updated',
			status: 'draft',
			expiration_hours: 96,
			recipient_count: 2,
			signed_count: 0,
			key_mode: 'live',
		});
		expect(
			(json.recipients as Array<Record<string, unknown>>).map((r) => [r.name, r.email, r.order]),
		).toEqual([
			['Ada King', 'ada@example.com', 1],
			['Carol Shaw', 'carol@example.com', 2],
		]);
		expect(json).not.toHaveProperty('summary');
		const users = (
			await api<{ results: Array<{ email: string; last_name: string }> }>(
				ctx.sandbox,
				'GET',
				`/signing-requests/${draft.id}/users`,
				undefined,
				'test',
			)
		).body.results;
		expect(users.map((u) => u.email).sort()).toEqual(['ada@example.com', 'carol@example.com']);
	});

	it('Simplify off: the answer as the service gives it, with its summary', async () => {
		const draft = await createDraft(ctx.sandbox, 'Raw update');
		ctx.sandbox.clearRequests();
		const { output, error } = await update(draft.id, {
			properties: { name: 'Raw update 2' },
			recipientsMode: 'json',
			recipientsJson:
				'[{"id":"temp_d","first_name":"Dan","email":"dan@example.com","designation":"CC"}]',
			simplify: false,
		});
		expect(error).toBeUndefined();
		const json = only(output);
		expect(json).toMatchObject({ id: draft.id, name: 'Raw update 2', key_mode: 'live' });
		expect(json.signing_request).toMatchObject({ id: draft.id, name: 'Raw update 2' });
		expect(json.summary).toMatchObject({ properties_updated: true, recipients_created: 1 });
	});

	it('takes recipients as JSON: {"id": "temp_…"} is a new recipient; summary warnings reach the output', async () => {
		const draft = await createDraft(ctx.sandbox, 'JSON update');
		ctx.sandbox.clearRequests();
		const { output, error } = await update(draft.id, {
			recipientsMode: 'json',
			recipientsJson:
				'[{"id":"temp_x","first_name":"Xavier","email":"X@example.com","designation":"CC"}]',
			forceRemoveConditions: true,
		});
		expect(error).toBeUndefined();
		expect(onlyWrite(ctx.sandbox).body).toEqual({
			recipients: [
				{ _temp_id: 'temp_x', first_name: 'Xavier', email: 'X@example.com', designation: 'CC' },
			],
			force_remove_conditions: true,
		});
		expect(only(output).warnings).toEqual([expect.stringContaining('X@example.com')]);
	});

	it('gives a new recipient without a Temporary ID a temporary ID of its own', async () => {
		const draft = await createDraft(ctx.sandbox, 'Auto temp');
		ctx.sandbox.clearRequests();
		await update(draft.id, {
			recipientsMode: 'fields',
			recipients: {
				recipient: [{ first_name: 'Dan', email: 'dan@example.com', designation: 'CC', order: 1 }],
			},
		});
		expect(onlyWrite(ctx.sandbox).body).toEqual({
			recipients: [
				{
					_temp_id: 'temp_new_1',
					first_name: 'Dan',
					email: 'dan@example.com',
					designation: 'CC',
					order: 1,
				},
			],
		});
	});

	it("an empty Order (the form's default) leaves a recipient's order; a new recipient needs one", async () => {
		// What the editor puts into a new entry: Designation and Order "Unchanged", not Signer and 1.
		const entry = description
			.find((p) => p.name === 'recipients')
			?.options?.find((o) => 'values' in o) as { values: INodeProperties[] } | undefined;
		expect(entry?.values.find((v) => v.name === 'order')).toMatchObject({
			default: '',
			placeholder: 'Unchanged',
		});
		expect(entry?.values.find((v) => v.name === 'designation')).toMatchObject({
			default: '',
			options: expect.arrayContaining([expect.objectContaining({ name: 'Unchanged', value: '' })]),
		});
		const draft = await createDraft(ctx.sandbox, 'Keep order');
		const bob = person(draft, 'bob@example.com');
		const orderBefore = draft.recipients.find((r) => r.id === bob)?.order;
		expect(orderBefore).toBe(2);
		ctx.sandbox.clearRequests();
		const changed = await update(draft.id, {
			recipientsMode: 'fields',
			recipients: {
				recipient: [
					{
						ref: byList(bob),
						first_name: 'Bob',
						email: 'robert@example.com',
					},
				],
			},
		});
		expect(changed.error).toBeUndefined();
		expect(onlyWrite(ctx.sandbox).body).toEqual({
			recipients: [{ id: bob, first_name: 'Bob', email: 'robert@example.com' }],
		});
		const users = (
			await api(ctx.sandbox, 'GET', `/signing-requests/${draft.id}/users`, undefined, 'test')
		).body.results as Array<{ id: string; email: string; order: number; designation: string }>;
		expect(users.find((u) => u.id === bob)).toMatchObject({
			email: 'robert@example.com',
			designation: draft.recipients.find((r) => r.id === bob)?.designation,
			order: 2,
		});

		ctx.sandbox.clearRequests();
		const added = await update(draft.id, {
			recipientsMode: 'fields',
			recipients: {
				recipient: [
					{
						tempId: 'temp_dan',
						first_name: 'Dan',
						email: 'dan@example.com',
					},
				],
			},
		});
		expect(added.error?.message).toBe(
			'Recipient 1: "Designation", "Order" are required to add a recipient',
		);
		expect(ctx.sandbox.requests).toHaveLength(0);
	});

	describe('Recipients: pick the one to change, and only what is filled is changed (issue 36 §1)', () => {
		const entryValues = () =>
			(
				description.find((p) => p.name === 'recipients')?.options?.find((o) => 'values' in o) as {
					values: INodeProperties[];
				}
			).values;
		const recipientsOf = async (id: string) =>
			(await api(ctx.sandbox, 'GET', `/signing-requests/${id}/users`, undefined, 'test')).body
				.results as Array<Record<string, unknown>>;

		it("the entry starts with a picker of the request's recipients; nothing in it is required by n8n", () => {
			const values = entryValues();
			expect(values[0]).toMatchObject({
				name: 'ref',
				displayName: 'Recipient',
				type: 'resourceLocator',
				default: { mode: 'list', value: '' },
			});
			expect(
				values[0].modes?.map((m) => [m.name, m.type, m.typeOptions?.searchListMethod]),
			).toEqual([
				['list', 'list', 'searchSigningRequestRecipients'],
				['id', 'string', undefined],
			]);
			// n8n refuses to run a node whose required parameter is empty: none here, so changing
			// an email does not ask for First Name again.
			const visit = (properties: INodeProperties[]): INodeProperties[] =>
				properties.flatMap((p) => [
					p,
					...visit((p.options ?? []).filter((o) => 'type' in o) as INodeProperties[]),
				]);
			expect(
				visit(values)
					.filter((v) => v.required)
					.map((v) => v.name),
			).toEqual([]);
		});

		it("changes one recipient's email: picked from the list, only the email is sent, the rest stays", async () => {
			const draft = await createDraft(ctx.sandbox, 'Change an email');
			const bob = person(draft, 'bob@example.com');
			ctx.sandbox.clearRequests();
			const { error } = await update(draft.id, {
				recipients: { recipient: [{ ref: byList(bob), email: 'robert@example.com' }] },
			});
			expect(error).toBeUndefined();
			expect(onlyWrite(ctx.sandbox).body).toEqual({
				recipients: [{ id: bob, email: 'robert@example.com' }],
			});
			const before = draft.recipients.find((r) => r.id === bob);
			expect((await recipientsOf(draft.id)).find((r) => r.id === bob)).toMatchObject({
				first_name: 'Bob',
				email: 'robert@example.com',
				designation: before?.designation,
				order: before?.order,
			});
		});

		it('takes the recipient by ID, or by an expression (each item its own)', async () => {
			const draft = await createDraft(ctx.sandbox, 'By ID');
			const ada = person(draft, 'ada@example.com');
			const bob = person(draft, 'bob@example.com');
			ctx.sandbox.clearRequests();
			const byIdMode = await update(draft.id, {
				recipients: { recipient: [{ ref: byId(` ${ada.toUpperCase()} `), last_name: 'King' }] },
			});
			expect(byIdMode.error).toBeUndefined();
			expect(onlyWrite(ctx.sandbox).body).toEqual({
				recipients: [{ id: ada, last_name: 'King' }],
			});
			ctx.sandbox.clearRequests();
			const mapped = await update(
				draft.id,
				{
					recipients: {
						recipient: [{ ref: byId('={{ $json.who }}'), email: '={{ $json.mail }}' }],
					},
				},
				{
					input: [
						{ json: { who: ada, mail: 'ada.king@example.com' } },
						{ json: { who: bob, mail: 'robert@example.com' } },
					],
				},
			);
			expect(mapped.error).toBeUndefined();
			expect(withoutReadBacks(ctx.sandbox).map((r) => r.body)).toEqual([
				{ recipients: [{ id: ada, email: 'ada.king@example.com' }] },
				{ recipients: [{ id: bob, email: 'robert@example.com' }] },
			]);
		});

		it('an empty picker adds a recipient, who needs First Name, Email, Designation and Order: the node names what is missing, nothing is sent', async () => {
			const { error } = await update(NO_SUCH_ID, {
				recipients: { recipient: [{ email: 'new@example.com', last_name: 'New' }] },
			});
			expect(error?.message).toBe(
				'Recipient 1: "First Name", "Designation", "Order" are required to add a recipient',
			);
			expect((error as { description?: string }).description).toContain(
				'To change someone already there instead, pick them in "Recipient".',
			);
			const json = await update(NO_SUCH_ID, {
				recipientsMode: 'json',
				recipientsJson: '[{"_temp_id":"temp_1","first_name":"New","designation":"Signer"}]',
			});
			expect(json.error?.message).toBe(
				'Recipients (JSON), entry 1: "email" is required to add a recipient',
			);
			expect(ctx.sandbox.requests).toHaveLength(0);
		});

		it('refuses an entry that changes nothing, and a picked value that is not an ID', async () => {
			const cases: Array<[Record<string, unknown>, string]> = [
				[{ ref: byList(NO_SUCH_ID) }, 'Recipient 1: nothing to change'],
				[
					{ ref: byList('={{ "bob@example.com" }}'), first_name: 'Bob' },
					'Recipient 1: "Recipient" is not a valid ID: "bob@example.com"',
				],
			];
			for (const [entry, message] of cases) {
				const { error } = await update(NO_SUCH_ID, { recipients: { recipient: [entry] } });
				expect(error?.message).toBe(message);
			}
			expect(ctx.sandbox.requests).toHaveLength(0);
		});

		it('an entry saved with the former "Reference ID" text means what it meant', async () => {
			const draft = await createDraft(ctx.sandbox, 'Saved before');
			const bob = person(draft, 'bob@example.com');
			ctx.sandbox.clearRequests();
			const { error } = await update(draft.id, {
				recipients: {
					recipient: [
						{ ref: bob, email: 'robert@example.com' },
						{
							ref: 'temp_dan',
							first_name: 'Dan',
							email: 'dan@example.com',
							designation: 'CC',
							order: 1,
						},
					],
				},
			});
			expect(error).toBeUndefined();
			expect(onlyWrite(ctx.sandbox).body).toEqual({
				recipients: [
					{ id: bob, email: 'robert@example.com' },
					{
						_temp_id: 'temp_dan',
						first_name: 'Dan',
						email: 'dan@example.com',
						designation: 'CC',
						order: 1,
					},
				],
			});
		});
	});

	it('checks the input before sending anything', async () => {
		const cases: Array<[Record<string, unknown>, string]> = [
			[{}, 'Nothing to update'],
			[{ forceRemoveConditions: true }, 'Nothing to update'],
			[
				{ recipientsMode: 'json', recipientsJson: '[{"id":"abc","order":1}]' },
				'Recipient 1: "abc" is neither a recipient\'s ID nor a temporary ID (temp_…)',
			],
			[
				{ recipientsMode: 'json', recipientsJson: '{"id": 1' },
				'"Recipients (JSON)" is not valid JSON',
			],
			[
				{ recipientsMode: 'json', recipientsJson: '[{"_temp_id":"temp_1","email":"a@b.co"}]' },
				'Recipients (JSON), entry 1: "first_name", "designation" are required to add a recipient',
			],
			[
				{
					fieldsMode: 'json',
					fieldsJson:
						'[{"type":"text","recipient_id":"temp_9","page_number":1,"position":{"x":1,"y":1,"width":1,"height":1}}]',
				},
				'Field 1: recipient "temp_9" is not one of this request\'s recipients',
			],
			[
				{
					deletedRecipients: {
						recipient: [
							{ recipient_id: NO_SUCH_ID, field_action: 'reassign', reassign_to_recipient_id: '' },
						],
					},
				},
				'Recipient to Remove 1: choose who gets the fields ("Reassign To")',
			],
			[
				{ deletedRecipients: { recipient: [{ recipient_id: 'x', field_action: 'delete' }] } },
				'"Recipient to Remove 1" is not a valid ID: "x"',
			],
			[
				{ properties: { completion_redirect_delay: 99 } },
				'Properties: "Redirect Delay (Seconds)" must be a whole number from 0 to 30',
			],
		];
		for (const [parameters, message] of cases) {
			const { error } = await update(NO_SUCH_ID, parameters);
			expect(error?.message).toBe(message);
		}
		// A field naming a temp_… ID no recipient has: the hint names Update's field for it.
		const unknownTemp = await update(NO_SUCH_ID, cases[5][0]);
		expect((unknownTemp.error as { description?: string }).description).toBe(
			'Give the recipient that temporary ID in its "Temporary ID".',
		);
		expect(ctx.sandbox.requests).toHaveLength(0);
	});

	it('refuses "Reassign To" naming a recipient added in the same update (temp_…), before sending', async () => {
		const draft = await createDraft(ctx.sandbox, 'Reassign to new');
		ctx.sandbox.clearRequests();
		const bob = person(draft, 'bob@example.com');
		const { error } = await update(draft.id, {
			recipientsMode: 'fields',
			recipients: {
				recipient: [
					{
						tempId: 'temp_carol',
						first_name: 'Carol',
						email: 'carol@example.com',
						designation: 'Signer',
						order: 2,
					},
				],
			},
			deletedRecipients: {
				recipient: [
					{ recipient_id: bob, field_action: 'reassign', reassign_to_recipient_id: 'temp_carol' },
				],
			},
		});
		expect(error?.message).toBe(
			'Recipient to Remove 1: "Reassign To" must be a recipient the request already has, not "temp_carol"',
		);
		expect((error as { description?: string }).description).toContain(
			'That recipient is added in this same update',
		);
		expect(ctx.sandbox.requests).toHaveLength(0);
		// A temp_… ID that belongs to no recipient is refused the same way.
		const unknown = await update(draft.id, {
			deletedRecipients: {
				recipient: [
					{ recipient_id: bob, field_action: 'reassign', reassign_to_recipient_id: 'temp_x' },
				],
			},
		});
		expect(unknown.error?.message).toBe(
			'Recipient to Remove 1: "Reassign To" must be a recipient the request already has, not "temp_x"',
		);
		expect(ctx.sandbox.requests).toHaveLength(0);
	});

	it('the service refuses a temp_… "Reassign To" too (400 naming the field)', async () => {
		const draft = await createDraft(ctx.sandbox, 'Service refuses');
		const bob = person(draft, 'bob@example.com');
		const response = await api<{ details: Record<string, string> }>(
			ctx.sandbox,
			'PUT',
			`/signing-requests/${draft.id}`,
			{
				recipients: [
					{
						_temp_id: 'temp_carol',
						first_name: 'Carol',
						email: 'carol@example.com',
						designation: 'Signer',
						order: 2,
					},
				],
				deleted_recipients: [
					{ recipient_id: bob, field_action: 'reassign', reassign_to_recipient_id: 'temp_carol' },
				],
			},
			'test',
		);
		expect(response.status).toBe(400);
		expect(Object.keys(response.body.details)).toEqual([
			'deleted_recipients[0].reassign_to_recipient_id',
		]);
	});

	it('an update after sending is refused by the service with a readable 400', async () => {
		const sent = await createSent(ctx.sandbox, 'Sent already');
		ctx.sandbox.clearRequests();
		const { error } = await update(sent.id, { properties: { name: 'Nope' } });
		expect(onlyWrite(ctx.sandbox).status).toBe(400);
		expect(error?.message).toBe(
			'This signing request was already sent, so it can no longer be changed [ALREADY_SENT]',
		);
		expect((error as { httpCode?: string }).httpCode).toBe('400');
	});
});
