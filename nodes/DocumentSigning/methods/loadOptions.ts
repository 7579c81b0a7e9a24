import type { IDataObject, ILoadOptionsFunctions, INodePropertyOptions } from 'n8n-workflow';

import { eventTypeOptions } from '../../shared/events';
import { meta as listSigningRequestCustomFields } from '../actions/customField/listSigningRequestCustomFields.operation';
import { meta as listTemplateCustomFields } from '../actions/customField/listTemplateCustomFields.operation';
import { meta as listWorkspaceCustomFields } from '../actions/customField/listWorkspaceCustomFields.operation';
import { meta as listOrganizationSeals } from '../actions/organizationSeal/listOrganizationSeals.operation';
import { meta as listSigningRequestFields } from '../actions/signingRequest/listSigningRequestFields.operation';
import { meta as listTemplateFields } from '../actions/template/listTemplateFields.operation';
import { callApi } from '../../shared/transport';
import {
	type OwnedList,
	SIGNING_REQUEST_RECIPIENTS,
	TEMPLATE_USERS,
	ownedEntries,
	personLabel,
} from './owned';

/** A load-options method listing the owned entries, each turned into an option by `toOptions`. */
function ownedListMethod(
	owned: OwnedList,
	toOptions: (entries: IDataObject[]) => INodePropertyOptions[],
): (this: ILoadOptionsFunctions) => Promise<INodePropertyOptions[]> {
	return async function (this: ILoadOptionsFunctions) {
		return toOptions(await ownedEntries(this, owned));
	};
}

const people = (users: IDataObject[]): INodePropertyOptions[] =>
	users.map((user) => ({
		name: personLabel(user),
		value: String(user.id),
		description: user.email ? String(user.email) : undefined,
	}));

/** Recipients of the signing request chosen in the node ("Signing Request" parameter). */
export const getSigningRequestRecipients = ownedListMethod(SIGNING_REQUEST_RECIPIENTS, people);

/** Users (recipient roles) of the template chosen in the node ("Template" parameter). */
export const getTemplateUsers = ownedListMethod(TEMPLATE_USERS, people);

/**
 * A recipient's Template User: the chosen template's users, after an empty choice (the default),
 * which matches the recipient to a template user by Order. Without it the editor would mark the
 * empty default as a value missing from the list.
 */
export async function getTemplateUsersOrOrder(
	this: ILoadOptionsFunctions,
): Promise<INodePropertyOptions[]> {
	return [{ name: '- Match by Order -', value: '' }, ...(await getTemplateUsers.call(this))];
}

// ---------------------------------------------------------------------------------------------
// Custom field definitions

const customFields = (definitions: IDataObject[]): INodePropertyOptions[] =>
	definitions
		.map((field) => ({
			name: `${String(field.field_label ?? field.field_name ?? field.id)}${
				field.field_name ? ` (${String(field.field_name)})` : ''
			}`,
			value: String(field.id),
		}))
		.sort((a, b) => a.name.localeCompare(b.name));

/** Custom fields of the template chosen in the node ("Template" parameter). */
export const getTemplateCustomFields = ownedListMethod(
	{
		parameter: 'templateId',
		list: listTemplateCustomFields,
		placeholder: 'template_id',
		key: 'custom_fields',
	},
	customFields,
);

/** Custom fields of the signing request chosen in the node ("Signing Request" parameter). */
export const getSigningRequestCustomFields = ownedListMethod(
	{
		parameter: 'signingRequestId',
		list: listSigningRequestCustomFields,
		placeholder: 'request_id',
		key: 'custom_fields',
	},
	customFields,
);

/** Custom fields of the workspace chosen in the node ("Workspace" parameter). */
export const getWorkspaceCustomFields = ownedListMethod(
	{
		parameter: 'workspaceId',
		list: listWorkspaceCustomFields,
		placeholder: 'workspace_id',
		key: 'custom_fields',
	},
	customFields,
);

// ---------------------------------------------------------------------------------------------
// Fields and seals, for the Update One Part operations

const typeName = (type: unknown) =>
	String(type ?? 'field')
		.replace(/_/g, ' ')
		.replace(/^\w/, (c) => c.toUpperCase());

const fields = (entries: IDataObject[]): INodePropertyOptions[] =>
	entries.map((field) => {
		const page = field.page_number ?? field.page;
		const label = [
			typeName(field.type ?? field.field_type),
			page !== undefined ? `page ${String(page)}` : '',
			field.variable_name ? String(field.variable_name) : '',
		]
			.filter(Boolean)
			.join(', ');
		return { name: label, value: String(field.id), description: String(field.id) };
	});

/** Fields of the signing request chosen in the node ("Signing Request" parameter). */
export const getSigningRequestFields = ownedListMethod(
	{
		parameter: 'signingRequestId',
		list: listSigningRequestFields,
		placeholder: 'id',
		key: 'results',
	},
	fields,
);

/** Fields of the template chosen in the node ("Template" parameter). */
export const getTemplateFields = ownedListMethod(
	{ parameter: 'templateId', list: listTemplateFields, placeholder: 'id', key: 'results' },
	fields,
);

/** The organization seals the key can use (GET /seals: active seals only). */
export async function getOrganizationSeals(
	this: ILoadOptionsFunctions,
): Promise<INodePropertyOptions[]> {
	const response = (await callApi<{ seals?: IDataObject[] }>(this, listOrganizationSeals)).body;
	return (Array.isArray(response?.seals) ? response.seals : [])
		.map((seal) => ({
			name: `${String(seal.name ?? seal.id)}${seal.companies_workspaces_id ? '' : ' (company)'}`,
			value: String(seal.id),
			description: seal.display_name ? String(seal.display_name) : undefined,
		}))
		.sort((a, b) => a.name.localeCompare(b.name));
}

/**
 * The webhook event types (THE list of shared/events.ts), in the service's groups: the choices of
 * the webhook operations' event pickers.
 */
export async function getEventTypes(this: ILoadOptionsFunctions): Promise<INodePropertyOptions[]> {
	return eventTypeOptions();
}
