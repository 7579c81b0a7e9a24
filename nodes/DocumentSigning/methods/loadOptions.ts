import type { IDataObject, ILoadOptionsFunctions, INodePropertyOptions } from 'n8n-workflow';

import { eventTypeOptions } from '../../shared/events';
import { isUuid } from '../domain/ids';
import { meta as listSigningRequestCustomFields } from '../actions/customField/listSigningRequestCustomFields.operation';
import { meta as listTemplateCustomFields } from '../actions/customField/listTemplateCustomFields.operation';
import { meta as listWorkspaceCustomFields } from '../actions/customField/listWorkspaceCustomFields.operation';
import { meta as listOrganizationSeals } from '../actions/organizationSeal/listOrganizationSeals.operation';
import { meta as getSigningRequest } from '../actions/signingRequest/getSigningRequest.operation';
import { meta as listSigningRequestFields } from '../actions/signingRequest/listSigningRequestFields.operation';
import { meta as listSigningRequestUsers } from '../actions/signingRequest/listSigningRequestUsers.operation';
import { meta as listTemplateFields } from '../actions/template/listTemplateFields.operation';
import { meta as listTemplateUsers } from '../actions/template/listTemplateUsers.operation';
import type { ApiEndpoint } from '../../shared/transport';
import { callApi } from '../../shared/transport';

/** A list of something that belongs to the item chosen in `parameter`: its endpoint and id placeholder. */
interface OwnedList {
	parameter: string;
	list: ApiEndpoint;
	placeholder: string;
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

async function people(
	context: ILoadOptionsFunctions,
	{ parameter, list, placeholder }: OwnedList,
): Promise<INodePropertyOptions[]> {
	const id = context.getCurrentNodeParameter(parameter, { extractValue: true });
	if (!isUuid(id)) return [];
	const response = (
		await callApi<{
			results?: IDataObject[];
		}>(context, list, { params: { [placeholder]: String(id) } })
	).body;
	return (response.results ?? []).map((user) => ({
		name: personLabel(user),
		value: String(user.id),
		description: user.email ? String(user.email) : undefined,
	}));
}

/** Recipients of the signing request chosen in the node ("Signing Request" parameter). */
export async function getSigningRequestRecipients(
	this: ILoadOptionsFunctions,
): Promise<INodePropertyOptions[]> {
	return await people(this, {
		parameter: 'signingRequestId',
		list: listSigningRequestUsers,
		placeholder: 'id',
	});
}

/** Users (recipient roles) of the template chosen in the node ("Template" parameter). */
export async function getTemplateUsers(
	this: ILoadOptionsFunctions,
): Promise<INodePropertyOptions[]> {
	return await people(this, {
		parameter: 'templateId',
		list: listTemplateUsers,
		placeholder: 'id',
	});
}

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

async function customFields(
	context: ILoadOptionsFunctions,
	{ parameter, list, placeholder }: OwnedList,
): Promise<INodePropertyOptions[]> {
	const id = context.getCurrentNodeParameter(parameter, { extractValue: true });
	if (!isUuid(id)) return [];
	const response = (
		await callApi<{
			custom_fields?: IDataObject[];
		}>(context, list, { params: { [placeholder]: String(id) } })
	).body;
	return (response.custom_fields ?? [])
		.map((field) => ({
			name: `${String(field.field_label ?? field.field_name ?? field.id)}${
				field.field_name ? ` (${String(field.field_name)})` : ''
			}`,
			value: String(field.id),
		}))
		.sort((a, b) => a.name.localeCompare(b.name));
}

/** Custom fields of the template chosen in the node ("Template" parameter). */
export async function getTemplateCustomFields(
	this: ILoadOptionsFunctions,
): Promise<INodePropertyOptions[]> {
	return await customFields(this, {
		parameter: 'templateId',
		list: listTemplateCustomFields,
		placeholder: 'template_id',
	});
}

/** Custom fields of the signing request chosen in the node ("Signing Request" parameter). */
export async function getSigningRequestCustomFields(
	this: ILoadOptionsFunctions,
): Promise<INodePropertyOptions[]> {
	return await customFields(this, {
		parameter: 'signingRequestId',
		list: listSigningRequestCustomFields,
		placeholder: 'request_id',
	});
}

// ---------------------------------------------------------------------------------------------
// Workspace custom field definitions

/** Custom fields of the workspace chosen in the node ("Workspace" parameter). */
export async function getWorkspaceCustomFields(
	this: ILoadOptionsFunctions,
): Promise<INodePropertyOptions[]> {
	return await customFields(this, {
		parameter: 'workspaceId',
		list: listWorkspaceCustomFields,
		placeholder: 'workspace_id',
	});
}

// ---------------------------------------------------------------------------------------------
// Fields, seal participants and seals, for the Update One Part operations

const typeName = (type: unknown) =>
	String(type ?? 'field')
		.replace(/_/g, ' ')
		.replace(/^\w/, (c) => c.toUpperCase());

async function fields(
	context: ILoadOptionsFunctions,
	{ parameter, list, placeholder }: OwnedList,
): Promise<INodePropertyOptions[]> {
	const id = context.getCurrentNodeParameter(parameter, { extractValue: true });
	if (!isUuid(id)) return [];
	const response = (
		await callApi<{
			results?: IDataObject[];
		}>(context, list, { params: { [placeholder]: String(id) } })
	).body;
	return (response.results ?? []).map((field) => {
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
}

/** Fields of the signing request chosen in the node ("Signing Request" parameter). */
export async function getSigningRequestFields(
	this: ILoadOptionsFunctions,
): Promise<INodePropertyOptions[]> {
	return await fields(this, {
		parameter: 'signingRequestId',
		list: listSigningRequestFields,
		placeholder: 'id',
	});
}

/** Fields of the template chosen in the node ("Template" parameter). */
export async function getTemplateFields(
	this: ILoadOptionsFunctions,
): Promise<INodePropertyOptions[]> {
	return await fields(this, {
		parameter: 'templateId',
		list: listTemplateFields,
		placeholder: 'id',
	});
}

/** Seal participants of the signing request chosen in the node (from its Get answer). */
export async function getSigningRequestSealParticipants(
	this: ILoadOptionsFunctions,
): Promise<INodePropertyOptions[]> {
	const id = this.getCurrentNodeParameter('signingRequestId', { extractValue: true });
	if (!isUuid(id)) return [];
	const request = (
		await callApi<{ seal_participants?: IDataObject[] }>(this, getSigningRequest, {
			params: { id: String(id) },
		})
	).body;
	return (request.seal_participants ?? [])
		.filter((p) => !p.deleted)
		.map((p) => ({
			name: `Seal participant, order ${String(p.order ?? '?')}`,
			value: String(p.id),
			description: `Seal ${String(p.organization_seals_id ?? p.seal_id ?? '')}`.trim(),
		}));
}

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
