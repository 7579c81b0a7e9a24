/**
 * Regenerate API Key and Expire Old API Keys take the same Key Type (live or test, default live,
 * always sent as `key_type`) on `/workspaces/{id}/api-key/…`, and the service refuses both for the
 * protected workspace. Each operation's spec calls these tests inside its own suite with its row
 * (`API_KEYS.regenerate`, `API_KEYS.expire`); the rotation itself stays in the spec.
 */
import type { IDataObject, INodeProperties } from 'n8n-workflow';

import { description as expireDescription } from '../../../../../nodes/DocumentSigning/actions/workspace/expireWorkspaceApiKey.operation';
import { description as regenerateDescription } from '../../../../../nodes/DocumentSigning/actions/workspace/regenerateWorkspaceApiKey.operation';
import { resetRateLimiters } from '../../../../../nodes/shared/transport';
import type { TestContext } from '../../../../kit';
import { SEED, api, byId, jsonOf, run, sent } from '../company/fixtures';

const OLD_KEY_ID = '30000000-0000-4000-8000-0000000000aa';
const NEW_KEY = 'sk_live_0123456789abcdef0123456789abcdef';

export interface ApiKeyRow {
	operation: 'regenerateWorkspaceApiKey' | 'expireWorkspaceApiKey';
	/** The last path segment. */
	action: 'regenerate' | 'expire';
	description: INodeProperties[];
	/** The success status of the call. */
	status: number;
	/** The service's message for the protected workspace. */
	protectedMessage: string;
	/** The start of the hint given with a Key Type other than live or test. */
	keyTypeHint: string;
	/** The list of replaced keys in the answer, and an entry of it without `api_key`. */
	oldKeys: 'expiring_keys' | 'expired_keys';
	oldKeyEntry: IDataObject;
	/** The rest of a success answer. */
	answer: IDataObject;
}

export const API_KEYS = {
	regenerate: {
		operation: 'regenerateWorkspaceApiKey',
		action: 'regenerate',
		description: regenerateDescription,
		status: 201,
		protectedMessage:
			'The service rejected the request: Cannot regenerate API key for protected workspace [PROTECTED_WORKSPACE]',
		keyTypeHint: 'The service replaces the key of one type per call',
		oldKeys: 'expiring_keys',
		oldKeyEntry: { id: OLD_KEY_ID, expires_at: '2026-01-02T00:00:00.000Z' },
		answer: {
			new_key: { api_key: NEW_KEY, created_at: '2026-01-01T00:00:00.000Z' },
			key_type: 'live',
			workspace_id: SEED.workspaces[0].id,
		},
	},
	expire: {
		operation: 'expireWorkspaceApiKey',
		action: 'expire',
		description: expireDescription,
		status: 200,
		protectedMessage:
			'The service rejected the request: Cannot expire API keys for protected workspace [PROTECTED_WORKSPACE]',
		keyTypeHint: 'The service expires the replaced keys of one type per call',
		oldKeys: 'expired_keys',
		oldKeyEntry: {
			id: OLD_KEY_ID,
			original_expires_at: '2026-01-02T00:00:00.000Z',
			expired_at: '2026-01-01T00:00:00.000Z',
		},
		answer: { success: true, workspace_id: SEED.workspaces[0].id, message: 'Expired 3 keys' },
	},
} satisfies Record<string, ApiKeyRow>;

/** Key Type: Live and Test offered, Live by default, and always sent as `key_type`. */
export function itSendsTheKeyType(ctx: TestContext, row: ApiKeyRow): void {
	it('offers only Live and Test, default Live', () => {
		const keyType = row.description.find((p) => p.name === 'keyType');
		expect(keyType?.default).toBe('live');
		expect(keyType?.options?.map((o) => ('value' in o ? o.value : undefined))).toEqual([
			'live',
			'test',
		]);
	});

	it.each([
		['no Key Type', 'live', {}],
		['Live', 'live', { keyType: 'live' }],
		['Test', 'test', { keyType: 'test' }],
	])('%s sends key_type %s', async (_name, keyType, parameters) => {
		// A workspace of its own: the other tests of the spec rely on the seeded workspaces' keys.
		const created = await api(ctx.sandbox, 'POST', '/workspaces', { name: `Keys ${keyType}` });
		const workspaceId = String(created.body.id);
		ctx.sandbox.clearRequests();
		resetRateLimiters();
		const { error } = await run(ctx, 'workspace', row.operation, {
			workspaceId: byId(workspaceId),
			...parameters,
		});
		expect(error).toBeUndefined();
		expect(sent(ctx)).toHaveLength(1);
		expect(sent(ctx)[0]).toMatchObject({
			method: 'POST',
			path: `/workspaces/${workspaceId}/api-key/${row.action}`,
			query: {},
			status: row.status,
		});
		expect(sent(ctx)[0].body).toEqual({ key_type: keyType });
	});

	it('refuses a Key Type other than live or test (e.g. "all" from an expression) before sending', async () => {
		const { error } = await run(ctx, 'workspace', row.operation, {
			workspaceId: byId(SEED.workspaces[1].id),
			keyType: '={{ "all" }}',
		});
		expect(error?.message).toBe('"Key Type" must be live or test, not "all"');
		expect(error).toMatchObject({ description: expect.stringContaining(row.keyTypeHint) });
		expect(sent(ctx)).toHaveLength(0);
	});
}

/** The protected workspace: refused by the service (mapped 400 with its message), no key changed. */
export function itIsRefusedForTheProtectedWorkspace(ctx: TestContext, row: ApiKeyRow): void {
	it('the protected workspace is refused by the service: mapped 400 with its message', async () => {
		resetRateLimiters();
		const { error } = await run(ctx, 'workspace', row.operation, {
			workspaceId: byId(SEED.protectedWorkspace.id),
		});
		expect(sent(ctx)).toHaveLength(1);
		expect(error?.message).toBe(row.protectedMessage);
		expect(ctx.sandbox.state.activeKey(SEED.protectedWorkspace.id, 'live')?.value).toBe(
			SEED.protectedWorkspace.liveKey,
		);
	});
}

/**
 * The replaced keys the answer lists are output masked (first 12 and last 4 characters), whether
 * the service sends them in full (as the documents allow) or masked already; the credential's own
 * key stays redacted. The answer is the service's documented shape, injected as given.
 */
export function itMasksTheReplacedKeys(ctx: TestContext, row: ApiKeyRow): void {
	it(`outputs the keys in ${row.oldKeys} masked, however the service sent them`, async () => {
		resetRateLimiters();
		const full = 'sk_live_fedcba9876543210fedcba9876543210';
		const masked = 'sk_live_ab12…7f3e';
		ctx.sandbox.injectFault({
			kind: 'status',
			method: 'POST',
			path: `/workspaces/${SEED.workspaces[0].id}/api-key/${row.action}`,
			status: row.status,
			body: {
				...row.answer,
				[row.oldKeys]: [
					{ ...row.oldKeyEntry, api_key: full },
					{ ...row.oldKeyEntry, api_key: masked },
					{ ...row.oldKeyEntry, api_key: SEED.protectedWorkspace.liveKey },
				],
			},
		});
		const { output, error } = await run(ctx, 'workspace', row.operation, {
			workspaceId: byId(SEED.workspaces[0].id),
		});
		expect(error).toBeUndefined();
		expect(sent(ctx)).toHaveLength(1);
		const [json] = jsonOf(output);
		expect(json).toEqual({
			...row.answer,
			[row.oldKeys]: [
				{ ...row.oldKeyEntry, api_key: 'sk_live_fedc…3210' },
				{ ...row.oldKeyEntry, api_key: masked },
				{ ...row.oldKeyEntry, api_key: '[live API key redacted]' },
			],
			key_type: 'live',
			key_mode: 'live',
		});
		expect(JSON.stringify(json)).not.toContain(full);
	});
}
