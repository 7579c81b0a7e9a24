import { DocumentSigning } from '../../../../../nodes/DocumentSigning/DocumentSigning.node';
import { createLoadOptionsContext } from '../../../../helpers/n8n';
import { useSandbox } from '../../../../kit';
import {
	NO_SUCH_ID,
	PROTECTED_WS,
	SALES,
	byId,
	createSeal,
	credentials,
	ok,
	onlyRequest,
	run,
} from './fixtures';

const ctx = useSandbox();

describe('Organization Seal → Get Many (GET /seals)', () => {
	let active: string;
	let revoked: string;
	let sales: string;
	beforeAll(async () => {
		active = (await createSeal(ctx.sandbox, { name: 'Active seal' })).id;
		revoked = (await createSeal(ctx.sandbox, { name: 'Revoked seal' })).id;
		await ok(ctx.sandbox, 'DELETE', `/seals/${revoked}`);
		sales = (await createSeal(ctx.sandbox, { name: 'Sales seal' }, 'workspace')).id;
	});

	it('lists the active seals, one item each, with no query by default', async () => {
		const { output, error } = await run(ctx.sandbox, 'listOrganizationSeals', {});
		expect(error).toBeUndefined();
		expect(onlyRequest(ctx.sandbox)).toMatchObject({ method: 'GET', path: '/seals', query: {} });
		expect(output[0].map((i) => i.json.id)).toEqual([active, sales]);
		for (const item of output[0]) expect(item.json.key_mode).toBe('test');
	});

	it('sends include_revoked and the picked workspace', async () => {
		const { output, error } = await run(ctx.sandbox, 'listOrganizationSeals', {
			includeRevoked: true,
			onlyWorkspace: true,
			workspaceId: byId(PROTECTED_WS),
		});
		expect(error).toBeUndefined();
		expect(onlyRequest(ctx.sandbox).query).toEqual({
			include_revoked: 'true',
			workspace_id: PROTECTED_WS,
		});
		expect(output[0].map((i) => i.json.id)).toEqual([active, revoked]);
		expect(output[0][1].json.revoked_on).toEqual(expect.any(String));
	});

	it('refuses a malformed workspace id before sending', async () => {
		const { error } = await run(ctx.sandbox, 'listOrganizationSeals', {
			onlyWorkspace: true,
			workspaceId: byId('nope'),
		});
		expect(error?.message).toContain('Not a valid workspace ID');
		expect(ctx.sandbox.requests).toHaveLength(0);
	});

	it('an unknown workspace keeps the service\'s words (not "seal not found")', async () => {
		const { error } = await run(ctx.sandbox, 'listOrganizationSeals', {
			onlyWorkspace: true,
			workspaceId: byId(NO_SUCH_ID),
		});
		expect(onlyRequest(ctx.sandbox).status).toBe(404);
		expect(error?.message).toContain('Workspace not found');
		expect(error?.message).not.toContain('seal');
	});

	it('an ordinary workspace key sees only its own workspace seals', async () => {
		const { output } = await run(ctx.sandbox, 'listOrganizationSeals', {}, { key: 'workspace' });
		expect(output[0].map((i) => i.json.id)).toEqual([sales]);
		expect(output[0][0].json.companies_workspaces_id).toBe(SALES.id);
	});

	it('the seal picker lists active seals and filters by name', async () => {
		const node = new DocumentSigning();
		const context = createLoadOptionsContext({
			credentials: credentials(ctx.sandbox),
			nodeType: node,
		});
		const all = await node.methods.listSearch.searchSeals.call(context);
		expect(all.results).toEqual([
			{ name: 'Active seal (v1, workspace)', value: active },
			{ name: 'Sales seal (v1, workspace)', value: sales },
		]);
		const filtered = await node.methods.listSearch.searchSeals.call(context, 'sales');
		expect(filtered.results.map((r) => r.value)).toEqual([sales]);
	});
});
