/**
 * Shared set-up of the signing-request operation tests (Create … Resend): run the node against a
 * sandbox, and make templates / drafts / sent requests directly over HTTP when a test only needs
 * them as a starting point. Not a test file itself.
 */
import type { KeyMode, RunOptions } from '../../../../kit';
import {
	api as kitApi,
	credentials as kitCredentials,
	ok as kitOk,
	PROTECTED,
	runOperation,
} from '../../../../kit';
import type { Sandbox } from '../../../../sandbox';
import { simplePdf } from '../../../../sandbox/signing/pdf';

export { byId, only, onlyRequest } from '../../../../kit';
export { MISSING_UUID as NO_SUCH_ID } from '../../../../kit';
export type { KeyMode } from '../../../../kit';

const keyOf = (keyMode: KeyMode) => (keyMode === 'test' ? PROTECTED.testKey : PROTECTED.liveKey);

/** The node's credentials for the sandbox, using the protected workspace's TEST key by default. */
export function credentials(sandbox: Sandbox, keyToUse: KeyMode = 'test') {
	return kitCredentials(sandbox, { keyToUse });
}

/** Runs the node with resource signingRequest and the given operation and parameters. */
export async function run(
	sandbox: Sandbox,
	operation: string,
	parameters: Record<string, unknown>,
	extra: RunOptions & { keyMode?: KeyMode } = {},
) {
	const { keyMode, ...rest } = extra;
	return await runOperation(sandbox, 'signingRequest', operation, parameters, {
		...rest,
		keyToUse: keyMode ?? 'test',
	});
}

export const pdf = (pages = 1, title = 'Contract') => simplePdf(title, pages);

/** A call of the service API with the protected workspace's TEST key by default (set-up only). */
export async function api<T = Record<string, unknown>>(
	sandbox: Sandbox,
	method: string,
	path: string,
	body?: unknown,
	keyMode: KeyMode = 'test',
): Promise<{ status: number; body: T }> {
	return await kitApi<T>(sandbox, method, path, body, keyOf(keyMode));
}

async function ok<T = Record<string, unknown>>(
	sandbox: Sandbox,
	method: string,
	path: string,
	body?: unknown,
	keyMode: KeyMode = 'test',
): Promise<T> {
	return await kitOk<T>(sandbox, method, path, body, keyOf(keyMode));
}

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
		)
	).results;
	return {
		id: template.id,
		userIds: users,
		fieldIds: users.map((u) => fields.find((f) => f.recipient_id === u)?.id ?? ''),
	};
}

export interface Draft {
	id: string;
	recipients: Array<{ id: string; email: string; order: number; designation: string }>;
	fields: Array<{ id: string; recipient_id: string }>;
}

/** A draft made from a PDF: two signers (temp_a order 1, temp_b order 2), one signature each. */
export async function createDraft(
	sandbox: Sandbox,
	name = 'Draft',
	keyMode: KeyMode = 'test',
): Promise<Draft> {
	return await ok<Draft>(
		sandbox,
		'POST',
		'/signing-requests',
		{
			name,
			document: pdf(1, name).toString('base64'),
			recipients: [
				{
					id: 'temp_a',
					first_name: 'Ada',
					last_name: 'Lovelace',
					email: 'ada@example.com',
					designation: 'Signer',
					order: 1,
				},
				{
					id: 'temp_b',
					first_name: 'Bob',
					last_name: 'Byron',
					email: 'bob@example.com',
					designation: 'Signer',
					order: 2,
				},
			],
			fields: ['temp_a', 'temp_b'].map((ref, index) => ({
				type: 'signature',
				recipient_id: ref,
				page_number: 1,
				position: { x: 10, y: 60 + index * 15, width: 30, height: 8 },
				required: true,
			})),
		},
		keyMode,
	);
}

/** A draft that has been sent (status in_progress). */
export async function createSent(
	sandbox: Sandbox,
	name = 'Sent',
	keyMode: KeyMode = 'test',
): Promise<Draft> {
	const draft = await createDraft(sandbox, name, keyMode);
	await ok(sandbox, 'POST', `/signing-requests/${draft.id}/send`, undefined, keyMode);
	return draft;
}
