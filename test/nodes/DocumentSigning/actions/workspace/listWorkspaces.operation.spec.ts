import type { RunOptions } from '../../../../kit';
import { runOperation, useSandbox } from '../../../../kit';
import { SEED } from '../../../../sandbox';
import { WORKSPACE_ANSWERS, itLeavesTheSecretsOut } from './secrets.twins';

const ctx = useSandbox();

const credentials = (keyToUse = 'live') => ({
	documentSigningApi: {
		baseUrl: ctx.sandbox.url,
		keyToUse,
		liveApiKey: SEED.protectedWorkspace.liveKey,
		testApiKey: SEED.protectedWorkspace.testKey,
		apiVersion: 1,
	},
});

const run = (parameters: Record<string, unknown>, extra: RunOptions = {}) =>
	runOperation(ctx.sandbox, 'workspace', 'listWorkspaces', parameters, {
		credentials: credentials(),
		...extra,
	});

describe('Workspace → Get Many (GET /workspaces)', () => {
	itLeavesTheSecretsOut(ctx, WORKSPACE_ANSWERS.listWorkspaces);

	it('sends every filter and sort option as the API names them', async () => {
		const { output, error } = await run({
			returnAll: false,
			limit: 10,
			filters: {
				name: 'team',
				protected: 'false',
				created_after: '2024-02-01T00:00:00.000Z',
				created_before: '2024-12-31',
			},
			sort: { sort_by: 'name', sort_order: 'asc' },
		});
		expect(error).toBeUndefined();
		expect(ctx.sandbox.requests).toHaveLength(1);
		expect(ctx.sandbox.requests[0]).toMatchObject({
			method: 'GET',
			path: '/workspaces',
			query: {
				page: '1',
				page_size: '10',
				name: 'team',
				protected: 'false',
				created_after: '2024-02-01T00:00:00.000Z',
				created_before: '2024-12-31T00:00:00.000Z',
				sort_by: 'name',
				sort_order: 'asc',
			},
		});
		expect(output[0].map((item) => item.json.name)).toEqual(['Legal Team', 'Sales Team']);
	});

	it('outputs one item per workspace, marked live, paired with its input item', async () => {
		const { output } = await run({ returnAll: true });
		expect(output[0]).toHaveLength(3);
		for (const item of output[0]) {
			expect(item.json.key_mode).toBe('live');
			expect(item.pairedItem).toEqual({ item: 0 });
			expect(typeof item.json.id).toBe('string');
		}
		expect(ctx.sandbox.requests[0].query).toEqual({ page: '1', page_size: '200' });
	});

	it('marks output from the test key as test', async () => {
		const { output } = await run(
			{ returnAll: false, limit: 1 },
			{ credentials: credentials('test') },
		);
		expect(output[0]).toHaveLength(1);
		expect(output[0][0].json.key_mode).toBe('test');
		expect(ctx.sandbox.requests[0].headers.authorization).toBe(SEED.protectedWorkspace.testKey);
	});

	it('refuses an invalid date, naming the field, before sending anything', async () => {
		const { error } = await run({
			returnAll: true,
			filters: { created_after: 'next tuesday-ish' },
		});
		expect(error?.message).toBe('"Created After" is not a valid date and time');
		expect(ctx.sandbox.requests).toHaveLength(0);
	});

	it('with Continue On Fail, a bad item becomes an error item and the others still run', async () => {
		const { output, error } = await run(
			{ returnAll: true, filters: { created_after: '={{ $json.after }}' } },
			{
				continueOnFail: true,
				input: [{ json: { after: '2024-02-01' } }, { json: { after: 'garbage' } }],
			},
		);
		expect(error).toBeUndefined();
		const items = output[0];
		expect(
			items.filter((i) => i.pairedItem && (i.pairedItem as { item: number }).item === 0),
		).toHaveLength(2);
		const failed = items.find((i) => (i.pairedItem as { item: number }).item === 1);
		expect(failed?.json.error).toBe('"Created After" is not a valid date and time');
		expect(ctx.sandbox.requests).toHaveLength(1);
	});

	it('a service error stops the run with the mapped message', async () => {
		const { error } = await run(
			{ returnAll: true },
			{
				credentials: {
					documentSigningApi: { ...credentials().documentSigningApi, liveApiKey: 'sk_live_nope' },
				},
			},
		);
		expect(error?.message).toBe('The live API key was refused (UNAUTHORIZED)');
	});
});
