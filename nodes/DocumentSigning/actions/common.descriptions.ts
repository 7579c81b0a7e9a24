import type { INodeProperties, INodePropertyOptions } from 'n8n-workflow';

import { idMode, UUID_PATTERN } from '../domain/ids';

/**
 * UI fragments shared by several operations (pagination, filters, sort, pickers, binary
 * properties). Each is defined once here and reused. The domain's forms (recipients, fields,
 * reminders, settings, completion) live in ../domain/.
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

/**
 * The Sort collection of a page-number list: Sort By (Created On, the default, and the list's own
 * keys) and Sort Order.
 */
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
				options: [{ name: 'Created On', value: 'created_on' }, ...sortBy].sort((a, b) =>
					a.name.localeCompare(b.name),
				),
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

/** The Name filter of a list: `what` whose name contains the text, e.g. "templates". */
export function nameFilterOption(what: string): INodeProperties {
	return {
		displayName: 'Name',
		name: 'name',
		type: 'string',
		default: '',
		description: `Only ${what} whose name contains this text (case-insensitive)`,
	};
}

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
			idMode(what),
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

/** "Options" of a file download with its Return URL Only switch (described per download). */
export function returnUrlOnlyOptions(description: string): INodeProperties {
	return {
		displayName: 'Options',
		name: 'options',
		type: 'collection',
		placeholder: 'Add Option',
		default: {},
		options: [
			{
				displayName: 'Return URL Only',
				name: 'returnUrlOnly',
				type: 'boolean',
				default: false,
				description,
			},
		],
	};
}

// ---------------------------------------------------------------------------------------------

// ---------------------------------------------------------------------------------------------
// Webhook picker

/** Webhook picker: searchable list (company-level and workspace webhooks), URL, or ID. Parameter name: webhookId. */
export const webhookLocator: INodeProperties = locator(
	'webhookId',
	'Webhook',
	'searchWebhooks',
	'webhook',
	'webhooks',
);

// ---------------------------------------------------------------------------------------------
// Organization seal picker

/** Organization seal picker: searchable list (active seals), URL, or ID. Parameter name: sealId. */
export const sealLocator: INodeProperties = locator(
	'sealId',
	'Organization Seal',
	'searchSeals',
	'seal',
	'seals',
);

// ---------------------------------------------------------------------------------------------
// Email domain picker

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
// Logos. Reader: readLogoBinary in helpers/binary.ts.

/** Input binary property holding a PNG or JPEG logo. Parameter name: binaryPropertyName. */
export const logoBinaryProperty: INodeProperties = {
	displayName: 'Input Binary Field',
	name: 'binaryPropertyName',
	type: 'string',
	default: 'data',
	required: true,
	hint: 'The name of the input binary field containing the logo (PNG or JPEG, at most 2 MB)',
};
