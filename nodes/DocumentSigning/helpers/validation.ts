import type {
	IDataObject,
	IExecuteFunctions,
	INode,
	INodeParameters,
	INodeProperties,
	INodePropertyCollection,
} from 'n8n-workflow';
import { NodeHelpers } from 'n8n-workflow';

import { fail } from './errors';

/**
 * Checks made before any request is sent, each naming the field the user has to fix.
 */

/** An ISO 8601 date-time (what n8n's date picker produces, or an expression result). */
export function checkDateTime(context: IExecuteFunctions, value: unknown, field: string): string {
	const text = String(value ?? '').trim();
	if (text === '' || Number.isNaN(Date.parse(text))) {
		fail(
			context,
			`"${field}" is not a valid date and time`,
			'Use a date such as 2026-01-31 or 2026-01-31T12:00:00Z.',
		);
	}
	return new Date(text).toISOString();
}

/** Drops empty strings and undefined values, the way users expect unset options to behave. */
export function compact(values: IDataObject): IDataObject {
	const out: IDataObject = {};
	for (const [key, value] of Object.entries(values)) {
		if (value === undefined || value === '' || value === null) continue;
		out[key] = value;
	}
	return out;
}

// ---------------------------------------------------------------------------------------------
// Values an expression turned empty

/**
 * Parameters whose value decides who receives, signs, is reminded of or is removed from a
 * document, by name (the same names in every operation: emails, first names, recipient and
 * template-user IDs, Reference IDs, reassign targets, the recipients list as JSON). Typed empty,
 * some of them mean something ("leave empty to match by Order", "…to add a new one"); an
 * expression that resolves to empty never does: the user mapped a value and it is missing.
 */
export const DECIDES_WHO: ReadonlySet<string> = new Set([
	'email',
	'first_name',
	'ref',
	'template_user_id',
	'recipient_id',
	'recipientId',
	'recipientIds',
	'reassign_to_recipient_id',
	'user_id',
	'userId',
	'userEmail',
	'userFirstName',
	'reassign_to_user_id',
	'assigned_to_user_id',
	'recipientsJson',
]);

/** A parameter (at `path`, as n8n's getNodeParameter takes it) whose raw value is an expression. */
export interface ExpressionCheck {
	path: string;
	/** The parameter as the form labels it, e.g. "Email". */
	label: string;
	/** The entry or collection it is in, e.g. "Recipient 2" or "Recipient Details". */
	place?: string;
	/** The expression as typed (shortened), to show in the error. */
	expression: string;
	/** A resource locator: its `value` is what counts. */
	locator: boolean;
	decidesWho: boolean;
}

const isObject = (value: unknown): value is IDataObject =>
	typeof value === 'object' && value !== null && !Array.isArray(value);

/** The expression of a raw parameter value (a string starting with "=", or a locator's value). */
function expressionOf(raw: unknown): { expression: string; locator: boolean } | undefined {
	if (typeof raw === 'string' && raw.startsWith('=')) return { expression: raw, locator: false };
	if (isObject(raw) && raw.__rl === true && typeof raw.value === 'string') {
		if (raw.value.startsWith('=')) return { expression: raw.value, locator: true };
	}
	return undefined;
}

/** "Recipients to Remove" + "Recipient" → "Recipient to Remove": one entry of a list. */
function entryName(listName: string, entryDisplayName: string): string {
	return listName.startsWith(`${entryDisplayName}s`)
		? `${entryDisplayName}${listName.slice(entryDisplayName.length + 1)}`
		: entryDisplayName;
}

/**
 * The parameters of an operation to check once expressions resolve: those displayed for the
 * node's raw parameters (the way n8n decides it, `NodeHelpers.displayParameter`) whose raw value
 * is an expression and which are either required or decide who receives or signs (DECIDES_WHO),
 * at the top level, in every entry of a fixed collection and in a collection. Depends only on the
 * raw parameters, so it is worked out once per run of the node, not per item.
 */
export function expressionChecks(
	node: INode,
	properties: readonly INodeProperties[],
): ExpressionCheck[] {
	const root = (node.parameters ?? {}) as INodeParameters;
	const checks = new Map<string, ExpressionCheck>();
	const visit = (
		props: readonly INodeProperties[],
		values: INodeParameters,
		path: string,
		place: string | undefined,
	) => {
		for (const property of props) {
			if (!(property.name in values)) continue;
			if (!NodeHelpers.displayParameter(values, property, node, null, root)) continue;
			const raw: unknown = values[property.name];
			const at = path ? `${path}.${property.name}` : property.name;
			if (property.type === 'fixedCollection') {
				if (!isObject(raw)) continue;
				for (const option of (property.options ?? []) as INodePropertyCollection[]) {
					const entries = raw[option.name];
					const name = entryName(property.displayName, option.displayName);
					if (Array.isArray(entries)) {
						entries.forEach((entry, index) => {
							if (isObject(entry)) {
								visit(
									option.values,
									entry as INodeParameters,
									`${at}.${option.name}[${index}]`,
									`${name} ${index + 1}`,
								);
							}
						});
					} else if (isObject(entries)) {
						visit(option.values, entries as INodeParameters, `${at}.${option.name}`, name);
					}
				}
			} else if (property.type === 'collection') {
				if (isObject(raw)) {
					const options = (property.options ?? []) as INodeProperties[];
					visit(options, raw as INodeParameters, at, place ?? property.displayName);
				}
			} else if (property.required === true || DECIDES_WHO.has(property.name)) {
				if (property.type === 'boolean' || property.type === 'notice') continue;
				const found = expressionOf(raw);
				if (!found || checks.has(at)) continue;
				checks.set(at, {
					path: at,
					label: property.displayName,
					place,
					expression:
						found.expression.length > 120 ? `${found.expression.slice(0, 117)}…` : found.expression,
					locator: found.locator,
					decidesWho: DECIDES_WHO.has(property.name),
				});
			}
		}
	};
	visit(properties, root, '', undefined);
	return [...checks.values()];
}

/** What an empty value is, in words ("undefined", "empty text", …); undefined when not empty. */
export function emptiness(value: unknown): string | undefined {
	if (value === undefined) return 'undefined';
	if (value === null) return 'null';
	if (typeof value === 'string') {
		if (value === '') return 'empty text';
		if (value.trim() === '') return 'text of only spaces';
	}
	if (Array.isArray(value) && value.length === 0) return 'an empty list';
	return undefined;
}

/**
 * Resolves the expressions `checks` found (see expressionChecks) for one item and refuses, before
 * anything is sent, a value that came out empty: undefined, null, empty text, only spaces, an
 * empty list, or a list with an empty entry where the value decides who receives or signs. n8n
 * refuses a required parameter left empty, but only as typed: an expression passes its check
 * whatever it produces. The error names the item, the entry and the field (the router puts the
 * item index on it).
 */
export function checkResolvedValues(
	context: IExecuteFunctions,
	checks: readonly ExpressionCheck[],
	itemIndex: number,
): void {
	for (const check of checks) {
		// Not extractValue: a picker in URL mode whose expression came out empty would fail n8n's
		// extraction with a message about the mode; the value as resolved is what counts here.
		const value = context.getNodeParameter(check.path, itemIndex, undefined, {
			skipValidation: true,
		}) as unknown;
		const resolved = check.locator && isObject(value) ? value.value : value;
		let empty = emptiness(resolved);
		let entry = '';
		if (empty === undefined && check.decidesWho && Array.isArray(resolved)) {
			const index = resolved.findIndex((member) => emptiness(member) !== undefined);
			if (index >= 0) {
				empty = emptiness(resolved[index]);
				entry = `, entry ${index + 1},`;
			}
		}
		if (empty === undefined) continue;
		const where = check.place ? `${check.place}: ` : '';
		fail(
			context,
			`${where}"${check.label}"${entry} is empty: its expression resolved to ${empty} (item ${itemIndex})`,
			emptyHint(check),
		);
	}
}

function emptyHint(check: ExpressionCheck): string {
	const body = check.expression.slice(1).trim();
	// "=" alone: the field was switched to Expression and left empty (or run before the editor
	// took what was typed).
	const fix =
		body === ''
			? 'type an expression into it (it is empty), or switch it to Fixed and type the value'
			: `make the expression (${body}) produce a value for every item, or leave out the items that lack it before this node`;
	if (!check.decidesWho) return `Nothing was sent. "${check.label}" is required: ${fix}.`;
	const typedEmpty: Record<string, string> = {
		template_user_id: 'to match the template user by Order',
		ref: 'to add a new one',
		recipientId: 'to add a new recipient',
	};
	const meaning = typedEmpty[check.path.replace(/^.*\./, '')];
	return `Nothing was sent: an empty value cannot decide who receives or signs the document. ${
		meaning
			? `Leave "${check.label}" empty (not an expression) ${meaning}; otherwise ${fix}.`
			: `To fix it, ${fix}.`
	}`;
}
