import { SEED, jsonOf, run, sent, useSandbox } from './companyKit';

const ctx = useSandbox();

describe('Company → Update One Part (PATCH /company)', () => {
	it('sends only the chosen details and outputs the whole company', async () => {
		const { output, error } = await run(ctx, 'company', 'patchCompany', {
			updateFields: { account_owner_email: ' billing@acme.example ', language: 'fr' },
		});
		expect(error).toBeUndefined();
		expect(sent(ctx)).toHaveLength(1);
		expect(sent(ctx)[0]).toMatchObject({
			method: 'PATCH',
			path: '/company',
			query: {},
			status: 200,
		});
		expect(sent(ctx)[0].body).toEqual({
			account_owner_email: 'billing@acme.example',
			language: 'fr',
		});
		expect(jsonOf(output)[0]).toMatchObject({
			name: SEED.company.name,
			account_owner_email: 'billing@acme.example',
			language: 'fr',
			key_mode: 'live',
		});
	});

	it('refuses an empty update before sending', async () => {
		const { error } = await run(ctx, 'company', 'patchCompany', { updateFields: {} });
		expect(error?.message).toBe('Add at least one field to update in "Update Fields"');
		expect(sent(ctx)).toHaveLength(0);
	});

	it('refuses a bad email before sending', async () => {
		const { error } = await run(ctx, 'company', 'patchCompany', {
			updateFields: { account_owner_email: 'nope' },
		});
		expect(error?.message).toBe('"Account Owner Email" is not a valid email address: "nope"');
		expect(sent(ctx)).toHaveLength(0);
	});
});
