import { useSandbox } from '../../../../kit';
import { SIGNING_REQUEST_KEYS } from '../../../../../nodes/shared/signingRequest';
import { api, createDraft, createSent, only, pdf, run, withoutReadBacks } from './fixtures';

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
		expect(withoutReadBacks(ctx.sandbox)).toHaveLength(1);
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
		// The list's words (not_sent, in_progress) as the one shape's status words.
		expect(output[0].map((item) => item.json.status)).toEqual(['draft', 'draft', 'in_progress']);
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

	it("takes the output's status words too: draft for not_sent, completed for finished", async () => {
		await run(
			ctx,
			'listSigningRequests',
			{ returnAll: true, filters: { status: '={{ $json.status }}' } },
			{ input: [{ json: { status: 'draft,completed,in_progress' } }] },
		);
		expect(ctx.sandbox.requests[0].query.status).toBe('not_sent,finished,in_progress');
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
		expect(withoutReadBacks(ctx.sandbox).map((r) => r.query)).toEqual([
			{ page: '1', page_size: '4' },
		]);
	});

	it('Simplify (on by default): each request in the one shape; off gives each request in full', async () => {
		const simple = (
			await run(ctx, 'listSigningRequests', {
				returnAll: true,
				filters: { status: ['in_progress'] },
			})
		).output[0].map((item) => item.json);
		const full = only(
			(
				await run(ctx, 'listSigningRequests', {
					returnAll: true,
					filters: { status: ['in_progress'] },
					simplify: false,
				})
			).output,
		);
		expect(simple).toHaveLength(1);
		expect(Object.keys(simple[0])).toEqual([...SIGNING_REQUEST_KEYS, 'key_mode']);
		const listed = (full.recipients as Array<Record<string, unknown>>)[0];
		expect(simple[0]).toMatchObject({
			id: sentId,
			name: 'Gamma sent',
			status: 'in_progress',
			created_at: full.created_date,
			sent_at: full.sent_date,
			expires_at: full.expires_at,
			page_count: full.page_count,
			recipient_count: (full.recipients as unknown[]).length,
			signed_count: 0,
			key_mode: 'live',
		});
		expect((simple[0].recipients as unknown[])[0]).toEqual({
			id: listed.id,
			name: listed.name,
			first_name: null,
			last_name: null,
			email: listed.email,
			designation: listed.designation,
			order: listed.order,
			signed_at: null,
			declined_at: null,
			decline_reason: null,
			signing_link: null,
		});
		expect(full.status).toBe('in_progress');
	});

	it('refuses an unknown status and an invalid date before sending anything', async () => {
		const bad = await run(ctx, 'listSigningRequests', {
			returnAll: true,
			filters: { status: '={{ "sent" }}' },
		});
		expect(bad.error?.message).toBe('Status "sent" is not a status of the list');
		const date = await run(ctx, 'listSigningRequests', {
			returnAll: true,
			filters: { created_before: 'soon' },
		});
		expect(date.error?.message).toBe('"Created Before" is not a valid date and time');
		expect(ctx.sandbox.requests).toHaveLength(0);
	});
});
