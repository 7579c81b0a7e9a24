/**
 * Shared set-up of the signing-request operation tests (Create … Resend): run the node against a
 * sandbox, and make templates / drafts / sent requests directly over HTTP when a test only needs
 * them as a starting point. Not a test file itself.
 */
import type { INodeExecutionData, INodeParameters } from 'n8n-workflow';

import { DocumentSigning } from '../../../../../nodes/DocumentSigning/DocumentSigning.node';
import type { RunNodeOptions } from '../../../../helpers/n8n';
import { runNode } from '../../../../helpers/n8n';
import type { Sandbox } from '../../../../sandbox';
import { SEED } from '../../../../sandbox';
import { simplePdf } from '../../../../sandbox/signing/pdf';

export type KeyMode = 'live' | 'test';

export const NO_SUCH_ID = '123e4567-e89b-42d3-a456-426614174000';

export function credentials(sandbox: Sandbox, keyToUse: KeyMode = 'test') {
	return {
		documentSigningApi: {
			baseUrl: sandbox.url,
			keyToUse,
			liveApiKey: SEED.protectedWorkspace.liveKey,
			testApiKey: SEED.protectedWorkspace.testKey,
			apiVersion: 1,
		},
	};
}

/** Runs the node with resource signingRequest and the given operation and parameters. */
export async function run(
	sandbox: Sandbox,
	operation: string,
	parameters: INodeParameters,
	extra: Partial<RunNodeOptions> & { keyMode?: KeyMode } = {},
) {
	const { keyMode, ...rest } = extra;
	return await runNode({
		node: new DocumentSigning(),
		parameters: { resource: 'signingRequest', operation, ...parameters },
		credentials: credentials(sandbox, keyMode ?? 'test'),
		...rest,
	});
}

/** A resource-locator value by ID. */
export const byId = (id: string) => ({ __rl: true, mode: 'id', value: id });

/** The JSON of the only output item (fails the test when there is not exactly one). */
export function only(output: INodeExecutionData[][]): Record<string, unknown> {
	expect(output[0]).toHaveLength(1);
	return output[0][0].json as Record<string, unknown>;
}

export const pdf = (pages = 1, title = 'Contract') => simplePdf(title, pages);

/** A call of the service API with the seed's protected test key (set-up only). */
export async function api<T = Record<string, unknown>>(
	sandbox: Sandbox,
	method: string,
	path: string,
	body?: unknown,
	keyMode: KeyMode = 'test',
): Promise<{ status: number; body: T }> {
	const key =
		keyMode === 'test' ? SEED.protectedWorkspace.testKey : SEED.protectedWorkspace.liveKey;
	const response = await fetch(`${sandbox.url}${path}`, {
		method,
		headers: { Authorization: key, 'Content-Type': 'application/json' },
		body: body === undefined ? undefined : JSON.stringify(body),
	});
	const text = await response.text();
	return { status: response.status, body: (text ? JSON.parse(text) : {}) as T };
}

async function ok<T = Record<string, unknown>>(
	sandbox: Sandbox,
	method: string,
	path: string,
	body?: unknown,
	keyMode: KeyMode = 'test',
): Promise<T> {
	const response = await api<T>(sandbox, method, path, body, keyMode);
	if (response.status >= 300) {
		throw new Error(`${method} ${path} → ${response.status} ${JSON.stringify(response.body)}`);
	}
	return response.body;
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

/** The one request the node sent (fails when it sent another number of requests). */
export function onlyRequest(sandbox: Sandbox) {
	expect(sandbox.requests.map((r) => `${r.method} ${r.path}`)).toHaveLength(1);
	return sandbox.requests[0];
}
