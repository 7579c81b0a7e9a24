/**
 * The sandbox answers every operation with exactly the documented shape: each success answer of
 * a walk through all 115 operations of the catalogue (and several states of a signing request)
 * validates against its schema in responses.json with `additionalProperties: false` everywhere,
 * so a guessed name (a key the documents do not give) fails here. So do webhook delivery bodies.
 */
import http from 'node:http';

import { SEED, startSandbox, type Sandbox } from '../sandbox';
import { encodeGrayPng } from '../sandbox/signing/png';
import { createSeal, draftBody, ok, pdfBase64 } from '../sandbox/fixtures';
import { loadCatalogue } from './catalogue';
import { answerChecker, loadResponses, operationOf, strictSchema } from './responses';

const doc = loadResponses();
const catalogue = loadCatalogue();
const P = SEED.protectedWorkspace;
const SALES = SEED.workspaces[0];

let sb: Sandbox;
const png = () => encodeGrayPng(2, 2, new Uint8Array(4));

async function uploadLogo(path: string): Promise<void> {
	const form = new FormData();
	form.append('file', new Blob([png()], { type: 'image/png' }), 'logo.png');
	const res = await fetch(`${sb.url}${path}`, {
		method: 'POST',
		headers: { Authorization: P.liveKey },
		body: form,
	});
	if (res.status !== 200) throw new Error(`POST ${path} → ${res.status} ${await res.text()}`);
}

/** Calls of every operation, in an order that builds what the next ones need. */
async function walk(): Promise<void> {
	const get = (path: string, query?: Record<string, string | number>) =>
		ok(sb, 'GET', path, { query });

	// ---- company, workspaces ------------------------------------------------------------------
	await get('/company');
	await ok(sb, 'PUT', '/company', {
		body: {
			name: 'Acme',
			account_owner: 'Ada Owner',
			account_owner_email: 'owner@acme.example',
			website: 'https://acme.example',
			language: 'ca',
		},
	});
	await ok(sb, 'PATCH', '/company', { body: { name: 'Acme Inc.' } });
	await get('/company/settings');
	await ok(sb, 'PUT', '/company/settings', {
		body: {
			completion_title: 'Thanks',
			color_primary: '#112233',
			default_timezone: 'Europe/Berlin',
		},
	});
	await uploadLogo('/company/logo');
	await ok(sb, 'DELETE', '/company/logo');
	await get('/workspaces');
	const ws = await ok(sb, 'POST', '/workspaces', { body: { name: 'Shapes' } });
	await get(`/workspaces/${ws.id}`);
	await ok(sb, 'PUT', `/workspaces/${ws.id}`, { body: { name: 'Shapes 2' } });
	await ok(sb, 'PATCH', `/workspaces/${ws.id}`, { body: { name: 'Shapes 3' } });
	await ok(sb, 'POST', `/workspaces/${ws.id}/api-key/regenerate`, { body: { key_type: 'live' } });
	await ok(sb, 'POST', `/workspaces/${ws.id}/api-key/expire`, { body: { key_type: 'live' } });
	await uploadLogo(`/workspaces/${ws.id}/logo`);
	await ok(sb, 'DELETE', `/workspaces/${ws.id}/logo`);
	await get(`/workspace/${P.id}/settings`);
	await ok(sb, 'PUT', `/workspace/${P.id}/settings`, {
		body: { team_email: 'team@acme.example', require_otp_verification: true },
	});

	// ---- templates ----------------------------------------------------------------------------
	const tpl = await ok(sb, 'POST', '/templates', {
		body: { name: 'NDA', document: pdfBase64(2, 'NDA'), description: 'Mutual NDA' },
	});
	const put = await ok(sb, 'PUT', `/templates/${tpl.id}`, {
		body: {
			users: [
				{
					_temp_id: 'temp_a',
					first_name: 'Ada',
					last_name: 'Lovelace',
					email: 'ada@example.com',
					designation: 'Signer',
					order: 1,
				},
				{
					_temp_id: 'temp_c',
					first_name: 'Cy',
					email: 'cy@example.com',
					designation: 'CC',
					order: 1,
				},
			],
			fields: [
				{
					type: 'signature',
					assigned_to_user_id: 'temp_a',
					page: 1,
					x: 10,
					y: 70,
					width: 30,
					height: 6,
					required: true,
				},
				{
					type: 'date',
					assigned_to_user_id: 'temp_a',
					page: 2,
					x: 10,
					y: 80,
					width: 20,
					height: 4,
					default_to_signing_date: true,
				},
			],
			reminders: [{ hours: 24, all_users: true, subject: 'Reminder', message: 'Please sign' }],
		},
	});
	const ada = put.recipients.find((u: { email: string }) => u.email === 'ada@example.com');
	await ok(sb, 'PATCH', `/templates/${tpl.id}`, { body: { name: 'NDA v2' } });
	await ok(sb, 'PATCH', `/templates/${tpl.id}`, {
		body: {
			user: {
				id: ada.id,
				first_name: 'Ada',
				email: 'ada@example.com',
				designation: 'Signer',
				order: 1,
			},
		},
	});
	await ok(sb, 'PATCH', `/templates/${tpl.id}`, {
		body: {
			field: {
				type: 'text',
				assigned_to_user_id: ada.id,
				page: 1,
				x: 50,
				y: 10,
				width: 20,
				height: 4,
			},
		},
	});
	await get(`/templates/${tpl.id}`);
	await get('/templates');
	await get(`/templates/${tpl.id}/users`);
	await get(`/templates/${tpl.id}/fields`);
	await get(`/templates/${tpl.id}/reminders`);
	await ok(sb, 'POST', `/templates/${tpl.id}/replace-document`, {
		body: { document: pdfBase64(2, 'NDA v2') },
	});
	const tplField = await ok(sb, 'POST', `/templates/${tpl.id}/custom-fields`, {
		body: { field_label: 'Contract number' },
	});
	await get(`/templates/${tpl.id}/custom-fields`);
	await ok(sb, 'DELETE', `/templates/${tpl.id}/custom-fields/${tplField.id}`);
	await ok(sb, 'POST', `/templates/${tpl.id}/copy`, { body: { workspace_id: SALES.id } });
	const duplicated = await ok(sb, 'POST', `/templates/${tpl.id}/duplicate`, {
		body: { name: 'From the NDA' },
	});
	const spare = await ok(sb, 'POST', '/templates', {
		body: { name: 'Spare', document: pdfBase64() },
	});
	await ok(sb, 'DELETE', `/templates/${spare.id}`);

	// ---- JWT ----------------------------------------------------------------------------------
	const templateToken = await ok(sb, 'POST', '/generate-template-token', {
		body: { companies_workspaces_templates_id: tpl.id },
	});
	await ok(sb, 'POST', '/revoke-template-token', {
		body: { jwt_id: templateToken.jwt_record_id ?? templateToken.jwt_id },
	});

	// ---- signing requests: a draft in every shape of edit, then each state ----------------------
	const draft = await ok(sb, 'POST', '/signing-requests', {
		body: { ...draftBody('Service Agreement', 2), description: 'Q3 services' },
	});
	const draftAda = draft.recipients.find((r: { email: string }) => r.email === 'ada@example.com');
	await get(`/signing-requests/${draft.id}`);
	await ok(sb, 'PATCH', `/signing-requests/${draft.id}`, {
		body: { name: 'Service Agreement v2' },
	});
	await ok(sb, 'PATCH', `/signing-requests/${draft.id}`, {
		body: {
			recipient: {
				id: draftAda.id,
				first_name: 'Ada',
				last_name: 'King',
				email: 'ada@example.com',
				designation: 'Signer',
				order: 1,
			},
		},
	});
	await ok(sb, 'PATCH', `/signing-requests/${draft.id}`, {
		body: {
			field: {
				type: 'text',
				recipient_id: draftAda.id,
				page_number: 1,
				position: { x: 60, y: 10, width: 20, height: 4 },
			},
		},
	});
	await ok(sb, 'PUT', `/signing-requests/${draft.id}`, {
		body: {
			signing_request_properties: { expiration_hours: 72 },
			reminders: [{ hours: 24, all_users: true, subject: 'Reminder', message: 'Please sign' }],
		},
	});
	await get(`/signing-requests/${draft.id}/users`);
	await get(`/signing-requests/${draft.id}/fields`);
	await get(`/signing-requests/${draft.id}/reminders`);
	const srField = await ok(sb, 'POST', `/signing-requests/${draft.id}/custom-fields`, {
		body: { field_label: 'PO number' },
	});
	await get(`/signing-requests/${draft.id}/custom-fields`);
	await ok(sb, 'DELETE', `/signing-requests/${draft.id}/custom-fields/${srField.id}`);
	const srToken = await ok(sb, 'POST', '/jwt/generate-signing-request', {
		body: { companies_workspaces_signing_requests_id: draft.id },
	});
	await ok(sb, 'POST', '/jwt/revoke-signing-request', { body: { jwt_id: srToken.jwt_id } });
	await ok(sb, 'POST', `/signing-requests/${draft.id}/send`);
	const bob = draft.recipients.find((r: { email: string }) => r.email === 'bob@example.com');
	await get(`/signing-requests/${draft.id}`);
	await ok(sb, 'GET', `/signing-requests/${draft.id}/download`);
	sb.simulate.sign(draft.id, draftAda.id);
	await ok(sb, 'POST', `/signing-requests/${draft.id}/resend`, {
		body: { recipient_ids: [bob.id] },
	});
	await get(`/signing-requests/${draft.id}/users`);
	sb.simulate.signAll(draft.id);
	await get(`/signing-requests/${draft.id}`);
	await get(`/signing-requests/${draft.id}/users`);
	await get(`/signing-requests/${draft.id}/fields`);
	await get(`/signing-requests/${draft.id}/audit`);
	await ok(sb, 'GET', `/signing-requests/${draft.id}/download`);

	const declined = await ok(sb, 'POST', '/signing-requests', { body: draftBody('Declined') });
	await ok(sb, 'POST', `/signing-requests/${declined.id}/send`);
	sb.simulate.decline(declined.id, declined.recipients[0].id, 'Wrong address');
	await get(`/signing-requests/${declined.id}`);
	await get(`/signing-requests/${declined.id}/users`);
	await ok(sb, 'GET', `/signing-requests/${declined.id}/download`);

	const cancelled = await ok(sb, 'POST', '/signing-requests', { body: draftBody('Cancelled') });
	await ok(sb, 'POST', `/signing-requests/${cancelled.id}/send`);
	await ok(sb, 'POST', `/signing-requests/${cancelled.id}/cancel`, {
		body: { reason: 'Superseded' },
	});
	await get(`/signing-requests/${cancelled.id}`);

	const expired = await ok(sb, 'POST', '/signing-requests', { body: draftBody('Expired') });
	await ok(sb, 'POST', `/signing-requests/${expired.id}/send`);
	sb.simulate.expire(expired.id);
	await get(`/signing-requests/${expired.id}`);

	const fromTemplate = await ok(sb, 'POST', '/signing-requests/create-and-send', {
		body: {
			name: 'NDA for Grace',
			template_id: tpl.id,
			recipients: [
				{
					template_user_id: ada.id,
					first_name: 'Grace',
					last_name: 'Hopper',
					email: 'grace@example.com',
					designation: 'Signer',
					order: 1,
				},
			],
		},
	});
	await get(`/signing-requests/${fromTemplate.id}`);
	await ok(sb, 'POST', '/signing-requests/create-and-send', {
		body: {
			name: 'From a PDF',
			document: pdfBase64(),
			recipients: [
				{
					id: 'temp_1',
					first_name: 'Lin',
					email: 'lin@example.com',
					designation: 'Signer',
					order: 1,
				},
			],
			fields: [{ type: 'signature', recipient_id: 'temp_1', page: 1, x: 100, y: 500 }],
		},
	});
	await ok(sb, 'POST', '/signing-requests', { body: { template_id: tpl.id } });
	await ok(sb, 'POST', '/signing-requests', {
		body: {
			...draftBody('Odd email'),
			recipients: [
				{
					id: 'temp_ada',
					first_name: 'Ada',
					email: 'ada+nda@example.com',
					designation: 'Signer',
					order: 1,
				},
			],
			fields: [],
		},
	});
	await ok(sb, 'POST', '/documents', {
		body: { name: 'Legacy', recipients: [{ name: 'Lee Gacy', email: 'lee@example.com' }] },
	});
	const doomed = await ok(sb, 'POST', '/signing-requests', { body: draftBody('Doomed') });
	await ok(sb, 'DELETE', `/signing-requests/${doomed.id}`);
	await get('/signing-requests');
	await get('/signing-requests', {
		status: 'finished,declined,cancelled,expired,in_progress,not_sent',
	});
	await get(`/signing-requests/${duplicated.signing_request?.id ?? duplicated.id}`);

	// ---- signer marks and files ---------------------------------------------------------------
	const marks = await ok(sb, 'POST', '/signing-requests', {
		body: {
			name: 'Marks',
			document: pdfBase64(),
			recipients: [
				{
					id: 'temp_a',
					first_name: 'Ada',
					email: 'ada@example.com',
					designation: 'Signer',
					order: 1,
				},
			],
			fields: ['signature', 'initial', 'stamp', 'file'].map((type, i) => ({
				type,
				recipient_id: 'temp_a',
				page_number: 1,
				position: { x: 1 + 20 * i, y: 1, width: 10, height: 5 },
				required: true,
			})),
		},
	});
	await ok(sb, 'POST', `/signing-requests/${marks.id}/send`);
	const signer = marks.recipients[0].id as string;
	const fieldOf = (type: string) =>
		marks.fields.find((f: { type: string }) => f.type === type).id as string;
	sb.simulate.sign(marks.id, signer, {
		files: {
			[fieldOf('file')]: {
				file_name: 'insurance.pdf',
				file_type: 'application/pdf',
				content: pdfBase64(),
			},
		},
	});
	const base = `/signing-requests/${marks.id}/signers/${signer}`;
	await get(`${base}/signature`);
	await get(`${base}/initials`);
	await get(`${base}/stamps/${fieldOf('stamp')}`);
	await get(`${base}/files/${fieldOf('file')}`);

	// ---- organization seals and seal participants ------------------------------------------------
	const seal = await createSeal(sb);
	await get('/seals');
	await get(`/seals/${seal.id}`);
	const seal2 = await ok(sb, 'PATCH', `/seals/${seal.id}`, { body: { name: 'Company seal v2' } });
	await get(`/seals/${seal2.id}/image`);
	const sealed = await ok(sb, 'POST', '/signing-requests', {
		body: {
			...draftBody('Sealed'),
			seal_participants: [{ seal_id: seal2.id, order: 3, temp_id: 'temp_seal' }],
		},
	});
	const participant = sealed.seal_participants[0].id as string;
	const sealedToo = await ok(sb, 'POST', '/signing-requests', {
		body: { ...draftBody('Sealed too'), seal_participants: [{ seal_id: seal2.id, order: 3 }] },
	});
	await ok(sb, 'POST', `/signing-requests/${sealedToo.id}/send`);
	await get(`/signing-requests/${sealedToo.id}`);
	await ok(sb, 'DELETE', `/signing-requests/${sealed.id}/seal-participants/${participant}`);
	await get(`/seals/${seal2.id}/applications`);
	await get(`/seals/${seal2.id}/access-log`, { limit: 2 });
	await ok(sb, 'DELETE', `/seals/${seal2.id}`);
	await get('/seals', { include_revoked: 'true' });
	await ok(sb, 'DELETE', `/seals/${seal2.id}/erase`);

	// ---- custom fields, signer terms, email templates ----------------------------------------------
	const wsField = await ok(sb, 'POST', `/workspace/${P.id}/custom-fields`, {
		body: { field_label: 'Cost centre', is_preset: true, preset_value: 'CC-1' },
	});
	await get(`/workspace/${P.id}/custom-fields`);
	await ok(sb, 'PUT', `/workspace/${P.id}/custom-fields/${wsField.id}`, {
		body: { field_label: 'Cost center' },
	});
	await ok(sb, 'DELETE', `/workspace/${P.id}/custom-fields/${wsField.id}`);
	for (const owner of ['/company', `/workspace/${P.id}`]) {
		await ok(sb, 'PUT', `${owner}/signer-terms/en`, {
			body: {
				statement_text: '<p>I agree</p><script>x</script>',
				terms_url: 'https://acme.example/terms',
			},
		});
		await get(`${owner}/signer-terms`);
		await ok(sb, 'DELETE', `${owner}/signer-terms/en`);
		await ok(sb, 'PUT', `${owner}/email-templates/signing_invite`, {
			body: { subject: 'Please sign', body: '<p>Sign here</p>' },
		});
		await ok(sb, 'PUT', `${owner}/email-templates/signing_invite`, {
			body: { subject: 'Please sign', body: '<p>{{signing_link}}</p>' },
		});
		await ok(sb, 'PUT', `${owner}/email-templates/signing_completed`, {
			body: { subject: 'Done', body: '<p>{{signing_link}}</p>' },
		});
		await get(`${owner}/email-templates`);
		await ok(sb, 'DELETE', `${owner}/email-templates/signing_invite`);
	}
	await ok(sb, 'PUT', `/workspace/${P.id}/email-templates/next_signer`, {
		body: { subject: 'Your turn', body: '<p>{{signing_link}}</p>' },
	});
	await get(`/workspace/${P.id}/email-templates/next_signer`);
	await get('/email-templates/defaults/de');
	await get('/email-templates/placeholders');

	// ---- email domains (company and workspace), through every stage -------------------------------
	for (const [owner, name] of [
		['/company/domains', 'mail.acme.example'],
		[`/workspace/${SALES.id}/domains`, 'sales.acme.example'],
	]) {
		const created = await ok(sb, 'POST', owner, { body: { domain: name } });
		const id = created.domain.id as string;
		await get(owner);
		await get(`${owner}/${id}`);
		await ok(sb, 'POST', `/_sandbox/email-domains/${id}/publish-ownership`);
		await ok(sb, 'POST', `${owner}/${id}/verify-ownership`);
		await ok(sb, 'POST', `${owner}/${id}/finalize`);
		await get(`${owner}/${id}`);
		await ok(sb, 'POST', `${owner}/${id}/verify-dns`);
		await ok(sb, 'POST', `/_sandbox/email-domains/${id}/publish-records`);
		await ok(sb, 'POST', `${owner}/${id}/verify-dns`);
		await ok(sb, 'POST', `${owner}/${id}/set-primary`);
		await get(owner);
		await ok(sb, 'DELETE', `${owner}/${id}`);
	}

	// ---- webhooks: deliveries of the events after this point are checked too ----------------------
	sb.webhooks.setCompanyMasterSwitch(true);
	sb.webhooks.setWorkspaceMasterSwitch(P.id, true);
	const hook = await ok(sb, 'POST', '/webhooks', {
		body: {
			url: `${receiver.url}/hook`,
			events: ['signing_request.completed', 'signing_request.sent'],
		},
	});
	await ok(sb, 'POST', '/webhooks', {
		body: { url: `${receiver.url}/ws`, events: ['signing_request.created'], workspace_id: P.id },
	});
	await get('/webhooks');
	await get(`/webhooks/${hook.id}`);
	await ok(sb, 'PUT', `/webhooks/${hook.id}`, {
		body: {
			url: `${receiver.url}/hook2`,
			events: ['signing_request.completed', 'signing_request.sent'],
		},
	});
	await ok(sb, 'POST', `/webhooks/${hook.id}/test`);
	await ok(sb, 'POST', '/webhooks/rotate-secret');
	await get('/webhooks/secret-status');
	await ok(sb, 'POST', `/workspaces/${P.id}/webhooks/rotate-secret`);
	await get(`/workspaces/${P.id}/webhooks/secret-status`);
	const late = await ok(sb, 'POST', '/signing-requests', { body: draftBody('Late') });
	await ok(sb, 'POST', `/signing-requests/${late.id}/send`);
	sb.simulate.signAll(late.id);
	await sb.webhooks.flush();
	await ok(sb, 'DELETE', `/webhooks/${hook.id}`);
	await get('/webhooks');
}

/** A local receiver for the webhook deliveries. */
const receiver = { url: '', close: () => Promise.resolve() };

/** Problems per operation; every operation that answered 2xx at least once is a key. */
const problems = new Map<string, string[]>();
const statuses = new Map<string, Set<number>>();

describe('the sandbox answers with the documented shapes (strict: no undocumented key)', () => {
	beforeAll(async () => {
		const server = http.createServer((req, res) => {
			req.resume();
			req.on('end', () => res.writeHead(200).end('{}'));
		});
		await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
		const address = server.address() as { port: number };
		receiver.url = `http://127.0.0.1:${address.port}`;
		receiver.close = () => new Promise<void>((resolve) => server.close(() => resolve()));

		sb = await startSandbox({
			webhookRetryScale: 0.00001,
			rateLimits: {
				read: 10_000,
				write: 10_000,
				webhook: 10_000,
				webhookTest: 100,
				keyRotation: 100,
				secretRotation: 100,
				signerAsset: 1000,
			},
		});
		await walk();
		const checker = answerChecker(doc, { strict: true });
		for (const request of sb.requests) {
			if (request.status < 200 || request.status >= 300) continue;
			const operationId = operationOf(doc, request.method, request.path);
			if (!operationId) {
				problems.set(`${request.method} ${request.path}`, ['no documented operation']);
				continue;
			}
			const found = checker.check(operationId, request.responseBody);
			const list = problems.get(operationId) ?? [];
			for (const line of found) if (!list.includes(line)) list.push(line);
			problems.set(operationId, list);
			const seen = statuses.get(operationId) ?? new Set<number>();
			seen.add(request.status);
			statuses.set(operationId, seen);
		}
	}, 120_000);

	afterAll(async () => {
		await sb?.close();
		await receiver.close();
	});

	it('has a documented answer for each of the 115 operations of the catalogue, and no other', () => {
		expect(Object.keys(doc.operations).sort()).toEqual(
			catalogue.map((op) => op.operationId).sort(),
		);
		for (const op of catalogue) {
			const answer = doc.operations[op.operationId];
			expect({
				op: op.operationId,
				method: answer.method,
				path: answer.path,
				ref: answer.ref,
			}).toEqual({
				op: op.operationId,
				method: op.method,
				path: op.path,
				ref: op.ref,
			});
			expect(answer.status.length).toBeGreaterThan(0);
			expect(answer.source).toMatch(/\.md/);
		}
	});

	it('exercised every operation of the catalogue with a success answer', () => {
		const missing = catalogue.map((op) => op.operationId).filter((id) => !problems.has(id));
		expect(missing).toEqual([]);
		expect([...problems.keys()].filter((key) => !(key in doc.operations))).toEqual([]);
	});

	it.each(catalogue.map((op) => [op.operationId]))('%s', (operationId) => {
		expect({ operationId, problems: problems.get(operationId) }).toEqual({
			operationId,
			problems: [],
		});
		const documented = doc.operations[operationId].status;
		for (const status of statuses.get(operationId) ?? []) expect(documented).toContain(status);
	});

	it('delivers webhook bodies in the documented envelope', () => {
		const checker = answerChecker(doc, { strict: true });
		const bodies = sb.deliveries.map((d) => JSON.parse(d.body) as Record<string, unknown>);
		expect(bodies.length).toBeGreaterThan(3);
		expect(new Set(bodies.map((b) => b.type))).toEqual(
			new Set([
				'webhook.test',
				'signing_request.created',
				'signing_request.sent',
				'signing_request.completed',
			]),
		);
		for (const body of bodies) {
			expect({ type: body.type, problems: checker.checkDelivery(body) }).toEqual({
				type: body.type,
				problems: [],
			});
		}
	});
});

describe('the strict check', () => {
	it('refuses a guessed key at the top and inside, and a missing required one', () => {
		const checker = answerChecker(doc, { strict: true });
		const detail = {
			id: '5f0c6a1e-8d1b-4c55-9e4a-0d6f1c1b2a3c',
			name: 'NDA',
			companies_workspaces_id: '6a0c6a1e-8d1b-4c55-9e4a-0d6f1c1b2a3c',
			status: { sent: true, finished: false, cancelled: false, declined: false, expired: false },
		};
		expect(checker.check('getSigningRequest', detail)).toEqual([]);
		expect(checker.check('getSigningRequest', { ...detail, workspace_id: detail.id })).toEqual([
			expect.stringContaining('must NOT have additional properties "workspace_id"'),
		]);
		expect(
			checker.check('getSigningRequest', { ...detail, status: { ...detail.status, state: 'x' } }),
		).toEqual([expect.stringContaining('/status must NOT have additional properties "state"')]);
		const { companies_workspaces_id: _, ...withoutWorkspace } = detail;
		expect(checker.check('getSigningRequest', withoutWorkspace)).toEqual([
			expect.stringContaining("must have required property 'companies_workspaces_id'"),
		]);
		// Without `strict`, documented keys are checked and others allowed (the service may add some).
		expect(answerChecker(doc).check('getSigningRequest', { ...detail, extra: 1 })).toEqual([]);
	});

	it('leaves open what the documents leave open and closes everything that lists its keys', () => {
		const strict = strictSchema({
			type: 'object',
			properties: { a: { type: 'object' }, b: { type: 'object', properties: { c: {} } } },
			definitions: { X: { type: 'object', properties: {}, additionalProperties: true } },
		});
		expect(strict).toEqual({
			type: 'object',
			properties: {
				a: { type: 'object' },
				b: { type: 'object', properties: { c: {} }, additionalProperties: false },
			},
			definitions: { X: { type: 'object', properties: {}, additionalProperties: true } },
			additionalProperties: false,
		});
	});
});
