/**
 * Set-up of the Custom Field tests: the Template tests' sandbox helpers, plus a template and a
 * signing request (duplicated from it) to hang custom fields on.
 */
import type { Sandbox } from '../../../../sandbox';
import { api, createTemplateFixture } from '../template/setup';

export * from '../template/setup';

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
