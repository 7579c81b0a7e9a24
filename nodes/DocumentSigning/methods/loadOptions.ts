import type { IDataObject, ILoadOptionsFunctions, INodePropertyOptions } from 'n8n-workflow';

import { isUuid } from '../helpers/ids';
import { apiRequest } from '../transport';

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
	parameter: string,
	pathFor: (id: string) => string,
): Promise<INodePropertyOptions[]> {
	const id = context.getCurrentNodeParameter(parameter, { extractValue: true });
	if (!isUuid(id)) return [];
	const response = (await apiRequest.call(context, 'GET', pathFor(String(id)))) as {
		results?: IDataObject[];
	};
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
	return await people(this, 'signingRequestId', (id) => `/signing-requests/${id}/users`);
}

/** Users (recipient roles) of the template chosen in the node ("Template" parameter). */
export async function getTemplateUsers(
	this: ILoadOptionsFunctions,
): Promise<INodePropertyOptions[]> {
	return await people(this, 'templateId', (id) => `/templates/${id}/users`);
}

// ---------------------------------------------------------------------------------------------
// Custom field definitions (added with the Custom Field resource)

async function customFields(
	context: ILoadOptionsFunctions,
	parameter: string,
	pathFor: (id: string) => string,
): Promise<INodePropertyOptions[]> {
	const id = context.getCurrentNodeParameter(parameter, { extractValue: true });
	if (!isUuid(id)) return [];
	const response = (await apiRequest.call(context, 'GET', pathFor(String(id)))) as {
		custom_fields?: IDataObject[];
	};
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
	return await customFields(this, 'templateId', (id) => `/templates/${id}/custom-fields`);
}

/** Custom fields of the signing request chosen in the node ("Signing Request" parameter). */
export async function getSigningRequestCustomFields(
	this: ILoadOptionsFunctions,
): Promise<INodePropertyOptions[]> {
	return await customFields(
		this,
		'signingRequestId',
		(id) => `/signing-requests/${id}/custom-fields`,
	);
}

// ---------------------------------------------------------------------------------------------
// Workspace custom field definitions (added with the workspace custom-field operations)

/** Custom fields of the workspace chosen in the node ("Workspace" parameter). */
export async function getWorkspaceCustomFields(
	this: ILoadOptionsFunctions,
): Promise<INodePropertyOptions[]> {
	return await customFields(this, 'workspaceId', (id) => `/workspace/${id}/custom-fields`);
}
