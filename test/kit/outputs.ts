/**
 * Every output item an operation test sees holds to the output schema the build writes for its
 * operation (scripts/generate/outputSchemas.js: what n8n's editor shows before the node has run),
 * held strict: no field the schema does not list (`strictSchema`), every field it requires, the
 * documented types and formats. So a schema cannot drift from what the node outputs: a field the
 * node renames, drops or adds fails the operation's tests.
 *
 * An item made with Simplify off is checked against the schema of the item without it (`raw`,
 * which the build does not ship; it differs for the operations that output a signing request in
 * the one shape of nodes/shared/signingRequest.ts).
 *
 * `runOperation` checks every run (kit/index.ts); tests that run the node otherwise (Send and
 * Wait) call `checkOutput` themselves. `describeSpecs` (kit/specs.ts) then requires, per operation
 * spec that ran, at least one checked output of its operation (`checkedOperations`).
 */
import path from 'node:path';

import type { ValidateFunction } from 'ajv';
import type { IDataObject, INodeExecutionData } from 'n8n-workflow';

import { describeErrors, schemaValidator, strictSchema } from '../docs/responses';
import { outputSchemas } from '../../scripts/generate/outputSchemas';

const ROOT = path.resolve(__dirname, '../..');

interface Checker {
	schemas: Map<string, Record<string, unknown>>;
	validators: Map<string, ValidateFunction>;
	ajv: ReturnType<typeof schemaValidator>;
	checked: Set<string>;
}

let checker: Checker | undefined;

/**
 * The schemas as the build writes them, from the TypeScript sources (as
 * test/docs/generated.test.ts); each compiled when an output of its operation is first checked.
 */
function load(): Checker {
	if (checker) return checker;
	const loadSource = (sourcePath: string): unknown =>
		jest.requireActual(path.join(ROOT, sourcePath));
	const schemas = new Map<string, Record<string, unknown>>();
	for (const { resource, operation, schema, raw } of outputSchemas(loadSource)) {
		const { $schema: _draft, ...rest } = schema;
		schemas.set(`${resource}/${operation}`, strictSchema(rest));
		schemas.set(`${resource}/${operation} raw`, strictSchema(raw));
	}
	checker = { schemas, validators: new Map(), ajv: schemaValidator(), checked: new Set() };
	return checker;
}

function validatorOf(key: string): ValidateFunction | undefined {
	const { schemas, validators, ajv } = load();
	const schema = schemas.get(key);
	if (!schema) return undefined;
	let validate = validators.get(key);
	if (!validate) {
		validate = ajv.compile(schema);
		validators.set(key, validate);
	}
	return validate;
}

/**
 * An item Continue On Fail made of an error (kit/index.ts `runOperation` with `continueOnFail`;
 * actions/router.ts): `error`, and perhaps `error_description` and `http_code`.
 */
function isErrorItem(json: IDataObject): boolean {
	return (
		typeof json.error === 'string' &&
		Object.keys(json).every((key) => ['error', 'error_description', 'http_code'].includes(key))
	);
}

/**
 * The problems of the items of an output against the operation's schema (empty when they hold),
 * for `<resource>/<operation>`, made with Simplify on (the default) or off; the operation counts
 * as checked when there was an item to check. The JSON is checked as n8n stores it (undefined
 * values dropped).
 */
export function outputProblems(
	resource: string,
	operation: string,
	items: readonly INodeExecutionData[],
	simplify = true,
): string[] {
	const { checked } = load();
	const key = `${resource}/${operation}`;
	const validate = validatorOf(simplify ? key : `${key} raw`);
	if (!validate) return [`no output schema for ${key}`];
	const problems: string[] = [];
	items.forEach((item, index) => {
		const json = JSON.parse(JSON.stringify(item.json ?? {})) as IDataObject;
		if (isErrorItem(json)) return;
		checked.add(key);
		if (!validate(json)) {
			for (const problem of describeErrors(validate.errors ?? [])) {
				problems.push(`${key} item ${index}: ${problem}`);
			}
		}
	});
	return problems;
}

/**
 * Fails the test when an item of the output does not hold to the operation's output schema (made
 * with Simplify on, unless `simplify` is false).
 */
export function checkOutput(
	resource: string,
	operation: string,
	output: readonly INodeExecutionData[][] | undefined,
	simplify = true,
): void {
	const problems = outputProblems(resource, operation, output?.[0] ?? [], simplify);
	if (problems.length) {
		throw new Error(
			`The output does not match the operation's output schema (scripts/generate/outputSchemas.js, ` +
				`from its meta.output and api/responses.json):\n${problems.join('\n')}`,
		);
	}
}

/** `<resource>/<operation>` of every operation whose output was checked in this test file. */
export function checkedOperations(): ReadonlySet<string> {
	return load().checked;
}

/**
 * `<resource>/<operation>` of the operation an operation spec tests
 * (`test/nodes/DocumentSigning/actions/<resource>/<module>.operation.spec.ts` tests
 * `nodes/DocumentSigning/actions/<resource>/<module>.operation.ts`), or undefined for other specs.
 */
export function operationOfSpec(dir: string, file: string): string | undefined {
	const match = /^(.+\.operation)\.spec\.ts$/.exec(file);
	const source = path.join(ROOT, path.relative(path.join(ROOT, 'test'), dir), match?.[1] ?? '');
	if (!match || !source.startsWith(path.join(ROOT, 'nodes/DocumentSigning/actions/'))) return;
	const { meta } = jest.requireActual<{ meta: { value: string } }>(source);
	const { RESOURCES } = jest.requireActual<
		typeof import('../../nodes/DocumentSigning/actions/operations')
	>(path.join(ROOT, 'nodes/DocumentSigning/actions/operations'));
	const resource = RESOURCES.find((r) => r.operations[meta.value]?.meta === meta);
	return resource ? `${resource.value}/${meta.value}` : undefined;
}

/**
 * In an operation spec (`describeSpecs`): once the spec's tests have run, at least one of them
 * checked an output of its operation against its schema, so every operation's schema is exercised.
 */
export function requireCheckedOutput(dir: string, file: string): void {
	const operation = operationOfSpec(dir, file);
	if (!operation) return;
	let ran = false;
	beforeEach(() => {
		ran = true;
	});
	afterAll(() => {
		if (ran && !checkedOperations().has(operation)) {
			throw new Error(
				`No test of ${file} checked an output of ${operation} against its output schema (test/kit/outputs.ts): run the operation with runOperation (or call checkOutput) in a test where it succeeds`,
			);
		}
	});
}
