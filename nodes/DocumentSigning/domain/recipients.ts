import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { compact, emptiness } from '../helpers/validation';
import { fail } from '../helpers/errors';
import { idMode, isUuid } from './ids';
import { ADDITIONAL_FIELDS, checkOrder, listInput, readEntries, requireText } from './lists';

/**
 * Recipients of a signing request and users of a template: the person (name, email, designation,
 * signing order), their contact details, the recipients list input and its reader.
 */

/** The template recipient a recipient of a template-based request replaces (template_user_id). */
export const TEMPLATE_USER = 'Template User';

/** An email address as the service accepts it. */
export const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export const DESIGNATIONS = ['Signer', 'Approver', 'CC'] as const;

/** The Designation dropdown (Signer, Approver, CC). */
export const DESIGNATION_FIELD: INodeProperties = {
	displayName: 'Designation',
	name: 'designation',
	type: 'options',
	options: [
		{ name: 'Signer', value: 'Signer', description: 'Signs the document' },
		{ name: 'Approver', value: 'Approver', description: 'Approves the document' },
		{ name: 'CC', value: 'CC', description: 'Receives the completed copy; cannot have fields' },
	],
	default: 'Signer',
};

/** The contact details of a recipient / template user (Phone Number … Country). */
export const CONTACT_FIELDS: readonly INodeProperties[] = [
	{ displayName: 'Phone Number', name: 'phone_number', type: 'string', default: '' },
	{ displayName: 'Company', name: 'company', type: 'string', default: '' },
	{ displayName: 'Title', name: 'title', type: 'string', default: '' },
	{ displayName: 'Street Address', name: 'street_address', type: 'string', default: '' },
	{ displayName: 'City', name: 'city', type: 'string', default: '' },
	{ displayName: 'State / Province', name: 'state_province', type: 'string', default: '' },
	{ displayName: 'Postal Code', name: 'postal_code', type: 'string', default: '' },
	{ displayName: 'Country', name: 'country', type: 'string', default: '' },
];

/**
 * The person a recipient or template user is: first and last name, email, designation and signing
 * order. `required` marks first name and email as required (the recipients list, where every new
 * entry needs them); elsewhere every value is optional, only what is set is sent. `changes`: the
 * entries of an update, where an empty value keeps the current one (and a new one is checked when
 * the node runs: checkRecipient).
 */
export function personValues(
	opts: { required?: boolean; nextFreeOrder?: boolean; changes?: boolean } = {},
): INodeProperties[] {
	const required = opts.required ? { required: true } : {};
	const keep = (text: string) => (opts.changes ? { description: text } : {});
	return [
		{
			displayName: 'First Name',
			name: 'first_name',
			type: 'string',
			default: '',
			...required,
			...keep(KEEP_NEEDED),
		},
		{
			displayName: 'Last Name',
			name: 'last_name',
			type: 'string',
			default: '',
			...keep(KEEP),
		},
		{
			displayName: 'Email',
			name: 'email',
			type: 'string',
			placeholder: 'name@email.com',
			default: '',
			...required,
			...keep(KEEP_NEEDED),
		},
		opts.changes ? KEEP_DESIGNATION_FIELD : DESIGNATION_FIELD,
		opts.nextFreeOrder ? NEXT_FREE_ORDER_FIELD : opts.changes ? KEEP_ORDER_FIELD : ORDER_FIELD,
	];
}

/** What an empty value means in the entries of an update. */
const KEEP = 'Leave empty to keep the current one';
const KEEP_NEEDED = 'Leave empty to keep the current one; a new one needs it';

/** "Order" where it has a value of its own (1 unless changed). */
const ORDER_FIELD: INodeProperties = {
	displayName: 'Order',
	name: 'order',
	type: 'number',
	typeOptions: { minValue: 1, numberPrecision: 0 },
	default: 1,
	description: 'Signing order: lower numbers sign first. Signers and approvers share one sequence.',
};

/**
 * "Order" of the recipients of a new signing request: empty (the default) is the next free order,
 * resolved when the node runs (`fillFreeOrders`), so that a second recipient added in the form is
 * not a second Order 1. A number field may default to empty: n8n shows it blank.
 */
const NEXT_FREE_ORDER_FIELD: INodeProperties = {
	...ORDER_FIELD,
	default: '',
	placeholder: 'Next free',
	description:
		'Signing order: lower numbers sign first; signers and approvers share one sequence, CC recipients have their own. From a template, the Order of the template user this person replaces, unless a Template User is chosen. Empty: the lowest order no other recipient of this list has.',
};

/**
 * "Designation" and "Order" where entries change existing recipients (or template users) or add
 * new ones: empty (the default) sends nothing, so a change of someone's email does not make an
 * approver a signer or move them to Order 1. A new one needs both (checkRecipient).
 */
const KEEP_DESIGNATION_FIELD: INodeProperties = {
	...DESIGNATION_FIELD,
	options: [
		{ name: 'Unchanged', value: '', description: 'Keeps the designation (not for a new one)' },
		...(DESIGNATION_FIELD.options ?? []),
	],
	default: '',
};
const KEEP_ORDER_FIELD: INodeProperties = {
	...ORDER_FIELD,
	default: '',
	placeholder: 'Unchanged',
	description:
		'Signing order: lower numbers sign first; signers and approvers share one sequence, CC recipients have their own. Empty: an existing one keeps their order; a new one needs an Order.',
};

export interface RecipientInputOptions {
	/** Offer "Reference ID" (a temp_… id for a new recipient of a request made from a PDF). */
	reference?: boolean;
	/** Offer "Template User" (template-based creation overrides: the service's template user). */
	templateUser?: boolean;
	/** A new signing request: an empty Order is the next free one (see NEXT_FREE_ORDER_FIELD). */
	nextFreeOrder?: boolean;
	/**
	 * The entries of an update: each changes someone the signing request (template) has, picked
	 * from its list, or (left empty) adds someone (UPDATE_ENTRY). Empty Designation and Order are left
	 * unchanged (KEEP_ORDER_FIELD), and nothing is required by the form.
	 */
	update?: UpdateOf;
	description?: string;
}

/** What an update's recipients belong to: a signing request (recipients) or a template (users). */
export type UpdateOf = 'signingRequest' | 'template';

/**
 * An update's entry starts with the one it changes ("Recipient" / "User", parameter ref): a
 * resource locator listing the request's recipients or the template's users by name and email,
 * or an ID. Left empty, the entry adds someone new; a new recipient of a signing request may get
 * a Temporary ID (parameter tempId) that fields and reminders of the update refer to. `ref` keeps
 * the name of the former "Reference ID" text field, so an entry saved with one means what it
 * meant: an ID changes that one, temp_… or nothing adds a new one (updateEntry).
 */
export const UPDATE_ENTRY = { ref: 'ref', tempId: 'tempId' } as const;

const UPDATE_WORDS: Record<
	UpdateOf,
	{ noun: string; list: string; searchListMethod: string; where: string }
> = {
	signingRequest: {
		noun: 'Recipient',
		list: "the request's recipients",
		searchListMethod: 'searchSigningRequestRecipients',
		where: 'Signing Request → Get Recipients lists them',
	},
	template: {
		noun: 'User',
		list: "the template's users",
		searchListMethod: 'searchTemplateUsers',
		where: 'Template → Get Users lists them',
	},
};

/** The first values of an update's entry: the one to change, a new one's Temporary ID. */
function updateEntryValues(of: UpdateOf): INodeProperties[] {
	const { noun, list, searchListMethod, where } = UPDATE_WORDS[of];
	const lower = noun.toLowerCase();
	const values: INodeProperties[] = [
		{
			displayName: noun,
			name: UPDATE_ENTRY.ref,
			type: 'resourceLocator',
			default: { mode: 'list', value: '' },
			description: `The ${lower} to change, one of ${list} by name and email (or their ID: ${where}); only the values you fill in below are changed. Leave empty to add a new ${lower}, who needs First Name, Email, Designation and Order.`,
			modes: [
				{
					displayName: 'From List',
					name: 'list',
					type: 'list',
					placeholder: `Empty: adds a new ${lower}`,
					typeOptions: { searchListMethod, searchable: true, searchFilterRequired: false },
				},
				idMode(lower),
			],
		},
	];
	if (of === 'signingRequest') {
		values.push({
			displayName: 'Temporary ID',
			name: UPDATE_ENTRY.tempId,
			type: 'string',
			default: '',
			placeholder: 'temp_1',
			description:
				'For a new recipient, optional: an ID starting with temp_ by which Fields and Reminders of this update refer to them (as their Recipient ID)',
			displayOptions: { show: { [UPDATE_ENTRY.ref]: [''] } },
		});
	}
	return values;
}

/** Recipients of a signing request (or users of a template). Parameter name: recipients. */
export function recipientsInput(options: RecipientInputOptions = {}): INodeProperties[] {
	const values: INodeProperties[] = [];
	if (options.update) values.push(...updateEntryValues(options.update));
	if (options.reference) {
		values.push({
			displayName: 'Reference ID',
			name: 'ref',
			type: 'string',
			default: '',
			placeholder: 'temp_1',
			description:
				"A temporary ID starting with temp_ that this request's fields and reminders can refer to",
		});
	}
	if (options.templateUser) {
		values.push({
			displayName: 'Template User Name or ID',
			name: 'template_user_id',
			type: 'options',
			typeOptions: {
				loadOptionsMethod: 'getTemplateUsersOrOrder',
				loadOptionsDependsOn: ['templateId.value'],
			},
			default: '',
			description:
				'The recipient of the template (its user, as Template → Get Users lists them) this person replaces, taking over their role, order and fields. Keep "- Match by Order -" to replace the template user with the same Order. Choose from the list, or specify an ID using an <a href="https://docs.n8n.io/code/expressions/">expression</a>.',
		});
	}
	values.push(
		...personValues({
			required: !options.update,
			nextFreeOrder: options.nextFreeOrder,
			changes: Boolean(options.update),
		}),
		{
			displayName: 'Additional Fields',
			name: ADDITIONAL_FIELDS,
			type: 'collection',
			placeholder: 'Add Field',
			default: {},
			options: [...CONTACT_FIELDS],
		},
	);
	return listInput({
		name: 'recipients',
		displayName: 'Recipients',
		itemName: 'recipient',
		itemDisplayName: 'Recipient',
		values,
		description: options.description ?? 'The people who sign, approve or receive a copy',
		jsonExample: jsonExample(options),
	});
}

/** The JSON field's example: the keys as the API takes them there. */
function jsonExample(options: RecipientInputOptions): string {
	// From a template each entry takes a template recipient's role (by its ID or Order): an
	// "id" there would name a recipient of an existing request.
	if (options.templateUser)
		return '[{"template_user_id":"<ID from Template → Get Users>","first_name":"Ada","last_name":"Lovelace","email":"ada@example.com"}] (or "order":1 instead of "template_user_id"; "designation":"CC" adds a copy recipient)';
	if (options.update === 'signingRequest')
		return '[{"id":"<recipient ID>","email":"ada.king@example.com"},{"_temp_id":"temp_1","first_name":"Grace","email":"grace@example.com","designation":"Signer","order":2}] (with "id": only the keys given are changed; without: a new recipient)';
	if (options.update === 'template')
		return '[{"id":"<user ID>","email":"ada.king@example.com"},{"first_name":"Grace","email":"grace@example.com","designation":"Signer","order":2}] (with "id": only the keys given are changed; without: a new user)';
	return '[{"id":"temp_1","first_name":"Ada","last_name":"Lovelace","email":"ada@example.com","designation":"Signer","order":1}]';
}

/**
 * "Their Fields" of a removed recipient (`field_action`): delete their fields, or give them to
 * another of the same designation. `who` names them: recipient, or user on a template.
 */
export function fieldActionOption(who: 'recipient' | 'user'): INodeProperties {
	return {
		displayName: 'Their Fields',
		name: 'field_action',
		type: 'options',
		options: [
			{ name: 'Delete', value: 'delete', description: `Delete the ${who}'s fields` },
			{
				name: 'Reassign',
				value: 'reassign',
				description: `Give the fields to another ${who} of the same designation`,
			},
		],
		default: 'delete',
	};
}

export interface RecipientReadOptions {
	/** Where the "Reference ID" goes: `id` (create, PATCH) or `_temp_id` for temp ids (PUT). */
	referenceKey?: 'id' | '_temp_id';
	/** Require first name and email (new recipients); template overrides may leave them out. */
	requireIdentity?: boolean;
	label?: string;
	/**
	 * The recipients of a new signing request (its form's Order may be empty: see
	 * NEXT_FREE_ORDER_FIELD). `template`: each replaces a template user, checked by
	 * `checkTemplateRecipients`.
	 */
	newRequest?: 'pdf' | 'template';
	/**
	 * The entries of an update (recipientsInput's `update`): each changes someone the request
	 * (template) has, with only the values given, or adds someone, who needs first name, email,
	 * designation and order.
	 */
	update?: UpdateOf;
}

/** A recipients list as read: the entries, where each is in the form, and whether it was JSON. */
export interface RecipientList {
	recipients: IDataObject[];
	/** "Recipient 2", or "Recipients (JSON), entry 2": the entries as the errors name them. */
	places: string[];
	fromJson: boolean;
	/** The entries whose Order the node chose (an empty Order in a new request's form). */
	freeOrders: Set<number>;
}

/** Recipients (parameter "recipients"). */
export function readRecipients(
	context: IExecuteFunctions,
	itemIndex: number,
	options: RecipientReadOptions = {},
): IDataObject[] | undefined {
	return readRecipientList(context, itemIndex, options)?.recipients;
}

/** Recipients (parameter "recipients"), with where each entry is (see RecipientList). */
export function readRecipientList(
	context: IExecuteFunctions,
	itemIndex: number,
	options: RecipientReadOptions = {},
): RecipientList | undefined {
	const label = options.label ?? 'Recipients';
	const places: string[] = [];
	let fromJson = false;
	const recipients = readEntries(context, itemIndex, 'recipients', label, (raw, place, json) => {
		places.push(place);
		fromJson = json;
		return checkRecipient(context, raw, place, json, options);
	});
	if (!recipients) return undefined;
	const freeOrders = new Set<number>();
	if (options.newRequest && !fromJson) {
		const without = recipients.map((recipient) => recipient.order === undefined);
		fillFreeOrders(recipients);
		without.forEach((was, index) => {
			if (was && recipients[index].order !== undefined) freeOrders.add(index);
		});
	}
	if (options.newRequest === 'template')
		checkTemplateRecipients(context, recipients, places, fromJson);
	return { recipients, places, fromJson, freeOrders };
}

/**
 * Gives each recipient without an Order (an empty Order in the form) the lowest order that no
 * other recipient of the list has, in list order: CC recipients in their own sequence. From a
 * template, a recipient with a Template User chosen is matched by it and keeps no Order.
 */
export function fillFreeOrders(recipients: IDataObject[]): void {
	const taken = { cc: new Set<number>(), signer: new Set<number>() };
	const poolOf = (recipient: IDataObject) =>
		recipient.designation === 'CC' ? taken.cc : taken.signer;
	for (const recipient of recipients)
		if (typeof recipient.order === 'number') poolOf(recipient).add(recipient.order);
	for (const recipient of recipients) {
		if (recipient.order !== undefined || recipient.template_user_id !== undefined) continue;
		const pool = poolOf(recipient);
		let order = 1;
		while (pool.has(order)) order++;
		pool.add(order);
		recipient.order = order;
	}
}

/** Keys of a JSON recipient entry that decide who it is: present, they may not be empty. */
const IDENTITY_KEYS = ['id', 'template_user_id', 'first_name', 'email'] as const;

/**
 * A JSON recipient entry (often built by an expression) whose email, first name or ID is there
 * but empty (undefined, null, empty text or only spaces) is refused: dropped, it would leave the
 * choice of the person to the service (a template's placeholder address, or a new recipient
 * instead of an existing one). The fields form's entries are checked once expressions resolve,
 * by the router (checkResolvedValues); a typed empty value there keeps its meaning.
 */
function refuseEmptyKeys(context: IExecuteFunctions, raw: IDataObject, place: string): void {
	for (const key of IDENTITY_KEYS) {
		if (!(key in raw)) continue;
		const empty = emptiness(raw[key]);
		if (empty === undefined) continue;
		fail(
			context,
			`${place}: "${key}" is empty (${empty})`,
			'Nothing was sent: an empty value cannot decide who receives or signs the document. Give it a value (if an expression builds this JSON, check that the input item has it), or leave the key out.',
		);
	}
}

/**
 * One recipient entry: resolves "Reference ID" (in an update: the one to change, or the new one's
 * Temporary ID), requires first name and email for new recipients (in an update: also designation
 * and order), checks email, designation and order. `place` names the entry in errors.
 */
export function checkRecipient(
	context: IExecuteFunctions,
	raw: IDataObject,
	place: string,
	fromJson: boolean,
	options: RecipientReadOptions = {},
): IDataObject {
	if (fromJson) refuseEmptyKeys(context, raw, place);
	const entry = compact(
		options.update && !fromJson ? updateEntry(context, raw, place, options.update) : raw,
	);
	if (entry.ref !== undefined) {
		const ref = String(entry.ref).trim();
		delete entry.ref;
		if (ref.startsWith('temp_') && options.referenceKey === '_temp_id') entry._temp_id = ref;
		else entry.id = ref;
	}
	const isUpdate = entry.id !== undefined && !String(entry.id).startsWith('temp_');
	if (options.requireIdentity !== false && !isUpdate && !options.update) {
		requireText(context, entry, 'first_name', place, fromJson ? 'first_name' : 'First Name');
		requireText(context, entry, 'email', place, fromJson ? 'email' : 'Email');
	}
	if (entry.email !== undefined && !EMAIL.test(String(entry.email).trim())) {
		fail(context, `${place}: "${String(entry.email)}" is not an email address`);
	}
	if (entry.email !== undefined) entry.email = String(entry.email).trim();
	if (entry.designation !== undefined && !DESIGNATIONS.includes(entry.designation as never)) {
		fail(
			context,
			`${place}: designation must be one of ${DESIGNATIONS.join(', ')} (got "${String(entry.designation)}")`,
		);
	}
	const order = checkOrder(context, entry.order, place, fromJson ? 'order' : 'Order');
	if (order !== undefined) entry.order = order;
	if (options.update) {
		if (!isUpdate) requireNewOnes(context, entry, place, fromJson, options.update);
		else if (!fromJson && Object.keys(entry).length === 1)
			nothingToChange(context, place, options.update);
	}
	return entry;
}

/**
 * An update's form entry in the keys of the JSON form: the `id` of the one to change (picked, or
 * an ID), or for a new recipient of a signing request its Temporary ID (`_temp_id`), and the
 * values given. An entry saved with the former "Reference ID" text field (`ref` as text, not a
 * picker's value) is read as before: checkRecipient resolves it.
 */
function updateEntry(
	context: IExecuteFunctions,
	raw: IDataObject,
	place: string,
	of: UpdateOf,
): IDataObject {
	const { [UPDATE_ENTRY.ref]: ref, [UPDATE_ENTRY.tempId]: tempId, ...values } = raw;
	if (typeof ref === 'string') return { ...values, ref };
	const picked =
		ref && typeof ref === 'object' && !Array.isArray(ref) ? (ref as IDataObject).value : ref;
	const id = String(picked ?? '').trim();
	if (id === '') {
		// A new one.
		return of === 'signingRequest'
			? { _temp_id: typeof tempId === 'string' ? tempId.trim() : tempId, ...values }
			: values;
	}
	if (!isUuid(id)) {
		const { noun, where } = UPDATE_WORDS[of];
		fail(
			context,
			`${place}: "${noun}" is not a valid ID: "${id.slice(0, 80)}"`,
			`Nothing was sent. Pick them from the list, or give the ID of one of them (${where}); leave "${noun}" empty to add someone new.`,
		);
	}
	return { id, ...values };
}

/** What a new recipient (template user) of an update needs: the API's keys, the form's labels. */
const NEW_ONE_NEEDS = [
	['first_name', 'First Name'],
	['email', 'Email'],
	['designation', 'Designation'],
	['order', 'Order'],
] as const;

/** A new recipient of an update needs first name, email, designation and order (B.4, T5). */
function requireNewOnes(
	context: IExecuteFunctions,
	entry: IDataObject,
	place: string,
	fromJson: boolean,
	of: UpdateOf,
): void {
	// As JSON, a new recipient of a signing request may leave out "order" (B.5: not in the
	// schema's required list); the form's empty Order means "Unchanged", so it is needed there.
	const needs = NEW_ONE_NEEDS.filter(([key]) => key !== 'order' || !fromJson || of === 'template');
	const missing = needs
		.filter(([key]) => entry[key] === undefined || String(entry[key]).trim() === '')
		.map(([key, label]) => `"${fromJson ? key : label}"`);
	if (missing.length === 0) return;
	const { noun, where } = UPDATE_WORDS[of];
	const lower = noun.toLowerCase();
	fail(
		context,
		`${place}: ${missing.join(', ')} ${missing.length === 1 ? 'is' : 'are'} required to add a ${lower}`,
		`Nothing was sent. A new ${lower} needs a first name, an email, a designation and an order: signers and approvers share one order sequence (1, 2, …), CC recipients have their own (${where}). To change someone already there instead, ${fromJson ? 'give their "id"' : `pick them in "${noun}"`}.`,
	);
}

function nothingToChange(context: IExecuteFunctions, place: string, of: UpdateOf): never {
	fail(
		context,
		`${place}: nothing to change`,
		`Nothing was sent. Fill in what to change for this ${UPDATE_WORDS[of].noun.toLowerCase()} (only that is changed), or remove the entry.`,
	);
}

/**
 * Template-based recipients are overrides: each must say which template user it replaces, and no
 * two may replace the same one (the service matches them by Template User, else by Order: a
 * second entry for the same template user would silently replace the first person). `places`
 * name the entries as the errors do ("Recipient 2", or "Recipients (JSON), entry 2").
 */
export function checkTemplateRecipients(
	context: IExecuteFunctions,
	recipients: IDataObject[] | undefined,
	places: string[] = (recipients ?? []).map((_r, index) => `Recipient ${index + 1}`),
	fromJson = false,
): void {
	const userField = fromJson ? 'template_user_id' : TEMPLATE_USER;
	const orderField = fromJson ? 'order' : 'Order';
	const taken = new Map<string, number>();
	(recipients ?? []).forEach((recipient, index) => {
		const place = places[index];
		if (
			recipient.template_user_id !== undefined &&
			!isUuid(String(recipient.template_user_id).trim())
		) {
			fail(
				context,
				`${place}: ${TEMPLATE_USER} "${String(recipient.template_user_id)}" is not a valid ID`,
			);
		}
		if (recipient.designation === 'CC') {
			if (recipient.first_name === undefined || recipient.email === undefined) {
				fail(
					context,
					`${place}: a CC recipient is added to the request, so it needs a first name and an email`,
				);
			}
		} else if (recipient.template_user_id === undefined && recipient.order === undefined) {
			fail(
				context,
				`${place}: say which template user this is`,
				`Give its "${userField}", or the "${orderField}" of the template user it replaces.`,
			);
		}
		if (recipient.designation === 'CC') return;
		const byUser = recipient.template_user_id !== undefined;
		const slot = byUser
			? `${TEMPLATE_USER} "${String(recipient.template_user_id).trim()}"`
			: `the template user with Order ${String(recipient.order)}`;
		const first = taken.get(slot);
		if (first !== undefined) {
			const change = byUser
				? `Choose another "${userField}" for ${place}`
				: `Change "${orderField}" of ${place} to the Order of another template user (or choose its "${userField}")`;
			fail(
				context,
				`${place} and ${places[first]} both replace ${slot}`,
				`Nothing was created or sent: only one person can take a template user's place. ${change}, or remove one of them.`,
			);
		}
		taken.set(slot, index);
	});
}

// ---------------------------------------------------------------------------------------------
// The template's roles: what a template-based request can be, foreseen from its users

/** Recipient data a template user's required field can be filled with (TemplateUser keys). */
const RECIPIENT_DATA: ReadonlyMap<string, string> = new Map(
	[...personValues(), ...CONTACT_FIELDS]
		.filter((field) => field.type === 'string')
		.map((field) => [field.name, field.displayName]),
);

/** A template user as the errors name it: Order 1 Signer "Role One" (role1@example.com). */
function roleLabel(role: IDataObject): string {
	const name = String(
		role.name ?? [role.first_name, role.last_name].filter(Boolean).join(' '),
	).trim();
	return `Order ${String(role.order)} ${String(role.designation)}${name ? ` "${name}"` : ''}${
		role.email ? ` (${String(role.email)})` : ''
	}`;
}

export interface TemplateRoleCheck {
	/** Create and Send: the request is sent in the same call (its send checks apply too). */
	send: boolean;
}

/**
 * Refuses, before the request that would create it, a template-based signing request the service
 * is bound to refuse, given the template's users (GET /templates/{id}/users, its "roles"): a
 * recipient whose Template User is not one of the template's signers or approvers, or whose Order
 * none of them has (a second recipient on a template with one role: the service answers "no
 * template user has order 2"), or who takes a role another recipient already took. Sent at once
 * (Create and Send), also a template without a Signer, and a role whose required fields need
 * recipient data (such as Company) that neither the template user nor the recipient replacing
 * them has. Each error names the recipient, the template's roles and what to do instead.
 */
export function checkTemplateRoles(
	context: IExecuteFunctions,
	list: RecipientList,
	roles: IDataObject[],
	{ send }: TemplateRoleCheck,
): void {
	const { recipients, places, fromJson, freeOrders } = list;
	const userField = fromJson ? 'template_user_id' : TEMPLATE_USER;
	const orderField = fromJson ? 'order' : 'Order';
	const nothing = send ? 'Nothing was created or sent.' : 'Nothing was created.';
	const sorted = [...roles].sort(
		(a, b) =>
			Number(a.designation === 'CC') - Number(b.designation === 'CC') ||
			Number(a.order) - Number(b.order),
	);
	const theRoles = `The template's roles: ${sorted.length ? sorted.map(roleLabel).join('; ') : 'none'}.`;
	const anotherPerson = `To add another person, add a role to the template (Template → Update, Users) or create the signing request from a PDF (Source: PDF)${
		send ? '' : ', or create the draft and add them with Signing Request → Update'
	}; someone who only gets a copy can be a CC (Designation: CC).`;
	const signing = roles.filter((role) => role.designation !== 'CC');
	const idOf = (value: unknown) => String(value).trim().toLowerCase();
	const taken = new Map<string, number>();
	const replacing = new Map<string, IDataObject>();
	const both = (index: number, role: IDataObject): never =>
		fail(
			context,
			`${places[index]} and ${places[taken.get(idOf(role.id)) as number]} both replace the template's ${roleLabel(role)}`,
			`${nothing} Only one person can take a role's place. ${theRoles} Give ${places[index]} another role (its "${userField}" or "${orderField}"), or remove one of them. ${anotherPerson}`,
		);
	recipients.forEach((recipient, index) => {
		if (recipient.designation === 'CC') return;
		const place = places[index];
		let role: IDataObject | undefined;
		if (recipient.template_user_id !== undefined) {
			const id = idOf(recipient.template_user_id);
			role = signing.find((r) => idOf(r.id) === id);
			if (!role) {
				const cc = roles.find((r) => idOf(r.id) === id);
				fail(
					context,
					cc
						? `${place}: ${userField} "${id}" is the template's CC recipient, whose place no one takes`
						: `${place}: ${userField} "${id}" is not a recipient of this template`,
					`${nothing} Each recipient takes the place of one of the template's signers or approvers. ${theRoles} Choose one of them, or a CC recipient of your own (Designation: CC). ${anotherPerson}`,
				);
			}
		} else if (recipient.order !== undefined) {
			const order = Number(recipient.order);
			const withOrder = signing.filter((r) => Number(r.order) === order);
			role = withOrder.find((r) => !taken.has(idOf(r.id)));
			if (!role && withOrder.length) return both(index, withOrder[0]);
			if (!role) {
				const chosen = freeOrders.has(index)
					? ' (its Order was left empty: the next free one)'
					: '';
				fail(
					context,
					`${place} has no place in the template: none of its signers and approvers has Order ${order}${chosen}`,
					`${nothing} Each recipient takes the place of one of the template's signers or approvers, by "${userField}" or by "${orderField}". ${theRoles} ${anotherPerson}`,
				);
			}
		} else return; // refused by checkTemplateRecipients
		if (taken.has(idOf(role.id))) return both(index, role);
		taken.set(idOf(role.id), index);
		replacing.set(idOf(role.id), recipient);
	});
	if (!send) return;
	if (!roles.some((role) => role.designation === 'Signer')) {
		fail(
			context,
			'The template has no Signer: a signing request is sent only with at least one',
			`${nothing} ${theRoles} Add a Signer to the template (Template → Update, Users), or create the signing request from a PDF (Source: PDF).`,
		);
	}
	for (const role of signing) {
		const recipient = replacing.get(idOf(role.id)) ?? {};
		const missing = (Array.isArray(role.missing_fields) ? role.missing_fields : [])
			.map((key) => (key === 'full_name' ? 'first_name' : String(key)))
			.filter((key, at, all) => RECIPIENT_DATA.has(key) && all.indexOf(key) === at)
			.filter((key) => recipient[key] === undefined || String(recipient[key]).trim() === '');
		if (missing.length === 0) continue;
		const names = missing
			.map((key) => `"${fromJson ? key : (RECIPIENT_DATA.get(key) as string)}"`)
			.join(', ');
		const index = taken.get(idOf(role.id));
		if (index !== undefined) {
			fail(
				context,
				`${places[index]}: ${names} needed to send: the template's ${roleLabel(role)} has a required field filled with it`,
				`${nothing} Give ${missing.length === 1 ? 'it' : 'them'} to ${places[index]}${fromJson ? '' : ' (under "Add Field")'}, or set ${missing.length === 1 ? 'it' : 'them'} on the template's user (Template → Update, Users).`,
			);
		}
		fail(
			context,
			`The template's ${roleLabel(role)} lacks ${names}, which a required field of theirs is filled with`,
			`${nothing} Add a recipient who takes that role (its "${userField}", or "${orderField}" ${String(role.order)}) with ${missing.length === 1 ? 'it' : 'them'}, or set ${missing.length === 1 ? 'it' : 'them'} on the template's user (Template → Update, Users).`,
		);
	}
}
