import { resetRateLimiters } from '../../../../../nodes/shared/transport';
import { KEY_GRACE_MS } from '../../../../sandbox';
import { SEED, byId, credentials, jsonOf, run, sent } from '../company/fixtures';
import {
	API_KEYS,
	itIsRefusedForTheProtectedWorkspace,
	itMasksTheReplacedKeys,
	itSendsTheKeyType,
} from './apiKeys.twins';
import { keyStatus, useRotationSandbox } from './fixtures';

const ctx = useRotationSandbox();
const [SALES, LEGAL] = SEED.workspaces;

describe('Workspace → Regenerate API Key (POST /workspaces/{id}/api-key/regenerate)', () => {
	it('issues a new live key; the old key keeps working during the 24 h grace period', async () => {
		const { output, error } = await run(ctx, 'workspace', 'regenerateWorkspaceApiKey', {
			workspaceId: byId(SALES.id),
			keyType: 'live',
		});
		expect(error).toBeUndefined();
		expect(sent(ctx)).toHaveLength(1);
		expect(sent(ctx)[0]).toMatchObject({
			method: 'POST',
			path: `/workspaces/${SALES.id}/api-key/regenerate`,
			query: {},
			status: 201,
		});
		expect(sent(ctx)[0].body).toEqual({ key_type: 'live' });
		const json = jsonOf(output)[0];
		expect(json).toMatchObject({
			workspace_id: SALES.id,
			key_type: 'live',
			new_key: { api_key: expect.stringMatching(/^sk_live_/) },
			expiring_keys: [expect.objectContaining({ expires_at: expect.any(String) })],
			key_mode: 'live',
		});
		const newKey = (json.new_key as { api_key: string }).api_key;
		expect(await keyStatus(ctx.sandbox, newKey)).toBe(200);
		expect(await keyStatus(ctx.sandbox, SALES.liveKey)).toBe(200); // grace period
		ctx.sandbox.clock.advance(KEY_GRACE_MS + 60_000);
		expect(await keyStatus(ctx.sandbox, SALES.liveKey)).toBe(401);
		expect(await keyStatus(ctx.sandbox, newKey)).toBe(200);
	});

	it('regenerates the test key only, when Key Type is Test', async () => {
		const { output, error } = await run(ctx, 'workspace', 'regenerateWorkspaceApiKey', {
			workspaceId: byId(LEGAL.id),
			keyType: 'test',
		});
		expect(error).toBeUndefined();
		expect(sent(ctx)[0].body).toEqual({ key_type: 'test' });
		expect(jsonOf(output)[0]).toMatchObject({
			key_type: 'test',
			new_key: { api_key: expect.stringMatching(/^sk_test_/) },
		});
		expect(ctx.sandbox.state.activeKey(LEGAL.id, 'live')?.value).toBe(LEGAL.liveKey);
	});

	itSendsTheKeyType(ctx, API_KEYS.regenerate);

	itIsRefusedForTheProtectedWorkspace(ctx, API_KEYS.regenerate);

	itMasksTheReplacedKeys(ctx, API_KEYS.regenerate);

	it('a workspace key cannot rotate another workspace: mapped 403', async () => {
		resetRateLimiters();
		const { error } = await run(
			ctx,
			'workspace',
			'regenerateWorkspaceApiKey',
			{ workspaceId: byId(SALES.id) },
			{
				credentials: credentials(ctx.sandbox, { liveApiKey: LEGAL.liveKey }),
			},
		);
		expect(sent(ctx)).toHaveLength(1);
		expect(error?.message).toMatch(/^Permission denied/);
	});
});
