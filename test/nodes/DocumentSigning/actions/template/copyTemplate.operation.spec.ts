import type { IDataObject } from 'n8n-workflow';

import {
	SALES,
	SEED,
	api,
	byId,
	byList,
	createTemplateFixture,
	credentials,
	run,
	sent,
	useSandbox,
} from './fixtures';
import type { TemplateFixture } from './fixtures';
import { COPIES, itChecksTheCopy } from './templateCopies.twins';

const ctx = useSandbox();
let fixture: TemplateFixture;
beforeAll(async () => {
	fixture = await createTemplateFixture(ctx.sandbox);
});

const copy = (parameters: Record<string, unknown>, extra = {}) =>
	run(ctx, 'template', 'copyTemplate', { templateId: byId(fixture.id), ...parameters }, extra);

describe('Template → Copy (POST /templates/{id}/copy)', () => {
	it('with the protected key, copies the template into the target workspace', async () => {
		const { output, error } = await copy({ workspaceId: byId(SALES.id), name: 'NDA for Sales' });
		expect(error).toBeUndefined();
		expect(sent(ctx)).toHaveLength(1);
		expect(sent(ctx)[0]).toMatchObject({
			method: 'POST',
			path: `/templates/${fixture.id}/copy`,
			query: {},
			status: 201,
		});
		expect(sent(ctx)[0].body).toEqual({ workspace_id: SALES.id, name: 'NDA for Sales' });
		const json = output[0][0].json;
		expect(json).toMatchObject({
			id: expect.any(String),
			name: 'NDA for Sales',
			workspace_id: SALES.id,
			source_template_id: fixture.id,
			key_mode: 'live',
		});
		// The copy is a template of the Sales workspace, with users and fields.
		const seen = await api<IDataObject>(
			ctx.sandbox,
			'GET',
			`/templates/${String(json.id)}`,
			undefined,
			SALES.liveKey,
		);
		expect(seen.status).toBe(200);
		expect(seen.body.recipients).toHaveLength(2);
		expect(seen.body.fields).toHaveLength(2);
	});

	it('without a name, sends only the workspace', async () => {
		const { output, error } = await copy({ workspaceId: byId(SEED.workspaces[1].id) });
		expect(error).toBeUndefined();
		expect(sent(ctx)[0].body).toEqual({ workspace_id: SEED.workspaces[1].id });
		expect(output[0][0].json.name).toBe('NDA (copy)');
	});

	it("a workspace's own (not protected) key is refused: mapped 403 naming the company-level key", async () => {
		const own = await createTemplateFixture(ctx.sandbox, { users: false, key: SALES.liveKey });
		const { error } = await run(
			ctx,
			'template',
			'copyTemplate',
			{ templateId: byId(own.id), workspaceId: byId(SEED.workspaces[1].id) },
			{ credentials: credentials(ctx.sandbox, { liveApiKey: SALES.liveKey }) },
		);
		expect(sent(ctx)).toHaveLength(1);
		expect(sent(ctx)[0].status).toBe(403);
		expect(error?.message).toBe(
			'Copying a template needs the company-level key [PROTECTED_KEY_REQUIRED]',
		);
		expect((error as { description?: string }).description).toContain(
			"company's protected workspace",
		);
		expect((error as { httpCode?: string }).httpCode).toBe('403');
	});

	it('refuses a malformed workspace ID before sending', async () => {
		const badWorkspace = await copy({ workspaceId: byList('sales') });
		expect(badWorkspace.error?.message).toBe('"Target Workspace" is not a valid ID: "sales"');
		expect(sent(ctx)).toHaveLength(0);
	});

	itChecksTheCopy(ctx, COPIES.copy, () => fixture.id);
});
