import { ApiError, SEED, startSandbox, type Sandbox } from './index';
import { call } from './support/client';

const P = SEED.protectedWorkspace;
const [SALES] = SEED.workspaces;

let sb: Sandbox;
beforeEach(async () => {
	sb = await startSandbox({ startingCredits: 42 });
});
afterEach(() => sb.close());

describe('GET /company', () => {
	it('returns the Company object with credits', async () => {
		const res = await call(sb, 'GET', '/company', { auth: P.liveKey });
		expect(res.status).toBe(200);
		expect(res.body).toEqual({
			id: SEED.company.id,
			name: SEED.company.name,
			language: 'en',
			account_owner: SEED.company.account_owner,
			account_owner_email: SEED.company.account_owner_email,
			website: SEED.company.website,
			icon_url: null,
			credits: 42,
			created_date: SEED.company.created_date,
			updated_date: SEED.company.created_date,
		});
	});

	it('is readable with any key of the company, live or test', async () => {
		for (const key of [SALES.liveKey, SALES.testKey, P.testKey]) {
			expect((await call(sb, 'GET', '/company', { auth: key })).body.id).toBe(SEED.company.id);
		}
	});

	it('defaults to 100 starting credits', async () => {
		const other = await startSandbox();
		try {
			expect((await call(other, 'GET', '/company', { auth: P.liveKey })).body.credits).toBe(100);
		} finally {
			await other.close();
		}
	});
});

describe('credits', () => {
	it('live keys are charged', async () => {
		const auth = sb.state.authenticate(SALES.liveKey)!;
		expect(sb.state.consumeCredits(auth, 5)).toBe(true);
		expect(sb.state.consumeCredits({ auth }, 2)).toBe(true);
		expect(sb.state.company.credits).toBe(35);
		expect((await call(sb, 'GET', '/company', { auth: SALES.testKey })).body.credits).toBe(35);
	});

	it('test keys are never charged', () => {
		const auth = sb.state.authenticate(SALES.testKey)!;
		expect(auth.testMode).toBe(true);
		expect(sb.state.consumeCredits(auth, 5)).toBe(false);
		expect(sb.state.consumeCredits(auth, 1000)).toBe(false);
		expect(sb.state.company.credits).toBe(42);
	});

	it('refuses a live charge larger than the balance with 402 INSUFFICIENT_CREDITS, charging nothing', () => {
		const auth = sb.state.authenticate(P.liveKey)!;
		let thrown: unknown;
		try {
			sb.state.consumeCredits(auth, 43);
		} catch (err) {
			thrown = err;
		}
		expect(thrown).toBeInstanceOf(ApiError);
		expect((thrown as ApiError).status).toBe(402);
		expect((thrown as ApiError).body).toMatchObject({
			code: 'INSUFFICIENT_CREDITS',
			current_credits: 42,
		});
		expect(sb.state.company.credits).toBe(42);
		expect(sb.state.consumeCredits(auth, 42)).toBe(true);
		expect(sb.state.company.credits).toBe(0);
	});
});
