/**
 * Set-up of the Template (and Custom Field, Company, Workspace, JWT, Signer Terms) operation
 * tests: the shared kit (test/kit) with its runner taking the resource, and a template made
 * through the API.
 */
import type { IDataObject } from 'n8n-workflow';

import type { RunOptions, TestContext } from '../../../../kit';
import { api, PROTECTED_KEY, runOperation } from '../../../../kit';
import type { Sandbox } from '../../../../sandbox';
import { TEMPLATE_PEOPLE } from '../../../../sandbox/fixtures';
import { simplePdf } from '../../../../sandbox/signing/pdf';

export {
	MISSING_UUID,
	NOT_A_UUID,
	PROTECTED_KEY,
	SALES,
	SEED,
	api,
	byId,
	byList,
	credentials,
	jsonOf,
	sent,
	useSandbox,
	withoutReadBacks,
} from '../../../../kit';
export type { TestContext } from '../../../../kit';
export { simplePdf };

/** Runs the node with resource/operation and parameters, against the sandbox. */
export async function run(
	ctx: TestContext,
	resource: string,
	operation: string,
	parameters: Record<string, unknown>,
	extra: RunOptions = {},
) {
	return await runOperation(ctx.sandbox, resource, operation, parameters, extra);
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
			users: [TEMPLATE_PEOPLE.signer, TEMPLATE_PEOPLE.approver],
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
