import { api, jsonOf, run, sent, simplePdf, useSandbox } from './fixtures';

const ctx = useSandbox();
const list = (parameters: Record<string, unknown>, extra = {}) =>
	run(ctx, 'template', 'listTemplates', parameters, extra);

const DAY = 24 * 60 * 60 * 1000;

beforeAll(async () => {
	// Created in this order, a day apart; names sort differently.
	for (const name of ['Offer Letter', 'NDA Mutual', 'Lease Contract']) {
		const { status } = await api(ctx.sandbox, 'POST', '/templates', {
			name,
			document: simplePdf(name).toString('base64'),
		});
		expect(status).toBe(201);
		ctx.sandbox.clock.advance(DAY);
	}
});

describe('Template → Get Many (GET /templates)', () => {
	it('sends every filter and sort option as the API names them', async () => {
		const { output, error } = await list({
			returnAll: false,
			limit: 10,
			filters: { name: ' a ', created_after: '2000-01-01', created_before: '2999-12-31T00:00:00Z' },
			sort: { sort_by: 'name', sort_order: 'asc' },
		});
		expect(error).toBeUndefined();
		expect(sent(ctx)).toHaveLength(1);
		expect(sent(ctx)[0]).toMatchObject({
			method: 'GET',
			path: '/templates',
			query: {
				page: '1',
				page_size: '10',
				name: 'a',
				created_after: '2000-01-01T00:00:00.000Z',
				created_before: '2999-12-31T00:00:00.000Z',
				sort_by: 'name',
				sort_order: 'asc',
			},
		});
		expect(jsonOf(output).map((t) => t.name)).toEqual(['Lease Contract', 'NDA Mutual']);
	});

	it('sorts by last change, and returns all with the largest page size', async () => {
		const { output, error } = await list({
			returnAll: true,
			sort: { sort_by: 'last_changed_on', sort_order: 'desc' },
		});
		expect(error).toBeUndefined();
		expect(sent(ctx)[0].query).toEqual({
			page: '1',
			page_size: '200',
			sort_by: 'last_changed_on',
			sort_order: 'desc',
		});
		expect(jsonOf(output).map((t) => t.name)).toEqual([
			'Lease Contract',
			'NDA Mutual',
			'Offer Letter',
		]);
	});

	it('outputs one item per template with its fields, marked with the key mode and paired', async () => {
		const { output } = await list({ returnAll: false, limit: 2 });
		expect(sent(ctx)[0].query).toEqual({ page: '1', page_size: '2' });
		expect(output[0]).toHaveLength(2);
		for (const item of output[0]) {
			expect(item.pairedItem).toEqual({ item: 0 });
			expect(item.json).toMatchObject({
				key_mode: 'live',
				id: expect.any(String),
				name: expect.any(String),
			});
		}
		// Default sort: newest first.
		expect(output[0][0].json.name).toBe('Lease Contract');
	});

	it('Simplify (on by default) drops fields and settings; off gives each template in full', async () => {
		const simple = (await list({ returnAll: false, limit: 1 })).output[0][0].json;
		const full = (await list({ returnAll: false, limit: 1, simplify: false })).output[0][0].json;
		expect(full.id).toBe(simple.id);
		expect(full).toHaveProperty('settings');
		expect(simple).not.toHaveProperty('settings');
		expect(simple).not.toHaveProperty('fields');
		expect(simple).toMatchObject({ id: full.id, name: full.name, key_mode: 'live' });
		for (const key of Object.keys(simple)) expect(key in full).toBe(true);
	});

	it('an empty result gives no items', async () => {
		const { output, error } = await list({
			returnAll: true,
			filters: { name: 'no such template' },
		});
		expect(error).toBeUndefined();
		expect(output[0]).toEqual([]);
	});

	it('refuses an invalid date before sending anything', async () => {
		const { error } = await list({ returnAll: true, filters: { created_before: 'someday' } });
		expect(error?.message).toBe('"Created Before" is not a valid date and time');
		expect(sent(ctx)).toHaveLength(0);
	});
});
