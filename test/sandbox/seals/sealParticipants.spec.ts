/**
 * Seal participants name real organization seals: `seal_participants[].seal_id` on signing-request
 * create (document- and template-based) and the PATCH `seal_participant` swap of signing requests
 * and templates must name a seal the request's workspace may use (company scope or that
 * workspace, not revoked, the current version of its lineage). Create → 400 naming
 * `seal_participants[i].seal_id`; swap → 404 NOT_FOUND (api-reference T4, §E.2). A template copy
 * to another workspace drops the seal participants the target may not use (T12).
 */
import { randomUUID } from 'node:crypto';

import { startSandbox, type Sandbox } from '..';
import { markPng } from '../signing/png';
import { LEGAL, P, SALES, api, createSeal, ok, pdfBase64 } from '../fixtures';
import { sealStoreOf } from './store';

let sb: Sandbox;
beforeEach(async () => {
	sb = await startSandbox({ rateLimits: { read: 10_000, write: 10_000 } });
});
afterEach(() => sb.close());

const UNKNOWN = '5ea10000-0000-4000-8000-000000000001';
const NOT_USABLE = 'not found or unavailable in this workspace';

/** One seal of every kind of availability, seen from the protected workspace P. */
async function seals() {
	const own = (await createSeal(sb, { name: 'Own' })).id;
	const company = (
		await createSeal(sb, { name: 'Company', scope: 'company', workspace_id: undefined })
	).id;
	const sales = (await createSeal(sb, { name: 'Sales', workspace_id: SALES.id })).id;
	const revoked = (await createSeal(sb, { name: 'Revoked' })).id;
	await ok(sb, 'DELETE', `/seals/${revoked}`);
	const old = (await createSeal(sb, { name: 'Replaced' })).id;
	const current = (
		await ok(sb, 'PATCH', `/seals/${old}`, {
			body: { image: `data:image/png;base64,${markPng('v2', 'stamp').toString('base64')}` },
		})
	).id as string;
	// A seal of another company (set up in the store: the seed has one company).
	const store = sealStoreOf(sb.state);
	const foreign = {
		...store.get(own)!,
		id: randomUUID(),
		lineage_id: randomUUID(),
		companies_id: randomUUID(),
	};
	store.versions.push(foreign);
	return { own, company, sales, revoked, old, current, foreign: foreign.id };
}

const documentBody = (sealIds: string[]) => ({
	name: 'Sealed',
	document: pdfBase64(1),
	recipients: [
		{ id: 'temp_a', first_name: 'Ada', email: 'ada@example.com', designation: 'Signer', order: 1 },
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
	seal_participants: sealIds.map((seal_id, i) => ({
		seal_id,
		order: i + 2,
		temp_id: `temp_seal_${i}`,
	})),
});

describe('seal_participants on create', () => {
	it('document-based: every seal_id must be usable in the workspace, otherwise 400 naming seal_participants[i].seal_id', async () => {
		const s = await seals();
		const res = await api(sb, 'POST', '/signing-requests', {
			body: documentBody([s.own, s.sales, s.revoked, UNKNOWN, s.old, s.company, s.foreign]),
		});
		expect(res.status).toBe(400);
		expect(res.body).toMatchObject({ error: 'Validation Error', code: 'VALIDATION_ERROR' });
		expect(res.body.details).toEqual({
			'seal_participants[1].seal_id': `organization seal "${s.sales}" ${NOT_USABLE}`,
			'seal_participants[2].seal_id': `organization seal "${s.revoked}" has been revoked`,
			'seal_participants[3].seal_id': `organization seal "${UNKNOWN}" ${NOT_USABLE}`,
			'seal_participants[4].seal_id': `organization seal "${s.old}" has been replaced by a newer version (${s.current})`,
			'seal_participants[6].seal_id': `organization seal "${s.foreign}" ${NOT_USABLE}`,
		});
		expect((await ok(sb, 'GET', '/signing-requests')).results).toEqual([]);

		const created = await ok(sb, 'POST', '/signing-requests', {
			body: documentBody([s.own, s.company, s.current]),
		});
		expect(created.seal_participants.map((p: any) => p.organization_seals_id)).toEqual([
			s.own,
			s.company,
			s.current,
		]);
	});

	it("a workspace key may use company seals and its own workspace's seals only", async () => {
		const s = await seals();
		const bySales = await api(sb, 'POST', '/signing-requests', {
			key: SALES.liveKey,
			body: documentBody([s.sales, s.company, s.own]),
		});
		expect(bySales.status).toBe(400);
		expect(bySales.body.details).toEqual({
			'seal_participants[2].seal_id': `organization seal "${s.own}" ${NOT_USABLE}`,
		});
		const ok1 = await ok(sb, 'POST', '/signing-requests', {
			key: SALES.liveKey,
			body: documentBody([s.sales, s.company]),
		});
		expect(ok1.seal_participants).toHaveLength(2);
	});

	it('template-based and create-and-send bodies are checked the same way', async () => {
		const s = await seals();
		const tpl = await ok(sb, 'POST', '/templates', { body: { name: 'T', document: pdfBase64(1) } });
		await ok(sb, 'PUT', `/templates/${tpl.id}`, {
			body: {
				users: [
					{
						_temp_id: 'temp_u',
						first_name: 'U',
						email: 'u@example.com',
						designation: 'Signer',
						order: 1,
					},
				],
			},
		});
		const fromTemplate = (seal_id: string) => ({
			template_id: tpl.id,
			seal_participants: [{ seal_id, order: 2 }],
		});
		const refused = await api(sb, 'POST', '/signing-requests', { body: fromTemplate(s.sales) });
		expect(refused.status).toBe(400);
		expect(refused.body.details).toEqual({
			'seal_participants[0].seal_id': `organization seal "${s.sales}" ${NOT_USABLE}`,
		});
		const created = await ok(sb, 'POST', '/signing-requests', { body: fromTemplate(s.own) });
		expect(created.seal_participants).toEqual([
			expect.objectContaining({ organization_seals_id: s.own, order: 2 }),
		]);

		const andSend = await api(sb, 'POST', '/signing-requests/create-and-send', {
			body: {
				name: 'Now',
				template_id: tpl.id,
				seal_participants: [{ seal_id: s.revoked, order: 2 }],
			},
		});
		expect(andSend.status).toBe(400);
		expect(andSend.body.details).toHaveProperty(
			['seal_participants[0].seal_id'],
			`organization seal "${s.revoked}" has been revoked`,
		);
	});
});

describe('PATCH seal_participant swap', () => {
	it('signing request: swap_to_seal_id must be usable, otherwise 404 NOT_FOUND and nothing changes', async () => {
		const s = await seals();
		const sr = await ok(sb, 'POST', '/signing-requests', { body: documentBody([s.own]) });
		await ok(sb, 'POST', `/signing-requests/${sr.id}/send`);
		const participant = sr.seal_participants[0].id;
		const swap = (to: string) =>
			api(sb, 'PATCH', `/signing-requests/${sr.id}`, {
				body: { seal_participant: { participant_id: participant, swap_to_seal_id: to } },
			});
		const cases: Array<[string, string]> = [
			[s.sales, NOT_USABLE],
			[UNKNOWN, NOT_USABLE],
			[s.foreign, NOT_USABLE],
			[s.revoked, 'has been revoked'],
			[s.old, `has been replaced by a newer version (${s.current})`],
		];
		for (const [to, reason] of cases) {
			const res = await swap(to);
			expect(res.status).toBe(404);
			expect(res.body).toEqual({
				error: 'Not Found',
				code: 'NOT_FOUND',
				message: `Organization seal ${reason}`,
				details: { 'seal_participant.swap_to_seal_id': `organization seal "${to}" ${reason}` },
			});
		}
		// The detail answer documents no seal participants: the sandbox's record is read.
		const stored = () => sb.signing.getSigningRequest(sr.id)!.sealParticipants[0];
		expect(stored().organization_seals_id).toBe(s.own);
		expect(
			sb.state.events.emitted.filter((e) => e.type === 'signing_request.seal.swapped'),
		).toEqual([]);

		const done = await swap(s.company);
		expect(done.status).toBe(200);
		expect(done.body).toMatchObject({ id: sr.id, name: sr.name });
		expect(stored()).toMatchObject({ id: participant, organization_seals_id: s.company });
	});

	it('template: swap_to_seal_id must be usable, otherwise 404 NOT_FOUND "seal not usable in this workspace"', async () => {
		const s = await seals();
		const tpl = await ok(sb, 'POST', '/templates', {
			body: { name: 'Sealed template', document: pdfBase64(1) },
		});
		// The API has no way to add a seal participant to a template: set one up in the store.
		const now = sb.clock.now();
		const participant = {
			id: randomUUID(),
			organization_seals_id: s.own,
			order: 1,
			deleted: false,
			created_at: now,
			updated_at: now,
		};
		sb.signing.getTemplate(tpl.id)!.sealParticipants.push(participant);
		const swap = (to: string) =>
			api(sb, 'PATCH', `/templates/${tpl.id}`, {
				body: { seal_participant: { participant_id: participant.id, swap_to_seal_id: to } },
			});
		for (const to of [s.sales, UNKNOWN, s.revoked, s.old, s.foreign]) {
			const res = await swap(to);
			expect(res.status).toBe(404);
			expect(res.body).toMatchObject({
				code: 'NOT_FOUND',
				details: { 'seal_participant.swap_to_seal_id': expect.stringContaining(to) },
			});
		}
		expect(participant.organization_seals_id).toBe(s.own);
		// An unknown participant is still "Seal participant not found".
		const unknown = await api(sb, 'PATCH', `/templates/${tpl.id}`, {
			body: { seal_participant: { participant_id: randomUUID(), swap_to_seal_id: s.company } },
		});
		expect(unknown.status).toBe(404);
		expect(unknown.body.message).toBe('Seal participant not found');

		const done = await swap(s.company);
		expect(done.status).toBe(200);
		expect(done.body).toEqual({
			message: expect.any(String),
			updated_fields: ['seal_participant'],
		});
		expect(participant.organization_seals_id).toBe(s.company);
		// A template of the Sales workspace may use the Sales seal.
		const salesTpl = await ok(sb, 'POST', '/templates', {
			key: SALES.liveKey,
			body: { name: 'Sales template', document: pdfBase64(1) },
		});
		const salesParticipant = { ...participant, id: randomUUID() };
		sb.signing.getTemplate(salesTpl.id)!.sealParticipants.push(salesParticipant);
		const bySales = await api(sb, 'PATCH', `/templates/${salesTpl.id}`, {
			key: SALES.liveKey,
			body: { seal_participant: { participant_id: salesParticipant.id, swap_to_seal_id: s.sales } },
		});
		expect(bySales.status).toBe(200);
	});
});

describe('template copy (T12)', () => {
	it('drops the seal participants whose seal is out of scope in the target workspace; their fields stay, unlinked', async () => {
		const s = await seals();
		const legal = (await createSeal(sb, { name: 'Legal', workspace_id: LEGAL.id })).id;
		const tpl = await ok(sb, 'POST', '/templates', {
			body: { name: 'Sealed master', document: pdfBase64(1) },
		});
		await ok(sb, 'PUT', `/templates/${tpl.id}`, {
			body: {
				users: [
					{
						_temp_id: 'temp_u',
						first_name: 'U',
						email: 'u@example.com',
						designation: 'Signer',
						order: 1,
					},
				],
			},
		});
		// The API has no way to add a seal participant to a template: set them up in the store.
		const source = sb.signing.getTemplate(tpl.id)!;
		const now = sb.clock.now();
		const sealIds = [
			s.own,
			s.company,
			s.sales,
			legal,
			s.revoked,
			s.old,
			s.current,
			s.foreign,
			UNKNOWN,
		];
		const participants = sealIds.map((sealId, i) => ({
			id: randomUUID(),
			organization_seals_id: sealId,
			order: i + 2,
			deleted: false,
			created_at: now,
			updated_at: now,
		}));
		source.sealParticipants.push(...participants);
		// A stamp field for the own (workspace P) seal and one for the company seal.
		const stamp = async (participant: { id: string }, y: number) => {
			await ok(sb, 'PATCH', `/templates/${tpl.id}`, {
				body: { field: { type: 'stamp', page: 1, x: 1, y, width: 10, height: 10 } },
			});
			const field = source.fields[source.fields.length - 1];
			field.seal_participant_id = participant.id;
			return field.id;
		};
		const ownStamp = await stamp(participants[0], 1);
		const companyStamp = await stamp(participants[1], 20);

		const copy = await ok(sb, 'POST', `/templates/${tpl.id}/copy`, {
			body: { workspace_id: SALES.id },
		});
		const copied = sb.signing.getTemplate(copy.id)!;
		expect(copied.sealParticipants.map((p) => [p.organization_seals_id, p.order])).toEqual([
			[s.company, 3],
			[s.sales, 4],
		]);
		expect(copied.sealParticipants.map((p) => p.id)).not.toEqual(
			expect.arrayContaining(participants.map((p) => p.id)),
		);
		const stamps = copied.fields.filter((f) => f.type === 'stamp');
		expect(stamps).toHaveLength(2);
		expect(stamps.map((f) => f.seal_participant_id)).toEqual([null, copied.sealParticipants[0].id]);
		// The source keeps all of them.
		expect(source.sealParticipants).toHaveLength(sealIds.length);
		expect(source.fields.find((f) => f.id === ownStamp)!.seal_participant_id).toBe(
			participants[0].id,
		);
		expect(source.fields.find((f) => f.id === companyStamp)!.seal_participant_id).toBe(
			participants[1].id,
		);

		// A signing request duplicated from the copy by the Sales key has the kept ones.
		const dup = await ok(sb, 'POST', `/templates/${copy.id}/duplicate`, { key: SALES.liveKey });
		expect(
			sb.signing
				.getSigningRequest(dup.signing_request.id)!
				.sealParticipants.map((p) => p.organization_seals_id),
		).toEqual([s.company, s.sales]);

		// Into Legal: the Legal seal is kept, the Sales one dropped. Into the template's own workspace the
		// seals of that workspace stay, but a revoked seal or a replaced version is still dropped.
		const toLegal = await ok(sb, 'POST', `/templates/${tpl.id}/copy`, {
			body: { workspace_id: LEGAL.id },
		});
		expect(
			sb.signing.getTemplate(toLegal.id)!.sealParticipants.map((p) => p.organization_seals_id),
		).toEqual([s.company, legal]);
		const toOwn = await ok(sb, 'POST', `/templates/${tpl.id}/copy`, {
			body: { workspace_id: P.id },
		});
		expect(
			sb.signing.getTemplate(toOwn.id)!.sealParticipants.map((p) => p.organization_seals_id),
		).toEqual([s.own, s.company, s.current]);
	});
});
