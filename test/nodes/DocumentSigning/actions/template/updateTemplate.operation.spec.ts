import type { IDataObject, INodeProperties } from 'n8n-workflow';

import { description } from '../../../../../nodes/DocumentSigning/actions/template/updateTemplate.operation';
import { byList } from '../../../../kit';

import { binaryItem } from '../../../../helpers/n8n';
import { api, byId, createTemplateFixture, run, sent, simplePdf, useSandbox } from './fixtures';
import type { TemplateFixture } from './fixtures';

const ctx = useSandbox();
let fixture: TemplateFixture;
beforeEach(async () => {
	fixture = await createTemplateFixture(ctx.sandbox);
});

const update = (parameters: Record<string, unknown>, extra = {}) =>
	run(ctx, 'template', 'updateTemplate', { templateId: byId(fixture.id), ...parameters }, extra);

function expectOneRequest(body: unknown) {
	expect(sent(ctx)).toHaveLength(1);
	expect(sent(ctx)[0]).toMatchObject({
		method: 'PUT',
		path: `/templates/${fixture.id}`,
		query: {},
	});
	expect(sent(ctx)[0].body).toEqual(body);
}

const users = async () =>
	(await api<{ results: IDataObject[] }>(ctx.sandbox, 'GET', `/templates/${fixture.id}/users`)).body
		.results;

describe('Template → Update (PUT /templates/{id})', () => {
	it('properties: name, description, settings and a new PDF go into template_properties', async () => {
		const pdf = simplePdf('NDA 2', 2);
		const input = [await binaryItem(pdf, 'nda.pdf', 'application/pdf', { mode: 'filesystem' })];
		const { output, error } = await update(
			{
				sections: ['properties'],
				templateProperties: { name: 'NDA 2', description: 'Updated', expiration_hours: 48 },
				settings: { require_otp_verification: true },
				replaceDocument: true,
			},
			{ input, binaryMode: 'filesystem' },
		);
		expect(error).toBeUndefined();
		expectOneRequest({
			template_properties: {
				name: 'NDA 2',
				description: 'Updated',
				expiration_hours: 48,
				settings: { require_otp_verification: true },
				document: pdf.toString('base64'),
			},
		});
		expect(output[0]).toHaveLength(1);
		expect(output[0][0].json).toMatchObject({
			id: fixture.id,
			name: 'NDA 2',
			expiration_hours: 48,
			key_mode: 'live',
			settings: expect.objectContaining({ require_otp_verification: true }),
		});
	});

	it('users: changes a user picked from the list and adds a new one, with the template key names', async () => {
		const signer = fixture.users[0];
		const { output, error } = await update({
			sections: ['users'],
			recipients: {
				recipient: [
					{
						ref: byList(String(signer.id)),
						first_name: 'Sig',
						last_name: 'Changed',
						email: 'sig@example.com',
						designation: 'Signer',
						order: 1,
					},
					{
						first_name: 'Cee',
						email: 'cc@example.com',
						designation: 'CC',
						order: 1,
						additionalFields: { company: 'Acme' },
					},
				],
			},
		});
		expect(error).toBeUndefined();
		expectOneRequest({
			users: [
				{
					id: signer.id,
					first_name: 'Sig',
					last_name: 'Changed',
					email: 'sig@example.com',
					designation: 'Signer',
					order: 1,
				},
				{
					first_name: 'Cee',
					email: 'cc@example.com',
					designation: 'CC',
					order: 1,
					company: 'Acme',
				},
			],
		});
		expect(output[0][0].json.recipients).toHaveLength(3);
		const after = await users();
		expect(after.map((u) => u.email).sort()).toEqual([
			'approver@example.com',
			'cc@example.com',
			'sig@example.com',
		]);
	});

	it("users: an empty Order (the form's default) leaves a user's order; a new user needs one", async () => {
		const approver = fixture.users[1];
		const { error } = await update({
			sections: ['users'],
			recipients: {
				recipient: [
					{
						ref: byList(String(approver.id)),
						first_name: 'Appy',
						email: 'appy@example.com',
						order: '',
					},
				],
			},
		});
		expect(error).toBeUndefined();
		expectOneRequest({
			users: [{ id: approver.id, first_name: 'Appy', email: 'appy@example.com' }],
		});
		expect((await users()).find((u) => u.id === approver.id)).toMatchObject({
			email: 'appy@example.com',
			order: approver.order,
		});
		const added = await update({
			sections: ['users'],
			recipients: {
				recipient: [
					{ first_name: 'New', email: 'new@example.com', designation: 'Signer', order: '' },
				],
			},
		});
		expect(added.error?.message).toBe('User 1: "Order" is required to add a user');
	});

	it("users: changing a user's email sends only the email; the user keeps name, designation and order (issue 36 §1)", async () => {
		const approver = fixture.users[1];
		const { error } = await update({
			sections: ['users'],
			recipients: { recipient: [{ ref: byId(String(approver.id)), email: 'legal@example.com' }] },
		});
		expect(error).toBeUndefined();
		expectOneRequest({ users: [{ id: approver.id, email: 'legal@example.com' }] });
		const after = (await users()).find((u) => u.id === approver.id);
		expect(after).toMatchObject({
			email: 'legal@example.com',
			first_name: approver.first_name,
			designation: approver.designation,
			order: approver.order,
		});
		// The form asks for nothing n8n would check before running: the picker says who.
		const entry = description.find((p) => p.name === 'recipients')?.options?.[0] as {
			values: INodeProperties[];
		};
		expect(entry.values[0]).toMatchObject({
			name: 'ref',
			displayName: 'User',
			type: 'resourceLocator',
		});
		expect(entry.values[0].modes?.[0].typeOptions?.searchListMethod).toBe('searchTemplateUsers');
		expect(entry.values.filter((v) => v.required)).toEqual([]);
	});

	it('users as JSON', async () => {
		const { error } = await update({
			sections: ['users'],
			recipientsMode: 'json',
			recipientsJson: JSON.stringify([
				{ id: fixture.users[1].id, title: 'Head of Legal' },
				{ first_name: 'New', email: 'new@example.com', designation: 'Signer', order: 3 },
			]),
		});
		expect(error).toBeUndefined();
		expectOneRequest({
			users: [
				{ id: fixture.users[1].id, title: 'Head of Legal' },
				{ first_name: 'New', email: 'new@example.com', designation: 'Signer', order: 3 },
			],
		});
	});

	it('deleted users: deletes a user and their fields, with force_remove_conditions', async () => {
		const approver = fixture.users[1];
		const { output, error } = await update({
			sections: ['deletedUsers'],
			deletedUsers: { deletedUser: [{ user_id: approver.id, field_action: 'delete' }] },
			forceRemoveConditions: true,
		});
		expect(error).toBeUndefined();
		expectOneRequest({
			deleted_users: [{ user_id: approver.id, field_action: 'delete' }],
			force_remove_conditions: true,
		});
		expect(output[0][0].json.recipients).toHaveLength(1);
		expect(output[0][0].json.fields).toHaveLength(1);
	});

	it('deleted users: reassigns the fields to a user of the same designation', async () => {
		const signer = fixture.users[0];
		await api(ctx.sandbox, 'PATCH', `/templates/${fixture.id}`, {
			user: { first_name: 'Second', email: 'second@example.com', designation: 'Signer', order: 3 },
		});
		const second = (await users()).find((u) => u.email === 'second@example.com') as IDataObject;
		ctx.sandbox.clearRequests();
		const { error } = await update({
			sections: ['deletedUsers'],
			deletedUsersMode: 'json',
			deletedUsersJson: JSON.stringify([
				{ user_id: signer.id, field_action: 'reassign', reassign_to_user_id: second.id },
			]),
		});
		expect(error).toBeUndefined();
		expectOneRequest({
			deleted_users: [
				{ user_id: signer.id, field_action: 'reassign', reassign_to_user_id: second.id },
			],
		});
		const fields = (
			await api<{ results: IDataObject[] }>(ctx.sandbox, 'GET', `/templates/${fixture.id}/fields`)
		).body.results;
		expect(fields.filter((f) => f.recipient_id === second.id)).toHaveLength(1);
	});

	it('fields: adds one and moves one, in the flat template shape', async () => {
		const signer = fixture.users[0];
		const existing = fixture.fields[0];
		const { output, error } = await update({
			sections: ['fields'],
			templateFields: {
				field: [
					{
						type: 'text',
						assigned_to_user_id: signer.id,
						page: 2,
						x: 10,
						y: 10,
						width: 30,
						height: 5,
						required: true,
						variable_name: 'company_name',
					},
					{ id: existing.id, type: 'signature', page: 1, x: 50, y: 85, width: 25, height: 5 },
				],
			},
		});
		expect(error).toBeUndefined();
		// The form is the whole field: its switches are sent with their values (n8n fills in defaults).
		expectOneRequest({
			fields: [
				{
					type: 'text',
					assigned_to_user_id: signer.id,
					page: 2,
					x: 10,
					y: 10,
					width: 30,
					height: 5,
					required: true,
					default_to_signing_date: false,
					variable_name: 'company_name',
				},
				{
					id: existing.id,
					type: 'signature',
					page: 1,
					x: 50,
					y: 85,
					width: 25,
					height: 5,
					required: false,
					default_to_signing_date: false,
				},
			],
		});
		const fields = output[0][0].json.fields as IDataObject[];
		expect(fields).toHaveLength(3);
		expect(fields.find((f) => f.id === existing.id)).toMatchObject({
			position: expect.objectContaining({ x: 50 }),
		});
	});

	it('reminders: to one user, by user_id, hours after sending', async () => {
		const signer = fixture.users[0];
		const { error } = await update({
			sections: ['reminders'],
			reminders: {
				reminder: [
					{
						all_users: false,
						user_id: signer.id,
						hours: 24,
						subject: 'Nudge',
						message: 'Please sign',
					},
				],
			},
		});
		expect(error).toBeUndefined();
		expectOneRequest({
			reminders: [
				{
					all_users: false,
					user_id: signer.id,
					hours: 24,
					subject: 'Nudge',
					message: 'Please sign',
				},
			],
		});
		const reminders = (
			await api<IDataObject[]>(ctx.sandbox, 'GET', `/templates/${fixture.id}/reminders`)
		).body;
		expect(reminders).toHaveLength(2);
		expect(reminders.find((r) => r.hours === 24)).toMatchObject({
			all_users: false,
			template_user_id: signer.id,
		});
	});

	it('several sections in one call; the answer is the Template (no summary, no warnings)', async () => {
		const { output, error } = await update({
			sections: ['properties', 'users', 'reminders'],
			templateProperties: { description: 'All at once' },
			recipientsMode: 'json',
			recipientsJson:
				'[{"first_name":"Upper","email":"Upper@Example.com","designation":"Signer","order":3}]',
			remindersMode: 'json',
			remindersJson: '[{"hours":72,"all_users":true,"subject":"Last call","message":"Sign today"}]',
		});
		expect(error).toBeUndefined();
		expect(Object.keys(sent(ctx)[0].body as object)).toEqual([
			'template_properties',
			'users',
			'reminders',
		]);
		// The documented answer of the full update is the Template: the service gives no summary
		// (Signing Request → Update, whose answer has one, surfaces its warnings).
		expect(output[0][0].json.warnings).toBeUndefined();
		expect(output[0][0].json.summary).toBeUndefined();
		expect(output[0][0].json.description).toBe('All at once');
		expect(output[0][0].json.recipients).toEqual(
			expect.arrayContaining([expect.objectContaining({ email: 'Upper@Example.com' })]),
		);
	});

	describe('refuses bad input before sending anything', () => {
		const cases: Array<[string, Record<string, unknown>, string]> = [
			[
				'no section chosen',
				{ sections: [] },
				'Nothing to update: choose at least one part in "Update"',
			],
			[
				'a chosen section left empty',
				{ sections: ['fields'] },
				'"Fields" is chosen in "Update" but has nothing in it',
			],
			[
				'empty properties',
				{ sections: ['properties'], templateProperties: {} },
				'"Properties" is chosen in "Update" but has nothing in it',
			],
			[
				'invalid users JSON',
				{ sections: ['users'], recipientsMode: 'json', recipientsJson: '[{"first_name":' },
				'"Users (JSON)" is not valid JSON',
			],
			[
				'a temp ID as a user (templates have none), as saved in the former "Reference ID"',
				{
					sections: ['users'],
					recipients: {
						recipient: [
							{
								ref: 'temp_1',
								first_name: 'A',
								email: 'a@example.com',
								designation: 'Signer',
								order: 3,
							},
						],
					},
				},
				'"User 1: ID" is not a valid ID: "temp_1"',
			],
			[
				'a new user without order (JSON)',
				{
					sections: ['users'],
					recipientsMode: 'json',
					recipientsJson: '[{"first_name":"A","email":"a@example.com","designation":"Signer"}]',
				},
				'Users (JSON), entry 1: "order" is required to add a user',
			],
			[
				'a new user with only an email (the picker left empty)',
				{
					sections: ['users'],
					recipients: { recipient: [{ email: 'a@example.com' }] },
				},
				'User 1: "First Name", "Designation", "Order" are required to add a user',
			],
			[
				'a picked user with nothing to change',
				{
					sections: ['users'],
					recipients: {
						recipient: [{ ref: byList('123e4567-e89b-42d3-a456-426614174000') }],
					},
				},
				'User 1: nothing to change',
			],
			[
				'a field type the full update does not take',
				{
					sections: ['fields'],
					templateFieldsMode: 'json',
					templateFieldsJson: '[{"type":"stamp","page":1,"x":1,"y":1,"width":5,"height":5}]',
				},
				'Fields (JSON), entry 1: type "stamp" is not possible here',
			],
			[
				'a field without width',
				{
					sections: ['fields'],
					templateFields: { field: [{ type: 'text', page: 1, x: 1, y: 1, width: 0, height: 5 }] },
				},
				'Field 1: "Width (% of Page)" must be more than 0',
			],
			[
				'a new field without position',
				{
					sections: ['fields'],
					templateFieldsMode: 'json',
					templateFieldsJson: '[{"type":"text","page":1}]',
				},
				'Fields (JSON), entry 1: "X (% From Left)", "Y (% From Top)", "Width (% of Page)", "Height (% of Page)" are required to add a field',
			],
			[
				'reassigning without a target',
				{
					sections: ['deletedUsers'],
					deletedUsersMode: 'json',
					deletedUsersJson:
						'[{"user_id":"123e4567-e89b-42d3-a456-426614174000","field_action":"reassign"}]',
				},
				'"Deleted Users (JSON), entry 1: Reassign Fields To" is empty',
			],
			[
				'an unknown field action',
				{
					sections: ['deletedUsers'],
					deletedUsersMode: 'json',
					deletedUsersJson:
						'[{"user_id":"123e4567-e89b-42d3-a456-426614174000","field_action":"keep"}]',
				},
				'Deleted Users (JSON), entry 1: field_action must be "delete" or "reassign" (got "keep")',
			],
			[
				'a reminder for a user that is not an ID',
				{
					sections: ['reminders'],
					remindersMode: 'json',
					remindersJson: '[{"hours":5,"user_id":"bob","subject":"s","message":"m"}]',
				},
				'"Reminder 1: User ID" is not a valid ID: "bob"',
			],
			[
				'a reminder without recipient',
				{
					sections: ['reminders'],
					reminders: { reminder: [{ all_users: false, hours: 5, subject: 's', message: 'm' }] },
				},
				'Reminder 1: choose a recipient (user_id) or turn on "All Recipients"',
			],
		];
		it.each(cases)('%s', async (_name, parameters, message) => {
			const { error } = await update(parameters);
			expect(error?.message).toBe(message);
			expect(sent(ctx)).toHaveLength(0);
		});
	});

	it('a service refusal (a field on a page the document does not have) is mapped', async () => {
		const { error } = await update({
			sections: ['fields'],
			templateFieldsMode: 'json',
			templateFieldsJson: '[{"type":"text","page":9,"x":1,"y":1,"width":5,"height":5}]',
		});
		expect(sent(ctx)).toHaveLength(1);
		expect(error?.message).toMatch(/^The service rejected the request/);
	});
});
