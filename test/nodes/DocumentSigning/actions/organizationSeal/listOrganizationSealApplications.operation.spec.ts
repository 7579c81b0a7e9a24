import { useSandbox } from '../../../../kit';
import { byId, createSeal, createSentRequestUsing, run, seals } from './fixtures';
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
		// the signing request's seal participant comes first, then the added ones, whose statuses
		// cycle so that a page read twice or skipped would show (entries have only a status)
		const cycle = ['applied', 'paused', 'pending'] as const;
		const added = seals(ctx.sandbox).addApplications(seal.id, 229, 'applied');
		added.forEach((a, i) => (a.status = cycle[i % 3]));
		expected = added.map((a) => a.status);
	});

	itPagesTheSealList(
		ctx,
		SEAL_LISTS.applications,
		() => ({ sealId, total: 230 }),
		'Return All follows the cursor over several pages (100 per request) until it is null',
		(output) => {
			// The first is the sent request's (pending); entries carry only their status.
			expect(output[0][0].json).toEqual({ status: 'pending', key_mode: 'test' });
			expect(
				seals(ctx.sandbox).applicationsOf(seals(ctx.sandbox).get(sealId)!.lineage_id)[0]
					.signing_request_id,
			).toBe(requestId);
			expect(output[0].slice(1).map((i) => i.json.status)).toEqual(expected);
		},
	);

	it('a limit above 100 keeps the order of the pages', async () => {
		const { output } = await run(ctx.sandbox, 'listOrganizationSealApplications', {
			sealId: byId(sealId),
			returnAll: false,
			limit: 150,
		});
		expect(output[0].slice(1).map((i) => i.json.status)).toEqual(expected.slice(0, 149));
	});
});
