import { SALES, api, credentials, jsonOf, run, sent, useSandbox } from './fixtures';

const ctx = useSandbox();

const valid = {
	name: ' Acme Renamed ',
	accountOwner: 'Grace Owner',
	accountOwnerEmail: 'grace@acme.example',
	website: 'https://renamed.example',
};

describe('Company → Update (PUT /company)', () => {
	it('sends all four required details (trimmed) plus the language, and outputs the company', async () => {
		const { output, error } = await run(ctx, 'company', 'updateCompany', {
			...valid,
			additionalFields: { language: 'de' },
		});
		expect(error).toBeUndefined();
		expect(sent(ctx)).toHaveLength(1);
		expect(sent(ctx)[0]).toMatchObject({ method: 'PUT', path: '/company', query: {}, status: 200 });
		expect(sent(ctx)[0].body).toEqual({
			name: 'Acme Renamed',
			account_owner: 'Grace Owner',
			account_owner_email: 'grace@acme.example',
			website: 'https://renamed.example',
			language: 'de',
		});
		expect(jsonOf(output)[0]).toMatchObject({
			name: 'Acme Renamed',
			account_owner: 'Grace Owner',
			language: 'de',
			key_mode: 'live',
		});
		expect((await api(ctx.sandbox, 'GET', '/company')).body.name).toBe('Acme Renamed');
	});

	it('without a language, sends no language key', async () => {
		const { error } = await run(ctx, 'company', 'updateCompany', valid);
		expect(error).toBeUndefined();
		expect(Object.keys(sent(ctx)[0].body as object).sort()).toEqual([
			'account_owner',
			'account_owner_email',
			'name',
			'website',
		]);
	});

	it('a workspace (non-protected) key is refused by the service: mapped 403', async () => {
		const { error } = await run(ctx, 'company', 'updateCompany', valid, {
			credentials: credentials(ctx.sandbox, { liveApiKey: SALES.liveKey }),
		});
		expect(sent(ctx)).toHaveLength(1);
		expect(error?.message).toMatch(/^Permission denied/);
	});

	describe('refuses bad input before sending', () => {
		const cases: Array<[string, Record<string, unknown>, string]> = [
			['an empty name', { name: '  ' }, '"Name" is empty'],
			[
				'a name over 255 characters',
				{ name: 'n'.repeat(256) },
				'"Name" is 256 characters long; the service accepts at most 255',
			],
			[
				'a bad owner email',
				{ accountOwnerEmail: 'grace(at)acme' },
				'"Account Owner Email" is not a valid email address: "grace(at)acme"',
			],
			[
				'a website that is not a web address',
				{ website: 'acme.example' },
				'"Website" must be a web address starting with https:// or http://',
			],
		];
		it.each(cases)('%s', async (_name, parameters, message) => {
			const { error } = await run(ctx, 'company', 'updateCompany', { ...valid, ...parameters });
			expect(error?.message).toBe(message);
			expect(sent(ctx)).toHaveLength(0);
		});
	});
});
