import type {
	IExecuteFunctions,
	IHttpRequestMethods,
	INodeExecutionData,
	INodeProperties,
} from 'n8n-workflow';

import type { NodeRun } from '../domain/readBack';
import type { OperationOutput } from '../helpers/output';

/** What every `<operation>.operation.ts` file exports. */
export interface OperationModule {
	meta: OperationMeta;
	/** The operation's parameters, without displayOptions: the resource adds them. */
	description: INodeProperties[];
	/**
	 * Runs the operation for one input item and returns its output items (without pairedItem).
	 * `run`: what this run of the node (all its items) has read, to read it once (domain/readBack.ts).
	 */
	execute(this: IExecuteFunctions, itemIndex: number, run: NodeRun): Promise<INodeExecutionData[]>;
}

export interface OperationMeta {
	/** The operation's value in the node: the API's operationId. */
	value: string;
	/** Shown in the operation dropdown, e.g. "Get Many". */
	name: string;
	/** Shown in the node panel and on the canvas, e.g. "Get many workspaces". */
	action: string;
	/**
	 * The canvas subtitle, when the action is too long for it: n8n 2.41.1 shows 192 px of a
	 * subtitle (13 px InterVariable), about 28 characters, and cuts the rest. A short form of the
	 * action, e.g. "Download the signed PDF" (test/nodes/DocumentSigning/editorText.test.ts).
	 */
	subtitle?: string;
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
