// @ts-check
/**
 * The output schemas of the action node, for n8n's schema preview: n8n's editor shows the fields
 * of a node that has not run yet to the next node when the node ships a JSON Schema of its output
 * for the chosen resource and operation. n8n 2.41.1 serves
 * `<folder of the node's file>/__schema__/v<version as x.y.z>/<resource>/<operation>.json` at
 * `/schemas/<node type>/<x.y.z>/<resource>/<operation>.json` (n8n `server.ts`, n8n-core
 * `resolveOutputSchemaPath`; the editor asks with the node's `resource` and `operation` parameter
 * values and the version padded to x.y.z), and the editor takes a schema with `type` and
 * non-empty `properties` (test/kit/editorSchema.ts; test/e2e/n8n.e2e.ts asks a real n8n).
 *
 * One file per operation of the action node (trigger nodes get no preview), written from:
 * - the documented answer of the operation (api/responses.json, by operationId = the
 *   operation's value), and
 * - the operation's `meta.output` (nodes/DocumentSigning/helpers/output.ts `OperationOutput`): how
 *   the node turns the answer into items (one per list entry, fields it adds or leaves out,
 *   Simplify, …).
 * test/nodes/DocumentSigning/outputSchemas.test.ts checks the files; the operation tests validate
 * every output item they see against its operation's schema (test/kit/outputs.ts).
 *
 * A file describes the output with Simplify on (the default). An operation that outputs a signing
 * request then outputs the one shape of nodes/shared/signingRequest.ts whatever the answer, so its
 * file is that shape (`SIGNING_REQUEST_SCHEMA`) with the operation's own fields; the schema of
 * its item with Simplify off (the answer) is made too, as `raw`, for the tests only. Get
 * Recipients' items are, likewise, the one shape's recipient (`RECIPIENT_SCHEMA`).
 *
 * The schemas follow the documented answers: objects list their documented keys and do not forbid
 * others (the service may add optional keys). Where the answer has documented alternatives, the
 * schema is an `anyOf` of the items made from each, with the union of their fields as `type` and
 * `properties` next to it, which is what the editor reads (it reads no `$ref`, `anyOf` or `required`).
 *
 * How n8n 2.41.1's editor turns a schema into fields (n8n-editor-ui `getSchemaForJsonSchema`): it
 * shows an object's `properties` only when `type` is exactly "object", an array's `items` (as
 * `[0]`) only when `type` is exactly "array", and otherwise the first `type` of a list. So a
 * value that may also be null is written `type: "object"` (or "array") with `nullable: true`
 * (OpenAPI's keyword, which Ajv applies) rather than `["object", "null"]`, under which the editor
 * would show the field without its fields; scalars keep `["string", "null"]` (shown as string).
 * test/kit/editorSchema.ts is a copy of that function for the tests.
 */
const { readFileSync } = require('node:fs');
const path = require('node:path');

const RESPONSES = path.join(__dirname, '../../api/responses.json');
const NODE_DIR = 'nodes/DocumentSigning';

/** @typedef {{ [keyword: string]: any }} Schema */
/** @typedef {import('../../nodes/DocumentSigning/helpers/output').OperationOutput} OperationOutput */

/** @param {unknown} value @returns {value is Schema} */
const isObject = (value) => !!value && typeof value === 'object' && !Array.isArray(value);

/** @template T @param {T} value @returns {T} */
const copy = (value) => JSON.parse(JSON.stringify(value));

/**
 * A schema as text that does not depend on the order of its keys or of `required`.
 * @param {unknown} schema
 * @returns {string}
 */
function canonical(schema) {
	if (Array.isArray(schema)) return `[${schema.map(canonical).join(',')}]`;
	if (!isObject(schema)) return JSON.stringify(schema);
	return `{${Object.keys(schema)
		.sort()
		.map((key) => {
			const value =
				key === 'required' && Array.isArray(schema[key]) ? [...schema[key]].sort() : schema[key];
			return `${JSON.stringify(key)}:${canonical(value)}`;
		})
		.join(',')}}`;
}

/** @param {Schema[]} schemas the distinct ones, the first of equal ones, in order */
function distinct(schemas) {
	/** @type {Map<string, Schema>} */
	const byText = new Map();
	for (const schema of schemas) {
		const text = canonical(schema);
		if (!byText.has(text)) byText.set(text, schema);
	}
	return [...byText.values()];
}

/**
 * The `$ref`s of responses.json (and of `meta.output` fields) resolved: each replaced by what it
 * points at, any JSON pointer into the document. The documents' `description`s (notes on which
 * document a schema follows) are left out; those of `meta.output` fields are kept.
 * @param {Schema} doc
 */
function inliner(doc) {
	/** @param {string} pointer */
	const at = (pointer) => {
		if (!pointer.startsWith('#/')) throw new Error(`Only local $refs are resolved, not ${pointer}`);
		/** @type {any} */
		let node = doc;
		for (const part of pointer.slice(2).split('/')) {
			node = isObject(node) ? node[part.replace(/~1/g, '/').replace(/~0/g, '~')] : undefined;
			if (node === undefined) throw new Error(`${pointer} is not in api/responses.json`);
		}
		return node;
	};
	/**
	 * @param {any} schema
	 * @param {{ documented: boolean, refs: string[] }} where
	 * @returns {any}
	 */
	const inline = (schema, where) => {
		if (Array.isArray(schema)) return schema.map((s) => inline(s, where));
		if (!isObject(schema)) return schema;
		/** @type {Schema} */
		let out = {};
		if (typeof schema.$ref === 'string') {
			if (where.refs.includes(schema.$ref))
				throw new Error(`$ref cycle: ${[...where.refs, schema.$ref].join(' → ')}`);
			out = inline(at(schema.$ref), { documented: true, refs: [...where.refs, schema.$ref] });
		}
		for (const [key, value] of Object.entries(schema)) {
			if (key === '$ref' || key === '$comment') continue;
			if (key === 'description' && where.documented) continue;
			out[key] =
				key === 'properties' || key === 'definitions'
					? Object.fromEntries(Object.entries(value).map(([n, s]) => [n, inline(s, where)]))
					: key === 'enum' || key === 'required'
						? value
						: inline(value, where);
		}
		return out;
	};
	return {
		/** @param {string} operationId */
		answer: (operationId) => {
			const op = doc.operations[operationId];
			if (!op) throw new Error(`No documented answer for ${operationId}`);
			return inline(op.schema, { documented: true, refs: [] });
		},
		/** @param {Schema} schema a schema of `meta.output` */
		own: (schema) => inline(schema, { documented: false, refs: [] }),
	};
}

/**
 * The documented alternatives of an answer (an `anyOf` of objects), or the answer itself.
 * @param {Schema} schema
 * @returns {Schema[]}
 */
function alternatives(schema) {
	if (Array.isArray(schema.anyOf) && schema.type === undefined && !schema.properties) {
		return schema.anyOf.flatMap(alternatives);
	}
	return [schema];
}

/**
 * Applies `keep` to the `required` of an object and of the constraint-only alternatives next to
 * its properties (such as a template's `anyOf: [{required: [date_created]}, {required:
 * [created_date]}]`).
 * @param {Schema} object
 * @param {(name: string) => boolean} keep
 */
function filterRequired(object, keep) {
	if (Array.isArray(object.required)) {
		object.required = object.required.filter(keep);
		if (object.required.length === 0) delete object.required;
	}
	for (const branch of object.anyOf ?? []) {
		if (isObject(branch) && !branch.properties && !branch.type) filterRequired(branch, keep);
	}
}

/** @param {Schema} object @param {string} name */
function addRequired(object, name) {
	object.required = [...new Set([...(object.required ?? []), name])];
}

/**
 * @param {Schema} schema
 * @param {string} what for errors
 */
function objectOf(schema, what) {
	if (!isObject(schema.properties)) {
		throw new Error(
			`${what}: expected an object with documented fields, got ${JSON.stringify(schema).slice(0, 120)}`,
		);
	}
	return schema;
}

/**
 * The schema of one output item of an operation, with Simplify on (`simplified`, the default and
 * what the build ships) or off (`raw`, for the tests: it differs only for the operations that
 * output a signing request in the one shape).
 * @param {{ value: string, output?: OperationOutput }} meta
 * @param {{ inline: ReturnType<typeof inliner>, simpleKeys: Record<string, readonly string[]>, simplePersonKeys: readonly string[], keyMode: Schema, signingRequest: Schema, recipient: Schema }} context
 * @param {'simplified' | 'raw'} mode
 */
function itemSchema(meta, context, mode = 'simplified') {
	const output = meta.output ?? {};
	const shapes = [output, ...(output.variants ?? [])].flatMap((shape) =>
		mode === 'simplified' && shape.simplify === 'signingRequest'
			? [signingRequestItem(meta, shape, context)]
			: mode === 'simplified' && shape.simplify === 'recipient'
				? [recipientItem(shape, context)]
				: itemAlternatives(meta, shape, context),
	);
	return shapes.length === 1 ? shapes[0] : { anyOf: distinct(shapes) };
}

/**
 * A signing request in the one shape (nodes/shared/signingRequest.ts `SIGNING_REQUEST_SCHEMA`),
 * whatever the answer: with the answer's `warnings` (as the item without Simplify has them; not in
 * every item), the operation's `simplified` fields and `key_mode`.
 * @param {{ value: string }} meta
 * @param {OperationOutput} shape
 * @param {Parameters<typeof itemSchema>[1]} context
 * @returns {Schema}
 */
function signingRequestItem(meta, shape, context) {
	const item = copy(context.signingRequest);
	if (shape.warnings) {
		const kinds = distinct(
			itemAlternatives(meta, shape, context)
				.map((raw) => raw.properties.warnings)
				.filter(isObject),
		);
		if (kinds.length) item.properties.warnings = kinds.length === 1 ? kinds[0] : { anyOf: kinds };
	}
	for (const [spec, schema] of Object.entries(shape.simplified ?? {})) {
		const optional = spec.endsWith('?');
		const name = optional ? spec.slice(0, -1) : spec;
		item.properties[name] = context.inline.own(schema);
		if (!optional) addRequired(item, name);
	}
	if (shape.keyMode !== false) {
		item.properties.key_mode = context.keyMode;
		addRequired(item, 'key_mode');
	}
	return item;
}

/**
 * A recipient in the one shape (nodes/shared/signingRequest.ts `RECIPIENT_SCHEMA`), whatever the
 * answer, with `key_mode` (Get Recipients with Simplify on).
 * @param {OperationOutput} shape
 * @param {Parameters<typeof itemSchema>[1]} context
 * @returns {Schema}
 */
function recipientItem(shape, context) {
	const item = copy(context.recipient);
	if (shape.keyMode !== false) {
		item.properties.key_mode = context.keyMode;
		addRequired(item, 'key_mode');
	}
	return item;
}

/**
 * The items of an operation's answer (each documented alternative) as `shape` describes them,
 * without Simplify for a signing request (`signingRequestItem` is that).
 * @param {{ value: string }} meta
 * @param {OperationOutput} shape
 * @param {Parameters<typeof itemSchema>[1]} context
 * @returns {Schema[]}
 */
function itemAlternatives(meta, shape, { inline, simpleKeys, simplePersonKeys, keyMode }) {
	const what = meta.value;
	/** @type {Schema[]} */
	let items =
		shape.answer === false
			? [{ type: 'object', properties: {} }]
			: alternatives(inline.answer(meta.value));

	if (shape.unwrap) {
		const key = shape.unwrap;
		items = items.map((answer) => {
			const inner = answer.properties?.[key];
			if (!inner) return answer;
			const rest = copy(answer);
			delete rest.properties[key];
			const item = copy(objectOf(inner, `${what}: unwrap ${key}`));
			item.properties = { ...item.properties, ...rest.properties };
			for (const name of rest.required ?? []) if (name !== key) addRequired(item, name);
			return item;
		});
	}
	if (shape.entries) {
		const key = shape.entries;
		items = items.flatMap((answer) => {
			const list = key === '[]' ? answer : answer.properties?.[key];
			const entry =
				list?.type === 'array'
					? list.items
					: isObject(list?.additionalProperties)
						? list.additionalProperties
						: undefined;
			if (!entry) throw new Error(`${what}: the answer has no list "${key}"`);
			return alternatives(entry);
		});
	}

	// A field to leave out or require is one of the answer (of one of its alternatives at least).
	for (const name of [...(shape.omit ?? []), ...(shape.require ?? [])]) {
		if (!items.some((answer) => answer.properties && name in answer.properties)) {
			throw new Error(`${what}: "${name}" is not a field of the documented answer`);
		}
	}
	return items.map((answer) => {
		const item = copy(objectOf(answer, what));
		item.type = 'object';
		const props = item.properties;
		for (const name of shape.omit ?? []) delete props[name];
		if (shape.omit) filterRequired(item, (name) => !shape.omit?.includes(name));
		if (shape.warnings) {
			// helpers/output.ts normaliseWarnings: warnings[], warning and summary.warnings[] in one
			// `warnings` array, present only when there are any.
			const sources = [
				props.warnings?.items,
				props.warning,
				props.summary?.properties?.warnings?.items,
			].filter(isObject);
			delete props.warning;
			delete props.warnings;
			filterRequired(item, (name) => name !== 'warning' && name !== 'warnings');
			if (sources.length) {
				const kinds = distinct(sources);
				props.warnings = {
					type: 'array',
					items: kinds.length === 1 ? kinds[0] : { anyOf: kinds },
				};
			}
		}
		for (const name of shape.require ?? []) if (name in props) addRequired(item, name);
		for (const [spec, schema] of Object.entries(shape.fields ?? {})) {
			const optional = spec.endsWith('?');
			const name = optional ? spec.slice(0, -1) : spec;
			props[name] = inline.own(schema);
			if (optional) filterRequired(item, (n) => n !== name);
			else addRequired(item, name);
		}
		if (shape.simplify === 'template') {
			// helpers/output.ts simplify: with Simplify on (the default) only these fields are output;
			// the others are there with it off.
			const keep = [...simpleKeys[shape.simplify], 'warnings', 'key_mode'];
			filterRequired(item, (name) => keep.includes(name));
			const person = props.recipients?.items;
			if (isObject(person) && person.properties) {
				filterRequired(person, (name) => simplePersonKeys.includes(name));
			}
		}
		if (shape.keyMode !== false) {
			props.key_mode = keyMode;
			addRequired(item, 'key_mode');
		}
		if (Object.keys(props).length === 0) throw new Error(`${what}: an item without fields`);
		return item;
	});
}

/** The types a schema accepts, or undefined when it does not say. */
function typesOf(/** @type {Schema} */ schema) {
	/** @type {string[] | undefined} */
	let types;
	if (typeof schema.type === 'string') types = [schema.type];
	else if (Array.isArray(schema.type)) types = schema.type;
	else if (schema.properties) types = ['object'];
	return types && schema.nullable === true ? [...types, 'null'] : types;
}

/**
 * The form n8n's editor reads: where a value may take one of several forms (`anyOf`), the union
 * of their types as `type` and, for objects, the union of their fields as `properties`, next to
 * the `anyOf` (which validation still applies). Nullable types name `null` last: the editor shows
 * the first.
 * @param {any} schema
 * @returns {any}
 */
function forEditor(schema) {
	if (Array.isArray(schema)) return schema.map(forEditor);
	if (!isObject(schema)) return schema;
	/** @type {Schema} */
	const out = {};
	for (const [key, value] of Object.entries(schema)) {
		out[key] =
			key === 'properties'
				? Object.fromEntries(Object.entries(value).map(([n, s]) => [n, forEditor(s)]))
				: key === 'enum' || key === 'required'
					? value
					: forEditor(value);
	}
	if (Array.isArray(out.anyOf)) out.anyOf = distinct(out.anyOf);
	const plain = out.anyOf && plainUnion(out.anyOf);
	if (plain && Object.keys(out).length === 1) return forEditor(plain);
	if (Array.isArray(out.anyOf) && out.type === undefined && out.properties === undefined) {
		/** @type {Schema[]} */
		const branches = out.anyOf;
		const types = branches.map(typesOf);
		if (types.every(Boolean)) {
			const all = [...new Set(types.flat())];
			out.type = all.length === 1 ? all[0] : all;
			const objects = branches.filter((b) => typesOf(b)?.includes('object'));
			if (objects.some((b) => b.properties)) {
				/** @type {Map<string, Schema[]>} */
				const fields = new Map();
				for (const branch of objects) {
					for (const [name, s] of Object.entries(branch.properties ?? {})) {
						fields.set(name, [...(fields.get(name) ?? []), s]);
					}
				}
				out.properties = Object.fromEntries(
					[...fields].map(([name, list]) => {
						const kinds = distinct(list);
						return [name, kinds.length === 1 ? kinds[0] : forEditor({ anyOf: kinds })];
					}),
				);
				const always = objects
					.map((b) => /** @type {string[]} */ (b.required ?? []))
					.reduce((a, b) => a.filter((name) => b.includes(name)));
				if (always.length) out.required = always;
				// An alternative that lists no fields (or allows others) keeps the union open.
				if (objects.some((b) => !b.properties || b.additionalProperties !== undefined)) {
					out.additionalProperties = true;
				}
			}
			// Lists of several documented forms: the entries of all of them, as `[0]`.
			const arrays = branches.filter((b) => typesOf(b)?.includes('array'));
			if (arrays.length && arrays.every((b) => isObject(b.items))) {
				const kinds = distinct(arrays.map((b) => b.items));
				out.items = kinds.length === 1 ? kinds[0] : forEditor({ anyOf: kinds });
			}
		}
	}
	if (Array.isArray(out.type) && out.type.includes('null')) {
		out.type = [...out.type.filter((/** @type {string} */ t) => t !== 'null'), 'null'];
	}
	// A nullable object or list: `type` alone, so that the editor shows its fields or entries.
	if (
		Array.isArray(out.type) &&
		out.type.length === 2 &&
		out.type[1] === 'null' &&
		['object', 'array'].includes(out.type[0])
	) {
		out.type = out.type[0];
		out.nullable = true;
	}
	return ordered(out);
}

/**
 * Alternatives that are only types (and a string format), such as a nullable value written as
 * `anyOf: [{type: 'string', format: 'date-time'}, {type: 'null'}]`, as one schema
 * (`{type: ['string', 'null'], format: 'date-time'}`), or undefined when they are more than that.
 * @param {Schema[]} branches
 */
function plainUnion(branches) {
	if (branches.length === 1) return branches[0];
	if (!branches.every((b) => Object.keys(b).every((k) => k === 'type' || k === 'format'))) return;
	const types = branches.map(typesOf);
	if (!types.every((t) => t && t.every((type) => !['object', 'array'].includes(type)))) return;
	// `format` applies to strings only: the union keeps one if every string alternative has it.
	const formats = new Set(
		branches.filter((b, i) => types[i]?.includes('string')).map((b) => b.format),
	);
	if (formats.size > 1 && !formats.has(undefined)) return;
	const type = [...new Set(types.flat())];
	const format = formats.size === 1 ? [...formats][0] : undefined;
	return { type: type.length === 1 ? type[0] : type, ...(format ? { format } : {}) };
}

/** The keywords in the order a person reads them; others after. */
const KEY_ORDER = [
	'$schema',
	'title',
	'type',
	'nullable',
	'format',
	'enum',
	'items',
	'properties',
	'required',
];

/** @param {Schema} schema */
function ordered(schema) {
	const rank = (/** @type {string} */ key) =>
		KEY_ORDER.includes(key) ? KEY_ORDER.indexOf(key) : KEY_ORDER.length;
	return Object.fromEntries(Object.entries(schema).sort(([a], [b]) => rank(a) - rank(b)));
}

/** `1` → `1.0.0`, as n8n names the version folders. */
function padVersion(/** @type {number} */ version) {
	return String(version).split('.').concat(['0', '0']).slice(0, 3).join('.');
}

/**
 * @typedef {{ node: string, resource: string, operation: string, version: string, file: string, schema: Schema, raw: Schema }} OutputSchema
 */

/**
 * Every output schema of the action node: `{ resource, operation, version, file, schema, raw }`:
 * `schema` (what the build ships) describes the item with Simplify on (the default), `raw` the
 * item with it off (the same for operations whose Simplify does not make a signing request).
 * @param {import('./index').Load} load
 * @returns {OutputSchema[]}
 */
function outputSchemas(load) {
	const { RESOURCES } = load(`${NODE_DIR}/actions/operations`);
	const { SIMPLE_KEYS, SIMPLE_PERSON_KEYS, KEY_MODE_OUTPUT } = load(`${NODE_DIR}/helpers/output`);
	const { SIGNING_REQUEST_SCHEMA, RECIPIENT_SCHEMA } = load('nodes/shared/signingRequest');
	const { DocumentSigning } = load(`${NODE_DIR}/DocumentSigning.node`);
	const { name, version } = new DocumentSigning().description;
	const versions = (Array.isArray(version) ? version : [version]).map(padVersion);
	const doc = JSON.parse(readFileSync(RESPONSES, 'utf8'));
	const context = {
		inline: inliner(doc),
		simpleKeys: SIMPLE_KEYS,
		simplePersonKeys: SIMPLE_PERSON_KEYS,
		keyMode: KEY_MODE_OUTPUT,
		signingRequest: SIGNING_REQUEST_SCHEMA,
		recipient: RECIPIENT_SCHEMA,
	};
	return RESOURCES.flatMap((/** @type {any} */ resource) =>
		Object.values(resource.operations).flatMap((/** @type {any} */ op) => {
			const schema = forEditor(itemSchema(op.meta, context));
			if (schema.type !== 'object' || Object.keys(schema.properties ?? {}).length === 0) {
				throw new Error(`${op.meta.value}: the editor needs type "object" and fields at the top`);
			}
			const raw = forEditor(itemSchema(op.meta, context, 'raw'));
			return versions.map((v) => ({
				node: name,
				resource: resource.value,
				operation: op.meta.value,
				version: v,
				file: `${NODE_DIR}/__schema__/v${v}/${resource.value}/${op.meta.value}.json`,
				schema: ordered({
					$schema: 'http://json-schema.org/draft-07/schema#',
					title: `${resource.name} › ${op.meta.name}: one output item`,
					...schema,
				}),
				raw,
			}));
		}),
	);
}

/** @type {import('./index').Generator & { outputSchemas: typeof outputSchemas }} */
module.exports = {
	name: 'output schemas',
	dist: (load) =>
		Object.fromEntries(
			outputSchemas(load).map(({ file, schema }) => [file, `${JSON.stringify(schema)}\n`]),
		),
	outputSchemas,
};
