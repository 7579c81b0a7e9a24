import { SEED, SALES, credentials, jsonOf, run, sent, useSandbox } from './fixtures';
import { ENTITIES, itGetsTheEntity } from './entity.twins';

const ctx = useSandbox();

describe('Company → Get (GET /company)', () => {
	itGetsTheEntity(ctx, ENTITIES.company, 'gets the company of the key, marked live', {
		id: SEED.company.id,
		name: SEED.company.name,
		account_owner_email: SEED.company.account_owner_email,
		credits: expect.any(Number),
	});

	it('a workspace key reads it too; the test key is marked test', async () => {
		const { output, error } = await run(
			ctx,
			'company',
			'getCompany',
			{},
			{
				credentials: credentials(ctx.sandbox, { keyToUse: 'test', testApiKey: SALES.testKey }),
			},
		);
		expect(error).toBeUndefined();
		expect(sent(ctx)[0].headers.authorization).toBe(SALES.testKey);
		expect(jsonOf(output)[0]).toMatchObject({ id: SEED.company.id, key_mode: 'test' });
	});
});
