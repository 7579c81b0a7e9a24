import {
	MISSING_UUID,
	SALES,
	SEED,
	byId,
	credentials,
	run,
	sent,
	useSandbox,
} from '../company/fixtures';
import { SETTINGS, itReadsTheSettings } from '../company/settings.twins';

const ctx = useSandbox();

describe('Workspace Setting → Get (GET /workspace/{workspace_id}/settings)', () => {
	itReadsTheSettings(
		ctx,
		SETTINGS.workspace,
		'outputs the settings with their defaults (inherit = null)',
		{
			output: {
				workspace_id: SALES.id,
				name: SALES.name,
				language: 'en',
				show_credit_cost_in_editor: true,
				require_otp_verification: null,
				color_primary: null,
			},
		},
	);

	it("another workspace's key is refused (403); an unknown workspace gives the mapped 404", async () => {
		const other = await run(
			ctx,
			'workspaceSettings',
			'getWorkspaceSettings',
			{ workspaceId: byId(SALES.id) },
			{
				credentials: credentials(ctx.sandbox, { liveApiKey: SEED.workspaces[1].liveKey }),
			},
		);
		expect(other.error?.message).toMatch(/^Permission denied/);
		const unknown = await run(ctx, 'workspaceSettings', 'getWorkspaceSettings', {
			workspaceId: byId(MISSING_UUID),
		});
		expect(unknown.error?.message).toMatch(/^Not found/);
		expect(sent(ctx)).toHaveLength(2);
	});
});
