import { SEED, run, sent, useSandbox } from './fixtures';
import { ENTITIES, itPatchesTheEntity } from './entity.twins';

const ctx = useSandbox();

describe('Company → Update One Part (PATCH /company)', () => {
	itPatchesTheEntity(
		ctx,
		ENTITIES.company,
		'sends only the chosen details and outputs the whole company',
		{
			updateFields: { account_owner_email: ' billing@acme.example ', language: 'fr' },
			body: { account_owner_email: 'billing@acme.example', language: 'fr' },
			output: {
				name: SEED.company.name,
				account_owner_email: 'billing@acme.example',
				language: 'fr',
			},
		},
	);

	it('refuses a bad email before sending', async () => {
		const { error } = await run(ctx, 'company', 'patchCompany', {
			updateFields: { account_owner_email: 'nope' },
		});
		expect(error?.message).toBe('"Account Owner Email" is not a valid email address: "nope"');
		expect(sent(ctx)).toHaveLength(0);
	});
});
