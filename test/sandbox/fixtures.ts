/**
 * The service's fixtures, defined once for the sandbox's own tests, the node tests and e2e: API
 * calls with a key (`api`, `ok`), a document-based draft with two signers (`draftBody`,
 * `createDraft`, `createSent`), an organization seal (`createSeal`), a PDF as base64, a receiver of
 * webhook deliveries (`Receiver`). No jest
 * globals here: this file is compiled with the sandbox.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';

import { SEED } from './seed';
import type { Sandbox } from './server';
import { call, type CallResult } from './support/client';
import { simplePdf } from './signing/pdf';
import { markPng } from './signing/png';

export const P = SEED.protectedWorkspace;
export const SALES = SEED.workspaces[0];
export const LEGAL = SEED.workspaces[1];

export function pdfBase64(pages = 1, title = 'Contract'): string {
	return simplePdf(title, pages).toString('base64');
}

export async function api<T = any>(
	sb: Pick<Sandbox, 'url'>,
	method: string,
	path: string,
	opts: { key?: string; body?: unknown; query?: Record<string, string | number> } = {},
): Promise<CallResult<T>> {
	return call<T>(sb, method, path, {
		auth: opts.key ?? P.liveKey,
		body: opts.body,
		query: opts.query,
	});
}

/** Like `api` but fails unless the status is 2xx. */
export async function ok<T = any>(
	sb: Pick<Sandbox, 'url'>,
	method: string,
	path: string,
	opts: { key?: string; body?: unknown; query?: Record<string, string | number> } = {},
): Promise<T> {
	const res = await api<T>(sb, method, path, opts);
	if (res.status >= 300)
		throw new Error(`${method} ${path} → ${res.status} ${JSON.stringify(res.body)}`);
	return res.body;
}

/** GET of a pre-signed URL (no Authorization header). */
export async function fetchFile(
	url: string,
): Promise<{ status: number; bytes: Buffer; contentType: string | null }> {
	const res = await fetch(url);
	return {
		status: res.status,
		bytes: Buffer.from(await res.arrayBuffer()),
		contentType: res.headers.get('content-type'),
	};
}

/** The people of the fixtures, as a draft's body names them (`id` is their temporary id). */
export const PEOPLE = {
	ada: {
		id: 'temp_ada',
		first_name: 'Ada',
		last_name: 'Lovelace',
		email: 'ada@example.com',
		designation: 'Signer',
		order: 1,
	},
	bob: {
		id: 'temp_bob',
		first_name: 'Bob',
		last_name: 'Byron',
		email: 'bob@example.com',
		designation: 'Signer',
		order: 2,
	},
	carol: {
		id: 'temp_carol',
		first_name: 'Carol',
		last_name: 'Copy',
		email: 'carol@example.com',
		designation: 'CC',
		order: 1,
	},
};

/** The users of the fixture templates, as a template's PUT body names them. */
export const TEMPLATE_PEOPLE = {
	signer: {
		first_name: 'Signer',
		last_name: 'One',
		email: 'signer@example.com',
		designation: 'Signer',
		order: 1,
	},
	approver: {
		first_name: 'Approver',
		last_name: 'Two',
		email: 'approver@example.com',
		designation: 'Approver',
		order: 2,
	},
};

/** A document-based draft: Ada (Signer 1) and Bob (Signer 2), a signature field each. */
export function draftBody(name = 'Service Agreement', pages = 1): Record<string, unknown> {
	return {
		name,
		document: pdfBase64(pages, name),
		recipients: [PEOPLE.ada, PEOPLE.bob],
		fields: [
			{
				type: 'signature',
				recipient_id: 'temp_ada',
				page_number: 1,
				position: { x: 10, y: 70, width: 30, height: 6 },
				required: true,
			},
			{
				type: 'signature',
				recipient_id: 'temp_bob',
				page_number: pages,
				position: { x: 50, y: 70, width: 30, height: 6 },
				required: true,
			},
		],
	};
}

export interface DraftInfo {
	id: string;
	ada: string;
	bob: string;
	body: any;
}

export async function createDraft(
	sb: Pick<Sandbox, 'url'>,
	key = P.liveKey,
	name?: string,
	pages = 1,
): Promise<DraftInfo> {
	const body = await ok(sb, 'POST', '/signing-requests', { key, body: draftBody(name, pages) });
	const byEmail = (email: string) =>
		body.recipients.find((r: any) => r.email === email).id as string;
	return { id: body.id, ada: byEmail('ada@example.com'), bob: byEmail('bob@example.com'), body };
}

export async function createSent(
	sb: Pick<Sandbox, 'url'>,
	key = P.liveKey,
	name?: string,
	pages = 1,
): Promise<DraftInfo> {
	const draft = await createDraft(sb, key, name, pages);
	await ok(sb, 'POST', `/signing-requests/${draft.id}/send`, { key });
	return draft;
}

/**
 * A real organization seal (POST /seals) for seal participants: workspace scope of the protected
 * workspace unless `overrides` say otherwise. Returns the seal JSON (`id`, `lineage_id`, …).
 */
export async function createSeal(
	sb: Pick<Sandbox, 'url'>,
	overrides: Record<string, unknown> = {},
	key = P.liveKey,
): Promise<{ id: string; lineage_id: string; companies_workspaces_id: string | null }> {
	return await ok(sb, 'POST', '/seals', {
		key,
		body: {
			name: 'Company seal',
			display_name: 'Acme Inc.',
			kind: 'uploaded',
			scope: 'workspace',
			workspace_id: P.id,
			image: `data:image/png;base64,${markPng('Acme seal', 'stamp').toString('base64')}`,
			statement: {
				language: 'en',
				signatory_name: 'Ada Owner',
				text: 'I attest this seal for Acme.',
				accepted: true,
			},
			...overrides,
		},
	});
}

export interface Received {
	headers: http.IncomingHttpHeaders;
	body: string;
	at: number;
}

/**
 * A local HTTP endpoint that records deliveries and answers with `status`: a status, or a function
 * of the 1-based count of deliveries ('hang': never answers). `onReceived` sees each delivery as
 * it is recorded.
 */
export class Receiver {
	constructor(private readonly onReceived?: (delivery: Received) => void) {}
	readonly received: Received[] = [];
	status: number | ((n: number) => number | 'hang') = 200;
	private server = http.createServer((req, res) => {
		const chunks: Buffer[] = [];
		req.on('data', (c: Buffer) => chunks.push(c));
		req.on('end', () => {
			const delivery: Received = {
				headers: req.headers,
				body: Buffer.concat(chunks).toString('utf8'),
				at: Date.now(),
			};
			this.received.push(delivery);
			this.onReceived?.(delivery);
			const status =
				typeof this.status === 'number' ? this.status : this.status(this.received.length);
			if (status === 'hang') return; // never answers
			res.writeHead(status, { 'Content-Type': 'application/json' });
			res.end('{"ok":true}');
		});
	});
	url = '';
	async start(): Promise<this> {
		await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', () => resolve()));
		this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/hook`;
		return this;
	}
	async stop(): Promise<void> {
		this.server.closeAllConnections();
		await new Promise<void>((resolve) => this.server.close(() => resolve()));
	}
}
