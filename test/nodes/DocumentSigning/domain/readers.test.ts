import type { IDataObject, INodeParameters } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import {
	checkField,
	readFieldOverrides,
	readFields,
} from '../../../../nodes/DocumentSigning/domain/fields';
import {
	checkRecipient,
	readRecipients,
} from '../../../../nodes/DocumentSigning/domain/recipients';
import { checkSigningRequestProperties } from '../../../../nodes/DocumentSigning/domain/completion';
import { readReminders } from '../../../../nodes/DocumentSigning/domain/reminders';
import { readSettings } from '../../../../nodes/DocumentSigning/domain/settings';
import { createExecuteContext } from '../../../helpers/n8n';

/** A real n8n ExecuteContext whose node has exactly these parameters (no defaults added). */
const ctx = (parameters: INodeParameters) => createExecuteContext({ parameters }).context;

/** The message of the error `fn` throws (and that it is a NodeOperationError). */
function errorOf(fn: () => unknown): string {
	try {
		fn();
	} catch (error) {
		expect(error).toBeInstanceOf(NodeOperationError);
		return (error as Error).message;
	}
	throw new Error('expected an error');
}

describe('readRecipients', () => {
	it('merges the "Add Field" values of a form entry into the recipient', () => {
		const context = ctx({
			recipientsMode: 'fields',
			recipients: {
				recipient: [
					{
						first_name: 'Ada',
						email: 'ada@example.com',
						designation: 'Signer',
						order: 1,
						additionalFields: { company: 'Acme', phone_number: '+44 20 7946 0000', city: '' },
					},
				],
			},
		});
		expect(readRecipients(context, 0)).toEqual([
			{
				first_name: 'Ada',
				email: 'ada@example.com',
				designation: 'Signer',
				order: 1,
				company: 'Acme',
				phone_number: '+44 20 7946 0000',
			},
		]);
	});

	describe('a new signing request: an empty Order is the next free one', () => {
		const person = (first_name: string, extra: IDataObject = {}): IDataObject => ({
			first_name,
			email: `${first_name.toLowerCase()}@example.com`,
			designation: 'Signer',
			order: '',
			...extra,
		});
		const form = (...recipient: IDataObject[]) =>
			ctx({ recipientsMode: 'fields', recipients: { recipient } as INodeParameters });
		const orders = (recipients: Array<{ order?: unknown }> | undefined) =>
			recipients?.map((r) => r.order);

		it('numbers the recipients in list order, around the Orders given, CC on their own', () => {
			const read = (...recipient: IDataObject[]) =>
				orders(readRecipients(form(...recipient), 0, { newRequest: 'pdf' }));
			expect(read(person('Ada'), person('Bob'))).toEqual([1, 2]);
			expect(read(person('Ada'), person('Bob', { order: 1 }), person('Cy'))).toEqual([2, 1, 3]);
			expect(read(person('Ada', { order: 2 }), person('Bob'), person('Cy'))).toEqual([2, 1, 3]);
			expect(
				read(
					person('Ada'),
					person('Cc', { designation: 'CC' }),
					person('Bob'),
					person('Dd', { designation: 'CC' }),
				),
			).toEqual([1, 1, 2, 2]);
		});

		it('from a template: a recipient with a Template User keeps no Order of its own', () => {
			const user = '8f0e8d52-4c1e-4c53-9b7b-2f0a8f3f3a11';
			const recipients = readRecipients(
				form(person('Ada', { template_user_id: user }), person('Bob', { template_user_id: '' })),
				0,
				{ newRequest: 'template', requireIdentity: false },
			);
			expect(recipients).toEqual([
				{
					first_name: 'Ada',
					email: 'ada@example.com',
					designation: 'Signer',
					template_user_id: user,
				},
				{ first_name: 'Bob', email: 'bob@example.com', designation: 'Signer', order: 1 },
			]);
		});

		it('leaves JSON and the recipients of an update as they are', () => {
			const json = ctx({
				recipientsMode: 'json',
				recipientsJson: JSON.stringify([
					{ id: 'temp_1', first_name: 'Ada', email: 'a@example.com' },
				]),
			});
			expect(orders(readRecipients(json, 0, { newRequest: 'pdf', referenceKey: 'id' }))).toEqual([
				undefined,
			]);
			expect(orders(readRecipients(form(person('Ada'), person('Bob')), 0))).toEqual([
				undefined,
				undefined,
			]);
		});

		it('a duplicate Order from a template names the field to change', () => {
			const context = form(person('Ada', { order: 1 }), person('Bob', { order: 1 }));
			let description = '';
			try {
				readRecipients(context, 0, { newRequest: 'template', requireIdentity: false });
			} catch (error) {
				description = (error as NodeOperationError).description ?? '';
				expect((error as Error).message).toBe(
					'Recipient 2 and Recipient 1 both replace the template user with Order 1',
				);
			}
			expect(description).toContain('Change "Order" of Recipient 2');
		});
	});

	it('reads the fields form: drops empty values, resolves Reference ID to id, checks identity', () => {
		const context = ctx({
			recipientsMode: 'fields',
			recipients: {
				recipient: [
					{
						ref: 'temp_1',
						first_name: 'Ada',
						last_name: '',
						email: ' ada@example.com ',
						designation: 'Signer',
						order: 1,
						city: '',
					},
					{ first_name: 'Bob', email: 'bob@example.com', designation: 'CC', order: 1 },
				],
			},
		});
		expect(readRecipients(context, 0, { referenceKey: 'id' })).toEqual([
			{
				id: 'temp_1',
				first_name: 'Ada',
				email: 'ada@example.com',
				designation: 'Signer',
				order: 1,
			},
			{ first_name: 'Bob', email: 'bob@example.com', designation: 'CC', order: 1 },
		]);
	});

	it('puts a temp_ Reference ID in _temp_id for a full update, an existing ID in id', () => {
		const existing = '123e4567-e89b-42d3-a456-426614174000';
		const context = ctx({
			recipientsMode: 'fields',
			recipients: {
				recipient: [
					{ ref: 'temp_new', first_name: 'Ada', email: 'ada@example.com' },
					{ ref: existing, order: 2 },
				],
			},
		});
		expect(readRecipients(context, 0, { referenceKey: '_temp_id' })).toEqual([
			{ _temp_id: 'temp_new', first_name: 'Ada', email: 'ada@example.com' },
			{ id: existing, order: 2 },
		]);
	});

	it('reads the JSON form, as a string or as a mapped array', () => {
		const json = [
			{
				id: 'temp_a',
				first_name: 'Ada',
				email: 'ada@example.com',
				designation: 'Approver',
				order: '2',
			},
		];
		const fromString = readRecipients(
			ctx({ recipientsMode: 'json', recipientsJson: JSON.stringify(json) }),
			0,
		);
		expect(fromString).toEqual([{ ...json[0], order: 2 }]);
		const fromValue = readRecipients(
			ctx({ recipientsMode: 'json', recipientsJson: json as never }),
			0,
		);
		expect(fromValue).toEqual(fromString);
	});

	it('returns undefined when nothing is given', () => {
		expect(readRecipients(ctx({ recipientsMode: 'fields', recipients: {} }), 0)).toBeUndefined();
		expect(
			readRecipients(ctx({ recipientsMode: 'json', recipientsJson: '[]' }), 0),
		).toBeUndefined();
		expect(
			readRecipients(ctx({ recipientsMode: 'json', recipientsJson: '  ' }), 0),
		).toBeUndefined();
	});

	it('names the entry and the missing key (form and JSON wording)', () => {
		expect(
			errorOf(() =>
				readRecipients(
					ctx({
						recipientsMode: 'fields',
						recipients: {
							recipient: [
								{ first_name: 'Ada', email: 'a@b.co' },
								{ first_name: '', email: 'x@y.zz' },
							],
						},
					}),
					0,
				),
			),
		).toBe('Recipient 2: "First Name" is required');
		expect(
			errorOf(() =>
				readRecipients(
					ctx({ recipientsMode: 'json', recipientsJson: '[{"first_name":"Ada"}]' }),
					0,
				),
			),
		).toBe('Recipients (JSON), entry 1: "email" is required');
	});

	it('lets template overrides and updates of existing recipients leave identity out', () => {
		const context = ctx({
			recipientsMode: 'json',
			recipientsJson: '[{"template_user_id":"u1","last_name":"Lovelace"}]',
		});
		expect(readRecipients(context, 0, { requireIdentity: false })).toEqual([
			{ template_user_id: 'u1', last_name: 'Lovelace' },
		]);
		expect(errorOf(() => readRecipients(context, 0))).toBe(
			'Recipients (JSON), entry 1: "first_name" is required',
		);
	});

	it('refuses a bad email, designation and order', () => {
		const one = (entry: object) =>
			ctx({
				recipientsMode: 'json',
				recipientsJson: JSON.stringify([{ first_name: 'A', email: 'a@b.co', ...entry }]),
			});
		expect(errorOf(() => readRecipients(one({ email: 'not-an-email' }), 0))).toBe(
			'Recipients (JSON), entry 1: "not-an-email" is not an email address',
		);
		expect(errorOf(() => readRecipients(one({ designation: 'Witness' }), 0))).toBe(
			'Recipients (JSON), entry 1: designation must be one of Signer, Approver, CC (got "Witness")',
		);
		expect(errorOf(() => readRecipients(one({ order: 0 }), 0))).toBe(
			'Recipients (JSON), entry 1: "order" must be a whole number of 1 or more (got 0)',
		);
		expect(errorOf(() => readRecipients(one({ order: 1.5 }), 0))).toContain(
			'"order" must be a whole number',
		);
	});

	it('refuses invalid JSON, a non-array and non-object entries, naming the field', () => {
		expect(
			errorOf(() =>
				readRecipients(
					ctx({ recipientsMode: 'json', recipientsJson: '[{"first_name": "Ada",]' }),
					0,
				),
			),
		).toBe('"Recipients (JSON)" is not valid JSON');
		expect(
			errorOf(() =>
				readRecipients(ctx({ recipientsMode: 'json', recipientsJson: '{"first_name":"Ada"}' }), 0),
			),
		).toBe('"Recipients (JSON)" must be a JSON array ([...])');
		expect(
			errorOf(() =>
				readRecipients(ctx({ recipientsMode: 'json', recipientsJson: '["ada@example.com"]' }), 0),
			),
		).toBe('Recipients (JSON): entry 1 must be an object');
	});

	it('checkRecipient checks one entry the same way (PATCH recipient)', () => {
		const context = ctx({});
		expect(
			checkRecipient(
				context,
				{ first_name: 'Ada', email: 'ada@example.com', phone_number: '' },
				'Recipient Details',
				false,
			),
		).toEqual({
			first_name: 'Ada',
			email: 'ada@example.com',
		});
		expect(
			errorOf(() =>
				checkRecipient(context, { email: 'ada@example.com' }, 'Recipient Details', false),
			),
		).toBe('Recipient Details: "First Name" is required');
		expect(
			checkRecipient(context, { order: 3 }, 'Recipient Details', false, {
				requireIdentity: false,
			}),
		).toEqual({ order: 3 });
	});
});

describe('readFields', () => {
	const formField = {
		id: '',
		type: 'signature',
		recipient_id: 'temp_1',
		page_number: 1,
		x: 10,
		y: 80,
		width: 25,
		height: 5,
		required: true,
		read_only: false,
		read_only_value: '',
		prefilled_data: '',
		variable_name: '',
		date_format: '',
	};

	it('reads the "Add Field" values of a form entry like the others', () => {
		const context = ctx({
			fieldsMode: 'fields',
			fields: {
				field: [
					{
						type: 'date',
						recipient_id: 'temp_1',
						page_number: 2,
						x: 10,
						y: 80,
						width: 25,
						height: 5,
						required: true,
						read_only: false,
						additionalFields: {
							date_format: 'yyyy-MM-dd',
							date_signing_default: true,
							variable_name: 'signed_on',
						},
					},
				],
			},
		});
		expect(readFields(context, 0)).toEqual([
			{
				type: 'date',
				recipient_id: 'temp_1',
				page_number: 2,
				position: { x: 10, y: 80, width: 25, height: 5 },
				required: true,
				read_only: false,
				date_signing_default: true,
				variable_name: 'signed_on',
				format_rules: { dateFormat: 'yyyy-MM-dd' },
			},
		]);
	});

	it('nests the flat form position and turns the date format into format_rules', () => {
		const context = ctx({
			fieldsMode: 'fields',
			fields: {
				field: [
					formField,
					{
						...formField,
						type: 'date',
						page_number: 2,
						date_format: 'yyyy-MM-dd',
						date_signing_default: true,
					},
				],
			},
		});
		expect(readFields(context, 0)).toEqual([
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
				recipient_id: 'temp_1',
				page_number: 2,
				position: { x: 10, y: 80, width: 25, height: 5 },
				required: true,
				read_only: false,
				date_signing_default: true,
				format_rules: { dateFormat: 'yyyy-MM-dd' },
			},
		]);
	});

	it('reads the JSON form and normalises the aliases initials → initial, textarea → text_area', () => {
		const json = [
			{ type: 'initials', page_number: 1, position: { x: 0, y: 0, width: 10, height: 10 } },
			{ type: 'textarea', page_number: '3', position: { x: '50', y: 90, width: 50, height: 10 } },
		];
		expect(readFields(ctx({ fieldsMode: 'json', fieldsJson: JSON.stringify(json) }), 0)).toEqual([
			{ type: 'initial', page_number: 1, position: { x: 0, y: 0, width: 10, height: 10 } },
			{ type: 'text_area', page_number: 3, position: { x: 50, y: 90, width: 50, height: 10 } },
		]);
	});

	it('checks positions: percentages, and the field must stay on the page', () => {
		const one = (position: object) =>
			ctx({
				fieldsMode: 'json',
				fieldsJson: JSON.stringify([{ type: 'text', page_number: 1, position }]),
			});
		expect(errorOf(() => readFields(one({ x: 101, y: 0, width: 1, height: 1 }), 0))).toBe(
			'Fields (JSON), entry 1: position.x must be a percentage from 0 to 100 (got 101)',
		);
		expect(errorOf(() => readFields(one({ x: 10, y: -1, width: 1, height: 1 }), 0))).toBe(
			'Fields (JSON), entry 1: position.y must be a percentage from 0 to 100 (got -1)',
		);
		expect(errorOf(() => readFields(one({ x: 80, y: 10, width: 30, height: 5 }), 0))).toBe(
			'Fields (JSON), entry 1: the field runs off the page (x + width and y + height must stay within 100)',
		);
		expect(errorOf(() => readFields(one({ x: 10, y: 10, width: 'wide', height: 5 }), 0))).toBe(
			'Fields (JSON), entry 1: position.width must be a percentage from 0 to 100 (got wide)',
		);
		expect(errorOf(() => readFields(one({ x: 10, y: 10, width: 5 }), 0))).toBe(
			'Fields (JSON), entry 1: position.height is required',
		);
	});

	it('requires type, position and page of new fields, naming the entry', () => {
		const json = (entry: object) =>
			ctx({ fieldsMode: 'json', fieldsJson: JSON.stringify([entry]) });
		expect(
			errorOf(() =>
				readFields(json({ page_number: 1, position: { x: 1, y: 1, width: 1, height: 1 } }), 0),
			),
		).toBe('Fields (JSON), entry 1: "type" is required');
		expect(errorOf(() => readFields(json({ type: 'text', page_number: 1 }), 0))).toBe(
			'Fields (JSON), entry 1: position is required',
		);
		expect(
			errorOf(() =>
				readFields(json({ type: 'text', position: { x: 1, y: 1, width: 1, height: 1 } }), 0),
			),
		).toBe('Fields (JSON), entry 1: page_number is required');
		expect(
			errorOf(() =>
				readFields(
					json({ type: 'sticker', page_number: 1, position: { x: 1, y: 1, width: 1, height: 1 } }),
					0,
				),
			),
		).toContain('Fields (JSON), entry 1: type "sticker" is not one of signature, initial');
		expect(
			errorOf(() =>
				readFields(
					json({
						type: 'date',
						page_number: 1,
						position: { x: 1, y: 1, width: 1, height: 1 },
						format_rules: { dateFormat: 'dd.MM.yyyy' },
					}),
					0,
				),
			),
		).toContain('date format "dd.MM.yyyy" is not one of');
	});

	it('lets updates (id) change only some keys', () => {
		const context = ctx({
			fieldsMode: 'json',
			fieldsJson: JSON.stringify([
				{ id: 'f1', required: false },
				{ variable_name: 'amount', read_only: true },
			]),
		});
		expect(errorOf(() => readFields(context, 0))).toBe(
			'Fields (JSON), entry 2: "type" is required',
		);
		expect(
			readFields(ctx({ fieldsMode: 'json', fieldsJson: '[{"id":"f1","required":false}]' }), 0),
		).toEqual([{ id: 'f1', required: false }]);
	});

	it('checkField from a form without any position leaves position out of an update', () => {
		expect(checkField(ctx({}), { id: 'f1', required: false }, 'Field Details', false)).toEqual({
			id: 'f1',
			required: false,
		});
		expect(
			errorOf(() =>
				checkField(ctx({}), { type: 'text', page_number: 1, x: 1 }, 'Field Details', false),
			),
		).toBe('Field Details: position.y is required');
	});
});

describe('readReminders', () => {
	it('reads the form: All Recipients drops the recipient key', () => {
		const context = ctx({
			remindersMode: 'fields',
			reminders: {
				reminder: [
					{
						all_users: true,
						hours: 48,
						subject: 'Reminder',
						message: 'Please sign',
						recipient_id: 'temp_1',
						id: '',
					},
					{
						all_users: false,
						hours: 24,
						subject: 'Last call',
						message: 'Tomorrow',
						recipient_id: 'temp_2',
						id: '',
					},
				],
			},
		});
		expect(readReminders(context, 0)).toEqual([
			{ all_users: true, hours: 48, subject: 'Reminder', message: 'Please sign' },
			{
				all_users: false,
				hours: 24,
				subject: 'Last call',
				message: 'Tomorrow',
				recipient_id: 'temp_2',
			},
		]);
	});

	it('reads JSON with user_id for templates', () => {
		const context = ctx({
			remindersMode: 'json',
			remindersJson: '[{"hours":"12","user_id":"u1","subject":"S","message":"M"}]',
		});
		expect(readReminders(context, 0, 'user_id')).toEqual([
			{ hours: 12, user_id: 'u1', subject: 'S', message: 'M' },
		]);
	});

	it('requires hours, subject, message and a recipient unless all recipients', () => {
		const one = (entry: object) =>
			ctx({ remindersMode: 'json', remindersJson: JSON.stringify([entry]) });
		expect(
			errorOf(() => readReminders(one({ all_users: true, subject: 'S', message: 'M' }), 0)),
		).toBe('Reminders (JSON), entry 1: "hours" is required');
		expect(
			errorOf(() =>
				readReminders(one({ all_users: true, hours: 0, subject: 'S', message: 'M' }), 0),
			),
		).toContain('"hours" must be a whole number of 1 or more');
		expect(errorOf(() => readReminders(one({ all_users: true, hours: 1, message: 'M' }), 0))).toBe(
			'Reminders (JSON), entry 1: "subject" is required',
		);
		expect(errorOf(() => readReminders(one({ hours: 1, subject: 'S', message: 'M' }), 0))).toBe(
			'Reminders (JSON), entry 1: choose a recipient (recipient_id) or turn on "All Recipients"',
		);
		// An update of an existing reminder may change only some keys.
		expect(readReminders(one({ id: 'r1', subject: 'New subject' }), 0)).toEqual([
			{ id: 'r1', subject: 'New subject' },
		]);
	});
});

describe('readSettings', () => {
	it('returns only what was set in the form; an empty identity list is left out', () => {
		const context = ctx({
			settingsMode: 'fields',
			settings: { use_signing_order: false, allow_download: true, identity_editable_fields: [] },
		});
		expect(readSettings(context, 0)).toEqual({ use_signing_order: false, allow_download: true });
		expect(readSettings(ctx({ settingsMode: 'fields', settings: {} }), 0)).toBeUndefined();
	});

	it('reads JSON, including null (inherit) and identity fields', () => {
		const context = ctx({
			settingsMode: 'json',
			settingsJson:
				'{"require_otp_verification": null, "identity_editable_fields": ["name", "company"]}',
		});
		expect(readSettings(context, 0)).toEqual({
			require_otp_verification: null,
			identity_editable_fields: ['name', 'company'],
		});
	});

	it('refuses unknown keys, non-booleans and a settings key not allowed here', () => {
		expect(
			errorOf(() =>
				readSettings(ctx({ settingsMode: 'json', settingsJson: '{"allow_dowload": true}' }), 0),
			),
		).toBe('Settings: "allow_dowload" is not a setting here');
		expect(
			errorOf(() =>
				readSettings(ctx({ settingsMode: 'json', settingsJson: '{"allow_download": "yes"}' }), 0),
			),
		).toBe('Settings: "allow_download" must be true or false');
		expect(
			errorOf(() =>
				readSettings(
					ctx({ settingsMode: 'json', settingsJson: '{"identity_editable_fields": "name"}' }),
					0,
				),
			),
		).toBe('Settings: identity_editable_fields must be a list');
		expect(
			errorOf(() =>
				readSettings(
					ctx({ settingsMode: 'json', settingsJson: '{"show_qr_code": true}' }),
					0,
					'templateCreate',
				),
			),
		).toBe('Settings: "show_qr_code" is not a setting here');
		expect(
			errorOf(() => readSettings(ctx({ settingsMode: 'json', settingsJson: '[true]' }), 0)),
		).toBe('"Settings (JSON)" must be a JSON object ({...})');
	});
});

describe('checkSigningRequestProperties', () => {
	const check = (values: object, keyMode: 'live' | 'test' = 'live') =>
		checkSigningRequestProperties(ctx({}), values as never, {
			keyMode,
			label: 'Additional Options',
		});

	it('keeps only what is set and converts numbers', () => {
		expect(
			check({
				name: ' Offer ',
				description: '',
				expiration_hours: 72,
				language: 'nb',
				completion_title: 'Thanks',
				completion_redirect_url: 'https://example.com/done',
				completion_redirect_delay: 0,
			}),
		).toEqual({
			name: 'Offer',
			expiration_hours: 72,
			language: 'nb',
			completion_title: 'Thanks',
			completion_redirect_url: 'https://example.com/done',
			completion_redirect_delay: 0,
		});
	});

	it('checks lengths, expiration, language, redirect URL and delay', () => {
		expect(errorOf(() => check({ name: 'x'.repeat(256) }))).toBe(
			'Additional Options: "Name" is 256 characters long; at most 255 are allowed',
		);
		expect(errorOf(() => check({ completion_message: 'x'.repeat(1001) }))).toContain(
			'at most 1000 are allowed',
		);
		expect(errorOf(() => check({ expiration_hours: 0 }))).toContain(
			'"Expiration Hours" must be a whole number of 1 or more',
		);
		expect(errorOf(() => check({ language: 'xx' }))).toContain('language "xx" is not one of');
		expect(errorOf(() => check({ completion_redirect_url: 'http://example.com' }))).toBe(
			'Additional Options: "Completion Redirect URL" must be an https:// address (got "http://example.com")',
		);
		expect(errorOf(() => check({ completion_redirect_delay: 31 }))).toContain('from 0 to 30');
	});

	it('accepts http://localhost redirects only with the test key', () => {
		expect(check({ completion_redirect_url: 'http://localhost:3000/done' }, 'test')).toEqual({
			completion_redirect_url: 'http://localhost:3000/done',
		});
		expect(errorOf(() => check({ completion_redirect_url: 'http://127.0.0.1/done' }, 'live'))).toBe(
			'Additional Options: "Completion Redirect URL" may point at 127.0.0.1 only with the Test API Key',
		);
	});

	it('turns "Clear Completion Settings" into nulls, refusing a key both set and cleared', () => {
		expect(check({ clear: ['completion_title', 'completion_redirect_url'] })).toEqual({
			completion_title: null,
			completion_redirect_url: null,
		});
		expect(errorOf(() => check({ completion_title: 'T', clear: ['completion_title'] }))).toBe(
			'Additional Options: "Completion Title" is both set and cleared',
		);
		expect(errorOf(() => check({ clear: 'name' }))).toContain('"name" cannot be cleared');
	});
});

describe('readFieldOverrides (template-based create)', () => {
	it('sends only the changes added in the form, nested as the API expects', () => {
		const context = ctx({
			fieldsMode: 'fields',
			fields: {
				field: [
					{ template_field_id: 't1', variable_name: '', changes: { required: false } },
					{
						template_field_id: '',
						variable_name: 'amount',
						changes: { read_only: true, read_only_value: '1,000 EUR' },
					},
					{
						template_field_id: 't3',
						changes: { x: 5, y: 10, width: 20, height: 4, type: 'date', date_format: 'yyyy-MM-dd' },
					},
					{
						template_field_id: 't4',
						changes: { dropdown_options: ' Small, Medium,,Large ', multi_group_id: '' },
					},
				],
			},
		});
		expect(readFieldOverrides(context, 0)).toEqual([
			{ template_field_id: 't1', required: false },
			{ variable_name: 'amount', read_only: true, read_only_value: '1,000 EUR' },
			{
				template_field_id: 't3',
				type: 'date',
				position: { x: 5, y: 10, width: 20, height: 4 },
				format_rules: { dateFormat: 'yyyy-MM-dd' },
			},
			{ template_field_id: 't4', dropdown_options: ['Small', 'Medium', 'Large'] },
		]);
		expect(readFieldOverrides(ctx({ fieldsMode: 'fields', fields: {} }), 0)).toBeUndefined();
	});

	it('passes JSON entries through when every key may be changed', () => {
		const entries = [
			{
				template_field_id: 't1',
				position: { x: 1, y: 2, width: 3, height: 4 },
				initials: undefined,
			},
			{
				variable_defined_name: 'Total',
				date_signing_default: true,
				format_rules: { dateFormat: 'dd/MM/yyyy' },
			},
		];
		expect(
			readFieldOverrides(ctx({ fieldsMode: 'json', fieldsJson: JSON.stringify(entries) }), 0),
		).toEqual([
			{ template_field_id: 't1', position: { x: 1, y: 2, width: 3, height: 4 } },
			{
				variable_defined_name: 'Total',
				date_signing_default: true,
				format_rules: { dateFormat: 'dd/MM/yyyy' },
			},
		]);
	});

	it('refuses what a template-based request cannot change, half a position, and empty changes', () => {
		const json = (entry: object) =>
			ctx({ fieldsMode: 'json', fieldsJson: JSON.stringify([entry]) });
		const form = (changes: INodeParameters) =>
			ctx({ fieldsMode: 'fields', fields: { field: [{ template_field_id: 't1', changes }] } });
		expect(
			errorOf(() => readFieldOverrides(json({ template_field_id: 't1', page_number: 2 }), 0)),
		).toBe('Fields (JSON), entry 1: "page_number" cannot be changed on a template field');
		expect(
			errorOf(() =>
				readFieldOverrides(json({ template_field_id: 't1', recipient_id: 'temp_1' }), 0),
			),
		).toBe('Fields (JSON), entry 1: "recipient_id" cannot be changed on a template field');
		expect(
			errorOf(() => readFieldOverrides(json({ template_field_id: 't1', position: { x: 5 } }), 0)),
		).toBe(
			'Fields (JSON), entry 1: to move or resize the field give x, y, width and height together (missing: y, width, height)',
		);
		expect(errorOf(() => readFieldOverrides(form({ x: 5, y: 5 }), 0))).toBe(
			'Field 1: to move or resize the field give x, y, width and height together (missing: width, height)',
		);
		expect(errorOf(() => readFieldOverrides(form({ x: 90, y: 5, width: 20, height: 5 }), 0))).toBe(
			'Field 1: the field runs off the page (x + width and y + height must stay within 100)',
		);
		expect(errorOf(() => readFieldOverrides(form({}), 0))).toBe('Field 1: nothing to change');
		expect(
			errorOf(() => readFieldOverrides(json({ template_field_id: 't1', type: 'sticker' }), 0)),
		).toContain('Fields (JSON), entry 1: type "sticker" is not one of');
	});
});
