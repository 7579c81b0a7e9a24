import { useSandbox } from '../../../../kit';
import { byId, createSeal, createSentRequestUsing, run, seals } from './sealKit';
import { SEAL_LISTS, itPagesTheSealList } from './sealLists.twins';

const ctx = useSandbox();

describe('Organization Seal → Get Applications (GET /seals/{id}/applications)', () => {
	let sealId: string;
	let requestId: string;
	let expected: string[];
	beforeAll(async () => {
		const seal = await createSeal(ctx.sandbox);
		sealId = seal.id;
		requestId = await createSentRequestUsing(ctx.sandbox, seal.id);
		// the signing request's seal participant comes first, then the added ones
		expected = seals(ctx.sandbox)
			.addApplications(seal.id, 229, 'applied')
			.map((a) => a.id);
	});

	itPagesTheSealList(
		ctx,
		SEAL_LISTS.applications,
		() => ({ sealId, total: 230 }),
		'Return All follows the cursor over several pages (100 per request) until it is null',
		(output) => {
			expect(output[0][0].json).toMatchObject({
				signing_request_id: requestId,
				status: 'pending',
				key_mode: 'test',
			});
			expect(output[0].slice(1).map((i) => i.json.id)).toEqual(expected);
		},
	);

	it('a limit above 100 keeps the order of the pages', async () => {
		const { output } = await run(ctx.sandbox, 'listOrganizationSealApplications', {
			sealId: byId(sealId),
			returnAll: false,
			limit: 150,
		});
		expect(output[0].slice(1).map((i) => i.json.id)).toEqual(expected.slice(0, 149));
	});
});
