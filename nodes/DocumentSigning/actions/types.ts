import type {
	IExecuteFunctions,
	IHttpRequestMethods,
	INodeExecutionData,
	INodeProperties,
} from 'n8n-workflow';

/** What every `<operation>.operation.ts` file exports. */
export interface OperationModule {
	meta: OperationMeta;
	/** The operation's parameters, without displayOptions: the resource adds them. */
	description: INodeProperties[];
	/** Runs the operation for one input item and returns its output items (without pairedItem). */
	execute(this: IExecuteFunctions, itemIndex: number): Promise<INodeExecutionData[]>;
}

export interface OperationMeta {
	/** The operation's value in the node: the API's operationId. */
	value: string;
	/** Shown in the operation dropdown, e.g. "Get Many". */
	name: string;
	/** Shown in the node panel and on the canvas, e.g. "Get many workspaces". */
	action: string;
	description: string;
	/**
	 * What an AI agent or MCP client is told about the operation when the node runs as a tool
	 * ("Document Signing Tool"): what it does and what it cannot undo, when to use another tool
	 * instead, what it needs (and where to find it), what it returns. It is the default of the
	 * tool's Tool Description field (see toolDescriptionProperties in ./operations.ts). Without it,
	 * n8n tells the model the `action` only ("Get many workspaces in Document Signing").
	 */
	toolDescription?: string;
	/** The API call it makes, e.g. GET /workspaces. */
	method: IHttpRequestMethods;
	path: string;
	/**
	 * Set only on operations that are not one API operation but combine several calls (such as
	 * Send and Wait for Completion). `value` is then not an operationId; `method` and `path` name
	 * the main call and `calls` all of them.
	 */
	composite?: { calls: string[]; reason: string };
	/**
	 * Set only on operations that, besides their own call, may call other operations (through those
	 * operations' meta) to look up what their answer lacks, such as a name for the output file. One
	 * "METHOD /path" per looked-up operation, as in `composite.calls` (see `callName`).
	 */
	lookups?: string[];
	/**
	 * Set only on operations that output a key, secret or token because that is what they are run
	 * for (or when asked to): the output fields that hold it, as n8n's `sensitiveOutputFields` name
	 * them (dot paths from the item's json, `list[*].key` for each entry of a list). The node
	 * declares the union of them all; n8n versions that apply it redact those fields in every view
	 * of an execution.
	 */
	sensitiveOutputFields?: string[];
	/**
	 * How the operation turns the service's answer into its output items, when it does more than
	 * output the answer as one item (with `key_mode`). The build writes the operation's output
	 * schema from it and the documented answer (api/responses.json):
	 * scripts/generate/outputSchemas.js.
	 */
	output?: OperationOutput;
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
	 * the answer's other fields are listed as optional.
	 */
	simplify?: 'signingRequest' | 'template';
	/** With `simplify: 'signingRequest'` on: fields the operation adds to the shape (as `fields`). */
	simplified?: Record<string, JsonSchema>;
	/** Items without `key_mode`. */
	keyMode?: false;
	/** Other shapes of item the operation outputs with an option (`when` names it). */
	variants?: Array<OperationOutput & { when: string }>;
}

/** An operation's call as `composite.calls` and `lookups` name it, e.g. "GET /signing-requests/{id}". */
export function callName(endpoint: Pick<OperationMeta, 'method' | 'path'>): string {
	return `${endpoint.method} ${endpoint.path}`;
}

export interface ResourceModule {
	/** The resource's value in the node, e.g. "workspace". */
	value: string;
	/** Shown in the resource dropdown, e.g. "Workspace". */
	name: string;
	/** The service's area this resource belongs to (service-api.md's groups). */
	area: string;
	operations: Record<string, OperationModule>;
	/** The Operation dropdown of this resource and the fields of every operation. */
	description: INodeProperties[];
}
