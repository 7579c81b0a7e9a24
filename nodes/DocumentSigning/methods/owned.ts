import type { IDataObject, ILoadOptionsFunctions } from 'n8n-workflow';

import { meta as listSigningRequestUsers } from '../actions/signingRequest/listSigningRequestUsers.operation';
import { meta as listTemplateUsers } from '../actions/template/listTemplateUsers.operation';
import { isUuid } from '../domain/ids';
import type { ApiEndpoint, Explainer } from '../../shared/transport';
import { callApi, explainMissing } from '../../shared/transport';

/**
 * What the pickers of the things that belong to the chosen signing request or template (its
 * recipients, users, fields, custom fields) share: reading that list, and how a person is named in
 * it. Not a method module itself (methods/index.ts exports listSearch and loadOptions only).
 */

/** A list of something that belongs to the item chosen in `parameter`: its endpoint and id placeholder. */
export interface OwnedList {
	parameter: string;
	list: ApiEndpoint;
	placeholder: string;
	/** The answer's key that holds the list. */
	key: string;
}

/** The recipients of the signing request chosen in the node ("Signing Request" parameter). */
export const SIGNING_REQUEST_RECIPIENTS: OwnedList = {
	parameter: 'signingRequestId',
	list: listSigningRequestUsers,
	placeholder: 'id',
	key: 'results',
};

/** The users (recipient roles) of the template chosen in the node ("Template" parameter). */
export const TEMPLATE_USERS: OwnedList = {
	parameter: 'templateId',
	list: listTemplateUsers,
	placeholder: 'id',
	key: 'results',
};

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
export async function ownedEntries(
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

/** A person's name (or else email, or ID). */
function nameOf(user: IDataObject): string {
	return String(user.name ?? [user.first_name, user.last_name].filter(Boolean).join(' ')).trim();
}

/**
 * A recipient or template user as the pickers show them:
 * "Ada Lovelace <ada@example.com> (Signer, order 1)".
 */
export function personLabel(user: IDataObject): string {
	const name = nameOf(user);
	const parts = [name || String(user.email ?? user.id)];
	if (user.email && name) parts.push(`<${String(user.email)}>`);
	const role = [user.designation, user.order !== undefined ? `order ${String(user.order)}` : '']
		.filter(Boolean)
		.join(', ');
	return role ? `${parts.join(' ')} (${role})` : parts.join(' ');
}

/** Whether a person matches a picker's search text (in their name or email, any case). */
export function personMatches(user: IDataObject, filter: string | undefined): boolean {
	const needle = (filter ?? '').trim().toLowerCase();
	if (needle === '') return true;
	return [nameOf(user), user.first_name, user.last_name, user.email]
		.filter((text) => text !== undefined && text !== null)
		.some((text) => String(text).toLowerCase().includes(needle));
}
