import { useSandbox } from '../../../../kit';
import { createSeal, ok, seals } from './fixtures';
import { SEAL_LISTS, itPagesTheSealList } from './sealLists.twins';

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

	itPagesTheSealList(
		ctx,
		SEAL_LISTS.accessLog,
		() => ({ sealId, total: 215 }),
		'Return All follows the cursor over several pages to the end',
		(output) => {
			const actions = output[0].map((i) => i.json.action);
			expect(actions.filter((a) => a === 'renamed')).toHaveLength(30);
			expect(actions.filter((a) => a === 'image_read')).toHaveLength(184);
			// newest first: the API's entries, then the older ones
			expect(actions.slice(0, 4)).toEqual(['image_read', 'image_read', 'image_read', 'image_read']);
			expect(actions[34]).toBe('created');
			// Entries carry only their documented action and actor_kind.
			expect(output[0][0].json).toEqual({
				action: 'image_read',
				actor_kind: 'api_key',
				key_mode: 'test',
			});
			expect(output[0].slice(35).every((i) => i.json.actor_kind === 'system')).toBe(true);
		},
	);
});
