/**
 * Shared set-up of the Template and Custom Field operation tests: one sandbox per test file, a
 * runner for the real node, direct API calls for fixtures (made before `clearRequests`, so each
 * test sees only the node's own requests), and small PDFs.
 */
import type { IDataObject, INodeExecutionData } from 'n8n-workflow';

import { DocumentSigning } from '../../../../../nodes/DocumentSigning/DocumentSigning.node';
import { resetRateLimiters } from '../../../../../nodes/DocumentSigning/transport';
import type { RunNodeOptions } from '../../../../helpers/n8n';
import { runNode } from '../../../../helpers/n8n';
import type { RecordedRequest, Sandbox } from '../../../../sandbox';
import { SEED, startSandbox } from '../../../../sandbox';
import { simplePdf } from '../../../../sandbox/signing/pdf';

export { SEED, simplePdf };

export const PROTECTED_KEY = SEED.protectedWorkspace.liveKey;
export const SALES = SEED.workspaces[0];

export interface TestContext {
	sandbox: Sandbox;
}

/** Starts a sandbox for the file, clears its request log and the node's rate limiters before each test. */
export function useSandbox(): TestContext {
	const ctx = {} as TestContext;
	beforeAll(async () => {
		ctx.sandbox = await startSandbox();
	});
	beforeEach(() => {
		ctx.sandbox.clearRequests();
		resetRateLimiters();
	});
	afterAll(async () => await ctx.sandbox?.close());
	return ctx;
}

export function credentials(
	sandbox: Sandbox,
	opts: { keyToUse?: 'live' | 'test'; liveApiKey?: string; testApiKey?: string } = {},
) {
	return {
		documentSigningApi: {
			baseUrl: sandbox.url,
			keyToUse: opts.keyToUse ?? 'live',
			liveApiKey: opts.liveApiKey ?? PROTECTED_KEY,
			testApiKey: opts.testApiKey ?? SEED.protectedWorkspace.testKey,
			apiVersion: 1,
		},
	};
}

/** Runs the node with resource/operation and parameters, against the sandbox. */
export async function run(
	ctx: TestContext,
	resource: string,
	operation: string,
	parameters: Record<string, unknown>,
	extra: Partial<RunNodeOptions> = {},
) {
	return await runNode({
		node: new DocumentSigning(),
		parameters: { resource, operation, ...parameters } as RunNodeOptions['parameters'],
		credentials: credentials(ctx.sandbox),
		...extra,
	});
}

/** A template / signing request / workspace picker value ("By ID" mode). */
export const byId = (value: string) => ({ __rl: true, mode: 'id', value });
/**
 * A picker value in "From List" mode: n8n does not check its format (the "By ID" mode's regex
 * makes n8n refuse a malformed ID itself), so the node's own check is what answers.
 */
export const byList = (value: string) => ({ __rl: true, mode: 'list', value });

/** A direct API call for fixtures and checks (recorded too: call before `clearRequests`). */
export async function api<T = IDataObject>(
	sandbox: Sandbox,
	method: string,
	path: string,
	body?: unknown,
	key = PROTECTED_KEY,
): Promise<{ status: number; body: T }> {
	const response = await fetch(`${sandbox.url}${path}`, {
		method,
		headers: { Authorization: key, 'Content-Type': 'application/json', Accept: 'application/json' },
		body: body === undefined ? undefined : JSON.stringify(body),
	});
	const text = await response.text();
	return { status: response.status, body: (text ? JSON.parse(text) : {}) as T };
}

export interface TemplateFixture {
	id: string;
	users: IDataObject[];
	fields: IDataObject[];
	reminders: IDataObject[];
}

/**
 * A template with two users (Signer order 1, Approver order 2), a signature field for each, and a
 * reminder — made through the API (POST then PUT), then the request log is cleared.
 */
export async function createTemplateFixture(
	sandbox: Sandbox,
	opts: { name?: string; pages?: number; users?: boolean; key?: string } = {},
): Promise<TemplateFixture> {
	const key = opts.key ?? PROTECTED_KEY;
	const created = await api(
		sandbox,
		'POST',
		'/templates',
		{
			name: opts.name ?? 'NDA',
			document: simplePdf(opts.name ?? 'NDA', opts.pages ?? 2).toString('base64'),
		},
		key,
	);
	if (created.status !== 201)
		throw new Error(`fixture: create template ${created.status} ${JSON.stringify(created.body)}`);
	const id = String(created.body.id);
	if (opts.users === false) {
		sandbox.clearRequests();
		return { id, users: [], fields: [], reminders: [] };
	}
	const withUsers = await api(
		sandbox,
		'PUT',
		`/templates/${id}`,
		{
			users: [
				{
					first_name: 'Signer',
					last_name: 'One',
					email: 'signer@example.com',
					designation: 'Signer',
					order: 1,
				},
				{
					first_name: 'Approver',
					last_name: 'Two',
					email: 'approver@example.com',
					designation: 'Approver',
					order: 2,
				},
			],
		},
		key,
	);
	if (withUsers.status !== 200)
		throw new Error(`fixture: users ${withUsers.status} ${JSON.stringify(withUsers.body)}`);
	const usersResponse = await api<{ results: IDataObject[] }>(
		sandbox,
		'GET',
		`/templates/${id}/users`,
		undefined,
		key,
	);
	const users = usersResponse.body.results;
	const withFields = await api(
		sandbox,
		'PUT',
		`/templates/${id}`,
		{
			fields: users.map((user, index) => ({
				type: 'signature',
				assigned_to_user_id: user.id,
				page: 1,
				x: 10 + index * 40,
				y: 80,
				width: 25,
				height: 5,
				required: true,
			})),
			reminders: [{ hours: 48, all_users: true, subject: 'Reminder', message: 'Please sign' }],
		},
		key,
	);
	if (withFields.status !== 200)
		throw new Error(`fixture: fields ${withFields.status} ${JSON.stringify(withFields.body)}`);
	const fields = (
		await api<{ results: IDataObject[] }>(sandbox, 'GET', `/templates/${id}/fields`, undefined, key)
	).body.results;
	const reminders = (
		await api<IDataObject[]>(sandbox, 'GET', `/templates/${id}/reminders`, undefined, key)
	).body;
	sandbox.clearRequests();
	return { id, users, fields, reminders };
}

/** The requests the node sent (the sandbox log). */
export function sent(ctx: TestContext): RecordedRequest[] {
	return ctx.sandbox.requests;
}

/** The json of every output item of the main output. */
export function jsonOf(output: INodeExecutionData[][]): IDataObject[] {
	return (output[0] ?? []).map((item) => item.json);
}

export const NOT_A_UUID = 'not-a-uuid';
export const MISSING_UUID = '123e4567-e89b-42d3-a456-426614174000';
