/**
 * Sandbox rules of the Organization Seals area that the node tests do not reach (the node refuses
 * such input before sending): validation details, image checks, versions and lineage, the default
 * flag, scope and key rules, revoke/erase states, cursor parameters, access-log actions,
 * application statuses, edge behaviour and events.
 */
import { startSandbox, SEED, type Sandbox } from '..';
import { simplePdf } from '../signing/pdf';
import { markPng } from '../signing/png';
import { call } from '../support/client';
import { sealStoreOf } from './store';

const PROTECTED = SEED.protectedWorkspace;
const SALES = SEED.workspaces.find((w) => w.name === 'Sales Team') ?? SEED.workspaces[0];
const LEGAL = SEED.workspaces.find((w) => w.id !== SALES.id) ?? SEED.workspaces[1];
const png = (seed = 'seal') => `data:image/png;base64,${markPng(seed, 'stamp').toString('base64')}`;

let sandbox: Sandbox;
beforeAll(async () => {
	sandbox = await startSandbox({ rateLimits: { read: 10_000, write: 10_000 } });
});
afterAll(async () => await sandbox.close());

const body = (overrides: Record<string, unknown> = {}) => ({
	name: 'Seal',
	display_name: 'Acme',
	kind: 'uploaded',
	scope: 'workspace',
	workspace_id: PROTECTED.id,
	image: png(),
	statement: { language: 'en', signatory_name: 'Ada', text: 'I attest.', accepted: true },
	...overrides,
});

async function create(overrides: Record<string, unknown> = {}, auth: string = PROTECTED.testKey) {
	const res = await call(sandbox, 'POST', '/seals', { auth, body: body(overrides) });
	if (res.status !== 201) throw new Error(`create → ${res.status} ${JSON.stringify(res.body)}`);
	return res.body as { id: string; lineage_id: string; version: number; is_default: number };
}

const as = (auth: string) => ({ auth });

describe('POST /seals validation', () => {
	it('names every bad field in details', async () => {
		const res = await call(sandbox, 'POST', '/seals', {
			auth: PROTECTED.testKey,
			body: {
				name: 'n'.repeat(121),
				kind: 'stamped',
				scope: 'workspace',
				statement: { language: 'xx', text: 'I attest.', accepted: false },
			},
		});
		expect(res.status).toBe(400);
		expect(res.body.code).toBe('VALIDATION_ERROR');
		expect(Object.keys(res.body.details).sort()).toEqual(
			[
				'display_name',
				'kind',
				'name',
				'statement.accepted',
				'statement.language',
				'statement.signatory_name',
				'workspace_id',
			].sort(),
		);
	});

	it('typed seals need typed{text, style} and take no image; uploaded/drawn need an image', async () => {
		const typed = await call(sandbox, 'POST', '/seals', {
			auth: PROTECTED.testKey,
			body: body({ kind: 'typed' }),
		});
		expect(res400(typed)).toEqual(['image', 'typed']);
		const drawn = await call(sandbox, 'POST', '/seals', {
			auth: PROTECTED.testKey,
			body: body({ kind: 'drawn', image: undefined }),
		});
		expect(res400(drawn)).toEqual(['image']);
	});

	it('refuses an image that is not a real PNG with 400 SEAL_IMAGE_INVALID', async () => {
		for (const image of [
			'data:image/png;base64,' + Buffer.from('not a png').toString('base64'),
			'data:image/jpeg;base64,' + Buffer.from('jpeg').toString('base64'),
			'https://example.com/seal.png',
			'data:image/png;base64,' + simplePdf('x', 1).toString('base64'),
		]) {
			const res = await call(sandbox, 'POST', '/seals', {
				auth: PROTECTED.testKey,
				body: body({ image }),
			});
			expect(res.status).toBe(400);
			expect(res.body.code).toBe('SEAL_IMAGE_INVALID');
			expect(res.body.details).toHaveProperty('image');
		}
	});

	it('company scope needs the protected key; workspace scope needs a reachable workspace', async () => {
		const company = await call(sandbox, 'POST', '/seals', {
			auth: SALES.testKey,
			body: body({ scope: 'company', workspace_id: undefined }),
		});
		expect([company.status, company.body.code]).toEqual([403, 'SEAL_SCOPE_FORBIDDEN']);
		const other = await call(sandbox, 'POST', '/seals', {
			auth: SALES.testKey,
			body: body({ workspace_id: LEGAL.id }),
		});
		expect(other.status).toBe(403);
		const withWs = await call(sandbox, 'POST', '/seals', {
			auth: PROTECTED.testKey,
			body: body({ scope: 'company' }),
		});
		expect(res400(withWs)).toEqual(['workspace_id']);
	});
});

function res400(res: { status: number; body: { details?: Record<string, string> } }): string[] {
	expect(res.status).toBe(400);
	return Object.keys(res.body.details ?? {}).sort();
}

describe('versions, lineage and the default flag', () => {
	it('an image change makes a new version of the lineage; renames and the flag do not', async () => {
		const v1 = await create({ name: 'Lineage' });
		const v2 = (
			await call(sandbox, 'PATCH', `/seals/${v1.id}`, {
				...as(PROTECTED.testKey),
				body: { image: png('v2') },
			})
		).body;
		expect(v2).toMatchObject({ lineage_id: v1.lineage_id, version: 2, deleted: 0 });
		expect(v2.id).not.toBe(v1.id);
		const old = (await call(sandbox, 'GET', `/seals/${v1.id}`, as(PROTECTED.testKey))).body;
		expect(old).toMatchObject({ version: 1, deleted: 1 });
		const renamed = (
			await call(sandbox, 'PATCH', `/seals/${v2.id}`, {
				...as(PROTECTED.testKey),
				body: { name: 'Renamed' },
			})
		).body;
		expect(renamed).toMatchObject({ id: v2.id, version: 2, name: 'Renamed' });
		const list = (await call(sandbox, 'GET', '/seals', as(PROTECTED.testKey))).body.seals as Array<{
			id: string;
			lineage_id: string;
		}>;
		expect(list.filter((s) => s.lineage_id === v1.lineage_id).map((s) => s.id)).toEqual([v2.id]);
		// the old version cannot be changed
		const stale = await call(sandbox, 'PATCH', `/seals/${v1.id}`, {
			...as(PROTECTED.testKey),
			body: { name: 'x' },
		});
		expect([stale.status, stale.body.code]).toEqual([409, 'SEAL_MUTATION_NOT_ALLOWED']);
		// access log of the lineage, newest first
		const log = (await call(sandbox, 'GET', `/seals/${v1.id}/access-log`, as(PROTECTED.testKey)))
			.body;
		expect(log.entries.map((e: { action: string }) => e.action)).toEqual([
			'renamed',
			'replaced',
			'created',
		]);
		expect(log.cursor).toBeNull();
	});

	it('one default per scope; the access log records default_changed on both seals', async () => {
		const a = await create({ workspace_id: SALES.id, is_default: true }, SALES.testKey);
		const b = await create({ workspace_id: SALES.id }, SALES.testKey);
		const res = await call(sandbox, 'PATCH', `/seals/${b.id}`, {
			...as(SALES.testKey),
			body: { is_default: true },
		});
		expect(res.body.is_default).toBe(1);
		expect((await call(sandbox, 'GET', `/seals/${a.id}`, as(SALES.testKey))).body.is_default).toBe(
			0,
		);
		const logA = (await call(sandbox, 'GET', `/seals/${a.id}/access-log`, as(SALES.testKey))).body
			.entries;
		expect(logA.map((e: { action: string }) => e.action)).toEqual([
			'default_changed',
			'default_changed',
			'created',
		]);
		const changes = sandbox.state.events.emitted
			.filter((e) => e.type === 'organization_seal.updated')
			.map((e) => (e.data.seal as { id: string }).id);
		expect(changes).toEqual(expect.arrayContaining([a.id, b.id]));
	});

	it('a statement change must repeat the stored text and be accepted', async () => {
		const seal = await create();
		const wrong = await call(sandbox, 'PATCH', `/seals/${seal.id}`, {
			...as(PROTECTED.testKey),
			body: { statement: { text: 'Other.', accepted: true } },
		});
		expect(res400(wrong)).toEqual(['statement.text']);
		const unaccepted = await call(sandbox, 'PATCH', `/seals/${seal.id}`, {
			...as(PROTECTED.testKey),
			body: { statement: { text: 'I attest.', accepted: false } },
		});
		expect(res400(unaccepted)).toEqual(['statement.accepted']);
		const empty = await call(sandbox, 'PATCH', `/seals/${seal.id}`, {
			...as(PROTECTED.testKey),
			body: {},
		});
		expect(res400(empty)).toEqual(['body']);
	});
});

describe('list, revoke and erase', () => {
	it('workspace_id the key cannot reach → 403; include_revoked shows revoked heads', async () => {
		const denied = await call(sandbox, 'GET', '/seals', {
			auth: SALES.testKey,
			query: { workspace_id: LEGAL.id },
		});
		expect(denied.status).toBe(403);
		const seal = await create({ workspace_id: LEGAL.id }, LEGAL.testKey);
		await call(sandbox, 'DELETE', `/seals/${seal.id}`, as(LEGAL.testKey));
		const active = (await call(sandbox, 'GET', '/seals', as(LEGAL.testKey))).body.seals.map(
			(s: { id: string }) => s.id,
		);
		expect(active).not.toContain(seal.id);
		const all = (
			await call(sandbox, 'GET', '/seals', {
				auth: LEGAL.testKey,
				query: { include_revoked: true },
			})
		).body.seals.map((s: { id: string }) => s.id);
		expect(all).toContain(seal.id);
	});

	it('revoke twice → 409 SEAL_ALREADY_REVOKED; revoked seals cannot change; erase is protected and then 404', async () => {
		const seal = await create({ workspace_id: SALES.id }, SALES.testKey);
		const early = await call(sandbox, 'DELETE', `/seals/${seal.id}/erase`, as(PROTECTED.testKey));
		expect([early.status, early.body.code]).toEqual([409, 'SEAL_ERASE_NOT_ELIGIBLE']);
		expect((await call(sandbox, 'DELETE', `/seals/${seal.id}`, as(SALES.testKey))).status).toBe(
			200,
		);
		const again = await call(sandbox, 'DELETE', `/seals/${seal.id}`, as(SALES.testKey));
		expect([again.status, again.body.code]).toEqual([409, 'SEAL_ALREADY_REVOKED']);
		const patch = await call(sandbox, 'PATCH', `/seals/${seal.id}`, {
			...as(SALES.testKey),
			body: { name: 'x' },
		});
		expect([patch.status, patch.body.code]).toEqual([409, 'SEAL_ALREADY_REVOKED']);
		const notProtected = await call(
			sandbox,
			'DELETE',
			`/seals/${seal.id}/erase`,
			as(SALES.testKey),
		);
		expect([notProtected.status, notProtected.body.code]).toEqual([403, 'PROTECTED_KEY_REQUIRED']);
		const erased = await call(sandbox, 'DELETE', `/seals/${seal.id}/erase`, as(PROTECTED.testKey));
		expect(erased.body).toEqual({ lineage_id: seal.lineage_id, versions_erased: 1 });
		expect((await call(sandbox, 'GET', `/seals/${seal.id}`, as(PROTECTED.testKey))).status).toBe(
			404,
		);
		const types = sandbox.state.events.emitted
			.filter((e) => JSON.stringify(e.data).includes(seal.lineage_id))
			.map((e) => e.type);
		expect(types).toEqual([
			'organization_seal.created',
			'organization_seal.deleted',
			'organization_seal.erased',
		]);
	});
});

describe('applications and cursors', () => {
	it('applications derive from signing requests: pending while in progress, applied when finished, paused when cancelled', async () => {
		const seal = await create();
		const make = async (name: string) => {
			const sr = await call(sandbox, 'POST', '/signing-requests', {
				auth: PROTECTED.testKey,
				body: {
					name,
					document: simplePdf(name, 1).toString('base64'),
					recipients: [
						{
							id: 'temp_a',
							first_name: 'Ada',
							email: 'ada@example.com',
							designation: 'Signer',
							order: 1,
						},
					],
					fields: [
						{
							type: 'signature',
							recipient_id: 'temp_a',
							page_number: 1,
							position: { x: 10, y: 10, width: 20, height: 5 },
							required: true,
						},
					],
					seal_participants: [{ seal_id: seal.id, order: 2 }],
				},
			});
			expect(sr.status).toBeLessThan(300);
			await call(sandbox, 'POST', `/signing-requests/${sr.body.id}/send`, as(PROTECTED.testKey));
			return sr.body.id as string;
		};
		const signed = await make('signed');
		const cancelled = await make('cancelled');
		const open = await make('open');
		sandbox.simulate.signAll(signed);
		await call(sandbox, 'POST', `/signing-requests/${cancelled}/cancel`, as(PROTECTED.testKey));
		const apps = (
			await call(sandbox, 'GET', `/seals/${seal.id}/applications`, as(PROTECTED.testKey))
		).body.applications;
		// An application is documented with its status only; the sandbox's record says whose it is.
		expect(apps.map((a: { status: string }) => a.status).sort()).toEqual([
			'applied',
			'paused',
			'pending',
		]);
		expect(apps.every((a: object) => Object.keys(a).join() === 'status')).toBe(true);
		const byRequest = Object.fromEntries(
			sealStoreOf(sandbox.state)
				.applicationsOf(seal.lineage_id)
				.map((a) => [a.signing_request_id, a.status]),
		);
		expect(byRequest).toEqual({ [signed]: 'applied', [cancelled]: 'paused', [open]: 'pending' });
		// revoke with stop_pending cancels only the open one
		const revoke = await call(sandbox, 'DELETE', `/seals/${seal.id}`, {
			auth: PROTECTED.testKey,
			query: { stop_pending: true },
		});
		expect(revoke.body.in_flight_requests).toEqual([open]);
		expect(sandbox.signing.statusOf(sandbox.signing.getSigningRequest(open)!)).toBe('cancelled');
	});

	it('limit 1–100 (default 25), opaque cursor bound to its list, null at the end', async () => {
		const seal = await create();
		sealStoreOf(sandbox.state).addApplications(seal.id, 60, 'pending');
		const first = await call(
			sandbox,
			'GET',
			`/seals/${seal.id}/applications`,
			as(PROTECTED.testKey),
		);
		expect(first.body.applications).toHaveLength(25);
		const second = await call(sandbox, 'GET', `/seals/${seal.id}/applications`, {
			auth: PROTECTED.testKey,
			query: { cursor: first.body.cursor, limit: 35 },
		});
		expect(second.body.applications).toHaveLength(35);
		expect(second.body.cursor).toBeNull();
		for (const limit of [0, 101, 'x']) {
			const bad = await call(sandbox, 'GET', `/seals/${seal.id}/applications`, {
				auth: PROTECTED.testKey,
				query: { limit },
			});
			expect(res400(bad)).toEqual(['limit']);
		}
		const foreign = await call(sandbox, 'GET', `/seals/${seal.id}/access-log`, {
			auth: PROTECTED.testKey,
			query: { cursor: first.body.cursor },
		});
		expect(res400(foreign)).toEqual(['cursor']);
		const garbage = await call(sandbox, 'GET', `/seals/${seal.id}/applications`, {
			auth: PROTECTED.testKey,
			query: { cursor: 'garbage' },
		});
		expect(res400(garbage)).toEqual(['cursor']);
	});
});

describe('edge gateway behaviour', () => {
	afterEach(() => {
		sealStoreOf(sandbox.state).edge = {};
	});

	it('adds X-Service-Deprecation to create and update, and can refuse image processing with 503', async () => {
		sealStoreOf(sandbox.state).edge = { deprecation: 'use the primary host' };
		const res = await call(sandbox, 'POST', '/seals', { auth: PROTECTED.testKey, body: body() });
		expect(res.headers.get('x-service-deprecation')).toBe('use the primary host');
		sealStoreOf(sandbox.state).edge = { creationDisabled: true };
		const refused = await call(sandbox, 'POST', '/seals', {
			auth: PROTECTED.testKey,
			body: body(),
		});
		expect([refused.status, refused.body.code]).toEqual([503, 'SEAL_CREATION_DISABLED_EDGE']);
		const rename = await call(sandbox, 'PATCH', `/seals/${res.body.id}`, {
			...as(PROTECTED.testKey),
			body: { name: 'still fine' },
		});
		expect(rename.status).toBe(200);
	});
});
