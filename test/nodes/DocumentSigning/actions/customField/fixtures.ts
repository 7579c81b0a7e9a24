/**
 * The fixtures of the Custom Field tests, on the Template and Company tests' sandbox helpers: a
 * template and a signing request (duplicated from it) to hang custom fields on, the two owners
 * with what differs between them, and for workspace custom fields a fresh workspace per test and
 * direct API helpers.
 */
import type { IDataObject } from 'n8n-workflow';

import type { Sandbox } from '../../../../sandbox';
import type { TestContext } from '../company/fixtures';
import { api, byId, createTemplateFixture, run, useSandbox } from '../company/fixtures';

export * from '../company/fixtures';

export interface Owners {
	templateId: string;
	signingRequestId: string;
}

export async function createOwners(sandbox: Sandbox): Promise<Owners> {
	const template = await createTemplateFixture(sandbox, { users: false });
	const duplicated = await api<{ signing_request: { id: string } }>(
		sandbox,
		'POST',
		`/templates/${template.id}/duplicate`,
		{ name: 'Custom field holder' },
	);
	if (duplicated.status !== 201) throw new Error(`fixture: duplicate ${duplicated.status}`);
	sandbox.clearRequests();
	return { templateId: template.id, signingRequestId: duplicated.body.signing_request.id };
}

/** The two places custom fields live, with what differs between them. */
export const OWNERS = [
	{
		label: 'Template',
		suffix: 'Template',
		parameter: 'templateId',
		idOf: (o: Owners) => o.templateId,
		basePath: (id: string) => `/templates/${id}`,
		extraKeys: {},
		listedKeys: {},
	},
	{
		label: 'Signing Request',
		suffix: 'SigningRequest',
		parameter: 'signingRequestId',
		idOf: (o: Owners) => o.signingRequestId,
		basePath: (id: string) => `/signing-requests/${id}`,
		extraKeys: { copied_from_template: false },
		// The list answers WorkspaceCustomField keys: no copied_from_template there.
		listedKeys: {},
	},
] as const;

export function useWorkspace(): { ctx: TestContext; state: { workspaceId: string } } {
	const ctx = useSandbox();
	const state = { workspaceId: '' };
	beforeEach(async () => {
		const created = await api(ctx.sandbox, 'POST', '/workspaces', { name: `CF ${Date.now()}` });
		if (created.status !== 201) throw new Error(`fixture: create workspace ${created.status}`);
		state.workspaceId = String(created.body.id);
		ctx.sandbox.clearRequests();
	});
	return { ctx, state };
}

export async function seedField(
	ctx: TestContext,
	workspaceId: string,
	body: IDataObject,
): Promise<IDataObject> {
	const created = await api(ctx.sandbox, 'POST', `/workspace/${workspaceId}/custom-fields`, body);
	if (created.status !== 201)
		throw new Error(`fixture: create field ${created.status} ${JSON.stringify(created.body)}`);
	ctx.sandbox.clearRequests();
	return created.body;
}

export async function storedFields(ctx: TestContext, workspaceId: string): Promise<IDataObject[]> {
	return (
		await api<{ custom_fields: IDataObject[] }>(
			ctx.sandbox,
			'GET',
			`/workspace/${workspaceId}/custom-fields`,
		)
	).body.custom_fields;
}

export const exec = (
	ctx: TestContext,
	operation: string,
	workspaceId: string,
	parameters: Record<string, unknown>,
) => run(ctx, 'customField', operation, { workspaceId: byId(workspaceId), ...parameters });
