/**
 * The node's `sensitiveOutputFields` against what the operations really output (sandbox, the
 * documented answer shapes): every key, secret or token an operation outputs sits at a declared
 * field, and every declared field is one the operation outputs. The declaration is applied the way
 * n8n applies it (`redactLikeN8n`, below); test/e2e/keys.e2e.ts applies n8n's own code to an
 * execution stored by a real n8n.
 */
import type { IDataObject } from 'n8n-workflow';

import { DocumentSigning } from '../../../nodes/DocumentSigning/DocumentSigning.node';
import { RESOURCES } from '../../../nodes/DocumentSigning/actions/operations';
import type { Sandbox } from '../../sandbox';
import { SALES, byId, runOperation, useSandbox } from '../../kit';
import { sandboxSecrets, valuesAt } from '../../kit/secrets';
import { createDraft } from './actions/signingRequest/fixtures';
import { createTemplateFixture } from './actions/template/fixtures';

const MARKER = { __redacted: true, reason: 'node_defined_field', canReveal: false };

/**
 * What n8n 2.41.1 does with a node's `sensitiveOutputFields` for each output item (its
 * NodeDefinedFieldRedactionStrategy, modules/redaction/executions/strategies/
 * node-defined-field-redaction.strategy.js, `redactPath`): a path is split at dots; a segment
 * ending in `[*]` walks every object of that list; the last segment, when present (even null),
 * is replaced by a marker object.
 */
function redactLikeN8n(json: IDataObject, paths: readonly string[]): IDataObject {
	const copy = structuredClone(json);
	const walk = (current: Record<string, unknown>, segments: string[], index: number): void => {
		const segment = segments[index];
		if (index === segments.length - 1) {
			if (segment in current) current[segment] = { ...MARKER };
			return;
		}
		if (segment.endsWith('[*]')) {
			const list = current[segment.slice(0, -3)];
			if (!Array.isArray(list)) return;
			for (const entry of list) {
				if (entry && typeof entry === 'object')
					walk(entry as Record<string, unknown>, segments, index + 1);
			}
			return;
		}
		const next = current[segment];
		if (next && typeof next === 'object')
			walk(next as Record<string, unknown>, segments, index + 1);
	};
	for (const path of paths) walk(copy, path.split('.'), 0);
	return copy;
}

const ctx = useSandbox({ rateLimits: { keyRotation: 100, secretRotation: 100 } });
const declared = new DocumentSigning().description.sensitiveOutputFields ?? [];

interface Case {
	resource: string;
	operation: string;
	parameters: (sandbox: Sandbox) => Promise<Record<string, unknown>>;
}

/** One run per operation that declares fields, with what makes all of them appear. */
const CASES: Case[] = [
	{
		resource: 'workspace',
		operation: 'createWorkspace',
		parameters: async () => ({ name: 'Keys' }),
	},
	{
		resource: 'workspace',
		operation: 'getWorkspace',
		parameters: async () => ({ workspaceId: byId(SALES.id), includeSecrets: true }),
	},
	{
		resource: 'workspace',
		operation: 'listWorkspaces',
		parameters: async () => ({ returnAll: true, includeSecrets: true }),
	},
	{
		resource: 'workspace',
		operation: 'regenerateWorkspaceApiKey',
		parameters: async () => ({ workspaceId: byId(SALES.id), keyType: 'test' }),
	},
	{
		resource: 'webhook',
		operation: 'rotateWebhookSecret',
		parameters: async () => ({}),
	},
	{
		resource: 'webhook',
		operation: 'rotateWorkspaceWebhookSecret',
		parameters: async () => ({ workspaceId: byId(SALES.id) }),
	},
	{
		resource: 'jwt',
		operation: 'generateTemplateToken',
		parameters: async (sandbox) => ({
			templateId: byId((await createTemplateFixture(sandbox, { users: false })).id),
			includeEmbedSnippet: true,
			embedUrl: 'https://embed.example.com',
		}),
	},
	{
		resource: 'jwt',
		operation: 'generateSigningRequestToken',
		parameters: async (sandbox) => ({
			signingRequestId: byId((await createDraft(sandbox, 'Embedded', 'live')).id),
			includeEmbedSnippet: true,
			embedUrl: 'https://embed.example.com',
		}),
	},
];

const declaring = RESOURCES.flatMap((r) =>
	Object.values(r.operations)
		.filter((op) => op.meta.sensitiveOutputFields !== undefined)
		.map((op) => ({
			resource: r.value,
			operation: op.meta.value,
			fields: op.meta.sensitiveOutputFields!,
		})),
);

describe('sensitiveOutputFields of Document Signing', () => {
	it('declares the keys, secrets and tokens the operations output, each once', () => {
		expect(declared).toEqual([
			'api_key',
			'embed_snippet',
			'jwt',
			'new_key.api_key',
			'new_secret',
			'test_api_key',
			'webhook_secret',
		]);
		for (const path of declared) expect(path).toMatch(/^[a-z_]+(\[\*\])?(\.[a-z_]+(\[\*\])?)*$/);
	});

	it('has a run below for every operation that declares fields', () => {
		expect(declaring.map((d) => d.operation).sort()).toEqual(CASES.map((c) => c.operation).sort());
	});

	it.each(CASES.map((c) => [c.operation, c] as const))(
		'%s: its keys, secrets and tokens are at declared fields, and its declared fields are in its output',
		async (_name, c) => {
			const parameters = await c.parameters(ctx.sandbox);
			const { output, error } = await runOperation(
				ctx.sandbox,
				c.resource,
				c.operation,
				parameters,
			);
			expect(error).toBeUndefined();
			const own = declaring.find((d) => d.operation === c.operation)!.fields;
			const items = output[0].map((item) => item.json);
			expect(items.length).toBeGreaterThan(0);
			for (const json of items) {
				// Every field the operation declares is in its output (a declaration is not stale).
				for (const path of own) expect([path, valuesAt(json, path).length]).toEqual([path, 1]);
				// What the declared fields hold, and every key and secret the sandbox knows.
				const secrets = [
					...own.flatMap((path) => valuesAt(json, path)).filter((v) => typeof v === 'string'),
					...sandboxSecrets(ctx.sandbox),
				].filter((s) => s.length >= 8 && !/redacted\]$/.test(s));
				expect(secrets.length).toBeGreaterThan(0);
				const redacted = redactLikeN8n(json, declared);
				// None of them is left anywhere once n8n redacts the declared fields …
				const text = JSON.stringify(redacted);
				expect(secrets.filter((s) => text.includes(s))).toEqual([]);
				// … and nothing else changed.
				const unchanged = (value: IDataObject) =>
					JSON.stringify(value, (_key, v: unknown) =>
						v && typeof v === 'object' && (v as IDataObject).__redacted === true ? '•' : v,
					);
				expect(unchanged(redacted)).toBe(unchanged(redactLikeN8n(json, own)));
				expect(Object.keys(redacted)).toEqual(Object.keys(json));
			}
		},
	);
});
