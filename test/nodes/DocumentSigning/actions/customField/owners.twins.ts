/**
 * The custom-field operations exist three times (template, signing request, workspace) with the
 * same behaviour; each operation's test file runs these suites for its owner, and a workspace's
 * specs add what only workspace definitions have (preset values, Update).
 */
import type { IDataObject } from 'n8n-workflow';

import { DocumentSigning } from '../../../../../nodes/DocumentSigning/DocumentSigning.node';
import * as loadOptions from '../../../../../nodes/DocumentSigning/methods/loadOptions';
import { createLoadOptionsContext } from '../../../../helpers/n8n';
import type { Sandbox } from '../../../../sandbox';

import {
	MISSING_UUID,
	NOT_A_UUID,
	OWNERS,
	api,
	byId,
	byList,
	createOwners,
	credentials,
	jsonOf,
	run,
	sent,
	useSandbox,
} from './fixtures';

interface Owner {
	label: 'Template' | 'Signing Request' | 'Workspace';
	/** The operation names' owner part (`createTemplateCustomField`, …). */
	suffix: string;
	parameter: string;
	basePath: (id: string) => string;
	/** What every definition of this owner carries besides its own keys. */
	extraKeys: IDataObject;
	/** What a listed definition of this owner carries besides its own keys. */
	listedKeys: IDataObject;
	/** What the output of Delete adds for this owner (`id`: the owner's). */
	deletedKeys: (id: string) => IDataObject;
	/** A new owner, made through the API (the request log cleared). */
	make: (sandbox: Sandbox) => Promise<string>;
	/** The Custom Field picker of the owner. */
	picker: typeof loadOptions.getTemplateCustomFields;
}

const ALL_OWNERS: Owner[] = [
	...OWNERS.map((owner) => ({
		...owner,
		deletedKeys: () => ({}),
		make: async (sandbox: Sandbox) => owner.idOf(await createOwners(sandbox)),
		picker:
			owner.label === 'Template'
				? loadOptions.getTemplateCustomFields
				: loadOptions.getSigningRequestCustomFields,
	})),
	{
		label: 'Workspace',
		suffix: 'Workspace',
		parameter: 'workspaceId',
		basePath: (id) => `/workspace/${id}`,
		extraKeys: { is_preset: false, preset_value: null },
		listedKeys: { is_preset: false, preset_value: null },
		deletedKeys: (id) => ({ workspace_id: id }),
		make: async (sandbox) => {
			const created = await api(sandbox, 'POST', '/workspaces', { name: `CF ${Date.now()}` });
			if (created.status !== 201) throw new Error(`fixture: create workspace ${created.status}`);
			sandbox.clearRequests();
			return String(created.body.id);
		},
		picker: loadOptions.getWorkspaceCustomFields,
	},
];

function ownerOf(label: Owner['label']): Owner {
	return ALL_OWNERS.find((o) => o.label === label) as Owner;
}

function context(label: Owner['label']) {
	const owner = ownerOf(label);
	const ctx = useSandbox();
	const state = {} as { id: string };
	beforeEach(async () => {
		state.id = await owner.make(ctx.sandbox);
	});
	const exec = (operation: string, parameters: Record<string, unknown>, extra = {}) =>
		run(
			ctx,
			'customField',
			`${operation}${owner.suffix}${operation === 'list' ? 'CustomFields' : 'CustomField'}`,
			{
				[owner.parameter]: byId(state.id),
				...parameters,
			},
			extra,
		);
	const seed = async (labels: string[]) => {
		for (const field_label of labels) {
			const created = await api(ctx.sandbox, 'POST', `${owner.basePath(state.id)}/custom-fields`, {
				field_label,
			});
			expect(created.status).toBe(201);
		}
		ctx.sandbox.clearRequests();
	};
	const stored = async () =>
		(
			await api<{ custom_fields: IDataObject[] }>(
				ctx.sandbox,
				'GET',
				`${owner.basePath(state.id)}/custom-fields`,
			)
		).body.custom_fields;
	return { owner, ctx, state, exec, seed, stored };
}

export function describeList(label: Owner['label']): void {
	const { owner, ctx, state, exec, seed } = context(label);
	describe(`Custom Field → Get Many (${label}) (GET ${owner.basePath('{id}')}/custom-fields)`, () => {
		it('outputs one item per custom field', async () => {
			await seed(['Contract Number', 'Cost Center']);
			const { output, error } = await exec('list', {});
			expect(error).toBeUndefined();
			expect(sent(ctx)).toHaveLength(1);
			expect(sent(ctx)[0]).toMatchObject({
				method: 'GET',
				path: `${owner.basePath(state.id)}/custom-fields`,
				query: {},
			});
			const fields = jsonOf(output);
			expect(fields.map((f) => [f.field_label, f.field_name])).toEqual([
				['Contract Number', 'contract_number'],
				['Cost Center', 'cost_center'],
			]);
			for (const field of fields) {
				expect(field).toMatchObject({
					id: expect.any(String),
					key_mode: 'live',
					...owner.listedKeys,
				});
				for (const key of Object.keys(owner.extraKeys)) {
					if (!(key in owner.listedKeys)) expect(field).not.toHaveProperty(key);
				}
			}
		});

		it('no custom fields: no items', async () => {
			const { output, error } = await exec('list', {});
			expect(error).toBeUndefined();
			expect(output[0]).toEqual([]);
		});

		it('refuses a malformed ID before sending; an unknown one gives the mapped 404', async () => {
			const bad = await exec('list', { [owner.parameter]: byList(NOT_A_UUID) });
			expect(bad.error?.message).toBe(`"${label}" is not a valid ID: "${NOT_A_UUID}"`);
			expect(sent(ctx)).toHaveLength(0);
			const unknown = await exec('list', { [owner.parameter]: byId(MISSING_UUID) });
			expect(unknown.error?.message).toMatch(/^Not found/);
			expect(sent(ctx)).toHaveLength(1);
		});
	});
}

export function describeCreate(label: Owner['label']): void {
	const { owner, ctx, state, exec, stored } = context(label);
	describe(`Custom Field → Create (${label}) (POST ${owner.basePath('{id}')}/custom-fields)`, () => {
		it('sends the label and the name, and outputs the new definition', async () => {
			const { output, error } = await exec('create', {
				fieldLabel: ' Contract Number ',
				additionalFields: { field_name: 'contract_no' },
			});
			expect(error).toBeUndefined();
			expect(sent(ctx)).toHaveLength(1);
			expect(sent(ctx)[0]).toMatchObject({
				method: 'POST',
				path: `${owner.basePath(state.id)}/custom-fields`,
				query: {},
				status: 201,
			});
			expect(sent(ctx)[0].body).toEqual({
				field_label: 'Contract Number',
				field_name: 'contract_no',
			});
			expect(output[0]).toHaveLength(1);
			expect(output[0][0].json).toMatchObject({
				id: expect.any(String),
				field_label: 'Contract Number',
				field_name: 'contract_no',
				key_mode: 'live',
				...owner.extraKeys,
			});
			expect((await stored()).map((f) => f.field_name)).toEqual(['contract_no']);
		});

		it('without a name, sends only the label (the service makes the name)', async () => {
			const { output, error } = await exec('create', { fieldLabel: 'Cost Center' });
			expect(error).toBeUndefined();
			expect(sent(ctx)[0].body).toEqual({ field_label: 'Cost Center' });
			expect(output[0][0].json.field_name).toBe('cost_center');
			expect(output[0][0].json).toMatchObject(owner.extraKeys);
		});

		it('accepts a label of exactly 100 characters and a name of exactly 50', async () => {
			const { error } = await exec('create', {
				fieldLabel: 'L'.repeat(100),
				additionalFields: { field_name: 'n'.repeat(50) },
			});
			expect(error).toBeUndefined();
			expect(sent(ctx)[0].body).toEqual({
				field_label: 'L'.repeat(100),
				field_name: 'n'.repeat(50),
			});
		});

		it('a duplicate name is refused by the service (409), mapped', async () => {
			await exec('create', { fieldLabel: 'Cost Center' });
			const { error } = await exec('create', {
				fieldLabel: 'Cost Centre',
				additionalFields: { field_name: 'cost_center' },
			});
			expect(sent(ctx)).toHaveLength(2);
			expect(error?.message).toMatch(
				/^Not possible in the current state.*\[CUSTOM_FIELD_EXISTS\]$/,
			);
			expect((await stored()).map((f) => f.field_label)).toEqual(['Cost Center']);
		});

		describe('refuses bad input before sending', () => {
			const cases: Array<[string, Record<string, unknown>, string]> = [
				[
					'a label over 100 characters',
					{ fieldLabel: 'L'.repeat(101) },
					'"Label" is 101 characters long; the service accepts at most 100',
				],
				['a blank label', { fieldLabel: '   ' }, '"Label" is empty'],
				[
					'a name over 50 characters',
					{ fieldLabel: 'X', additionalFields: { field_name: 'n'.repeat(51) } },
					'"Field Name" is 51 characters long; the service accepts at most 50',
				],
				[
					'a malformed owner ID',
					{ [owner.parameter]: byList('abc') },
					`"${label}" is not a valid ID: "abc"`,
				],
			];
			it.each(cases)('%s', async (_name, parameters, message) => {
				const { error } = await exec('create', { fieldLabel: 'Valid', ...parameters });
				expect(error?.message).toBe(message);
				expect(sent(ctx)).toHaveLength(0);
			});
		});
	});
}

export function describeDelete(label: Owner['label']): void {
	const { owner, ctx, state, exec, stored } = context(label);
	describe(`Custom Field → Delete (${label}) (DELETE ${owner.basePath('{id}')}/custom-fields/{field_id})`, () => {
		let fieldId: string;
		beforeEach(async () => {
			const created = await api(ctx.sandbox, 'POST', `${owner.basePath(state.id)}/custom-fields`, {
				field_label: 'To Delete',
			});
			fieldId = String(created.body.id);
			ctx.sandbox.clearRequests();
		});

		it('deletes the custom field and says which one went; the name can be used again', async () => {
			const { output, error } = await exec('delete', { customFieldId: fieldId });
			expect(error).toBeUndefined();
			expect(sent(ctx)).toHaveLength(1);
			expect(sent(ctx)[0]).toMatchObject({
				method: 'DELETE',
				path: `${owner.basePath(state.id)}/custom-fields/${fieldId}`,
				query: {},
				status: 200,
			});
			expect(sent(ctx)[0].body).toBeUndefined();
			expect(output[0][0].json).toMatchObject({
				deleted: true,
				id: fieldId,
				message: expect.any(String),
				...owner.deletedKeys(state.id),
				key_mode: 'live',
			});
			expect(await stored()).toEqual([]);
			// A soft delete: the same label (and name) can be created again; the old ID stays gone.
			const again = await api(ctx.sandbox, 'POST', `${owner.basePath(state.id)}/custom-fields`, {
				field_label: 'To Delete',
			});
			expect(again.status).toBe(201);
			const twice = await exec('delete', { customFieldId: fieldId });
			expect(twice.error?.message).toMatch(/^Not found/);
		});

		it("the picker lists the owner's custom fields by label and name", async () => {
			await api(ctx.sandbox, 'POST', `${owner.basePath(state.id)}/custom-fields`, {
				field_label: 'Another One',
			});
			ctx.sandbox.clearRequests();
			const pickerContext = (value: unknown) =>
				createLoadOptionsContext({
					nodeType: new DocumentSigning(),
					credentials: credentials(ctx.sandbox),
					parameters: {
						resource: 'customField',
						operation: `delete${owner.suffix}CustomField`,
						[owner.parameter]: value,
					} as never,
					path: 'parameters.customFieldId',
				});
			const context = pickerContext(byId(state.id));
			const options = await owner.picker.call(context);
			expect(options).toEqual([
				{ name: 'Another One (another_one)', value: expect.any(String) },
				{ name: 'To Delete (to_delete)', value: fieldId },
			]);
			expect(sent(ctx)).toHaveLength(1);
			expect(sent(ctx)[0]).toMatchObject({
				method: 'GET',
				path: `${owner.basePath(state.id)}/custom-fields`,
			});
			const none = await owner.picker.call(pickerContext(byList('x')));
			expect(none).toEqual([]);
			expect(sent(ctx)).toHaveLength(1);
		});

		it('an unknown custom field gives the mapped 404', async () => {
			const { error } = await exec('delete', { customFieldId: MISSING_UUID });
			expect(sent(ctx)).toHaveLength(1);
			expect(error?.message).toMatch(/^Not found/);
		});

		it('refuses a malformed field or owner ID before sending', async () => {
			const badField = await exec('delete', { customFieldId: 'contract_number' });
			expect(badField.error?.message).toBe('"Custom Field" is not a valid ID: "contract_number"');
			const badOwner = await exec('delete', {
				[owner.parameter]: byList('nope'),
				customFieldId: fieldId,
			});
			expect(badOwner.error?.message).toBe(`"${label}" is not a valid ID: "nope"`);
			expect(sent(ctx)).toHaveLength(0);
		});
	});
}
