/**
 * Shared set-up of the Organization Seal operation tests: run the node against a sandbox, make
 * seals (and signing requests using them) directly over HTTP when a test only needs them as a
 * starting point. Not a test file itself.
 */
import type { RunOptions } from '../../../../kit';
import {
	api as kitApi,
	credentials as kitCredentials,
	ok as kitOk,
	PROTECTED,
	runOperation,
	SALES,
} from '../../../../kit';
import type { Sandbox } from '../../../../sandbox';
import { createSeal as createSealFixture, pdfBase64, PEOPLE } from '../../../../sandbox/fixtures';
import { sealStoreOf } from '../../../../sandbox/seals/store';
import { markPng } from '../../../../sandbox/signing/png';

export { byId, only, onlyRequest, SALES } from '../../../../kit';
export { MISSING_UUID as NO_SUCH_ID } from '../../../../kit';
export const PROTECTED_WS = PROTECTED.id;

/** Whose test key: the protected workspace's (company) or the Sales Team's. */
export type Key = 'protected' | 'workspace';

function keyFor(key: Key): string {
	return key === 'protected' ? PROTECTED.testKey : SALES.testKey;
}

export function credentials(sandbox: Sandbox, key: Key = 'protected') {
	return kitCredentials(sandbox, {
		keyToUse: 'test',
		liveApiKey: 'sk_live_unused',
		testApiKey: keyFor(key),
	});
}

export async function run(
	sandbox: Sandbox,
	operation: string,
	parameters: Record<string, unknown>,
	extra: RunOptions & { key?: Key } = {},
) {
	const { key, ...rest } = extra;
	return await runOperation(sandbox, 'organizationSeal', operation, parameters, {
		credentials: credentials(sandbox, key ?? 'protected'),
		...rest,
	});
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
	return await kitApi<T>(sandbox, method, path, body, keyFor(key));
}

export async function ok<T = Record<string, unknown>>(
	sandbox: Sandbox,
	method: string,
	path: string,
	body?: unknown,
	key: Key = 'protected',
): Promise<T> {
	return await kitOk<T>(sandbox, method, path, body, keyFor(key));
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

/** A workspace-scope uploaded seal of the workspace whose key is used (set-up over HTTP). */
export async function createSeal(
	sandbox: Sandbox,
	overrides: Record<string, unknown> = {},
	key: Key = 'protected',
): Promise<SealJson> {
	return (await createSealFixture(
		sandbox,
		{
			name: 'Main seal',
			display_name: 'Acme Signing Co.',
			workspace_id: key === 'protected' ? PROTECTED_WS : SALES.id,
			...overrides,
		},
		keyFor(key),
	)) as SealJson;
}

/** A signing request of the protected workspace that uses the seal, sent (in progress). */
export async function createSentRequestUsing(
	sandbox: Sandbox,
	sealId: string,
	name = 'Sealed contract',
): Promise<string> {
	const draft = await ok<{ id: string }>(sandbox, 'POST', '/signing-requests', {
		name,
		document: pdfBase64(1, name),
		recipients: [PEOPLE.ada],
		fields: [
			{
				type: 'signature',
				recipient_id: PEOPLE.ada.id,
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
