import { SEED } from '../../../../sandbox';
import { RECIPIENT_KEYS } from '../../../../../nodes/shared/signingRequest';
import type { RichRequest } from './fixtures';
import { byId, createRich, requestLines, run, send, useSandbox } from './fixtures';
import { REQUEST_LISTS, itChecksTheRequestList } from './requestLists.twins';

const ctx = useSandbox();
let draft: RichRequest;
let declined: RichRequest;
beforeAll(async () => {
	draft = await createRich(ctx.sandbox, 'Draft agreement');
	declined = await createRich(ctx.sandbox, 'Declined agreement');
	await send(ctx.sandbox, declined);
	ctx.sandbox.simulate.sign(declined.id, declined.ada.id);
	ctx.sandbox.simulate.decline(declined.id, declined.bob.id, 'Wrong billing address');
});

describe('Signing Request → Get Recipients (GET /signing-requests/{id}/users)', () => {
	it('Simplify off: one item per recipient as the service lists them, who finished, who declined and why', async () => {
		const { output, error } = await run(ctx, 'listSigningRequestUsers', {
			signingRequestId: byId(declined.id),
			simplify: false,
		});
		expect(error).toBeUndefined();
		expect(ctx.sandbox.requests).toHaveLength(1);
		expect(ctx.sandbox.requests[0]).toMatchObject({
			method: 'GET',
			path: `/signing-requests/${declined.id}/users`,
			query: {},
			body: undefined,
		});
		expect(ctx.sandbox.requests[0].headers.authorization).toBe(SEED.protectedWorkspace.liveKey);
		const rows = output[0].map((item) => item.json);
		expect(rows.map((r) => r.email)).toEqual([
			'ada@example.com',
			'bob@example.com',
			'carol@example.com',
		]);
		const [ada, bob, carol] = rows;
		expect(ada).toMatchObject({
			id: declined.ada.id,
			designation: 'Signer',
			declined_on: null,
			decline_reason: null,
			key_mode: 'live',
		});
		expect(Date.parse(String(ada.finished_on))).not.toBeNaN();
		expect(bob).toMatchObject({
			id: declined.bob.id,
			finished_on: null,
			decline_reason: 'Wrong billing address',
		});
		expect(Date.parse(String(bob.declined_on))).not.toBeNaN();
		expect(carol).toMatchObject({
			designation: 'CC',
			finished_on: null,
			declined_on: null,
			decline_reason: null,
		});
		for (const item of output[0]) expect(item.pairedItem).toEqual({ item: 0 });
	});

	it('Simplify off: keeps finished_on, declined_on and decline_reason visible (null) before anyone acted', async () => {
		const { output } = await run(ctx, 'listSigningRequestUsers', {
			signingRequestId: byId(draft.id),
			simplify: false,
		});
		expect(output[0]).toHaveLength(3);
		for (const item of output[0]) {
			expect(item.json).toHaveProperty('finished_on', null);
			expect(item.json).toHaveProperty('declined_on', null);
			expect(item.json).toHaveProperty('decline_reason', null);
		}
	});

	it('Simplify (on by default): each recipient in the one shape, signed_at / declined_at as everywhere else, the decline reason kept', async () => {
		const { output, error } = await run(ctx, 'listSigningRequestUsers', {
			signingRequestId: byId(declined.id),
		});
		expect(error).toBeUndefined();
		expect(requestLines(ctx.sandbox)).toEqual([`GET /signing-requests/${declined.id}/users`]);
		const rows = output[0].map((item) => item.json);
		for (const row of rows) expect(Object.keys(row)).toEqual([...RECIPIENT_KEYS, 'key_mode']);
		const [ada, bob, carol] = rows;
		expect(ada).toMatchObject({
			id: declined.ada.id,
			name: 'Ada Lovelace',
			first_name: 'Ada',
			last_name: 'Lovelace',
			email: 'ada@example.com',
			designation: 'Signer',
			order: 1,
			declined_at: null,
			decline_reason: null,
			signing_link: null,
			key_mode: 'live',
		});
		expect(Date.parse(String(ada.signed_at))).not.toBeNaN();
		expect(bob).toMatchObject({
			id: declined.bob.id,
			signed_at: null,
			decline_reason: 'Wrong billing address',
		});
		expect(Date.parse(String(bob.declined_at))).not.toBeNaN();
		expect(carol).toMatchObject({ designation: 'CC', signed_at: null, declined_at: null });
		// The service's names are not output with Simplify on.
		for (const row of rows) {
			expect(row).not.toHaveProperty('finished_on');
			expect(row).not.toHaveProperty('declined_on');
		}
		// Get (Include Recipients) gives the same recipients, in the same shape.
		const get = await run(ctx, 'getSigningRequest', { signingRequestId: byId(declined.id) });
		expect(
			(get.output[0][0].json.recipients as unknown[]).map((person) => ({
				...(person as object),
				key_mode: 'live',
			})),
		).toEqual(rows);
	});

	it('runs once per input item, each output paired with its item, marked test with the test key', async () => {
		const { output } = await run(
			ctx,
			'listSigningRequestUsers',
			{ signingRequestId: byId('={{ $json.id }}') },
			{ keyToUse: 'test', input: [{ json: { id: draft.id } }, { json: { id: declined.id } }] },
		);
		expect(requestLines(ctx.sandbox)).toEqual([
			`GET /signing-requests/${draft.id}/users`,
			`GET /signing-requests/${declined.id}/users`,
		]);
		expect(output[0]).toHaveLength(6);
		expect(output[0].map((item) => (item.pairedItem as { item: number }).item)).toEqual([
			0, 0, 0, 1, 1, 1,
		]);
		expect(output[0].every((item) => item.json.key_mode === 'test')).toBe(true);
		expect(ctx.sandbox.requests[0].headers.authorization).toBe(SEED.protectedWorkspace.testKey);
	});

	itChecksTheRequestList(ctx, REQUEST_LISTS.users, () => declined);
});
