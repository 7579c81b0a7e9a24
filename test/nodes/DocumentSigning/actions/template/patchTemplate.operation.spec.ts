import type { IDataObject, NodeOperationError } from 'n8n-workflow';

import { binaryItem } from '../../../../helpers/n8n';
import {
	MISSING_UUID,
	NOT_A_UUID,
	api,
	byId,
	byList,
	createTemplateFixture,
	run,
	sent,
	simplePdf,
	useSandbox,
} from './fixtures';
import type { TemplateFixture } from './fixtures';

const ctx = useSandbox();
let fixture: TemplateFixture;
beforeEach(async () => {
	fixture = await createTemplateFixture(ctx.sandbox);
});

const patch = (parameters: Record<string, unknown>, extra = {}) =>
	run(ctx, 'template', 'patchTemplate', { templateId: byId(fixture.id), ...parameters }, extra);

function expectOneRequest(body: unknown) {
	expect(sent(ctx)).toHaveLength(1);
	expect(sent(ctx)[0]).toMatchObject({
		method: 'PATCH',
		path: `/templates/${fixture.id}`,
		query: {},
	});
	expect(sent(ctx)[0].body).toEqual(body);
}

function expectNothingSent() {
	expect(sent(ctx)).toHaveLength(0);
}

describe('Template → Update One Part (PATCH /templates/{id})', () => {
	describe('Properties', () => {
		it('sends name, description, expiration, settings and a replacement PDF, and nothing else', async () => {
			const pdf = simplePdf('NDA v2', 2);
			const input = [await binaryItem(pdf, 'nda.pdf', 'application/pdf')];
			const { output, error } = await patch(
				{
					update: 'properties',
					properties: { name: 'NDA v2', description: 'Second version', expiration_hours: 24 },
					settings: { show_qr_code: true, allow_download: false },
					replaceDocument: true,
				},
				{ input },
			);
			expect(error).toBeUndefined();
			expectOneRequest({
				name: 'NDA v2',
				description: 'Second version',
				expiration_hours: 24,
				settings: { show_qr_code: true, allow_download: false },
				document: pdf.toString('base64'),
			});
			expect(output[0]).toHaveLength(1);
			expect(output[0][0].json).toMatchObject({
				message: expect.any(String),
				updated_fields: expect.arrayContaining([
					'name',
					'description',
					'expiration_hours',
					'settings',
					'document',
				]),
				key_mode: 'live',
			});
			const after = await api(ctx.sandbox, 'GET', `/templates/${fixture.id}`);
			expect(after.body).toMatchObject({ name: 'NDA v2', expiration_hours: 24 });
		});

		it('sends only the name when only the name is set', async () => {
			const { error } = await patch({ update: 'properties', properties: { name: 'Renamed' } });
			expect(error).toBeUndefined();
			expectOneRequest({ name: 'Renamed' });
		});

		it('refuses an empty change before sending', async () => {
			const { error } = await patch({ update: 'properties', properties: {} });
			expect(error?.message).toBe(
				'Nothing to update: add a property, a setting, or turn on "Replace Document"',
			);
			// The hint names the fields by the labels of the form.
			expect((error as NodeOperationError).description).toContain(
				'Name, Description, Expiration Hours, a setting',
			);
			expectNothingSent();
		});

		it('refuses a missing replacement binary before sending', async () => {
			const { error } = await patch(
				{ update: 'properties', replaceDocument: true },
				{ input: [{ json: {} }] },
			);
			expect(error?.message).toBe(
				'No binary property "data" on item 0 (set in "Input Binary Field")',
			);
			expectNothingSent();
		});

		it('refuses a replacement that is not a PDF before sending', async () => {
			const input = [await binaryItem(Buffer.from('hello'), 'a.txt', 'text/plain')];
			const { error } = await patch({ update: 'properties', replaceDocument: true }, { input });
			expect(error?.message).toBe('The file in binary property "data" is not a PDF');
			expectNothingSent();
		});

		it('refuses invalid settings JSON before sending', async () => {
			const { error } = await patch({
				update: 'properties',
				settingsMode: 'json',
				settingsJson: '{oops}',
			});
			expect(error?.message).toBe('"Settings (JSON)" is not valid JSON');
			expectNothingSent();
		});
	});

	describe('User', () => {
		it('adds a user with identity, designation, order and contact details', async () => {
			const { output, error } = await patch({
				update: 'user',
				userAction: 'add',
				userFirstName: 'Carol',
				userEmail: 'carol@example.com',
				userDesignation: 'CC',
				userOrder: 1,
				userAdditionalFields: { last_name: 'Copy', company: 'Acme', phone_number: '+1 555' },
			});
			expect(error).toBeUndefined();
			expectOneRequest({
				user: {
					first_name: 'Carol',
					last_name: 'Copy',
					email: 'carol@example.com',
					designation: 'CC',
					order: 1,
					company: 'Acme',
					phone_number: '+1 555',
				},
			});
			const json = output[0][0].json;
			expect(json.user).toMatchObject({
				id: expect.any(String),
				email: 'carol@example.com',
				designation: 'CC',
			});
			const users = await api<{ results: Array<{ email: string }> }>(
				ctx.sandbox,
				'GET',
				`/templates/${fixture.id}/users`,
			);
			expect(users.body.results.map((u) => u.email)).toContain('carol@example.com');
		});

		it('updates only the chosen fields of an existing user, and surfaces the warning as warnings[]', async () => {
			const signer = fixture.users[0];
			const { output, error } = await patch({
				update: 'user',
				userAction: 'update',
				userId: signer.id,
				userUpdateFields: { email: 'Signer.New@Example.com' },
			});
			expect(error).toBeUndefined();
			expectOneRequest({ user: { id: signer.id, email: 'Signer.New@Example.com' } });
			const json = output[0][0].json;
			expect(json.warning).toBeUndefined();
			expect(json.warnings).toEqual([expect.stringContaining('upper-case')]);
			expect(json.user).toMatchObject({
				id: signer.id,
				email: 'Signer.New@Example.com',
				first_name: 'Signer',
			});
		});

		it('refuses an update with nothing in it, a bad user ID, or a bad email before sending', async () => {
			const empty = await patch({
				update: 'user',
				userAction: 'update',
				userId: fixture.users[0].id,
				userUpdateFields: {},
			});
			expect(empty.error?.message).toBe(
				'Nothing to update: add at least one field in "Update Fields"',
			);
			const badId = await patch({
				update: 'user',
				userAction: 'update',
				userId: 'temp_1',
				userUpdateFields: { title: 'Dr' },
			});
			expect(badId.error?.message).toBe('"User" is not a valid ID: "temp_1"');
			const badEmail = await patch({
				update: 'user',
				userAction: 'add',
				userFirstName: 'X',
				userEmail: 'not-an-email',
			});
			expect(badEmail.error?.message).toBe('User: "not-an-email" is not an email address');
			expectNothingSent();
		});
	});

	describe('Field', () => {
		it('adds a date field in the flat template shape, with user, date format and signing-date default', async () => {
			const signer = fixture.users[0];
			const { output, error } = await patch({
				update: 'field',
				fieldAction: 'add',
				fieldType: 'date',
				fieldPage: 2,
				fieldX: 60,
				fieldY: 10,
				fieldWidth: 20,
				fieldHeight: 4,
				fieldAdditionalFields: {
					assigned_to_user_id: signer.id,
					date_format: 'yyyy-MM-dd',
					default_to_signing_date: true,
					required: true,
					variable_name: 'signed_on',
				},
			});
			expect(error).toBeUndefined();
			expectOneRequest({
				field: {
					type: 'date',
					page: 2,
					x: 60,
					y: 10,
					width: 20,
					height: 4,
					assigned_to_user_id: signer.id,
					format_rules: { dateFormat: 'yyyy-MM-dd' },
					default_to_signing_date: true,
					required: true,
					variable_name: 'signed_on',
				},
			});
			// The answer is {message, updated_fields}: the field is read back from the template.
			expect(output[0][0].json).toMatchObject({ message: expect.any(String) });
			expect(output[0][0].json.field).toBeUndefined();
			const fields = await api<{ results: IDataObject[] }>(
				ctx.sandbox,
				'GET',
				`/templates/${fixture.id}/fields`,
			);
			expect(fields.body.results).toHaveLength(3);
			expect(fields.body.results[2]).toMatchObject({
				type: 'date',
				page_number: 2,
				recipient_id: signer.id,
			});
		});

		it('sends dropdown options as a list, and read-only values', async () => {
			const { error } = await patch({
				update: 'field',
				fieldAction: 'add',
				fieldType: 'dropdown',
				fieldAdditionalFields: {
					options: 'Red, Green ,Blue,',
					read_only: true,
					read_only_value: 'Green',
				},
			});
			expect(error).toBeUndefined();
			expect(sent(ctx)[0].body).toEqual({
				field: {
					type: 'dropdown',
					page: 1,
					x: 10,
					y: 80,
					width: 25,
					height: 5,
					options: ['Red', 'Green', 'Blue'],
					read_only: true,
					read_only_value: 'Green',
				},
			});
		});

		it('moves an existing field: only its ID and the new values are sent', async () => {
			const field = fixture.fields[0];
			const { output, error } = await patch({
				update: 'field',
				fieldAction: 'update',
				fieldId: field.id,
				fieldUpdateFields: { x: 50, y: 20 },
			});
			expect(error).toBeUndefined();
			expectOneRequest({ field: { id: field.id, x: 50, y: 20 } });
			expect(output[0][0].json.updated_fields).toEqual(expect.arrayContaining(['x', 'y']));
			const fields = await api<{ results: IDataObject[] }>(
				ctx.sandbox,
				'GET',
				`/templates/${fixture.id}/fields`,
			);
			expect(fields.body.results.find((f) => f.id === field.id)).toMatchObject({
				position: expect.objectContaining({ x: 50, y: 20 }),
			});
		});

		it('refuses bad fields before sending', async () => {
			const offPage = await patch({
				update: 'field',
				fieldAction: 'add',
				fieldX: 90,
				fieldWidth: 20,
			});
			expect(offPage.error?.message).toBe(
				'Field: the field runs off the page (X + Width and Y + Height must stay within 100)',
			);
			const dropdown = await patch({ update: 'field', fieldAction: 'add', fieldType: 'dropdown' });
			expect(dropdown.error?.message).toBe('Field: a dropdown field needs "Dropdown Options"');
			const badUser = await patch({
				update: 'field',
				fieldAction: 'add',
				fieldAdditionalFields: { assigned_to_user_id: 'someone' },
			});
			expect(badUser.error?.message).toBe('"Field: Assigned To User" is not a valid ID: "someone"');
			const badId = await patch({
				update: 'field',
				fieldAction: 'update',
				fieldId: '42',
				fieldUpdateFields: { x: 1 },
			});
			expect(badId.error?.message).toBe('"Field ID" is not a valid ID: "42"');
			const nothing = await patch({
				update: 'field',
				fieldAction: 'update',
				fieldId: fixture.fields[0].id,
			});
			expect(nothing.error?.message).toBe(
				'Nothing to update: add at least one field in "Update Fields"',
			);
			expectNothingSent();
		});
	});

	describe('Seal Participant', () => {
		it('sends the participant and the new seal; an unknown participant gives the mapped 404', async () => {
			const { error } = await patch({
				update: 'sealParticipant',
				participantId: MISSING_UUID,
				swapToSealId: MISSING_UUID,
			});
			expectOneRequest({
				seal_participant: { participant_id: MISSING_UUID, swap_to_seal_id: MISSING_UUID },
			});
			expect(error?.message).toMatch(/^Not found/);
		});

		it('refuses malformed IDs before sending', async () => {
			const { error } = await patch({
				update: 'sealParticipant',
				participantId: MISSING_UUID,
				swapToSealId: 'seal-1',
			});
			expect(error?.message).toBe('"New Seal ID" is not a valid ID: "seal-1"');
			expectNothingSent();
		});
	});

	it('refuses a malformed template ID before sending', async () => {
		const { error } = await run(ctx, 'template', 'patchTemplate', {
			templateId: byList(NOT_A_UUID),
			update: 'properties',
			properties: { name: 'x' },
		});
		expect(error?.message).toBe(`"Template" is not a valid ID: "${NOT_A_UUID}"`);
		expectNothingSent();
	});
});
