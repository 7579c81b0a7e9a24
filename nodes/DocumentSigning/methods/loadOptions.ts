import type { IDataObject, ILoadOptionsFunctions, INodePropertyOptions } from 'n8n-workflow';

import { eventTypeOptions } from '../../shared/events';
import { isUuid } from '../domain/ids';
import { meta as listSigningRequestCustomFields } from '../actions/customField/listSigningRequestCustomFields.operation';
import { meta as listTemplateCustomFields } from '../actions/customField/listTemplateCustomFields.operation';
import { meta as listWorkspaceCustomFields } from '../actions/customField/listWorkspaceCustomFields.operation';
import { meta as listOrganizationSeals } from '../actions/organizationSeal/listOrganizationSeals.operation';
import { meta as listSigningRequestFields } from '../actions/signingRequest/listSigningRequestFields.operation';
import { meta as listSigningRequestUsers } from '../actions/signingRequest/listSigningRequestUsers.operation';
import { meta as listTemplateFields } from '../actions/template/listTemplateFields.operation';
import { meta as listTemplateUsers } from '../actions/template/listTemplateUsers.operation';
import type { ApiEndpoint, Explainer } from '../../shared/transport';
import { callApi, explainMissing } from '../../shared/transport';

/** A list of something that belongs to the item chosen in `parameter`: its endpoint and id placeholder. */
interface OwnedList {
	parameter: string;
	list: ApiEndpoint;
	placeholder: string;
	/** The answer's key that holds the list. */
	key: string;
}

/** The owning item of each `parameter`, as the service names it and as the node labels it. */
const OWNERS: Record<string, { what: string; field: string }> = {
	templateId: { what: 'Template', field: 'Template' },
	signingRequestId: { what: 'Signing request', field: 'Signing Request' },
	workspaceId: { what: 'Workspace', field: 'Workspace' },
};

/**
 * A picker's error is shown by the editor as one line (its message only, in the parameter's
 * issues: "There was a problem loading the parameter options from server: …"), so the message of
 * a missing owner says what to do as well.
 */
function ownerNotFound(parameter: string, id: string): Explainer | undefined {
	const owner = OWNERS[parameter];
	if (!owner) return undefined;
	const explain = explainMissing([{ ...owner, id }]);
	return (info) => {
		const words = explain(info);
		if (!words?.message) return words;
		return {
			...words,
			message: `${words.message}: check "${owner.field}" (it may have been deleted, or belong to a workspace this key cannot reach)`,
		};
	};
}

/**
 * The entries of an owned list: none (no request) while the owning item is not a UUID yet.
 */
async function ownedEntries(
	context: ILoadOptionsFunctions,
	{ parameter, list, placeholder, key }: OwnedList,
): Promise<IDataObject[]> {
	const id = context.getCurrentNodeParameter(parameter, { extractValue: true });
	if (!isUuid(id)) return [];
	const response = (
		await callApi<Record<string, IDataObject[] | undefined>>(context, list, {
			params: { [placeholder]: String(id) },
			explain: ownerNotFound(parameter, String(id)),
		})
	).body;
	return response[key] ?? [];
}

/** A load-options method listing the owned entries, each turned into an option by `toOptions`. */
function ownedListMethod(
	owned: OwnedList,
	toOptions: (entries: IDataObject[]) => INodePropertyOptions[],
): (this: ILoadOptionsFunctions) => Promise<INodePropertyOptions[]> {
	return async function (this: ILoadOptionsFunctions) {
		return toOptions(await ownedEntries(this, owned));
	};
}

function personLabel(user: IDataObject): string {
	const name = String(
		user.name ?? [user.first_name, user.last_name].filter(Boolean).join(' '),
	).trim();
	const parts = [name || String(user.email ?? user.id)];
	if (user.email && name) parts.push(`<${String(user.email)}>`);
	const role = [user.designation, user.order !== undefined ? `order ${String(user.order)}` : '']
		.filter(Boolean)
		.join(', ');
	return role ? `${parts.join(' ')} (${role})` : parts.join(' ');
}

const people = (users: IDataObject[]): INodePropertyOptions[] =>
	users.map((user) => ({
		name: personLabel(user),
		value: String(user.id),
		description: user.email ? String(user.email) : undefined,
	}));

/** Recipients of the signing request chosen in the node ("Signing Request" parameter). */
export const getSigningRequestRecipients = ownedListMethod(
	{
		parameter: 'signingRequestId',
		list: listSigningRequestUsers,
		placeholder: 'id',
		key: 'results',
	},
	people,
);

/** Users (recipient roles) of the template chosen in the node ("Template" parameter). */
export const getTemplateUsers = ownedListMethod(
	{ parameter: 'templateId', list: listTemplateUsers, placeholder: 'id', key: 'results' },
	people,
);

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
