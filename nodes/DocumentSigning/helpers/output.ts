import type {
	IDataObject,
	IExecuteFunctions,
	INodeExecutionData,
	INodeProperties,
} from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { fail } from './errors';
import type { KeyMode } from '../../shared/transport';
import type { SigningRequestHints } from '../../shared/signingRequest';
import { toSigningRequest } from '../../shared/signingRequest';

/**
 * Output items of the action node. Every item says which key produced it (`key_mode`): test
 * requests are free and their documents watermarked, so a workflow can tell them apart.
 */
export function toItems(data: IDataObject | IDataObject[], keyMode: KeyMode): INodeExecutionData[] {
	const rows = Array.isArray(data) ? data : [data];
	return rows.map((row) => ({ json: { ...row, key_mode: keyMode } }));
}

/** A JSON Schema (draft-07) node. */
export type JsonSchema = { [keyword: string]: unknown };

/**
 * How an operation's output items are made from the service's answer, for its output schema: the
 * JSON Schema of one item that n8n's editor shows to the next node before this one has run (its
 * "schema preview"). The generator (scripts/generate/outputSchemas.js) starts from the documented
 * answer of the operation (api/responses.json, by `meta.value`) and applies these steps in
 * the order they are listed here, to each documented alternative of the answer; every item then
 * gets `key_mode` (helpers/output.ts `toItems`). A test validates every output of the operation
 * tests against the schema, so what is written here cannot drift from what `execute` does.
 *
 * The schema describes the default output (Simplify on); fields that are not in every item (with
 * an option, or only for some answers) are optional in it. With `simplify: 'signingRequest'` the
 * generator also writes the schema of the item with Simplify off, for the tests only.
 */
export interface OperationOutput {
	/** Not made from the operation's own answer (Send, Send and Wait): only `fields` describe the item. */
	answer?: false;
	/** The item is the object under this key of the answer, with the answer's other fields (Duplicate). */
	unwrap?: string;
	/**
	 * One item per entry of the list under this key of the answer (`results`, `custom_fields`, …;
	 * `[]`: the answer is the list). For a map (an object keyed by name), one item per value.
	 */
	entries?: string;
	/** Answer fields the node leaves out. */
	omit?: string[];
	/** The answer's warnings in one `warnings` array (helpers/output.ts `normaliseWarnings`). */
	warnings?: true;
	/** Optional answer fields the node always outputs (filling in null where the answer has none). */
	require?: string[];
	/**
	 * Fields the node adds or replaces, each a JSON Schema (a `$ref` may point into the documented
	 * answers' `definitions`, e.g. `#/definitions/Domain/properties/dns_records`); a name ending in
	 * `?` is not in every item.
	 */
	fields?: Record<string, JsonSchema>;
	/**
	 * Simplify (on by default). `signingRequest`: with it on, the item is the one signing-request
	 * shape (nodes/shared/signingRequest.ts `SIGNING_REQUEST_SCHEMA`) with the answer's `warnings`
	 * (with `warnings`), the `simplified` fields and `key_mode`, whatever the answer; the other steps
	 * describe the item with it off (the raw answer), which the build does not ship.
	 * `template`: the simplified items keep helpers/output.ts `SIMPLE_KEYS.template` (required),
	 * the answer's other fields are listed as optional. `recipient`: with it on, the item is the
	 * one shape's recipient (`RECIPIENT_SCHEMA`) with `key_mode`; the other steps describe the
	 * item with it off.
	 */
	simplify?: 'signingRequest' | 'template' | 'recipient';
	/** With `simplify: 'signingRequest'` on: fields the operation adds to the shape (as `fields`). */
	simplified?: Record<string, JsonSchema>;
	/** Items without `key_mode`. */
	keyMode?: false;
	/** Other shapes of item the operation outputs with an option (`when` names it). */
	variants?: Array<OperationOutput & { when: string }>;
}

/** An id of the service (every id is a UUID), in the output schemas (OperationOutput). */
export const ID_OUTPUT: JsonSchema = { type: 'string', format: 'uuid' };

/** `key_mode` in the output schemas (OperationOutput). */
export const KEY_MODE_OUTPUT: JsonSchema = { type: 'string', enum: ['live', 'test'] };

/** A value of one of these schemas, or null (for OperationOutput `fields`). */
export function orNull(...schemas: JsonSchema[]): JsonSchema {
	return { anyOf: [...schemas, { type: 'null' }] };
}

/**
 * The output of every delete: `{ deleted: true, id, …}`. `id` is what identifies the deleted thing
 * (for an email template its type, for signer terms their language; none for the company logo),
 * `scope` names its owner (e.g. `template_id` of a custom field), and what the service answered
 * (a message, a date) follows.
 */
export function deletedItems(
	id: string | undefined,
	body: unknown,
	keyMode: KeyMode,
	scope: IDataObject = {},
): INodeExecutionData[] {
	const answer =
		body && typeof body === 'object' && !Array.isArray(body) ? (body as IDataObject) : {};
	const head: IDataObject = id === undefined ? { deleted: true } : { deleted: true, id };
	return toItems({ ...head, ...scope, ...answer, ...head }, keyMode);
}

/**
 * The output of a delete (`deletedItems`) for its OperationOutput: `deleted`, `id` as `id` says
 * (none for the company logo) and the `scope` fields, with the answer's fields.
 */
export function deletedOutput(
	id: JsonSchema | undefined,
	scope: Record<string, JsonSchema> = {},
): OperationOutput {
	return {
		fields: {
			deleted: { type: 'boolean', enum: [true] },
			...(id === undefined ? {} : { id }),
			...scope,
		},
	};
}

// ---------------------------------------------------------------------------------------------
// Simplify

/** n8n's Simplify toggle, for operations whose answers are large (on by default). */
export const simplifyField: INodeProperties = {
	displayName: 'Simplify',
	name: 'simplify',
	type: 'boolean',
	default: true,
	description: 'Whether to return a simplified version of the response instead of the raw data',
};

/**
 * What a simplified template keeps, in this order (absent keys are skipped): a template's dates
 * as `date_created` / `date_changed` or `created_date` / `updated_date` (both are documented). A
 * signing request is simplified into the one shape of nodes/shared/signingRequest.ts instead.
 */
export const SIMPLE_KEYS = {
	template: [
		'id',
		'name',
		'description',
		'page_count',
		'expiration_hours',
		'date_created',
		'date_changed',
		'created_date',
		'updated_date',
		'document_url',
		'recipients',
	],
} as const;

/** What a simplified template user keeps. */
export const SIMPLE_PERSON_KEYS = [
	'id',
	'name',
	'first_name',
	'last_name',
	'email',
	'designation',
	'order',
	'finished_date',
] as const;

function pick(source: IDataObject, keys: readonly string[]): IDataObject {
	const out: IDataObject = {};
	for (const key of keys) if (source[key] !== undefined) out[key] = source[key];
	return out;
}

/**
 * The essentials of a template (for people and AI agents): identity, dates, links and who signs,
 * without fields, settings and the other nested detail. `key_mode` and `warnings` are kept.
 */
export function simplify(kind: keyof typeof SIMPLE_KEYS, data: IDataObject): IDataObject {
	const out = pick(data, [...SIMPLE_KEYS[kind], 'warnings', 'key_mode']);
	if (Array.isArray(out.recipients)) {
		out.recipients = (out.recipients as unknown[]).map((person) =>
			person && typeof person === 'object' && !Array.isArray(person)
				? pick(person as IDataObject, SIMPLE_PERSON_KEYS)
				: person,
		) as IDataObject[];
	}
	return out;
}

/** Whether the operation's Simplify toggle is on for the item (on by default). */
export function simplifyOn(context: IExecuteFunctions, itemIndex: number): boolean {
	return context.getNodeParameter('simplify', itemIndex, true) !== false;
}

/**
 * A signing request in the one shape (nodes/shared/signingRequest.ts `toSigningRequest`), with
 * the item's `warnings` (when there are any) and `key_mode` after it.
 */
export function signingRequestJson(json: IDataObject, hints?: SigningRequestHints): IDataObject {
	return {
		...toSigningRequest(json, hints),
		...(json.warnings !== undefined ? { warnings: json.warnings } : {}),
		...(json.key_mode !== undefined ? { key_mode: json.key_mode } : {}),
	};
}

/**
 * Output items simplified when the operation's Simplify toggle is on: a template's essentials, or
 * a signing request in the one shape (`hints`: what the operation knows that its answer does not
 * say, see `SigningRequestHints`).
 */
export function simplifyItems(
	context: IExecuteFunctions,
	itemIndex: number,
	kind: keyof typeof SIMPLE_KEYS | 'signingRequest',
	items: INodeExecutionData[],
	hints?: SigningRequestHints,
): INodeExecutionData[] {
	if (!simplifyOn(context, itemIndex)) return items;
	return items.map((item) => ({
		...item,
		json:
			kind === 'signingRequest' ? signingRequestJson(item.json, hints) : simplify(kind, item.json),
	}));
}

// ---------------------------------------------------------------------------------------------
// Unpaginated lists

/**
 * The entries of an unpaginated list answer: `{results: [...]}` (or another key, e.g.
 * `custom_fields`) or a bare array (reminder lists). Any other shape is an error, not an
 * empty list, so a changed answer never passes silently as "nothing found".
 */
export function listEntries(
	context: IExecuteFunctions,
	body: unknown,
	key = 'results',
): IDataObject[] {
	const list = Array.isArray(body)
		? body
		: body && typeof body === 'object' && Array.isArray((body as IDataObject)[key])
			? ((body as IDataObject)[key] as unknown[])
			: undefined;
	if (!list) {
		throw new NodeOperationError(
			context.getNode(),
			'The service answered with an unexpected list format',
			{
				description: `Expected a list (or an object with "${key}"), got: ${JSON.stringify(body)?.slice(0, 200)}`,
			},
		);
	}
	return list.map((entry) =>
		entry && typeof entry === 'object' && !Array.isArray(entry)
			? (entry as IDataObject)
			: { value: entry as IDataObject[string] },
	);
}

/**
 * Return All / Limit of a list the service answers in one piece (no pages): the first `limit`
 * entries, in the service's order, unless Return All is on.
 */
export function limitEntries(
	context: IExecuteFunctions,
	itemIndex: number,
	entries: IDataObject[],
): IDataObject[] {
	if (context.getNodeParameter('returnAll', itemIndex, true) as boolean) return entries;
	const limit = context.getNodeParameter('limit', itemIndex, 50) as number;
	if (!Number.isInteger(limit) || limit < 1) {
		fail(context, '"Limit" must be a whole number of 1 or more', `Got ${String(limit)}.`);
	}
	return entries.slice(0, limit);
}

// ---------------------------------------------------------------------------------------------
// Warnings

/**
 * One shape for the service's warnings: create responses carry `warnings[]`, PATCH a single
 * `warning`, the full update `summary.warnings[]`. All end up in `warnings` (an array, only when
 * there are any); a single `warning` is folded into it and removed.
 */
export function normaliseWarnings(data: IDataObject): IDataObject {
	const out: IDataObject = { ...data };
	const warnings: IDataObject[string][] = [];
	const seen = new Set<string>();
	const add = (value: unknown) => {
		if (Array.isArray(value)) value.forEach(add);
		else if (value !== undefined && value !== null && value !== '') {
			const key = JSON.stringify(value);
			if (seen.has(key)) return;
			seen.add(key);
			warnings.push(value as IDataObject[string]);
		}
	};
	add(out.warnings);
	add(out.warning);
	const summary = out.summary as IDataObject | undefined;
	if (summary && typeof summary === 'object') add(summary.warnings);
	delete out.warning;
	if (warnings.length) out.warnings = warnings;
	else delete out.warnings;
	return out;
}
