import { useSandbox } from '../../../../kit';
import { byId, createSeal, createSentRequestUsing, run, seals } from './sealKit';

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

	it('Return All follows the cursor over several pages (100 per request) until it is null', async () => {
		const { output, error } = await run(ctx.sandbox, 'listOrganizationSealApplications', {
			sealId: byId(sealId),
			returnAll: true,
		});
		expect(error).toBeUndefined();
		expect(ctx.sandbox.requests.map((r) => [r.method, r.path])).toEqual([
			['GET', `/seals/${sealId}/applications`],
			['GET', `/seals/${sealId}/applications`],
			['GET', `/seals/${sealId}/applications`],
		]);
		expect(ctx.sandbox.requests[0].query).toEqual({ limit: '100' });
		expect(ctx.sandbox.requests[1].query).toEqual({ limit: '100', cursor: expect.any(String) });
		expect(ctx.sandbox.requests[2].query.cursor).not.toBe(ctx.sandbox.requests[1].query.cursor);
		expect(output[0]).toHaveLength(230);
		expect(output[0][0].json).toMatchObject({
			signing_request_id: requestId,
			status: 'pending',
			key_mode: 'test',
		});
		expect(output[0].slice(1).map((i) => i.json.id)).toEqual(expected);
		expect(new Set(output[0].map((i) => i.json.id)).size).toBe(230);
	});

	it('Limit stops after enough results (page size = the limit)', async () => {
		const { output } = await run(ctx.sandbox, 'listOrganizationSealApplications', {
			sealId: byId(sealId),
			returnAll: false,
			limit: 30,
		});
		expect(ctx.sandbox.requests).toHaveLength(1);
		expect(ctx.sandbox.requests[0].query).toEqual({ limit: '30' });
		expect(output[0]).toHaveLength(30);
	});

	it('a limit above 100 takes several pages of 100', async () => {
		const { output } = await run(ctx.sandbox, 'listOrganizationSealApplications', {
			sealId: byId(sealId),
			returnAll: false,
			limit: 150,
		});
		expect(ctx.sandbox.requests.map((r) => r.query.limit)).toEqual(['100', '100']);
		expect(output[0]).toHaveLength(150);
		expect(output[0].slice(1).map((i) => i.json.id)).toEqual(expected.slice(0, 149));
	});

	it('refuses a malformed seal id before sending', async () => {
		const { error } = await run(ctx.sandbox, 'listOrganizationSealApplications', {
			sealId: 'x',
			returnAll: true,
		});
		expect(error?.message).toBe('"Organization Seal" is not a valid ID: "x"');
		expect(ctx.sandbox.requests).toHaveLength(0);
	});
});
