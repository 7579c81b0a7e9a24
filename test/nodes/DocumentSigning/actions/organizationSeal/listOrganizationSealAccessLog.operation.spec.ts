import { useSandbox } from '../../../../kit';
import { byId, createSeal, ok, run, seals } from './sealKit';

const ctx = useSandbox();

describe('Organization Seal → Get Access Log (GET /seals/{id}/access-log)', () => {
	let sealId: string;
	beforeAll(async () => {
		const seal = await createSeal(ctx.sandbox);
		sealId = seal.id;
		// 1 created + 30 renamed + 4 image reads over the API, 180 older reads straight into the store = 215 entries
		for (let i = 0; i < 30; i++)
			await ok(ctx.sandbox, 'PATCH', `/seals/${sealId}`, { name: `Name ${i}` });
		for (let i = 0; i < 4; i++) await ok(ctx.sandbox, 'GET', `/seals/${sealId}/image`);
		const store = seals(ctx.sandbox);
		const head = store.get(sealId)!;
		for (let i = 0; i < 180; i++)
			store.log(head, 'image_read', { kind: 'system', id: null }).created_at = 0;
	});

	it('Return All follows the cursor over several pages to the end', async () => {
		const { output, error } = await run(ctx.sandbox, 'listOrganizationSealAccessLog', {
			sealId: byId(sealId),
			returnAll: true,
		});
		expect(error).toBeUndefined();
		expect(ctx.sandbox.requests.map((r) => `${r.method} ${r.path}`)).toEqual(
			Array(3).fill(`GET /seals/${sealId}/access-log`),
		);
		expect(ctx.sandbox.requests.map((r) => r.query.limit)).toEqual(['100', '100', '100']);
		expect(ctx.sandbox.requests[0].query.cursor).toBeUndefined();
		expect(ctx.sandbox.requests[1].query.cursor).toEqual(expect.any(String));
		expect(output[0]).toHaveLength(215);
		expect(new Set(output[0].map((i) => i.json.id)).size).toBe(215);
		const actions = output[0].map((i) => i.json.action);
		expect(actions.filter((a) => a === 'renamed')).toHaveLength(30);
		expect(actions.filter((a) => a === 'image_read')).toHaveLength(184);
		// newest first: the API's entries, then the older ones
		expect(actions.slice(0, 4)).toEqual(['image_read', 'image_read', 'image_read', 'image_read']);
		expect(actions[34]).toBe('created');
		expect(output[0][0].json).toMatchObject({
			actor_kind: 'api_key',
			key_mode: 'test',
			seal_id: sealId,
		});
	});

	it('Limit takes only the pages it needs', async () => {
		const { output } = await run(ctx.sandbox, 'listOrganizationSealAccessLog', {
			sealId: byId(sealId),
			returnAll: false,
			limit: 120,
		});
		expect(ctx.sandbox.requests.map((r) => r.query.limit)).toEqual(['100', '100']);
		expect(output[0]).toHaveLength(120);
		const small = await run(ctx.sandbox, 'listOrganizationSealAccessLog', {
			sealId: byId(sealId),
			returnAll: false,
			limit: 20,
		});
		expect(ctx.sandbox.requests.at(-1)?.query).toEqual({ limit: '20' });
		expect(small.output[0]).toHaveLength(20);
	});
});
