/**
 * Regenerate API Key and Expire Old API Keys take the same Key Type (live or test, default live,
 * always sent as `key_type`) on `/workspaces/{id}/api-key/…`, and the service refuses both for the
 * protected workspace. Each operation's spec calls these tests inside its own suite with its row
 * (`API_KEYS.regenerate`, `API_KEYS.expire`); the rotation itself stays in the spec.
 */
import type { INodeProperties } from 'n8n-workflow';

import { description as expireDescription } from '../../../../../nodes/DocumentSigning/actions/workspace/expireWorkspaceApiKey.operation';
import { description as regenerateDescription } from '../../../../../nodes/DocumentSigning/actions/workspace/regenerateWorkspaceApiKey.operation';
import { resetRateLimiters } from '../../../../../nodes/shared/transport';
import type { TestContext } from '../../../../kit';
import { SEED, api, byId, run, sent } from '../company/companyKit';

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
	},
	expire: {
		operation: 'expireWorkspaceApiKey',
		action: 'expire',
		description: expireDescription,
		status: 200,
		protectedMessage:
			'The service rejected the request: Cannot expire API keys for protected workspace [PROTECTED_WORKSPACE]',
		keyTypeHint: 'The service expires the replaced keys of one type per call',
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
