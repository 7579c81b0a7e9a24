import { SEED } from '../../../../sandbox';
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
	it('outputs one item per recipient with who finished, who declined and why', async () => {
		const { output, error } = await run(ctx, 'listSigningRequestUsers', {
			signingRequestId: byId(declined.id),
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

	it('keeps finished_on, declined_on and decline_reason visible (null) before anyone acted', async () => {
		const { output } = await run(ctx, 'listSigningRequestUsers', {
			signingRequestId: byId(draft.id),
		});
		expect(output[0]).toHaveLength(3);
		for (const item of output[0]) {
			expect(item.json).toHaveProperty('finished_on', null);
			expect(item.json).toHaveProperty('declined_on', null);
			expect(item.json).toHaveProperty('decline_reason', null);
		}
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
