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
import { SIMPLE_KEYS } from '../../../nodes/DocumentSigning/helpers/output';
import { GENERATORS } from '../../../scripts/generate';
import { outputSchemas } from '../../../scripts/generate/outputSchemas';
import { schemaValidator, strictSchema } from '../../docs/responses';
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
		expect(operations.length).toBe(116);
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
			expect(schema.properties.key_mode ?? schema.properties.status).toBeDefined();
			expect(schema.$schema).toBe('http://json-schema.org/draft-07/schema#');
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
				if (Array.isArray(node.type)) expect([at, node.type.indexOf('null')]).not.toEqual([at, 0]);
			}
			const ajv = schemaValidator();
			const { $schema: _draft, ...rest } = schema;
			expect(() => ajv.compile(rest)).not.toThrow();
			expect(() => schemaValidator().compile(strictSchema(rest))).not.toThrow();
		},
	);

	it('show the fields a workflow maps before the node has run', () => {
		const createAndSend = schemaOf('signingRequest/createAndSendSigningRequest');
		expect(createAndSend.properties.first_signer.properties.signing_link).toEqual({
			type: 'string',
			format: 'uri',
		});
		expect(createAndSend.required).toEqual(expect.arrayContaining(['id', 'status', 'key_mode']));
		expect(createAndSend.properties.warning).toBeUndefined();

		const download = schemaOf('signingRequest/downloadSigningRequest');
		expect(download.required).toEqual(
			expect.arrayContaining(['download_url', 'is_partial', 'file_name', 'signing_request_id']),
		);
		expect(download.required).not.toContain('file_size');

		const wait = schemaOf('signingRequest/sendAndWaitForCompletion');
		expect(wait.properties.status.enum).toEqual(
			expect.arrayContaining(['completed', 'declined', 'timed_out']),
		);
		expect(wait.required).toEqual(['status', 'signing_request_id', 'waited']);
		expect(wait.properties.signing_request.properties.companies_workspaces_id).toBeDefined();
		expect(wait.properties.key_mode).toBeUndefined();

		const remove = schemaOf('template/deleteTemplate');
		expect(remove.properties.deleted).toEqual({ type: 'boolean', enum: [true] });
		expect(remove.required).toEqual(expect.arrayContaining(['deleted', 'id', 'message']));

		// One item per list entry: the entry's fields.
		const list = schemaOf('signingRequest/listSigningRequests');
		expect(list.properties.id).toBeDefined();
		expect(list.properties.results).toBeUndefined();
	});

	it('Simplify (on by default): only the kept fields are required, the others listed as optional', () => {
		const get = schemaOf('signingRequest/getSigningRequest');
		expect(get.properties.settings).toBeDefined();
		expect(get.required.sort()).toEqual(
			['id', 'name', 'status', 'companies_workspaces_id', 'key_mode'].sort(),
		);
		for (const name of get.required) {
			expect([...SIMPLE_KEYS.signingRequest, 'key_mode']).toContain(name);
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
		const problems = (json: IDataObject) =>
			outputProblems('signingRequest', 'downloadSigningRequest', [{ json }]);

		it('accepts an item as the node outputs it', () => {
			expect(problems(download)).toEqual([]);
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
