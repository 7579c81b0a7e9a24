/**
 * The output schemas of the action node (scripts/generate/outputSchemas.js), which the build
 * writes into dist/ for n8n's schema preview: one per operation, where n8n 2.41.1 looks for them,
 * in the form its editor reads, valid JSON Schema, with the fields a workflow maps. That they
 * match what the node outputs is checked on every output of the operation tests
 * (test/kit/outputs.ts); here, that this check covers every operation and that it bites.
 */
import { readdirSync } from 'node:fs';
import path from 'node:path';

import type { IDataObject } from 'n8n-workflow';

import { DocumentSigning } from '../../../nodes/DocumentSigning/DocumentSigning.node';
import { RESOURCES } from '../../../nodes/DocumentSigning/actions/operations';
import { SIMPLE_KEYS, SIMPLE_PERSON_KEYS } from '../../../nodes/DocumentSigning/helpers/output';
import { SIGNING_REQUEST_KEYS, SIGNING_REQUEST_SCHEMA } from '../../../nodes/shared/signingRequest';
import { GENERATORS } from '../../../scripts/generate';
import { outputSchemas } from '../../../scripts/generate/outputSchemas';
import { schemaValidator, strictSchema } from '../../docs/responses';
import { editorFields, isValidSchemaPreview } from '../../kit/editorSchema';
import { operationOfSpec, outputProblems } from '../../kit/outputs';

const ROOT = path.resolve(__dirname, '../../..');
const loadSource = (sourcePath: string): unknown => jest.requireActual(path.join(ROOT, sourcePath));

type Schema = Record<string, any>;

const schemas = outputSchemas(loadSource);
const byOperation = new Map(schemas.map((s) => [`${s.resource}/${s.operation}`, s.schema]));
const schemaOf = (key: string): Schema => {
	const schema = byOperation.get(key);
	if (!schema) throw new Error(`no schema for ${key}`);
	return schema;
};
const operations = RESOURCES.flatMap((resource) =>
	Object.values(resource.operations).map((op) => `${resource.value}/${op.meta.value}`),
);

/** The schema of a field by its editor path (`.a.b[0].c`), along properties and items. */
function schemaAt(schema: Schema, at: string): Schema {
	let node = schema;
	for (const part of at.match(/\.[^.[]+|\[0\]/g) ?? []) {
		node = part === '[0]' ? node.items : node.properties[part.slice(1)];
	}
	return node;
}

/** Every schema node of a schema, with its path. */
function nodesOf(schema: unknown, at = '#'): Array<[string, Schema]> {
	if (!schema || typeof schema !== 'object' || Array.isArray(schema)) return [];
	const node = schema as Schema;
	const children: Array<[string, unknown]> = [
		...Object.entries(node.properties ?? {}).map(([name, s]): [string, unknown] => [
			`${at}/properties/${name}`,
			s,
		]),
		...(node.anyOf ?? []).map((s: unknown, i: number): [string, unknown] => [
			`${at}/anyOf/${i}`,
			s,
		]),
		[`${at}/items`, node.items],
		[`${at}/additionalProperties`, node.additionalProperties],
	];
	return [[at, node], ...children.flatMap(([where, child]) => nodesOf(child, where))];
}

describe('output schemas (n8n schema preview)', () => {
	it('one per operation of the action node, where n8n 2.41.1 looks for it (node folder/__schema__/v1.0.0/<resource>/<operation>.json)', () => {
		const { version } = new DocumentSigning().description;
		expect(version).toBe(1);
		expect(operations.length).toBe(117);
		expect([...byOperation.keys()].sort()).toEqual([...operations].sort());
		for (const { resource, operation, file } of schemas) {
			expect(file).toBe(`nodes/DocumentSigning/__schema__/v1.0.0/${resource}/${operation}.json`);
		}
	});

	it('are what the build writes into dist/ (the generator registry), and nothing for the triggers', () => {
		const generator = GENERATORS.find((g) => g.name === 'output schemas');
		const files = generator?.dist?.(loadSource) ?? {};
		expect(Object.keys(files).sort()).toEqual(schemas.map((s) => s.file).sort());
		for (const { file, schema } of schemas) {
			expect(JSON.parse(String(files[file]))).toEqual(schema);
		}
		expect(Object.keys(files).every((file) => file.startsWith('nodes/DocumentSigning/'))).toBe(
			true,
		);
	});

	it.each(operations)(
		'%s: in the form the editor reads (type, fields, no $ref), valid draft-07',
		(key) => {
			const schema = schemaOf(key);
			// n8n-editor-ui: `type` and non-empty `properties` at the top, or no preview at all.
			expect(schema.type).toBe('object');
			expect(Object.keys(schema.properties).length).toBeGreaterThan(0);
			// Every item says which key it used, or what it reports (Send and Wait's status, Catch Up
			// After Restart's waits).
			expect(
				schema.properties.key_mode ??
					schema.properties.status ??
					schema.properties.waiting_executions,
			).toBeDefined();
			expect(schema.$schema).toBe('http://json-schema.org/draft-07/schema#');
			// Keywords the editor does not read: none (anyOf only next to the `type` it reads).
			expect(JSON.stringify(schema)).not.toMatch(
				/"(oneOf|allOf|not|if|\$ref|\$defs|definitions)":/,
			);
			for (const [at, node] of nodesOf(schema)) {
				// The editor resolves no $ref and reads `type` (the first one when several) and
				// `properties` only.
				expect([at, node.$ref]).toEqual([at, undefined]);
				if (node.properties)
					expect([at, [node.type].flat()]).toEqual([at, expect.arrayContaining(['object'])]);
				if (node.anyOf && !node.properties && node.type === undefined) {
					// Only constraints next to fields (a template's date_created | created_date).
					expect([at, node.anyOf.every((b: Schema) => !b.type && !b.properties)]).toEqual([
						at,
						true,
					]);
				}
				if (Array.isArray(node.type)) {
					expect([at, node.type.indexOf('null')]).not.toEqual([at, 0]);
					// A nullable object or list is `type` + `nullable`: the editor shows the fields of
					// "object" and the entries of "array" only, not of ["object", "null"].
					if (node.type.includes('object') || node.type.includes('array'))
						expect([at, node.type]).toEqual([at, expect.not.arrayContaining(['null'])]);
				}
				if (node.nullable !== undefined)
					expect([at, node.nullable, node.type]).toEqual([
						at,
						true,
						expect.stringMatching(/^(object|array)$/),
					]);
			}
			const ajv = schemaValidator();
			const { $schema: _draft, ...rest } = schema;
			expect(() => ajv.compile(rest)).not.toThrow();
			expect(() => schemaValidator().compile(strictSchema(rest))).not.toThrow();
		},
	);

	it("every resource and operation of the node's description (the parameter values n8n asks with) has its file, the defaults too", () => {
		const { name, version, properties } = new DocumentSigning().description;
		const resource = properties.find((p) => p.name === 'resource');
		const resources = (resource?.options ?? []).map((o) => String((o as { value: string }).value));
		expect(resources.length).toBe(12);
		const files = new Set(schemas.map((s) => s.file));
		const pairs: string[] = [];
		for (const operation of properties.filter((p) => p.name === 'operation')) {
			const shownFor = (operation.displayOptions?.show?.resource ?? []) as string[];
			expect(shownFor.length).toBeGreaterThan(0);
			const values = (operation.options ?? []).map((o) => String((o as { value: string }).value));
			expect(values).toContain(operation.default);
			for (const r of shownFor) for (const value of values) pairs.push(`${r}/${value}`);
		}
		expect(pairs).toContain('signingRequest/sendAndWaitForCompletion');
		expect(new Set(pairs.map((pair) => pair.split('/')[0]))).toEqual(new Set(resources));
		expect(pairs.length).toBe(117);
		// The editor asks GET /schemas/<type>/<version padded to x.y.z>/<resource>/<operation>.json
		// (n8n-editor-ui 2.41.1); n8n-core's resolveOutputSchemaPath reads
		// <folder of the node's file>/__schema__/v<x.y.z>/<resource>/<operation>.json.
		expect(name).toBe('documentSigning');
		for (const pair of pairs) {
			expect(files).toContain(`nodes/DocumentSigning/__schema__/v${version}.0.0/${pair}.json`);
		}
		// A node just added: the resource's default and that resource's default operation.
		const defaults = properties.find(
			(p) =>
				p.name === 'operation' &&
				(p.displayOptions?.show?.resource as string[]).includes(String(resource?.default)),
		);
		expect(`${resource?.default}/${defaults?.default}`).toBe('signingRequest/createSigningRequest');
		expect(isValidSchemaPreview(schemaOf('signingRequest/createSigningRequest'))).toBe(true);
	});

	it.each(operations)('%s: the editor shows a preview, and every listed field in it', (key) => {
		const schema = schemaOf(key);
		expect(isValidSchemaPreview(schema)).toBe(true);
		const shown = editorFields(schema);
		// Every field listed under `properties` and every list's entry, reached through objects and
		// lists, is in the editor's field list; only documented either-or values (a string or an
		// object, a list or a map) show as their first kind without their inner fields (n8n's editor
		// shows one kind).
		const hidden: string[] = [];
		const walk = (node: Schema, at: string) => {
			if (node.properties) {
				if (node.type !== 'object') hidden.push(at);
				else
					for (const [name, inner] of Object.entries<Schema>(node.properties)) {
						expect([`${at}.${name}`, shown.has(`${at}.${name}`)]).toEqual([`${at}.${name}`, true]);
						walk(inner, `${at}.${name}`);
					}
			}
			if (node.items) {
				if (node.type !== 'array') hidden.push(at);
				else {
					expect([`${at}[0]`, shown.has(`${at}[0]`)]).toEqual([`${at}[0]`, true]);
					walk(node.items, `${at}[0]`);
				}
			}
		};
		walk(schema, '');
		for (const at of hidden) {
			expect([at, [schemaAt(schema, at).type].flat().includes('null')]).toEqual([at, false]);
			// Documented as either: a new key as text or {api_key, created_at}; expired keys as ids or
			// objects; a field's options as a list or a map.
			expect(at).toMatch(/\.(new_key|expired_keys\[0\]|dropdown_options)$/);
		}
	});

	it('show the fields a workflow maps before the node has run', () => {
		const createAndSend = schemaOf('signingRequest/createAndSendSigningRequest');
		expect(createAndSend.properties.recipients.items.properties.signing_link).toMatchObject({
			type: ['string', 'null'],
		});
		expect(createAndSend.required).toEqual(expect.arrayContaining(['id', 'status', 'key_mode']));
		expect(createAndSend.properties.warning).toBeUndefined();
		expect(createAndSend.properties.warnings).toMatchObject({ type: 'array' });
		expect(createAndSend.required).not.toContain('warnings');

		const download = schemaOf('signingRequest/downloadSigningRequest');
		expect(download.required).toEqual(
			expect.arrayContaining(['id', 'status', 'download_url', 'is_partial', 'file_name']),
		);
		expect(download.required).not.toContain('file_size');

		const wait = schemaOf('signingRequest/sendAndWaitForCompletion');
		expect(wait.properties.status.enum).toEqual(
			expect.arrayContaining(['completed', 'declined', 'in_progress']),
		);
		expect(wait.properties.status.enum).not.toContain('timed_out');
		expect(wait.required).toEqual([...SIGNING_REQUEST_KEYS, 'waited', 'ended_by']);
		expect(wait.properties.key_mode).toBeUndefined();

		const remove = schemaOf('template/deleteTemplate');
		expect(remove.properties.deleted).toEqual({ type: 'boolean', enum: [true] });
		expect(remove.required).toEqual(expect.arrayContaining(['deleted', 'id', 'message']));

		// One item per list entry: the entry's fields.
		const list = schemaOf('signingRequest/listSigningRequests');
		expect(list.properties.id).toBeDefined();
		expect(list.properties.results).toBeUndefined();
	});

	it('in the editor: the links, the download, a nullable object and a list of two documented forms', () => {
		const fields = (key: string) => editorFields(schemaOf(key));
		expect(
			fields('signingRequest/createAndSendSigningRequest').get('.recipients[0].signing_link'),
		).toBe('string');
		expect(fields('signingRequest/createAndSendSigningRequest').get('.recipients[0].email')).toBe(
			'string',
		);
		expect(fields('signingRequest/downloadSigningRequest').get('.download_url')).toBe('string');
		expect(fields('signingRequest/downloadSigningRequest').get('.file_size')).toBe('number');
		const get = fields('signingRequest/getSigningRequest');
		expect(get.get('.status')).toBe('string');
		expect(get.get('.signed_document_url')).toBe('string');
		expect(get.get('.recipients')).toBe('array');
		expect(fields('signingRequest/listSigningRequests').get('.recipients[0].email')).toBe('string');
		const wait = fields('signingRequest/sendAndWaitForCompletion');
		expect(wait.get('.event')).toBe('object');
		expect(wait.get('.event.type')).toBe('string');
		expect(wait.get('.completed_at')).toBe('string');
		const regenerate = fields('workspace/regenerateWorkspaceApiKey');
		expect(regenerate.get('.expiring_keys[0].expires_at')).toBe('string');
		expect(regenerate.get('.expiring_keys[0].id')).toBe('string');

		// The nullable object is still validated as one: null or its documented fields.
		const event = schemaOf('signingRequest/sendAndWaitForCompletion').properties.event;
		expect(event).toMatchObject({ type: 'object', nullable: true });
		const validate = schemaValidator().compile(strictSchema(event));
		expect(validate(null)).toBe(true);
		expect(validate({ id: 'evt_1', type: 'signing_request.completed', created_at: null })).toBe(
			true,
		);
		expect(validate({ id: 1 })).toBe(false);
		expect(validate('event')).toBe(false);
		// So is a nullable list (the recipients).
		const recipients = schemaOf('signingRequest/getSigningRequest').properties.recipients;
		expect(recipients).toMatchObject({ type: 'array', nullable: true });
	});

	it('Simplify (on by default) on every operation that has it, one toggle for all but Update One Part (Properties only)', () => {
		const { properties } = new DocumentSigning().description;
		const toggles = properties.filter((p) => p.name === 'simplify');
		expect(toggles).toHaveLength(2);
		for (const toggle of toggles) expect(toggle.default).toBe(true);
		const shown = toggles.flatMap((t) => (t.displayOptions?.show?.operation ?? []) as string[]);
		expect(toggles.map((t) => t.displayOptions?.show?.update)).toContainEqual(['properties']);
		expect(
			toggles.find((t) => t.displayOptions?.show?.update)?.displayOptions?.show?.operation,
		).toEqual(['patchSigningRequest']);
		const simplified = RESOURCES.flatMap((resource) =>
			Object.values(resource.operations)
				.filter((op) => op.meta.output?.simplify)
				.map((op) => op.meta.value),
		);
		expect(simplified.sort()).toEqual([...shown].sort());
	});

	it('Simplify of a signing request: the one shape, every key required, whatever the answer', () => {
		const ops = RESOURCES.flatMap((resource) =>
			Object.values(resource.operations)
				.filter((op) => op.meta.output?.simplify === 'signingRequest')
				.map((op) => `${resource.value}/${op.meta.value}`),
		);
		// Every operation that outputs a signing request (the list, with Template → Create
		// Signing Request).
		expect(ops.sort()).toEqual(
			[
				'signingRequest/createSigningRequest',
				'signingRequest/createAndSendSigningRequest',
				'signingRequest/sendSigningRequest',
				'signingRequest/getSigningRequest',
				'signingRequest/listSigningRequests',
				'signingRequest/updateSigningRequest',
				'signingRequest/patchSigningRequest',
				'signingRequest/downloadSigningRequest',
				'signingRequest/sendAndWaitForCompletion',
				'template/duplicateTemplate',
			].sort(),
		);
		for (const key of ops) {
			const schema = schemaOf(key);
			// Update One Part: the shape, or (a recipient, a field) the answer: anyOf.
			const shape: Schema =
				key === 'signingRequest/patchSigningRequest'
					? schema.anyOf.find((b: Schema) => b.properties?.signed_count)
					: schema;
			expect([key, shape.required]).toEqual([
				key,
				expect.arrayContaining([...SIGNING_REQUEST_KEYS]),
			]);
			for (const name of SIGNING_REQUEST_KEYS) {
				expect([key, name, shape.properties[name].description]).toEqual([
					key,
					name,
					(SIGNING_REQUEST_SCHEMA.properties as Schema)[name].description,
				]);
			}
			// Nothing of the raw answer is left (its names are not the shape's).
			for (const raw of ['timestamps', 'companies_workspaces_id', 'finished_date', 'settings'])
				expect([key, raw, shape.properties[raw]]).toEqual([key, raw, undefined]);
		}
		// Update's raw answer lists signing_request.settings; the shipped schema does not (with
		// Simplify off the answer's settings are the service's object: response-shapes.md).
		expect(
			schemaOf('signingRequest/updateSigningRequest').properties.signing_request,
		).toBeUndefined();
	});

	it('Simplify of a template: only the kept fields are required, the others listed as optional', () => {
		const get = schemaOf('template/getTemplate');
		expect(get.properties.settings).toBeDefined();
		for (const name of get.required) {
			expect([...SIMPLE_KEYS.template, 'key_mode', 'warnings']).toContain(name);
		}
		const person = get.properties.recipients?.items;
		for (const name of person?.required ?? []) {
			expect(SIMPLE_PERSON_KEYS as readonly string[]).toContain(name);
		}
	});

	it('Get Workspace: the keys only with the option, secrets_omitted without it', () => {
		const get = schemaOf('workspace/getWorkspace');
		expect(get.properties.api_key).toBeDefined();
		expect(get.required).not.toContain('api_key');
		expect(get.required).not.toContain('secrets_omitted');
		const update = schemaOf('workspace/updateWorkspace');
		expect(update.properties.api_key).toBeUndefined();
		expect(update.required).toContain('secrets_omitted');
	});

	it('documented alternatives: anyOf of the items, their fields united for the editor', () => {
		const regenerate = schemaOf('workspace/regenerateWorkspaceApiKey');
		expect(regenerate.anyOf).toHaveLength(2);
		expect(Object.keys(regenerate.properties)).toEqual(
			expect.arrayContaining(['message', 'new_key', 'expiring_keys', 'key_type', 'workspace_id']),
		);
		expect(regenerate.required).toEqual(
			expect.arrayContaining(['key_type', 'workspace_id', 'key_mode']),
		);
	});

	describe('the check of the operation tests (test/kit/outputs.ts)', () => {
		const download: IDataObject = {
			...Object.fromEntries(SIGNING_REQUEST_KEYS.map((key) => [key, null])),
			id: '123e4567-e89b-42d3-a456-426614174000',
			status: 'completed',
			is_partial: false,
			download_url: 'https://files.example.com/d/1.pdf',
			download_expires_at: '2026-01-02T04:04:05Z',
			file_name: 'Offer.pdf',
			file_size: 1234,
			key_mode: 'test',
		};
		const raw: IDataObject = {
			status: 'finished',
			is_partial: false,
			download_url: 'https://files.example.com/d/1.pdf',
			generated_at: '2026-01-02T03:04:05Z',
			expires_at: '2026-01-02T04:04:05Z',
			signing_request_id: '123e4567-e89b-42d3-a456-426614174000',
			file_name: 'Offer.pdf',
			file_size: 1234,
			key_mode: 'test',
		};
		const problems = (json: IDataObject, simplify = true) =>
			outputProblems('signingRequest', 'downloadSigningRequest', [{ json }], simplify);

		it('accepts an item as the node outputs it, with Simplify on and off', () => {
			expect(problems(download)).toEqual([]);
			expect(problems(raw, false)).toEqual([]);
		});

		it('holds each to its own schema: a raw item is not the shape, the shape not the raw item', () => {
			expect(problems(raw)).toEqual(
				expect.arrayContaining([expect.stringContaining("must have required property 'id'")]),
			);
			expect(problems(download, false)).toEqual(
				expect.arrayContaining([
					expect.stringContaining("must have required property 'signing_request_id'"),
				]),
			);
			expect(problems({ ...download, status: 'finished' })).toEqual([
				expect.stringContaining('/status must be equal to one of the allowed values'),
			]);
		});

		it('refuses a renamed, a missing, an undocumented field and a wrong type', () => {
			const { file_name: fileName, ...renamed } = download;
			expect(problems({ ...renamed, filename: fileName })).toEqual([
				expect.stringContaining("must have required property 'file_name'"),
				expect.stringContaining('must NOT have additional properties "filename"'),
			]);
			const { download_url: _url, ...missing } = download;
			expect(problems(missing)).toEqual([
				expect.stringContaining("must have required property 'download_url'"),
			]);
			expect(problems({ ...download, extra: 1 })).toEqual([
				expect.stringContaining('must NOT have additional properties "extra"'),
			]);
			expect(problems({ ...download, is_partial: 'no' })).toEqual([
				expect.stringContaining('/is_partial must be boolean'),
			]);
		});

		it('leaves out the error items of Continue On Fail', () => {
			expect(problems({ error: 'Not found', http_code: 404 })).toEqual([]);
		});

		it('covers every operation: each has an operation spec, whose tests must check its output', () => {
			const actions = path.join(ROOT, 'test/nodes/DocumentSigning/actions');
			const specs = readdirSync(actions, { withFileTypes: true })
				.filter((entry) => entry.isDirectory())
				.flatMap((entry) =>
					readdirSync(path.join(actions, entry.name)).map((file) =>
						operationOfSpec(path.join(actions, entry.name), file),
					),
				)
				.filter((key): key is string => key !== undefined);
			expect([...new Set(specs)].sort()).toEqual([...operations].sort());
		});
	});
});
