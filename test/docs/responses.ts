import { readFileSync } from 'fs';
import * as path from 'path';

import Ajv, { type ErrorObject, type ValidateFunction } from 'ajv';

/**
 * The documented success answers of the service (api/responses.json, described in api/README.md):
 * per operationId of catalogue.json, the success status codes and a JSON Schema (draft-07) of the
 * body, named objects under `definitions`; and the webhook delivery envelope. Kept in the
 * repository as data so the tests read nothing outside it.
 *
 * The schemas say which keys are documented; they do not forbid others (the service may add
 * optional keys: a non-breaking change). `strictSchema` adds `additionalProperties: false` to every
 * object that lists its keys, which is how the tests hold the sandbox to exactly the documented
 * names.
 */

/** A JSON Schema (draft-07) node. */
export type JsonSchema = { [key: string]: unknown };

export interface DocumentedAnswer {
	/** Row label of the operation in the API reference (catalogue.json), e.g. "S4". */
	ref: string;
	method: string;
	/** Path as in catalogue.json, e.g. /signing-requests/{id}. */
	path: string;
	/** Success status codes a receiver must accept. */
	status: number[];
	/** Which document each part comes from, and the choices made where they differ. */
	source: string;
	/** Schema of the success body; `$ref`s point into the document's `definitions`. */
	schema: JsonSchema;
}

export interface ResponsesDocument {
	documents: Record<string, string>;
	operations: Record<string, DocumentedAnswer>;
	/** The body of a webhook delivery (api-reference W.4: the current and the older envelope). */
	webhookDelivery: { source: string; schema: JsonSchema };
	definitions: Record<string, JsonSchema>;
}

export const RESPONSES_PATH = path.join(__dirname, '../../api/responses.json');

export function loadResponses(): ResponsesDocument {
	return JSON.parse(readFileSync(RESPONSES_PATH, 'utf8')) as ResponsesDocument;
}

/**
 * A copy of `schema` in which every object that lists its keys (`properties`) and says nothing
 * of others gets `additionalProperties: false`. Objects documented without keys (`{type:
 * 'object'}`) and those that allow more on purpose (`additionalProperties` present) are left as
 * they are.
 */
export function strictSchema<T>(schema: T): T {
	if (Array.isArray(schema)) return schema.map((s) => strictSchema(s)) as T;
	if (schema === null || typeof schema !== 'object') return schema;
	const out: JsonSchema = {};
	for (const [key, value] of Object.entries(schema as JsonSchema)) {
		if (key === 'enum' || key === 'required') out[key] = value;
		else if (key === 'properties' || key === 'definitions') {
			out[key] = Object.fromEntries(
				Object.entries(value as JsonSchema).map(([name, s]) => [name, strictSchema(s)]),
			);
		} else out[key] = strictSchema(value);
	}
	if ('properties' in out && !('additionalProperties' in out)) out.additionalProperties = false;
	return out as T;
}

const SCHEMA_ID = 'https://n8n-nodes-document-signing.local/responses.json';

/** The `format`s the documents use, checked as the service's values are written. */
const FORMATS: Record<string, RegExp | ((value: string) => boolean)> = {
	uuid: /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i,
	'date-time': /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?(Z|[+-]\d\d:\d\d)$/,
	date: /^\d{4}-\d\d-\d\d$/,
	email: /^[^\s@]+@[^\s@]+\.[^\s@]+$/,
	uri: (value) => {
		try {
			return new URL(value).protocol.length > 1;
		} catch {
			return false;
		}
	},
};

export interface AnswerChecker {
	/** Problems of `body` as the answer of `operationId` (empty when it matches). */
	check(operationId: string, body: unknown): string[];
	/** Problems of `body` as a webhook delivery body. */
	checkDelivery(body: unknown): string[];
}

/** The validator of the tests: strict about the schemas themselves, the documents' formats checked. */
export function schemaValidator(): Ajv {
	const ajv = new Ajv({
		allErrors: true,
		strict: true,
		strictTypes: false,
		strictRequired: false,
		allowUnionTypes: true,
	});
	for (const [name, format] of Object.entries(FORMATS)) {
		ajv.addFormat(name, typeof format === 'function' ? { validate: format } : format);
	}
	return ajv;
}

/** Validates answers against the documented schemas; `strict` applies `strictSchema` to all. */
export function answerChecker(
	doc: ResponsesDocument = loadResponses(),
	options: { strict?: boolean } = {},
): AnswerChecker {
	const ajv = schemaValidator();
	const definitions: Record<string, JsonSchema> = { ...doc.definitions };
	for (const [operationId, op] of Object.entries(doc.operations)) {
		definitions[`__op_${operationId}`] = op.schema;
	}
	definitions.__webhook_delivery = doc.webhookDelivery.schema;
	const root = { $id: SCHEMA_ID, definitions };
	ajv.addSchema(options.strict ? strictSchema(root) : root);
	const compiled = new Map<string, ValidateFunction>();
	const run = (name: string, body: unknown): string[] => {
		let validate = compiled.get(name);
		if (!validate) {
			validate = ajv.getSchema(`${SCHEMA_ID}#/definitions/${name}`);
			if (!validate) throw new Error(`No documented schema for ${name}`);
			compiled.set(name, validate);
		}
		return validate(body) ? [] : describeErrors(validate.errors ?? []);
	};
	return {
		check: (operationId, body) => {
			if (!(operationId in doc.operations)) throw new Error(`Unknown operation ${operationId}`);
			return run(`__op_${operationId}`, body);
		},
		checkDelivery: (body) => run('__webhook_delivery', body),
	};
}

export function describeErrors(errors: ErrorObject[]): string[] {
	const lines = errors
		// anyOf reports each branch's errors and then "must match a schema in anyOf": keep both.
		.map((e) => {
			const where = e.instancePath === '' ? '(body)' : e.instancePath;
			const extra =
				e.keyword === 'additionalProperties'
					? ` "${(e.params as { additionalProperty: string }).additionalProperty}"`
					: e.keyword === 'enum'
						? ` ${JSON.stringify((e.params as { allowedValues: unknown[] }).allowedValues)}`
						: '';
			return `${where} ${e.message}${extra} [${e.schemaPath}]`;
		});
	return [...new Set(lines)];
}

/**
 * The operationId of a concrete request path, e.g. GET /signing-requests/5f…/users →
 * listSigningRequestUsers. Literal segments win over parameters (GET /webhooks/secret-status is
 * getWebhookSecretStatus, not getWebhook).
 */
export function operationOf(
	doc: ResponsesDocument,
	method: string,
	requestPath: string,
): string | undefined {
	const segments = requestPath.replace(/\/+$/, '').split('/');
	let best: { operationId: string; params: number } | undefined;
	for (const [operationId, op] of Object.entries(doc.operations)) {
		if (op.method !== method.toUpperCase()) continue;
		const pattern = op.path.split('/');
		if (pattern.length !== segments.length) continue;
		let params = 0;
		const fits = pattern.every((part, i) => {
			if (/^\{[^}]+\}$/.test(part)) {
				params += 1;
				return segments[i] !== '';
			}
			return part === segments[i];
		});
		if (fits && (!best || params < best.params)) best = { operationId, params };
	}
	return best?.operationId;
}
