/**
 * Shared set-up of the Organization Seal operation tests: run the node against a sandbox, make
 * seals (and signing requests using them) directly over HTTP when a test only needs them as a
 * starting point. Not a test file itself.
 */
import type { INodeExecutionData, INodeParameters } from 'n8n-workflow';

import { DocumentSigning } from '../../../../../nodes/DocumentSigning/DocumentSigning.node';
import type { RunNodeOptions } from '../../../../helpers/n8n';
import { runNode } from '../../../../helpers/n8n';
import type { Sandbox } from '../../../../sandbox';
import { SEED } from '../../../../sandbox';
import { sealStoreOf } from '../../../../sandbox/seals/store';
import { simplePdf } from '../../../../sandbox/signing/pdf';
import { markPng } from '../../../../sandbox/signing/png';

export const NO_SUCH_ID = '123e4567-e89b-42d3-a456-426614174000';
export const PROTECTED_WS = SEED.protectedWorkspace.id;
/** A key of an ordinary (not protected) workspace. */
export const SALES = SEED.workspaces.find((w) => w.name === 'Sales Team') ?? SEED.workspaces[0];

export type Key = 'protected' | 'workspace';

function keyFor(key: Key): string {
	return key === 'protected' ? SEED.protectedWorkspace.testKey : SALES.testKey;
}

export function credentials(sandbox: Sandbox, key: Key = 'protected') {
	return {
		documentSigningApi: {
			baseUrl: sandbox.url,
			keyToUse: 'test',
			liveApiKey: 'sk_live_unused',
			testApiKey: keyFor(key),
			apiVersion: 1,
		},
	};
}

export async function run(
	sandbox: Sandbox,
	operation: string,
	parameters: INodeParameters,
	extra: Partial<RunNodeOptions> & { key?: Key } = {},
) {
	const { key, ...rest } = extra;
	return await runNode({
		node: new DocumentSigning(),
		parameters: { resource: 'organizationSeal', operation, ...parameters },
		credentials: credentials(sandbox, key ?? 'protected'),
		...rest,
	});
}

export const byId = (id: string) => ({ __rl: true, mode: 'id', value: id });

export function only(output: INodeExecutionData[][]): Record<string, unknown> {
	expect(output[0]).toHaveLength(1);
	return output[0][0].json as Record<string, unknown>;
}

/** A real PNG image. */
export const png = (seed = 'Acme seal') => markPng(seed, 'stamp');
export const pngDataUri = (bytes: Buffer = png()) =>
	`data:image/png;base64,${bytes.toString('base64')}`;

export async function api<T = Record<string, unknown>>(
	sandbox: Sandbox,
	method: string,
	path: string,
	body?: unknown,
	key: Key = 'protected',
): Promise<{ status: number; body: T }> {
	const response = await fetch(`${sandbox.url}${path}`, {
		method,
		headers: { Authorization: keyFor(key), 'Content-Type': 'application/json' },
		body: body === undefined ? undefined : JSON.stringify(body),
	});
	const text = await response.text();
	return { status: response.status, body: (text ? JSON.parse(text) : {}) as T };
}

export async function ok<T = Record<string, unknown>>(
	sandbox: Sandbox,
	method: string,
	path: string,
	body?: unknown,
	key: Key = 'protected',
): Promise<T> {
	const response = await api<T>(sandbox, method, path, body, key);
	if (response.status >= 300)
		throw new Error(`${method} ${path} → ${response.status} ${JSON.stringify(response.body)}`);
	return response.body;
}

export interface SealJson {
	id: string;
	lineage_id: string;
	version: number;
	name: string;
	is_default: number;
	companies_workspaces_id: string | null;
	[key: string]: unknown;
}

/** A workspace-scope uploaded seal of the protected workspace (set-up over HTTP). */
export async function createSeal(
	sandbox: Sandbox,
	overrides: Record<string, unknown> = {},
	key: Key = 'protected',
): Promise<SealJson> {
	return await ok<SealJson>(
		sandbox,
		'POST',
		'/seals',
		{
			name: 'Main seal',
			display_name: 'Acme Signing Co.',
			kind: 'uploaded',
			scope: 'workspace',
			workspace_id: key === 'protected' ? PROTECTED_WS : SALES.id,
			image: pngDataUri(),
			statement: {
				language: 'en',
				signatory_name: 'Ada Owner',
				text: 'I attest this seal for Acme.',
				accepted: true,
			},
			...overrides,
		},
		key,
	);
}

/** A signing request of the protected workspace that uses the seal, sent (in progress). */
export async function createSentRequestUsing(
	sandbox: Sandbox,
	sealId: string,
	name = 'Sealed contract',
): Promise<string> {
	const draft = await ok<{ id: string }>(sandbox, 'POST', '/signing-requests', {
		name,
		document: simplePdf(name, 1).toString('base64'),
		recipients: [
			{
				id: 'temp_a',
				first_name: 'Ada',
				last_name: 'Lovelace',
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
				position: { x: 10, y: 60, width: 30, height: 8 },
				required: true,
			},
		],
		seal_participants: [{ seal_id: sealId, order: 2 }],
	});
	await ok(sandbox, 'POST', `/signing-requests/${draft.id}/send`);
	return draft.id;
}

export const seals = (sandbox: Sandbox) => sealStoreOf(sandbox.state);

/** The one request the node sent. */
export function onlyRequest(sandbox: Sandbox) {
	expect(sandbox.requests.map((r) => `${r.method} ${r.path}`)).toHaveLength(1);
	return sandbox.requests[0];
}
