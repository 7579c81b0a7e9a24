import type { INodeParameters } from 'n8n-workflow';

import { DocumentSigning } from '../../../../nodes/DocumentSigning/DocumentSigning.node';
import { listSearch, loadOptions } from '../../../../nodes/DocumentSigning/methods';
import { createDemoTemplate } from '../../../e2e/setup';
import { createLoadOptionsContext } from '../../../helpers/n8n';
import {
	byId,
	createDraft,
	createRich,
	createSent,
	credentials,
	sealOf,
	useSandbox,
} from '../actions/signingRequest/fixtures';
import type { RichRequest } from '../actions/signingRequest/fixtures';

/** The dropdowns that replace IDs typed by hand (Update One Part, Remove Seal Participant). */

const ctx = useSandbox();
let request: RichRequest;
beforeAll(async () => {
	request = await createRich(ctx.sandbox, 'Picked');
});

const context = (parameters: INodeParameters) =>
	createLoadOptionsContext({
		nodeType: new DocumentSigning(),
		credentials: credentials(ctx.sandbox, { keyToUse: 'live' }),
		parameters,
	});

const patch = (extra: INodeParameters = {}) =>
	context({
		resource: 'signingRequest',
		operation: 'patchSigningRequest',
		signingRequestId: byId(request.id),
		...extra,
	});

describe('pickers', () => {
	it('Signing Request: each request with its status in the word every node outputs', async () => {
		const draft = await createDraft(ctx.sandbox, 'Picker status draft');
		const found = await listSearch.searchSigningRequests.call(
			context({ resource: 'signingRequest', operation: 'getSigningRequest' }),
			'Picker status',
		);
		expect(found.results).toEqual(
			expect.arrayContaining([{ name: 'Picker status draft (draft)', value: draft.id }]),
		);
		expect(JSON.stringify(found.results)).not.toContain('not_sent');
		const sentDraft = await createSent(ctx.sandbox, 'Picker status sent');
		const sent = (
			await listSearch.searchSigningRequests.call(
				context({ resource: 'signingRequest', operation: 'getSigningRequest' }),
				'Picker status sent',
			)
		).results.find((r) => r.value === sentDraft.id);
		expect(sent?.name).toBe('Picker status sent (in progress)');
	});

	it("Field: the chosen signing request's fields, by type and page", async () => {
		const options = await loadOptions.getSigningRequestFields.call(patch());
		expect(ctx.sandbox.requests.map((r) => `${r.method} ${r.path}`)).toEqual([
			`GET /signing-requests/${request.id}/fields`,
		]);
		const values = options.map((o) => o.value);
		for (const id of Object.values(request.fields)) expect(values).toContain(id);
		const signature = options.find((o) => o.value === request.fields.signature);
		expect(signature?.name).toMatch(/^Signature, page \d/);
	});

	it('Seal Participant: no picker, since no documented read lists the participants', () => {
		// GET /signing-requests/{id} documents no seal_participants: the IDs come from Create's answer.
		expect(Object.keys(loadOptions)).not.toContain('getSigningRequestSealParticipants');
		expect(request.sealParticipantId).toMatch(/^[0-9a-f-]{36}$/);
	});

	it('New Seal: the organization seals the key can use', async () => {
		const seal = await sealOf(ctx.sandbox);
		ctx.sandbox.clearRequests();
		const options = await loadOptions.getOrganizationSeals.call(patch());
		expect(ctx.sandbox.requests.map((r) => `${r.method} ${r.path}`)).toEqual(['GET /seals']);
		expect(options).toContainEqual({
			name: 'Rich request seal',
			value: seal,
			description: 'Acme Signing Co.',
		});
	});

	it("Template User of a recipient: an empty choice (match by Order) first, then the template's users", async () => {
		const templateId = await createDemoTemplate(ctx.sandbox.url);
		const fromTemplate = () =>
			context({
				resource: 'signingRequest',
				operation: 'createSigningRequest',
				source: 'template',
				templateId: byId(templateId),
			});
		const users = await loadOptions.getTemplateUsers.call(fromTemplate());
		expect(users.length).toBeGreaterThan(0);
		ctx.sandbox.requests.length = 0;
		const options = await loadOptions.getTemplateUsersOrOrder.call(fromTemplate());
		expect(ctx.sandbox.requests.map((r) => `${r.method} ${r.path}`)).toEqual([
			`GET /templates/${templateId}/users`,
		]);
		expect(options).toEqual([{ name: '- Match by Order -', value: '' }, ...users]);
	});

	it('a template or signing request that does not exist: the error says which one and what to check', async () => {
		const missing = '123e4567-e89b-42d3-a456-426614174000';
		const fromTemplate = context({
			resource: 'signingRequest',
			operation: 'createAndSendSigningRequest',
			source: 'template',
			templateId: byId(missing),
		});
		// The editor shows only the message, in the parameter's issues.
		await expect(loadOptions.getTemplateUsersOrOrder.call(fromTemplate)).rejects.toThrow(
			`Template ${missing} was not found: check "Template" (it may have been deleted, or belong to a workspace this key cannot reach) [NOT_FOUND]`,
		);
		await expect(
			loadOptions.getSigningRequestFields.call(patch({ signingRequestId: byId(missing) })),
		).rejects.toThrow(`Signing request ${missing} was not found`);
	});

	it('asks nothing while no signing request is chosen', async () => {
		const options = await loadOptions.getSigningRequestFields.call(
			patch({ signingRequestId: byId('') }),
		);
		expect(options).toEqual([]);
		expect(ctx.sandbox.requests).toHaveLength(0);
	});

	it('the parameters use them, depending on the chosen signing request or template', () => {
		const properties = new DocumentSigning().description.properties;
		const find = (operation: string, name: string) =>
			properties.find(
				(p) =>
					p.name === name &&
					(p.displayOptions?.show?.operation as string[] | undefined)?.includes(operation),
			);
		expect(find('patchSigningRequest', 'fieldId')?.typeOptions).toEqual({
			loadOptionsMethod: 'getSigningRequestFields',
			loadOptionsDependsOn: ['signingRequestId.value'],
		});
		for (const operation of ['patchSigningRequest', 'deleteSealParticipant']) {
			const participant = find(operation, 'participantId');
			expect(participant).toMatchObject({ type: 'string', required: true });
			expect(participant?.typeOptions).toBeUndefined();
			expect(participant?.description).toMatch(/seal_participants of the output of Create/);
		}
		expect(find('patchSigningRequest', 'swapToSealId')?.typeOptions).toEqual({
			loadOptionsMethod: 'getOrganizationSeals',
		});
		expect(find('patchTemplate', 'fieldId')?.typeOptions).toEqual({
			loadOptionsMethod: 'getTemplateFields',
			loadOptionsDependsOn: ['templateId.value'],
		});
		expect(find('patchTemplate', 'swapToSealId')?.typeOptions).toEqual({
			loadOptionsMethod: 'getOrganizationSeals',
		});
		expect(find('patchTemplate', 'participantId')?.description).toMatch(
			/no read of the API lists a template's seal participants/,
		);
		expect(find('revokeSigningRequestToken', 'jwtId')?.description).toMatch(
			/output of the Generate operation/,
		);
	});

	it("Update's Recipient: the request's recipients by name and email, the search text filtering them", async () => {
		const draft = await createDraft(ctx.sandbox, 'Picker draft');
		const update = context({
			resource: 'signingRequest',
			operation: 'updateSigningRequest',
			signingRequestId: byId(draft.id),
		});
		ctx.sandbox.clearRequests();
		const all = await listSearch.searchSigningRequestRecipients.call(update);
		expect(ctx.sandbox.requests.map((r) => `${r.method} ${r.path}`)).toEqual([
			`GET /signing-requests/${draft.id}/users`,
		]);
		const id = (email: string) => draft.recipients.find((r) => r.email === email)?.id;
		expect(all.results).toEqual([
			{ name: 'Ada Lovelace <ada@example.com> (Signer, order 1)', value: id('ada@example.com') },
			{ name: 'Bob Byron <bob@example.com> (Signer, order 2)', value: id('bob@example.com') },
		]);
		for (const text of ['BOB', 'byron', 'bob@ex']) {
			expect((await listSearch.searchSigningRequestRecipients.call(update, text)).results).toEqual([
				all.results[1],
			]);
		}
		expect((await listSearch.searchSigningRequestRecipients.call(update, 'carol')).results).toEqual(
			[],
		);
	});

	it("Template → Update's User: the template's users by name and email", async () => {
		const templateId = await createDemoTemplate(ctx.sandbox.url);
		const users = await loadOptions.getTemplateUsers.call(
			context({ resource: 'template', operation: 'updateTemplate', templateId: byId(templateId) }),
		);
		const found = await listSearch.searchTemplateUsers.call(
			context({ resource: 'template', operation: 'updateTemplate', templateId: byId(templateId) }),
			'SIGNER@',
		);
		expect(found.results).toEqual(users.map(({ name, value }) => ({ name, value })));
		expect(found.results).toHaveLength(1);
		expect(found.results[0].name).toMatch(/<signer@example\.com> \(Signer, order 1\)$/);
	});

	it('the Recipient picker asks nothing while no signing request is chosen', async () => {
		const none = context({
			resource: 'signingRequest',
			operation: 'updateSigningRequest',
			signingRequestId: byId(''),
		});
		expect(await listSearch.searchSigningRequestRecipients.call(none)).toEqual({ results: [] });
		expect(ctx.sandbox.requests).toHaveLength(0);
	});
});
