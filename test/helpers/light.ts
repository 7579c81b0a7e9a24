/**
 * The light harness: runs a node's `execute()` with a hand-made `IExecuteFunctions` that imports
 * nothing from n8n-core (only n8n-workflow), for the operation tests. What it implements copies
 * n8n-core 2.41's observable behaviour (the parity test, ./light.test.ts, runs the same operations
 * through both harnesses against the sandbox and compares requests, outputs and errors):
 *
 * - parameters: the description's defaults (`NodeHelpers.getNodeParameters`, as `new Workflow`
 *   does), n8n's start check (`NodeHelpers.getNodeParametersIssues`: a missing required
 *   parameter, a picker value failing its mode's regex → "The '…' node has issues: …");
 *   `getNodeParameter` with the fallback argument, a fresh copy of objects, `rawExpressions`, and
 *   `extractValue` (a picker's mode `extractValue` regex, as n8n-core's extract-value.ts);
 * - `getNode` (a copy), `getInputData`, `getExecuteData`, `continueOnFail` (false),
 *   `getExecutionCancelSignal` (a signal, as in a real run), `addExecutionHints`, `logger`,
 *   `getMode` ('manual'), `getWorkflow`;
 * - `getCredentials`: n8n-core's checks (the type declares the credential, the node has it set),
 *   then the credential type's defaults applied to the data;
 * - `helpers.httpRequest` (./light-http.ts), `helpers.prepareBinaryData` /
 *   `getBinaryDataBuffer` / `assertBinaryData` in n8n's default binary mode (base64 in the item).
 *
 * It refuses, with an error saying to use the full runner (`runNode`, ./n8n.ts), what only a
 * whole n8n run proves: expressions (`=…` parameters or credential values), Continue On Fail,
 * the filesystem binary mode (and input binaries stored by id), and any other context method or
 * helper (send-and-wait's `putExecutionToWait`, `getWorkflowDataProxy` for the resume URL, sub-workflows, …).
 */
import './regex-engine';

import path from 'node:path';

import type {
	IBinaryData,
	ICredentialDataDecryptedObject,
	ICredentialType,
	IExecuteData,
	IExecuteFunctions,
	IHttpRequestOptions,
	INode,
	INodeCredentials,
	INodeExecutionData,
	INodeParameters,
	INodeProperties,
	INodeType,
	INodeTypeDescription,
	IVersionedNodeType,
	NodeExecutionHint,
	NodeOutput,
} from 'n8n-workflow';
import {
	ApplicationError,
	BINARY_ENCODING,
	deepCopy,
	executeFilter,
	fileTypeFromMimeType,
	isFilterValue,
	isNodeClassInstance,
	LoggerProxy,
	NodeHelpers,
	NodeOperationError,
	nodeIssuesToString,
	safeRegex,
	UnexpectedError,
	UserError,
	WorkflowOperationError,
} from 'n8n-workflow';

import { DocumentSigningApi } from '../../credentials/DocumentSigningApi.credentials';
import type { CredentialsInput } from './credentials-helper';
import { lightHttpRequest } from './light-http';
import type { HarnessBinaryMode } from './n8n-env';

/** Node type names are prefixed with the package name, as n8n does for community packages. */
export const PACKAGE_NAME = 'n8n-nodes-document-signing';
export const HARNESS_WORKFLOW_ID = 'harness-workflow';

/** Decrypted credential data keyed by credential type name. */

export interface LightRunOptions {
	/** An instance, e.g. `new DocumentSigning()` (a versioned node type is accepted too). */
	node: INodeType | IVersionedNodeType;
	/** Node parameters; no expressions (the full runner evaluates those). */
	parameters: INodeParameters;
	credentials?: CredentialsInput;
	/** Default: `[new DocumentSigningApi()]`. */
	credentialTypes?: ICredentialType[];
	/** Items fed into the node (default `[{ json: {} }]`); binaries inline (default mode). */
	input?: INodeExecutionData[];
	/** Refused: Continue On Fail is n8n's handling, tested with the full runner. */
	continueOnFail?: boolean;
	/** Default: the description's `defaultVersion`, else its highest `version`. */
	typeVersion?: number;
	/** Only 'default' (base64 in the item); 'filesystem' needs the full runner. */
	binaryMode?: HarnessBinaryMode;
}

export interface LightRunResult {
	/** The node's output (one array per output); `[]` when the node threw. */
	output: INodeExecutionData[][];
	/** The error the node threw (the original instance), or n8n's refusal to start. */
	error?: Error;
	/** Everything the node passed to `addExecutionHints`. */
	hints: NodeExecutionHint[];
	/** Requests sent through `httpRequestWithAuthentication` (none: the light harness has no such helper). */
	requests: IHttpRequestOptions[];
}

export interface LightLogEntry {
	level: 'error' | 'warn' | 'info' | 'debug';
	message: string;
	metadata?: unknown;
}

/** What the node logged through `this.logger` in light runs since the last `clearLightLogs()`. */
export const lightLogs: LightLogEntry[] = [];
export function clearLightLogs(): void {
	lightLogs.length = 0;
}

export function defaultVersion(description: INodeTypeDescription): number {
	if (description.defaultVersion !== undefined) return description.defaultVersion;
	const { version } = description;
	return Array.isArray(version) ? Math.max(...version) : (version ?? 1);
}

export function typeNameOf(description: INodeTypeDescription): string {
	return description.name.includes('.') ? description.name : `${PACKAGE_NAME}.${description.name}`;
}

/** Shallow copy of the items so the node can't mutate the test's fixtures. */
export function prepareInput(input?: INodeExecutionData[]): INodeExecutionData[] {
	const items: INodeExecutionData[] = input ?? [{ json: {} }];
	return items.map((item) => ({
		...item,
		json: deepCopy(item.json),
		...(item.binary ? { binary: { ...item.binary } } : {}),
	}));
}

/** The harness's node: what `runNode` puts in its one-node workflow, before defaults. */
export function harnessNode(
	description: INodeTypeDescription,
	opts: {
		parameters?: INodeParameters;
		credentials?: CredentialsInput;
		typeVersion?: number;
		continueOnFail?: boolean;
	},
): INode {
	const credentials: INodeCredentials = {};
	for (const name of Object.keys(opts.credentials ?? {})) {
		credentials[name] = { id: `harness-${name}`, name: `${name} (harness)` };
	}
	return {
		id: 'harness-node',
		name: description.defaults?.name ?? description.displayName,
		type: typeNameOf(description),
		typeVersion: opts.typeVersion ?? defaultVersion(description),
		position: [0, 0],
		parameters: deepCopy(opts.parameters ?? {}),
		credentials,
		...(opts.continueOnFail ? { onError: 'continueRegularOutput' as const } : {}),
	};
}

/** n8n-core's refusal to start a workflow whose nodes have parameter issues (same name and text). */
export class WorkflowHasIssuesError extends WorkflowOperationError {}

/** The refusals raised during the current light run (the node may catch and wrap them). */
let refusals: FullRunnerNeeded[] = [];

class FullRunnerNeeded extends ApplicationError {
	constructor(what: string) {
		super(
			`The light harness does not do ${what}: run this test with the full runner (runNode, or runOperation(…, { full: true }))`,
		);
		refusals.push(this);
	}
}

/** Where a value holds an n8n expression (a string starting with '='), if anywhere. */
export function findExpression(value: unknown, at = ''): string | undefined {
	if (typeof value === 'string') return value.startsWith('=') ? at || '(value)' : undefined;
	if (Array.isArray(value)) {
		for (const [index, entry] of value.entries()) {
			const found = findExpression(entry, `${at}[${index}]`);
			if (found) return found;
		}
		return undefined;
	}
	if (value && typeof value === 'object') {
		for (const [key, entry] of Object.entries(value)) {
			const found = findExpression(entry, at ? `${at}.${key}` : key);
			if (found) return found;
		}
	}
	return undefined;
}

/** Why the light harness cannot run these options faithfully, if it cannot. */
export function lightRefusal(opts: LightRunOptions): string | undefined {
	const expression = findExpression(opts.parameters);
	if (expression) return `expressions (parameter ${expression})`;
	const credentialExpression = findExpression(opts.credentials ?? {});
	if (credentialExpression) return `expressions in credentials (${credentialExpression})`;
	if (opts.continueOnFail) return 'Continue On Fail';
	if (opts.binaryMode === 'filesystem') return "the 'filesystem' binary mode";
	for (const item of opts.input ?? []) {
		for (const [name, binary] of Object.entries(item.binary ?? {})) {
			if (binary.id) return `binaries stored by id (input binary "${name}": ${binary.id})`;
		}
	}
	return undefined;
}

/** lodash `get` for the paths nodes pass ('options', 'options.limit', 'values[0].name'). */
function getPath(object: unknown, parameterPath: string, fallback: unknown): unknown {
	const keys = parameterPath.replace(/\[(\d+)\]/g, '.$1').split('.');
	let current: unknown = object;
	for (const key of keys) {
		if (current === null || current === undefined) return fallback;
		current = (current as Record<string, unknown>)[key];
	}
	return current === undefined ? fallback : current;
}

// --- extractValue (n8n-core execution-engine/node-execution-context/utils/extract-value.ts) ---

function typeNameOfValue(value: unknown): string {
	if (value === null) return 'null';
	return (
		(value as { constructor?: { name?: string } } | undefined)?.constructor?.name ?? 'undefined'
	);
}

function regexPatternAndFlags(regex: string | RegExp): { pattern: string; flags?: string } {
	return typeof regex === 'string'
		? { pattern: regex, flags: undefined }
		: { pattern: regex.source, flags: regex.flags };
}

function executeRegexExtractValue(
	value: string,
	regex: string,
	flags: string | undefined,
	parameterName: string,
	parameterDisplayName: string,
): string {
	const extracted = safeRegex.exec(regex, value, flags);
	if (!extracted) {
		throw new WorkflowOperationError(
			`ERROR: ${parameterDisplayName} parameter's value is invalid. This is likely because the URL entered is incorrect`,
		);
	}
	if (extracted.length !== 2) {
		throw new WorkflowOperationError(
			`Property "${parameterName}" has an invalid extractValue regex "${regex}". extractValue expects exactly one group to be returned.`,
		);
	}
	return extracted[1];
}

function extractValueRLC(
	value: unknown,
	property: INodeProperties,
	parameterName: string,
): unknown {
	if (typeof value !== 'object' || !value || !('mode' in value) || !('value' in value)) {
		return value;
	}
	const locator = value as { mode: string; value: unknown };
	const modeProp = (property.modes ?? []).find((mode) => mode.name === locator.mode);
	if (!modeProp) return locator.value;
	if (!('extractValue' in modeProp) || !modeProp.extractValue) return locator.value;
	if (typeof locator.value !== 'string') {
		LoggerProxy.error(
			`Only strings can be passed to extractValue. Parameter "${parameterName}" passed "${typeNameOfValue(locator.value)}"`,
		);
		throw new UserError("ERROR: This parameter's value is invalid. Please enter a valid mode.", {
			extra: { parameter: property.displayName, modeProp: modeProp.displayName },
		});
	}
	if (modeProp.extractValue.type !== 'regex') {
		throw new UnexpectedError('Property with unknown `extractValue`', {
			extra: { parameter: parameterName, extractValueType: modeProp.extractValue.type },
		});
	}
	const { pattern, flags } = regexPatternAndFlags(modeProp.extractValue.regex);
	return executeRegexExtractValue(
		locator.value,
		pattern,
		flags,
		parameterName,
		property.displayName,
	);
}

function extractValueOther(
	value: unknown,
	property: INodeProperties,
	parameterName: string,
): unknown {
	if (!('extractValue' in property) || !property.extractValue) return value;
	if (typeof value !== 'string') {
		LoggerProxy.error(
			`Only strings can be passed to extractValue. Parameter "${parameterName}" passed "${typeNameOfValue(value)}"`,
		);
		throw new UserError("This parameter's value is invalid", {
			extra: { parameter: property.displayName },
		});
	}
	if (property.extractValue.type !== 'regex') {
		throw new UnexpectedError('Property with unknown `extractValue`', {
			extra: { parameter: parameterName, extractValueType: property.extractValue.type },
		});
	}
	const { pattern, flags } = regexPatternAndFlags(property.extractValue.regex);
	return executeRegexExtractValue(value, pattern, flags, parameterName, property.displayName);
}

function extractValue(
	value: unknown,
	parameterName: string,
	node: INode,
	description: INodeTypeDescription,
	itemIndex: number,
): unknown {
	try {
		const property = NodeHelpers.findDisplayedProperty(
			parameterName,
			description.properties,
			node.parameters,
			node,
			description,
		);
		if (!property) {
			throw new UserError('Could not find property', { extra: { parameterName } });
		}
		if (!('type' in property)) return value;
		if (property.type === 'resourceLocator') {
			return extractValueRLC(value, property, parameterName);
		}
		if (property.type === 'filter') {
			if (!isFilterValue(value)) return value;
			if (property.extractValue?.type) {
				throw new UserError(
					`Property "${parameterName}" has an invalid extractValue type. Filter parameters only support extractValue: true`,
					{ extra: { parameter: parameterName } },
				);
			}
			return executeFilter(value, { itemIndex });
		}
		return extractValueOther(value, property, parameterName);
	} catch (error) {
		throw new NodeOperationError(node, error as Error, {
			description: (error as { description?: string }).description,
		});
	}
}

// --- binary data in n8n's default mode (n8n-core binary-helper-functions + BinaryDataService) ---

/** `mime-types` `extension()` for the types nodes hand to prepareBinaryData. */
const EXTENSIONS: Record<string, string> = {
	'application/pdf': 'pdf',
	'image/png': 'png',
	'image/jpeg': 'jpg',
	'image/gif': 'gif',
	'image/svg+xml': 'svg',
	'image/webp': 'webp',
	'image/bmp': 'bmp',
	'image/tiff': 'tif',
	'text/plain': 'txt',
	'text/csv': 'csv',
	'text/html': 'html',
	'application/json': 'json',
	'application/octet-stream': 'bin',
	'application/zip': 'zip',
	'application/msword': 'doc',
	'application/vnd.openxmlformats-officedocument.wordprocessingml.document': 'docx',
};

/** `pretty-bytes` 5 with its defaults (what n8n shows as `fileSize`). */
export function prettyBytes(bytes: number): string {
	const units = ['B', 'kB', 'MB', 'GB', 'TB', 'PB', 'EB', 'ZB', 'YB'];
	if (bytes < 1) return `${bytes} B`;
	const exponent = Math.min(Math.floor(Math.log10(bytes) / 3), units.length - 1);
	return `${Number((bytes / Math.pow(1000, exponent)).toPrecision(3))} ${units[exponent]}`;
}

/** n8n-core's `prepareBinaryData` for a Buffer, stored the default way (base64 in the item). */
export async function prepareBinaryDataLight(
	data: Buffer,
	filePath?: string,
	mimeType?: string,
): Promise<IBinaryData> {
	if (!Buffer.isBuffer(data)) {
		throw new FullRunnerNeeded('prepareBinaryData of a stream or an HTTP response');
	}
	let type = mimeType;
	if (!type) {
		const fromName = filePath ? path.extname(filePath).slice(1).toLowerCase() : '';
		type = Object.entries(EXTENSIONS).find(([, extension]) => extension === fromName)?.[0];
		if (!type) {
			throw new FullRunnerNeeded(
				`MIME type detection (prepareBinaryData without a MIME type for "${filePath ?? ''}")`,
			);
		}
	}
	// mime-types' extension(), which the file name's own extension then overrides.
	const fileExtension: string | undefined = EXTENSIONS[type.split(';')[0].trim().toLowerCase()];
	if (fileExtension === undefined && !path.extname(filePath ?? '')) {
		throw new FullRunnerNeeded(
			`the file extension of MIME type "${type}" (add it to the light harness's table)`,
		);
	}
	const returnData: IBinaryData = {
		mimeType: type,
		fileType: fileTypeFromMimeType(type),
		fileExtension,
		data: '',
	};
	if (filePath) {
		const parts = path.parse(filePath);
		if (parts.dir !== '') returnData.directory = parts.dir;
		returnData.fileName = parts.base;
		const extension = parts.ext.slice(1);
		if (extension) returnData.fileExtension = extension;
	}
	returnData.data = data.toString(BINARY_ENCODING);
	returnData.fileSize = prettyBytes(data.length);
	returnData.bytes = data.length;
	return returnData;
}

/** n8n-core's `getBinaryDataBuffer` for an inline (default mode) binary. */
export function binaryBufferLight(binary: IBinaryData): Buffer {
	if (binary.id) throw new FullRunnerNeeded(`reading a binary stored by id (${binary.id})`);
	return Buffer.from(binary.data, BINARY_ENCODING);
}

// --- the context ---

interface LightState {
	node: INode;
	nodeType: INodeType;
	items: INodeExecutionData[];
	credentials: CredentialsInput;
	credentialTypes: Map<string, ICredentialType>;
	hints: NodeExecutionHint[];
	abort: AbortController;
}

function credentialProperties(
	types: Map<string, ICredentialType>,
	name: string,
): INodeProperties[] {
	const type = types.get(name);
	if (!type) {
		throw new ApplicationError(
			`Unknown credential type "${name}" (pass it in credentialTypes to the harness)`,
		);
	}
	if (type.extends === undefined) return type.properties;
	const combined: INodeProperties[] = [];
	for (const parent of type.extends) {
		NodeHelpers.mergeNodeProperties(combined, credentialProperties(types, parent));
	}
	NodeHelpers.mergeNodeProperties(combined, type.properties);
	return combined;
}

/** n8n-core's `_getCredentials` checks, then CredentialsHelper's defaults. */
async function getCredentialsLight(
	state: LightState,
	type: string,
): Promise<ICredentialDataDecryptedObject> {
	const { node, nodeType } = state;
	const type_ = state.credentialTypes.get(type);
	if (type_?.restrictToSupportedNodes && !type_.supportedNodes?.includes(node.type)) {
		throw new NodeOperationError(node, `The credential type "${type}" cannot be used by this node`);
	}
	const declared = nodeType.description.credentials;
	if (declared === undefined) {
		throw new NodeOperationError(
			node,
			`Node type "${node.type}" does not have any credentials defined`,
			{
				level: 'warning',
			},
		);
	}
	const description = declared.find((entry) => entry.name === type);
	if (description === undefined) {
		throw new NodeOperationError(
			node,
			`Node type "${node.type}" does not have any credentials of type "${type}" defined`,
			{ level: 'warning' },
		);
	}
	if (
		!NodeHelpers.displayParameter(
			node.parameters,
			description,
			node,
			nodeType.description,
			node.parameters,
		)
	) {
		throw new NodeOperationError(node, 'Credentials not found');
	}
	if (!node.credentials?.[type]) {
		if (description.required === true) {
			throw new NodeOperationError(
				node,
				node.credentials && Object.keys(node.credentials).length > 0
					? `Node does not have any credentials set for "${type}"`
					: 'Node does not have any credentials set',
				{ level: 'warning' },
			);
		}
		throw new NodeOperationError(node, 'Node does not require credentials');
	}
	const stored = state.credentials[type];
	if (stored === undefined) {
		throw new ApplicationError(
			`No credentials of type "${type}" were given to the harness (credentials option)`,
		);
	}
	const withDefaults = NodeHelpers.getNodeParameters(
		credentialProperties(state.credentialTypes, type),
		deepCopy(stored) as INodeParameters,
		true,
		false,
		null,
		null,
	) as ICredentialDataDecryptedObject;
	if (stored.oauthTokenData !== undefined) {
		withDefaults.oauthTokenData = stored.oauthTokenData as ICredentialDataDecryptedObject[string];
	}
	return withDefaults;
}

function createLogger() {
	const record = (level: LightLogEntry['level']) => (message: string, metadata?: unknown) => {
		lightLogs.push({ level, message, metadata });
	};
	return {
		error: record('error'),
		warn: record('warn'),
		info: record('info'),
		debug: record('debug'),
	};
}

/** Anything not implemented here throws instead of answering something n8n would not. */
function strict<T extends object>(target: T, what: string): T {
	return new Proxy(target, {
		get(object, property, receiver) {
			if (typeof property === 'symbol' || property in object) {
				return Reflect.get(object, property, receiver);
			}
			if (property === 'then' || property === 'toJSON' || property === 'asymmetricMatch') {
				return undefined;
			}
			throw new FullRunnerNeeded(`${what}${property}`);
		},
	});
}

function createContext(state: LightState): IExecuteFunctions {
	const { node, items } = state;
	const description = state.nodeType.description;
	const inputData = { main: [items] };
	const executeData: IExecuteData = { node, data: inputData, source: null };

	const helpers = {
		httpRequest: async (options: IHttpRequestOptions) => await lightHttpRequest(options),
		prepareBinaryData: async (data: Buffer, filePath?: string, mimeType?: string) =>
			await prepareBinaryDataLight(data, filePath, mimeType),
		getBinaryDataBuffer: async (
			itemIndex: number,
			propertyName: string | IBinaryData,
			inputIndex = 0,
		) => {
			const binary =
				typeof propertyName === 'string'
					? inputData.main[inputIndex][itemIndex].binary![propertyName]
					: propertyName;
			return binaryBufferLight(binary);
		},
		assertBinaryData: (itemIndex: number, parameterData: string | IBinaryData, inputIndex = 0) => {
			if (typeof parameterData !== 'string') return parameterData;
			const item = inputData.main[inputIndex]?.[itemIndex];
			if (item?.binary === undefined) {
				throw new NodeOperationError(node, 'No binary data exists on item!', { itemIndex });
			}
			const binary = item.binary[parameterData];
			if (binary === undefined) {
				throw new NodeOperationError(
					node,
					`Item has no binary property called "${parameterData}"`,
					{ itemIndex },
				);
			}
			return binary;
		},
	};

	const context = {
		logger: createLogger(),
		helpers: strict(helpers, 'helpers.'),
		getNode: () => deepCopy(node),
		getInputData: (inputIndex = 0, connectionType = 'main') =>
			connectionType === 'main' ? (inputData.main[inputIndex] ?? []) : [],
		getExecuteData: () => executeData,
		getMode: () => 'manual',
		getWorkflow: () => ({ id: HARNESS_WORKFLOW_ID, name: 'Harness workflow', active: false }),
		continueOnFail: () => false,
		getExecutionCancelSignal: () => state.abort.signal,
		addExecutionHints: (...hints: NodeExecutionHint[]) => {
			state.hints.push(...hints);
		},
		getCredentials: async (type: string) => await getCredentialsLight(state, type),
		getNodeParameter(
			parameterName: string,
			itemIndex: number,
			fallbackValue?: unknown,
			options?: {
				extractValue?: boolean;
				rawExpressions?: boolean;
				ensureType?: string;
				contextNode?: unknown;
				skipValidation?: boolean;
			},
		): unknown {
			const value = getPath(node.parameters, parameterName, fallbackValue);
			if (value === undefined) {
				throw new UserError(`Could not get parameter "${parameterName}"`, {
					extra: { parameterName },
				});
			}
			if (options?.rawExpressions) return value;
			if (options?.ensureType || options?.contextNode) {
				throw new FullRunnerNeeded('getNodeParameter with ensureType or contextNode');
			}
			// n8n resolves the value through its expression engine, which hands back new objects.
			let returnData: unknown =
				typeof value === 'object' && value !== null ? deepCopy(value) : value;
			if (options?.extractValue) {
				returnData = extractValue(returnData, parameterName, node, description, itemIndex);
			}
			return returnData;
		},
	};
	return strict(context, '') as unknown as IExecuteFunctions;
}

/** Checks the light harness cannot mirror: a description using n8n's value validation. */
function usesSchemaValidation(properties: INodeProperties[]): boolean {
	return properties.some(
		(property) =>
			property.validateType !== undefined ||
			property.type === 'resourceMapper' ||
			(Array.isArray(property.options) &&
				property.options.some((option) =>
					'values' in option
						? usesSchemaValidation(option.values)
						: 'type' in option && (option as INodeProperties).validateType !== undefined,
				)),
	);
}

const schemaValidation = new WeakMap<INodeTypeDescription, boolean>();

/** Runs the node's `execute()` in the light context. Never throws for node errors. */
export async function runLight(opts: LightRunOptions): Promise<LightRunResult> {
	const refusal = lightRefusal(opts);
	if (refusal) throw new FullRunnerNeeded(refusal);

	const nodeType = NodeHelpers.getVersionedNodeType(opts.node, opts.typeVersion);
	const { description } = nodeType;
	let validates = schemaValidation.get(description);
	if (validates === undefined) {
		validates = usesSchemaValidation(description.properties);
		schemaValidation.set(description, validates);
	}
	if (validates) {
		throw new FullRunnerNeeded("n8n's validateType / resource mapper checks");
	}
	const node = harnessNode(description, opts);
	node.parameters =
		NodeHelpers.getNodeParameters(
			description.properties,
			node.parameters,
			true,
			false,
			node,
			description,
		) ?? {};

	// WorkflowExecute.checkReadyForExecution: n8n refuses to start a node with parameter issues.
	const issues = NodeHelpers.getNodeParametersIssues(description.properties, node, description, []);
	if (issues !== null) {
		const bullets = nodeIssuesToString(issues, node)
			.map((message) => `- ${message}`)
			.join('\n');
		const error = new WorkflowHasIssuesError(`The '${node.name}' node has issues:\n${bullets}`);
		return { output: [], error, hints: [], requests: [] };
	}

	const credentialTypes = new Map<string, ICredentialType>();
	for (const type of opts.credentialTypes ?? [new DocumentSigningApi()]) {
		credentialTypes.set(type.name, type);
	}
	const state: LightState = {
		node,
		nodeType,
		items: prepareInput(opts.input),
		credentials: deepCopy(opts.credentials ?? {}),
		credentialTypes,
		hints: [],
		abort: new AbortController(),
	};
	const context = createContext(state);
	refusals = [];
	const execute = nodeType.execute as ((...args: unknown[]) => Promise<NodeOutput>) | undefined;
	if (!execute) throw new FullRunnerNeeded('declarative (routing) nodes');
	try {
		const data = (
			isNodeClassInstance(nodeType)
				? await execute.call(nodeType, context)
				: await execute.call(context)
		) as INodeExecutionData[][] | null;
		if (refusals.length) throw refusals[0];
		const output = (data ?? []).map((items) => items ?? []);
		return { output, hints: state.hints, requests: [] };
	} catch (error) {
		// The node met something only a whole n8n run does: fail the test, not the run.
		if (refusals.length) throw refusals[0];
		return { output: [], error: error as Error, hints: state.hints, requests: [] };
	}
}
