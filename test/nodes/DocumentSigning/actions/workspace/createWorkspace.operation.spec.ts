import { SALES, credentials, jsonOf, run, sent, useSandbox } from '../company/fixtures';

const ctx = useSandbox();

describe('Workspace → Create (POST /workspaces)', () => {
	it('creates a non-protected workspace with its keys and emits workspace.created', async () => {
		const emitted = ctx.sandbox.state.events.emitted.length;
		const { output, error } = await run(ctx, 'workspace', 'createWorkspace', {
			name: ' Procurement ',
		});
		expect(error).toBeUndefined();
		expect(sent(ctx)).toHaveLength(1);
		expect(sent(ctx)[0]).toMatchObject({
			method: 'POST',
			path: '/workspaces',
			query: {},
			status: 201,
		});
		expect(sent(ctx)[0].body).toEqual({ name: 'Procurement' });
		const ws = jsonOf(output)[0];
		expect(ws).toMatchObject({
			id: expect.stringMatching(/^[0-9a-f-]{36}$/),
			name: 'Procurement',
			protected: false,
			api_key: expect.stringMatching(/^sk_live_/),
			test_api_key: expect.stringMatching(/^sk_test_/),
			key_mode: 'live',
		});
		expect(
			ctx.sandbox.state.events.emitted.slice(emitted).map((e) => [e.type, e.workspace_id]),
		).toEqual([['workspace.created', ws.id]]);
	});

	it('refuses an empty or too long name before sending', async () => {
		expect((await run(ctx, 'workspace', 'createWorkspace', { name: ' ' })).error?.message).toBe(
			'"Name" is empty',
		);
		expect(
			(await run(ctx, 'workspace', 'createWorkspace', { name: 'x'.repeat(256) })).error?.message,
		).toBe('"Name" is 256 characters long; the service accepts at most 255');
		expect(sent(ctx)).toHaveLength(0);
	});

	it('a workspace key may not create workspaces: mapped 403', async () => {
		const { error } = await run(
			ctx,
			'workspace',
			'createWorkspace',
			{ name: 'X' },
			{
				credentials: credentials(ctx.sandbox, { liveApiKey: SALES.liveKey }),
			},
		);
		expect(sent(ctx)).toHaveLength(1);
		expect(error?.message).toMatch(
			/^Permission denied: Only the protected workspace API key can create workspaces/,
		);
	});
});
