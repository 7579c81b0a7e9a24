/**
 * The fixtures of the signing-request tests and their one `run` (resource signingRequest, the
 * protected workspace's live key like every resource's): templates, drafts and
 * sent requests made over HTTP (bodies from test/sandbox/fixtures.ts), and for the read operations
 * (recipients, fields, reminders, audit trail, download, signer marks and files, seal
 * participants) a request with every kind of mark, sent and signed by the sandbox's simulated
 * signers; a stand-in for pre-signed storage.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';

import type { KeyMode } from '../../../../kit';
import { ok, runnerOf, withoutReadBacks } from '../../../../kit';
import type { RecordedRequest, Sandbox } from '../../../../sandbox';
import { createSeal, draftBody, pdfBase64, PEOPLE } from '../../../../sandbox/fixtures';
import { simplePdf } from '../../../../sandbox/signing/pdf';

export {
	api,
	byId,
	credentials,
	MISSING_UUID as NO_SUCH_ID,
	ok,
	only,
	onlyRequest,
	onlyWrite,
	useSandbox,
	withoutReadBacks,
} from '../../../../kit';
export type { KeyMode } from '../../../../kit';

export const run = runnerOf('signingRequest');

/**
 * The one write a template-based create sent, after its one read of the template's users (its
 * roles, to check the recipients against them): fails the test on any other requests.
 */
export function afterReadingRoles(sandbox: Sandbox, templateId: string): RecordedRequest {
	const requests = withoutReadBacks(sandbox);
	expect(requests.map((r) => `${r.method} ${r.path}`)).toEqual([
		`GET /templates/${templateId}/users`,
		expect.stringMatching(/^POST \/signing-requests/),
	]);
	return requests[1];
}

export const pdf = (pages = 1, title = 'Contract') => simplePdf(title, pages);

export interface SeedTemplate {
	id: string;
	/** The template's two signer roles, in order. */
	userIds: string[];
	/** The signature field of each role. */
	fieldIds: string[];
}

/** A two-page template with two signers (orders 1 and 2), one signature field each. */
export async function createTemplate(
	sandbox: Sandbox,
	name = 'NDA template',
): Promise<SeedTemplate> {
	const template = await ok<{ id: string }>(sandbox, 'POST', '/templates', {
		name,
		document: pdf(2, name).toString('base64'),
	});
	await ok(sandbox, 'PUT', `/templates/${template.id}`, {
		users: [
			{
				first_name: 'Role',
				last_name: 'One',
				email: 'role1@example.com',
				designation: 'Signer',
				order: 1,
			},
			{
				first_name: 'Role',
				last_name: 'Two',
				email: 'role2@example.com',
				designation: 'Signer',
				order: 2,
			},
		],
	});
	const users = (
		await ok<{ results: Array<{ id: string; order: number }> }>(
			sandbox,
			'GET',
			`/templates/${template.id}/users`,
			undefined,
		)
	).results
		.sort((a, b) => a.order - b.order)
		.map((u) => u.id);
	await ok(sandbox, 'PUT', `/templates/${template.id}`, {
		fields: users.map((userId, index) => ({
			type: 'signature',
			x: 10,
			y: 70 + index * 10,
			width: 30,
			height: 5,
			page: 2,
			required: true,
			assigned_to_user_id: userId,
		})),
	});
	const fields = (
		await ok<{ results: Array<{ id: string; recipient_id: string }> }>(
			sandbox,
			'GET',
			`/templates/${template.id}/fields`,
			undefined,
		)
	).results;
	return {
		id: template.id,
		userIds: users,
		fieldIds: users.map((u) => fields.find((f) => f.recipient_id === u)?.id ?? ''),
	};
}

/**
 * A one-page template with the given users (each a signature field, required), and optionally a
 * required text field filled with a recipient attribute (`variable_name`) for the first user.
 * Returns its id and its users' ids in the order given.
 */
export async function createTemplateWith(
	sandbox: Sandbox,
	name: string,
	users: Array<Record<string, unknown>>,
	attributeOfFirst?: string,
): Promise<{ id: string; userIds: string[] }> {
	const template = await ok<{ id: string }>(sandbox, 'POST', '/templates', {
		name,
		document: pdf(1, name).toString('base64'),
	});
	await ok(sandbox, 'PUT', `/templates/${template.id}`, { users });
	const listed = (
		await ok<{ results: Array<{ id: string; email: string }> }>(
			sandbox,
			'GET',
			`/templates/${template.id}/users`,
			undefined,
		)
	).results;
	const userIds = users.map((u) => listed.find((l) => l.email === u.email)?.id as string);
	const field = (userId: string, index: number, extra: object = {}) => ({
		type: 'signature',
		x: 10,
		y: 10 + index * 10,
		width: 20,
		height: 5,
		page: 1,
		required: true,
		assigned_to_user_id: userId,
		...extra,
	});
	await ok(sandbox, 'PUT', `/templates/${template.id}`, {
		fields: [
			...userIds.map((userId, index) => field(userId, index)),
			...(attributeOfFirst
				? [field(userIds[0], users.length, { type: 'text', variable_name: attributeOfFirst })]
				: []),
		],
	});
	return { id: template.id, userIds };
}

export interface Draft {
	id: string;
	recipients: Array<{ id: string; email: string; order: number; designation: string }>;
	fields: Array<{ id: string; recipient_id: string }>;
}

/** A draft made from a PDF: Ada (Signer, order 1) and Bob (Signer, order 2), a signature field each. */
export async function createDraft(
	sandbox: Sandbox,
	name = 'Draft',
	keyMode: KeyMode = 'live',
): Promise<Draft> {
	return await ok<Draft>(sandbox, 'POST', '/signing-requests', draftBody(name), keyMode);
}

/** A draft that has been sent (status in_progress). */
export async function createSent(
	sandbox: Sandbox,
	name = 'Sent',
	keyMode: KeyMode = 'live',
): Promise<Draft> {
	const draft = await createDraft(sandbox, name, keyMode);
	await ok(sandbox, 'POST', `/signing-requests/${draft.id}/send`, undefined, keyMode);
	return draft;
}

export interface Person {
	id: string;
	first_name: string;
	last_name: string;
	email: string;
	designation: string;
	order: number;
}

export interface RichRequest {
	id: string;
	name: string;
	keyMode: KeyMode;
	ada: Person;
	bob: Person;
	carol: Person;
	/** Ada's fields by type; Bob has one signature field. */
	fields: {
		signature: string;
		initial: string;
		stamp: string;
		file: string;
		text: string;
		bobSignature: string;
	};
	reminderIds: string[];
	sealParticipantId: string;
}

const seals = new WeakMap<Sandbox, Promise<string>>();

/**
 * The organization seal the rich requests use: a workspace-scope seal of the protected
 * workspace, made over HTTP once per sandbox (a seal participant must name a real seal).
 */
export async function sealOf(sandbox: Sandbox): Promise<string> {
	let seal = seals.get(sandbox);
	if (!seal) {
		seal = createSeal(sandbox, {
			name: 'Rich request seal',
			display_name: 'Acme Signing Co.',
		}).then((created) => created.id);
		seals.set(sandbox, seal);
	}
	return await seal;
}

/**
 * A draft made from a 2-page PDF: Ada (Signer, order 1: signature, initials, stamp, file upload
 * and text fields), Bob (Signer, order 2: signature), Carol (CC); two reminders; one seal
 * participant (order 3). Made with the live key unless told otherwise.
 */
export async function createRich(
	sandbox: Sandbox,
	name = 'Master Services Agreement',
	keyMode: KeyMode = 'live',
): Promise<RichRequest> {
	const created = await ok<{
		id: string;
		recipients: Person[];
		fields: Array<{ id: string; type: string; recipient_id: string }>;
		seal_participants: Array<{ id: string }>;
	}>(
		sandbox,
		'POST',
		'/signing-requests',
		{
			name,
			document: pdfBase64(2, name),
			recipients: [PEOPLE.ada, PEOPLE.bob, PEOPLE.carol],
			seal_participants: [{ seal_id: await sealOf(sandbox), order: 3, temp_id: 'temp_seal' }],
			fields: [
				{
					type: 'signature',
					recipient_id: 'temp_ada',
					page_number: 2,
					position: { x: 10, y: 70, width: 30, height: 6 },
					required: true,
				},
				{
					type: 'initial',
					recipient_id: 'temp_ada',
					page_number: 1,
					position: { x: 80, y: 90, width: 10, height: 5 },
					required: true,
				},
				{
					type: 'stamp',
					recipient_id: 'temp_ada',
					page_number: 2,
					position: { x: 60, y: 70, width: 20, height: 12 },
					required: true,
				},
				{
					type: 'text',
					recipient_id: 'temp_ada',
					page_number: 1,
					position: { x: 10, y: 40, width: 40, height: 4 },
					required: false,
					variable_name: 'po_number',
				},
				{
					type: 'file',
					recipient_id: 'temp_ada',
					page_number: 1,
					position: { x: 10, y: 50, width: 30, height: 5 },
					required: true,
					format_rules: { acceptedFileTypes: 'image_and_pdf' },
				},
				{
					type: 'signature',
					recipient_id: 'temp_bob',
					page_number: 2,
					position: { x: 10, y: 82, width: 30, height: 6 },
					required: true,
				},
			],
			reminders: [
				{ hours: 48, all_users: true, subject: 'Please sign', message: 'A friendly reminder' },
				{
					hours: 24,
					recipient_id: 'temp_bob',
					subject: 'Last call',
					message: 'Bob, it expires tomorrow',
				},
			],
		},
		keyMode,
	);
	const person = (email: string) => {
		const found = created.recipients.find((r) => r.email === email);
		if (!found) throw new Error(`set-up: no recipient ${email}`);
		return found;
	};
	const ada = person('ada@example.com');
	const bob = person('bob@example.com');
	const field = (type: string, recipient: Person) => {
		const found = created.fields.find((f) => f.type === type && f.recipient_id === recipient.id);
		if (!found) throw new Error(`set-up: no ${type} field for ${recipient.email}`);
		return found.id;
	};
	const reminders = await ok<Array<{ id: string }>>(
		sandbox,
		'GET',
		`/signing-requests/${created.id}/reminders`,
		undefined,
		keyMode,
	);
	return {
		id: created.id,
		name,
		keyMode,
		ada,
		bob,
		carol: person('carol@example.com'),
		fields: {
			signature: field('signature', ada),
			initial: field('initial', ada),
			stamp: field('stamp', ada),
			file: field('file', ada),
			text: field('text', ada),
			bobSignature: field('signature', bob),
		},
		reminderIds: reminders.map((r) => r.id),
		sealParticipantId: created.seal_participants[0]?.id,
	};
}

export async function send(sandbox: Sandbox, request: RichRequest): Promise<void> {
	await ok(sandbox, 'POST', `/signing-requests/${request.id}/send`, undefined, request.keyMode);
}

/** The PDF Ada uploads in her file field. */
export const UPLOADED_PDF = simplePdf('Certificate of insurance', 1);

/** Ada signs (with a text value and a PDF upload). */
export function adaSigns(sandbox: Sandbox, request: RichRequest): void {
	sandbox.simulate.sign(request.id, request.ada.id, {
		fields: { [request.fields.text]: 'PO-4711' },
		files: {
			[request.fields.file]: {
				file_name: 'insurance.pdf',
				file_type: 'application/pdf',
				content: UPLOADED_PDF,
			},
		},
	});
}

/** A sent request Ada has signed and Bob has not (status in_progress). */
export async function createHalfSigned(
	sandbox: Sandbox,
	name?: string,
	keyMode: KeyMode = 'live',
): Promise<RichRequest> {
	const request = await createRich(sandbox, name, keyMode);
	await send(sandbox, request);
	adaSigns(sandbox, request);
	return request;
}

/** A finished request: both signers signed through the simulated signers. */
export async function createFinished(
	sandbox: Sandbox,
	name?: string,
	keyMode: KeyMode = 'live',
): Promise<RichRequest> {
	const request = await createHalfSigned(sandbox, name, keyMode);
	sandbox.simulate.sign(request.id, request.bob.id);
	return request;
}

/** Requests of the node under test only (the set-up's own calls were cleared before). */
export function requestLines(sandbox: Sandbox): string[] {
	return sandbox.requests.map((r) => `${r.method} ${r.path}`);
}

/** The image the API itself hands out for a mark (decoded), to compare the node's binary with. */
export async function markFromApi(
	sandbox: Sandbox,
	request: RichRequest,
	signerId: string,
	kind: 'signature' | 'initials' | 'stamp',
	framed: boolean,
): Promise<Buffer> {
	const base = `/signing-requests/${request.id}/signers/${signerId}`;
	const path = kind === 'stamp' ? `${base}/stamps/${request.fields.stamp}` : `${base}/${kind}`;
	const body = await ok<{ image: string }>(
		sandbox,
		'GET',
		`${path}?include_frame=${framed}`,
		undefined,
		request.keyMode,
	);
	return Buffer.from(body.image.replace(/^data:image\/png;base64,/, ''), 'base64');
}

/**
 * A stand-in for pre-signed storage (the sandbox's own /_files/ URLs are not recorded and take no
 * faults): answers every GET with the configured file and records the headers it got.
 */
export interface FileServer {
	url: string;
	received: Array<{ path: string; headers: Record<string, string | string[] | undefined> }>;
	serve(status: number, body: Buffer | string, contentType: string): void;
	close(): Promise<void>;
}

export async function startFileServer(): Promise<FileServer> {
	let answer: { status: number; body: Buffer; contentType: string } = {
		status: 200,
		body: Buffer.alloc(0),
		contentType: 'application/octet-stream',
	};
	const received: FileServer['received'] = [];
	const server = http.createServer((req, res) => {
		received.push({ path: req.url ?? '', headers: req.headers });
		res.writeHead(answer.status, {
			'Content-Type': answer.contentType,
			'Content-Length': answer.body.length,
		});
		res.end(answer.body);
	});
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
	const { port } = server.address() as AddressInfo;
	return {
		url: `http://127.0.0.1:${port}`,
		received,
		serve(status, body, contentType) {
			answer = { status, body: Buffer.isBuffer(body) ? body : Buffer.from(body), contentType };
		},
		close: () => new Promise<void>((resolve) => server.close(() => resolve())),
	};
}
