/**
 * What n8n 2.41.1's editor makes of an output schema (the schema preview of a node that has not
 * run): a copy of its code, so that tests can check which fields a user sees and can drag,
 * without a browser. Copied from the installed n8n-editor-ui 2.41.1 (dist/assets, minified):
 * - `isValidSchemaPreview`: `useRunWorkflow-*.js`, the check after `GET /schemas/…` (anything
 *   else is "Invalid JSON schema": no preview);
 * - `fieldsOfSchema`: `workflows.store-*.js`, `useDataSchema().getSchemaForJsonSchema` and its
 *   type mapping, which the schema view (`VirtualSchema-*.js`) renders.
 * It reads `type` (only the first of a list), `properties` (only when `type` is exactly
 * "object") and `items` (only when `type` is exactly "array"): no `$ref`, `anyOf`, `oneOf`,
 * `required` or `nullable`.
 */

/** A field as the editor's schema view lists it (n8n's `Schema`). */
export interface EditorField {
	type: string;
	/** The expression path, e.g. `.first_signer.signing_link`, `.recipients[0].email`. */
	path: string;
	key?: string;
	value: EditorField[] | string;
}

/** `!!e && typeof e == 'object' && 'type' in e && 'properties' in e && !isEmpty(e.properties)` */
export function isValidSchemaPreview(schema: unknown): boolean {
	if (!schema || typeof schema !== 'object') return false;
	const s = schema as Record<string, unknown>;
	if (!('type' in s) || !('properties' in s)) return false;
	const props = s.properties;
	return !(
		props === null ||
		props === undefined ||
		(typeof props === 'object' && Object.keys(props).length === 0)
	);
}

function typeName(type: unknown): string {
	switch (type) {
		case undefined:
			return 'undefined';
		case 'integer':
			return 'number';
		default:
			return String(type);
	}
}

const isPlainObject = (value: unknown): boolean =>
	!!value && typeof value === 'object' && !Array.isArray(value);

/** `getSchemaForJsonSchema(schema, path = '')` */
export function fieldsOfSchema(schema: unknown, path = ''): EditorField {
	if (typeof schema !== 'object' || schema === null) {
		// The editor's check is `typeof e != 'object'`; null never occurs in the files.
		return { type: 'null', path, value: 'null' };
	}
	const s = schema as Record<string, any>;
	if (s.type === 'array') {
		return {
			type: 'array',
			value: isPlainObject(s.items) ? [{ ...fieldsOfSchema(s.items, `${path}[0]`), key: '0' }] : [],
			path,
		};
	}
	if (s.type === 'object') {
		const properties: Record<string, unknown> = s.properties ?? {};
		return {
			type: 'object',
			value: Object.entries(properties).map(([key, inner]) => ({
				...fieldsOfSchema(inner, path ? `${path}.${key}` : `.${key}`),
				key,
			})),
			path,
		};
	}
	return { type: typeName(Array.isArray(s.type) ? s.type[0] : s.type), value: '', path };
}

/** Every field the schema view lists, as `path → type` (e.g. `.download_url → string`). */
export function editorFields(schema: unknown): Map<string, string> {
	const out = new Map<string, string>();
	const walk = (field: EditorField) => {
		if (field.path) out.set(field.path, field.type);
		if (Array.isArray(field.value)) field.value.forEach(walk);
	};
	walk(fieldsOfSchema(schema));
	return out;
}
