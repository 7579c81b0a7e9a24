import { DocumentSigning } from '../../../../../nodes/DocumentSigning/DocumentSigning.node';
import { searchWebhooks } from '../../../../../nodes/DocumentSigning/methods/listSearch';
import { createLoadOptionsContext } from '../../../../helpers/n8n';
import {
	SALES,
	byId,
	createWebhookFixture,
	credentials,
	jsonOf,
	run,
	useSandbox,
} from './fixtures';

const ctx = useSandbox();
let companyEnabled: string;
let companyDisabled: string;
let salesHook: string;

beforeAll(async () => {
	companyEnabled = String(
		(
			await createWebhookFixture(ctx.sandbox, {
				url: 'https://alpha.example.com/hook',
				events: ['signing_request.completed', 'template.used'],
			})
		).id,
	);
	companyDisabled = String(
		(
			await createWebhookFixture(ctx.sandbox, {
				url: 'https://beta.example.com/hook',
				events: ['signing_request.sent'],
				enabled: false,
			})
		).id,
	);
	salesHook = String(
		(
			await createWebhookFixture(ctx.sandbox, {
				url: 'https://sales.example.com/hook',
				workspace_id: SALES.id,
				events: ['signing_request.completed'],
			})
		).id,
	);
});

describe('Webhook → Get Many (GET /webhooks)', () => {
	it('Scope "Company (All Workspaces)" lists only company-level webhooks and sends no workspace_id', async () => {
		const { output, error } = await run(ctx, 'listWebhooks', { scope: 'company', returnAll: true });
		expect(error).toBeUndefined();
		expect(ctx.sandbox.requests).toHaveLength(1);
		expect(ctx.sandbox.requests[0]).toMatchObject({
			method: 'GET',
			path: '/webhooks',
			query: { page: '1', page_size: '200' },
		});
		expect(ctx.sandbox.requests[0].query.workspace_id).toBeUndefined();
		const ids = jsonOf(output).map((w) => w.id);
		expect(ids.sort()).toEqual([companyEnabled, companyDisabled].sort());
		expect(ids).not.toContain(salesHook);
		for (const item of jsonOf(output)) expect(item.key_mode).toBe('live');
	});

	it("Workspace scope sends workspace_id and lists that workspace's webhooks", async () => {
		const { output, error } = await run(ctx, 'listWebhooks', {
			scope: 'workspace',
			workspaceId: byId(SALES.id),
			returnAll: true,
		});
		expect(error).toBeUndefined();
		expect(ctx.sandbox.requests[0].query).toEqual({
			page: '1',
			page_size: '200',
			workspace_id: SALES.id,
		});
		expect(jsonOf(output).map((w) => w.id)).toEqual([salesHook]);
	});

	it('sends every filter and sort option as the API names them', async () => {
		const { output, error } = await run(ctx, 'listWebhooks', {
			scope: 'company',
			returnAll: false,
			limit: 5,
			filters: {
				enabled: '1',
				url: 'alpha',
				event: 'template.used',
				created_after: '2020-01-01',
				created_before: '2999-01-01T00:00:00Z',
			},
			sort: { sort_by: 'url', sort_order: 'asc' },
		});
		expect(error).toBeUndefined();
		expect(ctx.sandbox.requests[0].query).toEqual({
			page: '1',
			page_size: '5',
			enabled: '1',
			url: 'alpha',
			event: 'template.used',
			created_after: '2020-01-01T00:00:00.000Z',
			created_before: '2999-01-01T00:00:00.000Z',
			sort_by: 'url',
			sort_order: 'asc',
		});
		expect(jsonOf(output).map((w) => w.id)).toEqual([companyEnabled]);
	});

	it('"Only Disabled" sends enabled=0', async () => {
		const { output } = await run(ctx, 'listWebhooks', {
			scope: 'company',
			returnAll: true,
			filters: { enabled: '0' },
		});
		expect(ctx.sandbox.requests[0].query.enabled).toBe('0');
		expect(jsonOf(output).map((w) => w.id)).toEqual([companyDisabled]);
	});

	it('Limit stops after that many webhooks', async () => {
		const { output } = await run(ctx, 'listWebhooks', {
			scope: 'company',
			returnAll: false,
			limit: 1,
			sort: { sort_by: 'url', sort_order: 'desc' },
		});
		expect(jsonOf(output).map((w) => w.url)).toEqual(['https://beta.example.com/hook']);
	});

	it('refuses an invalid date or workspace ID before sending anything', async () => {
		const bad = await run(ctx, 'listWebhooks', {
			scope: 'company',
			returnAll: true,
			filters: { created_before: 'soon' },
		});
		expect(bad.error?.message).toBe('"Created Before" is not a valid date and time');
		const badWs = await run(ctx, 'listWebhooks', {
			scope: 'workspace',
			workspaceId: { __rl: true, mode: 'list', value: 'nope' },
			returnAll: true,
		});
		expect(badWs.error?.message).toBe('"Workspace" is not a valid ID: "nope"');
		expect(ctx.sandbox.requests).toHaveLength(0);
	});

	it('a non-protected key listing company-level webhooks gets the 403 explained', async () => {
		const { error } = await run(
			ctx,
			'listWebhooks',
			{ scope: 'company', returnAll: true },
			{ liveApiKey: SALES.liveKey },
		);
		expect(error?.message).toBe(
			'Permission denied: Company-level webhooks need the protected workspace API key [FORBIDDEN]',
		);
		expect(ctx.sandbox.requests).toHaveLength(1);
	});

	it('the webhook picker lists company-level and workspace webhooks, labelled by scope', async () => {
		const context = createLoadOptionsContext({
			nodeType: new DocumentSigning(),
			parameters: { resource: 'webhook', operation: 'getWebhook' },
			credentials: credentials(ctx.sandbox),
		});
		const names: string[] = [];
		const values: string[] = [];
		let token: string | undefined;
		for (let guard = 0; guard < 10; guard++) {
			const page = await searchWebhooks.call(context, undefined, token);
			names.push(...page.results.map((r) => r.name));
			values.push(...page.results.map((r) => String(r.value)));
			token = page.paginationToken as string | undefined;
			if (!token) break;
		}
		expect(values.sort()).toEqual([companyEnabled, companyDisabled, salesHook].sort());
		expect(names).toContain('https://beta.example.com/hook (company, disabled)');
		expect(names).toContain(`https://sales.example.com/hook (${SALES.name})`);
	});

	it('the picker skips company-level webhooks for a non-protected key and filters by URL', async () => {
		const context = createLoadOptionsContext({
			nodeType: new DocumentSigning(),
			parameters: { resource: 'webhook', operation: 'getWebhook' },
			credentials: credentials(ctx.sandbox, { liveApiKey: SALES.liveKey }),
		});
		const page = await searchWebhooks.call(context, 'sales');
		expect(page.results.map((r) => r.value)).toEqual([salesHook]);
		const hookLists = ctx.sandbox.requests.filter((r) => r.path === '/webhooks');
		expect(hookLists.map((r) => r.query.workspace_id ?? 'company')).toEqual(['company', SALES.id]);
		expect(hookLists[1].query.url).toBe('sales');
	});
});
