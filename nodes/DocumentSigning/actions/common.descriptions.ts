import type { INodeProperties, INodePropertyOptions } from 'n8n-workflow';

import { UUID_PATTERN } from '../domain/ids';

/**
 * UI fragments shared by several operations. Each is defined once here and reused.
 */

/** Return All / Limit for list operations. */
export function paginationFields(maxLimit?: number): INodeProperties[] {
	return [
		{
			displayName: 'Return All',
			name: 'returnAll',
			type: 'boolean',
			default: false,
			description: 'Whether to return all results or only up to a given limit',
		},
		{
			displayName: 'Limit',
			name: 'limit',
			type: 'number',
			typeOptions: { minValue: 1, ...(maxLimit ? { maxValue: maxLimit } : {}) },
			default: 50,
			description: 'Max number of results to return',
			displayOptions: { show: { returnAll: [false] } },
		},
	];
}

/**
 * The Filters collection of a page-number list: the list's own filters plus Created After /
 * Before, sorted by name as n8n shows collection options. Read by helpers/list.ts.
 */
export function filtersCollection(options: INodeProperties[]): INodeProperties {
	return {
		displayName: 'Filters',
		name: 'filters',
		type: 'collection',
		placeholder: 'Add Filter',
		default: {},
		options: [createdAfterOption, createdBeforeOption, ...options].sort((a, b) =>
			a.displayName.localeCompare(b.displayName),
		),
	};
}

/** The Sort collection of a page-number list: Sort By (the list's own keys) and Sort Order. */
export function sortCollection(sortBy: INodePropertyOptions[]): INodeProperties {
	return {
		displayName: 'Sort',
		name: 'sort',
		type: 'collection',
		placeholder: 'Add Sort Option',
		default: {},
		options: [
			{
				displayName: 'Sort By',
				name: 'sort_by',
				type: 'options',
				options: [...sortBy].sort((a, b) => a.name.localeCompare(b.name)),
				default: 'created_on',
			},
			sortOrderOption,
		],
	};
}

export const sortOrderOption: INodeProperties = {
	displayName: 'Sort Order',
	name: 'sort_order',
	type: 'options',
	options: [
		{ name: 'Descending', value: 'desc' },
		{ name: 'Ascending', value: 'asc' },
	],
	default: 'desc',
};

export const createdAfterOption: INodeProperties = {
	displayName: 'Created After',
	name: 'created_after',
	type: 'dateTime',
	default: '',
	description: 'Only items created after this moment',
};

export const createdBeforeOption: INodeProperties = {
	displayName: 'Created Before',
	name: 'created_before',
	type: 'dateTime',
	default: '',
	description: 'Only items created before this moment',
};

// ---------------------------------------------------------------------------------------------
// Pickers

const UUID = UUID_PATTERN;

function locator(
	name: string,
	displayName: string,
	searchListMethod: string,
	what: string,
	urlHint: string,
): INodeProperties {
	return {
		displayName,
		name,
		type: 'resourceLocator',
		default: { mode: 'list', value: '' },
		required: true,
		modes: [
			{
				displayName: 'From List',
				name: 'list',
				type: 'list',
				typeOptions: { searchListMethod, searchable: true, searchFilterRequired: false },
			},
			{
				displayName: 'By URL',
				name: 'url',
				type: 'string',
				placeholder: `https://app.example.com/${urlHint}/123e4567-e89b-42d3-a456-426614174000`,
				validation: [
					{
						type: 'regex',
						properties: {
							regex: `https?://.*${UUID}.*`,
							errorMessage: `Not a URL containing a ${what} ID`,
						},
					},
				],
				extractValue: { type: 'regex', regex: `(${UUID})` },
			},
			{
				displayName: 'ID',
				name: 'id',
				type: 'string',
				placeholder: '123e4567-e89b-42d3-a456-426614174000',
				validation: [
					{
						type: 'regex',
						properties: { regex: `^\\s*${UUID}\\s*$`, errorMessage: `Not a valid ${what} ID` },
					},
				],
			},
		],
	};
}

/** Template picker: searchable list, URL, or ID. Parameter name: templateId. */
export const templateLocator: INodeProperties = locator(
	'templateId',
	'Template',
	'searchTemplates',
	'template',
	'templates',
);

/** Signing request picker. Parameter name: signingRequestId. */
export const signingRequestLocator: INodeProperties = locator(
	'signingRequestId',
	'Signing Request',
	'searchSigningRequests',
	'signing request',
	'signing-requests',
);

/** Workspace picker. Parameter name: workspaceId. */
export const workspaceLocator: INodeProperties = locator(
	'workspaceId',
	'Workspace',
	'searchWorkspaces',
	'workspace',
	'workspaces',
);

/** Input binary property holding a PDF. */
export const pdfBinaryProperty: INodeProperties = {
	displayName: 'Input Binary Field',
	name: 'binaryPropertyName',
	type: 'string',
	default: 'data',
	required: true,
	hint: 'The name of the input binary field containing the PDF',
};

/** Output binary property for downloaded files. */
export const outputBinaryProperty: INodeProperties = {
	displayName: 'Put Output File in Field',
	name: 'outputBinaryPropertyName',
	type: 'string',
	default: 'data',
	hint: 'The name of the output binary field to put the file in',
};

// ---------------------------------------------------------------------------------------------
// Complex inputs: each as n8n fields, or as raw JSON for power users (`<name>Mode`).

export interface ComplexInputSpec {
	/** Parameter name of the fields form, e.g. "recipients"; JSON goes in "<name>Json". */
	name: string;
	displayName: string;
	/** Name of one entry of the fixed collection, e.g. "recipient". */
	itemName: string;
	itemDisplayName: string;
	values: INodeProperties[];
	description: string;
	jsonExample: string;
}

/**
 * The "Add Field" collection of a list entry (n8n's additional-fields pattern): the readers merge
 * its values into the entry, so the API gets the same flat object.
 */
export const ADDITIONAL_FIELDS = 'additionalFields';

/** A list input (recipients, fields, reminders): "Fields" or "JSON". */
export function listInput(spec: ComplexInputSpec): INodeProperties[] {
	return [
		{
			displayName: `${spec.displayName} Input`,
			name: `${spec.name}Mode`,
			type: 'options',
			options: [
				{ name: 'Using Fields Below', value: 'fields' },
				{ name: 'Using JSON', value: 'json' },
			],
			default: 'fields',
			description: `How to define the ${spec.displayName.toLowerCase()}`,
		},
		{
			displayName: spec.displayName,
			name: spec.name,
			type: 'fixedCollection',
			typeOptions: { multipleValues: true, sortable: true },
			placeholder: `Add ${spec.itemDisplayName}`,
			default: {},
			description: spec.description,
			displayOptions: { show: { [`${spec.name}Mode`]: ['fields'] } },
			options: [{ name: spec.itemName, displayName: spec.itemDisplayName, values: spec.values }],
		},
		{
			displayName: `${spec.displayName} (JSON)`,
			name: `${spec.name}Json`,
			type: 'json',
			default: '[]',
			description: `${spec.description}. A JSON array as the API expects it, e.g. ${spec.jsonExample}. Can be mapped from a previous node with an expression.`,
			displayOptions: { show: { [`${spec.name}Mode`]: ['json'] } },
		},
	];
}

export const DESIGNATIONS = ['Signer', 'Approver', 'CC'] as const;

const designationField: INodeProperties = {
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

/** Contact details shared by recipients and template users. */
const contactValues: INodeProperties[] = [
	{ displayName: 'Phone Number', name: 'phone_number', type: 'string', default: '' },
	{ displayName: 'Company', name: 'company', type: 'string', default: '' },
	{ displayName: 'Title', name: 'title', type: 'string', default: '' },
	{ displayName: 'Street Address', name: 'street_address', type: 'string', default: '' },
	{ displayName: 'City', name: 'city', type: 'string', default: '' },
	{ displayName: 'State / Province', name: 'state_province', type: 'string', default: '' },
	{ displayName: 'Postal Code', name: 'postal_code', type: 'string', default: '' },
	{ displayName: 'Country', name: 'country', type: 'string', default: '' },
];

export interface RecipientInputOptions {
	/** Offer "Reference ID" (an existing id, or a temp_… id for a new recipient). */
	reference?: boolean;
	/** Offer "Template User ID" (template-based creation overrides). */
	templateUser?: boolean;
	description?: string;
}

/** Recipients of a signing request (or users of a template). Parameter name: recipients. */
export function recipientsInput(options: RecipientInputOptions = {}): INodeProperties[] {
	const values: INodeProperties[] = [];
	if (options.reference) {
		values.push({
			displayName: 'Reference ID',
			name: 'ref',
			type: 'string',
			default: '',
			placeholder: 'temp_1',
			description:
				"The ID of an existing recipient to update, or for a new one a temporary ID starting with temp_ that this request's fields and reminders can refer to",
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
				'Which recipient role of the chosen template this person fills; leave empty to match by Order. Choose from the list, or specify an ID using an <a href="https://docs.n8n.io/code/expressions/">expression</a>.',
		});
	}
	values.push(
		{ displayName: 'First Name', name: 'first_name', type: 'string', default: '', required: true },
		{ displayName: 'Last Name', name: 'last_name', type: 'string', default: '' },
		{
			displayName: 'Email',
			name: 'email',
			type: 'string',
			placeholder: 'name@email.com',
			default: '',
			required: true,
		},
		designationField,
		{
			displayName: 'Order',
			name: 'order',
			type: 'number',
			typeOptions: { minValue: 1, numberPrecision: 0 },
			default: 1,
			description:
				'Signing order: lower numbers sign first. Signers and approvers share one sequence.',
		},
		{
			displayName: 'Additional Fields',
			name: ADDITIONAL_FIELDS,
			type: 'collection',
			placeholder: 'Add Field',
			default: {},
			options: contactValues,
		},
	);
	return listInput({
		name: 'recipients',
		displayName: 'Recipients',
		itemName: 'recipient',
		itemDisplayName: 'Recipient',
		values,
		description: options.description ?? 'The people who sign, approve or receive a copy',
		jsonExample:
			'[{"id":"temp_1","first_name":"Ada","last_name":"Lovelace","email":"ada@example.com","designation":"Signer","order":1}]',
	});
}

export const FIELD_TYPES = [
	'signature',
	'initial',
	'text',
	'date',
	'checkbox',
	'dropdown',
	'text_area',
	'image',
	'stamp',
	'approval_signature',
	'approval_checkmark',
	'approval_date',
] as const;

export const PREFILL_SOURCES = [
	'first_name',
	'last_name',
	'full_name',
	'email',
	'phone_number',
	'company',
	'title',
	'street_address',
	'city',
	'state_province',
	'postal_code',
	'country',
] as const;

export const DATE_FORMATS = [
	'MM/dd/yyyy',
	'dd/MM/yyyy',
	'yyyy-MM-dd',
	'MMMM dd, yyyy',
	'MMM dd, yyyy',
	'dd MMMM yyyy',
] as const;

function titleCase(value: string): string {
	return value
		.split('_')
		.map((part) => part.charAt(0).toUpperCase() + part.slice(1))
		.join(' ');
}

export interface FieldInputOptions {
	description?: string;
	/** An operation's own take on the values of one field (before they are split around Add Field). */
	adapt?: (values: INodeProperties[]) => INodeProperties[];
}

/** Every value of one field of the fields form, flat (each operation picks what it offers). */
export function fieldFormValues(): INodeProperties[] {
	const values: INodeProperties[] = [
		{
			displayName: 'Field ID',
			name: 'id',
			type: 'string',
			default: '',
			description: 'The ID of an existing field to update; leave empty to add a field',
		},
	];
	values.push(
		{
			displayName: 'Type',
			name: 'type',
			type: 'options',
			options: FIELD_TYPES.map((value) => ({ name: titleCase(value), value })),
			default: 'signature',
		},
		{
			displayName: 'Recipient ID',
			name: 'recipient_id',
			type: 'string',
			default: '',
			placeholder: 'temp_1',
			description:
				"The recipient who fills the field: an existing recipient's ID, or the temp_… ID of a recipient added in the same request",
		},
		{
			displayName: 'Page Number',
			name: 'page_number',
			type: 'number',
			typeOptions: { minValue: 1, numberPrecision: 0 },
			default: 1,
		},
		{
			displayName: 'X (% of Page Width)',
			name: 'x',
			type: 'number',
			typeOptions: { minValue: 0, maxValue: 100 },
			default: 10,
		},
		{
			displayName: 'Y (% of Page Height)',
			name: 'y',
			type: 'number',
			typeOptions: { minValue: 0, maxValue: 100 },
			default: 80,
		},
		{
			displayName: 'Width (% of Page Width)',
			name: 'width',
			type: 'number',
			typeOptions: { minValue: 0, maxValue: 100 },
			default: 25,
		},
		{
			displayName: 'Height (% of Page Height)',
			name: 'height',
			type: 'number',
			typeOptions: { minValue: 0, maxValue: 100 },
			default: 5,
		},
		{ displayName: 'Required', name: 'required', type: 'boolean', default: true },
		{ displayName: 'Read Only', name: 'read_only', type: 'boolean', default: false },
		{
			displayName: 'Read Only Value',
			name: 'read_only_value',
			type: 'string',
			default: '',
			displayOptions: { show: { read_only: [true] } },
		},
		{
			displayName: 'Prefill From',
			name: 'prefilled_data',
			type: 'options',
			options: [
				{ name: '(None)', value: '' },
				...PREFILL_SOURCES.map((value) => ({ name: titleCase(value), value })),
			],
			default: '',
			description: "Fill a read-only field from the recipient's details",
			displayOptions: { show: { read_only: [true] } },
		},
		{
			displayName: 'Variable Name',
			name: 'variable_name',
			type: 'string',
			default: '',
		},
		{
			displayName: 'Date Format',
			name: 'date_format',
			type: 'options',
			options: [
				{ name: '(Default)', value: '' },
				...DATE_FORMATS.map((value) => ({ name: value, value })),
			],
			default: '',
			displayOptions: { show: { type: ['date'] } },
		},
		{
			displayName: 'Default to Signing Date',
			name: 'date_signing_default',
			type: 'boolean',
			default: false,
			displayOptions: { show: { type: ['date'] } },
		},
	);
	return values;
}

/** What a field of the form shows before "Add Field": the field's kind, owner and place. */
const FIELD_FORM_TOP = [
	'type',
	'recipient_id',
	'page_number',
	'x',
	'y',
	'width',
	'height',
	'required',
	'read_only',
];

/** When an "Add Field" value applies (its displayOptions cannot reach the entry's own values). */
const FIELD_FORM_WHEN: Record<string, string> = {
	read_only_value: 'For a read-only field',
	prefilled_data: 'For a read-only field',
	date_format: 'For a date field',
	date_signing_default: 'For a date field',
};

/** Fields placed on a signing request's document (nested form). Parameter name: fields. */
export function fieldsInput(options: FieldInputOptions = {}): INodeProperties[] {
	const all = options.adapt ? options.adapt(fieldFormValues()) : fieldFormValues();
	const values: INodeProperties[] = [
		...all.filter((v) => FIELD_FORM_TOP.includes(v.name)),
		{
			displayName: 'Additional Fields',
			name: ADDITIONAL_FIELDS,
			type: 'collection',
			placeholder: 'Add Field',
			default: {},
			options: all
				.filter((v) => !FIELD_FORM_TOP.includes(v.name))
				.map((v): INodeProperties => {
					const rest: INodeProperties = { ...v };
					delete rest.displayOptions;
					const when = FIELD_FORM_WHEN[v.name];
					if (!when) return rest;
					const what = rest.description
						? `: ${rest.description.replace(/^\w/, (c) => c.toLowerCase())}`
						: '';
					return { ...rest, description: `${when}${what}` };
				})
				.sort((a, b) => a.displayName.localeCompare(b.displayName)),
		},
	];
	return listInput({
		name: 'fields',
		displayName: 'Fields',
		itemName: 'field',
		itemDisplayName: 'Field',
		values,
		description:
			options.description ??
			'Where recipients sign or fill in: positions are percentages of the page (0–100)',
		jsonExample:
			'[{"type":"signature","recipient_id":"temp_1","page_number":1,"position":{"x":10,"y":80,"width":25,"height":5},"required":true}]',
	});
}

/**
 * Changes to a template's fields when a signing request is created from it (parameter "fields").
 * Unlike `fieldsInput`, every change is optional (a collection), so the form sends only what the
 * user changes: a template field keeps its own position, type and other values otherwise.
 */
export function fieldOverridesInput(description: string): INodeProperties[] {
	const percent = (displayName: string, name: string, what: string): INodeProperties => ({
		displayName,
		name,
		type: 'number',
		typeOptions: { minValue: 0, maxValue: 100 },
		default: 0,
		description: `${what}. To move or resize the field, give X, Y, Width and Height together.`,
	});
	return listInput({
		name: 'fields',
		displayName: 'Fields',
		itemName: 'field',
		itemDisplayName: 'Field Change',
		description,
		jsonExample:
			'[{"template_field_id":"…","required":false,"position":{"x":10,"y":80,"width":25,"height":5}}]',
		values: [
			{
				displayName: 'Template Field ID',
				name: 'template_field_id',
				type: 'string',
				default: '',
				description: 'Which template field to change (preferred)',
			},
			{
				displayName: 'Variable Name',
				name: 'variable_name',
				type: 'string',
				default: '',
				description: "Or: the template field's variable name, when no Template Field ID is given",
			},
			{
				displayName: 'Changes',
				name: 'changes',
				type: 'collection',
				placeholder: 'Add Change',
				default: {},
				options: [
					{
						displayName: 'Date Format',
						name: 'date_format',
						type: 'options',
						options: DATE_FORMATS.map((value) => ({ name: value, value })),
						default: 'MM/dd/yyyy',
					},
					{
						displayName: 'Default Date',
						name: 'date_default',
						type: 'string',
						default: '',
						placeholder: '2026-12-31',
						description: 'The date a date field starts with',
					},
					{
						displayName: 'Default to Signing Date',
						name: 'date_signing_default',
						type: 'boolean',
						default: true,
					},
					{
						displayName: 'Dropdown Options',
						name: 'dropdown_options',
						type: 'string',
						default: '',
						placeholder: 'Small, Medium, Large',
						description: 'The choices of a dropdown field, separated by commas',
					},
					percent('Height (% of Page Height)', 'height', 'The new height'),
					{
						displayName: 'Multi Group ID',
						name: 'multi_group_id',
						type: 'string',
						default: '',
						description: 'Checkboxes with the same group ID act as one exclusive choice',
					},
					{ displayName: 'Read Only', name: 'read_only', type: 'boolean', default: true },
					{ displayName: 'Read Only Value', name: 'read_only_value', type: 'string', default: '' },
					{ displayName: 'Required', name: 'required', type: 'boolean', default: true },
					{
						displayName: 'Type',
						name: 'type',
						type: 'options',
						options: FIELD_TYPES.map((value) => ({ name: titleCase(value), value })),
						default: 'signature',
					},
					percent('Width (% of Page Width)', 'width', 'The new width'),
					percent('X (% of Page Width)', 'x', 'The new distance from the left edge'),
					percent('Y (% of Page Height)', 'y', 'The new distance from the top edge'),
				],
			},
		],
	});
}

export interface ReminderInputOptions {
	/** Key naming the recipient: recipient_id (signing requests) or user_id (templates). */
	recipientKey?: 'recipient_id' | 'user_id';
	/** What "Hours" means for this endpoint (the service's wording differs per endpoint). */
	hoursDescription?: string;
}

/** Reminder emails. Parameter name: reminders. */
export function remindersInput(options: ReminderInputOptions = {}): INodeProperties[] {
	const recipientKey = options.recipientKey ?? 'recipient_id';
	return listInput({
		name: 'reminders',
		displayName: 'Reminders',
		itemName: 'reminder',
		itemDisplayName: 'Reminder',
		description: 'Reminder emails sent to recipients who have not finished',
		jsonExample: `[{"hours":48,"all_users":true,"subject":"Reminder","message":"Please sign"}]`,
		values: [
			{
				displayName: 'All Recipients',
				name: 'all_users',
				type: 'boolean',
				default: true,
				description: 'Whether to remind every recipient who has not finished',
			},
			{
				displayName: 'Hours',
				name: 'hours',
				type: 'number',
				typeOptions: { minValue: 1, numberPrecision: 0 },
				default: 48,
				description: options.hoursDescription ?? 'Hours before the request expires',
			},
			{
				displayName: 'Message',
				name: 'message',
				type: 'string',
				typeOptions: { rows: 3 },
				default: '',
				required: true,
			},
			{
				displayName: 'Recipient ID',
				name: recipientKey,
				type: 'string',
				default: '',
				description: 'Who to remind when not all recipients',
				displayOptions: { show: { all_users: [false] } },
			},
			{
				displayName: 'Reminder ID',
				name: 'id',
				type: 'string',
				default: '',
				description: 'The ID of an existing reminder to update; leave empty to add one',
			},
			{
				displayName: 'Subject',
				name: 'subject',
				type: 'string',
				default: '',
				required: true,
			},
		],
	});
}

/** Every settings key of signing requests and templates, with its meaning. */
export const SETTINGS: ReadonlyArray<{ key: string; name: string; description: string }> = [
	{
		key: 'allow_download',
		name: 'Allow Download',
		description: 'Whether signers may download the document',
	},
	{
		key: 'attach_pdf_on_finish',
		name: 'Attach PDF on Finish',
		description: 'Whether the signed PDF is attached to the completion email',
	},
	{
		key: 'allow_editing_before_sending',
		name: 'Allow Editing Before Sending',
		description: 'Whether the request can be edited before it is sent',
	},
	{
		key: 'use_signing_order',
		name: 'Use Signing Order',
		description: 'Whether recipients sign one after another (off: all at once)',
	},
	{
		key: 'hand_drawn_only',
		name: 'Hand-Drawn Signatures Only',
		description: 'Whether signatures must be drawn by hand',
	},
	{
		key: 'send_signing_email',
		name: 'Send Signing Email',
		description: 'Whether recipients get the invitation email',
	},
	{
		key: 'send_finish_email',
		name: 'Send Finish Email',
		description: 'Whether the completion email is sent',
	},
	{
		key: 'send_expiration_email',
		name: 'Send Expiration Email',
		description: 'Whether an email is sent when the request expires',
	},
	{
		key: 'send_cancellation_email',
		name: 'Send Cancellation Email',
		description: 'Whether an email is sent when the request is cancelled',
	},
	{
		key: 'require_otp_verification',
		name: 'Require One-Time Code',
		description: 'Whether signers confirm a code sent by email before the document opens',
	},
	{
		key: 'disable_guided_navigation',
		name: 'Disable Guided Navigation',
		description: 'Whether to turn off the step-by-step guide for signers',
	},
	{
		key: 'allow_presigning_download',
		name: 'Allow Download Before Signing',
		description: 'Whether signers may download the document before signing',
	},
	{
		key: 'show_qr_code',
		name: 'Show QR Code',
		description: 'Whether the certificate shows a QR code',
	},
	{
		key: 'notify_identity_change_email',
		name: 'Notify Identity Change by Email',
		description: 'Whether to email when a signer changes their identity details',
	},
];

/** Settings as a collection (only what the user sets is sent), or JSON. Parameter name: settings. */
export function settingsInput(keys?: readonly string[]): INodeProperties[] {
	const chosen = keys ? SETTINGS.filter((s) => keys.includes(s.key)) : SETTINGS;
	const options: INodeProperties[] = chosen.map((s) => ({
		displayName: s.name,
		name: s.key,
		type: 'boolean',
		default: false,
		description: s.description,
	}));
	if (!keys || keys.includes('identity_editable_fields')) {
		options.push({
			displayName: 'Identity Fields Signers May Edit',
			name: 'identity_editable_fields',
			type: 'multiOptions',
			options: ['name', 'company', 'title', 'phone', 'address'].map((value) => ({
				name: titleCase(value),
				value,
			})),
			default: [],
		});
	}
	return [
		{
			displayName: 'Settings Input',
			name: 'settingsMode',
			type: 'options',
			options: [
				{ name: 'Using Fields Below', value: 'fields' },
				{ name: 'Using JSON', value: 'json' },
			],
			default: 'fields',
		},
		{
			displayName: 'Settings',
			name: 'settings',
			type: 'collection',
			placeholder: 'Add Setting',
			default: {},
			options,
			displayOptions: { show: { settingsMode: ['fields'] } },
		},
		{
			displayName: 'Settings (JSON)',
			name: 'settingsJson',
			type: 'json',
			default: '{}',
			description: 'Settings as a JSON object, e.g. {"use_signing_order": false}',
			displayOptions: { show: { settingsMode: ['json'] } },
		},
	];
}

// ---------------------------------------------------------------------------------------------
// Template users (added with the Template resource): the same person fields as recipients, for
// operations that edit ONE user outside the recipients list (template PATCH user).

/** The contact fields of a recipient / template user (Phone Number … Country). */
export const CONTACT_FIELDS: readonly INodeProperties[] = contactValues;
/** The Designation dropdown (Signer, Approver, CC). */
export const DESIGNATION_FIELD: INodeProperties = designationField;

// ---------------------------------------------------------------------------------------------
// Signing-request properties (added with the Signing Request resource): language and the
// completion page, shared by Create, Create and Send, Update One Part and Update.
// Reader: checkSigningRequestProperties in helpers/inputs.ts.

/** The 15 languages of the service (signer emails and signing page). */
export const LANGUAGES: ReadonlyArray<{ name: string; value: string }> = [
	{ name: 'Catalan', value: 'ca' },
	{ name: 'Czech', value: 'cs' },
	{ name: 'Dutch', value: 'nl' },
	{ name: 'English', value: 'en' },
	{ name: 'French', value: 'fr' },
	{ name: 'German', value: 'de' },
	{ name: 'Greek', value: 'el' },
	{ name: 'Italian', value: 'it' },
	{ name: 'Norwegian Bokmål', value: 'nb' },
	{ name: 'Polish', value: 'pl' },
	{ name: 'Portuguese', value: 'pt' },
	{ name: 'Romanian', value: 'ro' },
	{ name: 'Russian', value: 'ru' },
	{ name: 'Spanish', value: 'es' },
	{ name: 'Swedish', value: 'sv' },
];

export const COMPLETION_KEYS = [
	'completion_message',
	'completion_redirect_delay',
	'completion_redirect_url',
	'completion_title',
] as const;

/**
 * Options of a signing request's "Additional Options" collection (sorted by display name).
 * `clear` adds "Clear Completion Settings" (PATCH / PUT: null clears an inherited value).
 */
export function signingRequestOptions(
	opts: { name?: boolean; language?: boolean; clear?: boolean } = {},
): INodeProperties[] {
	const options: INodeProperties[] = [];
	if (opts.clear) {
		options.push({
			displayName: 'Clear Completion Settings',
			name: 'clear',
			type: 'multiOptions',
			options: COMPLETION_KEYS.map((value) => ({ name: titleCase(value), value })),
			default: [],
			description:
				'Completion settings to remove from this request, so the template, workspace or company value applies again',
		});
	}
	options.push(
		{
			displayName: 'Completion Message',
			name: 'completion_message',
			type: 'string',
			typeOptions: { rows: 3 },
			default: '',
			description: 'Text on the page signers see after finishing (at most 1000 characters)',
		},
		{
			displayName: 'Completion Redirect Delay (Seconds)',
			name: 'completion_redirect_delay',
			type: 'number',
			typeOptions: { minValue: 0, maxValue: 30, numberPrecision: 0 },
			default: 5,
			description: 'How long the completion page shows before redirecting (0–30 seconds)',
		},
		{
			displayName: 'Completion Redirect URL',
			name: 'completion_redirect_url',
			type: 'string',
			default: '',
			placeholder: 'https://example.com/thanks',
			description:
				'Where signers are sent after finishing. Must be https:// (http://localhost only with the test key).',
		},
		{
			displayName: 'Completion Title',
			name: 'completion_title',
			type: 'string',
			default: '',
			description: 'Title of the page signers see after finishing (at most 200 characters)',
		},
		{
			displayName: 'Description',
			name: 'description',
			type: 'string',
			typeOptions: { rows: 2 },
			default: '',
		},
		{
			displayName: 'Expiration Hours',
			name: 'expiration_hours',
			type: 'number',
			typeOptions: { minValue: 1, numberPrecision: 0 },
			default: 168,
			description: 'How long recipients have to sign once the request is sent (168 = 7 days)',
		},
	);
	if (opts.language !== false) {
		options.push({
			displayName: 'Language',
			name: 'language',
			type: 'options',
			options: [...LANGUAGES],
			default: 'en',
			description: 'Language of the signer emails and signing page',
		});
	}
	if (opts.name) {
		options.push({
			displayName: 'Name',
			name: 'name',
			type: 'string',
			default: '',
			description: 'Name of the signing request (at most 255 characters)',
		});
	}
	return options;
}

// ---------------------------------------------------------------------------------------------
// Webhook picker (added with the Webhooks area)

/** Webhook picker: searchable list (company-level and workspace webhooks), URL, or ID. Parameter name: webhookId. */
export const webhookLocator: INodeProperties = locator(
	'webhookId',
	'Webhook',
	'searchWebhooks',
	'webhook',
	'webhooks',
);

// ---------------------------------------------------------------------------------------------
// Organization seal picker (added with the Organization Seals area)

/** Organization seal picker: searchable list (active seals), URL, or ID. Parameter name: sealId. */
export const sealLocator: INodeProperties = locator(
	'sealId',
	'Organization Seal',
	'searchSeals',
	'seal',
	'seals',
);

// ---------------------------------------------------------------------------------------------
// Email domain picker (added with the Email Domains area)

/**
 * Email domain picker: searchable list of the scope's domains (company, or the workspace chosen
 * in "Workspace" for the workspace operations), URL, or ID. Parameter name: domainId.
 */
export const emailDomainLocator: INodeProperties = locator(
	'domainId',
	'Domain',
	'searchEmailDomains',
	'domain',
	'domains',
);

// ---------------------------------------------------------------------------------------------
// Logos (added with the Company / Workspace areas). Reader: readLogoBinary in helpers/binary.ts.

/** Input binary property holding a PNG or JPEG logo. Parameter name: binaryPropertyName. */
export const logoBinaryProperty: INodeProperties = {
	displayName: 'Input Binary Field',
	name: 'binaryPropertyName',
	type: 'string',
	default: 'data',
	required: true,
	hint: 'The name of the input binary field containing the logo (PNG or JPEG, at most 2 MB)',
};
