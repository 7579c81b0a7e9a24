/**
 * Deterministic seed data. Every sandbox instance starts from exactly this data
 * (plus `startingCredits` on the company).
 *
 * `protectedWorkspace` is the company's protected workspace (its keys reach every workspace);
 * `workspaces` are the ordinary (non-protected) workspaces. Names and created dates all differ,
 * and name order differs from created order, so sorting and filtering tests are meaningful:
 *   by created_date asc: Acme HQ (2024-01-10), Sales Team (2024-03-15), Legal Team (2024-06-01)
 *   by name asc:         Acme HQ, Legal Team, Sales Team
 */

export interface SeedWorkspace {
	readonly id: string;
	readonly name: string;
	readonly liveKey: string;
	readonly testKey: string;
	readonly created_date: string;
}

export interface SeedData {
	readonly company: {
		readonly id: string;
		readonly name: string;
		readonly language: string;
		readonly account_owner: string;
		readonly account_owner_email: string;
		readonly website: string;
		readonly created_date: string;
	};
	readonly protectedWorkspace: SeedWorkspace;
	readonly workspaces: readonly SeedWorkspace[];
}

function freezeDeep<T>(value: T): T {
	if (value && typeof value === 'object') {
		for (const inner of Object.values(value)) freezeDeep(inner);
		Object.freeze(value);
	}
	return value;
}

export const SEED: SeedData = freezeDeep({
	company: {
		id: '10000000-0000-4000-8000-000000000001',
		name: 'Acme Signing Co.',
		language: 'en',
		account_owner: 'Ada Owner',
		account_owner_email: 'owner@acme.example',
		website: 'https://acme.example',
		created_date: '2024-01-10T09:00:00.000Z',
	},
	protectedWorkspace: {
		id: '20000000-0000-4000-8000-000000000001',
		name: 'Acme HQ',
		liveKey: 'sk_live_protected_seed_key_0001',
		testKey: 'sk_test_protected_seed_key_0001',
		created_date: '2024-01-10T09:00:00.000Z',
	},
	workspaces: [
		{
			id: '20000000-0000-4000-8000-000000000002',
			name: 'Sales Team',
			liveKey: 'sk_live_sales_seed_key_0002',
			testKey: 'sk_test_sales_seed_key_0002',
			created_date: '2024-03-15T12:30:00.000Z',
		},
		{
			id: '20000000-0000-4000-8000-000000000003',
			name: 'Legal Team',
			liveKey: 'sk_live_legal_seed_key_0003',
			testKey: 'sk_test_legal_seed_key_0003',
			created_date: '2024-06-01T08:15:00.000Z',
		},
	],
});
