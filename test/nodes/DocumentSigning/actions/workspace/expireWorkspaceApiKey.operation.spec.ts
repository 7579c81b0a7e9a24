import { resetRateLimiters } from '../../../../../nodes/shared/transport';
import { SEED, byId, jsonOf, run, sent } from '../company/fixtures';
import {
	API_KEYS,
	itIsRefusedForTheProtectedWorkspace,
	itMasksTheReplacedKeys,
	itSendsTheKeyType,
} from './apiKeys.twins';
import { keyStatus, useRotationSandbox } from './fixtures';

const ctx = useRotationSandbox();
const [SALES, LEGAL] = SEED.workspaces;

describe('Workspace → Expire Old API Keys (POST /workspaces/{id}/api-key/expire)', () => {
	it('rotation end to end: the old key works after Regenerate and stops at once after Expire', async () => {
		const regenerated = await run(ctx, 'workspace', 'regenerateWorkspaceApiKey', {
			workspaceId: byId(SALES.id),
		});
		expect(regenerated.error).toBeUndefined();
		const newKey = (jsonOf(regenerated.output)[0].new_key as { api_key: string }).api_key;
		expect(await keyStatus(ctx.sandbox, SALES.liveKey)).toBe(200);
		ctx.sandbox.clearRequests();
		resetRateLimiters();

		const { output, error } = await run(ctx, 'workspace', 'expireWorkspaceApiKey', {
			workspaceId: byId(SALES.id),
			keyType: 'live',
		});
		expect(error).toBeUndefined();
		expect(sent(ctx)).toHaveLength(1);
		expect(sent(ctx)[0]).toMatchObject({
			method: 'POST',
			path: `/workspaces/${SALES.id}/api-key/expire`,
			query: {},
			status: 200,
		});
		expect(sent(ctx)[0].body).toEqual({ key_type: 'live' });
		// service-api.md's answer: expired_keys are the ids of the keys that stopped working.
		const [expiredId] = ctx.sandbox.state.apiKeys
			.filter((k) => k.workspaceId === SALES.id && k.value === SALES.liveKey)
			.map((k) => k.id);
		expect(jsonOf(output)[0]).toMatchObject({
			key_type: 'live',
			workspace_id: SALES.id,
			expired_count: 1,
			expired_keys: [expiredId],
			key_mode: 'live',
		});
		expect(await keyStatus(ctx.sandbox, SALES.liveKey)).toBe(401);
		expect(await keyStatus(ctx.sandbox, newKey)).toBe(200);
		expect(await keyStatus(ctx.sandbox, SALES.testKey)).toBe(200);
	});

	it('the default sends key_type live explicitly: only replaced live keys expire, test keys keep their grace', async () => {
		for (const keyType of ['live', 'test']) {
			await fetch(`${ctx.sandbox.url}/workspaces/${LEGAL.id}/api-key/regenerate`, {
				method: 'POST',
				headers: {
					Authorization: SEED.protectedWorkspace.liveKey,
					'Content-Type': 'application/json',
				},
				body: JSON.stringify({ key_type: keyType }),
			});
		}
		ctx.sandbox.clearRequests();
		resetRateLimiters();
		const { output, error } = await run(ctx, 'workspace', 'expireWorkspaceApiKey', {
			workspaceId: byId(LEGAL.id),
		});
		expect(error).toBeUndefined();
		expect(sent(ctx)).toHaveLength(1);
		expect(sent(ctx)[0].body).toEqual({ key_type: 'live' });
		expect(jsonOf(output)[0]).toMatchObject({ expired_count: 1 });
		expect(await keyStatus(ctx.sandbox, LEGAL.liveKey)).toBe(401);
		expect(await keyStatus(ctx.sandbox, LEGAL.testKey)).toBe(200);
	});

	itSendsTheKeyType(ctx, API_KEYS.expire);

	itIsRefusedForTheProtectedWorkspace(ctx, API_KEYS.expire);

	itMasksTheReplacedKeys(ctx, API_KEYS.expire);
});
