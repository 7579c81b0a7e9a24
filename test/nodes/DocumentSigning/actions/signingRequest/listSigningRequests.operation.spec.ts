import { useSandbox } from '../../../../kit';
import { api, createDraft, createSent, only, pdf, run } from './fixtures';

const ctx = useSandbox();
let sentId: string;
beforeAll(async () => {
	await createDraft(ctx.sandbox, 'Alpha draft');
	await createDraft(ctx.sandbox, 'Beta draft');
	sentId = (await createSent(ctx.sandbox, 'Gamma sent')).id;
});

describe('Signing Request → Get Many (GET /signing-requests)', () => {
	it('sends every filter and sort option as the API names them; several statuses comma-separated', async () => {
		const { output, error } = await run(ctx, 'listSigningRequests', {
			returnAll: false,
			limit: 5,
			filters: {
				name: ' a ',
				status: ['not_sent', 'in_progress'],
				created_after: '2020-01-01T00:00:00.000Z',
				created_before: '2999-12-31',
				signer_email: 'ada@example.com',
				signer_name: 'love',
			},
			sort: { sort_by: 'name', sort_order: 'asc' },
		});
		expect(error).toBeUndefined();
		expect(ctx.sandbox.requests).toHaveLength(1);
		expect(ctx.sandbox.requests[0]).toMatchObject({ method: 'GET', path: '/signing-requests' });
		expect(ctx.sandbox.requests[0].query).toEqual({
			page: '1',
			page_size: '5',
			name: 'a',
			status: 'not_sent,in_progress',
			created_after: '2020-01-01T00:00:00.000Z',
			created_before: '2999-12-31T00:00:00.000Z',
			signer_email: 'ada@example.com',
			signer_name: 'love',
			sort_by: 'name',
			sort_order: 'asc',
		});
		expect(output[0].map((item) => item.json.name)).toEqual([
			'Alpha draft',
			'Beta draft',
			'Gamma sent',
		]);
		expect(output[0].map((item) => item.json.status)).toEqual([
			'not_sent',
			'not_sent',
			'in_progress',
		]);
		for (const item of output[0]) expect(item.json.key_mode).toBe('live');
	});

	it('filters by one status and by every sort key', async () => {
		const { output } = await run(ctx, 'listSigningRequests', {
			returnAll: true,
			filters: { status: ['in_progress'] },
			sort: { sort_by: 'sent_on', sort_order: 'desc' },
		});
		expect(ctx.sandbox.requests[0].query).toEqual({
			page: '1',
			page_size: '200',
			status: 'in_progress',
			sort_by: 'sent_on',
			sort_order: 'desc',
		});
		expect(output[0].map((item) => item.json.id)).toEqual([sentId]);
	});

	it('accepts statuses from an expression as comma-separated text, without duplicates', async () => {
		await run(
			ctx,
			'listSigningRequests',
			{ returnAll: true, filters: { status: '={{ $json.statuses }}' } },
			{ input: [{ json: { statuses: 'finished, expired,finished' } }] },
		);
		expect(ctx.sandbox.requests[0].query.status).toBe('finished,expired');
	});

	it('stops at the limit', async () => {
		for (let n = 0; n < 3; n++) {
			await api(ctx.sandbox, 'POST', '/signing-requests', {
				name: `Bulk ${n}`,
				document: pdf().toString('base64'),
			});
		}
		ctx.sandbox.clearRequests();
		const { output } = await run(ctx, 'listSigningRequests', {
			returnAll: false,
			limit: 4,
		});
		expect(output[0]).toHaveLength(4);
		expect(ctx.sandbox.requests.map((r) => r.query)).toEqual([{ page: '1', page_size: '4' }]);
	});

	it('Simplify (on by default) keeps the essentials; off gives each request in full', async () => {
		const simple = only(
			(await run(ctx, 'listSigningRequests', { returnAll: false, limit: 1 })).output,
		);
		const full = only(
			(
				await run(ctx, 'listSigningRequests', {
					returnAll: false,
					limit: 1,
					simplify: false,
				})
			).output,
		);
		expect(simple).toMatchObject({ id: full.id, name: full.name, key_mode: 'live' });
		expect(Object.keys(simple).length).toBeLessThan(Object.keys(full).length);
		for (const key of Object.keys(simple)) expect(key in full).toBe(true);
		expect(simple).not.toHaveProperty('settings');
	});

	it('refuses an unknown status and an invalid date before sending anything', async () => {
		const bad = await run(ctx, 'listSigningRequests', {
			returnAll: true,
			filters: { status: '={{ "draft" }}' },
		});
		expect(bad.error?.message).toBe('Status "draft" is not a status of the list');
		const date = await run(ctx, 'listSigningRequests', {
			returnAll: true,
			filters: { created_before: 'soon' },
		});
		expect(date.error?.message).toBe('"Created Before" is not a valid date and time');
		expect(ctx.sandbox.requests).toHaveLength(0);
	});
});
